"""The dispatch tables of the exporter: StableHLO op name -> handler, custom-call target -> handler.

A handler converts one MLIR operation into HLO instructions and returns one instruction per result:

    @handles("stablehlo.iota")
    def _iota(b: Builder, op: ir.Operation) -> list[HloInstruction]:
        ...

Ops in `translate.optable` need no handler: `elementwise.py` registers them from the table.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from hlo_translate.registry import Registry

if TYPE_CHECKING:
    from jaxlib.mlir import ir

    from hlo_translate.export.context import Builder
    from hlo_translate.hlo.ir import HloInstruction

Handler = Callable[["Builder", "ir.Operation"], "list[HloInstruction]"]

HANDLERS: Registry[str, Handler] = Registry("exporter handler")
# `stablehlo.custom_call`s whose target names an HLO construct (JAX's async collectives, `xla.*`):
# target -> handler, consulted by the custom_call handler before it emits a `custom-call`.
CUSTOM_CALL_HANDLERS: Registry[str, Handler] = Registry("exporter custom-call handler")


def handles(*names: str) -> Callable[[Handler], Handler]:
    """Register the decorated function as the handler of the ops `names`."""
    return HANDLERS.register(*names)


def handles_custom_call(*targets: str) -> Callable[[Handler], Handler]:
    """Register the decorated function for `stablehlo.custom_call`s with these call targets."""
    return CUSTOM_CALL_HANDLERS.register(*targets)
