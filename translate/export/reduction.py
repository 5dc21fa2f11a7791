"""Ops with a reducer or comparator region: reduce, reduce_window, select_and_scatter, sort, map."""

from __future__ import annotations

from jaxlib.mlir import ir

from hlo_translate.export import mlir_attrs as A
from hlo_translate.export.captures import broadcast_to, live_scalars, split_captures
from hlo_translate.export.context import Builder
from hlo_translate.export.regions import binary_reducer, closed_computation, flat_computation
from hlo_translate.export.registry import handles
from hlo_translate.hlo.ir import HloInstruction, Shape, Window, WindowDim


def make_window(
    rank: int,
    sizes: tuple[int, ...] = (),
    strides: tuple[int, ...] = (),
    padding: list[tuple[int, int]] | None = None,
    base_dilations: tuple[int, ...] = (),
    window_dilations: tuple[int, ...] = (),
    reversal: tuple[bool, ...] = (),
) -> Window:
    """An HLO window from StableHLO's per-attribute lists (absent lists take their defaults)."""
    dims = []
    for i in range(rank):
        low, high = padding[i] if padding else (0, 0)
        dims.append(
            WindowDim(
                size=sizes[i] if sizes else 1,
                stride=strides[i] if strides else 1,
                padding_low=low,
                padding_high=high,
                window_dilation=window_dilations[i] if window_dilations else 1,
                base_dilation=base_dilations[i] if base_dilations else 1,
                window_reversal=bool(reversal[i]) if reversal else False,
            )
        )
    return Window(tuple(dims))


def padding_pairs(attr: ir.Attribute | None) -> list[tuple[int, int]] | None:
    if attr is None:
        return None
    matrix = A.i64_matrix(attr)
    return [(int(lo), int(hi)) for lo, hi in matrix] if matrix.size else None


def _with_captures(b: Builder, op: ir.Operation, opcode: str, attrs: dict[str, object]) -> list[HloInstruction]:
    """reduce / reduce_window: each live captured scalar c rides as one more input (c broadcast to the
    inputs' shape) with init value c; its accumulator stays c, and its result is dropped."""
    one_tuple = len(op.results) == 1 and A.boolean(A.get(op, "xla.tuple"), False)  # the importer's mark
    region = op.regions[0]
    simple = None if one_tuple or len(op.operands) != 2 else binary_reducer(b, region)
    if simple is not None:
        scalars: list[HloInstruction] = []
        attrs["to_apply"] = simple
    else:
        captures = split_captures([region])
        scalars = live_scalars(b, op, captures)
        attrs["to_apply"] = closed_computation(
            b, region, captures, groups=2, return_captures=bool(scalars), force_tuple=one_tuple
        )
    operands = b.operands(op)
    half = len(operands) // 2
    inputs, inits = operands[:half], operands[half:]
    dims = inputs[0].shape.dimensions
    inputs = inputs + [broadcast_to(b, c, dims) for c in scalars]
    inits = inits + scalars
    shapes = [b.shape(r) for r in op.results]
    result = shapes[0].dimensions
    shapes += [Shape.array(c.shape.element_type, result).with_layout(shapes[0].layout) for c in scalars]
    shape = shapes[0] if len(shapes) == 1 and not one_tuple else Shape.tuple_of(shapes)
    instr = b.add(opcode, shape, inputs + inits, attrs)
    if not scalars:
        return b.split(op, instr)
    return [b.gte(instr, i) for i in range(len(op.results))]


@handles("stablehlo.reduce")
def _reduce(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    return _with_captures(b, op, "reduce", {"dimensions": A.i64_list(op.attributes["dimensions"])})


@handles("stablehlo.reduce_window")
def _reduce_window(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    sizes = A.i64_list(op.attributes["window_dimensions"])
    window = make_window(
        len(sizes),
        sizes,
        A.i64_list(A.get(op, "window_strides")),
        padding_pairs(A.get(op, "padding")),
        A.i64_list(A.get(op, "base_dilations")),
        A.i64_list(A.get(op, "window_dilations")),
    )
    # XLA prints no window of no dimensions (a scalar's), and reads none as that
    return _with_captures(b, op, "reduce-window", {"window": window} if window.dimensions else {})


@handles("stablehlo.select_and_scatter")
def _select_and_scatter(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    sizes = A.i64_list(op.attributes["window_dimensions"])
    window = make_window(
        len(sizes), sizes, A.i64_list(A.get(op, "window_strides")), padding_pairs(A.get(op, "padding"))
    )
    select = flat_computation(b, op.regions[0])
    scatter = flat_computation(b, op.regions[1])
    attrs: dict[str, object] = {"window": window} if window.dimensions else {}
    attrs.update(select=select, scatter=scatter)
    return [b.add("select-and-scatter", b.result_shape(op), b.operands(op), attrs)]


@handles("stablehlo.sort")
def _sort(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    attrs: dict[str, object] = {"dimensions": (A.integer(A.get(op, "dimension"), -1),)}
    if attrs["dimensions"] == (-1,):
        attrs["dimensions"] = (b.shape(op.operands[0]).rank - 1,)
    if A.boolean(A.get(op, "is_stable")):
        attrs["is_stable"] = True
    captures = split_captures([op.regions[0]])
    scalars = live_scalars(b, op, captures)
    # Each live captured scalar is one more sorted operand (the comparator's extra lhs/rhs pair).
    attrs["to_apply"] = closed_computation(b, op.regions[0], captures, "compare", per_capture=2)
    operands = b.operands(op)
    extra = [broadcast_to(b, c, operands[0].shape.dimensions) for c in scalars]
    if not extra:
        return b.split(op, b.add("sort", b.result_shape(op), operands, attrs))
    shape = Shape.tuple_of([o.shape for o in operands + extra])
    instr = b.add("sort", shape, operands + extra, attrs)
    return [b.gte(instr, i) for i in range(len(op.results))]


@handles("stablehlo.map")
def _map(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    captures = split_captures([op.regions[0]])
    scalars = live_scalars(b, op, captures)
    attrs = {
        "dimensions": A.i64_list(op.attributes["dimensions"]),
        "to_apply": closed_computation(b, op.regions[0], captures),
    }
    shape = b.result_shape(op)
    extra = [broadcast_to(b, c, shape.dimensions) for c in scalars]
    return [b.add("map", shape, b.operands(op) + extra, attrs)]
