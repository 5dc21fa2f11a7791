"""Element types, layouts and shapes of the HLO world, with their HLO text forms.

>>> parse_shape("(f32[2,<=3]{1,0}, token[])").to_text()
'(f32[2,<=3]{1,0}, token[])'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field


class PrimitiveType(enum.IntEnum):
    """XLA's element types, numbered as in `xla_data.proto`."""

    PRIMITIVE_TYPE_INVALID = 0
    PRED = 1
    S8 = 2
    S16 = 3
    S32 = 4
    S64 = 5
    U8 = 6
    U16 = 7
    U32 = 8
    U64 = 9
    F16 = 10
    F32 = 11
    F64 = 12
    TUPLE = 13
    OPAQUE_TYPE = 14
    C64 = 15
    BF16 = 16
    TOKEN = 17
    C128 = 18
    F8E5M2 = 19
    F8E4M3FN = 20
    S4 = 21
    U4 = 22
    F8E4M3B11FNUZ = 23
    F8E5M2FNUZ = 24
    F8E4M3FNUZ = 25
    S2 = 26
    U2 = 27
    F8E4M3 = 28
    F8E3M4 = 29
    S1 = 30
    U1 = 31
    F4E2M1FN = 32
    F8E8M0FNU = 33
    BUFFER = 34
    F6E3M2FN = 35
    F6E2M3FN = 36

    @property
    def text(self) -> str:
        """The lower-case name HLO text uses (`f32`, `pred`, `opaque`)."""
        return _TYPE_TEXT[self]

    @property
    def is_array(self) -> bool:
        return self not in (
            PrimitiveType.TUPLE,
            PrimitiveType.OPAQUE_TYPE,
            PrimitiveType.TOKEN,
            PrimitiveType.PRIMITIVE_TYPE_INVALID,
            PrimitiveType.BUFFER,
        )

    @property
    def is_float(self) -> bool:
        return self in FLOAT_TYPES

    @property
    def is_complex(self) -> bool:
        return self in (PrimitiveType.C64, PrimitiveType.C128)

    @property
    def is_signed_int(self) -> bool:
        return self in SIGNED_INT_TYPES

    @property
    def is_unsigned_int(self) -> bool:
        return self in UNSIGNED_INT_TYPES

    @property
    def bit_width(self) -> int:
        return _BIT_WIDTH[self]


SIGNED_INT_TYPES = frozenset(
    {
        PrimitiveType.S1,
        PrimitiveType.S2,
        PrimitiveType.S4,
        PrimitiveType.S8,
        PrimitiveType.S16,
        PrimitiveType.S32,
        PrimitiveType.S64,
    }
)
UNSIGNED_INT_TYPES = frozenset(
    {
        PrimitiveType.U1,
        PrimitiveType.U2,
        PrimitiveType.U4,
        PrimitiveType.U8,
        PrimitiveType.U16,
        PrimitiveType.U32,
        PrimitiveType.U64,
    }
)
FLOAT_TYPES = frozenset(
    {
        PrimitiveType.F16,
        PrimitiveType.F32,
        PrimitiveType.F64,
        PrimitiveType.BF16,
        PrimitiveType.F8E5M2,
        PrimitiveType.F8E4M3FN,
        PrimitiveType.F8E4M3B11FNUZ,
        PrimitiveType.F8E5M2FNUZ,
        PrimitiveType.F8E4M3FNUZ,
        PrimitiveType.F8E4M3,
        PrimitiveType.F8E3M4,
        PrimitiveType.F4E2M1FN,
        PrimitiveType.F8E8M0FNU,
        PrimitiveType.F6E3M2FN,
        PrimitiveType.F6E2M3FN,
    }
)

_TYPE_TEXT: dict[PrimitiveType, str] = {t: t.name.lower() for t in PrimitiveType}
_TYPE_TEXT[PrimitiveType.OPAQUE_TYPE] = "opaque"
_TYPE_TEXT[PrimitiveType.PRIMITIVE_TYPE_INVALID] = "invalid"
TYPE_BY_TEXT: dict[str, PrimitiveType] = {text: t for t, text in _TYPE_TEXT.items()}

_BIT_WIDTH: dict[PrimitiveType, int] = {
    **{t: int(t.name[1:]) for t in SIGNED_INT_TYPES | UNSIGNED_INT_TYPES},
    PrimitiveType.PRED: 8,
    PrimitiveType.F16: 16,
    PrimitiveType.BF16: 16,
    PrimitiveType.F32: 32,
    PrimitiveType.F64: 64,
    PrimitiveType.C64: 64,
    PrimitiveType.C128: 128,
    PrimitiveType.F4E2M1FN: 4,
    PrimitiveType.F6E3M2FN: 6,
    PrimitiveType.F6E2M3FN: 6,
    **{t: 8 for t in FLOAT_TYPES if t.name.startswith("F8")},
    PrimitiveType.TOKEN: 0,
    PrimitiveType.TUPLE: 0,
    PrimitiveType.OPAQUE_TYPE: 0,
    PrimitiveType.PRIMITIVE_TYPE_INVALID: 0,
    PrimitiveType.BUFFER: 0,
}


# The element type names a shape is spelled with (XLA's lexer reads them as type tokens).
TYPE_NAMES = frozenset(TYPE_BY_TEXT) - {"tuple", "invalid", "buffer"}


class DimLevelType(enum.IntEnum):
    DIM_DENSE = 0
    DIM_COMPRESSED = 1
    DIM_SINGLETON = 2
    DIM_LOOSE_COMPRESSED = 3


DIM_LEVEL_ABBREV = {
    DimLevelType.DIM_DENSE: "D",
    DimLevelType.DIM_COMPRESSED: "C",
    DimLevelType.DIM_SINGLETON: "S",
    DimLevelType.DIM_LOOSE_COMPRESSED: "H",
}

# A tile dimension that combines all remaining dimensions, printed '*'; one that matches the shape's, printed
# 'd'. No other tile dimension is negative (XLA's parser aborts on one).
TILE_COMBINE_DIMENSION = -(2**63)
TILE_MATCH_DIMENSION = -(2**63) + 1
_TILE_MARKS = {TILE_COMBINE_DIMENSION: "*", TILE_MATCH_DIMENSION: "d"}


def tile_dimension_problem(size: int) -> str | None:
    """Why `size` cannot be a tile's dimension (negative and neither mark), or None: text and protos alike."""
    return f"tile dimension {size} is negative" if size < 0 and size not in _TILE_MARKS else None


@dataclass(frozen=True, slots=True)
class Tile:
    dimensions: tuple[int, ...]

    def to_text(self) -> str:
        return "(" + ",".join(_TILE_MARKS.get(d) or str(d) for d in self.dimensions) + ")"


@dataclass(frozen=True, slots=True)
class SplitConfig:
    dimension: int
    split_indices: tuple[int, ...]

    def to_text(self) -> str:
        return f"({self.dimension}:{','.join(map(str, self.split_indices))})"


@dataclass(frozen=True, slots=True)
class Layout:
    """A dense (or sparse) layout: `{1,0:T(8,128)(2,1)S(1)}`."""

    minor_to_major: tuple[int, ...]
    dim_level_types: tuple[DimLevelType, ...] = ()
    dim_unique: tuple[bool, ...] = ()
    dim_ordered: tuple[bool, ...] = ()
    tiles: tuple[Tile, ...] = ()
    tail_padding_alignment_in_elements: int = 1
    index_primitive_type: PrimitiveType = PrimitiveType.PRIMITIVE_TYPE_INVALID
    pointer_primitive_type: PrimitiveType = PrimitiveType.PRIMITIVE_TYPE_INVALID
    element_size_in_bits: int = 0
    memory_space: int = 0
    split_configs: tuple[SplitConfig, ...] = ()
    physical_shape: Shape | None = None
    dynamic_shape_metadata_prefix_bytes: int = 0

    def to_text(self) -> str:
        extra: list[str] = []
        if self.dim_level_types:
            levels = []
            for i, level in enumerate(self.dim_level_types):
                text = DIM_LEVEL_ABBREV[level]
                if self.dim_unique and not self.dim_unique[i]:
                    text += "+"
                if self.dim_ordered and not self.dim_ordered[i]:
                    text += "~"
                levels.append(text)
            extra.append("D(" + ",".join(levels) + ")")
        if self.tiles:
            extra.append("T" + "".join(t.to_text() for t in self.tiles))
        if self.tail_padding_alignment_in_elements != 1:
            extra.append(f"L({self.tail_padding_alignment_in_elements})")
        if self.index_primitive_type != PrimitiveType.PRIMITIVE_TYPE_INVALID:
            extra.append(f"#({self.index_primitive_type.text})")
        if self.pointer_primitive_type != PrimitiveType.PRIMITIVE_TYPE_INVALID:
            extra.append(f"*({self.pointer_primitive_type.text})")
        if self.element_size_in_bits:
            extra.append(f"E({self.element_size_in_bits})")
        if self.memory_space:
            extra.append(f"S({self.memory_space})")
        if self.split_configs:
            extra.append("SC" + "".join(s.to_text() for s in self.split_configs))
        if self.physical_shape is not None:
            extra.append(f"P({self.physical_shape.to_text()})")
        if self.dynamic_shape_metadata_prefix_bytes:
            extra.append(f"M({self.dynamic_shape_metadata_prefix_bytes})")
        body = ",".join(map(str, self.minor_to_major))
        return "{" + body + (":" + "".join(extra) if extra else "") + "}"


def default_layout(rank: int) -> Layout:
    """The row-major layout `{rank-1,...,0}`."""
    return Layout(tuple(range(rank - 1, -1, -1)))


def with_default_layouts(shape: Shape) -> Shape:
    """`shape` with XLA's row-major default layout on every array that has none (as XLA reads HLO text)."""
    if shape.is_tuple:
        return Shape.tuple_of([with_default_layouts(s) for s in shape.tuple_shapes])
    if shape.is_buffer:
        return Shape.buffer_of(with_default_layouts(shape.tuple_shapes[0]))
    if not shape.is_array or shape.layout is not None:
        return shape
    return shape.with_layout(default_layout(shape.rank))


UNBOUNDED = -(2**63)  # a dimension of unknown, unbounded size: printed '?'
# Printed shapes: a module has few distinct shapes and prints each many times.
_SHAPE_TEXT: dict[tuple[Shape, bool], str] = {}
_SHAPE_TEXT_LIMIT = 65536


@dataclass(frozen=True, slots=True)
class Shape:
    """An array, tuple, token or opaque shape.

    `dynamic[i]` marks dimension i as dynamic with bound `dimensions[i]` (text `<=N`);
    a dimension equal to UNBOUNDED is printed `?`.
    """

    element_type: PrimitiveType
    dimensions: tuple[int, ...] = ()
    dynamic: tuple[bool, ...] = ()
    layout: Layout | None = None
    tuple_shapes: tuple[Shape, ...] = field(default=())
    # The text with layout, made on first use: a shape is immutable, one object serves many instructions,
    # and a slot read is what the printer pays per line (not part of the value: no init, eq, hash or repr).
    _printed: str | None = field(default=None, init=False, repr=False, compare=False, hash=False)

    @staticmethod
    def array(
        element_type: PrimitiveType, dimensions: tuple[int, ...] | list[int], layout: Layout | None = None
    ) -> Shape:
        dims = tuple(dimensions)
        return Shape(element_type, dims, (False,) * len(dims), layout)

    @staticmethod
    def tuple_of(shapes: tuple[Shape, ...] | list[Shape]) -> Shape:
        return Shape(PrimitiveType.TUPLE, tuple_shapes=tuple(shapes))

    @staticmethod
    def token() -> Shape:
        return Shape(PrimitiveType.TOKEN)

    @staticmethod
    def buffer_of(array: Shape) -> Shape:
        """XLA's buffer shape `b(f32[2]{0})`: element type BUFFER, the array its one tuple shape."""
        return Shape(PrimitiveType.BUFFER, tuple_shapes=(array,))

    @property
    def is_buffer(self) -> bool:
        return self.element_type == PrimitiveType.BUFFER

    @property
    def is_tuple(self) -> bool:
        return self.element_type == PrimitiveType.TUPLE

    @property
    def is_array(self) -> bool:
        return self.element_type.is_array

    @property
    def rank(self) -> int:
        return len(self.dimensions)

    @property
    def is_dynamic(self) -> bool:
        return any(self.dynamic)

    def with_layout(self, layout: Layout | None) -> Shape:
        return Shape(self.element_type, self.dimensions, self.dynamic, layout, self.tuple_shapes)

    def without_layouts(self) -> Shape:
        if self.is_tuple:
            return Shape.tuple_of([s.without_layouts() for s in self.tuple_shapes])
        if self.is_buffer:
            return Shape.buffer_of(self.tuple_shapes[0].without_layouts())
        return Shape(self.element_type, self.dimensions, self.dynamic, None)

    def to_short_text(self) -> str:
        """The text with layouts only where they are not XLA's default (as a marker attribute holds it)."""
        if with_default_layouts(self) == with_default_layouts(self.without_layouts()):
            return self.to_text(print_layout=False)
        return self.to_text()

    def leaf_indices(self) -> list[tuple[int, ...]]:
        """The tuple index of each leaf, in the order of `leaves` (`[()]` for an array)."""
        if not self.is_tuple:
            return [()]
        return [(i, *index) for i, s in enumerate(self.tuple_shapes) for index in s.leaf_indices()]

    def holds(self, shapes: list[Shape]) -> bool:
        """Whether `shapes` are this shape's leaves, in order (layouts aside)."""
        return [s.without_layouts() for s in self.leaves()] == [s.without_layouts() for s in shapes]

    def leaves(self) -> list[Shape]:
        """The array and token shapes inside this one, depth first (itself when not a tuple)."""
        if self.is_tuple:
            return [leaf for s in self.tuple_shapes for leaf in s.leaves()]
        return [self]

    def element_count(self) -> int:
        count = 1
        for d in self.dimensions:
            count *= d
        return count

    def to_text(self, print_layout: bool = True) -> str:
        """The shape as XLA prints it: `f32[2,3]{1,0}`, `(s32[], token[])`."""
        if print_layout and self._printed is not None:
            return self._printed
        key = (self, print_layout)
        text = _SHAPE_TEXT.get(key)
        if text is None:
            if len(_SHAPE_TEXT) >= _SHAPE_TEXT_LIMIT:
                _SHAPE_TEXT.clear()  # bounded: a long-lived process keeps nothing per module
            text = _SHAPE_TEXT[key] = self._text(print_layout)
        if print_layout:
            object.__setattr__(self, "_printed", text)
        return text

    def _text(self, print_layout: bool) -> str:
        if self.is_tuple:
            return "(" + ", ".join(s.to_text(print_layout) for s in self.tuple_shapes) + ")"
        if self.element_type == PrimitiveType.TOKEN:
            return "token[]"
        if self.element_type == PrimitiveType.OPAQUE_TYPE:
            return "opaque[]"
        if self.is_buffer:
            return f"b({self.tuple_shapes[0].to_text(print_layout)})"
        dims = []
        for size, dyn in zip(self.dimensions, self.dynamic or (False,) * self.rank):
            if size == UNBOUNDED:
                dims.append("?")
            else:
                dims.append(f"<={size}" if dyn else str(size))
        text = f"{self.element_type.text}[{','.join(dims)}]"
        if print_layout and self.layout is not None and (self.rank > 0 or _layout_is_interesting(self.layout)):
            text += self.layout.to_text()
        return text

    def __str__(self) -> str:
        return self.to_text()


def _layout_is_interesting(layout: Layout) -> bool:
    """Scalars print their layout only when it says more than `{}`."""
    return layout.to_text() != "{}"


def shape_problem(shape: Shape) -> str | None:
    """Why `shape` is not a valid HLO shape (a negative dimension, a layout of another rank), or None."""
    if shape.is_tuple:
        for element in shape.tuple_shapes:
            problem = shape_problem(element)
            if problem:
                return problem
        return None
    if shape.element_type in (PrimitiveType.TOKEN, PrimitiveType.OPAQUE_TYPE):
        return f"{shape.to_text(print_layout=False)} has dimensions" if shape.dimensions else None
    if not shape.is_array:
        return None
    if any(d < 0 and d != UNBOUNDED for d in shape.dimensions):
        return f"{shape.to_text(print_layout=False)} has a negative dimension"
    # XLA multiplies the dimensions, then the element's bytes, in int64: an overflow on the way counts
    # even when a later 0 would bring the product back
    size, overflow = 1, False
    for factor in (*(d for d in shape.dimensions if d != UNBOUNDED), -(-shape.element_type.bit_width // 8)):
        size *= factor
        overflow = overflow or size >= 2**63
    if overflow:
        return f"the size of {shape.to_text(print_layout=False)} in bytes overflows int64, as XLA computes it"
    layout = shape.layout
    if layout is not None and not any(d != DimLevelType.DIM_DENSE for d in layout.dim_level_types):
        for what, kind in (("index", layout.index_primitive_type), ("pointer", layout.pointer_primitive_type)):
            if kind != PrimitiveType.PRIMITIVE_TYPE_INVALID:  # (XLA's LayoutUtil refuses these, text or proto)
                return (
                    f"layout {layout.to_text()} of {shape.to_text(print_layout=False)} has a {what} type, "
                    "but is not a sparse array"
                )
    if layout is not None and sorted(layout.minor_to_major) != list(range(shape.rank)):
        return (
            f"layout {layout.to_text()} of {shape.to_text(print_layout=False)} is not a permutation of its "
            f"{shape.rank} dimensions"
        )
    return None
