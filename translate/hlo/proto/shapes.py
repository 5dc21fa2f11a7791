"""Shapes and layouts as ShapeProto / LayoutProto (cached as serialized bytes both ways)."""

from __future__ import annotations

from hlo_translate.errors import TranslateError
from hlo_translate.hlo.ir import DimLevelType, Layout, PrimitiveType, Shape, SplitConfig, Tile, tile_dimension_problem
from hlo_translate.proto import xla_data_pb2

# ---------------------------------------------------------------------------------------------
# Shapes and layouts


# Shapes are few and repeated: each distinct one is converted once, as serialized ShapeProto bytes
# both ways (upb merges and serializes them in C). Bounded, so a long-lived process keeps nothing per module.
_SHAPE_CACHE_LIMIT = 65536
SHAPE_BYTES: dict[Shape, bytes] = {}
_SHAPE_FROM_BYTES: dict[bytes, Shape] = {}


def bounded(cache: dict) -> dict:
    if len(cache) >= _SHAPE_CACHE_LIMIT:
        cache.clear()
    return cache


def shape_to_proto(shape: Shape, out: xla_data_pb2.ShapeProto | None = None) -> xla_data_pb2.ShapeProto:
    """`shape` as a ShapeProto, written into `out` (assumed empty) when given."""
    proto = out if out is not None else xla_data_pb2.ShapeProto()
    proto.MergeFromString(shape_bytes(shape))
    return proto


def new_shape_proto(shape: Shape, out: xla_data_pb2.ShapeProto | None = None) -> xla_data_pb2.ShapeProto:
    proto = out if out is not None else xla_data_pb2.ShapeProto()
    proto.element_type = int(shape.element_type)
    if shape.is_tuple or shape.is_buffer:  # (a buffer's array is its one tuple shape)
        for s in shape.tuple_shapes:
            new_shape_proto(s, proto.tuple_shapes.add())
        return proto
    proto.dimensions.extend(shape.dimensions)
    proto.is_dynamic_dimension.extend(shape.dynamic or (False,) * shape.rank)
    if shape.layout is not None:
        _layout_to_proto(shape.layout, proto.layout)
    elif shape.is_array:
        proto.layout.minor_to_major.extend(range(shape.rank - 1, -1, -1))
        proto.layout.tail_padding_alignment_in_elements = 1
    return proto


def _layout_to_proto(layout: Layout, proto: xla_data_pb2.LayoutProto) -> None:
    proto.minor_to_major.extend(layout.minor_to_major)
    proto.dim_level_types.extend(int(d) for d in layout.dim_level_types)
    proto.dim_unique.extend(layout.dim_unique)
    proto.dim_ordered.extend(layout.dim_ordered)
    for tile in layout.tiles:
        proto.tiles.add().dimensions.extend(tile.dimensions)
    proto.tail_padding_alignment_in_elements = layout.tail_padding_alignment_in_elements
    proto.index_primitive_type = int(layout.index_primitive_type)
    proto.pointer_primitive_type = int(layout.pointer_primitive_type)
    proto.element_size_in_bits = layout.element_size_in_bits
    proto.memory_space = layout.memory_space
    for split in layout.split_configs:
        entry = proto.split_configs.add()
        entry.dimension = split.dimension
        entry.split_indices.extend(split.split_indices)
    if layout.physical_shape is not None:
        shape_to_proto(layout.physical_shape, proto.physical_shape)
    proto.dynamic_shape_metadata_prefix_bytes = layout.dynamic_shape_metadata_prefix_bytes


def shape_from_proto(proto: xla_data_pb2.ShapeProto) -> Shape:
    """Our Shape of a ShapeProto."""
    data = proto.SerializeToString()
    shape = _SHAPE_FROM_BYTES.get(data)
    if shape is None:
        shape = bounded(_SHAPE_FROM_BYTES)[data] = _read_shape_proto(proto)
    return shape


def _read_shape_proto(proto: xla_data_pb2.ShapeProto) -> Shape:
    try:
        element_type = PrimitiveType(proto.element_type)
    except ValueError:
        raise TranslateError(f"unknown element type number {proto.element_type}") from None
    if element_type == PrimitiveType.TUPLE:
        return Shape.tuple_of([_read_shape_proto(s) for s in proto.tuple_shapes])
    if element_type == PrimitiveType.BUFFER:
        arrays = [_read_shape_proto(s) for s in proto.tuple_shapes]
        if len(arrays) != 1 or not arrays[0].is_array:
            raise TranslateError("a BUFFER shape proto must hold one array shape in tuple_shapes")
        return Shape.buffer_of(arrays[0])
    if not element_type.is_array:
        return Shape(element_type)
    dims = tuple(proto.dimensions)
    if proto.is_dynamic_dimension and len(proto.is_dynamic_dimension) != len(dims):
        raise TranslateError(
            f"a shape proto with {len(dims)} dimensions has {len(proto.is_dynamic_dimension)} "
            "is_dynamic_dimension fields"
        )
    dynamic = tuple(proto.is_dynamic_dimension) or (False,) * len(dims)
    layout = _layout_from_proto(proto.layout) if proto.HasField("layout") else None
    return Shape(element_type, dims, dynamic, layout)


def _layout_from_proto(proto: xla_data_pb2.LayoutProto) -> Layout:
    if proto.tail_padding_alignment_in_elements < 0:
        raise TranslateError(
            f"layout tail_padding_alignment_in_elements {proto.tail_padding_alignment_in_elements} is negative"
        )
    for tile in proto.tiles:
        for size in tile.dimensions:
            if (problem := tile_dimension_problem(size)) is not None:  # (XLA's reader refuses)
                raise TranslateError(f"layout {problem}")
    return Layout(
        minor_to_major=tuple(proto.minor_to_major),
        dim_level_types=tuple(DimLevelType(d) for d in proto.dim_level_types),
        dim_unique=tuple(proto.dim_unique),
        dim_ordered=tuple(proto.dim_ordered),
        tiles=tuple(Tile(tuple(t.dimensions)) for t in proto.tiles),
        tail_padding_alignment_in_elements=proto.tail_padding_alignment_in_elements or 1,
        index_primitive_type=PrimitiveType(proto.index_primitive_type),
        pointer_primitive_type=PrimitiveType(proto.pointer_primitive_type),
        element_size_in_bits=proto.element_size_in_bits,
        memory_space=proto.memory_space,
        split_configs=tuple(SplitConfig(s.dimension, tuple(s.split_indices)) for s in proto.split_configs),
        physical_shape=shape_from_proto(proto.physical_shape) if proto.HasField("physical_shape") else None,
        dynamic_shape_metadata_prefix_bytes=proto.dynamic_shape_metadata_prefix_bytes,
    )


def shape_bytes(shape: Shape) -> bytes:
    data = SHAPE_BYTES.get(shape)
    if data is None:
        data = bounded(SHAPE_BYTES)[shape] = new_shape_proto(shape).SerializeToString()
    return data
