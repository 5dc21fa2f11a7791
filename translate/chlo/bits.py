"""Predicates on floats (is_inf, is_pos_inf, is_neg_inf) and bit-level ops (next_after, mulhi)."""

from __future__ import annotations

from jaxlib.mlir import ir

from hlo_translate.chlo.builder import (
    V,
    bitcast,
    convert,
    inf,
    nan,
    select,
    shift_right_arithmetic,
    shift_right_logical,
)
from hlo_translate.chlo.registry import RuleContext, decomposes


def next_after(x: V, y: V) -> V:
    """The float next to x in the direction of y, by stepping x's bit pattern: magnitude down when
    the signs differ or |x| > |y|, up otherwise; y when x == y, the smallest subnormal signed like
    y when x is 0, nan when either is nan."""
    width = ir.FloatType(x.element_type).width
    int_type = ir.IntegerType.get_signless(width)
    x_bits, y_bits = bitcast(x, int_type), bitcast(y, int_type)
    nan_input = x.ne(x) | y.ne(y)
    nan_bits = bitcast(nan(x), int_type)

    # Signless integers are two's complement: the sign bit is the most negative value.
    sign_mask = x_bits.like(-(1 << (width - 1)))
    magnitude_mask = x_bits.like((1 << (width - 1)) - 1)
    x_abs, y_abs = x_bits & magnitude_mask, y_bits & magnitude_mask
    x_and_y_are_equal = x.eq(y)
    x_is_zero, y_is_zero = x_abs.eq(0), y_abs.eq(0)
    x_sign, y_sign = x_bits & sign_mask, y_bits & sign_mask
    one = x_bits.like(1)
    toward_zero = x_abs.gt(y_abs) | x_sign.ne(y_sign)
    result = x_bits + select(toward_zero, x_bits.like(-1), one)
    result = select(x_is_zero, select(y_is_zero, y_bits, y_sign | one), result)
    result = select(x_and_y_are_equal, y_bits, result)
    result = select(nan_input, nan_bits, result)
    return bitcast(result, x.element_type)


def mulhi(lhs: V, rhs: V) -> V:
    """The high half of the double-width product of two integers (HLO's mulhi)."""
    element = ir.IntegerType(lhs.element_type)
    width = element.width
    if width < 64:
        wide = (ir.IntegerType.get_unsigned if element.is_unsigned else ir.IntegerType.get_signless)(2 * width)
        product = convert(lhs, wide) * convert(rhs, wide)
        shift = shift_right_logical if element.is_unsigned else shift_right_arithmetic
        return convert(shift(product, width), lhs.element_type)
    u64 = ir.IntegerType.get_unsigned(64)
    a, b = bitcast(lhs, u64), bitcast(rhs, u64)
    high = _umulhi64(a, b)
    if not element.is_unsigned:
        # Two's complement: hi_signed = hi_unsigned - (a < 0 ? b : 0) - (b < 0 ? a : 0) (mod 2**64).
        zero = a.like(0)
        high = high - select(lhs.lt(0), b, zero) - select(rhs.lt(0), a, zero)
    return bitcast(high, lhs.element_type)


def _umulhi64(a: V, b: V) -> V:
    """High 64 bits of a u64 x u64 product from four 32 x 32 -> 64 partial products."""
    low_mask = a.like(0xFFFFFFFF)
    a_lo, a_hi = a & low_mask, shift_right_logical(a, 32)
    b_lo, b_hi = b & low_mask, shift_right_logical(b, 32)
    lo_lo, hi_lo = a_lo * b_lo, a_hi * b_lo
    lo_hi, hi_hi = a_lo * b_hi, a_hi * b_hi
    cross = shift_right_logical(lo_lo, 32) + (hi_lo & low_mask) + lo_hi
    return hi_hi + shift_right_logical(hi_lo, 32) + shift_right_logical(cross, 32)


def _float_operand(ctx: RuleContext) -> V:
    (x,) = ctx.operands
    if not isinstance(x.element_type, ir.FloatType):
        raise ctx.error(f"unsupported CHLO op: element type {x.element_type}")
    return x


@decomposes("chlo.is_inf")
def _is_inf(ctx: RuleContext) -> list[V]:
    x = _float_operand(ctx)
    return [abs(x).eq(inf(x))]


@decomposes("chlo.is_pos_inf")
def _is_pos_inf(ctx: RuleContext) -> list[V]:
    x = _float_operand(ctx)
    return [x.eq(inf(x))]


@decomposes("chlo.is_neg_inf")
def _is_neg_inf(ctx: RuleContext) -> list[V]:
    x = _float_operand(ctx)
    return [x.eq(inf(x, negative=True))]


@decomposes("chlo.next_after")
def _next_after(ctx: RuleContext) -> list[V]:
    x, y = ctx.operands
    if not isinstance(x.element_type, ir.FloatType):
        raise ctx.error(f"unsupported CHLO op: element type {x.element_type}")
    return [next_after(x, y)]


@decomposes("chlo.mulhi")
def _mulhi(ctx: RuleContext) -> list[V]:
    lhs, rhs = ctx.operands
    if not isinstance(lhs.element_type, ir.IntegerType):
        raise ctx.error(f"unsupported CHLO op: element type {lhs.element_type}")
    return [mulhi(lhs, rhs)]
