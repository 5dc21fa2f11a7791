"""Data movement: broadcast, transpose, slices, concatenate, pad, gather/scatter, tuples, copy, bitcast."""

from __future__ import annotations

import numpy as np
from jaxlib.mlir import ir
from jaxlib.mlir.dialects import stablehlo

from hlo_translate.hlo.ir import HloInstruction, PaddingDim, Shape, SliceDim, default_layout
from hlo_translate.import_ import attrs as A
from hlo_translate.import_.async_ops import emit_fallback
from hlo_translate.import_.importer import NoStableHloForm, OpContext, Tree, register, register_simple, required
from hlo_translate.markers import BITCAST, BITCAST_STEP, BROADCAST_AS_WRITTEN, SHARDING_COPY
from hlo_translate.typemap import shape_to_mlir

Form = tuple[str, "dict[str, ir.Attribute] | None"]


@register_simple("broadcast")
def broadcast(instr: HloInstruction) -> Form:
    dims = instr.attributes.get("dimensions", ())
    operand, result = instr.operands[0].shape, instr.shape
    # Built once per form: a module repeats its broadcasts. The shapes ride along in the value, so that
    # their ids in the key stay theirs while it is remembered.
    key = ("broadcast", dims, id(operand), id(result))
    return "stablehlo.broadcast_in_dim", A.memo(key, _broadcast_entry, instr, dims)[0]


def _broadcast_entry(instr: HloInstruction, dims: tuple[int, ...]) -> tuple[dict[str, ir.Attribute], Shape, Shape]:
    """A broadcast's attributes, with the two shapes its memo key names by id."""
    return _broadcast_attributes(instr, dims), instr.operands[0].shape, instr.shape


def _broadcast_attributes(instr: HloInstruction, dims: tuple[int, ...]) -> dict[str, ir.Attribute]:
    attributes = {"broadcast_dimensions": A.i64_array(dims)}
    if _expands_size_one(instr, dims):
        attributes[BROADCAST_AS_WRITTEN] = ir.UnitAttr.get()
    return attributes


def _expands_size_one(instr: HloInstruction, dims: tuple[int, ...]) -> bool:
    """Whether the broadcast maps a size-1 operand dimension to a larger result dimension (StableHLO's
    broadcast_in_dim says it; HLO's broadcast does not, though XLA's parser reads it)."""
    operand, result = instr.operands[0].shape, instr.shape
    if not operand.is_array or not result.is_array or len(dims) != operand.rank:
        return False
    return any(
        operand.dimensions[i] == 1 and 0 <= d < result.rank and result.dimensions[d] != 1 for i, d in enumerate(dims)
    )


@register_simple("transpose")
def transpose(instr: HloInstruction) -> Form:
    return "stablehlo.transpose", {"permutation": A.i64_array(required(instr, "dimensions"))}


@register_simple("reverse")
def reverse(instr: HloInstruction) -> Form:
    return "stablehlo.reverse", {"dimensions": A.i64_array(required(instr, "dimensions"))}


@register_simple("slice")
def slice_(instr: HloInstruction) -> Form:
    dims = required(instr, "slice")
    return "stablehlo.slice", A.memo(("slice", dims), _per_dimension, dims, _SLICE_FIELDS)


# StableHLO's attribute per field of a slice's or a padding's dimension records.
_SLICE_FIELDS = {"start_indices": "start", "limit_indices": "limit", "strides": "stride"}
_PAD_FIELDS = {name: name for name in ("edge_padding_low", "edge_padding_high", "interior_padding")}


def _per_dimension(
    dims: tuple[SliceDim, ...] | tuple[PaddingDim, ...], fields: dict[str, str]
) -> dict[str, ir.Attribute]:
    """For each StableHLO attribute in `fields`, the i64 array of its field read from every record of `dims`."""
    return {name: A.i64_array([getattr(d, field) for d in dims]) for name, field in fields.items()}


@register_simple("concatenate")
def concatenate(instr: HloInstruction) -> Form:
    return "stablehlo.concatenate", {"dimension": A.i64(required(instr, "dimensions")[0])}


@register_simple("pad")
def pad(instr: HloInstruction) -> Form:
    dims = required(instr, "padding").dimensions
    return "stablehlo.pad", A.memo(("pad", dims), _per_dimension, dims, _PAD_FIELDS)


@register_simple("dynamic-slice")
def dynamic_slice(instr: HloInstruction) -> Form:
    return "stablehlo.dynamic_slice", {"slice_sizes": A.i64_array(required(instr, "dynamic_slice_sizes"))}


@register_simple("dynamic-update-slice")
def dynamic_update_slice(instr: HloInstruction) -> Form:
    return "stablehlo.dynamic_update_slice", None


@register_simple("get-dimension-size")
def get_dimension_size(instr: HloInstruction) -> Form:
    return "stablehlo.get_dimension_size", {"dimension": A.i64(required(instr, "dimensions")[0])}


@register_simple("set-dimension-size")
def set_dimension_size(instr: HloInstruction) -> Form:
    return "stablehlo.set_dimension_size", {"dimension": A.i64(required(instr, "dimensions")[0])}


@register("dynamic-reshape")
def dynamic_reshape(ctx: OpContext) -> Tree:
    """The scalar dimension sizes become one shape tensor (reshape each to 1-D, concatenate)."""
    sizes = ctx.values()[1:]
    if not sizes:
        raise ctx.error("dynamic-reshape needs one size operand per result dimension")
    element = sizes[0].type.element_type
    vector = ir.RankedTensorType.get([1], element)
    pieces = [ctx.op("stablehlo.reshape", [s], [vector]).result for s in sizes]
    shape = ctx.op(
        "stablehlo.concatenate", pieces, [ir.RankedTensorType.get([len(sizes)], element)], {"dimension": A.i64(0)}
    ).result
    return ctx.single("stablehlo.dynamic_reshape", [ctx.value(0), shape])


@register("gather")
def gather(ctx: OpContext) -> Tree:
    numbers = stablehlo.GatherDimensionNumbers.get(
        offset_dims=list(ctx.attr("offset_dims", ())),
        collapsed_slice_dims=list(ctx.attr("collapsed_slice_dims", ())),
        operand_batching_dims=list(ctx.attr("operand_batching_dims", ())),
        start_indices_batching_dims=list(ctx.attr("start_indices_batching_dims", ())),
        start_index_map=list(ctx.attr("start_index_map", ())),
        index_vector_dim=int(ctx.required("index_vector_dim")),
    )
    return ctx.single(
        "stablehlo.gather",
        ctx.values(),
        dimension_numbers=numbers,
        slice_sizes=A.i64_array(ctx.required("slice_sizes")),
        indices_are_sorted=ir.BoolAttr.get(bool(ctx.attr("indices_are_sorted", False))),
    )


@register("scatter")
def scatter(ctx: OpContext) -> Tree:
    values = ctx.values()
    n = (len(values) - 1) // 2
    numbers = stablehlo.ScatterDimensionNumbers.get(
        update_window_dims=list(ctx.attr("update_window_dims", ())),
        inserted_window_dims=list(ctx.attr("inserted_window_dims", ())),
        input_batching_dims=list(ctx.attr("input_batching_dims", ())),
        scatter_indices_batching_dims=list(ctx.attr("scatter_indices_batching_dims", ())),
        scattered_dims_to_operand_dims=list(ctx.attr("scatter_dims_to_operand_dims", ())),
        index_vector_dim=int(ctx.required("index_vector_dim")),
    )
    op, tree = ctx.multi(
        "stablehlo.scatter",
        values,
        {
            "scatter_dimension_numbers": numbers,
            "indices_are_sorted": ir.BoolAttr.get(bool(ctx.attr("indices_are_sorted", False))),
            "unique_indices": ir.BoolAttr.get(bool(ctx.attr("unique_indices", False))),
        },
        regions=1,
    )
    assert len(op.results) == n
    ctx.region(op, 0, ctx.computation("to_apply"))
    return tree


# -- tuples --------------------------------------------------------------------------------------


@register("tuple")
def tuple_(ctx: OpContext) -> Tree:
    return tuple(ctx.operands)


@register("get-tuple-element")
def get_tuple_element(ctx: OpContext) -> Tree:
    index = int(ctx.required("index"))
    operand = ctx.operands[0]
    if isinstance(operand, tuple):
        return operand[index]
    # A tuple-typed value (e.g. a nested tuple result of a custom call): extract it.
    return ctx.single("stablehlo.get_tuple_element", [operand], index=A.i32(index))


# -- layout-only ops ------------------------------------------------------------------------------


@register("copy")
def copy(ctx: OpContext) -> Tree:
    # A copy changes only the layout (or nothing): the logical value is its operand.
    source, result = ctx.instr.operands[0].shape, ctx.shape
    same = (  # an array copy that changes nothing but the layout: the usual case, told without new shapes
        not source.tuple_shapes
        and source.element_type == result.element_type
        and source.dimensions == result.dimensions
        and source.dynamic == result.dynamic
    )
    if not same and source.without_layouts() != result.without_layouts():
        raise NoStableHloForm("a copy that changes the shape", op=ctx.instr.name)
    # A copy with a sharding is where GSPMD reshards the value: a sharding constraint, which JAX writes as
    # `custom_call @Sharding`.
    if "sharding" in ctx.instr.attributes and not ctx.shape.is_tuple:
        return ctx.single(
            "stablehlo.custom_call",
            [ctx.value(0)],
            call_target_name=A.string("Sharding"),
            **{SHARDING_COPY: ir.UnitAttr.get()},
        )
    return ctx.operands[0]


@register("domain")
def domain(ctx: OpContext) -> Tree:
    # A sharding domain is an identity for the value and a marker for the partitioner: kept as our
    # fallback custom call, written back as the same domain instruction.
    return emit_fallback(ctx)


@register("bitcast")
def bitcast(ctx: OpContext) -> Tree:
    """A reinterpretation of the operand's physical bytes under the result's shape and layout.

    Logically: read the operand in physical (major-to-minor) order, reshape to the result's physical
    dimensions, and transpose back to logical order; if the element type changes, bitcast-convert.
    The last step carries `xla.bitcast` and the others `xla.bitcast_step`, so that the exporter
    writes one bitcast again (docs/import.md).
    """
    source = ctx.instr.operands[0].shape
    result = ctx.shape
    value = ctx.value(0)
    if not (source.is_array and result.is_array):
        raise NoStableHloForm("bitcast of a tuple or token is not supported", op=ctx.instr.name)
    if source.element_type != result.element_type:
        if source.element_type.bit_width != result.element_type.bit_width:
            raise NoStableHloForm(
                "bitcast between element types of different widths is not supported", op=ctx.instr.name
            )
        value = _op(ctx, "stablehlo.bitcast_convert", value, Shape.array(result.element_type, source.dimensions), {})
        source = Shape.array(result.element_type, source.dimensions, source.layout)
    src_major = _major_to_minor(source)
    res_major = _major_to_minor(result)
    for shape, order in ((source, src_major), (result, res_major)):
        if sorted(order) != list(range(shape.rank)):
            raise ctx.error(f"the layout of {shape} is not a permutation of its {shape.rank} dimensions")
    if src_major != list(range(source.rank)):
        physical = [source.dimensions[d] for d in src_major]
        value = _op(
            ctx,
            "stablehlo.transpose",
            value,
            Shape.array(result.element_type, physical),
            {"permutation": A.i64_array(src_major)},
        )
    physical_result = [result.dimensions[d] for d in res_major]
    value = _op(ctx, "stablehlo.reshape", value, Shape.array(result.element_type, physical_result), {})
    if res_major != list(range(result.rank)):
        inverse = list(np.argsort(res_major))
        value = _op(ctx, "stablehlo.transpose", value, result, {"permutation": A.i64_array(inverse)})
    if not ctx.created:  # the same logical array (only the layout differs): an identity reshape
        value = ctx.op("stablehlo.reshape", [value], [shape_to_mlir(result)], {}).result
    for step in ctx.created[:-1]:
        step.attributes[BITCAST_STEP] = ir.UnitAttr.get()
    ctx.created[-1].attributes[BITCAST] = ir.UnitAttr.get()
    return value


def _major_to_minor(shape: Shape) -> list[int]:
    """The element order of `shape`'s layout. Tiles and element sizes (TPU/GPU layouts) pad and pack
    the same order: XLA makes a bitcast only where the tiling agrees with it."""
    layout = shape.layout or default_layout(shape.rank)
    return list(reversed(layout.minor_to_major))


def _op(ctx: OpContext, name: str, value: ir.Value, shape: Shape, attributes: dict) -> ir.Value:
    if name == "stablehlo.reshape" and value.type == shape_to_mlir(shape):
        return value
    return ctx.op(name, [value], [shape_to_mlir(shape)], attributes).result
