"""StableHLO -> HLO: `export_module(module) -> HloModule`.

Handlers live in one module per op family and register themselves in `registry.HANDLERS`; the
one-to-one ops of `translate.optable` are registered last from the table.
"""

# Imported to register their handlers: the op families, async values and send/recv (async_ops, p2p),
# dynamic-shape ops (dynamic), what other producers write (arith_tensor, mhlo_ops), deprecated ops as
# the spec expands them (deprecated), ops refused with their reason (refused), and the spec's semantics
# that XLA:CPU lacks (spec_semantics).
from hlo_translate.export import (  # noqa: F401
    arith_tensor,
    async_ops,
    collectives,
    constants,
    control_flow,
    custom_call,
    data_movement,
    deprecated,
    dynamic,
    elementwise,
    linalg,
    mhlo_ops,
    misc,
    p2p,
    reduction,
    refused,
    spec_semantics,
)
from hlo_translate.export.module import export_module

elementwise.register_table()
mhlo_ops.register_mhlo()  # last: mhlo ops with a StableHLO twin share its handler

__all__ = ["export_module"]
