"""dot → `stablehlo.dot_general`, convolution → `stablehlo.convolution`."""

from __future__ import annotations

import numpy as np
from jaxlib.mlir import ir
from jaxlib.mlir.dialects import stablehlo

from hlo_translate.hlo.ir import HloInstruction
from hlo_translate.import_ import attrs as A
from hlo_translate.import_.importer import NoStableHloForm, OpContext, Tree, register, register_simple


@register_simple("dot")
def dot(instr: HloInstruction) -> tuple[str, dict[str, ir.Attribute]]:
    attrs = instr.attributes
    lhs, rhs = instr.operands
    if "operand_precision" not in attrs and "algorithm" not in attrs:  # the common dot: one build per form
        key = (
            "dot",
            lhs.shape.rank,
            rhs.shape.rank,
            attrs.get("lhs_contracting_dims"),
            attrs.get("rhs_contracting_dims"),
            attrs.get("lhs_batch_dims"),
            attrs.get("rhs_batch_dims"),
        )
        return A.memo(key, _dot, instr)
    return _dot(instr)


def _dot(instr: HloInstruction) -> tuple[str, dict[str, ir.Attribute]]:
    attrs = instr.attributes
    lhs_rank, rhs_rank = (o.shape.rank for o in instr.operands)
    lhs_c, rhs_c = tuple(attrs.get("lhs_contracting_dims", ())), tuple(attrs.get("rhs_contracting_dims", ()))
    plain = (
        not attrs.get("lhs_batch_dims")
        and not attrs.get("rhs_batch_dims")
        and lhs_rank in (1, 2)
        and attrs.get("algorithm") is None
        and rhs_rank in (1, 2)
        and lhs_c == (lhs_rank - 1,)
        and rhs_c == (0,)
    )
    if plain:
        # A vector/matrix product is `stablehlo.dot`, as XLA's importer writes it.
        precision = A.precision_config(instr, 2)
        return "stablehlo.dot", {"precision_config": precision} if precision is not None else {}
    numbers = stablehlo.DotDimensionNumbers.get(
        lhs_batching_dimensions=list(attrs.get("lhs_batch_dims", ())),
        rhs_batching_dimensions=list(attrs.get("rhs_batch_dims", ())),
        lhs_contracting_dimensions=list(attrs.get("lhs_contracting_dims", ())),
        rhs_contracting_dimensions=list(attrs.get("rhs_contracting_dims", ())),
    )
    attributes: dict[str, ir.Attribute] = {"dot_dimension_numbers": numbers}
    precision = A.precision_config(instr, 2)
    if precision is not None:
        attributes["precision_config"] = precision
    algorithm = attrs.get("algorithm")
    if algorithm is not None:
        attributes["algorithm"] = _dot_algorithm(instr, algorithm.name)
    return "stablehlo.dot_general", attributes


def _dot_algorithm(instr: HloInstruction, preset: str) -> ir.Attribute:
    """XLA's `algorithm=dot_bf16_bf16_f32_x3` preset as `#stablehlo.dot_algorithm<...>`."""
    if preset in ("dot_any_f8_any_f8_f32", "dot_any_f8_any_f8_f32_fast_accum"):
        # f8 operands of either kind: XLA's importer (and exporter) stand for them by f8E5M2, and for fast
        # accumulation by allow_imprecise_accumulation
        return _algorithm_attr("f8E5M2", "f8E5M2", "f32", 1, preset.endswith("_fast_accum"))
    parts = preset.split("_")
    operations = 1
    if parts[-1].startswith("x") and parts[-1][1:].isdigit() and len(parts[-1]) < 10:
        operations = int(parts.pop()[1:])
    if len(parts) != 4 or parts[0] != "dot" or "any" in parts:
        raise NoStableHloForm(f"dot algorithm preset '{preset}' has no StableHLO equivalent", op=instr.name)
    lhs, rhs, acc = parts[1:]
    return _algorithm_attr(lhs, rhs, acc, operations, False)


def _algorithm_attr(lhs: str, rhs: str, acc: str, operations: int, imprecise: bool) -> ir.Attribute:
    return ir.Attribute.parse(
        f"#stablehlo.dot_algorithm<lhs_precision_type = {lhs}, rhs_precision_type = {rhs}, "
        f"accumulation_type = {acc}, lhs_component_count = 1, rhs_component_count = 1, "
        f"num_primitive_operations = {operations}, allow_imprecise_accumulation = {str(imprecise).lower()}>"
    )


@register("convolution")
def convolution(ctx: OpContext) -> Tree:
    labels = ctx.required("dim_labels")
    numbers = stablehlo.ConvDimensionNumbers.get(
        input_batch_dimension=labels.input_batch_dimension,
        input_feature_dimension=labels.input_feature_dimension,
        input_spatial_dimensions=list(labels.input_spatial_dimensions),
        kernel_input_feature_dimension=labels.kernel_input_feature_dimension,
        kernel_output_feature_dimension=labels.kernel_output_feature_dimension,
        kernel_spatial_dimensions=list(labels.kernel_spatial_dimensions),
        output_batch_dimension=labels.output_batch_dimension,
        output_feature_dimension=labels.output_feature_dimension,
        output_spatial_dimensions=list(labels.output_spatial_dimensions),
    )
    attributes: dict[str, ir.Attribute] = {
        "dimension_numbers": numbers,
        "feature_group_count": A.i64(ctx.attr("feature_group_count", 1)),
        "batch_group_count": A.i64(ctx.attr("batch_group_count", 1)),
    }
    window = ctx.attr("window")
    if window is not None and window.dimensions:
        dims = window.dimensions
        attributes["window_strides"] = A.i64_array([d.stride for d in dims])
        attributes["padding"] = A.dense_i64(np.array([[d.padding_low, d.padding_high] for d in dims]))
        attributes["lhs_dilation"] = A.i64_array([d.base_dilation for d in dims])
        attributes["rhs_dilation"] = A.i64_array([d.window_dilation for d in dims])
        if any(d.window_reversal for d in dims):
            attributes["window_reversal"] = A.bool_array([d.window_reversal for d in dims])
    precision = A.precision_config(ctx.instr, 2)
    if precision is not None:
        attributes["precision_config"] = precision
    # a sparse operand's layout (XLA's sparsity_config): no field of StableHLO's convolution
    attributes.update(A.carried(ctx.instr, ("sparsity_config",)))
    return ctx.op("stablehlo.convolution", ctx.values(), attributes=attributes).result
