"""The verifier's machinery: the rule registry, the failure type, and shape helpers shared by the rule tables.

A rule checks one instruction of one opcode family and raises `Violation` (via `fail`) naming the rule.
Rules register themselves with `@rule("add", "subtract", ...)`, one module per opcode family.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from hlo_translate.errors import TranslateError
from hlo_translate.hlo.ir import HloInstruction, HloModule, PrimitiveType, Shape
from hlo_translate.registry import Registry


class Violation(TranslateError):
    """An instruction (or the module) breaks one of XLA's rules; `rule` names which, `opcode` whose."""

    def __init__(self, rule: str, message: str, *, op: str | None = None, opcode: str | None = None):
        super().__init__(f"{message} [{rule}]", op=op)
        self.rule = rule
        self.opcode = opcode


@dataclass
class VerifyContext:
    """What rules may look at beyond the instruction (the module and its device counts)."""

    module: HloModule
    replica_count: int = 1
    num_partitions: int = 1

    def __post_init__(self) -> None:
        for key in ("replica_count", "num_partitions"):
            value = self.module.header.get(key, 1)
            setattr(self, key, value if isinstance(value, int) and value > 0 else 1)


Rule = Callable[[HloInstruction, VerifyContext], None]
# One rule per opcode: registering an opcode twice raises at import time.
RULES: Registry[str, Rule] = Registry("HLO verifier rule")


def rule(*opcodes: str) -> Callable[[Rule], Rule]:
    """Register the decorated function as the shape rule of `opcodes`."""
    return RULES.register(*opcodes)


def fail(instr: HloInstruction | None, rule_name: str, message: str) -> Violation:
    if instr is None:
        return Violation(rule_name, message)
    return Violation(rule_name, message, op=instr.name, opcode=instr.opcode)


def check_enum(instr: HloInstruction, name: str, allowed: frozenset[str], *, any_case: bool = False) -> None:
    """Attribute `name`, when given (a word or a list of words), is one of `allowed`, as XLA's parser spells
    them (`any_case`: it reads the word in upper or lower case)."""
    value = instr.attributes.get(name)
    for word in value if isinstance(value, tuple) else () if value is None else (value,):
        spelled = getattr(word, "name", str(word))
        if (spelled.upper() if any_case else spelled) not in allowed:
            raise fail(instr, "attribute", f"unknown {name} '{spelled[:40]}'")


# ---------------------------------------------------------------------------------------------
# Shape helpers


def same_shape(a: Shape, b: Shape) -> bool:
    """XLA's layout-insensitive comparison: element types and dimensions (dynamic bounds aside)."""
    if a.is_tuple or b.is_tuple:
        return (
            a.is_tuple
            and b.is_tuple
            and len(a.tuple_shapes) == len(b.tuple_shapes)
            and all(same_shape(x, y) for x, y in zip(a.tuple_shapes, b.tuple_shapes))
        )
    return a.element_type == b.element_type and a.dimensions == b.dimensions


def same_dims(a: Shape, b: Shape) -> bool:
    """Same dimensions, element types aside (arrays only)."""
    return not a.is_tuple and not b.is_tuple and a.dimensions == b.dimensions


def text(shape: Shape) -> str:
    return shape.to_text(print_layout=False)


def expect_shape(instr: HloInstruction, inferred: Shape, what: str = "") -> None:
    """The instruction's shape must be what shape inference gives."""
    if not same_shape(instr.shape, inferred):
        detail = f" ({what})" if what else ""
        raise fail(
            instr, "shape", f"result shape {text(instr.shape)} differs from the inferred {text(inferred)}{detail}"
        )


def array(instr: HloInstruction, index: int) -> Shape:
    """Operand `index`'s shape, which must be an array."""
    shape = instr.operands[index].shape
    if not shape.is_array:
        raise fail(instr, "operand", f"operand {index} must be an array, not {text(shape)}")
    return shape


def require_array_result(instr: HloInstruction) -> Shape:
    if not instr.shape.is_array:
        raise fail(instr, "shape", f"result must be an array, not {text(instr.shape)}")
    return instr.shape


def dim_list(instr: HloInstruction, name: str, rank: int, *, unique: bool = True) -> tuple[int, ...]:
    """Attribute `name` as dimension numbers of a rank-`rank` array: each in range, unique."""
    dims = tuple(instr.attributes.get(name, ()))
    for d in dims:
        if not 0 <= d < rank:
            raise fail(instr, "attribute", f"{name} {list(dims)} names dimension {d}, out of range for rank {rank}")
    if unique and len(set(dims)) != len(dims):
        raise fail(instr, "attribute", f"{name} {list(dims)} repeats a dimension")
    return dims


def with_dims(element_type: PrimitiveType, dims: Iterable[int]) -> Shape:
    return Shape.array(element_type, tuple(dims))


def tuple_or_single(shapes: list[Shape]) -> Shape:
    """XLA's variadic result: the one shape, or a tuple of several."""
    return shapes[0] if len(shapes) == 1 else Shape.tuple_of(shapes)


def subshape(shape: Shape, index: tuple[int, ...]) -> Shape | None:
    """The part of `shape` at tuple `index` (`()`: the whole), None when there is none."""
    for i in index:
        if not shape.is_tuple or not 0 <= i < len(shape.tuple_shapes):
            return None
        shape = shape.tuple_shapes[i]
    return shape


def is_scalar(shape: Shape) -> bool:
    return shape.is_array and shape.rank == 0
