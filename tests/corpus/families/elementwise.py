"""Elementwise unary and binary ops and comparisons over every CPU element type."""

from __future__ import annotations

import jax.numpy as jnp
from jax import lax

from tests.corpus.programs import (COMPLEXES, FLOATS, SIGNED, UNSIGNED, DTYPES, Fill, Program,
                                   arg, program)

SHAPE = (3, 5)


def _tuple_of(*ops):
    """A program body applying each op to the same arguments, returning all results."""
    return lambda *xs: tuple(op(*xs) for op in ops)


_FLOAT_BASIC = (lax.neg, lax.abs, lax.sign, lax.floor, lax.ceil, lax.round,
                lambda x: lax.round(x, lax.RoundingMethod.TO_NEAREST_EVEN),
                lax.is_finite, lax.square, lambda x: lax.integer_pow(x, 3), jnp.reciprocal)
_FLOAT_MATH = (lax.exp, lax.exp2, lax.expm1, lambda x: lax.log(lax.abs(x) + 0.5),
               lax.log1p, lambda x: lax.sqrt(lax.abs(x)), lambda x: lax.rsqrt(lax.abs(x) + 0.1),
               lax.cbrt, lax.sin, lax.cos, lax.tan, lax.tanh, lax.logistic, lax.atan,
               lax.sinh, lax.cosh, lax.asinh)
_FLOAT_INVERSE_TRIG = (lax.asin, lax.acos, lax.atanh, lambda x: lax.acosh(x + 2.0))
_FLOAT_BINARY = (lax.add, lax.sub, lax.mul, lax.div, lax.rem, lax.max, lax.min,
                 lambda x, y: lax.pow(lax.abs(x) + 0.5, y), lax.atan2, jnp.copysign)
_COMPARES = (lax.eq, lax.ne, lax.lt, lax.le, lax.gt, lax.ge)
_COMPLEX_UNARY = (lax.neg, lax.exp, lax.log, lax.sqrt, lax.rsqrt, lax.sin, lax.cos, lax.tan,
                  lax.tanh, lax.abs, lax.real, lax.imag, lax.conj, lax.sign, lax.expm1,
                  lax.log1p, lax.square)
_COMPLEX_BINARY = (lax.add, lax.sub, lax.mul, lax.div, lax.pow)
_INT_UNARY = (lax.neg, lax.abs, lax.sign, lax.bitwise_not, lax.population_count, lax.clz,
              lambda x: lax.integer_pow(x, 2))
_UINT_UNARY = (lax.bitwise_not, lax.population_count, lax.clz, lambda x: lax.integer_pow(x, 3))
_INT_BINARY = (lax.add, lax.sub, lax.mul, lax.div, lax.rem, lax.max, lax.min)
_BITWISE = (lax.bitwise_and, lax.bitwise_or, lax.bitwise_xor)
_SHIFTS = (lax.shift_left, lax.shift_right_logical, lax.shift_right_arithmetic)


def _float_programs(dtype: str) -> list[Program]:
    x = arg(dtype, *SHAPE, scale=2.0)
    return [
        program(f"unary_basic_{dtype}", _tuple_of(*_FLOAT_BASIC), [x], ("elementwise", "unary")),
        program(f"unary_math_{dtype}", _tuple_of(*_FLOAT_MATH), [arg(dtype, *SHAPE)],
                ("elementwise", "unary")),
        program(f"unary_inverse_trig_{dtype}", _tuple_of(*_FLOAT_INVERSE_TRIG),
                [arg(dtype, *SHAPE, fill=Fill.UNIFORM, low=-0.9, high=0.9)],
                ("elementwise", "unary")),
        program(f"binary_{dtype}", _tuple_of(*_FLOAT_BINARY),
                [x, arg(dtype, *SHAPE, fill=Fill.NONZERO, low=-3, high=3)],
                ("elementwise", "binary")),
        program(f"compare_{dtype}", _tuple_of(*_COMPARES),
                [arg(dtype, *SHAPE, fill=Fill.SPECIAL), arg(dtype, *SHAPE, fill=Fill.SPECIAL)],
                ("elementwise", "compare")),
    ]


def _complex_programs(dtype: str) -> list[Program]:
    x, y = arg(dtype, *SHAPE), arg(dtype, *SHAPE, fill=Fill.NONZERO, low=0.5, high=2)
    return [
        program(f"unary_{dtype}", _tuple_of(*_COMPLEX_UNARY), [x], ("elementwise", "unary")),
        program(f"binary_{dtype}", _tuple_of(*_COMPLEX_BINARY), [x, y], ("elementwise", "binary")),
        program(f"compare_{dtype}", _tuple_of(lax.eq, lax.ne), [x, x], ("elementwise", "compare")),
    ]


def _integer_programs(dtype: str) -> list[Program]:
    signed = dtype in SIGNED
    bits = DTYPES[dtype].itemsize * 8
    x = arg(dtype, *SHAPE, low=-100 if signed else 0, high=100)
    divisor = arg(dtype, *SHAPE, fill=Fill.NONZERO, low=-7 if signed else 1, high=8)
    shift = arg(dtype, *SHAPE, fill=Fill.UNIFORM, low=0, high=bits)
    unary = _INT_UNARY if signed else _UINT_UNARY
    return [
        program(f"unary_{dtype}", _tuple_of(*unary), [x], ("elementwise", "unary")),
        program(f"binary_{dtype}", _tuple_of(*_INT_BINARY), [x, divisor],
                ("elementwise", "binary")),
        program(f"bitwise_{dtype}",
                lambda a, b, s: tuple(op(a, b) for op in _BITWISE)
                + tuple(op(a, s) for op in _SHIFTS),
                [arg(dtype, *SHAPE, fill=Fill.BITS), arg(dtype, *SHAPE, fill=Fill.BITS), shift],
                ("elementwise", "binary", "bitwise")),
        program(f"compare_{dtype}", _tuple_of(*_COMPARES), [x, arg(dtype, *SHAPE)],
                ("elementwise", "compare")),
    ]


def _pred_programs() -> list[Program]:
    a, b = arg("pred", *SHAPE), arg("pred", *SHAPE)
    return [
        program("logic_pred", lambda x, y: (lax.bitwise_not(x), lax.bitwise_and(x, y),
                                             lax.bitwise_or(x, y), lax.bitwise_xor(x, y)),
                [a, b], ("elementwise", "unary", "binary")),
        program("compare_pred", _tuple_of(lax.eq, lax.ne, lax.lt, lax.ge), [a, b],
                ("elementwise", "compare")),
    ]


def _mixed_programs() -> list[Program]:
    f32 = arg("f32", *SHAPE)
    return [
        program("select_f32", lambda p, x, y: lax.select(p, x, y),
                [arg("pred", *SHAPE), f32, arg("f32", *SHAPE)], ("elementwise", "select")),
        program("select_scalar_pred_s32", lambda p, x, y: lax.select(p, x, y),
                [arg("pred"), arg("s32", *SHAPE), arg("s32", *SHAPE)], ("elementwise", "select")),
        program("select_n_f16", lambda i, a, b, c: lax.select_n(i, a, b, c),
                [arg("s32", *SHAPE, fill=Fill.UNIFORM, low=0, high=3), arg("f16", *SHAPE),
                 arg("f16", *SHAPE), arg("f16", *SHAPE)], ("elementwise", "select")),
        program("clamp_f32", lambda x: lax.clamp(-1.0, x, 1.0), [f32], ("elementwise", "clamp")),
        program("clamp_tensor_bounds_s32", lambda lo, x, hi: lax.clamp(lo, x, hi),
                [arg("s32", *SHAPE, low=-20, high=0), arg("s32", *SHAPE),
                 arg("s32", *SHAPE, low=0, high=20)], ("elementwise", "clamp")),
        program("clamp_bf16", lambda x: jnp.clip(x, -0.5, 0.5), [arg("bf16", *SHAPE)],
                ("elementwise", "clamp")),
        program("complex_from_parts_f32", lax.complex, [f32, arg("f32", *SHAPE)],
                ("elementwise", "binary")),
        program("complex_from_parts_f64", lax.complex, [arg("f64", *SHAPE), arg("f64", *SHAPE)],
                ("elementwise", "binary")),
        program("nextafter_f32", lax.nextafter, [f32, arg("f32", *SHAPE)],
                ("elementwise", "binary")),
        program("broadcasting_binary_f32", lambda x, y: x * y + 1.0,
                [arg("f32", 3, 1), arg("f32", 1, 5)], ("elementwise", "binary", "broadcast")),
        program("scalar_ops_f32", lambda x, y: (x + y, jnp.maximum(x, y), x / y),
                [arg("f32"), arg("f32", fill=Fill.NONZERO, low=1, high=2)],
                ("elementwise", "scalar")),
        program("jnp_chain_f32", lambda x: jnp.where(x > 0, jnp.sqrt(x), jnp.expm1(x)) * 3.0,
                [f32], ("elementwise", "select")),
    ]


def programs() -> list[Program]:
    """Elementwise programs, one group per element type."""
    result: list[Program] = []
    for dtype in FLOATS:
        result.extend(_float_programs(dtype))
    for dtype in COMPLEXES:
        result.extend(_complex_programs(dtype))
    for dtype in SIGNED + UNSIGNED:
        result.extend(_integer_programs(dtype))
    result.extend(_pred_programs())
    result.extend(_mixed_programs())
    return result
