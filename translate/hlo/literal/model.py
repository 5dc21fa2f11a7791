"""HLO literals: the values of `constant` instructions, in HLO text and as `LiteralProto`.

    >>> from hlo_translate.hlo.literal import parse_literal
    >>> from hlo_translate.hlo.text import parse_shape
    >>> lit = parse_literal("{ {1, 2.5}, {-0, nan} }", parse_shape("f32[2,2]"))
    >>> lit.to_text()
    '{ { 1, 2.5 }, { -0, nan } }'

A `Literal` holds a numpy array (ml_dtypes for bf16, the f8/f4 types and the sub-byte integers) in
logical row-major order, or a tuple of Literals for a tuple shape. The text is what stands inside
`constant(...)`, printed exactly as XLA prints it; the proto is filled as XLA's `Literal::ToProto` fills it.

Where XLA's parser loses what its printer wrote, ours keeps it: `-0` reads as -0.0 (XLA prints -0.0 as
`-0` and reads that back as +0.0); a complex part keeps its own NaN payload (XLA mixes the two parts'
payloads up); the e8m0fnu value 2^-127, which XLA prints `5.9e-39` and reads back as 2^-126, we print
`5.87747e-39`, which both parsers read as 2^-127; and the
c64 text of the f32 max, `3.40282347e+38`, is accepted (XLA refuses it as out of range).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import ml_dtypes
import numpy as np

from hlo_translate.errors import TranslateError
from hlo_translate.hlo.ir import UNBOUNDED, Layout, PrimitiveType, Shape
from hlo_translate.hlo.literal.printer import literal_to_text

if TYPE_CHECKING:
    pass

P = PrimitiveType

_DTYPES: dict[PrimitiveType, np.dtype] = {
    P.PRED: np.dtype(np.bool_),
    P.S1: np.dtype(ml_dtypes.int1),
    P.S2: np.dtype(ml_dtypes.int2),
    P.S4: np.dtype(ml_dtypes.int4),
    P.S8: np.dtype(np.int8),
    P.S16: np.dtype(np.int16),
    P.S32: np.dtype(np.int32),
    P.S64: np.dtype(np.int64),
    P.U1: np.dtype(ml_dtypes.uint1),
    P.U2: np.dtype(ml_dtypes.uint2),
    P.U4: np.dtype(ml_dtypes.uint4),
    P.U8: np.dtype(np.uint8),
    P.U16: np.dtype(np.uint16),
    P.U32: np.dtype(np.uint32),
    P.U64: np.dtype(np.uint64),
    P.F16: np.dtype(np.float16),
    P.BF16: np.dtype(ml_dtypes.bfloat16),
    P.F32: np.dtype(np.float32),
    P.F64: np.dtype(np.float64),
    P.F8E5M2: np.dtype(ml_dtypes.float8_e5m2),
    P.F8E4M3FN: np.dtype(ml_dtypes.float8_e4m3fn),
    P.F8E4M3B11FNUZ: np.dtype(ml_dtypes.float8_e4m3b11fnuz),
    P.F8E5M2FNUZ: np.dtype(ml_dtypes.float8_e5m2fnuz),
    P.F8E4M3FNUZ: np.dtype(ml_dtypes.float8_e4m3fnuz),
    P.F8E4M3: np.dtype(ml_dtypes.float8_e4m3),
    P.F8E3M4: np.dtype(ml_dtypes.float8_e3m4),
    P.F4E2M1FN: np.dtype(ml_dtypes.float4_e2m1fn),
    P.F8E8M0FNU: np.dtype(ml_dtypes.float8_e8m0fnu),
    P.C64: np.dtype(np.complex64),
    P.C128: np.dtype(np.complex128),
}
_TYPES_BY_DTYPE: dict[np.dtype, PrimitiveType] = {d: t for t, d in _DTYPES.items()}
_UINT_OF_SIZE: dict[int, np.dtype] = {
    1: np.dtype(np.uint8),
    2: np.dtype(np.uint16),
    4: np.dtype(np.uint32),
    8: np.dtype(np.uint64),
}


def numpy_dtype(element_type: PrimitiveType) -> np.dtype:
    """The numpy dtype that holds elements of `element_type` (`bf16` -> ml_dtypes.bfloat16)."""
    try:
        return _DTYPES[element_type]
    except KeyError:
        raise TranslateError(f"element type {element_type.text} has no literal values") from None


def primitive_type_of(dtype: np.dtype | type) -> PrimitiveType:
    """The element type whose values `dtype` holds (the inverse of `numpy_dtype`)."""
    try:
        return _TYPES_BY_DTYPE[np.dtype(dtype)]
    except KeyError:
        raise TranslateError(f"numpy dtype {np.dtype(dtype)} has no HLO element type") from None


LiteralValue = np.ndarray | tuple["Literal", ...]


@dataclass(frozen=True, eq=False)
class Literal:
    """A constant value: an array of `shape` (row-major numpy array) or a tuple of Literals."""

    shape: Shape
    value: LiteralValue

    def __post_init__(self) -> None:
        if self.shape.is_tuple:
            if not isinstance(self.value, tuple) or len(self.value) != len(self.shape.tuple_shapes):
                raise ValueError(
                    f"a literal of shape {self.shape} needs a tuple of {len(self.shape.tuple_shapes)} literals"
                )
            for part, sub in zip(self.value, self.shape.tuple_shapes):
                if not isinstance(part, Literal) or part.shape != sub:
                    raise ValueError(f"tuple literal element does not have shape {sub}")
            return
        value = self.value
        if not isinstance(value, np.ndarray):
            raise ValueError("an array literal needs a numpy array")
        dtype = numpy_dtype(self.shape.element_type)
        if value.dtype != dtype or value.shape != self.shape.dimensions:
            raise ValueError(f"array of {value.dtype}{list(value.shape)} does not fit shape {self.shape}")
        view = value.view()
        view.flags.writeable = False  # the literal is immutable; a view keeps the caller's array alone
        object.__setattr__(self, "value", view)

    @staticmethod
    def from_numpy(array: Any, layout: Layout | None = None) -> Literal:
        """A literal of `array`'s dtype and dimensions: `Literal.from_numpy(np.float32([1, 2]))`."""
        array = np.asarray(array)
        element_type = primitive_type_of(array.dtype)
        if not array.flags.c_contiguous:
            array = array.copy(order="C")
        return Literal(Shape.array(element_type, array.shape, layout), array)

    @staticmethod
    def scalar(element_type: PrimitiveType, value: Any) -> Literal:
        """A rank-0 literal: `Literal.scalar(PrimitiveType.F32, 1.5)`."""
        return Literal(Shape.array(element_type, ()), np.asarray(value).astype(numpy_dtype(element_type)))

    @staticmethod
    def tuple_of(elements: list[Literal] | tuple[Literal, ...]) -> Literal:
        """A tuple literal of `elements`."""
        parts = tuple(elements)
        return Literal(Shape.tuple_of([p.shape for p in parts]), parts)

    @property
    def is_tuple(self) -> bool:
        return self.shape.is_tuple

    @property
    def array(self) -> np.ndarray:
        """The values of an array literal."""
        assert isinstance(self.value, np.ndarray), "a tuple literal has no array"
        return self.value

    @property
    def elements(self) -> tuple[Literal, ...]:
        """The parts of a tuple literal."""
        assert isinstance(self.value, tuple), "an array literal has no tuple elements"
        return self.value

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Literal):
            return NotImplemented
        if self.shape != other.shape:
            return False
        if isinstance(self.value, tuple):
            return self.value == other.value
        return np.array_equal(_bits(self.array), _bits(other.array))  # bitwise: NaN payloads, -0.0

    def __hash__(self) -> int:
        if isinstance(self.value, tuple):
            return hash((self.shape, self.value))
        return hash((self.shape, _bits(self.array).tobytes()))

    def __repr__(self) -> str:
        text = self.to_text()
        return f"Literal({self.shape}, {text if len(text) < 200 else text[:200] + '...'})"

    def to_text(self) -> str:
        """The literal as XLA prints it inside `constant(...)` (large constants in full)."""
        return literal_to_text(self)


def _bits(array: np.ndarray) -> np.ndarray:
    """The array's raw bits as unsigned integers, so that comparisons are exact."""
    array = np.ascontiguousarray(array)
    if array.dtype.kind == "c":
        array = array.view(array.real.dtype)
    return array.view(_UINT_OF_SIZE[array.dtype.itemsize])


def constant_shape(shape: Shape) -> Shape:
    """The shape XLA's parser gives a constant written with `shape`: its literal's shape, which also becomes
    the instruction's shape. Dynamic dimensions become static and `element_size_in_bits` is dropped.

        >>> from hlo_translate.hlo.literal import parse_literal
    >>> from hlo_translate.hlo.text import parse_shape
        >>> constant_shape(parse_shape("(s4[<=4]{0:E(4)S(1)}, f32[])")).to_text()
        '(s4[4]{0:S(1)}, f32[])'
    """
    if shape.is_tuple:
        return Shape.tuple_of([constant_shape(s) for s in shape.tuple_shapes])
    layout = shape.layout
    if layout is not None and layout.element_size_in_bits:
        layout = replace(layout, element_size_in_bits=0)
    return Shape(shape.element_type, shape.dimensions, (False,) * shape.rank if shape.dynamic else (), layout)


def physical_axes(shape: Shape) -> tuple[int, ...] | None:
    """The axes from most major to most minor under `shape`'s layout; None when row-major."""
    layout = shape.layout
    if layout is None or shape.rank < 2:
        return None
    axes = tuple(reversed(layout.minor_to_major))
    if len(axes) != shape.rank or sorted(axes) != list(range(shape.rank)):
        raise TranslateError(f"layout {layout.to_text()} does not fit shape {shape.to_text(False)}")
    return None if axes == tuple(range(shape.rank)) else axes


def check_static(shape: Shape) -> None:
    """Literals need known sizes: an unbounded `?` dimension has none."""
    if any(d == UNBOUNDED for d in shape.dimensions):
        raise TranslateError(f"a constant cannot have an unbounded dimension: {shape.to_text(False)}")
    if any(d < 0 for d in shape.dimensions):
        raise TranslateError(f"negative dimension in constant shape {shape.to_text(False)}")
