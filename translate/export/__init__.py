"""StableHLO -> HLO: `export_module(module) -> HloModule`.

Handlers live in one module per op family and register themselves in `registry.HANDLERS`; the
one-to-one ops of `translate.optable` are registered last from the table.
"""

from hlo_translate.export import (  # noqa: F401  (imported to register their handlers)
    collectives, constants, control_flow, custom_call, data_movement, elementwise, linalg, misc, reduction,
)
from hlo_translate.export import async_ops, p2p  # noqa: F401  (async values, send/recv)
from hlo_translate.export import dynamic  # noqa: F401  (dynamic-shape ops)
from hlo_translate.export import arith_tensor, mhlo_ops  # noqa: F401  (what other producers write)
from hlo_translate.export import deprecated  # noqa: F401  (deprecated ops as the spec expands them)
from hlo_translate.export import refused  # noqa: F401  (ops refused with their reason)
from hlo_translate.export import spec_semantics  # noqa: F401  (the spec's semantics XLA:CPU lacks)
from hlo_translate.export.module import export_module

elementwise.register_table()
mhlo_ops.register_mhlo()  # last: mhlo ops with a StableHLO twin share its handler

__all__ = ["export_module"]
