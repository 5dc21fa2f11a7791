"""The decomposition rules, one per CHLO op, registered by op name.

A rule receives a `RuleContext` (the op, its operands as `V`s, an error factory) and returns the
values that replace the op's results, in order. Rules run inside the op's insertion point and
location, so every op they build lands just before the CHLO op and carries its location.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from jaxlib.mlir import ir

from hlo_translate.chlo.builder import V
from hlo_translate.errors import SourceLocation, TranslateError
from hlo_translate.mlir.locations import source_location
from hlo_translate.registry import Registry


@dataclass(frozen=True, slots=True)
class RuleContext:
    """What a rule may look at: the CHLO op being replaced."""

    op: ir.Operation

    @property
    def name(self) -> str:
        return self.op.name

    @property
    def operands(self) -> list[V]:
        return [V(v) for v in self.op.operands]

    @property
    def result_types(self) -> list[ir.RankedTensorType]:
        return [ir.RankedTensorType(r.type) for r in self.op.results]

    def attr(self, name: str) -> ir.Attribute | None:
        return self.op.attributes[name] if name in self.op.attributes else None

    def error(self, message: str) -> TranslateError:
        return TranslateError(message, op=self.name, location=op_source_location(self.op))


Rule = Callable[[RuleContext], Sequence[V]]
RULES: Registry[str, Rule] = Registry("CHLO decomposition")


def decomposes(*names: str) -> Callable[[Rule], Rule]:
    """Register `rule` as the decomposition of the CHLO ops `names`."""
    return RULES.register(*names)


def op_source_location(op: ir.Operation) -> SourceLocation:
    """The op's file:line:col, looking through call-site and fused locations; '<input>' if none."""
    return source_location(op.location) or SourceLocation()
