"""The HLO IR: modules of computations of instructions, as plain Python data.

    >>> from hlo_translate.hlo.text import parse_hlo_text
    >>> module = parse_hlo_text("HloModule m\\nENTRY e { ROOT p = f32[] parameter(0) }")
    >>> module.entry.root.opcode
    'parameter'

Attributes live in `HloInstruction.attributes` under their HLO text names, holding the typed values of
`hlo.ir.attributes` (called computations as `HloComputation`, control predecessors as
`HloInstruction`). Their order is the order they are printed in.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from hlo_translate.hlo.ir.attributes import FrontendAttributes
from hlo_translate.hlo.ir.op_metadata import OpMetadata
from hlo_translate.hlo.ir.original_value import RecoveryEntry
from hlo_translate.hlo.ir.shapes import Layout, Shape
from hlo_translate.hlo.ir.stack_frames import StackFrameIndex

if TYPE_CHECKING:
    from hlo_translate.hlo.literal import Literal

# Attributes whose values are computations, in the order XLA lists them as called computations.
COMPUTATION_ATTRS = (
    "body",
    "condition",
    "select",
    "scatter",
    "to_apply",
    "calls",
    "true_computation",
    "false_computation",
    "branch_computations",
    "called_computations",
)
_COMPUTATION_KEYS = frozenset(COMPUTATION_ATTRS)


@dataclass(eq=False, slots=True)
class HloInstruction:
    name: str
    opcode: str
    shape: Shape
    operands: list[HloInstruction] = field(default_factory=list)
    attributes: dict[str, Any] = field(default_factory=dict)
    literal: Literal | None = None  # constant
    parameter_number: int | None = None  # parameter
    unique_id: int | None = None  # the proto id, when known

    def __repr__(self) -> str:
        return f"<HloInstruction {self.name} = {self.opcode}>"

    @property
    def metadata(self) -> OpMetadata | None:
        return self.attributes.get("metadata")

    @property
    def frontend_attributes(self) -> FrontendAttributes | None:
        return self.attributes.get("frontend_attributes")

    def called_computations(self) -> list[HloComputation]:
        """Computations this instruction calls, in XLA's order."""
        if self.attributes.keys().isdisjoint(_COMPUTATION_KEYS):
            return []  # calls nothing (most instructions): one set test in C
        result: list[HloComputation] = []
        for key in COMPUTATION_ATTRS:
            value = self.attributes.get(key)
            if value is None:
                continue
            if isinstance(value, tuple):
                result.extend(value)
            else:
                result.append(value)
        return result

    @property
    def control_predecessors(self) -> tuple[HloInstruction, ...]:
        return self.attributes.get("control-predecessors", ())


@dataclass(eq=False, slots=True)
class HloComputation:
    name: str
    instructions: list[HloInstruction] = field(default_factory=list)
    root: HloInstruction | None = None
    is_entry: bool = False
    execution_thread: str | None = None
    unique_id: int | None = None

    def __repr__(self) -> str:
        return f"<HloComputation {self.name}>"

    @property
    def parameters(self) -> list[HloInstruction]:
        params = [i for i in self.instructions if i.opcode == "parameter"]
        return sorted(params, key=_parameter_number)

    def parameter_problem(self) -> tuple[HloInstruction | None, str] | None:
        """Why the parameters are not numbered 0..n-1, each once (XLA aborts on a gap), or None."""
        numbers = [i.parameter_number for i in self.instructions if i.opcode == "parameter"]
        if numbers == list(range(len(numbers))):
            return None  # numbered in order (most): no set, no search
        seen: set[int] = set()
        for instr in self.instructions:
            if instr.opcode != "parameter":
                continue
            number = _parameter_number(instr)
            if number in seen:
                return instr, f"duplicate parameter number {number}"
            seen.add(number)
        missing = sorted(set(range(len(seen))) - seen)
        if missing:
            return None, f"computation {self.name} has {len(seen)} parameters but no parameter({missing[0]})"
        return None

    def program_shape(self) -> tuple[list[Shape], Shape]:
        assert self.root is not None
        return [p.shape for p in self.parameters], self.root.shape


def _parameter_number(instr: HloInstruction) -> int:
    assert instr.parameter_number is not None, instr  # both readers number every parameter
    return instr.parameter_number


@dataclass(frozen=True, slots=True)
class InputOutputAlias:
    """`input_output_alias={ {0}: (1, {}, may-alias) }`."""

    output_index: tuple[int, ...]
    parameter_number: int
    parameter_index: tuple[int, ...]
    kind: str = "may-alias"  # or "must-alias"


@dataclass(frozen=True, slots=True)
class BufferDonor:
    parameter_number: int
    parameter_index: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ComputationLayout:
    """`entry_computation_layout={(f32[2]{0})->f32[2]{0}}`."""

    parameters: tuple[Shape, ...]
    result: Shape


@dataclass(eq=False, slots=True)
class HloModule:
    name: str
    computations: list[HloComputation] = field(default_factory=list)  # callees before callers
    entry: HloComputation | None = None
    entry_computation_layout: ComputationLayout | None = None
    is_scheduled: bool = False
    input_output_alias: tuple[InputOutputAlias, ...] = ()
    buffer_donor: tuple[BufferDonor, ...] = ()
    frontend_attributes: FrontendAttributes | None = None
    # Other header attributes (num_partitions, replica_count, ...), typed where known, else RawAttr.
    header: dict[str, Any] = field(default_factory=dict)
    # The stack frame table that instructions' metadata (`stack_frame_id`) refers to.
    stack_frames: StackFrameIndex | None = None
    unique_id: int | None = None
    original_value_recovery_table: tuple[RecoveryEntry, ...] = ()  # header `origin_recovery_table={...}`
    # HloModuleProto fields that HLO text has no form for (device assignment, SPMD shardings, profile info,
    # cross-program prefetches, ...): the serialized fields as read, written back unchanged.
    proto_only: bytes = b""

    def entry_layout(self) -> ComputationLayout | None:
        """The entry computation layout: the declared one, else the entry's own parameter and root shapes."""
        if self.entry_computation_layout is not None:
            return self.entry_computation_layout
        if self.entry is None or self.entry.root is None:
            return None
        params, result = self.entry.program_shape()
        return ComputationLayout(tuple(params), result)

    def computation(self, name: str) -> HloComputation:
        for comp in self.computations:
            if comp.name == name:
                return comp
        raise KeyError(name)

    def instructions(self) -> Iterator[HloInstruction]:
        for comp in self.computations:
            yield from comp.instructions

    def instruction_count(self) -> int:
        return sum(len(c.instructions) for c in self.computations)

    def reachable_computations(self) -> list[HloComputation]:
        """The entry and every computation it calls, directly or not, the entry first ([] without one)."""
        if self.entry is None:
            return []
        seen = {id(self.entry)}
        found, stack = [self.entry], [self.entry]
        keys = _COMPUTATION_KEYS
        while stack:
            for instr in stack.pop().instructions:
                if keys.isdisjoint(instr.attributes):
                    continue  # calls nothing (most): `called_computations`' own first test, without the call
                for called in instr.called_computations():
                    if id(called) not in seen:
                        seen.add(id(called))
                        found.append(called)
                        stack.append(called)
        return found


__all__ = [
    "HloInstruction",
    "HloComputation",
    "HloModule",
    "InputOutputAlias",
    "BufferDonor",
    "ComputationLayout",
    "Layout",
    "Shape",
]
