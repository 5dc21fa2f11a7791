"""HloModuleProto <-> our IR, through our own schema in `proto/` (wire-compatible with XLA's).

    >>> from hlo_translate.hlo.text import parse_hlo_text
    >>> m = parse_hlo_text("HloModule m\\nENTRY e { ROOT p = f32[2] parameter(0) }")
    >>> module_from_proto(module_to_proto(m)).entry.root.shape.to_text()
    'f32[2]{0}'

Each text attribute maps to proto fields in one place: `_ATTR_TO_PROTO` (writing) and `_attributes_from_proto`
(reading, in the order XLA prints them). Attributes kept verbatim (`RawAttr`) that have no proto field are
rejected with a clear error rather than dropped.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from operator import attrgetter
from typing import Any

from google.protobuf import text_format

from hlo_translate.proto import hlo_pb2, xla_data_pb2
from hlo_translate.errors import TranslateError
from hlo_translate.hlo.comparison import is_default_order
from hlo_translate.hlo import attributes as A
from hlo_translate.hlo.ir import (
    BufferDonor, ComputationLayout, HloComputation, HloInstruction, HloModule, InputOutputAlias,
)
from hlo_translate.hlo.op_metadata import OpMetadata
from hlo_translate.hlo.opcodes import BINARY_ELEMENTWISE, OPCODES, UNARY_ELEMENTWISE
from hlo_translate.hlo.types import (
    DimLevelType, Layout, PrimitiveType, Shape, SplitConfig, Tile, tile_dimension_problem,
)

# ---------------------------------------------------------------------------------------------
# Shapes and layouts


# Shapes are few and repeated: each distinct one is converted once, as serialized ShapeProto bytes
# both ways (upb merges and serializes them in C). Bounded, so a long-lived process keeps nothing per module.
_SHAPE_CACHE_LIMIT = 65536
_SHAPE_BYTES: dict[Shape, bytes] = {}
_SHAPE_FROM_BYTES: dict[bytes, Shape] = {}


def _bounded(cache: dict) -> dict:
    if len(cache) >= _SHAPE_CACHE_LIMIT:
        cache.clear()
    return cache


def shape_to_proto(shape: Shape, out: xla_data_pb2.ShapeProto | None = None) -> xla_data_pb2.ShapeProto:
    """`shape` as a ShapeProto, written into `out` (assumed empty) when given."""
    proto = out if out is not None else xla_data_pb2.ShapeProto()
    proto.MergeFromString(_shape_bytes(shape))
    return proto


def _new_shape_proto(shape: Shape, out: xla_data_pb2.ShapeProto | None = None) -> xla_data_pb2.ShapeProto:
    proto = out if out is not None else xla_data_pb2.ShapeProto()
    proto.element_type = int(shape.element_type)
    if shape.is_tuple:
        for s in shape.tuple_shapes:
            _new_shape_proto(s, proto.tuple_shapes.add())
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
        shape = _bounded(_SHAPE_FROM_BYTES)[data] = _read_shape_proto(proto)
    return shape


def _read_shape_proto(proto: xla_data_pb2.ShapeProto) -> Shape:
    try:
        element_type = PrimitiveType(proto.element_type)
    except ValueError:
        raise TranslateError(f"unknown element type number {proto.element_type}") from None
    if element_type == PrimitiveType.TUPLE:
        return Shape.tuple_of([_read_shape_proto(s) for s in proto.tuple_shapes])
    if not element_type.is_array:
        return Shape(element_type)
    dims = tuple(proto.dimensions)
    if proto.is_dynamic_dimension and len(proto.is_dynamic_dimension) != len(dims):
        raise TranslateError(f"a shape proto with {len(dims)} dimensions has {len(proto.is_dynamic_dimension)} "
                             "is_dynamic_dimension fields")
    dynamic = tuple(proto.is_dynamic_dimension) or (False,) * len(dims)
    layout = _layout_from_proto(proto.layout) if proto.HasField("layout") else None
    return Shape(element_type, dims, dynamic, layout)


def _layout_from_proto(proto: xla_data_pb2.LayoutProto) -> Layout:
    if proto.tail_padding_alignment_in_elements < 0:
        raise TranslateError(f"layout tail_padding_alignment_in_elements "
                             f"{proto.tail_padding_alignment_in_elements} is negative")
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


# ---------------------------------------------------------------------------------------------
# Attribute writers: one per text attribute name, filling HloInstructionProto fields.

Writer = Callable[[hlo_pb2.HloInstructionProto, Any, HloInstruction], None]

_DOT_FIELDS = {"lhs_batch_dims": "lhs_batch_dimensions", "rhs_batch_dims": "rhs_batch_dimensions",
               "lhs_contracting_dims": "lhs_contracting_dimensions",
               "rhs_contracting_dims": "rhs_contracting_dimensions"}
_GATHER_FIELDS = ("offset_dims", "collapsed_slice_dims", "start_index_map", "operand_batching_dims",
                  "start_indices_batching_dims")
_SCATTER_FIELDS = ("update_window_dims", "inserted_window_dims", "scatter_dims_to_operand_dims",
                   "input_batching_dims", "scatter_indices_batching_dims")
_TRIANGULAR_FIELDS = ("left_side", "lower", "unit_diagonal")


def _set(field: str) -> Writer:
    def write(p: hlo_pb2.HloInstructionProto, v: Any, _: HloInstruction) -> None:
        setattr(p, field, v.name if isinstance(v, A.Enum) else v)
    return write


def _extend(field: str) -> Writer:
    def write(p: hlo_pb2.HloInstructionProto, v: Any, _: HloInstruction) -> None:
        getattr(p, field).extend(v)
    return write


def _write_slice_sizes(p: hlo_pb2.HloInstructionProto, v: Any, _: HloInstruction) -> None:
    """gather's sizes, or an in-place collective-permute's lists, flattened into `dynamic_slice_sizes`."""
    if v and isinstance(v[0], tuple):
        p.dynamic_slice_sizes.extend(size for sizes in v for size in sizes)
    else:
        p.gather_slice_sizes.extend(v)


def _dot_dims(field: str) -> Writer:
    def write(p: hlo_pb2.HloInstructionProto, v: Any, i: HloInstruction) -> None:
        target = p.ragged_dot_dimension_numbers.dot_dimension_numbers if i.opcode == "ragged-dot" \
            else p.dot_dimension_numbers
        getattr(target, field).extend(v)
    return write


def _sub_extend(message: str, field: str) -> Writer:
    def write(p: hlo_pb2.HloInstructionProto, v: Any, _: HloInstruction) -> None:
        getattr(getattr(p, message), field).extend(v)
    return write


def _write_index_vector_dim(p: hlo_pb2.HloInstructionProto, v: int, i: HloInstruction) -> None:
    target = p.gather_dimension_numbers if i.opcode == "gather" else p.scatter_dimension_numbers
    target.index_vector_dim = v


def _write_slice(p: hlo_pb2.HloInstructionProto, v: tuple[A.SliceDim, ...], _: HloInstruction) -> None:
    for d in v:
        s = p.slice_dimensions.add()
        s.start, s.limit, s.stride = d.start, d.limit, d.stride


def _write_window(p: hlo_pb2.HloInstructionProto, v: A.Window, _: HloInstruction) -> None:
    p.window.SetInParent()
    for d in v.dimensions:
        w = p.window.dimensions.add()
        w.size, w.stride, w.padding_low, w.padding_high = d.size, d.stride, d.padding_low, d.padding_high
        w.window_dilation, w.base_dilation, w.window_reversal = d.window_dilation, d.base_dilation, d.window_reversal


def _write_padding(p: hlo_pb2.HloInstructionProto, v: A.PaddingConfig, _: HloInstruction) -> None:
    for d in v.dimensions:
        e = p.padding_config.dimensions.add()
        e.edge_padding_low, e.edge_padding_high, e.interior_padding = \
            d.edge_padding_low, d.edge_padding_high, d.interior_padding


def _write_dim_labels(p: hlo_pb2.HloInstructionProto, v: A.ConvDimLabels, _: HloInstruction) -> None:
    c = p.convolution_dimension_numbers
    c.input_batch_dimension, c.input_feature_dimension = v.input_batch_dimension, v.input_feature_dimension
    c.input_spatial_dimensions.extend(v.input_spatial_dimensions)
    c.kernel_input_feature_dimension = v.kernel_input_feature_dimension
    c.kernel_output_feature_dimension = v.kernel_output_feature_dimension
    c.kernel_spatial_dimensions.extend(v.kernel_spatial_dimensions)
    c.output_batch_dimension, c.output_feature_dimension = v.output_batch_dimension, v.output_feature_dimension
    c.output_spatial_dimensions.extend(v.output_spatial_dimensions)


def _write_replica_groups(p: hlo_pb2.HloInstructionProto, v: A.ReplicaGroups, _: HloInstruction) -> None:
    if isinstance(v, A.IotaReplicaGroups):
        iota = p.iota_collective_device_list
        iota.num_replica_groups, iota.num_devices_per_group = v.num_replica_groups, v.num_devices_per_group
        iota.iota_reshape_dims.extend(v.reshape_dims)
        iota.iota_transpose_perm.extend(v.transpose_perm or range(len(v.reshape_dims)))   # XLA writes identity
    elif isinstance(v, A.MeshReplicaGroups):
        mesh = p.mesh_axes_replica_group_list
        names = [a.name for a in v.mesh]
        for axis in v.mesh:
            entry = mesh.mesh.axes.add()
            entry.name, entry.size = axis.name, axis.size
        for axis in v.axes:
            ref = mesh.axes.add()
            ref.mesh_axis_index = names.index(A._axis_base(axis))
            sub = A.sub_axis(axis)
            if sub is not None:
                ref.sub_axis_info.pre_size, ref.sub_axis_info.size = sub
    else:
        p.collective_device_list.SetInParent()   # `replica_groups={}` too
        for group in v:
            p.collective_device_list.replica_groups.add().replica_ids.extend(group)


def _write_pairs(p: hlo_pb2.HloInstructionProto, v: tuple[tuple[int, int], ...], _: HloInstruction) -> None:
    for s, t in v:
        pair = p.source_target_pairs.add()
        pair.source, pair.target = s, t


def _write_metadata(p: hlo_pb2.HloInstructionProto, v: OpMetadata, _: HloInstruction) -> None:
    p.metadata.SetInParent()  # `metadata={}` too: the proto says it was there
    p.metadata.MergeFrom(v.to_proto(xla_data_pb2.OpMetadata))


def _write_frontend(p: hlo_pb2.HloInstructionProto, v: A.FrontendAttributes, _: HloInstruction) -> None:
    p.frontend_attributes.SetInParent()
    for key, value in v.items:
        p.frontend_attributes.map[key] = value


def _write_aliasing(p: hlo_pb2.HloInstructionProto, v: tuple[A.OutputOperandAlias, ...], _: HloInstruction) -> None:
    for alias in v:
        e = p.output_operand_aliasing.add()
        e.output_shape_index.extend(alias.output_index)
        e.operand_index = alias.operand_number
        e.operand_shape_index.extend(alias.operand_index)


def _enum_number(enum_type: Any, name: str, what: str) -> int:
    """The proto number of enum value `name`; an unknown name is the input's problem."""
    try:
        return enum_type.Value(name)
    except ValueError:
        raise TranslateError(f"unknown value '{name[:40]}' for {what}") from None


def _enum_name(enum_type: Any, number: int, what: str, op: str | None) -> str:
    """The name of proto enum value `number`; a number the enum does not define is the input's problem."""
    try:
        return enum_type.Name(number)
    except ValueError:
        raise TranslateError(f"{what} {number} is not a value XLA defines", op=op) from None


def _write_precision(p: hlo_pb2.HloInstructionProto, v: tuple[A.Enum, ...], _: HloInstruction) -> None:
    p.precision_config.operand_precision.extend(
        _enum_number(xla_data_pb2.PrecisionConfig.Precision, e.name.upper(), "operand_precision") for e in v)


def _write_algorithm(p: hlo_pb2.HloInstructionProto, v: A.Enum, i: HloInstruction) -> None:
    if i.opcode == "rng-bit-generator":
        p.rng_algorithm = _enum_number(xla_data_pb2.RandomAlgorithm, v.name.upper(), "algorithm")
    else:
        p.precision_config.algorithm = _enum_number(xla_data_pb2.PrecisionConfig.Algorithm,
                                                    "ALG_" + v.name.upper(), "algorithm")


def _write_enum(field: str, enum_type: Any, prefix: str = "") -> Writer:
    def write(p: hlo_pb2.HloInstructionProto, v: A.Enum, _: HloInstruction) -> None:
        try:
            setattr(p, field, enum_type.Value(prefix + v.name.upper()))
        except ValueError:
            raise TranslateError(f"unknown value '{v.name}' for {field}") from None
    return write


def _write_mode(p: hlo_pb2.HloInstructionProto, v: A.Enum, i: HloInstruction) -> None:
    """shuffle's `mode=rotate` (with `shifts=`); on all-reduce and reduce-scatter XLA's parser reads the
    collective group `mode=` and drops it, and so do we."""
    if i.opcode != "shuffle":
        return
    if v.name != "rotate":
        raise TranslateError(f"unknown shuffle mode '{v.name}'", op=i.name)
    p.shuffle_mode.rotate.SetInParent()


def _write_literal(p: hlo_pb2.HloInstructionProto, v: Any, _: HloInstruction) -> None:
    from hlo_translate.hlo.literal import to_literal_proto

    p.literal.CopyFrom(to_literal_proto(v))


def _write_result_accuracy(p: hlo_pb2.HloInstructionProto, v: A.ResultAccuracy, _: HloInstruction) -> None:
    if v.mode is not None:
        p.result_accuracy.mode = xla_data_pb2.ResultAccuracy.Mode.Value(v.mode.upper())
    else:
        t = p.result_accuracy.tolerance
        t.atol, t.rtol, t.ulps = v.atol, v.rtol, v.ulps


def _result_accuracy_from_proto(r: xla_data_pb2.ResultAccuracy, op: str) -> A.ResultAccuracy:
    if r.HasField("tolerance"):
        return A.ResultAccuracy(None, r.tolerance.atol, r.tolerance.rtol, r.tolerance.ulps)
    return A.ResultAccuracy(_enum_name(xla_data_pb2.ResultAccuracy.Mode, r.mode, "result_accuracy mode", op).lower())


def _write_sharding(p: hlo_pb2.HloInstructionProto, v: Any, _: HloInstruction) -> None:
    p.sharding.CopyFrom(v.to_op_sharding())


def _write_bytes(field: str) -> Writer:
    def write(p: hlo_pb2.HloInstructionProto, v: str, _: HloInstruction) -> None:
        setattr(p, field, v.encode("utf-8", errors="surrogateescape"))
    return write


def _write_operand_layouts(p: hlo_pb2.HloInstructionProto, v: A.RawAttr, _: HloInstruction) -> None:
    from hlo_translate.hlo.types import _ShapeReader

    inner = v.text.strip()[1:-1]
    for part in A.split_top_level(inner) if inner.strip() else []:
        shape_to_proto(_ShapeReader(part).read_shape(), p.operand_shapes_with_layout.add())
    p.constrain_layout = True


def _write_parameter_replication(p: hlo_pb2.HloInstructionProto, v: tuple[bool, ...], _: HloInstruction) -> None:
    p.parameter_replication.replicated_at_leaf_buffers.extend(v)


def _write_triangular(field: str) -> Writer:
    def write(p: hlo_pb2.HloInstructionProto, v: Any, i: HloInstruction) -> None:
        if i.opcode == "cholesky":
            p.cholesky_options.lower = v
        elif field == "transpose_a":
            p.triangular_solve_options.transpose_a = _enum_number(
                xla_data_pb2.TriangularSolveOptions.Transpose, v.name, "transpose_a")
        else:
            setattr(p.triangular_solve_options, field, v)
    return write


def _write_dimensions(p: hlo_pb2.HloInstructionProto, v: Any, _: HloInstruction) -> None:
    p.dimensions.extend(v if isinstance(v, tuple) else (v,))


def _permute_slice_sizes(p: hlo_pb2.HloInstructionProto) -> tuple[tuple[int, ...], ...]:
    """An in-place collective-permute's flat `dynamic_slice_sizes`, one list per slice: as many sizes
    as the permuted arrays have dimensions (the result's, or the start's first element's)."""
    shape = p.shape.tuple_shapes[0] if p.opcode == "collective-permute-start" else p.shape
    rank = len(shape.dimensions)
    sizes = tuple(p.dynamic_slice_sizes)
    if rank == 0 or len(sizes) % rank:
        raise TranslateError(f"{len(sizes)} slice sizes do not split into lists of {rank}", op=p.name)
    return tuple(sizes[i:i + rank] for i in range(0, len(sizes), rank))


def _write_xla_defaults(p: hlo_pb2.HloInstructionProto, instr: HloInstruction) -> None:
    """What XLA's proto writer sets on every instruction, or by opcode, whatever the text says."""
    p.metadata.SetInParent()
    p.frontend_attributes.SetInParent()
    p.statistics_viz.SetInParent()
    op = instr.opcode
    if op in ("convolution", "custom-call"):
        p.feature_group_count = p.batch_group_count = 1
    if op in _PRECISION_OPERANDS and "operand_precision" not in instr.attributes:
        count = len(instr.operands) if op == "custom-call" else _PRECISION_OPERANDS[op]
        p.precision_config.operand_precision.extend([xla_data_pb2.PrecisionConfig.DEFAULT] * count)
    if op in ("convolution", "dot"):
        p.sparsity_config.SetInParent()
        p.block_scaling_config.SetInParent()
    if op == "custom-call":
        p.custom_call_api_version = hlo_pb2.CustomCallApiVersion.API_VERSION_ORIGINAL
    elif op == "topk":
        p.is_stable = True   # XLA's TopK always writes it (its sort is stable)
    elif instr.opcode == "compare":
        p.comparison_order = _comparison_order(instr)
    elif instr.opcode == "convolution":
        p.window.SetInParent()   # XLA's proto loader requires a window, even an empty one


# Opcodes whose proto depends on their operands' shapes or count (`_write_xla_defaults`); the proto writer
# shares one serialized piece among instructions alike in all else (`_attributed_piece`). A writer that
# reads the operands must list its opcode here.
_READS_OPERANDS = frozenset({"compare", "custom-call"})
_TOTAL_TYPES = frozenset({"TOTALORDER", "SIGNED", "UNSIGNED"})
# Opcodes whose proto always has a precision config, and for how many operands (custom-call: all of them).
_PRECISION_OPERANDS = {"convolution": 2, "dot": 2, "ragged-dot": 2, "scaled-dot": 2, "custom-call": 0}


def _comparison_order(instr: HloInstruction) -> str:
    """XLA 0.12 stores a comparison's order (`order=TOTAL`, or the legacy `type=` it implies), defaulting to
    PARTIAL for floating-point and complex operands and TOTAL otherwise."""
    order = instr.attributes.get("order")
    if isinstance(order, A.Enum):
        return order.name
    kind = instr.attributes.get("type")
    if isinstance(kind, A.Enum) and kind.name in _TOTAL_TYPES:
        return "TOTAL"
    element = instr.operands[0].shape.element_type if instr.operands else None
    return "PARTIAL" if element is not None and (element.is_float or element.is_complex) else "TOTAL"


def _ignore(p: hlo_pb2.HloInstructionProto, v: Any, _: HloInstruction) -> None:
    """Attributes carried by other proto fields (called computations, control predecessors)."""


# Attributes written as ids only (`_split_attributes`): their proto writers write nothing.
_CALL_ATTRS = frozenset(("to_apply", "calls", "condition", "body", "true_computation", "select", "scatter",
                         "false_computation", "branch_computations", "called_computations", "control-predecessors"))



_ATTR_TO_PROTO: dict[str, Writer] = {
    "dimensions": _write_dimensions,
    "iota_dimension": _write_dimensions,
    "index": _set("tuple_index"),
    "slice": _write_slice,
    "dynamic_slice_sizes": _extend("dynamic_slice_sizes"),
    "window": _write_window,
    "padding": _write_padding,
    "dim_labels": _write_dim_labels,
    "feature_group_count": _set("feature_group_count"),
    "batch_group_count": _set("batch_group_count"),
    **{name: _dot_dims(field) for name, field in _DOT_FIELDS.items()},
    "lhs_ragged_dims": _sub_extend("ragged_dot_dimension_numbers", "lhs_ragged_dimensions"),
    "rhs_group_dims": _sub_extend("ragged_dot_dimension_numbers", "rhs_group_dimensions"),
    "operand_precision": _write_precision,
    "algorithm": _write_algorithm,
    **{name: _sub_extend("gather_dimension_numbers", name) for name in _GATHER_FIELDS},
    **{name: _sub_extend("scatter_dimension_numbers", name) for name in _SCATTER_FIELDS},
    "slice_sizes": _write_slice_sizes,
    "index_vector_dim": _write_index_vector_dim,
    "indices_are_sorted": _set("indices_are_sorted"),
    "unique_indices": _set("unique_indices"),
    "direction": _set("comparison_direction"),
    "type": _ignore,    # XLA's proto keeps only the order it implies (see `_comparison_order`)
    "order": _ignore,
    "is_stable": _set("is_stable"),
    "largest": _set("largest"),
    "k": _set("k"),
    "exponent_bits": _set("exponent_bits"),
    "mantissa_bits": _set("mantissa_bits"),
    "distribution": _write_enum("distribution", xla_data_pb2.RandomDistribution),
    "epsilon": _set("epsilon"),
    "feature_index": _set("feature_index"),
    "fft_type": _write_enum("fft_type", xla_data_pb2.FftType),
    "fft_length": _extend("fft_length"),
    "channel_id": _set("channel_id"),
    "replica_groups": _write_replica_groups,
    "use_global_device_ids": _set("use_global_device_ids"),
    "constrain_layout": _set("constrain_layout"),
    "source_target_pairs": _write_pairs,
    "is_host_transfer": _set("is_host_transfer"),
    "custom_call_target": _set("custom_call_target"),
    "custom_call_has_side_effect": _set("custom_call_has_side_effect"),
    "api_version": _write_enum("custom_call_api_version", hlo_pb2.CustomCallApiVersion),
    "schedule": _write_enum("custom_call_schedule", hlo_pb2.CustomCallSchedule),
    "custom_call_schedule": _write_enum("custom_call_schedule", hlo_pb2.CustomCallSchedule),
    "output_to_operand_aliasing": _write_aliasing,
    "operand_layout_constraints": _write_operand_layouts,
    "backend_config": _write_bytes("backend_config"),
    "infeed_config": _write_bytes("infeed_config"),
    "outfeed_shape": lambda p, v, _: shape_to_proto(v, p.outfeed_shape),
    "outfeed_config": _write_bytes("outfeed_config"),
    "sharding": _write_sharding,
    "frontend_attributes": _write_frontend,
    "metadata": _write_metadata,
    "kind": _set("fusion_kind"),
    "async_execution_thread": _set("async_execution_thread"),
    "parameter_replication": _write_parameter_replication,
    "left_side": _write_triangular("left_side"),
    "lower": _write_triangular("lower"),
    "unit_diagonal": _write_triangular("unit_diagonal"),
    "transpose_a": _write_triangular("transpose_a"),
    "delta": _set("delta"),
    "is_composite": _set("is_composite"),
    "cross_program_prefetch_index": _set("cross_program_prefetch_index"),
    "padding_type": _write_enum("padding_type", xla_data_pb2.PaddingType),
    "result_accuracy": _write_result_accuracy,
    "literal": _write_literal,
    "mode": _write_mode,
    "shifts": lambda p, v, _: p.shuffle_mode.rotate.shifts.extend(v),
    "num_carries": _set("num_carries"),
    "is_reverse": _set("is_reverse"),
    "is_associative": lambda p, v, _: setattr(p, "is_associative", hlo_pb2.TRI_STATE_TRUE if v
                                              else hlo_pb2.TRI_STATE_FALSE),
    "has_dynamic_root": _set("has_dynamic_root"),
    "inferred_dimension": _write_dimensions,
    **{name: _ignore for name in _CALL_ATTRS},
}


def _write_raw_backend_config(p: hlo_pb2.HloInstructionProto, v: A.RawAttr, _: HloInstruction) -> None:
    """A dictionary backend_config (`backend_config={...}`) goes into the proto as its text."""
    p.backend_config = v.text.encode()


def _write_statistics(p: hlo_pb2.HloInstructionProto, v: A.RawAttr, i: HloInstruction) -> None:
    """`statistics={visualizing_index=1,stat-0=60}` -> StatisticsViz: the first value is the index, whatever
    its name (as XLA's parser reads it), the others statistics; integers as XLA's lexer reads them."""
    from hlo_translate.hlo.literal_text import lexer_int64

    def number(text: str) -> int | float:
        text = text.strip()
        return lexer_int64(text, int(text)) if text.lstrip("-").isdigit() else float(text)

    inner = v.text.strip()[1:-1]
    for n, item in enumerate(A.split_top_level(inner) if inner.strip() else []):
        key, _, value = item.partition("=")
        if n == 0:
            p.statistics_viz.stat_index_to_visualize = int(number(value))
        else:
            p.statistics_viz.statistics.add(stat_name=key.strip(), stat_val=float(number(value)))


def _write_origin(p: hlo_pb2.HloInstructionProto, v: A.RawAttr, i: HloInstruction) -> None:
    """`origin={...}` -> OriginalValueProto, one element per leaf."""
    from hlo_translate.hlo.original_value import parse_original_value

    p.original_value.SetInParent()
    for leaf in parse_original_value(v.text):
        element = p.original_value.elements.add()
        element.shape_index.extend(leaf.shape_index)
        element.original_array.instruction_name = leaf.instruction_name
        element.original_array.shape_index.extend(leaf.array_index)


def _origin_from_proto(value: xla_data_pb2.OriginalValueProto, shape: Shape) -> A.RawAttr:
    from hlo_translate.hlo.original_value import OriginalArray, print_original_value

    leaves = tuple(OriginalArray(tuple(e.shape_index), e.original_array.instruction_name,
                                 tuple(e.original_array.shape_index)) for e in value.elements)
    return A.RawAttr(print_original_value(leaves, shape.is_tuple))


def _statistics_from_proto(viz: xla_data_pb2.StatisticsViz) -> A.RawAttr:
    items = [f"visualizing_index={viz.stat_index_to_visualize}"]
    items += [f"{s.stat_name}={A.print_float(s.stat_val)}" for s in viz.statistics]
    return A.RawAttr("{" + ",".join(items) + "}")


def _write_domain(p: hlo_pb2.HloInstructionProto, v: A.RawAttr, i: HloInstruction) -> None:
    """`domain={kind="sharding", entry={...}, exit={...}}`: XLA's proto keeps the exit sharding as its
    `domain_entry_sharding` and the entry one as `domain_exit_sharding` (operand side, user side)."""
    from hlo_translate.hlo.sharding import parse_sharding

    fields = {}
    for item in A.split_top_level(A._strip_braces(v.text)):
        key, _, value = item.partition("=")
        fields[key.strip()] = value.strip()
    if fields.get("kind") != '"sharding"' or "entry" not in fields or "exit" not in fields:
        raise TranslateError("only sharding domains (kind=\"sharding\", entry=..., exit=...) can be written to "
                             "HloModuleProto", op=i.name)
    p.domain_entry_sharding.CopyFrom(parse_sharding(fields["exit"]).to_op_sharding())
    p.domain_exit_sharding.CopyFrom(parse_sharding(fields["entry"]).to_op_sharding())


def _domain_from_proto(p: hlo_pb2.HloInstructionProto) -> A.RawAttr:
    from hlo_translate.hlo.sharding import from_op_sharding

    entry, exit_ = from_op_sharding(p.domain_exit_sharding), from_op_sharding(p.domain_entry_sharding)
    return A.RawAttr(f'{{kind="sharding", entry={entry.to_text()}, exit={exit_.to_text()}}}')


_RAW_TO_PROTO: dict[str, Writer] = {"domain": _write_domain, "statistics": _write_statistics, "origin": _write_origin,
                                    "operand_layout_constraints": _write_operand_layouts,
                                    "backend_config": _write_raw_backend_config}


# ---------------------------------------------------------------------------------------------
# IR -> proto


def module_to_proto(module: HloModule) -> hlo_pb2.HloModuleProto:
    """Our IR as an HloModuleProto (ids assigned XLA-style: computation id in the high 32 bits)."""
    return hlo_pb2.HloModuleProto.FromString(module_to_proto_bytes(module))


def module_to_proto_bytes(module: HloModule) -> bytes:
    """Our IR as a serialized HloModuleProto.

    Computations and instructions are encoded straight to the wire format (most instructions are a
    name, an opcode, a shape, an id and operand ids: building message objects for them field by field
    costs several times more); attributes still go through HloInstructionProto and its writers, and
    the module's own fields through HloModuleProto. Concatenated encodings of one message merge, so
    the pieces are simply written one after the other. Instructions and computations are dict keys by
    identity.

    Everything is written into one buffer: each computation's body in place, its tag and length put in
    front of it once it is known. A module of a million instructions otherwise kept an object per
    instruction and copied its bytes twice (the computation's join, the module's), all of it memory
    fresh from the system: its page faults made the time per instruction grow with the module.
    """
    computations = module.computations
    comp_ids = {c: n for n, c in enumerate(computations)}
    instructions = [i for comp in computations for i in comp.instructions]
    ids = _instruction_ids([len(comp.instructions) for comp in computations])
    encoded_ids = dict(zip(instructions, ids))
    fusion_ids = {comp_ids[c] for i in instructions if i.opcode == "fusion" for c in i.called_computations()}
    out = bytearray(_module_fields(module, comp_ids, fusion_ids).SerializeToString(deterministic=True))
    pieces: dict[Any, Any] = {}  # shapes and metadata by id: the module keeps them alive meanwhile
    start = 0
    for n, comp in enumerate(computations):
        end = start + len(comp.instructions)
        body = len(out)
        _computation_bytes(out, comp, n, comp_ids, encoded_ids, ids[start:end], n in fusion_ids, pieces)
        out[body:body] = _COMPUTATION_TAG + _varint(len(out) - body)
        start = end
    return bytes(out)


def _instruction_ids(counts: list[int]) -> list[bytes]:
    """The varint of every instruction's id, XLA's `(computation number << 32) + position`, computation by
    computation (`counts`: each computation's instruction count), encoded in numpy for all at once.

    A row of ten bytes per id, the varint's bytes then zeros; numpy's fixed-width bytes drop trailing zeros
    when they become Python bytes, and only the varint of 0 ends in a zero byte (every other varint ends in
    its highest non-zero 7-bit group; the bytes before it have the continuation bit)."""
    import numpy

    sizes = numpy.asarray(counts, dtype=numpy.int64)
    total = int(sizes.sum())
    computation = numpy.repeat(numpy.arange(len(counts), dtype=numpy.uint64), sizes)
    first = numpy.repeat(numpy.cumsum(sizes) - sizes, sizes)
    values = (computation << numpy.uint64(32)) + (numpy.arange(total, dtype=numpy.int64) - first).astype(numpy.uint64)
    table = numpy.zeros((total, 10), dtype=numpy.uint8)
    for group in range(10):
        table[:, group] = values & numpy.uint64(0x7F)
        values >>= numpy.uint64(7)
        more = values != 0
        if not more.any():
            break
        table[more, group] |= 0x80
    ids = table.view("S10").ravel().tolist()
    if total and counts[0]:
        ids[0] = b"\x00"  # the first computation's first instruction, id 0
    return ids


def _computation_bytes(out: bytearray, comp: HloComputation, comp_id: int, comp_ids: dict[HloComputation, int],
                       encoded_ids: dict[HloInstruction, bytes], own_ids: list[bytes], is_fusion: bool,
                       pieces: dict[Any, Any]) -> None:
    """Append the HloComputationProto of `comp`, serialized, to `out`: name (1), instructions (2), program
    shape (4), id (5), root id (6), fusion flag (7), execution thread (8), as deterministic serialization
    orders them."""
    out += _field(1, comp.name.encode())
    _instructions_bytes(out, comp.instructions, own_ids, comp_ids, encoded_ids, pieces)
    parts: list[bytes] = []
    assert comp.root is not None
    params = [i for i in comp.instructions if i.opcode == "parameter"]   # comp.parameters, without a lambda
    if len(params) > 1:
        params.sort(key=_PARAMETER_NUMBER)
    # The program shape's parameter and result shapes (fields 1, 2), once per distinct set of shapes
    key = ("program", id(comp.root.shape), *[id(p.shape) for p in params])
    shapes = pieces.get(key)
    if shapes is None:
        shapes = pieces[key] = b"".join([_field(1, _shape_bytes_by_id(p.shape, pieces)) for p in params]
                                        + [_field(2, _shape_bytes_by_id(comp.root.shape, pieces))])
    program = b"".join([shapes, *[_field(3, p.name.encode()) for p in params]])
    parts += (_PROGRAM_SHAPE_TAG, _varint(len(program)), program)
    if comp_id:
        parts += (_COMPUTATION_ID_TAG, _varint(comp_id))
    root_id = encoded_ids[comp.root]
    if root_id != b"\x00":
        parts += (_ROOT_ID_TAG, root_id)
    if is_fusion:
        parts.append(_IS_FUSION_FIELD)
    if comp.execution_thread:
        parts.append(_field(8, comp.execution_thread.encode()))
    out += b"".join(parts)


def _instructions_bytes(out: bytearray, instructions: list[HloInstruction], own_ids: list[bytes],
                        comp_ids: dict[HloComputation, int], encoded_ids: dict[HloInstruction, bytes],
                        pieces: dict[Any, Any]) -> None:
    """Append each instruction as a serialized HloInstructionProto field (2) of its computation to
    `out`, in one loop (the per-instruction Python is most of the write; `_field` inlined, and each
    instruction's fields joined in one step).

    An instruction is its name (field 1), then a piece shared by every instruction alike to it (opcode,
    shape, metadata when it has none, and its other attributes: see `_attributed_piece`), then its id,
    operand ids and parameter number. Metadata, called computations and control predecessors are written
    per instruction (`_attributed_bytes`)."""
    tag, lengths, id_tag, name_tag, operand_ids_tag, parameter_tag = (
        _LENGTH_DELIMITED_TAGS[2], _LENGTHS, _ID_TAG, _NAME_TAG, _OPERAND_IDS_TAG, _PARAMETER_NUMBER_TAG)
    limit = len(lengths)
    keyed_apart, reads_operands = _KEYED_APART, _READS_OPERANDS
    for instr, own_id in zip(instructions, own_ids):
        operands = instr.operands
        if operands:
            ids = b"".join([encoded_ids[o] for o in operands])
            size = len(ids)
            tail = (id_tag, own_id, operand_ids_tag, lengths[size] if size < limit else _varint(size), ids)
            if instr.parameter_number is not None:
                tail += (parameter_tag, _varint(instr.parameter_number))
        elif instr.parameter_number is not None:
            number = instr.parameter_number
            tail = (id_tag, own_id, parameter_tag, lengths[number] if 0 <= number < limit else _varint(number))
        else:
            tail = (id_tag, own_id)
        opcode = instr.opcode
        attributes = instr.attributes
        if attributes or instr.literal is not None or opcode in _OPCODE_DEFAULTS:
            known = None
            if instr.literal is None and keyed_apart.isdisjoint(attributes):  # most: keyed in one step
                key = (opcode, id(instr.shape), tuple(attributes.items()),
                       *([id(o.shape) for o in operands] if opcode in reads_operands else ()))
                try:
                    known = pieces.get(key) or _attributed_piece(instr, key, pieces)
                except TypeError:  # an unhashable attribute value
                    pass
            if known is None:
                data = b"".join((_attributed_bytes(instr, comp_ids, encoded_ids, pieces), *tail))
                size = len(data)
                out += tag
                out += lengths[size] if size < limit else _varint(size)
                out += data
                continue
            piece = known[2]
        else:  # what _write_xla_defaults sets on an instruction of no particular opcode: three empty messages
            key = (opcode, id(instr.shape))
            piece = pieces.get(key)
            if piece is None:
                piece = pieces[key] = (_field(2, opcode.encode()) + _field(3, _shape_bytes(instr.shape))
                                       + _EMPTY_DEFAULTS)
        name = instr.name.encode()
        size = len(name)
        data = b"".join((name_tag, lengths[size] if size < limit else _varint(size), name, piece, *tail))
        size = len(data)
        out += tag
        out += lengths[size] if size < limit else _varint(size)
        out += data


def _attributed_piece(instr: HloInstruction, key: tuple, pieces: dict[Any, Any]) -> tuple[bytes, bytes, bytes] | None:
    """The serialized HloInstructionProto of `instr` past its name, without its metadata, ids, called
    computations and control predecessors, as (opcode and shape, the rest, both with an empty metadata
    between), kept in `pieces` under `key`; None where a writer set the opcode or shape (not reused).

    Deterministic serialization writes fields by number: name (1), opcode (2), shape (3), metadata (7),
    then the rest (8 and up). The rest depends only on the opcode, the shapes (the operands' only for
    `_READS_OPERANDS`) and the other attributes: `key` holds these (`_split_attributes`)."""
    name = _field(1, instr.name.encode())
    head = _field(2, instr.opcode.encode()) + _field(3, _shape_bytes(instr.shape))
    whole = _instruction_proto(instr, {k: v for k, v in instr.attributes.items() if k != "metadata"}
                               ).SerializeToString(deterministic=True)
    if not whole.startswith(name + head + _EMPTY_METADATA):
        return None
    rest = whole[len(name) + len(head) + len(_EMPTY_METADATA):]
    known = pieces[key] = (head, rest, head + _EMPTY_METADATA + rest)
    return known


def _attributed_bytes(instr: HloInstruction, comp_ids: dict[HloComputation, int],
                      encoded_ids: dict[HloInstruction, bytes], pieces: dict[Any, Any]) -> bytes:
    """The HloInstructionProto of an instruction with metadata, called computations, control predecessors,
    a literal or an unhashable attribute, serialized (its id, operands and parameter number aside): the
    shared piece of `_attributed_piece` where it has one, with its metadata and the ids of its called
    computations and control predecessors (JAX gives every reduce a reducer of its own: they would make
    every key distinct)."""
    key, metadata, calls = _split_attributes(instr, comp_ids, encoded_ids)
    known = None
    if key is not None:
        try:
            known = pieces.get(key) or _attributed_piece(instr, key, pieces)
        except TypeError:  # an unhashable attribute value
            pass
    if known is None:
        return _instruction_proto(instr, instr.attributes).SerializeToString(deterministic=True) + calls
    head, rest, _ = known
    return b"".join((_field(1, instr.name.encode()), head,
                     _EMPTY_METADATA if metadata is None else _metadata_field(metadata, pieces), rest, calls))


def _metadata_field(metadata: OpMetadata, pieces: dict[Any, Any]) -> bytes:
    """The metadata field (7) of an instruction, serialized once per metadata object."""
    key = ("metadata", id(metadata))
    data = pieces.get(key)
    if data is None:
        data = pieces[key] = _field(7, metadata.to_proto(xla_data_pb2.OpMetadata).SerializeToString(
            deterministic=True))
    return data


def _split_attributes(instr: HloInstruction, comp_ids: dict[HloComputation, int],
                      encoded_ids: dict[HloInstruction, bytes]) -> tuple[tuple | None, Any, bytes]:
    """What the proto of `instr` past its metadata depends on (shapes by identity; None for a large literal
    or a metadata of another type), its metadata, and its called computation ids (field 38) and control
    predecessor ids (37), serialized, in one pass over its attributes."""
    items = []
    metadata = called = None
    calls = 0
    for name, value in instr.attributes.items():
        if name not in _KEYED_APART:
            items.append((name, value))
        elif name == "metadata":
            metadata = value
        elif name != "control-predecessors" and value is not None:
            calls += 1
            called = value
    parts = []
    if calls:
        if calls > 1:
            called = instr.called_computations()   # in XLA's order
        elif not isinstance(called, tuple):
            called = (called,)
        if called:
            ids = b"".join([_varint(comp_ids[c]) for c in called])
            parts += (_CALLED_IDS_TAG, _varint(len(ids)), ids)
    predecessors = instr.attributes.get("control-predecessors")
    if predecessors:
        parts.append(_field(37, b"".join([encoded_ids[c] for c in predecessors])))
    key = None
    if metadata is None or type(metadata) is OpMetadata:
        opcode = instr.opcode
        key = (opcode, id(instr.shape), tuple(items),
               *([id(o.shape) for o in instr.operands] if opcode in _READS_OPERANDS else ()))
        if instr.literal is not None:
            literal = _literal_key(instr.literal)
            key = None if literal is None else (*key, literal)
    return key, metadata, b"".join(parts)


def _literal_key(literal: Any) -> tuple | None:
    """A small array literal by its shape (identity) and value bits, for `_split_attributes`'s key (the
    exporter makes thousands of scalar constants); None for a tuple or a larger array."""
    value = literal.value
    if type(value) is tuple or value.size > 16:
        return None
    return ("literal", id(literal.shape), value.tobytes())


def _instruction_proto(instr: HloInstruction, attributes: dict[str, Any]) -> hlo_pb2.HloInstructionProto:
    """The HloInstructionProto of `instr` with `attributes` (ids, operands and called computations aside)."""
    from hlo_translate.hlo.literal import to_literal_proto

    ip = hlo_pb2.HloInstructionProto(name=instr.name, opcode=instr.opcode)
    ip.shape.MergeFromString(_shape_bytes(instr.shape))  # some writers read the shape
    _write_xla_defaults(ip, instr)
    if instr.literal is not None:
        ip.literal.CopyFrom(to_literal_proto(instr.literal))
    try:
        for key, value in attributes.items():
            writer = _RAW_TO_PROTO.get(key) if isinstance(value, A.RawAttr) else _ATTR_TO_PROTO.get(key)
            if writer is None:
                raise TranslateError(f"attribute '{key}' cannot be written to HloModuleProto", op=instr.name)
            writer(ip, value, instr)
    except UnicodeEncodeError:  # bytes from a C escape in HLO text (`\xe1`) where the proto has a string
        raise TranslateError(f"attribute '{key}' holds bytes that are not UTF-8, which an HloModuleProto string "
                             "cannot hold", op=instr.name) from None
    return ip


def _shape_bytes(shape: Shape) -> bytes:
    data = _SHAPE_BYTES.get(shape)
    if data is None:
        data = _bounded(_SHAPE_BYTES)[shape] = _new_shape_proto(shape).SerializeToString()
    return data


def _shape_bytes_by_id(shape: Shape, pieces: dict[Any, Any]) -> bytes:
    """`_shape_bytes`, looked up by identity first (a Shape's own hash is computed in Python)."""
    data = pieces.get(id(shape))
    if data is None:
        data = pieces[id(shape)] = _shape_bytes(shape)
    return data


# The protobuf wire format, for the few field kinds written directly (int64 varints, bytes, packed).

# The varint of every value below 16 Ki (most lengths, names' lengths, computation numbers), made once.
_LENGTHS = [bytes((n,)) for n in range(128)] + [bytes((n & 0x7F | 0x80, n >> 7)) for n in range(128, 1 << 14)]


def _varint(value: int) -> bytes:
    if 0 <= value < 16384:
        return _LENGTHS[value]
    value &= 0xFFFFFFFFFFFFFFFF  # negative int64: ten-byte two's complement, as protobuf writes it
    out = bytearray()
    while value > 0x7F:
        out.append((value & 0x7F) | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


_LENGTH_DELIMITED_TAGS = {n: _varint((n << 3) | 2) for n in (1, 2, 3, 4, 7, 8, 36, 37, 38, 68, 82)}
_ID_TAG = _varint(35 << 3)
_OPERAND_IDS_TAG = _LENGTH_DELIMITED_TAGS[36]
_NAME_TAG = _LENGTH_DELIMITED_TAGS[1]
_PARAMETER_NUMBER_TAG = _varint(9 << 3)
# HloModuleProto's computations (3); HloComputationProto's id (5), root id (6) and fusion flag (7).
_COMPUTATION_TAG = _LENGTH_DELIMITED_TAGS[3]
_PARAMETER_NUMBER = attrgetter("parameter_number")
_CALLED_IDS_TAG = _LENGTH_DELIMITED_TAGS[38]
_PROGRAM_SHAPE_TAG = _LENGTH_DELIMITED_TAGS[4]
_COMPUTATION_ID_TAG = _varint(5 << 3)
_ROOT_ID_TAG = _varint(6 << 3)
_IS_FUSION_FIELD = _varint(7 << 3) + b"\x01"


_VARINT_RE = re.compile(rb"[\x80-\xff]*[\x00-\x7f]")


def _varints(values: list[int]) -> list[bytes]:
    """The varint of each int64 in `values`, encoded by protobuf in one call (a packed repeated field)."""
    if not values:
        return []
    data = hlo_pb2.HloInstructionProto(operand_ids=values).SerializeToString()
    assert data.startswith(_OPERAND_IDS_TAG), data[:4]
    length = _VARINT_RE.match(data, len(_OPERAND_IDS_TAG))
    return _VARINT_RE.findall(data, length.end())


def _field(number: int, data: bytes) -> bytes:
    """A length-delimited field (string, bytes, message, packed repeated)."""
    size = len(data)
    return b"".join((_LENGTH_DELIMITED_TAGS[number], _LENGTHS[size] if size < 16384 else _varint(size), data))


_EMPTY_METADATA = _field(7, b"")
_EMPTY_DEFAULTS = _field(7, b"") + _field(68, b"") + _field(82, b"")   # metadata, frontend attributes, statistics
# Opcodes for which _write_xla_defaults sets more than the three empty messages.
_OPCODE_DEFAULTS = frozenset({"convolution", "custom-call", "dot", "topk", "compare", *_PRECISION_OPERANDS})
# Attributes kept out of `_attributed_bytes`'s one-step key: written per instruction, or made ids.
_KEYED_APART = _CALL_ATTRS | {"metadata"}


def _module_fields(module: HloModule, comp_ids: dict[HloComputation, int],
                   fusion_ids: set[int]) -> hlo_pb2.HloModuleProto:
    """The HloModuleProto of `module` without its computations."""
    proto = hlo_pb2.HloModuleProto(name=module.name)
    assert module.entry is not None
    proto.entry_computation_name = module.entry.name
    proto.entry_computation_id = comp_ids[module.entry]
    layout = module.entry_layout()
    for shape in layout.parameters:
        shape_to_proto(shape, proto.host_program_shape.parameters.add())
    shape_to_proto(layout.result, proto.host_program_shape.result)
    # XLA names the host program shape's parameters by position, whatever the entry's parameters are called
    proto.host_program_shape.parameter_names.extend(f"p{n}" for n in range(len(layout.parameters)))
    proto.input_output_alias.SetInParent()
    proto.buffer_donor.SetInParent()
    proto.frontend_attributes.SetInParent()
    if module.is_scheduled:
        for comp in module.computations:
            if comp_ids[comp] in fusion_ids:
                continue  # XLA schedules only non-fusion computations
            first = comp_ids[comp] << 32
            proto.schedule.sequences[comp_ids[comp]].instruction_ids.extend(
                range(first, first + len(comp.instructions)))
    for alias in module.input_output_alias:
        e = proto.input_output_alias.entries.add()
        e.output_shape_index.extend(alias.output_index)
        e.parameter_number = alias.parameter_number
        e.parameter_shape_index.extend(alias.parameter_index)
        e.kind = hlo_pb2.Kind.MUST_ALIAS if alias.kind == "must-alias" else hlo_pb2.Kind.MAY_ALIAS
    for donor in module.buffer_donor:
        e = proto.buffer_donor.entries.add()
        e.parameter_number = donor.parameter_number
        e.parameter_shape_index.extend(donor.parameter_index)
    if module.frontend_attributes is not None:
        proto.frontend_attributes.SetInParent()
        for key, value in module.frontend_attributes.items:
            proto.frontend_attributes.map[key] = value
    if module.stack_frames:
        _stack_frames_to_proto(module.stack_frames, proto.stack_frame_index)
    for entry in module.original_value_recovery_table:
        _recovery_entry_to_proto(entry, proto.original_value_recovery_table.entries.add())
    if module.proto_only:
        proto.MergeFromString(module.proto_only)
    return proto


def _recovery_entry_to_proto(entry: Any, out: hlo_pb2.OriginalValueRecoveryTableProto.Entry) -> None:
    from hlo_translate.hlo.text import parse_hlo_text

    for array, target in ((entry.old, out.old_original_array), (entry.new, out.new_original_array)):
        target.instruction_name = array.instruction_name
        target.shape_index.extend(array.array_index)
    if entry.module_text is not None:
        out.recovery_module.CopyFrom(module_to_proto(parse_hlo_text(entry.module_text)))


def _recovery_entry_from_proto(entry: hlo_pb2.OriginalValueRecoveryTableProto.Entry) -> Any:
    from hlo_translate.hlo.original_value import OriginalArray, RecoveryEntry
    from hlo_translate.hlo.text import print_hlo_text

    old, new = ((OriginalArray((), a.instruction_name, tuple(a.shape_index)))
                for a in (entry.old_original_array, entry.new_original_array))
    module = print_hlo_text(module_from_proto(entry.recovery_module)) if entry.HasField("recovery_module") else None
    return RecoveryEntry(old, new, module)


# HloModuleProto fields with no HLO text form: kept as read (see `HloModule.proto_only`).
_MODULE_PROTO_ONLY = ("cross_program_prefetches", "is_dynamic", "spmd_output_sharding", "spmd_parameters_shardings",
                      "use_auto_spmd_partitioning", "profile_info", "device_assignment", "device_type", "payloads", "pjrt_id", "debug_attributes",
                      "backend_config")


def _proto_only_fields(proto: hlo_pb2.HloModuleProto) -> bytes:
    kept = hlo_pb2.HloModuleProto()  # only these fields copied: a copy of the whole module costs ~0.2x XLA's read
    for field, value in proto.ListFields():
        if field.name in _MODULE_PROTO_ONLY:
            if hasattr(value, "MergeFrom"):  # a message or a repeated field
                getattr(kept, field.name).MergeFrom(value)
            else:
                setattr(kept, field.name, value)
    return kept.SerializeToString(deterministic=True)


_SECTION_LINE = re.compile(r"\s*(\d+)\s+(.*)")


def _stack_frames_to_proto(text: str, index: hlo_pb2.StackFrameIndexProto) -> None:
    section = None
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        if line in ("FileNames", "FunctionNames", "FileLocations", "StackFrames"):
            section = line
            continue
        m = _SECTION_LINE.fullmatch(line)
        if not m:
            raise TranslateError(f"bad stack frame table line '{line[:40]}'")
        body = m.group(2)
        if section in ("FileNames", "FunctionNames"):
            names = index.file_names if section == "FileNames" else index.function_names
            try:
                names.append(A.parse_string(body))
            except UnicodeEncodeError:  # bytes from a C escape in the text (`\xe1`): a proto string cannot hold them
                raise TranslateError(f"stack frame table {section} entry '{line[:40]}' holds bytes that are not "
                                     "UTF-8, which an HloModuleProto string cannot hold") from None
        else:
            target = index.file_locations.add() if section == "FileLocations" else index.stack_frames.add()
            for key, value in _int_fields(body):
                if key not in target.DESCRIPTOR.fields_by_name:
                    raise TranslateError(f"unknown {section} field '{key}'")
                # XLA's text numbers parent frames from 1 more than the proto does
                setattr(target, key, value - 1 if key == "parent_frame_id" else value)


_INT_FIELD = re.compile(r"([A-Za-z_]\w*)=(-?\d+)\s*,?\s*")


def _int_fields(body: str) -> list[tuple[str, int]]:
    """The `key=1` pairs of a stack frame table entry, `{file_name_id=1 line=3}`."""
    text = body.strip()
    if not (text.startswith("{") and text.endswith("}")):
        raise TranslateError(f"bad stack frame table entry '{text[:40]}'")
    inner = text[1:-1].strip()
    pairs: list[tuple[str, int]] = []
    pos = 0
    while pos < len(inner):
        m = _INT_FIELD.match(inner, pos)
        if m is None:
            raise TranslateError(f"bad stack frame table entry near '{inner[pos:pos + 30]}'")
        pairs.append((m.group(1), int(m.group(2))))
        pos = m.end()
    return pairs


def _stack_frames_from_proto(index: hlo_pb2.StackFrameIndexProto) -> str | None:
    if not (index.file_names or index.stack_frames):
        return None
    lines = ["FileNames"] + [f"{n} {A.quote(v)}" for n, v in enumerate(index.file_names, 1)]
    lines += ["", "FunctionNames"] + [f"{n} {A.quote(v)}" for n, v in enumerate(index.function_names, 1)]
    lines += ["", "FileLocations"]
    for n, loc in enumerate(index.file_locations, 1):
        lines.append(f"{n} {{file_name_id={loc.file_name_id} function_name_id={loc.function_name_id} "
                     f"line={loc.line} end_line={loc.end_line} column={loc.column} end_column={loc.end_column}}}")
    lines += ["", "StackFrames"]
    for n, frame in enumerate(index.stack_frames, 1):
        lines.append(f"{n} {{file_location_id={frame.file_location_id} parent_frame_id={frame.parent_frame_id + 1}}}")
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------
# proto -> IR

# Opcodes whose text always shows `dimensions=` (even when empty).
_DIMENSION_OPCODES = frozenset({"broadcast", "concatenate", "reduce", "reverse", "transpose", "sort", "all-gather",
                                "all-gather-start", "reduce-scatter", "map", "all-to-all"})
_CONV_FIELDS = ("input_batch_dimension", "input_feature_dimension", "input_spatial_dimensions",
                "kernel_input_feature_dimension", "kernel_output_feature_dimension", "kernel_spatial_dimensions",
                "output_batch_dimension", "output_feature_dimension", "output_spatial_dimensions")


# Opcodes XLA's proto reader builds as plain instructions: it refuses (or, for call, crashes on) a
# precision_config or dot_dimension_numbers on them. Other opcodes ignore those fields.
_NO_DOT_FIELDS_OPCODES = frozenset({
    "abs", "add", "add-dependency", "after-all", "and", "atan2", "bitcast", "bitcast-convert", "call", "ceil",
    "clamp", "complex", "convert", "copy", "copy-done", "count-leading-zeros", "divide", "floor", "imag",
    "is-finite", "maximum", "minimum", "multiply", "negate", "not", "opt-barrier", "or", "popcnt", "power",
    "real", "remainder", "round-nearest-afz", "round-nearest-even", "select", "shift-left",
    "shift-right-arithmetic", "shift-right-logical", "sign", "stochastic-convert", "subtract", "tuple", "while",
    "xor"})


def _check_dot_fields(p: hlo_pb2.HloInstructionProto) -> None:
    if p.opcode in _NO_DOT_FIELDS_OPCODES:
        for field in ("precision_config", "dot_dimension_numbers"):
            if p.HasField(field):
                raise TranslateError(f"{p.opcode} must not have a {field}", op=p.name)


def _attributes_from_proto(p: hlo_pb2.HloInstructionProto, comps: dict[int, HloComputation],
                           operands: list[HloInstruction]) -> dict[str, Any]:
    """The text attributes of instruction proto `p`, in the order XLA prints them.

    Instructions alike on the wire share one reading (`_alike_entry`): what reads `operands` (or checks
    against them) must be of an opcode listed in `_NOT_ALIKE`."""
    _check_dot_fields(p)
    op = p.opcode
    attrs: dict[str, Any] = {}
    called = [comps[c] for c in p.called_computation_ids]
    if op == "iota":
        if len(p.dimensions) != 1:
            raise TranslateError(f"iota needs one dimension, has {len(p.dimensions)}", op=p.name)
        attrs["iota_dimension"] = p.dimensions[0]
    elif op == "reshape":
        if p.dimensions:
            attrs["inferred_dimension"] = p.dimensions[0]
    elif p.dimensions or op in _DIMENSION_OPCODES and op != "all-to-all":
        attrs["dimensions"] = tuple(p.dimensions)
    if op == "get-tuple-element":
        attrs["index"] = p.tuple_index
    if p.slice_dimensions:
        attrs["slice"] = tuple(A.SliceDim(s.start, s.limit, s.stride) for s in p.slice_dimensions)
    if p.dynamic_slice_sizes and op not in ("collective-permute", "collective-permute-start"):
        attrs["dynamic_slice_sizes"] = tuple(p.dynamic_slice_sizes)
    if p.HasField("padding_config") and op == "pad":
        attrs["padding"] = A.PaddingConfig(tuple(
            A.PaddingDim(d.edge_padding_low, d.edge_padding_high, d.interior_padding)
            for d in p.padding_config.dimensions))
    if p.HasField("window") and (op in ("convolution", "reduce-window", "select-and-scatter")
                                 or op == "custom-call" and p.window.dimensions):
        attrs["window"] = A.Window(tuple(
            A.WindowDim(d.size, d.stride, d.padding_low, d.padding_high, d.window_dilation, d.base_dilation,
                        d.window_reversal) for d in p.window.dimensions))
    if op == "convolution" or op == "custom-call" and p.HasField("convolution_dimension_numbers"):
        c = p.convolution_dimension_numbers
        attrs["dim_labels"] = A.ConvDimLabels(*(
            tuple(getattr(c, f)) if f.endswith("dimensions") else getattr(c, f) for f in _CONV_FIELDS))
        if p.feature_group_count > 1:
            attrs["feature_group_count"] = p.feature_group_count
        if p.batch_group_count > 1:
            attrs["batch_group_count"] = p.batch_group_count
    if op in ("dot", "ragged-dot", "scaled-dot"):
        dnums = p.ragged_dot_dimension_numbers.dot_dimension_numbers if op == "ragged-dot" else p.dot_dimension_numbers
        for name, field in _DOT_FIELDS.items():
            values = tuple(getattr(dnums, field))
            if values or "contracting" in name:  # XLA prints empty contracting dims (an outer product)
                attrs[name] = values
        if op == "ragged-dot":
            attrs["lhs_ragged_dims"] = tuple(p.ragged_dot_dimension_numbers.lhs_ragged_dimensions)
            attrs["rhs_group_dims"] = tuple(p.ragged_dot_dimension_numbers.rhs_group_dimensions)
    if p.HasField("gather_dimension_numbers") and op == "gather":
        g = p.gather_dimension_numbers
        for name in _GATHER_FIELDS:
            if getattr(g, name) or name in ("offset_dims", "collapsed_slice_dims", "start_index_map"):
                attrs[name] = tuple(getattr(g, name))
        attrs["index_vector_dim"] = g.index_vector_dim
        attrs["slice_sizes"] = tuple(p.gather_slice_sizes)
    if p.HasField("scatter_dimension_numbers") and op == "scatter":
        s = p.scatter_dimension_numbers
        for name in _SCATTER_FIELDS:
            if getattr(s, name) or name in ("update_window_dims", "inserted_window_dims",
                                            "scatter_dims_to_operand_dims"):
                attrs[name] = tuple(getattr(s, name))
        attrs["index_vector_dim"] = s.index_vector_dim
    if op in ("gather", "scatter"):
        if p.indices_are_sorted:
            attrs["indices_are_sorted"] = True
        if p.unique_indices:
            attrs["unique_indices"] = True
    if op == "compare":
        attrs["direction"] = A.Enum(p.comparison_direction)
        if p.comparison_order:
            attrs["order"] = A.Enum(p.comparison_order)
        elif p.comparison_type:
            attrs["type"] = A.Enum(p.comparison_type)
    if op in ("dot", "convolution", "ragged-dot", "scaled-dot", "custom-call") and p.HasField("precision_config"):
        precision = tuple(A.Enum(_enum_name(xla_data_pb2.PrecisionConfig.Precision, x, "operand precision", p.name).lower())
                          for x in p.precision_config.operand_precision)
        if any(e.name != "default" for e in precision):
            attrs["operand_precision"] = precision
        if p.precision_config.algorithm:
            name = _enum_name(xla_data_pb2.PrecisionConfig.Algorithm, p.precision_config.algorithm, "algorithm", p.name)
            attrs["algorithm"] = A.Enum(name[len("ALG_"):].lower())
    if op == "rng-bit-generator":
        attrs["algorithm"] = A.Enum(_enum_name(xla_data_pb2.RandomAlgorithm, p.rng_algorithm, "rng_algorithm", p.name).lower())
    if op == "rng":
        attrs["distribution"] = A.Enum(_enum_name(xla_data_pb2.RandomDistribution, p.distribution, "distribution", p.name).lower())
    if op in ("sort", "topk") and p.is_stable:
        attrs["is_stable"] = True
    if op == "topk":
        attrs["k"] = p.k
        attrs["largest"] = p.largest
    if op == "reduce-precision":
        attrs["exponent_bits"], attrs["mantissa_bits"] = p.exponent_bits, p.mantissa_bits
    if op.startswith("batch-norm"):
        attrs["epsilon"], attrs["feature_index"] = p.epsilon, p.feature_index
    if op == "fft":
        attrs["fft_type"] = A.Enum(_enum_name(xla_data_pb2.FftType, p.fft_type, "fft_type", p.name))
        attrs["fft_length"] = tuple(p.fft_length)
    if op == "triangular-solve":
        t = p.triangular_solve_options
        for name in _TRIANGULAR_FIELDS:
            if getattr(t, name):
                attrs[name] = True
        attrs["transpose_a"] = A.Enum(_enum_name(xla_data_pb2.TriangularSolveOptions.Transpose, t.transpose_a, "transpose_a", p.name))
    if op == "cholesky":
        attrs["lower"] = p.cholesky_options.lower
    if p.channel_id > 0:  # XLA reads a channel_id <= 0 as none
        attrs["channel_id"] = p.channel_id
    if p.all_reduce_id > 0 and op in _ALL_REDUCE_ID_OPCODES:  # an older proto's channel id, read as XLA does
        if p.channel_id > 0:
            raise TranslateError("an all-reduce cannot have both channel_id and all_reduce_id", op=p.name)
        attrs["channel_id"] = p.all_reduce_id
    groups = _replica_groups_from_proto(p)
    if groups is not None:
        attrs["replica_groups"] = groups
    if p.constrain_layout and op != "custom-call":
        attrs["constrain_layout"] = True
    if p.use_global_device_ids:
        attrs["use_global_device_ids"] = True
    if p.source_target_pairs:
        attrs["source_target_pairs"] = tuple((x.source, x.target) for x in p.source_target_pairs)
    if p.dynamic_slice_sizes and op in ("collective-permute", "collective-permute-start"):
        attrs["slice_sizes"] = _permute_slice_sizes(p)   # in place: after the pairs, as XLA prints it
    if p.is_host_transfer:
        attrs["is_host_transfer"] = True
    if op == "fusion":
        attrs["kind"] = A.Enum(p.fusion_kind)
    pred_branch = op == "conditional" and bool(operands) and operands[0].shape.element_type == PrimitiveType.PRED
    _called_from_proto(op, called, attrs, pred_branch, p.name)
    if op == "custom-call":
        attrs["custom_call_target"] = p.custom_call_target
        if p.custom_call_has_side_effect:
            attrs["custom_call_has_side_effect"] = True
        if p.output_operand_aliasing:
            attrs["output_to_operand_aliasing"] = tuple(
                A.OutputOperandAlias(tuple(a.output_shape_index), a.operand_index, tuple(a.operand_shape_index))
                for a in p.output_operand_aliasing)
        if p.operand_shapes_with_layout:
            from hlo_translate.hlo.verify.module import shape_problem

            constraints = [shape_from_proto(s) for s in p.operand_shapes_with_layout]
            for shape in constraints:  # XLA's text parser refuses these; its proto reader passes them on
                if problem := shape_problem(shape):
                    raise TranslateError(f"operand layout constraint {shape.to_text()}: {problem}", op=p.name)
            shapes = ", ".join(shape.to_text() for shape in constraints)
            attrs["operand_layout_constraints"] = A.RawAttr("{" + shapes + "}")
        if p.custom_call_schedule:
            attrs["schedule"] = A.Enum(_enum_name(hlo_pb2.CustomCallSchedule, p.custom_call_schedule, "custom_call_schedule", p.name))
        if p.HasField("literal"):
            from hlo_translate.hlo.literal import from_literal_proto

            attrs["literal"] = from_literal_proto(p.literal)
        if p.padding_type:
            attrs["padding_type"] = A.Enum(_enum_name(xla_data_pb2.PaddingType, p.padding_type, "padding_type", p.name))
        if p.custom_call_api_version not in (0, 1):
            attrs["api_version"] = A.Enum(_enum_name(hlo_pb2.CustomCallApiVersion, p.custom_call_api_version, "custom_call_api_version", p.name))
    if p.async_execution_thread and p.async_execution_thread != "main":
        attrs["async_execution_thread"] = p.async_execution_thread
    if p.parameter_replication.replicated_at_leaf_buffers:
        attrs["parameter_replication"] = tuple(p.parameter_replication.replicated_at_leaf_buffers)
    if p.infeed_config:
        attrs["infeed_config"] = p.infeed_config.decode("utf-8", errors="surrogateescape")
    if op == "outfeed" and p.HasField("outfeed_shape"):
        attrs["outfeed_shape"] = shape_from_proto(p.outfeed_shape)
    if p.outfeed_config:
        attrs["outfeed_config"] = p.outfeed_config.decode("utf-8", errors="surrogateescape")
    if p.delta:
        attrs["delta"] = p.delta
    if p.is_composite:
        attrs["is_composite"] = True
    if op == "scan" and p.is_associative:
        attrs["is_associative"] = p.is_associative == hlo_pb2.TRI_STATE_TRUE
    if p.HasField("cross_program_prefetch_index"):
        attrs["cross_program_prefetch_index"] = p.cross_program_prefetch_index
    if op == "shuffle" and p.shuffle_mode.HasField("rotate"):
        attrs["mode"] = A.Enum("rotate")
        attrs["shifts"] = tuple(p.shuffle_mode.rotate.shifts)
    if op == "scan":
        attrs["num_carries"] = p.num_carries
        if p.is_reverse:
            attrs["is_reverse"] = True
    if p.has_dynamic_root:
        attrs["has_dynamic_root"] = True
    if op == "domain" and (p.HasField("domain_entry_sharding") or p.HasField("domain_exit_sharding")):
        attrs["domain"] = _domain_from_proto(p)
    if p.HasField("result_accuracy"):
        attrs["result_accuracy"] = _result_accuracy_from_proto(p.result_accuracy, p.name)
    if p.statistics_viz.statistics:
        attrs["statistics"] = _statistics_from_proto(p.statistics_viz)
    if p.HasField("original_value"):
        try:
            attrs["origin"] = _origin_from_proto(p.original_value, shape_from_proto(p.shape))
        except TranslateError as err:
            raise TranslateError(err.message, op=p.name) from None
    if p.HasField("sharding"):
        from hlo_translate.hlo.sharding import from_op_sharding

        attrs["sharding"] = from_op_sharding(p.sharding)
    if p.frontend_attributes.map:
        attrs["frontend_attributes"] = A.FrontendAttributes(tuple(sorted(p.frontend_attributes.map.items())))
    if p.backend_config:
        attrs["backend_config"] = p.backend_config.decode("utf-8", errors="surrogateescape")
    if p.HasField("metadata") and p.metadata.ByteSize():
        attrs["metadata"] = OpMetadata.from_proto(p.metadata)
    return attrs


# Opcodes with no attribute of their own: XLA's proto loader reads only the generic fields of these (as
# `_generic_attributes` does), so the ~50 opcode-specific fields are not probed on most instructions.
_PLAIN_OPCODES = (UNARY_ELEMENTWISE | BINARY_ELEMENTWISE | frozenset({
    "parameter", "constant", "tuple", "select", "clamp", "bitcast", "opt-barrier", "add-dependency", "after-all",
    "partition-id", "replica-id", "dynamic-update-slice"})) - {"compare", "reduce-precision"}


def _no_attributes(p: hlo_pb2.HloInstructionProto) -> dict[str, Any]:
    return {}


def _dimensions(p: hlo_pb2.HloInstructionProto) -> dict[str, Any]:
    return {"dimensions": tuple(p.dimensions)}


def _inferred_dimension(p: hlo_pb2.HloInstructionProto) -> dict[str, Any]:
    dimensions = p.dimensions
    return {"inferred_dimension": dimensions[0]} if dimensions else {}


def _slice(p: hlo_pb2.HloInstructionProto) -> dict[str, Any]:
    return {"slice": tuple(A.SliceDim(s.start, s.limit, s.stride) for s in p.slice_dimensions)}


def _padding(p: hlo_pb2.HloInstructionProto) -> dict[str, Any]:
    return {"padding": A.PaddingConfig(tuple(A.PaddingDim(d.edge_padding_low, d.edge_padding_high, d.interior_padding)
                                             for d in p.padding_config.dimensions))}


# Opcode -> the reader of its own attributes, for the opcodes XLA's loader reads nothing else of but the
# generic fields (`_generic_attributes`): the ~50 other fields are not probed on most instructions.
# Other opcodes go through `_attributes_from_proto`.
_OWN_ATTRIBUTES: dict[str, Callable[[hlo_pb2.HloInstructionProto], dict[str, Any]]] = {
    **dict.fromkeys(_PLAIN_OPCODES, _no_attributes),
    **dict.fromkeys(("broadcast", "transpose", "reverse", "concatenate"), _dimensions),
    "reshape": _inferred_dimension, "slice": _slice, "pad": _padding,
}


def _generic_attributes(p: hlo_pb2.HloInstructionProto, instr: HloInstruction,
                        attrs: dict[str, Any]) -> dict[str, Any]:
    """`attrs` (an instruction's own attributes) and the text attributes any instruction may have, read
    from its proto `p`, in the order _attributes_from_proto writes them."""
    _check_dot_fields(p)
    if instr.opcode == "parameter" and p.HasField("parameter_replication"):
        replicated = p.parameter_replication.replicated_at_leaf_buffers
        if replicated:
            attrs["parameter_replication"] = tuple(replicated)
    if p.HasField("result_accuracy"):
        attrs["result_accuracy"] = _result_accuracy_from_proto(p.result_accuracy, p.name)
    if p.HasField("statistics_viz"):
        viz = p.statistics_viz
        if viz.statistics:
            attrs["statistics"] = _statistics_from_proto(viz)
    if p.HasField("original_value"):
        try:
            attrs["origin"] = _origin_from_proto(p.original_value, instr.shape)
        except TranslateError as err:
            raise TranslateError(err.message, op=instr.name) from None
    if p.HasField("sharding"):
        from hlo_translate.hlo.sharding import from_op_sharding

        attrs["sharding"] = from_op_sharding(p.sharding)
    if p.HasField("frontend_attributes"):
        frontend = p.frontend_attributes.map
        if frontend:
            attrs["frontend_attributes"] = A.FrontendAttributes(tuple(sorted(frontend.items())))
    backend = p.backend_config
    if backend:
        attrs["backend_config"] = backend.decode("utf-8", errors="surrogateescape")
    if p.HasField("metadata"):
        metadata = p.metadata
        if metadata.ByteSize():
            attrs["metadata"] = OpMetadata.from_proto(metadata)
    return attrs


def _called_from_proto(op: str, called: list[HloComputation], attrs: dict[str, Any], pred_branch: bool,
                       name: str) -> None:
    if not called:
        return
    if op in ("while", "select-and-scatter") and len(called) != 2:
        raise TranslateError(f"{op} takes 2 called computations, not {len(called)}", op=name)
    if op == "while":
        attrs["body"], attrs["condition"] = called  # XLA keeps the body first
    elif op == "select-and-scatter":
        attrs["select"], attrs["scatter"] = called
    elif op == "conditional" and pred_branch and len(called) == 2:
        attrs["true_computation"], attrs["false_computation"] = called   # XLA's parser wants these for a pred
    elif op == "conditional":
        attrs["branch_computations"] = tuple(called)
    elif op in ("fusion", "async-start"):
        attrs["calls"] = tuple(called)
    elif op == "custom-call":
        attrs["called_computations"] = tuple(called)
    else:
        attrs["to_apply"] = called[0] if len(called) == 1 else tuple(called)


def _iota_groups(i) -> A.IotaReplicaGroups:
    """An IotaReplicaGroupListProto; an identity transpose is no transpose (XLA's text prints none)."""
    perm = tuple(i.iota_transpose_perm)
    if perm == tuple(range(len(perm))):
        perm = ()
    return A.IotaReplicaGroups(i.num_replica_groups, i.num_devices_per_group, tuple(i.iota_reshape_dims), perm)


# The opcodes whose retired `all_reduce_id` field XLA still reads (as the channel id).
_ALL_REDUCE_ID_OPCODES = frozenset({"all-reduce", "all-reduce-start", "reduce-scatter"})


def _replica_groups_from_proto(p: hlo_pb2.HloInstructionProto) -> A.ReplicaGroups | None:
    if p.HasField("iota_collective_device_list"):
        return _iota_groups(p.iota_collective_device_list)
    if p.HasField("mesh_axes_replica_group_list"):
        m = p.mesh_axes_replica_group_list
        axes = tuple(A.MeshAxis(a.name, a.size) for a in m.mesh.axes)
        for a in m.axes:
            if not 0 <= a.mesh_axis_index < len(axes):
                raise TranslateError(f"mesh_axes_replica_group_list names mesh axis {a.mesh_axis_index} of a mesh "
                                     f"with {len(axes)} axes", op=p.name)
            if a.HasField("sub_axis_info") and (a.sub_axis_info.pre_size < 1 or a.sub_axis_info.size < 1):
                raise TranslateError("mesh_axes_replica_group_list sub-axis sizes must be positive", op=p.name)
        used = tuple(f"'{axes[a.mesh_axis_index].name}'"
                     + (f":({a.sub_axis_info.pre_size}){a.sub_axis_info.size}" if a.HasField("sub_axis_info") else "")
                     for a in m.axes)
        text = "mesh[" + ",".join(f"'{a.name}'={a.size}" for a in axes) + "] {" + ",".join(used) + "}"
        try:
            return A.MeshReplicaGroups(axes, used, text)
        except TranslateError as err:
            raise TranslateError(err.message, op=p.name) from None
    if p.HasField("collective_device_list"):
        c = p.collective_device_list
        if c.HasField("iota_replica_group_list"):
            return _iota_groups(c.iota_replica_group_list)
        return tuple(tuple(g.replica_ids) for g in c.replica_groups)
    if p.replica_groups:
        return tuple(tuple(g.replica_ids) for g in p.replica_groups)
    if p.opcode in ("all-reduce", "all-gather", "all-to-all", "reduce-scatter", "all-reduce-start",
                    "all-gather-start", "collective-broadcast", "ragged-all-to-all"):
        return ()
    return None


def _check_device_assignment(proto: hlo_pb2.HloModuleProto) -> None:
    """XLA's module config from a proto wants a device assignment of at least one replica and computation."""
    if not proto.HasField("device_assignment"):
        return
    assignment = proto.device_assignment
    if assignment.replica_count <= 0 or assignment.computation_count <= 0:
        raise TranslateError(f"device_assignment has {assignment.replica_count} replicas and "
                             f"{assignment.computation_count} computations: both must be positive")
    if len(assignment.computation_devices) != assignment.computation_count or \
            any(len(c.replica_device_ids) != assignment.replica_count for c in assignment.computation_devices):
        raise TranslateError(f"device_assignment lists devices for other than {assignment.computation_count} "
                             f"computations of {assignment.replica_count} replicas each")


def _check_literal_shape(ip: hlo_pb2.HloInstructionProto) -> None:
    """A constant's literal has a well-formed shape with a layout on every array, and that shape is the
    instruction's (dimensions, element types, minor_to_major), as XLA's proto reader requires."""
    from hlo_translate.hlo.verify.module import shape_problem

    if not ip.HasField("literal"):
        return
    literal_shape = shape_from_proto(ip.literal.shape)
    problem = shape_problem(literal_shape)
    if problem:
        raise TranslateError(f"the literal's shape: {problem}", op=ip.name)
    shape = shape_from_proto(ip.shape)
    if not _same_physical_shape(literal_shape, shape):
        missing = " (the instruction's shape has no layout)" if shape.is_array and shape.layout is None else ""
        raise TranslateError(f"the literal's shape {literal_shape.to_text()} is not the instruction's "
                             f"{shape.to_text()}{missing}", op=ip.name)


def _same_physical_shape(a: Shape, b: Shape) -> bool:
    """Equal element types, dimensions and minor_to_major; both need a layout (XLA compares their presence)."""
    if a.is_tuple or b.is_tuple:
        return a.is_tuple and b.is_tuple and len(a.tuple_shapes) == len(b.tuple_shapes) and \
            all(_same_physical_shape(x, y) for x, y in zip(a.tuple_shapes, b.tuple_shapes))
    if a.element_type != b.element_type or a.dimensions != b.dimensions:
        return False
    if not a.is_array:
        return True
    if a.layout is None:
        return False
    if not a.dimensions and a.layout.tail_padding_alignment_in_elements != 1:
        return False  # XLA's scalar literal has the default layout
    return b.layout is not None and a.layout.minor_to_major == b.layout.minor_to_major


def _instruction_attributes(instr: HloInstruction, ip: hlo_pb2.HloInstructionProto,
                            comps: dict[int, HloComputation]) -> dict[str, Any]:
    """The attributes of `instr`, read from its proto `ip` (control predecessors aside)."""
    own = _OWN_ATTRIBUTES.get(instr.opcode)
    if own is not None:
        return _generic_attributes(ip, instr, own(ip))
    attributes = _attributes_from_proto(ip, comps, instr.operands)   # (called ids checked before: module_from_proto)
    order = attributes.get("order")
    if instr.opcode == "compare" and order is not None and instr.operands \
            and is_default_order(instr.operands[0].shape.element_type, order.name):
        del attributes["order"]  # XLA's proto always sets it; its text prints only a non-default one
    return attributes


# Instructions alike on the wire: a serialized HloInstructionProto is its name field, then `head` (the fields
# numbered below the id's), the id and operand_ids fields, then `tail` (the fields numbered above; its
# leading called_computation_ids field, if any, set apart). Two instructions with the same head and tail
# bytes differ only in name, id, operands and called computations, so their opcode, shape, parameter
# number and attributes are read from the proto once and reused (the called computations put in per
# instruction). `head` and `tail` are checked once to be whole fields without a name, id or operand_ids
# of their own: the serialized message then splits into its fields there and nowhere else. Opcodes whose
# attributes depend on their operands (compare's default order, a conditional's predicate branches) and
# constants (a literal each) are read one by one.
_NOT_ALIKE = frozenset({"constant", "compare", "conditional"})
_SPLIT_FIELDS = frozenset({1, 35, 36})   # name, id, operand_ids
_CONTROL_PREDECESSORS = 37
_CALLED_FIELD = 38
_CALLED_TAG = _LENGTH_DELIMITED_TAGS[_CALLED_FIELD]


def _check_called_before(called: Sequence[int], position: dict[int, int], caller: int, name: str) -> None:
    """XLA's proto reader builds the computations in their order: an instruction of the `caller`-th may call
    only one listed before it."""
    for cid in called:
        if position.get(cid, caller) >= caller:
            where = "is unknown" if cid not in position else "is not listed before the computation calling it"
            raise TranslateError(f"called computation id {cid} {where}", op=name)


_LOCAL_ID_MASK = 0xFFFFFFFF  # an instruction id's low 32 bits: its local id (see module_from_proto)
_PLAIN_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.\-]*\Z").match
# in names each after a NUL: a character XLA's reader replaces, or a name's start it changes (two patterns: each
# alone scans fast)
_ODD_NAME_CHAR = re.compile(r"[^A-Za-z0-9_.\-\0]").search
_ODD_NAME_START = re.compile(r"\0(?:[^A-Za-z_]|__(?!xla_))").search
_NAME_BYTE = frozenset(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-")


def _sanitize_instruction_names(module: HloModule, names: set[str]) -> None:
    """Rename the instructions as XLA's reader names them (`sanitized_name`), which then wants them unique;
    `names`: the names as read, unique. (One scan of all the names: most need no change.)"""
    joined = "\0" + "\0".join(names)
    if joined.count("\0") == len(names) and not _ODD_NAME_CHAR(joined) and not _ODD_NAME_START(joined) \
            and A.TYPE_NAMES.isdisjoint(names):
        return
    seen: set[str] = set()
    for instr in module.instructions():
        instr.name = sanitized_name(instr.name)
        if instr.name in seen:
            raise TranslateError(f"instruction name '{instr.name}' is used twice in the module (as XLA's reader "
                                 "sanitizes names)", op=instr.name)
        seen.add(instr.name)


def sanitized_name(name: str) -> str:
    """A module, computation or instruction name as XLA's proto reader makes it: each byte of its UTF-8
    other than a letter, digit, '_', '.' or '-' (and a first one other than a letter or '_') becomes '_', an
    element type's name gets a '_' after it, and a leading '__' (but '__xla_') becomes 'a_'.

    >>> sanitized_name("p ram"), sanitized_name("1abc"), sanitized_name("f32"), sanitized_name("é")
    ('p_ram', '_abc', 'f32_', 'a_')
    """
    if not name or (_PLAIN_NAME(name) and name not in A.TYPE_NAMES and not name.startswith("__")):
        return name
    raw = bytearray(name.encode())
    for i, byte in enumerate(raw):
        if byte not in _NAME_BYTE or (i == 0 and (byte in b"0123456789.-")):
            raw[i] = ord("_")
    result = raw.decode()
    if result in A.TYPE_NAMES:
        result += "_"
    if result.startswith("__") and not result.startswith("__xla_"):
        result = "a" + result[1:]
    return result


def _local_instructions(ids: Sequence[int], local: dict[int, HloInstruction], what: str,
                        name: str) -> list[HloInstruction]:
    """The instructions that `ids` name by their local ids among `local` (a computation's instructions
    read so far), in order; a `what` id naming none is an error at instruction `name`."""
    try:
        return [local[i & _LOCAL_ID_MASK] for i in ids]
    except KeyError:
        unknown = next(i for i in ids if i & _LOCAL_ID_MASK not in local)
        where = "is not defined before its use in this computation" if what == "operand" else \
            "is not an instruction of this computation"
        raise TranslateError(f"{what} id {unknown} {where}", op=name) from None


def _instruction_shape(ip: hlo_pb2.HloInstructionProto) -> Shape:
    """The instruction's shape, which XLA's proto reader requires to be there (an absent one is not `()`)."""
    if not ip.HasField("shape"):
        raise TranslateError("the instruction has no shape", op=ip.name)
    return shape_from_proto(ip.shape)


def _alike_entry(key: tuple[bytes, bytes, bool], ip: hlo_pb2.HloInstructionProto) -> list | bool:
    """[opcode, shape, parameter number, has control predecessors, attributes and number of called
    computations (both read later), whether the attributes need no computation nor control predecessor
    (read at once)] of the instructions whose serialized (head, tail) is `key`; False when they are to be
    read one by one."""
    head, tail = (_field_numbers(part) for part in key[:2])
    if head is None or tail is None or head & _SPLIT_FIELDS or tail & _SPLIT_FIELDS or ip.opcode in _NOT_ALIKE:
        return False
    preceded = _CONTROL_PREDECESSORS in tail
    calls = key[2] or _CALLED_FIELD in tail  # (its called ids are checked one by one, see module_from_proto)
    return [ip.opcode, _instruction_shape(ip), ip.parameter_number, preceded, None, 0,
            ip.opcode in _OWN_ATTRIBUTES and not preceded and not calls]


def _field_numbers(data: bytes) -> set[int] | None:
    """The field numbers of `data` if it is a sequence of whole protobuf fields (no groups), else None."""
    numbers = set()
    at, size = 0, len(data)
    while at < size:
        tag, at = _read_varint(data, at)
        kind = tag & 7
        if kind == 0:
            _, at = _read_varint(data, at)
        elif kind == 2:
            length, at = _read_varint(data, at)
            at += length
        elif kind in (1, 5):
            at += 8 if kind == 1 else 4
        else:
            return None
        if at > size or tag < 8:
            return None
        numbers.add(tag >> 3)
    return numbers


def _read_varint(data: bytes, at: int) -> tuple[int, int]:
    """The varint at `at` and where it ends (past the data's end when it is cut off)."""
    value = shift = 0
    while at < len(data):
        byte = data[at]
        value |= (byte & 0x7F) << shift
        at += 1
        if byte < 0x80:
            return value, at
        shift += 7
    return value, len(data) + 1


def module_from_proto(proto: hlo_pb2.HloModuleProto) -> HloModule:
    """An HloModuleProto (XLA's or ours) as our IR."""
    from hlo_translate.hlo.literal import from_literal_proto

    module = HloModule(sanitized_name(proto.name))
    comps: dict[int, HloComputation] = {}
    # Each computation's instructions by local id: XLA resolves an operand, root, control predecessor or
    # scheduled id by its low 32 bits among the computation's own instructions (the high half, which names
    # the computation in the ids XLA writes, is not looked at; two computations may hold the same id).
    locals_by_computation: list[dict[int, HloInstruction]] = []
    names: set[str] = set()
    pending: list[tuple[HloInstruction, hlo_pb2.HloInstructionProto, list | None, int]] = []
    position: dict[int, int] = {}  # a computation id's place in the list: XLA's reader calls only earlier ones
    alike: dict[tuple[bytes, bytes, bool], list | bool] = {}  # see _alike_entry
    _check_device_assignment(proto)
    computations = [(cp, list(cp.instructions)) for cp in proto.computations]
    all_ids = [ip.id for _, ips in computations for ip in ips]
    all_encoded_ids = _varints(all_ids)   # (one call for the module: each call builds a message)
    start = 0
    computation_names: set[str] = set()
    for k, (cp, ips) in enumerate(computations):
        comp_name = sanitized_name(cp.name)
        if comp_name in computation_names:   # XLA's proto reader refuses it (a RET_CHECK)
            raise TranslateError(f"two computations are named '{comp_name}'")
        computation_names.add(comp_name)
        comp = HloComputation(comp_name, unique_id=cp.id)
        if cp.execution_thread and cp.execution_thread != "main":
            comp.execution_thread = cp.execution_thread
        comps[cp.id] = comp
        module.computations.append(comp)
        local: dict[int, HloInstruction] = {}  # by local id (see locals_by_computation)
        locals_by_computation.append(local)
        local_ids: dict[bytes, HloInstruction] = {}  # the same, by their whole ids' varint bytes
        stop = start + len(ips)
        ids, encoded_ids, start = all_ids[start:stop], all_encoded_ids[start:stop], stop
        for ip, uid, encoded_id in zip(ips, ids, encoded_ids):
            data = ip.SerializeToString()
            entry = None
            if len(data) > 2 and data[0] == 10 and data[1] < 128:  # the name first, < 128 bytes
                name_end = 2 + data[1]
                at = data.find(_ID_TAG + encoded_id, name_end)
                if at > 0:
                    end = operands_at = at + 2 + len(encoded_id)
                    if data.startswith(_OPERAND_IDS_TAG, end):
                        operands_at = end + 3
                        end = operands_at + data[end + 2] if data[end + 2] < 128 else -1
                    if end > 0 and data.startswith(_CALLED_TAG, end) and data[end + 2] < 128:
                        key = (data[name_end:at], data[end + 3 + data[end + 2]:], True)  # called ids apart
                    elif end > 0:
                        key = (data[name_end:at], data[end:], False)
                    else:
                        key = None
                    if key is not None:
                        entry = alike.get(key)
                        if entry is None:
                            entry = alike[key] = _alike_entry(key, ip)
            operands = None
            if entry:
                name = data[2:name_end].decode()
                opcode = entry[0]
                try:  # the operands by their ids' bytes, as the id fields of this computation's instructions
                    operands = [local_ids[i] for i in _VARINT_RE.findall(data, operands_at, end)]
                except KeyError:
                    pass  # (an unknown operand: the error below)
            else:
                name, opcode = ip.name, ip.opcode
            if uid < 0:
                raise TranslateError(f"instruction id {uid} is negative", op=name)
            low = uid & _LOCAL_ID_MASK
            if low >= 0x7FFFFFFF:  # XLA reads the low half as an int32 index and sizes a list by it plus one
                raise TranslateError(f"instruction id {uid} has low 32 bits {low}: XLA takes them as a local "
                                     "index, which must be below 2^31 - 1", op=name)
            if low in local:
                if local[low].unique_id == uid:
                    raise TranslateError(f"duplicate instruction id {uid} in computation {cp.name}", op=name)
                raise TranslateError(f"instruction id {uid} has the same low 32 bits ({low}) as another "
                                     f"instruction's id in computation {cp.name}", op=name)
            if opcode not in OPCODES:
                raise TranslateError(f"unknown opcode '{opcode}'", op=name)
            if not name:
                raise TranslateError(f"instruction id {uid} has no name")
            if name in names:  # XLA's module loader: names are unique in the whole module
                raise TranslateError(f"instruction name '{name}' is used twice in the module", op=name)
            names.add(name)
            if operands is None:
                operands = _local_instructions(ip.operand_ids, local, "operand", name)
            instr = HloInstruction(name, opcode, entry[1] if entry else _instruction_shape(ip), operands,
                                   unique_id=uid)
            if opcode == "parameter":
                instr.parameter_number = entry[2] if entry else ip.parameter_number
            elif opcode == "constant":
                _check_literal_shape(ip)
                instr.literal = from_literal_proto(ip.literal)
            local[low] = instr
            local_ids[encoded_id] = instr
            comp.instructions.append(instr)
            if entry and entry[6]:  # attributes of its own: read now, once for all alike
                attributes = entry[4]
                if attributes is None:
                    attributes = entry[4] = _generic_attributes(ip, instr, _OWN_ATTRIBUTES[opcode](ip))
                instr.attributes = attributes.copy()
            else:
                pending.append((instr, ip, entry, k))
        root = local.get(cp.root_id & _LOCAL_ID_MASK)
        if root is None:
            raise TranslateError(f"root id {cp.root_id} of computation {cp.name} is unknown")
        problem = comp.parameter_problem()
        if problem is not None:
            raise TranslateError(problem[1], op=problem[0].name if problem[0] is not None else None)
        comp.root = root
        position.setdefault(cp.id, k)
    positions: dict[int, dict[int, int]] = {}   # a computation's instructions' places in its list, made on demand
    for instr, ip, entry, caller in pending:
        if called := ip.called_computation_ids:
            _check_called_before(called, position, caller, ip.name)
        if not entry:
            instr.attributes = _instruction_attributes(instr, ip, comps)
            predecessors = ip.control_predecessor_ids
        else:
            attributes = entry[4]
            if attributes is None:
                attributes = entry[4] = _instruction_attributes(instr, ip, comps)
                entry[5] = len(ip.called_computation_ids)
                instr.attributes = attributes.copy()
            elif instr.opcode in _OWN_ATTRIBUTES:  # (these read no called computations)
                instr.attributes = attributes.copy()
            elif len(called) == entry[5]:  # the same but the computations
                instr.attributes = attributes.copy()
                _called_from_proto(instr.opcode, [comps[c] for c in called], instr.attributes, False, ip.name)
            else:
                instr.attributes = _instruction_attributes(instr, ip, comps)
            predecessors = ip.control_predecessor_ids if entry[3] else None
        if predecessors:
            found = _local_instructions(predecessors, locals_by_computation[caller], "control predecessor", ip.name)
            if caller not in positions:
                positions[caller] = {id(i): n for n, i in enumerate(module.computations[caller].instructions)}
            order = positions[caller]
            late = next((p for p in found if order[id(p)] >= order[id(instr)]), None)
            if late is not None:   # XLA's reader looks it up among the instructions read before
                raise TranslateError(f"control predecessor {late.name} is not defined before its use in this "
                                     "computation", op=ip.name)
            instr.attributes["control-predecessors"] = tuple(found)
    _sanitize_instruction_names(module, names)
    if proto.entry_computation_id not in comps:
        raise TranslateError("the module's entry computation is missing")
    if not proto.HasField("host_program_shape"):
        raise TranslateError("the module proto has no host_program_shape (XLA's loader needs it)")
    if len(proto.host_program_shape.parameter_names) != len(proto.host_program_shape.parameters):
        raise TranslateError(f"the host_program_shape has {len(proto.host_program_shape.parameters)} parameters "
                             f"and {len(proto.host_program_shape.parameter_names)} parameter names")
    module.entry = comps[proto.entry_computation_id]
    module.entry.is_entry = True
    if proto.HasField("host_program_shape"):
        hs = proto.host_program_shape
        module.entry_computation_layout = ComputationLayout(
            tuple(shape_from_proto(s) for s in hs.parameters), shape_from_proto(hs.result))
    if proto.HasField("schedule"):
        module.is_scheduled = True
        _apply_schedule(proto.schedule, comps, module,
                        {id(comp): local for comp, local in zip(module.computations, locals_by_computation)})
    module.input_output_alias = tuple(
        InputOutputAlias(tuple(e.output_shape_index), e.parameter_number, tuple(e.parameter_shape_index),
                         "must-alias" if e.kind == hlo_pb2.Kind.MUST_ALIAS else "may-alias")
        for e in proto.input_output_alias.entries)
    outputs = [alias.output_index for alias in module.input_output_alias]
    if len(set(outputs)) != len(outputs):  # XLA's loader sets up one alias per output index
        twice = next(index for index in outputs if outputs.count(index) > 1)
        raise TranslateError(f"input_output_alias: output index {list(twice)} is aliased twice")
    module.buffer_donor = tuple(BufferDonor(e.parameter_number, tuple(e.parameter_shape_index))
                                for e in proto.buffer_donor.entries)
    if proto.frontend_attributes.map:
        module.frontend_attributes = A.FrontendAttributes(tuple(sorted(proto.frontend_attributes.map.items())))
    module.stack_frames = _stack_frames_from_proto(proto.stack_frame_index)
    module.unique_id = proto.id
    module.original_value_recovery_table = tuple(
        _recovery_entry_from_proto(e) for e in proto.original_value_recovery_table.entries)
    module.proto_only = _proto_only_fields(proto)
    return module


def _schedule_sequences(schedule: hlo_pb2.HloScheduleProto) -> dict[int, list[int]]:
    """The schedule's sequences by computation id, as XLA's C++ reader reads the map: protobuf's Python reader
    sets aside as unknown a map entry holding a field it does not know, which C++ reads, skipping that field
    (an entry without key is computation 0's)."""
    from google.protobuf.message import DecodeError
    from google.protobuf.unknown_fields import UnknownFieldSet

    sequences = {cid: list(seq.instruction_ids) for cid, seq in schedule.sequences.items()}
    for field in UnknownFieldSet(schedule):
        if field.field_number == 1 and field.wire_type == 2:
            try:
                entry = hlo_pb2.HloScheduleProto.SequencesEntry.FromString(field.data)
            except DecodeError:
                raise TranslateError("the schedule has a sequence entry that is no protobuf message") from None
            sequences[entry.key] = list(entry.value.instruction_ids)
    return sequences


def _apply_schedule(schedule: hlo_pb2.HloScheduleProto, comps: dict[int, HloComputation], module: HloModule,
                    locals_of: dict[int, dict[int, HloInstruction]]) -> None:
    """Order each computation as its sequence says, after XLA's checks on loading a schedule (it refuses the
    module otherwise): for each execution thread that has a sequence, a sequence per non-fusion computation
    of that thread, holding exactly that computation's instructions (named by local id, as operands are),
    each after its operands and control predecessors. XLA drops a sequence for a computation id the module
    lacks. It needs none for a fusion computation nor for one the entry does not call, and keeps one for either
    unchecked: we check it as the others (one that leaves out instructions, XLA's printed text leaves them out
    too). A computation without a sequence keeps the order the proto lists its instructions in.
    `locals_of`: each computation's instructions by local id, keyed by id() of the computation."""
    fusion = {id(c) for i in module.instructions() if i.opcode == "fusion" for c in i.called_computations()}
    sequenced: set[int] = set()   # id() of each computation with a sequence
    threads: set[str | None] = set()
    for cid, instruction_ids in _schedule_sequences(schedule).items():
        comp = comps.get(cid)
        if comp is None:
            continue
        threads.add(comp.execution_thread)
        local = locals_of[id(comp)]
        order = [local.get(uid & _LOCAL_ID_MASK) for uid in instruction_ids]
        if None in order or len(order) != len(local) or len({id(i) for i in order}) != len(order):
            raise TranslateError(f"the schedule of computation {comp.name} has {len(order)} instructions, "
                                 f"not its {len(local)}")
        position = {id(instr): n for n, instr in enumerate(order)}
        for instr in order:
            for before in (*instr.operands, *instr.control_predecessors):
                if position.get(id(before), len(order)) >= position[id(instr)]:
                    raise TranslateError(f"scheduled before its operand or control predecessor {before.name}",
                                         op=instr.name)
        comp.instructions = order
        sequenced.add(id(comp))
    for comp in module.reachable_computations():
        if id(comp) not in fusion and comp.execution_thread in threads and id(comp) not in sequenced:
            raise TranslateError(f"the schedule has no sequence for computation {comp.name}")


# ---------------------------------------------------------------------------------------------
# Bytes and text format


def module_to_proto_text(module: HloModule) -> str:
    return text_format.MessageToString(module_to_proto(module))


def module_from_proto_bytes(data: bytes) -> HloModule:
    """Read a binary HloModuleProto, or an HloProto / HloSnapshot / HloUnoptimizedSnapshot holding one."""
    from hlo_translate.hlo.proto_wrappers import is_whole_module, not_a_module_error, unwrap_module_proto

    proto = unwrap_module_proto(data, instructions=False)[0]  # (the instructions are looked at here)
    try:
        return module_from_proto(proto)
    except TranslateError:
        if not is_whole_module(proto):  # an instruction without an opcode: not a module after all
            raise not_a_module_error() from None
        raise


def module_from_proto_text(text: str) -> HloModule:
    """Read an HloModuleProto (or a wrapper holding one) in protobuf text format."""
    from hlo_translate.hlo.proto_wrappers import unwrap_module_proto_text

    return module_from_proto(unwrap_module_proto_text(text)[0])
