"""HLO → StableHLO: `import_module(HloModule) -> ir.Module`.

>>> from hlo_translate.hlo.text import parse_hlo_text
>>> from hlo_translate.mlir.context import make_context
>>> with make_context():
...     m = import_module(parse_hlo_text("HloModule m\\nENTRY e { ROOT p = f32[] parameter(0) }"))
...     "func.func @main" in str(m)
True
"""

from __future__ import annotations

from jaxlib.mlir import ir

from hlo_translate.hlo.ir import HloModule
from hlo_translate.import_ import (  # noqa: F401  (each module registers its handlers)
    async_ops,
    collectives,
    constants,
    control_flow,
    custom_call,
    data_movement,
    dot_conv,
    elementwise,
    fallback,
    fusion,
    linalg,
    p2p,
    reduction,
    xla_ops,
)
from hlo_translate.import_.importer import HANDLERS


def import_module(module: HloModule, context: ir.Context | None = None) -> ir.Module:
    """Import `module` into a verified StableHLO module (in `context`, else the current one).

    An instruction StableHLO cannot say as written is the lossless `custom_call @"xla.<opcode>"`
    (`import_.fallback`). Raises TranslateError for an opcode without a StableHLO form, naming the
    instruction.
    """
    if context is not None:
        with context, ir.Location.unknown():
            return _import(module)
    return _import(module)


def _import(module: HloModule) -> ir.Module:
    # no `mhlo.` op: checked where ops are named (importer.py)
    return fallback.import_verified(module)


__all__ = ["import_module", "HANDLERS"]
