"""Ops with a reducer or comparator region: reduce, reduce_window, select_and_scatter, sort, map."""

from __future__ import annotations

from jaxlib.mlir import ir

from hlo_translate.export import mlir_attrs as A
from hlo_translate.export.context import Builder
from hlo_translate.export.registry import handles
from hlo_translate.export.regions import flat_computation
from hlo_translate.hlo.attributes import Window, WindowDim
from hlo_translate.hlo.ir import HloInstruction


def make_window(rank: int, sizes: tuple[int, ...] = (), strides: tuple[int, ...] = (),
                padding: list[tuple[int, int]] | None = None, base_dilations: tuple[int, ...] = (),
                window_dilations: tuple[int, ...] = (), reversal: tuple[bool, ...] = ()) -> Window:
    """An HLO window from StableHLO's per-attribute lists (absent lists take their defaults)."""
    dims = []
    for i in range(rank):
        low, high = padding[i] if padding else (0, 0)
        dims.append(WindowDim(size=sizes[i] if sizes else 1, stride=strides[i] if strides else 1,
                              padding_low=low, padding_high=high,
                              window_dilation=window_dilations[i] if window_dilations else 1,
                              base_dilation=base_dilations[i] if base_dilations else 1,
                              window_reversal=bool(reversal[i]) if reversal else False))
    return Window(tuple(dims))


def padding_pairs(attr: ir.Attribute | None) -> list[tuple[int, int]] | None:
    if attr is None:
        return None
    matrix = A.i64_matrix(attr)
    return [(int(lo), int(hi)) for lo, hi in matrix] if matrix.size else None


@handles("stablehlo.reduce")
def _reduce(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    attrs = {"dimensions": A.i64_list(op.attributes["dimensions"]), "to_apply": flat_computation(b, op.regions[0])}
    instr = b.add("reduce", b.result_shape(op), b.operands(op), attrs)
    return b.split(op, instr)


@handles("stablehlo.reduce_window")
def _reduce_window(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    sizes = A.i64_list(op.attributes["window_dimensions"])
    window = make_window(len(sizes), sizes, A.i64_list(A.get(op, "window_strides")),
                         padding_pairs(A.get(op, "padding")), A.i64_list(A.get(op, "base_dilations")),
                         A.i64_list(A.get(op, "window_dilations")))
    attrs = {"window": window, "to_apply": flat_computation(b, op.regions[0])}
    instr = b.add("reduce-window", b.result_shape(op), b.operands(op), attrs)
    return b.split(op, instr)


@handles("stablehlo.select_and_scatter")
def _select_and_scatter(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    sizes = A.i64_list(op.attributes["window_dimensions"])
    window = make_window(len(sizes), sizes, A.i64_list(A.get(op, "window_strides")),
                         padding_pairs(A.get(op, "padding")))
    select = flat_computation(b, op.regions[0])
    scatter = flat_computation(b, op.regions[1])
    attrs = {"window": window, "select": select, "scatter": scatter}
    return [b.add("select-and-scatter", b.result_shape(op), b.operands(op), attrs)]


@handles("stablehlo.sort")
def _sort(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    attrs: dict[str, object] = {"dimensions": (A.integer(A.get(op, "dimension"), -1),)}
    if attrs["dimensions"] == (-1,):
        attrs["dimensions"] = (b.shape(op.operands[0]).rank - 1,)
    if A.boolean(A.get(op, "is_stable")):
        attrs["is_stable"] = True
    attrs["to_apply"] = flat_computation(b, op.regions[0], "compare")
    instr = b.add("sort", b.result_shape(op), b.operands(op), attrs)
    return b.split(op, instr)


@handles("stablehlo.map")
def _map(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    attrs = {"dimensions": A.i64_list(op.attributes["dimensions"]), "to_apply": flat_computation(b, op.regions[0])}
    return [b.add("map", b.result_shape(op), b.operands(op), attrs)]
