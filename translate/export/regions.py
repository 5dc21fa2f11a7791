"""Regions -> HLO computations, and the implicit captures of non-isolated regions.

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

from hlo_translate.errors import TranslateError
from hlo_translate.export.context import Builder
from hlo_translate.hlo.ir import HloComputation, HloInstruction
from hlo_translate.hlo.types import Shape


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
            stack = [iter(block.operations)]   # the ops still to visit, innermost block last
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


def flat_computation(b: Builder, region: ir.Region, name: str = "region") -> HloComputation:
    """A computation whose parameters are the region's block arguments; values it captures must be
    computed from constants, and are computed again inside it (`captures.py`)."""
    from hlo_translate.export.captures import check_no_live_captures, recompute, split_captures

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


def tuple_computation(b: Builder, region: ir.Region, captures: Sequence[ir.Value],
                      name: str = "region", *, pass_captures: bool, state: Shape | None = None) -> HloComputation:
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
        results = results + elements[len(block.arguments):]
        sub.comp.root = pack(sub, state, iter(results))
    else:
        _set_root(sub, results, force_tuple=False)
    return b.ctx.finish(sub.comp)


def leaves(b: Builder, instr: HloInstruction, *, plain: bool = False) -> list[HloInstruction]:
    """The array and token values inside `instr`, depth first, read with get-tuple-element (without
    the op's frontend attributes when `plain`)."""
    if not instr.shape.is_tuple:
        return [instr]
    return [leaf for i in range(len(instr.shape.tuple_shapes))
            for leaf in leaves(b, b.gte(instr, i, plain=plain), plain=plain)]


def pack(b: Builder, shape: Shape, values: Iterator[HloInstruction]) -> HloInstruction:
    """The next leaves of `values` built into one value of `shape` (the inverse of `leaves`); elements
    that are all read from one tuple of that shape are that tuple itself."""
    if not shape.is_tuple:
        return next(values)
    elements = [pack(b, s, values) for s in shape.tuple_shapes]
    source = elements[0].operands[0] if elements and elements[0].opcode == "get-tuple-element" else None
    if source is not None and len(source.shape.tuple_shapes) == len(elements) and all(
            e.opcode == "get-tuple-element" and e.operands[0] is source and e.attributes.get("index") == i
            for i, e in enumerate(elements)):
        return source
    return b.tuple(elements)


def captures_operand(b: Builder, captures: Sequence[ir.Value]) -> HloInstruction:
    """The branch operand carrying `captures`: the value itself if one, else a tuple."""
    if len(captures) == 1:
        return b.value(captures[0])
    return b.tuple([b.value(v) for v in captures])


def branch_computation(b: Builder, region: ir.Region, captures: Sequence[ir.Value],
                       name: str = "region", *, force_tuple: bool = False) -> HloComputation:
    """A conditional branch: one parameter holding the captures (see `captures_operand`)."""
    block = single_block(region)
    sub = Builder(b.ctx, b.ctx.unique_name(name))
    if len(captures) == 1:
        sub.values[captures[0]] = sub.parameter(b.shape(captures[0]), "Arg")
    else:
        param = sub.parameter(Shape.tuple_of([b.shape(v) for v in captures]), "arg_tuple")
        for i, value in enumerate(captures):
            sub.values[value] = sub.gte(param, i)
    results = sub.emit_block(block)
    _set_root(sub, results, force_tuple=force_tuple)
    return b.ctx.finish(sub.comp)


def _set_root(sub: Builder, results: list[HloInstruction], *, force_tuple: bool) -> None:
    if len(results) == 1 and not force_tuple:
        sub.comp.root = results[0]
    else:
        sub.comp.root = sub.tuple(results)
