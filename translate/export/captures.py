"""What a region captures, and how captured values are made explicit as HLO requires.

`captures_of` finds the values a region uses from outside; `regions.py` builds the computations.

StableHLO lets the region of `reduce`, `reduce_window`, `sort`, `map`, `scatter`,
`select_and_scatter` and the collectives use values defined above it. An HLO computation is closed,
and these ops fix its parameters, so a captured value travels one of two ways:
- a value computed from constants alone (`constant`, `iota` and pure ops over them) is computed again
  inside the computation;
- any other captured scalar (`tensor<T>`) becomes one more operand of the op, broadcast to the
  operand's shape: for `reduce`/`reduce_window` an extra input whose init value is the scalar too, for
  `scatter` an extra operand and update, for `sort` and `map` an extra operand. Every element of it is
  the captured value, so its block parameter is that value; the extra results are dropped.
Ops with a fixed number of operands (`select_and_scatter`, the collectives, whose extra operand could
differ across devices) accept only the first kind. `while`, `if` and `case` pass captures as data
(`control_flow.py`).

Imported back, the module shows these extra operands and recomputed constants: a round trip is equal
up to that normalization (docs/export.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from jaxlib.mlir import ir

from hlo_translate.errors import TranslateError
from hlo_translate.export.context import Builder
from hlo_translate.hlo.ir import HloInstruction, Shape, with_default_layouts

# Ops without operands or side effects that a region may recompute (and their mhlo twins, which XLA's
# converter takes too: XLA's own export tests write them).
_SOURCES = frozenset({"stablehlo.constant", "stablehlo.iota", "mhlo.constant", "mhlo.iota"})
# Pure ops a region may recompute when their operands are recomputable.
_PURE = frozenset(
    {
        "stablehlo.broadcast_in_dim",
        "stablehlo.reshape",
        "stablehlo.convert",
        "stablehlo.transpose",
        "stablehlo.slice",
        "stablehlo.concatenate",
        "stablehlo.add",
        "stablehlo.subtract",
        "stablehlo.multiply",
        "stablehlo.divide",
        "stablehlo.negate",
        "stablehlo.maximum",
        "stablehlo.minimum",
        "stablehlo.compare",
        "stablehlo.select",
        "stablehlo.and",
        "stablehlo.or",
        "stablehlo.not",
        "stablehlo.abs",
    }
)
_PURE |= {name.replace("stablehlo.", "mhlo.") for name in _PURE}


@dataclass(frozen=True)
class RegionCaptures:
    """A region's captured values: those it recomputes, and the live ones passed as extra operands."""

    recomputed: tuple[ir.Value, ...]
    live: tuple[ir.Value, ...]


def captures_of(regions: Sequence[ir.Region]) -> list[ir.Value]:
    """Values used inside `regions` (at any depth) but defined outside them, in order of first use.

    A loop over a stack of blocks, not a recursive closure: a nested function that calls itself is a
    reference cycle, and one holding MLIR values keeps the whole module and its context alive until the
    cyclic collector runs (which the public functions pause: hundreds of contexts, hundreds of MB)."""
    defined: set[ir.Value] = set()
    used: list[ir.Value] = []
    seen: set[ir.Value] = set()
    for region in regions:
        for block in region.blocks:
            defined.update(block.arguments)
            stack = [iter(block.operations)]  # the ops still to visit, innermost block last
            while stack:
                op = next(stack[-1], None)
                if op is None:
                    stack.pop()
                    continue
                operation = op.operation
                for v in operation.operands:
                    if v not in seen:
                        seen.add(v)
                        used.append(v)
                defined.update(operation.results)
                # the op's blocks next, in order, before the ops after it
                nested = [inner for inner_region in operation.regions for inner in inner_region.blocks]
                for inner in reversed(nested):
                    defined.update(inner.arguments)
                    stack.append(iter(inner.operations))
    return [v for v in used if v not in defined]


def single_block(region: ir.Region) -> ir.Block:
    blocks = list(region.blocks)
    if len(blocks) != 1:
        raise TranslateError(f"a region with {len(blocks)} blocks has no HLO equivalent")
    return blocks[0]


def _defining_op(value: ir.Value) -> ir.Operation | None:
    owner = value.owner
    return None if isinstance(owner, ir.Block) else owner.operation


def recomputable(value: ir.Value) -> bool:
    """Whether `value` is computed from constants alone by ops a region can recompute."""
    op = _defining_op(value)
    if op is None or len(op.regions):
        return False
    if op.name in _SOURCES:
        return True
    return op.name in _PURE and all(recomputable(v) for v in op.operands)


def split_captures(regions: Sequence[ir.Region]) -> RegionCaptures:
    """The values `regions` capture, split into the recomputable and the live ones."""
    captures = captures_of(regions)
    return RegionCaptures(
        tuple(v for v in captures if recomputable(v)), tuple(v for v in captures if not recomputable(v))
    )


def recompute(sub: Builder, values: Sequence[ir.Value]) -> None:
    """Emit the ops computing `values` (and what they read) into `sub`, each once."""
    for value in values:
        if value in sub.values:
            continue
        op = _defining_op(value)
        assert op is not None
        recompute(sub, list(op.operands))
        if value not in sub.values:
            sub.emit_op(op)


def check_no_live_captures(op: ir.Operation, captures: RegionCaptures) -> None:
    if captures.live:
        raise TranslateError(
            f"the region uses {len(captures.live)} value(s) defined outside it that are not "
            f"constants ({captures.live[0].type} first); {op.name.split('.')[-1]} takes no extra "
            "operands in HLO to carry them"
        )


def live_scalars(b: Builder, op: ir.Operation, captures: RegionCaptures) -> list[HloInstruction]:
    """The live captured values, checked to be scalars (they ride along as broadcast operands)."""
    instrs = [b.value(v) for v in captures.live]
    for value, instr in zip(captures.live, instrs):
        if not instr.shape.is_array or instr.shape.rank != 0:
            raise TranslateError(
                f"the region uses a value of type {value.type} defined outside it; only scalars "
                "and constants can be passed into an HLO computation"
            )
    return instrs


def broadcast_to(b: Builder, scalar: HloInstruction, dimensions: Sequence[int]) -> HloInstruction:
    shape = with_default_layouts(Shape.array(scalar.shape.element_type, tuple(dimensions)))
    return b.add("broadcast", shape, [scalar], {"dimensions": ()})
