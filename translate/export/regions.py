"""Regions -> HLO computations (what a region captures is `captures.py`'s analysis).

Three ways a region's inputs become parameters:
- `flat` (reduce, sort, scatter, map, ...): block argument i is parameter i; captured values are
  recomputed inside, or passed as extra operands by the op's handler (`captures.py`).
- `tuple` (while): one tuple parameter (block arguments, then captures), unpacked with
  get-tuple-element; the root is a tuple of the results, then the captures passed through. A loop
  state of another shape (nested tuples, one array) is packed and unpacked along that shape.
- `captures` (if/case branches, which have no block arguments): one parameter holding the captured
  values, the value itself when there is exactly one, else a tuple (empty when none), as XLA does.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from jaxlib.mlir import ir

from hlo_translate.export.captures import (
    RegionCaptures,
    check_no_live_captures,
    recompute,
    single_block,
    split_captures,
)
from hlo_translate.export.context import Builder
from hlo_translate.hlo.ir import HloComputation, HloInstruction, Shape


def flat_computation(b: Builder, region: ir.Region, name: str = "region") -> HloComputation:
    """A computation whose parameters are the region's block arguments; values it captures must be
    computed from constants, and are computed again inside it (`captures.py`)."""
    captures = split_captures([region])
    check_no_live_captures(region.owner, captures)
    block = single_block(region)
    sub = Builder(b.ctx, b.ctx.unique_name(name))
    for arg in block.arguments:
        sub.values[arg] = sub.argument(arg)
    recompute(sub, captures.recomputed)
    results = sub.emit_block(block)
    _set_root(sub, results, force_tuple=False)
    return b.ctx.finish(sub.comp)


def tuple_computation(
    b: Builder,
    region: ir.Region,
    captures: Sequence[ir.Value],
    name: str = "region",
    *,
    pass_captures: bool,
    state: Shape | None = None,
) -> HloComputation:
    """A computation with one parameter of shape `state` (default: the tuple of the block arguments
    then the captures), whose leaves are the block arguments then the captures (while bodies/conds)."""
    block = single_block(region)
    if state is None:
        state = Shape.tuple_of([b.shape(a) for a in block.arguments] + [b.shape(v) for v in captures])
    sub = Builder(b.ctx, b.ctx.unique_name(name))
    param = sub.parameter(state, "arg_tuple" if state.is_tuple else "Arg")
    elements = leaves(sub, param)
    for value, instr in zip(list(block.arguments) + list(captures), elements):
        sub.values[value] = instr
    results = sub.emit_block(block)
    if pass_captures:
        results = results + elements[len(block.arguments) :]
        sub.comp.root = pack(sub, state, iter(results))
    else:
        _set_root(sub, results, force_tuple=False)
    return b.ctx.finish(sub.comp)


def leaves(b: Builder, instr: HloInstruction, *, plain: bool = False) -> list[HloInstruction]:
    """The array and token values inside `instr`, depth first, read with get-tuple-element (without
    the op's frontend attributes when `plain`)."""
    if not instr.shape.is_tuple:
        return [instr]
    return [
        leaf
        for i in range(len(instr.shape.tuple_shapes))
        for leaf in leaves(b, b.gte(instr, i, plain=plain), plain=plain)
    ]


def pack(b: Builder, shape: Shape, values: Iterator[HloInstruction]) -> HloInstruction:
    """The next leaves of `values` built into one value of `shape` (the inverse of `leaves`); elements
    that are all read from one tuple of that shape are that tuple itself."""
    if not shape.is_tuple:
        return next(values)
    elements = [pack(b, s, values) for s in shape.tuple_shapes]
    source = elements[0].operands[0] if elements and elements[0].opcode == "get-tuple-element" else None
    if (
        source is not None
        and len(source.shape.tuple_shapes) == len(elements)
        and all(
            e.opcode == "get-tuple-element" and e.operands[0] is source and e.attributes.get("index") == i
            for i, e in enumerate(elements)
        )
    ):
        return source
    return b.tuple(elements)


def captures_operand(b: Builder, captures: Sequence[ir.Value]) -> HloInstruction:
    """The branch operand carrying `captures`: the value itself if one, else a tuple."""
    if len(captures) == 1:
        return b.value(captures[0])
    return b.tuple([b.value(v) for v in captures])


def branch_computation(
    b: Builder,
    region: ir.Region,
    captures: Sequence[ir.Value],
    name: str = "region",
    *,
    force_tuple: bool = False,
    result: Shape | None = None,
) -> HloComputation:
    """A conditional branch: one parameter holding the captures (see `captures_operand`); its root is
    the results packed into `result` when given (a 1-tuple or nested tuple of them)."""
    block = single_block(region)
    sub = Builder(b.ctx, b.ctx.unique_name(name))
    if len(captures) == 1:
        sub.values[captures[0]] = sub.parameter(b.shape(captures[0]), "Arg")
    else:
        param = sub.parameter(Shape.tuple_of([b.shape(v) for v in captures]), "arg_tuple")
        for i, value in enumerate(captures):
            sub.values[value] = sub.gte(param, i)
    results = sub.emit_block(block)
    if result is not None:
        sub.comp.root = pack(sub, result, iter(results))
    else:
        _set_root(sub, results, force_tuple=force_tuple)
    return b.ctx.finish(sub.comp)


def _set_root(sub: Builder, results: list[HloInstruction], *, force_tuple: bool) -> None:
    if len(results) == 1 and not force_tuple:
        sub.comp.root = results[0]
    else:
        sub.comp.root = sub.tuple(results)


def closed_computation(
    b: Builder,
    region: ir.Region,
    captures: RegionCaptures,
    name: str = "region",
    *,
    groups: int = 1,
    per_capture: int = 1,
    return_captures: bool = False,
    force_tuple: bool = False,
) -> HloComputation:
    """The region as a computation whose parameters are its block arguments in `groups` equal groups,
    each group followed by `per_capture` parameters per live capture (the capture is the first of them);
    the root appends the first group's capture parameters when `return_captures`, and is a tuple even of
    one result when `force_tuple`."""
    block = single_block(region)
    args = list(block.arguments)
    size = len(args) // groups
    sub = Builder(b.ctx, b.ctx.unique_name(name))
    capture_params: list[HloInstruction] = []
    for g in range(groups):
        for arg in args[g * size : (g + 1) * size]:
            sub.values[arg] = sub.argument(arg)
        for value in captures.live:
            params = [sub.parameter(b.shape(value), "capture") for _ in range(per_capture)]
            if g == 0:
                sub.values[value] = params[0]
                capture_params.append(params[0])
    recompute(sub, captures.recomputed)
    results = sub.emit_block(block)
    if return_captures:
        results = results + capture_params
    _set_root(sub, results, force_tuple=force_tuple)
    return b.ctx.finish(sub.comp)


# The reducers `binary_reducer` builds, by op: their HLO opcode. All are one-to-one ops without attributes
# (`optable`); maximum and minimum of complex numbers are expanded instead (`spec_semantics.py`).
_BINARY_REDUCERS = {
    "stablehlo.add": "add",
    "stablehlo.multiply": "multiply",
    "stablehlo.maximum": "maximum",
    "stablehlo.minimum": "minimum",
    "stablehlo.and": "and",
    "stablehlo.or": "or",
    "stablehlo.xor": "xor",
}


def binary_reducer(b: Builder, region: ir.Region) -> HloComputation | None:
    """The computation of a region that is one binary op of its two arguments, returned (`a + b`: nearly every
    reduce's reducer), built as `closed_computation` builds it (names, order, shapes) without walking the region
    through the general path (about a third of its binding calls); None for any other region, or one whose
    locations are read (they would give names and metadata)."""
    blocks = region.blocks
    if b.ctx.read_locations or len(blocks) != 1:
        return None
    block = blocks[0]
    args = block.arguments
    ops = block.operations
    if len(args) != 2 or len(ops) != 2:
        return None
    body, ret = ops[0], ops[1]
    opcode = _BINARY_REDUCERS.get(body.name)
    if opcode is None or ret.name != "stablehlo.return" or len(body.attributes):
        return None
    first, second = args[0], args[1]
    operands = body.operands  # two, and one result: what MLIR's verifier allows these ops
    result = body.result
    returned = ret.operands
    if len(returned) != 1 or returned[0] != result:
        return None
    # the same type throughout: the one shape `closed_computation` would read (or refuse) for each of them
    t = first.type
    if second.type != t or result.type != t:
        return None
    lhs, rhs = operands[0], operands[1]
    if not ((lhs == first or lhs == second) and (rhs == first or rhs == second)):
        return None
    shape = b.ctx.shape_of(t)
    if not shape.is_array or shape.element_type.is_complex:
        return None
    sub = Builder(b.ctx, b.ctx.unique_name("region"))
    params = (sub.parameter(shape, "Arg"), sub.parameter(shape, "Arg"))
    sub.comp.root = sub.add(opcode, shape, [params[0 if lhs == first else 1], params[0 if rhs == first else 1]])
    return b.ctx.finish(sub.comp)
