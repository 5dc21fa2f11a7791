"""Computations written in place of a reference, `to_apply={ a = f32[] parameter(0) ... }`, as XLA's parser
reads them: each named `_` (made unique with the others, `parser_rules`) and listed before the computation
that calls it, in the order they close."""

from __future__ import annotations

from typing import Protocol

from hlo_translate.errors import TranslateError
from hlo_translate.hlo.ir import HloComputation, HloInstruction


class InstructionReader(Protocol):
    """What of the HLO text parser reading an inline computation needs."""

    text: str
    pos: int

    def accept(self, token: str) -> bool: ...
    def expect(self, token: str, what: str = "") -> None: ...
    def error(self, message: str, pos: int | None = None, op: str | None = None) -> TranslateError: ...
    def plain_instructions(self, comp: HloComputation, names: dict[str, HloInstruction], pending: list) -> None: ...
    def instruction(
        self, comp: HloComputation, names: dict[str, HloInstruction], pending: list
    ) -> tuple[HloInstruction, bool]: ...
    def set_root(self, comp: HloComputation, instr: HloInstruction) -> None: ...
    def check_parameter_numbers(self, comp: HloComputation, start: int) -> None: ...


def read_inline_computation(parser: InstructionReader, pos: int, pending: list) -> HloComputation:
    """The computation whose `{` is at `pos` (its own scope of names); the parser's cursor is left as it was."""
    resume, parser.pos = parser.pos, pos
    comp = HloComputation("_")
    parser.expect("{")
    names: dict[str, HloInstruction] = {}
    while True:
        parser.plain_instructions(comp, names, pending)
        if parser.accept("}"):
            break
        if parser.pos >= len(parser.text):
            raise parser.error("inline computation is not closed", pos)
        instr, is_root = parser.instruction(comp, names, pending)
        comp.instructions.append(instr)
        if is_root:
            parser.set_root(comp, instr)
    parser.check_parameter_numbers(comp, pos)
    if comp.root is None:
        comp.root = comp.instructions[-1]
    parser.pos = resume
    return comp
