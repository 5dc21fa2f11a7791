"""Ops with a reducer or comparator region: reduce, reduce-window, select-and-scatter, sort, map."""

from __future__ import annotations

import numpy as np
from jaxlib.mlir import ir

from hlo_translate.hlo.ir import WindowDim
from hlo_translate.import_ import attrs as A
from hlo_translate.import_.importer import NoStableHloForm, OpContext, Tree, register


@register("reduce")
def reduce(ctx: OpContext) -> Tree:
    op, tree = ctx.multi(
        "stablehlo.reduce", ctx.values(), {"dimensions": A.i64_array(ctx.required("dimensions"))}, regions=1
    )
    ctx.region(op, 0, ctx.computation("to_apply"))
    _mark_one_tuple(ctx, op)
    return tree


def _mark_one_tuple(ctx: OpContext, op: ir.Operation) -> None:
    """A reduce or reduce-window of one input whose result (and reducer's) is a 1-tuple, which XLA's parser
    takes: `xla.tuple = true` keeps the tuple the op's one result drops (the exporter writes it back)."""
    if ctx.shape.is_tuple and len(ctx.shape.tuple_shapes) == 1:
        op.attributes["xla.tuple"] = ir.BoolAttr.get(True)


def _window_attributes(dims: tuple[WindowDim, ...]) -> dict[str, ir.Attribute]:
    """Window sizes, strides and padding, the attributes reduce_window and select_and_scatter share."""
    return {
        "window_dimensions": A.i64_array([d.size for d in dims]),
        "window_strides": A.i64_array([d.stride for d in dims]),
        "padding": A.dense_i64(np.array([[d.padding_low, d.padding_high] for d in dims]).reshape(len(dims), 2)),
    }


def _window_dims(ctx: OpContext) -> tuple[WindowDim, ...]:
    """The window's dimensions; none where the HLO states no window (XLA's parser takes that for a scalar).
    A reversed window (`rhs_reversal`, which XLA's parser takes on any window) has no StableHLO form."""
    window = ctx.attr("window")
    dims = () if window is None else tuple(window.dimensions)
    if any(d.window_reversal for d in dims):
        raise NoStableHloForm(f"StableHLO's {ctx.instr.opcode} has no window reversal", op=ctx.instr.name)
    return dims


@register("reduce-window")
def reduce_window(ctx: OpContext) -> Tree:
    dims = _window_dims(ctx)
    attributes = _window_attributes(dims)
    attributes["base_dilations"] = A.i64_array([d.base_dilation for d in dims])
    attributes["window_dilations"] = A.i64_array([d.window_dilation for d in dims])
    op, tree = ctx.multi("stablehlo.reduce_window", ctx.values(), attributes, regions=1)
    ctx.region(op, 0, ctx.computation("to_apply"))
    _mark_one_tuple(ctx, op)
    return tree


@register("select-and-scatter")
def select_and_scatter(ctx: OpContext) -> Tree:
    attributes = _window_attributes(_window_dims(ctx))
    op, tree = ctx.multi("stablehlo.select_and_scatter", ctx.values(), attributes, regions=2)
    ctx.region(op, 0, ctx.computation("select"))
    ctx.region(op, 1, ctx.computation("scatter"))
    return tree


@register("sort")
def sort(ctx: OpContext) -> Tree:
    op, tree = ctx.multi(
        "stablehlo.sort",
        ctx.values(),
        {
            "dimension": A.i64(ctx.required("dimensions")[0]),
            "is_stable": ir.BoolAttr.get(bool(ctx.attr("is_stable", False))),
        },
        regions=1,
    )
    ctx.region(op, 0, ctx.computation("to_apply"))
    return tree


@register("map")
def map_(ctx: OpContext) -> Tree:
    dims = ctx.attr("dimensions", tuple(range(ctx.shape.rank)))
    op = ctx.op("stablehlo.map", ctx.values(), attributes={"dimensions": A.i64_array(dims)}, regions=1)
    ctx.region(op, 0, ctx.computation("to_apply"))
    return op.result
