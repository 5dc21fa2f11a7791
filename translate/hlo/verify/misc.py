"""Rules of the remaining opcodes with a shape to infer: fft, custom-call, device ids, infeed/outfeed,
rng-bit-generator, topk, cholesky, triangular-solve, batch norms."""

from __future__ import annotations

from hlo_translate.errors import TranslateError
from hlo_translate.hlo.attributes import RawAttr, split_top_level
from hlo_translate.hlo.ir import HloInstruction
from hlo_translate.hlo.types import PrimitiveType, Shape, parse_shape
from hlo_translate.hlo.verify.core import (VerifyContext, array, check_enum, expect_shape, fail, rule, same_shape, text,
                                           with_dims)

_COMPLEX_OF = {PrimitiveType.F32: PrimitiveType.C64, PrimitiveType.F64: PrimitiveType.C128}
_REAL_OF = {c: r for r, c in _COMPLEX_OF.items()}


@rule("fft")
def fft(instr: HloInstruction, ctx: VerifyContext) -> None:
    operand = array(instr, 0)
    kind = instr.attributes["fft_type"].name
    lengths = list(instr.attributes["fft_length"])
    n = len(lengths)
    if not 1 <= n <= 3 or operand.rank < n:
        raise fail(instr, "attribute", f"fft_length {lengths} does not fit {text(operand)}")
    inner = list(operand.dimensions[operand.rank - n:])
    outer = list(operand.dimensions[:operand.rank - n])
    if kind in ("FFT", "IFFT"):
        if not operand.element_type.is_complex or inner != lengths:
            raise fail(instr, "shape", f"{kind} of {text(operand)} needs complex innermost dimensions {lengths}")
        expect_shape(instr, operand)
    elif kind == "RFFT":
        if operand.element_type not in _COMPLEX_OF or inner != lengths:
            raise fail(instr, "shape", f"RFFT of {text(operand)} needs real innermost dimensions {lengths}")
        expect_shape(instr, with_dims(_COMPLEX_OF[operand.element_type], [*outer, *lengths[:-1],
                                                                          lengths[-1] // 2 + 1]))
    elif kind == "IRFFT":
        if operand.element_type not in _REAL_OF or inner != [*lengths[:-1], lengths[-1] // 2 + 1]:
            raise fail(instr, "shape", f"IRFFT of {text(operand)} does not match fft_length {lengths}")
        expect_shape(instr, with_dims(_REAL_OF[operand.element_type], [*outer, *lengths]))
    else:
        raise fail(instr, "attribute", f"unknown fft_type {kind}")


@rule("custom-call")
def custom_call(instr: HloInstruction, ctx: VerifyContext) -> None:
    constraints = instr.attributes.get("operand_layout_constraints")
    if isinstance(constraints, RawAttr):
        inner = constraints.text.strip()
        inner = inner[1:-1] if inner.startswith("{") and inner.endswith("}") else inner
        items = split_top_level(inner) if inner.strip() else []
        if len(items) != len(instr.operands):
            raise fail(instr, "attribute", f"{len(items)} operand layout constraints for {len(instr.operands)} "
                                           "operands")
        for i, (item, operand) in enumerate(zip(items, instr.operands)):
            try:
                constraint = parse_shape(item.strip())
            except TranslateError as err:
                raise fail(instr, "attribute", f"operand layout constraint {i}: {err.message}") from None
            if constraint.without_layouts() != operand.shape.without_layouts():
                raise fail(instr, "attribute", f"operand layout constraint {text(constraint)} is not operand {i}'s "
                                               f"shape {text(operand.shape)}")
    if "to_apply" in instr.attributes and "called_computations" in instr.attributes:
        raise fail(instr, "attribute", "a custom-call takes to_apply or called_computations, not both")


_U32_SCALAR = with_dims(PrimitiveType.U32, ())


@rule("replica-id", "partition-id")
def device_id(instr: HloInstruction, ctx: VerifyContext) -> None:
    expect_shape(instr, _U32_SCALAR)


@rule("infeed")
def infeed(instr: HloInstruction, ctx: VerifyContext) -> None:
    shape = instr.shape
    if not shape.is_tuple or len(shape.tuple_shapes) != 2 or \
            shape.tuple_shapes[1].element_type != PrimitiveType.TOKEN:
        raise fail(instr, "shape", f"infeed has shape (data, token[]), not {text(shape)}")


@rule("outfeed")
def outfeed(instr: HloInstruction, ctx: VerifyContext) -> None:
    expect_shape(instr, Shape.token())


@rule("rng")
def rng(instr: HloInstruction, ctx: VerifyContext) -> None:
    check_enum(instr, "distribution", frozenset({"RNG_UNIFORM", "RNG_NORMAL"}), any_case=True)


@rule("rng-bit-generator")
def rng_bit_generator(instr: HloInstruction, ctx: VerifyContext) -> None:
    check_enum(instr, "algorithm", frozenset({"RNG_DEFAULT", "RNG_THREE_FRY", "RNG_PHILOX"}), any_case=True)
    shape, state = instr.shape, instr.operands[0].shape
    if not shape.is_tuple or len(shape.tuple_shapes) != 2 or not same_shape(shape.tuple_shapes[0], state):
        raise fail(instr, "shape", f"rng-bit-generator of state {text(state)} has shape (state, values), "
                                   f"not {text(shape)}")


@rule("topk")
def topk(instr: HloInstruction, ctx: VerifyContext) -> None:
    operand = array(instr, 0)
    k = instr.attributes["k"]
    if operand.rank == 0 or not 0 <= k <= operand.dimensions[-1]:
        raise fail(instr, "attribute", f"k={k} does not fit {text(operand)}")
    dims = [*operand.dimensions[:-1], k]
    expect_shape(instr, Shape.tuple_of([with_dims(operand.element_type, dims), with_dims(PrimitiveType.S32, dims)]))


@rule("cholesky", "domain")
def same_as_operand(instr: HloInstruction, ctx: VerifyContext) -> None:
    expect_shape(instr, instr.operands[0].shape)


@rule("triangular-solve")
def triangular_solve(instr: HloInstruction, ctx: VerifyContext) -> None:
    expect_shape(instr, instr.operands[1].shape)


@rule("batch-norm-training", "batch-norm-grad", "batch-norm-inference")
def batch_norm(instr: HloInstruction, ctx: VerifyContext) -> None:
    operand = array(instr, 0)
    feature = instr.attributes["feature_index"]
    if not 0 <= feature < operand.rank:
        raise fail(instr, "attribute", f"feature_index {feature} is out of range for {text(operand)}")
    if instr.opcode == "batch-norm-inference":
        expect_shape(instr, operand)
        return
    per_feature = with_dims(operand.element_type, (operand.dimensions[feature],))
    expect_shape(instr, Shape.tuple_of([operand, per_feature, per_feature]))
