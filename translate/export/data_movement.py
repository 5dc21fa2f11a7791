"""Ops that move data: iota, broadcast, transpose, slices, concatenate, pad, reverse, gather, scatter."""

from __future__ import annotations

from jaxlib.mlir import ir

from hlo_translate.export import mlir_attrs as A
from hlo_translate.export.captures import broadcast_to, live_scalars, split_captures
from hlo_translate.export.context import Builder
from hlo_translate.export.regions import closed_computation
from hlo_translate.export.registry import handles
from hlo_translate.hlo.ir import HloInstruction, PaddingConfig, PaddingDim, Shape, SliceDim
from hlo_translate.markers import BROADCAST_AS_WRITTEN


def _simple(b: Builder, op: ir.Operation, opcode: str, **attrs: object) -> list[HloInstruction]:
    return [b.add(opcode, b.result_shape(op), b.operands(op), attrs)]


@handles("stablehlo.iota")
def _iota(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    return [b.add("iota", b.result_shape(op), (), {"iota_dimension": A.integer(op.attributes["iota_dimension"])})]


@handles("stablehlo.broadcast_in_dim")
def _broadcast_in_dim(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    (operand,) = b.operands(op)
    attrs = op.attributes
    dims = A.i64_list(attrs["broadcast_dimensions"])
    if BROADCAST_AS_WRITTEN in attrs:  # the importer's mark: the HLO broadcast as it was read
        return [b.add("broadcast", b.result_shape(op), [operand], {"dimensions": dims})]
    return broadcast_in_dim(b, operand, b.result_shape(op), dims)


def broadcast_in_dim(b: Builder, operand: HloInstruction, result: Shape, dims: tuple[int, ...]) -> list[HloInstruction]:
    """StableHLO's broadcast_in_dim as HLO: operand dimension i becomes result dimension dims[i]."""
    # StableHLO broadcasts a size-1 operand dimension to any size; HLO's broadcast maps dimensions of equal
    # size only, so (as XLA's builder does) those dimensions are reshaped away first.
    expanded = [i for i, d in enumerate(dims) if operand.shape.dimensions[i] == 1 and result.dimensions[d] != 1]
    if expanded and not operand.shape.is_dynamic:
        kept = [i for i in range(len(dims)) if i not in expanded]
        shape = b.ctx.array_shape(operand.shape.element_type, tuple(operand.shape.dimensions[i] for i in kept))
        operand = b.add("reshape", shape, [operand])
        dims = tuple(dims[i] for i in kept)
    return [b.add("broadcast", result, [operand], {"dimensions": dims})]


@handles("stablehlo.broadcast")
def _broadcast(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    # `broadcast` prepends `broadcast_sizes`: operand dimension i becomes result dimension len(sizes)+i.
    sizes = A.i64_list(op.attributes["broadcast_sizes"])
    rank = b.shape(op.operands[0]).rank
    return _simple(b, op, "broadcast", dimensions=tuple(range(len(sizes), len(sizes) + rank)))


@handles("stablehlo.transpose")
def _transpose(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    return _simple(b, op, "transpose", dimensions=A.i64_list(op.attributes["permutation"]))


@handles("stablehlo.reverse")
def _reverse(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    return _simple(b, op, "reverse", dimensions=A.i64_list(op.attributes["dimensions"]))


@handles("stablehlo.concatenate")
def _concatenate(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    return _simple(b, op, "concatenate", dimensions=(A.integer(op.attributes["dimension"]),))


@handles("stablehlo.slice")
def _slice(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    starts = A.i64_list(op.attributes["start_indices"])
    limits = A.i64_list(op.attributes["limit_indices"])
    strides = A.i64_list(op.attributes["strides"])
    return _simple(b, op, "slice", slice=tuple(SliceDim(*dim) for dim in zip(starts, limits, strides)))


@handles("stablehlo.dynamic_slice")
def _dynamic_slice(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    return _simple(b, op, "dynamic-slice", dynamic_slice_sizes=A.i64_list(op.attributes["slice_sizes"]))


@handles("stablehlo.dynamic_update_slice")
def _dynamic_update_slice(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    return _simple(b, op, "dynamic-update-slice")


@handles("stablehlo.pad")
def _pad(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    low = A.i64_list(op.attributes["edge_padding_low"])
    high = A.i64_list(op.attributes["edge_padding_high"])
    interior = A.i64_list(op.attributes["interior_padding"])
    config = PaddingConfig(tuple(PaddingDim(lo, hi, i) for lo, hi, i in zip(low, high, interior)))
    return _simple(b, op, "pad", padding=config)


@handles("stablehlo.get_tuple_element")
def _get_tuple_element(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    return _simple(b, op, "get-tuple-element", index=A.integer(op.attributes["index"]))


@handles("stablehlo.get_dimension_size")
def _get_dimension_size(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    return _simple(b, op, "get-dimension-size", dimensions=(A.integer(op.attributes["dimension"]),))


@handles("stablehlo.set_dimension_size")
def _set_dimension_size(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    return _simple(b, op, "set-dimension-size", dimensions=(A.integer(op.attributes["dimension"]),))


@handles("stablehlo.gather")
def _gather(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    dn = A.gather_dims(op.attributes["dimension_numbers"])
    attrs: dict[str, object] = {
        "offset_dims": tuple(dn.offset_dims),
        "collapsed_slice_dims": tuple(dn.collapsed_slice_dims),
        "start_index_map": tuple(dn.start_index_map),
        "operand_batching_dims": tuple(dn.operand_batching_dims),
        "start_indices_batching_dims": tuple(dn.start_indices_batching_dims),
    }
    attrs = {k: v for k, v in attrs.items() if v or k in ("offset_dims", "collapsed_slice_dims", "start_index_map")}
    attrs["index_vector_dim"] = dn.index_vector_dim
    attrs["slice_sizes"] = A.i64_list(op.attributes["slice_sizes"])
    if A.boolean(A.get(op, "indices_are_sorted")):
        attrs["indices_are_sorted"] = True
    return _simple(b, op, "gather", **attrs)


@handles("stablehlo.scatter")
def _scatter(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    dn = A.scatter_dims(op.attributes["scatter_dimension_numbers"])
    attrs: dict[str, object] = {
        "update_window_dims": tuple(dn.update_window_dims),
        "inserted_window_dims": tuple(dn.inserted_window_dims),
        "scatter_dims_to_operand_dims": tuple(dn.scattered_dims_to_operand_dims),
    }
    if dn.input_batching_dims:
        attrs["input_batching_dims"] = tuple(dn.input_batching_dims)
    if dn.scatter_indices_batching_dims:
        attrs["scatter_indices_batching_dims"] = tuple(dn.scatter_indices_batching_dims)
    attrs["index_vector_dim"] = dn.index_vector_dim
    if A.boolean(A.get(op, "indices_are_sorted")):
        attrs["indices_are_sorted"] = True
    if A.boolean(A.get(op, "unique_indices")):
        attrs["unique_indices"] = True
    captures = split_captures([op.regions[0]])
    scalars = live_scalars(b, op, captures)
    # Each live captured scalar c is one more operand and update, all c (captures.py).
    attrs["to_apply"] = closed_computation(b, op.regions[0], captures, groups=2, return_captures=bool(scalars))
    operands = b.operands(op)
    n = (len(operands) - 1) // 2
    inputs, indices, updates = operands[:n], operands[n], operands[n + 1 :]
    if not scalars:
        return b.split(op, b.add("scatter", b.result_shape(op), operands, attrs))
    inputs = inputs + [broadcast_to(b, c, inputs[0].shape.dimensions) for c in scalars]
    updates = updates + [broadcast_to(b, c, updates[0].shape.dimensions) for c in scalars]
    shape = Shape.tuple_of([i.shape for i in inputs])
    instr = b.add("scatter", shape, inputs + [indices] + updates, attrs)
    return [b.gte(instr, i) for i in range(len(op.results))]
