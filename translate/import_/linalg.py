"""fft, cholesky, triangular-solve, topk and the batch-norm ops."""

from __future__ import annotations

from jaxlib.mlir import ir

from hlo_translate.import_ import attrs as A
from hlo_translate.import_.importer import NoStableHloForm, OpContext, Tree, register
from hlo_translate.markers import UNSTABLE_TOPK


@register("fft")
def fft(ctx: OpContext) -> Tree:
    return ctx.single(
        "stablehlo.fft",
        ctx.values(),
        fft_type=A.FFT_TYPE.get(A.enum_word(ctx.required("fft_type")), ctx.instr.name),
        fft_length=A.i64_array(ctx.required("fft_length")),
    )


@register("cholesky")
def cholesky(ctx: OpContext) -> Tree:
    return ctx.single("stablehlo.cholesky", ctx.values(), lower=ir.BoolAttr.get(bool(ctx.attr("lower", False))))


@register("triangular-solve")
def triangular_solve(ctx: OpContext) -> Tree:
    transpose = ctx.attr("transpose_a")
    return ctx.single(
        "stablehlo.triangular_solve",
        ctx.values(),
        left_side=ir.BoolAttr.get(bool(ctx.attr("left_side", False))),
        lower=ir.BoolAttr.get(bool(ctx.attr("lower", False))),
        unit_diagonal=ir.BoolAttr.get(bool(ctx.attr("unit_diagonal", False))),
        transpose_a=A.TRANSPOSE.get(A.enum_word(transpose) if transpose else "NO_TRANSPOSE", ctx.instr.name),
    )


@register("topk")
def topk(ctx: OpContext) -> Tree:
    # StableHLO has no top-k; CHLO's (what JAX emits) is the largest-first form.
    if ctx.attr("largest", True) is False:
        raise NoStableHloForm("topk with largest=false has no StableHLO/CHLO form", op=ctx.instr.name)
    attributes = {"k": A.i64(ctx.required("k"))}
    if not ctx.attr("is_stable", False):
        # chlo.top_k is stable (an order any topk may give): the marker keeps the HLO's freedom for the way back
        attributes[UNSTABLE_TOPK] = ir.UnitAttr.get()
    _, tree = ctx.multi("chlo.top_k", ctx.values(), attributes)
    return tree


def _batch_norm(name: str):
    def handler(ctx: OpContext) -> Tree:
        attributes = {
            "epsilon": ir.FloatAttr.get(ir.F32Type.get(), float(ctx.required("epsilon"))),
            "feature_index": A.i64(ctx.required("feature_index")),
        }
        _, tree = ctx.multi(name, ctx.values(), attributes)
        return tree

    return handler


register("batch-norm-training")(_batch_norm("stablehlo.batch_norm_training"))
register("batch-norm-inference")(_batch_norm("stablehlo.batch_norm_inference"))
register("batch-norm-grad")(_batch_norm("stablehlo.batch_norm_grad"))
