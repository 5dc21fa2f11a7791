"""The dispatch table of the exporter: StableHLO op name -> handler.

A handler converts one MLIR operation into HLO instructions and returns one instruction per result:

    @handles("stablehlo.iota")
    def _iota(b: Builder, op: ir.Operation) -> list[HloInstruction]:
        ...

Ops in `translate.optable` need no handler: `elementwise.py` registers them from the table.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from jaxlib.mlir import ir

    from hlo_translate.export.context import Builder
    from hlo_translate.hlo.ir import HloInstruction

Handler = Callable[["Builder", "ir.Operation"], "list[HloInstruction]"]

HANDLERS: dict[str, Handler] = {}
# `stablehlo.custom_call`s whose target names an HLO construct (JAX's async collectives, `xla.*`):
# target -> handler, consulted by the custom_call handler before it emits a `custom-call`.
CUSTOM_CALL_HANDLERS: dict[str, Handler] = {}


def handles(*names: str) -> Callable[[Handler], Handler]:
    """Register the decorated function as the handler of the ops `names`."""

    def register(fn: Handler) -> Handler:
        for name in names:
            assert name not in HANDLERS, f"two handlers for {name}"
            HANDLERS[name] = fn
        return fn

    return register


def handles_custom_call(*targets: str) -> Callable[[Handler], Handler]:
    """Register the decorated function for `stablehlo.custom_call`s with these call targets."""

    def register(fn: Handler) -> Handler:
        for target in targets:
            assert target not in CUSTOM_CALL_HANDLERS, f"two handlers for custom call {target}"
            CUSTOM_CALL_HANDLERS[target] = fn
        return fn

    return register
