"""Element types and shapes between the two worlds: HLO `Shape` <-> MLIR tensor/tuple/token types.

The one place that knows both spellings (`f32` <-> `f32`, `pred` <-> `i1`, `s8` <-> `i8`,
`u8` <-> `ui8`, `c64` <-> `complex<f32>`, bounded dynamic dims <-> `#stablehlo.bounds<...>`).
Layouts have no MLIR type; converters carry them as attributes.
"""

from __future__ import annotations

import threading

from jaxlib.mlir import ir
from jaxlib.mlir.dialects import stablehlo

from hlo_translate.errors import TranslateError
from hlo_translate.hlo.ir import UNBOUNDED, Layout, PrimitiveType, Shape

P = PrimitiveType

# PrimitiveType -> MLIR type spelling (parsed once per context).
_MLIR_SPELLING: dict[PrimitiveType, str] = {
    P.PRED: "i1",
    P.S1: "i1",
    P.S2: "i2",
    P.S4: "i4",
    P.S8: "i8",
    P.S16: "i16",
    P.S32: "i32",
    P.S64: "i64",
    P.U1: "ui1",
    P.U2: "ui2",
    P.U4: "ui4",
    P.U8: "ui8",
    P.U16: "ui16",
    P.U32: "ui32",
    P.U64: "ui64",
    P.F16: "f16",
    P.BF16: "bf16",
    P.F32: "f32",
    P.F64: "f64",
    P.C64: "complex<f32>",
    P.C128: "complex<f64>",
    P.F8E5M2: "f8E5M2",
    P.F8E4M3FN: "f8E4M3FN",
    P.F8E4M3B11FNUZ: "f8E4M3B11FNUZ",
    P.F8E5M2FNUZ: "f8E5M2FNUZ",
    P.F8E4M3FNUZ: "f8E4M3FNUZ",
    P.F8E4M3: "f8E4M3",
    P.F8E3M4: "f8E3M4",
    P.F4E2M1FN: "f4E2M1FN",
    P.F8E8M0FNU: "f8E8M0FNU",
}
# i1 means pred, never s1 (StableHLO has no 1-bit signed integer type distinct from i1).
_FROM_MLIR: dict[str, PrimitiveType] = {v: k for k, v in _MLIR_SPELLING.items() if k != P.S1}


def element_type_to_mlir(element_type: PrimitiveType) -> ir.Type:
    spelling = _MLIR_SPELLING.get(element_type)
    if spelling is None:
        raise TranslateError(f"element type {element_type.text} has no StableHLO equivalent")
    return ir.Type.parse(spelling)


def element_type_from_mlir(t: ir.Type) -> PrimitiveType:
    spelling = str(t)
    if spelling not in _FROM_MLIR:
        raise TranslateError(f"element type {spelling} has no HLO equivalent")
    return _FROM_MLIR[spelling]


def shape_to_mlir(shape: Shape) -> ir.Type:
    """An HLO shape as an MLIR type (tuple shapes become `tuple<...>`), in the current context."""
    context = ir.Context.current
    if _TYPE_CACHE.context is not context:
        # One context's types at a time: a cache holding every context it has seen kept each
        # (about 1 MB) alive long after its call returned.
        _TYPE_CACHE.context, _TYPE_CACHE.types = context, {}
    mlir_type = _TYPE_CACHE.types.get(shape)
    if mlir_type is None:
        mlir_type = _TYPE_CACHE.types[shape] = _build_mlir_type(shape)
    return mlir_type


class _TypeCache(threading.local):
    """Per thread: the context whose types are cached, and those types by shape."""

    def __init__(self) -> None:
        self.context: ir.Context | None = None
        self.types: dict[Shape, ir.Type] = {}


_TYPE_CACHE = _TypeCache()


def _build_mlir_type(shape: Shape) -> ir.Type:
    if shape.is_tuple:
        return ir.TupleType.get_tuple([shape_to_mlir(s) for s in shape.tuple_shapes])
    if shape.element_type == P.TOKEN:
        return stablehlo.TokenType.get()
    if shape.element_type == P.BUFFER:
        return _memref_type(shape.tuple_shapes[0])
    if shape.element_type == P.OPAQUE_TYPE:
        raise TranslateError("opaque shapes have no StableHLO equivalent")
    element = element_type_to_mlir(shape.element_type)
    if any(d != UNBOUNDED and not 0 <= d < (1 << 63) for d in shape.dimensions):
        raise TranslateError(f"shape {shape} has a negative dimension")
    dims = [
        ir.ShapedType.get_dynamic_size() if d == UNBOUNDED or dyn else d
        for d, dyn in zip(shape.dimensions, shape.dynamic or (False,) * shape.rank)
    ]
    if shape.is_dynamic and any(d != UNBOUNDED for d, dyn in zip(shape.dimensions, shape.dynamic) if dyn):
        bounds = ", ".join(str(d) if dyn and d != UNBOUNDED else "?" for d, dyn in zip(shape.dimensions, shape.dynamic))
        encoding = ir.Attribute.parse(f"#stablehlo.bounds<{bounds}>")
        return ir.RankedTensorType.get(dims, element, encoding, loc=ir.Location.unknown())
    return ir.RankedTensorType.get(dims, element, loc=ir.Location.unknown())


_MHLO_BOUNDS = "#mhlo.type_extensions<bounds = ["


def _memref_type(array: Shape) -> ir.Type:
    """A buffer's array as a memref, as XLA's importer writes it: row-major is the identity layout, any other
    dense layout the strides of its order."""
    if array.is_dynamic or (array.layout is not None and array.layout.tiles):
        raise TranslateError(f"buffer of {array.to_text()} has no MLIR equivalent (dynamic or tiled)")
    element = element_type_to_mlir(array.element_type)
    dims = list(array.dimensions)
    order = list(array.layout.minor_to_major) if array.layout is not None else []
    if not order or order == list(range(array.rank - 1, -1, -1)):
        return ir.MemRefType.get(dims, element)
    strides, stride = [1] * array.rank, 1
    for dim in order:
        strides[dim], stride = stride, stride * dims[dim]
    return ir.MemRefType.get(dims, element, layout=ir.StridedLayoutAttr.get(offset=0, strides=strides))


def _buffer_shape(t: ir.MemRefType) -> Shape:
    """A memref as XLA's buffer shape `b(f32[2,4]{0,1})`, as XLA's converter reads it: static sizes, and strides
    that lay the dimensions out densely, in some order (the layout; the identity layout is row-major)."""
    if not t.has_static_shape:
        raise TranslateError(f"type {t} has no HLO equivalent (a buffer needs static sizes)")
    element = element_type_from_mlir(t.element_type)
    dims = list(t.shape)
    try:
        strides, _ = t.get_strides_and_offset()
    except Exception:  # jaxlib raises for layouts that are not strided
        raise TranslateError(f"type {t} has no HLO equivalent (its layout is not strided)") from None
    minor_to_major, stride = [], 1
    for size_stride, dim in sorted((s, d) for d, s in enumerate(strides)):
        if size_stride != stride and dims[dim] != 1:
            raise TranslateError(f"type {t} has no HLO equivalent (its strides do not lay it out densely)")
        minor_to_major.append(dim)
        stride *= dims[dim]
    return Shape.buffer_of(Shape.array(element, dims, Layout(tuple(minor_to_major))))


# MHLO's token is StableHLO's (XLA's converter takes both; MHLO's export tests write `!mhlo.token`).
_TOKEN_TYPES = frozenset({"!stablehlo.token", "!mhlo.token"})


def shape_from_mlir(t: ir.Type) -> Shape:
    """An MLIR tensor/tuple/token type as an HLO shape (no layout)."""
    if isinstance(t, ir.TupleType):
        tt = t
        return Shape.tuple_of([shape_from_mlir(tt.get_type(i)) for i in range(tt.num_types)])
    if isinstance(t, stablehlo.TokenType) or str(t) in _TOKEN_TYPES:
        return Shape.token()
    if isinstance(t, ir.MemRefType):
        return _buffer_shape(t)
    if not isinstance(t, ir.RankedTensorType):
        raise TranslateError(f"type {t} has no HLO equivalent (only ranked tensors, tuples and tokens)")
    rt = t
    element = element_type_from_mlir(rt.element_type)
    bounds: list[int | None] = [None] * rt.rank
    if rt.encoding is not None:
        text = str(rt.encoding)
        if text.startswith("#stablehlo.bounds<"):
            bounds = [None if b.strip() == "?" else int(b) for b in text[len("#stablehlo.bounds<") : -1].split(",")]
        elif text.startswith(_MHLO_BOUNDS) and text.endswith("]>"):
            # MHLO's spelling of the same bounds (XLA's export tests write it)
            bounds = [None if b.strip() == "?" else int(b) for b in text[len(_MHLO_BOUNDS) : -2].split(",")]
    dims: list[int] = []
    dynamic: list[bool] = []
    for i in range(rt.rank):
        if rt.is_dynamic_dim(i):
            bound = bounds[i]
            dims.append(bound if bound is not None else UNBOUNDED)
            dynamic.append(True)
        else:
            dims.append(rt.get_dim_size(i))
            dynamic.append(False)
    return Shape(element, tuple(dims), tuple(dynamic))
