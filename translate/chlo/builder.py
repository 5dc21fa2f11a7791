"""A small DSL over jaxlib's StableHLO builders, so that each decomposition reads like its formula.

Ops are created at the current MLIR insertion point and location: the pass enters
``with ir.InsertionPoint(op), op.location:`` before it calls a rule. Values are wrapped in `V`,
whose operators build StableHLO ops; a Python number next to a `V` becomes a splat constant of
that value's type (the way CHLO's own patterns use ``getConstantLike``)::

    >>> def real_acos(x: V) -> V:                                   # doctest: +SKIP
    ...     one = x.like(1)
    ...     return atan2(sqrt((one - x) * (one + x)), x)

Comparisons are methods (``x.lt(1)``), selects are ``select(pred, on_true, on_false)``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import ml_dtypes
import numpy as np
from jaxlib.mlir import ir
from jaxlib.mlir.dialects import stablehlo as hlo

Number = int | float

# MLIR float type spelling -> numpy dtype, for the limits of each floating-point format.
_NUMPY_FLOATS: dict[str, type] = {
    "f16": np.float16,
    "bf16": ml_dtypes.bfloat16,
    "f32": np.float32,
    "f64": np.float64,
    "f8E5M2": ml_dtypes.float8_e5m2,
    "f8E4M3FN": ml_dtypes.float8_e4m3fn,
    "f8E4M3": ml_dtypes.float8_e4m3,
    "f8E4M3FNUZ": ml_dtypes.float8_e4m3fnuz,
    "f8E5M2FNUZ": ml_dtypes.float8_e5m2fnuz,
    "f8E4M3B11FNUZ": ml_dtypes.float8_e4m3b11fnuz,
    "f8E3M4": ml_dtypes.float8_e3m4,
    "f8E8M0FNU": ml_dtypes.float8_e8m0fnu,
    "f6E2M3FN": ml_dtypes.float6_e2m3fn,
    "f6E3M2FN": ml_dtypes.float6_e3m2fn,
    "f4E2M1FN": ml_dtypes.float4_e2m1fn,
}


@dataclass(frozen=True, slots=True)
class FloatLimits:
    """The limits of one floating-point format, as Python floats (exact in binary64)."""

    largest: float
    smallest_normal: float
    smallest_subnormal: float
    bits: int


def float_limits(element_type: ir.Type) -> FloatLimits:
    """Largest finite, smallest normal and smallest subnormal value of a float element type."""
    dtype = _NUMPY_FLOATS.get(str(element_type))
    if dtype is None:
        raise NotImplementedError(f"no limits known for {element_type}")
    info = ml_dtypes.finfo(dtype)
    return FloatLimits(float(info.max), float(info.smallest_normal), float(info.smallest_subnormal), info.bits)


def is_complex_type(t: ir.Type) -> bool:
    return isinstance(t, ir.ComplexType)


def is_float_type(t: ir.Type) -> bool:
    return isinstance(t, ir.FloatType)


def is_integer_type(t: ir.Type) -> bool:
    return isinstance(t, ir.IntegerType)


def complex_part_type(t: ir.Type) -> ir.Type:
    """f32 for complex<f32>; the type itself for a real type."""
    return ir.ComplexType(t).element_type if is_complex_type(t) else t


class V:
    """A tensor value under construction; arithmetic on it emits StableHLO ops."""

    __slots__ = ("value",)
    value: ir.Value

    def __init__(self, value: ir.Value | V):
        self.value = value.value if isinstance(value, V) else value

    # ---------------------------------------------------------------- type

    @property
    def type(self) -> ir.RankedTensorType:
        return ir.RankedTensorType(self.value.type)

    @property
    def element_type(self) -> ir.Type:
        return self.type.element_type

    @property
    def shape(self) -> list[int]:
        return list(self.type.shape)

    @property
    def is_complex(self) -> bool:
        return is_complex_type(self.element_type)

    def tensor_type(self, element_type: ir.Type) -> ir.RankedTensorType:
        """This value's shape with another element type."""
        return ir.RankedTensorType.get(self.shape, element_type)

    def like(self, value: Number) -> V:
        """A splat constant with this value's type (complex types get a zero imaginary part)."""
        return constant(value, self.type)

    # ---------------------------------------------------------------- arithmetic

    def __add__(self, other: Operand) -> V:
        return _binary(hlo.add, self, other)

    def __radd__(self, other: Number) -> V:
        return _binary(hlo.add, self.like(other), self)

    def __sub__(self, other: Operand) -> V:
        return _binary(hlo.subtract, self, other)

    def __rsub__(self, other: Number) -> V:
        return _binary(hlo.subtract, self.like(other), self)

    def __mul__(self, other: Operand) -> V:
        return _binary(hlo.multiply, self, other)

    def __rmul__(self, other: Number) -> V:
        return _binary(hlo.multiply, self.like(other), self)

    def __truediv__(self, other: Operand) -> V:
        return _binary(hlo.divide, self, other)

    def __rtruediv__(self, other: Number) -> V:
        return _binary(hlo.divide, self.like(other), self)

    def __neg__(self) -> V:
        return V(hlo.negate(self.value))

    def __abs__(self) -> V:
        return V(hlo.abs(self.value))

    # Logical/bitwise ops: on i1 values they are the logical connectives.
    def __and__(self, other: Operand) -> V:
        return _binary(hlo.and_, self, other)

    def __or__(self, other: Operand) -> V:
        return _binary(hlo.or_, self, other)

    def __xor__(self, other: Operand) -> V:
        return _binary(hlo.xor, self, other)

    def __invert__(self) -> V:
        return V(hlo.not_(self.value))

    # ---------------------------------------------------------------- comparisons

    def lt(self, other: Operand) -> V:
        return compare("LT", self, other)

    def le(self, other: Operand) -> V:
        return compare("LE", self, other)

    def gt(self, other: Operand) -> V:
        return compare("GT", self, other)

    def ge(self, other: Operand) -> V:
        return compare("GE", self, other)

    def eq(self, other: Operand) -> V:
        return compare("EQ", self, other)

    def ne(self, other: Operand) -> V:
        return compare("NE", self, other)


# A tensor, or a Python number that becomes a constant like the other operand.
Operand = V | int | float


def _as_v(x: Operand, like: V) -> V:
    return x if isinstance(x, V) else like.like(x)


def _binary(build: Callable[..., ir.Value], lhs: V, rhs: Operand) -> V:
    return V(build(lhs.value, _as_v(rhs, lhs).value))


# ---------------------------------------------------------------- constants


def constant(value: Number, tensor_type: ir.RankedTensorType) -> V:
    """A splat constant of `tensor_type`; floats are rounded to the element type by MLIR, as
    CHLO's getConstantLike does (round to nearest even, straight from binary64)."""
    element_type = tensor_type.element_type
    if is_complex_type(element_type):
        part_type = ir.RankedTensorType.get(list(tensor_type.shape), complex_part_type(element_type))
        return make_complex(constant(value, part_type), constant(0.0, part_type))
    scalar: ir.Attribute
    if is_float_type(element_type):
        scalar = ir.FloatAttr.get(element_type, float(value))
    elif is_integer_type(element_type):
        # Parsed, because IntegerAttr.get cannot hold every ui64 value.
        scalar = ir.Attribute.parse(f"{int(value)} : {element_type}")
    else:
        raise NotImplementedError(f"constants of type {element_type}")
    return V(hlo.constant(ir.DenseElementsAttr.get_splat(tensor_type, scalar)))


def largest(like: V) -> V:
    """The largest finite value of `like`'s (real) element type, splat."""
    return like.like(float_limits(like.element_type).largest)


def smallest_normal(like: V) -> V:
    return like.like(float_limits(like.element_type).smallest_normal)


def smallest_subnormal(like: V) -> V:
    return like.like(float_limits(like.element_type).smallest_subnormal)


def inf(like: V, negative: bool = False) -> V:
    return like.like(-math.inf if negative else math.inf)


def nan(like: V) -> V:
    return like.like(math.nan)


# ---------------------------------------------------------------- elementwise ops


def compare(direction: str, lhs: V, rhs: Operand) -> V:
    attr = hlo.ComparisonDirectionAttr.get(direction)
    return V(hlo.compare(lhs.value, _as_v(rhs, lhs).value, attr))


def select(pred: V, on_true: Operand, on_false: Operand) -> V:
    like = on_true if isinstance(on_true, V) else on_false
    assert isinstance(like, V), "select needs at least one tensor branch"
    return V(hlo.select(pred.value, _as_v(on_true, like).value, _as_v(on_false, like).value))


def _unary(build: Callable[[ir.Value], ir.Value]) -> Callable[[V], V]:
    def op(x: V) -> V:
        return V(build(x.value))

    op.__name__ = build.__name__
    return op


sqrt = _unary(hlo.sqrt)
log = _unary(hlo.log)
log1p = _unary(hlo.log_plus_one)
exp = _unary(hlo.exponential)
expm1 = _unary(hlo.exponential_minus_one)
sin = _unary(hlo.sine)
cos = _unary(hlo.cosine)
tanh = _unary(hlo.tanh)
sign = _unary(hlo.sign)
floor = _unary(hlo.floor)
real = _unary(hlo.real)
imag = _unary(hlo.imag)
is_finite = _unary(hlo.is_finite)


def atan2(y: V, x: Operand) -> V:
    return _binary(hlo.atan2, y, x)


def maximum(a: V, b: Operand) -> V:
    return _binary(hlo.maximum, a, b)


def minimum(a: V, b: Operand) -> V:
    return _binary(hlo.minimum, a, b)


def remainder(a: V, b: Operand) -> V:
    return _binary(hlo.remainder, a, b)


def power(a: V, b: Operand) -> V:
    return _binary(hlo.power, a, b)


def shift_right_logical(a: V, b: Operand) -> V:
    return _binary(hlo.shift_right_logical, a, b)


def shift_right_arithmetic(a: V, b: Operand) -> V:
    return _binary(hlo.shift_right_arithmetic, a, b)


def shift_left(a: V, b: Operand) -> V:
    return _binary(hlo.shift_left, a, b)


def clamp(low: Operand, x: V, high: Operand) -> V:
    return V(hlo.clamp(_as_v(low, x).value, x.value, _as_v(high, x).value))


def make_complex(re: V, im: V) -> V:
    return V(hlo.complex(re.value, im.value))


def convert(x: V, element_type: ir.Type) -> V:
    return V(hlo.convert(x.tensor_type(element_type), x.value))


def bitcast(x: V, element_type: ir.Type) -> V:
    return V(hlo.bitcast_convert(x.tensor_type(element_type), x.value))


def with_upcast(formula: Callable[..., V], args: Sequence[V], min_bits: int = 32) -> V:
    """Evaluate `formula` in f32 when the arguments are narrower floats (f16, bf16, f8), and
    round the result back: CHLO's materializeWithUpcast, used by the special functions."""
    original = args[0].element_type
    if not is_float_type(original) or ir.FloatType(original).width >= min_bits:
        return formula(*args)
    wide = ir.F32Type.get()
    return convert(formula(*(convert(a, wide) for a in args)), original)


def polynomial(x: V, coefficients: Sequence[float]) -> V:
    """Horner's scheme, highest degree first: ((c0 * x + c1) * x + c2) ..."""
    result = x.like(coefficients[0])
    for c in coefficients[1:]:
        result = result * x + c
    return result
