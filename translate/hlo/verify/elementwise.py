"""Shape rules of elementwise opcodes: unary, binary, compare, select/clamp, convert, map."""

from __future__ import annotations

from hlo_translate.hlo.ir import (
    BINARY_ELEMENTWISE,
    COMPARISON_ORDERS,
    COMPARISON_TYPES,
    UNARY_ELEMENTWISE,
    HloInstruction,
    PrimitiveType,
    Shape,
)
from hlo_translate.hlo.verify.core import (
    VerifyContext,
    array,
    check_enum,
    expect_shape,
    fail,
    rule,
    same_dims,
    same_shape,
    text,
    with_dims,
)

_PRED = PrimitiveType.PRED
_COMPLEX_PART = {PrimitiveType.C64: PrimitiveType.F32, PrimitiveType.C128: PrimitiveType.F64}
_TO_REAL = frozenset({"abs", "real", "imag"})
_SPECIAL_TYPES = frozenset({"convert", "bitcast-convert", "is-finite", "stochastic-convert", "compare", "complex"})


# Element type classes each elementwise opcode takes, as XLA rejects the others (checked against XLA's verdict on
# pred, s32, u32, f32 and c64 operands). P pred, S signed, U unsigned integer, F floating point, C complex.
_FLOAT, _FLOAT_COMPLEX, _INTEGER = frozenset("F"), frozenset("FC"), frozenset("SU")
_ELEMENT_CLASSES: dict[str, frozenset[str]] = {
    **dict.fromkeys(
        ("floor", "ceil", "round-nearest-afz", "round-nearest-even", "reduce-precision", "cbrt", "erf"), _FLOAT
    ),
    **dict.fromkeys(
        (
            "sine",
            "cosine",
            "tan",
            "tanh",
            "exponential",
            "exponential-minus-one",
            "log",
            "log-plus-one",
            "logistic",
            "sqrt",
            "rsqrt",
            "real",
            "imag",
            "atan2",
            "acos",
            "acosh",
            "asin",
            "asinh",
            "atanh",
            "cosh",
            "sinh",
        ),
        _FLOAT_COMPLEX,
    ),
    **dict.fromkeys(
        ("popcnt", "count-leading-zeros", "shift-left", "shift-right-arithmetic", "shift-right-logical"), _INTEGER
    ),
    **dict.fromkeys(("not", "and", "or", "xor"), frozenset("PSU")),
    **dict.fromkeys(("abs", "sign"), frozenset("SFC")),
    **dict.fromkeys(("negate", "subtract", "divide", "remainder", "power"), frozenset("SUFC")),
}


def _element_class(element: PrimitiveType) -> str:
    if element == _PRED:
        return "P"
    if element.is_float:
        return "F"
    if element.is_complex:
        return "C"
    return "S" if element.is_signed_int else "U" if element.is_unsigned_int else "?"


def _check_element_type(instr: HloInstruction, element: PrimitiveType) -> None:
    classes = _ELEMENT_CLASSES.get(instr.opcode)
    if classes is not None and _element_class(element) not in classes:
        raise fail(instr, "type", f"{instr.opcode} does not take {element.text} operands")


def _same_operand_dims(instr: HloInstruction) -> Shape:
    """Elementwise operands have the result's dimensions: HLO has no implicit broadcast."""
    result = instr.shape
    if not result.is_array:
        raise fail(instr, "shape", f"an elementwise result must be an array, not {text(result)}")
    dims = result.dimensions
    for i, operand in enumerate(instr.operands):
        if operand.shape.dimensions != dims or operand.shape.is_tuple:
            shape = array(instr, i)
            raise fail(
                instr,
                "shape",
                f"operand {i} is {text(shape)} but the result is {text(result)}: "
                "implicit broadcast is not allowed in HLO",
            )
    return result


@rule(*(UNARY_ELEMENTWISE - _SPECIAL_TYPES - {"reduce-precision"}), "reduce-precision")
def unary(instr: HloInstruction, ctx: VerifyContext) -> None:
    if not instr.operands[0].shape.is_array:
        if instr.opcode == "copy":  # copy of a tuple is allowed
            expect_shape(instr, instr.operands[0].shape)
            return
    operand = array(instr, 0)
    element = operand.element_type
    _check_element_type(instr, element)
    if instr.opcode == "reduce-precision" and (
        instr.attributes["exponent_bits"] < 1 or instr.attributes["mantissa_bits"] < 0
    ):
        raise fail(instr, "attribute", "reduce-precision needs exponent_bits >= 1 and mantissa_bits >= 0")
    if instr.opcode in _TO_REAL and element in _COMPLEX_PART:
        element = _COMPLEX_PART[element]
    result = instr.shape
    if result.element_type != element or result.dimensions != operand.dimensions or result.is_tuple:
        expect_shape(instr, with_dims(element, operand.dimensions))


@rule("is-finite")
def is_finite(instr: HloInstruction, ctx: VerifyContext) -> None:
    operand = array(instr, 0)
    if not operand.element_type.is_float:
        raise fail(instr, "type", f"is-finite needs a floating-point operand, not {text(operand)}")
    expect_shape(instr, with_dims(_PRED, operand.dimensions))


@rule("convert", "stochastic-convert")
def convert(instr: HloInstruction, ctx: VerifyContext) -> None:
    _same_operand_dims(instr)


def _bitcast_width(element_type: PrimitiveType) -> int:
    """The bits bitcast-convert counts: a pred is 1 bit there (XLA's primitive_util::BitWidth), though stored
    in a byte."""
    return 1 if element_type == PrimitiveType.PRED else element_type.bit_width


@rule("bitcast-convert")
def bitcast_convert(instr: HloInstruction, ctx: VerifyContext) -> None:
    operand, result = array(instr, 0), instr.shape
    if not result.is_array:
        raise fail(instr, "shape", f"result must be an array, not {text(result)}")
    in_bits, out_bits = _bitcast_width(operand.element_type), _bitcast_width(result.element_type)
    dims = list(operand.dimensions)
    if in_bits > out_bits:
        dims.append(in_bits // out_bits)
    elif in_bits < out_bits:
        if not dims or dims[-1] != out_bits // in_bits:
            raise fail(
                instr,
                "shape",
                f"bitcast-convert from {text(operand)} to {result.element_type.text} "
                f"needs a last dimension of {out_bits // in_bits}",
            )
        dims.pop()
    expect_shape(instr, with_dims(result.element_type, dims))


@rule(*(BINARY_ELEMENTWISE - _SPECIAL_TYPES))
def binary(instr: HloInstruction, ctx: VerifyContext) -> None:
    result = _same_operand_dims(instr)
    lhs, rhs = instr.operands[0].shape, instr.operands[1].shape
    if lhs.element_type != rhs.element_type:
        raise fail(instr, "type", f"operands {text(lhs)} and {text(rhs)} differ in element type")
    _check_element_type(instr, lhs.element_type)
    if result.element_type != lhs.element_type:
        expect_shape(instr, with_dims(lhs.element_type, result.dimensions))


@rule("complex")
def complex_(instr: HloInstruction, ctx: VerifyContext) -> None:
    result = _same_operand_dims(instr)
    lhs, rhs = instr.operands[0].shape, instr.operands[1].shape
    if lhs.element_type != rhs.element_type or lhs.element_type not in (PrimitiveType.F32, PrimitiveType.F64):
        raise fail(instr, "type", f"complex needs two f32 or two f64 operands, not {text(lhs)}, {text(rhs)}")
    element = PrimitiveType.C64 if lhs.element_type == PrimitiveType.F32 else PrimitiveType.C128
    expect_shape(instr, with_dims(element, result.dimensions))


@rule("compare")
def compare(instr: HloInstruction, ctx: VerifyContext) -> None:
    result = _same_operand_dims(instr)
    lhs, rhs = instr.operands[0].shape, instr.operands[1].shape
    if lhs.element_type != rhs.element_type:
        raise fail(instr, "type", f"operands {text(lhs)} and {text(rhs)} differ in element type")
    direction = instr.attributes["direction"].name
    if direction not in ("EQ", "NE", "LT", "LE", "GT", "GE"):
        raise fail(instr, "attribute", f"unknown comparison direction '{direction}'")
    check_enum(instr, "order", COMPARISON_ORDERS)
    check_enum(instr, "type", COMPARISON_TYPES)
    expect_shape(instr, with_dims(_PRED, result.dimensions))


@rule("select")
def select(instr: HloInstruction, ctx: VerifyContext) -> None:
    pred, on_true, on_false = (array(instr, i) for i in range(3))
    if pred.element_type != _PRED:
        raise fail(instr, "type", f"select's predicate must be pred, not {text(pred)}")
    # A scalar predicate selects whole arrays: XLA's parser and compiler accept it (StableHLO writes it).
    if (pred.rank and not same_dims(pred, on_true)) or not same_shape(on_true, on_false):
        raise fail(
            instr,
            "shape",
            f"select of {text(pred)}, {text(on_true)}, {text(on_false)}: the operands must have one shape",
        )
    expect_shape(instr, on_true)


@rule("clamp")
def clamp(instr: HloInstruction, ctx: VerifyContext) -> None:
    low, operand, high = (array(instr, i) for i in range(3))
    for bound in (low, high):
        if bound.element_type != operand.element_type or (bound.rank and bound.dimensions != operand.dimensions):
            raise fail(instr, "shape", f"clamp bound {text(bound)} must be a scalar or {text(operand)}")
    expect_shape(instr, operand)


@rule("map")
def map_(instr: HloInstruction, ctx: VerifyContext) -> None:
    result = instr.shape
    for i in range(len(instr.operands)):
        if not same_dims(array(instr, i), result):
            raise fail(instr, "shape", f"map operand {i} is {text(instr.operands[i].shape)}, the result {text(result)}")
    params, root = instr.attributes["to_apply"].program_shape()
    if len(params) != len(instr.operands):
        raise fail(
            instr, "signature", f"map's computation takes {len(params)} parameters for {len(instr.operands)} operands"
        )
    expect_shape(instr, with_dims(root.element_type, result.dimensions))
