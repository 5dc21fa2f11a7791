"""Linear algebra and friends: dot, dot_general, convolution, cholesky, triangular_solve, fft, batch norm."""

from __future__ import annotations

import numpy as np
from jaxlib.mlir import ir
from jaxlib.mlir.dialects import stablehlo

from hlo_translate.errors import TranslateError
from hlo_translate.export import mlir_attrs as A
from hlo_translate.export.context import Builder
from hlo_translate.export.reduction import make_window, padding_pairs
from hlo_translate.export.registry import handles
from hlo_translate.hlo.ir import ConvDimLabels, Enum, HloInstruction
from hlo_translate.hlo.verify.misc import fft_problem


def _precision(op: ir.Operation) -> dict[str, object]:
    """`operand_precision={high,highest}`; omitted when every operand is DEFAULT, as XLA prints it."""
    precisions = A.precision_list(A.get(op, "precision_config"))
    if not precisions or all(p == "DEFAULT" for p in precisions):
        return {}
    return {"operand_precision": tuple(Enum(p.lower()) for p in precisions)}


def _algorithm(op: ir.Operation) -> dict[str, object]:
    """`#stablehlo.dot_algorithm<...>` as XLA's `algorithm=dot_<lhs>_<rhs>_<acc>[_x<N>]` preset name."""
    if not A.has(op, "algorithm"):
        return {}
    algo = stablehlo.DotAlgorithm(op.attributes["algorithm"])
    lhs, rhs, acc = (
        _precision_name(t) for t in (algo.lhs_precision_type, algo.rhs_precision_type, algo.accumulation_type)
    )
    name = f"dot_{lhs}_{rhs}_{acc}"
    if lhs.startswith("f8") and rhs.startswith("f8"):
        name = "dot_any_f8_any_f8_f32" + ("_fast_accum" if algo.allow_imprecise_accumulation else "")
    elif algo.num_primitive_operations > 1:
        name += f"_x{algo.num_primitive_operations}"
    if (algo.lhs_component_count, algo.rhs_component_count) != (1, 1) or name.upper() not in _DOT_PRESETS:
        raise TranslateError(f"dot algorithm {algo} has no XLA preset")
    return {"algorithm": Enum(name)}


def _precision_name(t: ir.Type) -> str:
    text = str(t)
    return "f8" if text.startswith("f8") else text


_DOT_PRESETS = frozenset(
    "DOT_ANY_F8_ANY_F8_F32 DOT_ANY_F8_ANY_F8_F32_FAST_ACCUM DOT_F16_F16_F16 DOT_F16_F16_F32 DOT_BF16_BF16_BF16 "
    "DOT_BF16_BF16_F32 DOT_BF16_BF16_F32_X3 DOT_BF16_BF16_F32_X6 DOT_BF16_BF16_F32_X9 DOT_TF32_TF32_F32 "
    "DOT_TF32_TF32_F32_X3 DOT_F32_F32_F32 DOT_F64_F64_F64".split()
)


def dot_dimension_attrs(dn) -> dict[str, object]:
    """A dot's dimension numbers as HLO's attributes (the batch ones only where there are any)."""
    attrs: dict[str, object] = {}
    if dn.lhs_batching_dimensions:
        attrs["lhs_batch_dims"] = tuple(dn.lhs_batching_dimensions)
    attrs["lhs_contracting_dims"] = tuple(dn.lhs_contracting_dimensions)
    if dn.rhs_batching_dimensions:
        attrs["rhs_batch_dims"] = tuple(dn.rhs_batching_dimensions)
    attrs["rhs_contracting_dims"] = tuple(dn.rhs_contracting_dimensions)
    return attrs


@handles("stablehlo.dot_general")
def _dot_general(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    op_attrs = op.attributes
    # A model's dots share a few attribute sets (MLIR uniques attributes): each set is read once per module.
    key = (
        op_attrs["dot_dimension_numbers"],
        A.get(op, "precision_config", op_attrs),
        A.get(op, "algorithm", op_attrs),
    )
    attrs = b.ctx.dot_attributes.get(key)
    if attrs is None:
        attrs = dot_dimension_attrs(A.dot_dims(key[0]))
        attrs.update(_precision(op))
        attrs.update(_algorithm(op))
        b.ctx.dot_attributes[key] = attrs
    return [b.add("dot", b.result_shape(op), b.operands(op), attrs)]


@handles("stablehlo.dot")
def _dot(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    lhs_rank = b.shape(op.operands[0]).rank
    attrs: dict[str, object] = {"lhs_contracting_dims": (lhs_rank - 1,), "rhs_contracting_dims": (0,)}
    attrs.update(_precision(op))
    return [b.add("dot", b.result_shape(op), b.operands(op), attrs)]


@handles("stablehlo.convolution")
def _convolution(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    dn = A.conv_dims(op.attributes["dimension_numbers"])
    spatial = len(dn.input_spatial_dimensions)
    kernel_shape = b.shape(op.operands[1])
    sizes = tuple(kernel_shape.dimensions[d] for d in dn.kernel_spatial_dimensions)
    window = make_window(
        spatial,
        sizes,
        A.i64_list(A.get(op, "window_strides")),
        padding_pairs(A.get(op, "padding")),
        A.i64_list(A.get(op, "lhs_dilation")),
        A.i64_list(A.get(op, "rhs_dilation")),
        A.i64_list(A.get(op, "window_reversal")),
    )
    labels = ConvDimLabels(
        dn.input_batch_dimension,
        dn.input_feature_dimension,
        tuple(dn.input_spatial_dimensions),
        dn.kernel_input_feature_dimension,
        dn.kernel_output_feature_dimension,
        tuple(dn.kernel_spatial_dimensions),
        dn.output_batch_dimension,
        dn.output_feature_dimension,
        tuple(dn.output_spatial_dimensions),
    )
    attrs: dict[str, object] = {}
    if spatial:
        attrs["window"] = window
    attrs["dim_labels"] = labels
    feature_groups = A.integer(A.get(op, "feature_group_count"), 1)
    batch_groups = A.integer(A.get(op, "batch_group_count"), 1)
    if feature_groups != 1:
        attrs["feature_group_count"] = feature_groups
    if batch_groups != 1:
        attrs["batch_group_count"] = batch_groups
    attrs.update(_precision(op))
    return [b.add("convolution", b.result_shape(op), b.operands(op), attrs)]


@handles("stablehlo.cholesky")
def _cholesky(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    attrs = {"lower": True} if A.boolean(A.get(op, "lower")) else {}
    return [b.add("cholesky", b.result_shape(op), b.operands(op), attrs)]


@handles("stablehlo.triangular_solve")
def _triangular_solve(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    attrs: dict[str, object] = {}
    for name in ("left_side", "lower", "unit_diagonal"):
        if A.boolean(A.get(op, name)):
            attrs[name] = True
    attrs["transpose_a"] = Enum(A.enum_word(op.attributes["transpose_a"]) or "NO_TRANSPOSE")
    return [b.add("triangular-solve", b.result_shape(op), b.operands(op), attrs)]


@handles("stablehlo.fft")
def _fft(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    attrs = {
        "fft_type": Enum(A.enum_word(op.attributes["fft_type"])),
        "fft_length": A.i64_list(op.attributes["fft_length"]),
    }
    operand = b.shape(op.operands[0])
    problem = fft_problem(attrs["fft_type"].name, operand, list(attrs["fft_length"]))
    if problem is not None:  # what XLA's shape inference (and our verifier) would refuse in the HLO written
        raise TranslateError(problem)
    return [b.add("fft", b.result_shape(op), b.operands(op), attrs)]


def _f32_value(attr: ir.Attribute) -> float:
    """An f32 attribute's value as the shortest decimal that reads back as it (`0.001`, not the double
    0.0010000000474974513): the number an HLO module states, which XLA keeps as a float."""
    return float(str(np.float32(A.float_value(attr))))


def _batch_norm(opcode: str):
    def handler(b: Builder, op: ir.Operation) -> list[HloInstruction]:
        attrs = {
            "epsilon": _f32_value(op.attributes["epsilon"]),
            "feature_index": A.integer(op.attributes["feature_index"]),
        }
        instr = b.add(opcode, b.result_shape(op), b.operands(op), attrs)
        return b.split(op, instr)

    return handler


handles("stablehlo.batch_norm_inference")(_batch_norm("batch-norm-inference"))
handles("stablehlo.batch_norm_training")(_batch_norm("batch-norm-training"))
handles("stablehlo.batch_norm_grad")(_batch_norm("batch-norm-grad"))
