"""HloInstructionProto fields -> typed attributes, in the order XLA prints them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hlo_translate.errors import TranslateError
from hlo_translate.hlo.ir import (
    BINARY_ELEMENTWISE,
    UNARY_ELEMENTWISE,
    ConvDimLabels,
    Enum,
    FrontendAttributes,
    HloComputation,
    HloInstruction,
    IotaReplicaGroups,
    MeshAxis,
    MeshReplicaGroups,
    OpMetadata,
    OutputOperandAlias,
    PaddingConfig,
    PaddingDim,
    PrimitiveType,
    RawAttr,
    ReplicaGroups,
    SliceDim,
    Window,
    WindowDim,
    shape_problem,
)
from hlo_translate.hlo.proto.attribute_writers import (
    DOT_FIELDS,
    GATHER_FIELDS,
    SCATTER_FIELDS,
    TRIANGULAR_FIELDS,
    domain_from_proto,
    enum_name,
    origin_from_proto,
    permute_slice_sizes,
    result_accuracy_from_proto,
    sparsity_from_proto,
    statistics_from_proto,
)
from hlo_translate.hlo.proto.shapes import shape_from_proto
from hlo_translate.hlo.sharding import from_op_sharding
from hlo_translate.proto import hlo_pb2, xla_data_pb2

# ---------------------------------------------------------------------------------------------
# proto -> IR

# Opcodes whose text always shows `dimensions=` (even when empty).
_DIMENSION_OPCODES = frozenset(
    {
        "broadcast",
        "concatenate",
        "reduce",
        "reverse",
        "transpose",
        "sort",
        "all-gather",
        "all-gather-start",
        "reduce-scatter",
        "map",
        "all-to-all",
    }
)
_CONV_FIELDS = (
    "input_batch_dimension",
    "input_feature_dimension",
    "input_spatial_dimensions",
    "kernel_input_feature_dimension",
    "kernel_output_feature_dimension",
    "kernel_spatial_dimensions",
    "output_batch_dimension",
    "output_feature_dimension",
    "output_spatial_dimensions",
)


# Opcodes XLA's proto reader builds as plain instructions: it refuses (or, for call, crashes on) a
# precision_config or dot_dimension_numbers on them. Other opcodes ignore those fields.
_NO_DOT_FIELDS_OPCODES = frozenset(
    {
        "abs",
        "add",
        "add-dependency",
        "after-all",
        "and",
        "atan2",
        "bitcast",
        "bitcast-convert",
        "call",
        "ceil",
        "clamp",
        "complex",
        "convert",
        "copy",
        "copy-done",
        "count-leading-zeros",
        "divide",
        "floor",
        "imag",
        "is-finite",
        "maximum",
        "minimum",
        "multiply",
        "negate",
        "not",
        "opt-barrier",
        "or",
        "popcnt",
        "power",
        "real",
        "remainder",
        "round-nearest-afz",
        "round-nearest-even",
        "select",
        "shift-left",
        "shift-right-arithmetic",
        "shift-right-logical",
        "sign",
        "stochastic-convert",
        "subtract",
        "tuple",
        "while",
        "xor",
    }
)


def _check_dot_fields(p: hlo_pb2.HloInstructionProto) -> None:
    if p.opcode in _NO_DOT_FIELDS_OPCODES:
        for field in ("precision_config", "dot_dimension_numbers"):
            if p.HasField(field):
                raise TranslateError(f"{p.opcode} must not have a {field}", op=p.name)


def attributes_from_proto(
    p: hlo_pb2.HloInstructionProto, comps: dict[int, HloComputation], operands: list[HloInstruction]
) -> dict[str, Any]:
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
        attrs["slice"] = tuple(SliceDim(s.start, s.limit, s.stride) for s in p.slice_dimensions)
    if p.dynamic_slice_sizes and op not in ("collective-permute", "collective-permute-start"):
        attrs["dynamic_slice_sizes"] = tuple(p.dynamic_slice_sizes)
    if p.HasField("padding_config") and op == "pad":
        attrs["padding"] = PaddingConfig(
            tuple(
                PaddingDim(d.edge_padding_low, d.edge_padding_high, d.interior_padding)
                for d in p.padding_config.dimensions
            )
        )
    if p.HasField("window") and (
        op in ("convolution", "reduce-window", "select-and-scatter") or op == "custom-call" and p.window.dimensions
    ):
        attrs["window"] = Window(
            tuple(
                WindowDim(
                    d.size,
                    d.stride,
                    d.padding_low,
                    d.padding_high,
                    d.window_dilation,
                    d.base_dilation,
                    d.window_reversal,
                )
                for d in p.window.dimensions
            )
        )
    if op == "convolution" or op == "custom-call" and p.HasField("convolution_dimension_numbers"):
        c = p.convolution_dimension_numbers
        attrs["dim_labels"] = ConvDimLabels(
            *(tuple(getattr(c, f)) if f.endswith("dimensions") else getattr(c, f) for f in _CONV_FIELDS)
        )
        if p.feature_group_count > 1:
            attrs["feature_group_count"] = p.feature_group_count
        if p.batch_group_count > 1:
            attrs["batch_group_count"] = p.batch_group_count
        if op == "convolution" and (sparsity := sparsity_from_proto(p.sparsity_config)) is not None:
            attrs["sparsity_config"] = sparsity
    if op in ("dot", "ragged-dot", "scaled-dot"):
        dnums = p.ragged_dot_dimension_numbers.dot_dimension_numbers if op == "ragged-dot" else p.dot_dimension_numbers
        for name, field in DOT_FIELDS.items():
            values = tuple(getattr(dnums, field))
            if values or "contracting" in name:  # XLA prints empty contracting dims (an outer product)
                attrs[name] = values
        if op == "ragged-dot":
            attrs["lhs_ragged_dims"] = tuple(p.ragged_dot_dimension_numbers.lhs_ragged_dimensions)
            attrs["rhs_group_dims"] = tuple(p.ragged_dot_dimension_numbers.rhs_group_dimensions)
    if p.HasField("gather_dimension_numbers") and op == "gather":
        g = p.gather_dimension_numbers
        for name in GATHER_FIELDS:
            if getattr(g, name) or name in ("offset_dims", "collapsed_slice_dims", "start_index_map"):
                attrs[name] = tuple(getattr(g, name))
        attrs["index_vector_dim"] = g.index_vector_dim
        attrs["slice_sizes"] = tuple(p.gather_slice_sizes)
    if p.HasField("scatter_dimension_numbers") and op == "scatter":
        s = p.scatter_dimension_numbers
        for name in SCATTER_FIELDS:
            if getattr(s, name) or name in (
                "update_window_dims",
                "inserted_window_dims",
                "scatter_dims_to_operand_dims",
            ):
                attrs[name] = tuple(getattr(s, name))
        attrs["index_vector_dim"] = s.index_vector_dim
    if op in ("gather", "scatter"):
        if p.indices_are_sorted:
            attrs["indices_are_sorted"] = True
        if p.unique_indices:
            attrs["unique_indices"] = True
    if op == "compare":
        attrs["direction"] = Enum(p.comparison_direction)
        if p.comparison_order:
            attrs["order"] = Enum(p.comparison_order)
        elif p.comparison_type:
            attrs["type"] = Enum(p.comparison_type)
    if op in ("dot", "convolution", "ragged-dot", "scaled-dot", "custom-call") and p.HasField("precision_config"):
        precision = tuple(
            Enum(enum_name(xla_data_pb2.PrecisionConfig.Precision, x, "operand precision", p.name).lower())
            for x in p.precision_config.operand_precision
        )
        if any(e.name != "default" for e in precision):
            attrs["operand_precision"] = precision
        if p.precision_config.algorithm:
            name = enum_name(xla_data_pb2.PrecisionConfig.Algorithm, p.precision_config.algorithm, "algorithm", p.name)
            attrs["algorithm"] = Enum(name[len("ALG_") :].lower())
    if op == "rng-bit-generator":
        attrs["algorithm"] = Enum(
            enum_name(xla_data_pb2.RandomAlgorithm, p.rng_algorithm, "rng_algorithm", p.name).lower()
        )
    if op == "rng":
        attrs["distribution"] = Enum(
            enum_name(xla_data_pb2.RandomDistribution, p.distribution, "distribution", p.name).lower()
        )
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
        attrs["fft_type"] = Enum(enum_name(xla_data_pb2.FftType, p.fft_type, "fft_type", p.name))
        attrs["fft_length"] = tuple(p.fft_length)
    if op == "triangular-solve":
        t = p.triangular_solve_options
        for name in TRIANGULAR_FIELDS:
            if getattr(t, name):
                attrs[name] = True
        attrs["transpose_a"] = Enum(
            enum_name(xla_data_pb2.TriangularSolveOptions.Transpose, t.transpose_a, "transpose_a", p.name)
        )
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
        attrs["slice_sizes"] = permute_slice_sizes(p)  # in place: after the pairs, as XLA prints it
    if p.is_host_transfer:
        attrs["is_host_transfer"] = True
    if op == "fusion":
        attrs["kind"] = Enum(p.fusion_kind)
    pred_branch = op == "conditional" and bool(operands) and operands[0].shape.element_type == PrimitiveType.PRED
    called_from_proto(op, called, attrs, pred_branch, p.name)
    if op in ("async-start", "fusion") and p.output_operand_aliasing:  # (custom-call's: below, in its place)
        attrs["output_to_operand_aliasing"] = tuple(
            OutputOperandAlias(tuple(a.output_shape_index), a.operand_index, tuple(a.operand_shape_index))
            for a in p.output_operand_aliasing
        )
    if op == "custom-call":
        attrs["custom_call_target"] = p.custom_call_target
        if p.custom_call_has_side_effect:
            attrs["custom_call_has_side_effect"] = True
        if p.output_operand_aliasing:
            attrs["output_to_operand_aliasing"] = tuple(
                OutputOperandAlias(tuple(a.output_shape_index), a.operand_index, tuple(a.operand_shape_index))
                for a in p.output_operand_aliasing
            )
        if p.operand_shapes_with_layout:
            constraints = [shape_from_proto(s) for s in p.operand_shapes_with_layout]
            for shape in constraints:  # XLA's text parser refuses these; its proto reader passes them on
                if problem := shape_problem(shape):
                    raise TranslateError(f"operand layout constraint {shape.to_text()}: {problem}", op=p.name)
            shapes = ", ".join(shape.to_text() for shape in constraints)
            attrs["operand_layout_constraints"] = RawAttr("{" + shapes + "}")
        if p.custom_call_schedule:
            attrs["schedule"] = Enum(
                enum_name(hlo_pb2.CustomCallSchedule, p.custom_call_schedule, "custom_call_schedule", p.name)
            )
        if p.HasField("literal"):
            from hlo_translate.hlo.proto.literal import literal_from_proto  # numpy: only for a module with constants

            attrs["literal"] = literal_from_proto(p.literal)
        if p.padding_type:
            attrs["padding_type"] = Enum(enum_name(xla_data_pb2.PaddingType, p.padding_type, "padding_type", p.name))
        if p.custom_call_api_version not in (0, 1):
            attrs["api_version"] = Enum(
                enum_name(hlo_pb2.CustomCallApiVersion, p.custom_call_api_version, "custom_call_api_version", p.name)
            )
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
        attrs["mode"] = Enum("rotate")
        attrs["shifts"] = tuple(p.shuffle_mode.rotate.shifts)
    if op == "scan":
        attrs["num_carries"] = p.num_carries
        if p.is_reverse:
            attrs["is_reverse"] = True
    if p.has_dynamic_root:
        attrs["has_dynamic_root"] = True
    if op == "domain" and (p.HasField("domain_entry_sharding") or p.HasField("domain_exit_sharding")):
        attrs["domain"] = domain_from_proto(p)
    if p.HasField("result_accuracy"):
        attrs["result_accuracy"] = result_accuracy_from_proto(p.result_accuracy, p.name)
    if p.statistics_viz.statistics:
        attrs["statistics"] = statistics_from_proto(p.statistics_viz)
    if p.HasField("original_value"):
        try:
            attrs["origin"] = origin_from_proto(p.original_value, shape_from_proto(p.shape))
        except TranslateError as err:
            raise TranslateError(err.message, op=p.name) from None
    if p.HasField("sharding"):
        attrs["sharding"] = from_op_sharding(p.sharding)
    if p.frontend_attributes.map:
        attrs["frontend_attributes"] = FrontendAttributes(tuple(sorted(p.frontend_attributes.map.items())))
    if p.backend_config:
        attrs["backend_config"] = p.backend_config.decode("utf-8", errors="surrogateescape")
    if p.HasField("metadata") and p.metadata.ByteSize():
        attrs["metadata"] = OpMetadata.from_proto(p.metadata)
    return attrs


# Opcodes with no attribute of their own: XLA's proto loader reads only the generic fields of these (as
# `generic_attributes` does), so the ~50 opcode-specific fields are not probed on most instructions.
_PLAIN_OPCODES = (
    UNARY_ELEMENTWISE
    | BINARY_ELEMENTWISE
    | frozenset(
        {
            "parameter",
            "constant",
            "tuple",
            "select",
            "clamp",
            "bitcast",
            "opt-barrier",
            "add-dependency",
            "after-all",
            "partition-id",
            "replica-id",
            "dynamic-update-slice",
        }
    )
) - {"compare", "reduce-precision"}


def _no_attributes(p: hlo_pb2.HloInstructionProto) -> dict[str, Any]:
    return {}


def _dimensions(p: hlo_pb2.HloInstructionProto) -> dict[str, Any]:
    return {"dimensions": tuple(p.dimensions)}


def _inferred_dimension(p: hlo_pb2.HloInstructionProto) -> dict[str, Any]:
    dimensions = p.dimensions
    return {"inferred_dimension": dimensions[0]} if dimensions else {}


def _slice(p: hlo_pb2.HloInstructionProto) -> dict[str, Any]:
    return {"slice": tuple(SliceDim(s.start, s.limit, s.stride) for s in p.slice_dimensions)}


def _padding(p: hlo_pb2.HloInstructionProto) -> dict[str, Any]:
    return {
        "padding": PaddingConfig(
            tuple(
                PaddingDim(d.edge_padding_low, d.edge_padding_high, d.interior_padding)
                for d in p.padding_config.dimensions
            )
        )
    }


# Opcode -> the reader of its own attributes, for the opcodes XLA's loader reads nothing else of but the
# generic fields (`generic_attributes`): the ~50 other fields are not probed on most instructions.
# Other opcodes go through `attributes_from_proto`.
OWN_ATTRIBUTES: dict[str, Callable[[hlo_pb2.HloInstructionProto], dict[str, Any]]] = {
    **dict.fromkeys(_PLAIN_OPCODES, _no_attributes),
    **dict.fromkeys(("broadcast", "transpose", "reverse", "concatenate"), _dimensions),
    "reshape": _inferred_dimension,
    "slice": _slice,
    "pad": _padding,
}


def generic_attributes(p: hlo_pb2.HloInstructionProto, instr: HloInstruction, attrs: dict[str, Any]) -> dict[str, Any]:
    """`attrs` (an instruction's own attributes) and the text attributes any instruction may have, read
    from its proto `p`, in the order attributes_from_proto writes them."""
    _check_dot_fields(p)
    if instr.opcode == "parameter" and p.HasField("parameter_replication"):
        replicated = p.parameter_replication.replicated_at_leaf_buffers
        if replicated:
            attrs["parameter_replication"] = tuple(replicated)
    if p.HasField("result_accuracy"):
        attrs["result_accuracy"] = result_accuracy_from_proto(p.result_accuracy, p.name)
    if p.HasField("statistics_viz"):
        viz = p.statistics_viz
        if viz.statistics:
            attrs["statistics"] = statistics_from_proto(viz)
    if p.HasField("original_value"):
        try:
            attrs["origin"] = origin_from_proto(p.original_value, instr.shape)
        except TranslateError as err:
            raise TranslateError(err.message, op=instr.name) from None
    if p.HasField("sharding"):
        attrs["sharding"] = from_op_sharding(p.sharding)
    if p.HasField("frontend_attributes"):
        frontend = p.frontend_attributes.map
        if frontend:
            attrs["frontend_attributes"] = FrontendAttributes(tuple(sorted(frontend.items())))
    backend = p.backend_config
    if backend:
        attrs["backend_config"] = backend.decode("utf-8", errors="surrogateescape")
    if p.HasField("metadata"):
        metadata = p.metadata
        if metadata.ByteSize():
            attrs["metadata"] = OpMetadata.from_proto(metadata)
    return attrs


def called_from_proto(
    op: str, called: list[HloComputation], attrs: dict[str, Any], pred_branch: bool, name: str
) -> None:
    if not called:
        return
    if op in ("while", "select-and-scatter") and len(called) != 2:
        raise TranslateError(f"{op} takes 2 called computations, not {len(called)}", op=name)
    if op == "while":
        attrs["body"], attrs["condition"] = called  # XLA keeps the body first
    elif op == "select-and-scatter":
        attrs["select"], attrs["scatter"] = called
    elif op == "conditional" and pred_branch and len(called) == 2:
        attrs["true_computation"], attrs["false_computation"] = called  # XLA's parser wants these for a pred
    elif op == "conditional":
        attrs["branch_computations"] = tuple(called)
    elif op in ("fusion", "async-start"):
        attrs["calls"] = tuple(called)
    elif op == "custom-call":
        attrs["called_computations"] = tuple(called)
    else:
        attrs["to_apply"] = called[0] if len(called) == 1 else tuple(called)


def _iota_groups(i) -> IotaReplicaGroups:
    """An IotaReplicaGroupListProto; an identity transpose is no transpose (XLA's text prints none)."""
    perm = tuple(i.iota_transpose_perm)
    if perm == tuple(range(len(perm))):
        perm = ()
    return IotaReplicaGroups(i.num_replica_groups, i.num_devices_per_group, tuple(i.iota_reshape_dims), perm)


# The opcodes whose retired `all_reduce_id` field XLA still reads (as the channel id).
_ALL_REDUCE_ID_OPCODES = frozenset({"all-reduce", "all-reduce-start", "reduce-scatter"})


def _replica_groups_from_proto(p: hlo_pb2.HloInstructionProto) -> ReplicaGroups | None:
    if p.HasField("iota_collective_device_list"):
        return _iota_groups(p.iota_collective_device_list)
    if p.HasField("mesh_axes_replica_group_list"):
        m = p.mesh_axes_replica_group_list
        axes = tuple(MeshAxis(a.name, a.size) for a in m.mesh.axes)
        for a in m.axes:
            if not 0 <= a.mesh_axis_index < len(axes):
                raise TranslateError(
                    f"mesh_axes_replica_group_list names mesh axis {a.mesh_axis_index} of a mesh with {len(axes)} axes",
                    op=p.name,
                )
            if a.HasField("sub_axis_info") and (a.sub_axis_info.pre_size < 1 or a.sub_axis_info.size < 1):
                raise TranslateError("mesh_axes_replica_group_list sub-axis sizes must be positive", op=p.name)
        used = tuple(
            f"'{axes[a.mesh_axis_index].name}'"
            + (f":({a.sub_axis_info.pre_size}){a.sub_axis_info.size}" if a.HasField("sub_axis_info") else "")
            for a in m.axes
        )
        text = "mesh[" + ",".join(f"'{a.name}'={a.size}" for a in axes) + "] {" + ",".join(used) + "}"
        try:
            return MeshReplicaGroups(axes, used, text)
        except TranslateError as err:
            raise TranslateError(err.message, op=p.name) from None
    if p.HasField("collective_device_list"):
        c = p.collective_device_list
        if c.HasField("iota_replica_group_list"):
            return _iota_groups(c.iota_replica_group_list)
        return tuple(tuple(g.replica_ids) for g in c.replica_groups)
    if p.replica_groups:
        return tuple(tuple(g.replica_ids) for g in p.replica_groups)
    if p.opcode in (
        "all-reduce",
        "all-gather",
        "all-to-all",
        "reduce-scatter",
        "all-reduce-start",
        "all-gather-start",
        "collective-broadcast",
        "ragged-all-to-all",
    ):
        return ()
    return None
