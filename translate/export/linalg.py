"""Linear algebra and friends: dot, dot_general, convolution, cholesky, triangular_solve, fft, batch norm."""

from __future__ import annotations

from jaxlib.mlir import ir

from translate.errors import TranslateError
from translate.export import mlir_attrs as A
from translate.export.context import Builder
from translate.export.reduction import make_window, padding_pairs
from translate.export.registry import handles
from translate.hlo.attributes import ConvDimLabels, Enum
from translate.hlo.ir import HloInstruction


def _precision(op: ir.Operation) -> dict[str, object]:
    """`operand_precision={high,highest}`; omitted when every operand is DEFAULT, as XLA prints it."""
    precisions = A.precision_list(A.get(op, "precision_config"))
    if not precisions or all(p == "DEFAULT" for p in precisions):
        return {}
    return {"operand_precision": tuple(Enum(p.lower()) for p in precisions)}


def _reject_algorithm(op: ir.Operation) -> None:
    if A.has(op, "algorithm"):
        raise TranslateError("dot algorithms are not supported yet")


@handles("stablehlo.dot_general")
def _dot_general(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    _reject_algorithm(op)
    dn = A.dot_dims(op.attributes["dot_dimension_numbers"])
    attrs: dict[str, object] = {}
    if dn.lhs_batching_dimensions:
        attrs["lhs_batch_dims"] = tuple(dn.lhs_batching_dimensions)
    attrs["lhs_contracting_dims"] = tuple(dn.lhs_contracting_dimensions)
    if dn.rhs_batching_dimensions:
        attrs["rhs_batch_dims"] = tuple(dn.rhs_batching_dimensions)
    attrs["rhs_contracting_dims"] = tuple(dn.rhs_contracting_dimensions)
    attrs.update(_precision(op))
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
    window = make_window(spatial, sizes, A.i64_list(A.get(op, "window_strides")),
                         padding_pairs(A.get(op, "padding")), A.i64_list(A.get(op, "lhs_dilation")),
                         A.i64_list(A.get(op, "rhs_dilation")), A.i64_list(A.get(op, "window_reversal")))
    labels = ConvDimLabels(
        dn.input_batch_dimension, dn.input_feature_dimension, tuple(dn.input_spatial_dimensions),
        dn.kernel_input_feature_dimension, dn.kernel_output_feature_dimension,
        tuple(dn.kernel_spatial_dimensions), dn.output_batch_dimension, dn.output_feature_dimension,
        tuple(dn.output_spatial_dimensions))
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
    attrs = {"fft_type": Enum(A.enum_word(op.attributes["fft_type"])),
             "fft_length": A.i64_list(op.attributes["fft_length"])}
    return [b.add("fft", b.result_shape(op), b.operands(op), attrs)]


def _batch_norm(opcode: str):
    def handler(b: Builder, op: ir.Operation) -> list[HloInstruction]:
        attrs = {"epsilon": A.float_value(op.attributes["epsilon"]),
                 "feature_index": A.integer(op.attributes["feature_index"])}
        instr = b.add(opcode, b.result_shape(op), b.operands(op), attrs)
        return b.split(op, instr)

    return handler


handles("stablehlo.batch_norm_inference")(_batch_norm("batch-norm-inference"))
handles("stablehlo.batch_norm_training")(_batch_norm("batch-norm-training"))
handles("stablehlo.batch_norm_grad")(_batch_norm("batch-norm-grad"))
