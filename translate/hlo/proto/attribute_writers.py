"""Attribute writers: one per text attribute name, filling HloInstructionProto fields."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from hlo_translate.errors import TranslateError
from hlo_translate.hlo.ir import (
    ConvDimLabels,
    Enum,
    FrontendAttributes,
    HloInstruction,
    IotaReplicaGroups,
    MeshReplicaGroups,
    OpMetadata,
    OriginalArray,
    OutputOperandAlias,
    PaddingConfig,
    RawAttr,
    ReplicaGroups,
    ResultAccuracy,
    Shape,
    SliceDim,
    Window,
    axis_base,
    sub_axis,
)
from hlo_translate.hlo.proto.shapes import shape_to_proto
from hlo_translate.hlo.sharding import from_op_sharding, parse_sharding, to_op_sharding
from hlo_translate.hlo.text import (
    ShapeReader,
    parse_original_value,
    print_float,
    print_original_value,
    split_top_level,
    strip_braces,
)
from hlo_translate.hlo.text.original_value import SYNTHETIC_CALL_RE
from hlo_translate.proto import hlo_pb2, xla_data_pb2

# ---------------------------------------------------------------------------------------------
# Attribute writers: one per text attribute name, filling HloInstructionProto fields.

Writer = Callable[[hlo_pb2.HloInstructionProto, Any, HloInstruction], None]

DOT_FIELDS = {
    "lhs_batch_dims": "lhs_batch_dimensions",
    "rhs_batch_dims": "rhs_batch_dimensions",
    "lhs_contracting_dims": "lhs_contracting_dimensions",
    "rhs_contracting_dims": "rhs_contracting_dimensions",
}
GATHER_FIELDS = (
    "offset_dims",
    "collapsed_slice_dims",
    "start_index_map",
    "operand_batching_dims",
    "start_indices_batching_dims",
)
SCATTER_FIELDS = (
    "update_window_dims",
    "inserted_window_dims",
    "scatter_dims_to_operand_dims",
    "input_batching_dims",
    "scatter_indices_batching_dims",
)
TRIANGULAR_FIELDS = ("left_side", "lower", "unit_diagonal")


def _set(field: str) -> Writer:
    def write(p: hlo_pb2.HloInstructionProto, v: Any, _: HloInstruction) -> None:
        setattr(p, field, v.name if isinstance(v, Enum) else v)

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
        target = (
            p.ragged_dot_dimension_numbers.dot_dimension_numbers
            if i.opcode == "ragged-dot"
            else p.dot_dimension_numbers
        )
        getattr(target, field).extend(v)

    return write


def _sub_extend(message: str, field: str) -> Writer:
    def write(p: hlo_pb2.HloInstructionProto, v: Any, _: HloInstruction) -> None:
        getattr(getattr(p, message), field).extend(v)

    return write


def _write_index_vector_dim(p: hlo_pb2.HloInstructionProto, v: int, i: HloInstruction) -> None:
    target = p.gather_dimension_numbers if i.opcode == "gather" else p.scatter_dimension_numbers
    target.index_vector_dim = v


def _write_slice(p: hlo_pb2.HloInstructionProto, v: tuple[SliceDim, ...], _: HloInstruction) -> None:
    for d in v:
        s = p.slice_dimensions.add()
        s.start, s.limit, s.stride = d.start, d.limit, d.stride


def _write_window(p: hlo_pb2.HloInstructionProto, v: Window, _: HloInstruction) -> None:
    p.window.SetInParent()
    for d in v.dimensions:
        w = p.window.dimensions.add()
        w.size, w.stride, w.padding_low, w.padding_high = d.size, d.stride, d.padding_low, d.padding_high
        w.window_dilation, w.base_dilation, w.window_reversal = d.window_dilation, d.base_dilation, d.window_reversal


def _write_padding(p: hlo_pb2.HloInstructionProto, v: PaddingConfig, _: HloInstruction) -> None:
    for d in v.dimensions:
        e = p.padding_config.dimensions.add()
        e.edge_padding_low, e.edge_padding_high, e.interior_padding = (
            d.edge_padding_low,
            d.edge_padding_high,
            d.interior_padding,
        )


def _write_dim_labels(p: hlo_pb2.HloInstructionProto, v: ConvDimLabels, _: HloInstruction) -> None:
    c = p.convolution_dimension_numbers
    c.input_batch_dimension, c.input_feature_dimension = v.input_batch_dimension, v.input_feature_dimension
    c.input_spatial_dimensions.extend(v.input_spatial_dimensions)
    c.kernel_input_feature_dimension = v.kernel_input_feature_dimension
    c.kernel_output_feature_dimension = v.kernel_output_feature_dimension
    c.kernel_spatial_dimensions.extend(v.kernel_spatial_dimensions)
    c.output_batch_dimension, c.output_feature_dimension = v.output_batch_dimension, v.output_feature_dimension
    c.output_spatial_dimensions.extend(v.output_spatial_dimensions)


def _write_replica_groups(p: hlo_pb2.HloInstructionProto, v: ReplicaGroups, _: HloInstruction) -> None:
    if isinstance(v, IotaReplicaGroups):
        iota = p.iota_collective_device_list
        iota.num_replica_groups, iota.num_devices_per_group = v.num_replica_groups, v.num_devices_per_group
        iota.iota_reshape_dims.extend(v.reshape_dims)
        iota.iota_transpose_perm.extend(v.transpose_perm or range(len(v.reshape_dims)))  # XLA writes identity
    elif isinstance(v, MeshReplicaGroups):
        mesh = p.mesh_axes_replica_group_list
        names = [a.name for a in v.mesh]
        for axis in v.mesh:
            entry = mesh.mesh.axes.add()
            entry.name, entry.size = axis.name, axis.size
        for axis in v.axes:
            ref = mesh.axes.add()
            ref.mesh_axis_index = names.index(axis_base(axis))
            sub = sub_axis(axis)
            if sub is not None:
                ref.sub_axis_info.pre_size, ref.sub_axis_info.size = sub
    else:
        p.collective_device_list.SetInParent()  # `replica_groups={}` too
        for group in v:
            p.collective_device_list.replica_groups.add().replica_ids.extend(group)


def _write_pairs(p: hlo_pb2.HloInstructionProto, v: tuple[tuple[int, int], ...], _: HloInstruction) -> None:
    for s, t in v:
        pair = p.source_target_pairs.add()
        pair.source, pair.target = s, t


def _write_metadata(p: hlo_pb2.HloInstructionProto, v: OpMetadata, _: HloInstruction) -> None:
    p.metadata.SetInParent()  # `metadata={}` too: the proto says it was there
    p.metadata.MergeFrom(v.to_proto(xla_data_pb2.OpMetadata))


def _write_frontend(p: hlo_pb2.HloInstructionProto, v: FrontendAttributes, _: HloInstruction) -> None:
    p.frontend_attributes.SetInParent()
    for key, value in v.items:
        p.frontend_attributes.map[key] = value


def _write_aliasing(p: hlo_pb2.HloInstructionProto, v: tuple[OutputOperandAlias, ...], _: HloInstruction) -> None:
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


def enum_name(enum_type: Any, number: int, what: str, op: str | None) -> str:
    """The name of proto enum value `number`; a number the enum does not define is the input's problem."""
    try:
        return enum_type.Name(number)
    except ValueError:
        raise TranslateError(f"{what} {number} is not a value XLA defines", op=op) from None


def _write_precision(p: hlo_pb2.HloInstructionProto, v: tuple[Enum, ...], _: HloInstruction) -> None:
    p.precision_config.operand_precision.extend(
        _enum_number(xla_data_pb2.PrecisionConfig.Precision, e.name.upper(), "operand_precision") for e in v
    )


def _write_algorithm(p: hlo_pb2.HloInstructionProto, v: Enum, i: HloInstruction) -> None:
    if i.opcode == "rng-bit-generator":
        p.rng_algorithm = _enum_number(xla_data_pb2.RandomAlgorithm, v.name.upper(), "algorithm")
    else:
        p.precision_config.algorithm = _enum_number(
            xla_data_pb2.PrecisionConfig.Algorithm, "ALG_" + v.name.upper(), "algorithm"
        )


def _write_enum(field: str, enum_type: Any, prefix: str = "") -> Writer:
    def write(p: hlo_pb2.HloInstructionProto, v: Enum, _: HloInstruction) -> None:
        try:
            setattr(p, field, enum_type.Value(prefix + v.name.upper()))
        except ValueError:
            raise TranslateError(f"unknown value '{v.name}' for {field}") from None

    return write


def _write_mode(p: hlo_pb2.HloInstructionProto, v: Enum, i: HloInstruction) -> None:
    """shuffle's `mode=rotate` (with `shifts=`); on all-reduce and reduce-scatter XLA's parser reads the
    collective group `mode=` and drops it, and so do we."""
    if i.opcode != "shuffle":
        return
    if v.name != "rotate":
        raise TranslateError(f"unknown shuffle mode '{v.name}'", op=i.name)
    p.shuffle_mode.rotate.SetInParent()


def _write_literal(p: hlo_pb2.HloInstructionProto, v: Any, _: HloInstruction) -> None:
    from hlo_translate.hlo.proto.literal import literal_to_proto  # numpy: only for a module with constants

    p.literal.CopyFrom(literal_to_proto(v))


def _write_result_accuracy(p: hlo_pb2.HloInstructionProto, v: ResultAccuracy, _: HloInstruction) -> None:
    if v.mode is not None:
        p.result_accuracy.mode = xla_data_pb2.ResultAccuracy.Mode.Value(v.mode.upper())
    else:
        t = p.result_accuracy.tolerance
        t.atol, t.rtol, t.ulps = v.atol, v.rtol, v.ulps


def result_accuracy_from_proto(r: xla_data_pb2.ResultAccuracy, op: str) -> ResultAccuracy:
    if r.HasField("tolerance"):
        return ResultAccuracy(None, r.tolerance.atol, r.tolerance.rtol, r.tolerance.ulps)
    return ResultAccuracy(enum_name(xla_data_pb2.ResultAccuracy.Mode, r.mode, "result_accuracy mode", op).lower())


def _write_sharding(p: hlo_pb2.HloInstructionProto, v: Any, _: HloInstruction) -> None:
    p.sharding.CopyFrom(to_op_sharding(v))


def _write_bytes(field: str) -> Writer:
    def write(p: hlo_pb2.HloInstructionProto, v: str, _: HloInstruction) -> None:
        setattr(p, field, v.encode("utf-8", errors="surrogateescape"))

    return write


def _write_operand_layouts(p: hlo_pb2.HloInstructionProto, v: RawAttr, _: HloInstruction) -> None:
    inner = v.text.strip()[1:-1]
    for part in split_top_level(inner) if inner.strip() else []:
        shape_to_proto(ShapeReader(part).read_shape(), p.operand_shapes_with_layout.add())
    p.constrain_layout = True


def _write_parameter_replication(p: hlo_pb2.HloInstructionProto, v: tuple[bool, ...], _: HloInstruction) -> None:
    p.parameter_replication.replicated_at_leaf_buffers.extend(v)


def _write_triangular(field: str) -> Writer:
    def write(p: hlo_pb2.HloInstructionProto, v: Any, i: HloInstruction) -> None:
        if i.opcode == "cholesky":
            p.cholesky_options.lower = v
        elif field == "transpose_a":
            p.triangular_solve_options.transpose_a = _enum_number(
                xla_data_pb2.TriangularSolveOptions.Transpose, v.name, "transpose_a"
            )
        else:
            setattr(p.triangular_solve_options, field, v)

    return write


def _write_dimensions(p: hlo_pb2.HloInstructionProto, v: Any, _: HloInstruction) -> None:
    p.dimensions.extend(v if isinstance(v, tuple) else (v,))


def permute_slice_sizes(p: hlo_pb2.HloInstructionProto) -> tuple[tuple[int, ...], ...]:
    """An in-place collective-permute's flat `dynamic_slice_sizes`, one list per slice: as many sizes
    as the permuted arrays have dimensions (the result's, or the start's first element's)."""
    shape = p.shape.tuple_shapes[0] if p.opcode == "collective-permute-start" else p.shape
    rank = len(shape.dimensions)
    sizes = tuple(p.dynamic_slice_sizes)
    if rank == 0 or len(sizes) % rank:
        raise TranslateError(f"{len(sizes)} slice sizes do not split into lists of {rank}", op=p.name)
    return tuple(sizes[i : i + rank] for i in range(0, len(sizes), rank))


def write_xla_defaults(p: hlo_pb2.HloInstructionProto, instr: HloInstruction) -> None:
    """What XLA's proto writer sets on every instruction, or by opcode, whatever the text says."""
    p.metadata.SetInParent()
    p.frontend_attributes.SetInParent()
    p.statistics_viz.SetInParent()
    op = instr.opcode
    if op in ("convolution", "custom-call"):
        p.feature_group_count = p.batch_group_count = 1
    if op in PRECISION_OPERANDS and "operand_precision" not in instr.attributes:
        count = len(instr.operands) if op == "custom-call" else PRECISION_OPERANDS[op]
        p.precision_config.operand_precision.extend([xla_data_pb2.PrecisionConfig.DEFAULT] * count)
    if op in ("convolution", "dot"):
        p.sparsity_config.SetInParent()
        p.block_scaling_config.SetInParent()
    if op == "dot":
        p.dot_dimension_numbers.SetInParent()  # XLA's proto loader requires it, even with no dimensions
    elif op == "scan":
        p.is_associative = hlo_pb2.TRI_STATE_FALSE  # XLA's parser: false unless the text says otherwise
    elif op == "outfeed" and "outfeed_shape" not in instr.attributes and instr.operands:
        shape_to_proto(instr.operands[0].shape, p.outfeed_shape)  # XLA's parser: the operand's shape
    if op == "custom-call":
        p.custom_call_api_version = hlo_pb2.CustomCallApiVersion.API_VERSION_ORIGINAL
    elif op == "topk":
        p.is_stable = True  # XLA's TopK always writes it (its sort is stable)
    elif instr.opcode == "compare":
        p.comparison_order = _comparison_order(instr)
    elif instr.opcode == "convolution":
        p.window.SetInParent()  # XLA's proto loader requires a window, even an empty one


# Opcodes whose proto depends on their operands' shapes or count (`write_xla_defaults`); the proto writer
# shares one serialized piece among instructions alike in all else (`_attributed_piece`). A writer that
# reads the operands must list its opcode here.
READS_OPERANDS = frozenset({"compare", "custom-call", "outfeed"})
_TOTAL_TYPES = frozenset({"TOTALORDER", "SIGNED", "UNSIGNED"})
# Opcodes whose proto always has a precision config, and for how many operands (custom-call: all of them).
PRECISION_OPERANDS = {"convolution": 2, "dot": 2, "ragged-dot": 2, "scaled-dot": 2, "custom-call": 0}


def _comparison_order(instr: HloInstruction) -> str:
    """XLA 0.12 stores a comparison's order (`order=TOTAL`, or the legacy `type=` it implies), defaulting to
    PARTIAL for floating-point and complex operands and TOTAL otherwise."""
    order = instr.attributes.get("order")
    if isinstance(order, Enum):
        return order.name
    kind = instr.attributes.get("type")
    if isinstance(kind, Enum) and kind.name in _TOTAL_TYPES:
        return "TOTAL"
    element = instr.operands[0].shape.element_type if instr.operands else None
    return "PARTIAL" if element is not None and (element.is_float or element.is_complex) else "TOTAL"


def _ignore(p: hlo_pb2.HloInstructionProto, v: Any, _: HloInstruction) -> None:
    """Attributes carried by other proto fields (called computations, control predecessors)."""


# Attributes written as ids only (`_split_attributes`): their proto writers write nothing.
CALL_ATTRS = frozenset(
    (
        "to_apply",
        "calls",
        "condition",
        "body",
        "true_computation",
        "select",
        "scatter",
        "false_computation",
        "branch_computations",
        "called_computations",
        "control-predecessors",
    )
)


ATTR_TO_PROTO: dict[str, Writer] = {
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
    **{name: _dot_dims(field) for name, field in DOT_FIELDS.items()},
    "lhs_ragged_dims": _sub_extend("ragged_dot_dimension_numbers", "lhs_ragged_dimensions"),
    "rhs_group_dims": _sub_extend("ragged_dot_dimension_numbers", "rhs_group_dimensions"),
    "operand_precision": _write_precision,
    "algorithm": _write_algorithm,
    **{name: _sub_extend("gather_dimension_numbers", name) for name in GATHER_FIELDS},
    **{name: _sub_extend("scatter_dimension_numbers", name) for name in SCATTER_FIELDS},
    "slice_sizes": _write_slice_sizes,
    "index_vector_dim": _write_index_vector_dim,
    "indices_are_sorted": _set("indices_are_sorted"),
    "unique_indices": _set("unique_indices"),
    "direction": _set("comparison_direction"),
    "type": _ignore,  # XLA's proto keeps only the order it implies (see `_comparison_order`)
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
    "is_associative": lambda p, v, _: setattr(
        p, "is_associative", hlo_pb2.TRI_STATE_TRUE if v else hlo_pb2.TRI_STATE_FALSE
    ),
    "has_dynamic_root": _set("has_dynamic_root"),
    "inferred_dimension": _write_dimensions,
    **{name: _ignore for name in CALL_ATTRS},
}


def _write_raw_backend_config(p: hlo_pb2.HloInstructionProto, v: RawAttr, _: HloInstruction) -> None:
    """A dictionary backend_config (`backend_config={...}`) goes into the proto as its text."""
    p.backend_config = v.text.encode()


def _write_statistics(p: hlo_pb2.HloInstructionProto, v: RawAttr, i: HloInstruction) -> None:
    """`statistics={visualizing_index=1,stat-0=60}` -> StatisticsViz: the first value is the index, whatever
    its name (as XLA's parser reads it), the others statistics; integers as XLA's lexer reads them."""

    from hlo_translate.hlo.literal import lexer_int64  # numpy: only for a module with statistics

    def number(text: str) -> int | float:
        text = text.strip()
        return lexer_int64(text, int(text)) if text.lstrip("-").isdigit() else float(text)

    inner = v.text.strip()[1:-1]
    for n, item in enumerate(split_top_level(inner) if inner.strip() else []):
        key, _, value = item.partition("=")
        if n == 0:
            p.statistics_viz.stat_index_to_visualize = int(number(value))
        else:
            p.statistics_viz.statistics.add(stat_name=key.strip(), stat_val=float(number(value)))


def _write_origin(p: hlo_pb2.HloInstructionProto, v: RawAttr, i: HloInstruction) -> None:
    """`origin={...}` -> OriginalValueProto, one element per leaf."""
    p.original_value.SetInParent()
    if SYNTHETIC_CALL_RE.fullmatch(v.text.strip()):  # as XLA's parser makes it: no elements, no hierarchy
        p.original_value.is_synthetic_call = True
        p.original_value.call_hierarchy = ""
        return
    for leaf in parse_original_value(v.text):
        element = p.original_value.elements.add()
        element.shape_index.extend(leaf.shape_index)
        if leaf.instruction_name or leaf.array_index:  # (an empty leaf `{}` has no original array)
            element.original_array.instruction_name = leaf.instruction_name
            element.original_array.shape_index.extend(leaf.array_index)


def origin_from_proto(value: xla_data_pb2.OriginalValueProto, shape: Shape) -> RawAttr:
    if value.is_synthetic_call:
        return RawAttr("{[synthetic_call]}")
    leaves = tuple(
        OriginalArray(tuple(e.shape_index), e.original_array.instruction_name, tuple(e.original_array.shape_index))
        for e in value.elements
    )
    return RawAttr(print_original_value(leaves, shape.is_tuple))


def statistics_from_proto(viz: xla_data_pb2.StatisticsViz) -> RawAttr:
    items = [f"visualizing_index={viz.stat_index_to_visualize}"]
    items += [f"{s.stat_name}={print_float(s.stat_val)}" for s in viz.statistics]
    return RawAttr("{" + ",".join(items) + "}")


def _write_domain(p: hlo_pb2.HloInstructionProto, v: RawAttr, i: HloInstruction) -> None:
    """`domain={kind="sharding", entry={...}, exit={...}}`: XLA's proto keeps the exit sharding as its
    `domain_entry_sharding` and the entry one as `domain_exit_sharding` (operand side, user side)."""
    fields = {}
    for item in split_top_level(strip_braces(v.text)):
        key, _, value = item.partition("=")
        fields[key.strip()] = value.strip()
    if fields.get("kind") != '"sharding"' or "entry" not in fields or "exit" not in fields:
        raise TranslateError(
            'only sharding domains (kind="sharding", entry=..., exit=...) can be written to HloModuleProto', op=i.name
        )
    p.domain_entry_sharding.CopyFrom(to_op_sharding(parse_sharding(fields["exit"])))
    p.domain_exit_sharding.CopyFrom(to_op_sharding(parse_sharding(fields["entry"])))


def domain_from_proto(p: hlo_pb2.HloInstructionProto) -> RawAttr:
    entry, exit_ = from_op_sharding(p.domain_exit_sharding), from_op_sharding(p.domain_entry_sharding)
    return RawAttr(f'{{kind="sharding", entry={entry.to_text()}, exit={exit_.to_text()}}}')


_SPARSITY_SIDE_RE = re.compile(r"\s*(lhs|rhs)\s*=\s*\{([^{}]*)\}\s*,?")
_SPARSITY_FIELD_RE = re.compile(r"\s*(?:sparsity\s*=\s*(\d+)x(\d+)|(dimension|stride)\s*=\s*(-?\d+))\s*,?")


def _write_sparsity(p: hlo_pb2.HloInstructionProto, v: RawAttr, i: HloInstruction) -> None:
    """`sparsity_config={rhs={sparsity=2x4 dimension=0 stride=1}}`, as XLA's parser reads it (`sparsity` is
    num_non_zero x block_size)."""
    body = v.text.strip()
    if not (body.startswith("{") and body.endswith("}")):
        raise TranslateError(f"bad sparsity_config {body[:60]!r}", op=i.name)
    pos, body = 0, body[1:-1]
    while pos < len(body.rstrip()):
        side = _SPARSITY_SIDE_RE.match(body, pos)
        if side is None:
            raise TranslateError(f"bad sparsity_config near {body[pos : pos + 40]!r}", op=i.name)
        target = getattr(p.sparsity_config, side.group(1))
        target.SetInParent()
        inner, at = side.group(2), 0
        while at < len(inner.rstrip()):
            field = _SPARSITY_FIELD_RE.match(inner, at)
            if field is None:
                raise TranslateError(f"bad sparsity_config near {inner[at : at + 40]!r}", op=i.name)
            if field.group(1) is not None:
                target.num_non_zero, target.block_size = int(field.group(1)), int(field.group(2))
            else:
                setattr(target, field.group(3), int(field.group(4)))
            at = field.end()
        pos = side.end()


def sparsity_from_proto(config: xla_data_pb2.SparsityConfig) -> RawAttr | None:
    """The text of a sparsity config XLA's parser reads back (its printer adds an `idx=` it does not read),
    or None when the config says nothing."""
    sides = []
    for name in ("lhs", "rhs"):
        if config.HasField(name):
            t = getattr(config, name)
            fields = f"sparsity={t.num_non_zero}x{t.block_size} dimension={t.dimension} stride={t.stride}"
            sides.append(f"{name}={{{fields}}}")
    return RawAttr("{" + " ".join(sides) + "}") if sides else None


RAW_TO_PROTO: dict[str, Writer] = {
    "sparsity_config": _write_sparsity,
    "domain": _write_domain,
    "statistics": _write_statistics,
    "origin": _write_origin,
    "operand_layout_constraints": _write_operand_layouts,
    "backend_config": _write_raw_backend_config,
}
