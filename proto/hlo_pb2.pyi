from hlo_translate.proto import xla_data_pb2 as _xla_data_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class CustomCallSchedule(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SCHEDULE_NONE: _ClassVar[CustomCallSchedule]
    SCHEDULE_LATEST: _ClassVar[CustomCallSchedule]
    SCHEDULE_EARLIEST: _ClassVar[CustomCallSchedule]

class TriState(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TRI_STATE_UNSPECIFIED: _ClassVar[TriState]
    TRI_STATE_TRUE: _ClassVar[TriState]
    TRI_STATE_FALSE: _ClassVar[TriState]

class ConvolutionKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CONVOLUTION_KIND_UNSET: _ClassVar[ConvolutionKind]
    CONVOLUTION_KIND_FPROP: _ClassVar[ConvolutionKind]
    CONVOLUTION_KIND_DGRAD: _ClassVar[ConvolutionKind]
    CONVOLUTION_KIND_WGRAD: _ClassVar[ConvolutionKind]

class CustomCallApiVersion(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    API_VERSION_UNSPECIFIED: _ClassVar[CustomCallApiVersion]
    API_VERSION_ORIGINAL: _ClassVar[CustomCallApiVersion]
    API_VERSION_STATUS_RETURNING: _ClassVar[CustomCallApiVersion]
    API_VERSION_STATUS_RETURNING_UNIFIED: _ClassVar[CustomCallApiVersion]
    API_VERSION_TYPED_FFI: _ClassVar[CustomCallApiVersion]

class Kind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    UNDEFINED_ALIAS: _ClassVar[Kind]
    MAY_ALIAS: _ClassVar[Kind]
    MUST_ALIAS: _ClassVar[Kind]
SCHEDULE_NONE: CustomCallSchedule
SCHEDULE_LATEST: CustomCallSchedule
SCHEDULE_EARLIEST: CustomCallSchedule
TRI_STATE_UNSPECIFIED: TriState
TRI_STATE_TRUE: TriState
TRI_STATE_FALSE: TriState
CONVOLUTION_KIND_UNSET: ConvolutionKind
CONVOLUTION_KIND_FPROP: ConvolutionKind
CONVOLUTION_KIND_DGRAD: ConvolutionKind
CONVOLUTION_KIND_WGRAD: ConvolutionKind
API_VERSION_UNSPECIFIED: CustomCallApiVersion
API_VERSION_ORIGINAL: CustomCallApiVersion
API_VERSION_STATUS_RETURNING: CustomCallApiVersion
API_VERSION_STATUS_RETURNING_UNIFIED: CustomCallApiVersion
API_VERSION_TYPED_FFI: CustomCallApiVersion
UNDEFINED_ALIAS: Kind
MAY_ALIAS: Kind
MUST_ALIAS: Kind

class HloInstructionProto(_message.Message):
    __slots__ = ("name", "opcode", "shape", "id", "operand_ids", "control_predecessor_ids", "called_computation_ids", "metadata", "sharding", "frontend_attributes", "backend_config", "backend_config_payload", "original_value", "statistics_viz", "literal", "parameter_number", "parameter_replication", "tuple_index", "fusion_kind", "dimensions", "slice_dimensions", "dynamic_slice_sizes", "padding_config", "exponent_bits", "mantissa_bits", "window", "convolution_dimension_numbers", "feature_group_count", "batch_group_count", "padding_type", "conv_kind", "dot_dimension_numbers", "ragged_dot_dimension_numbers", "precision_config", "sparsity_config", "block_scaling_config", "gather_dimension_numbers", "gather_slice_sizes", "scatter_dimension_numbers", "indices_are_sorted", "unique_indices", "distribution", "rng_algorithm", "delta", "epsilon", "feature_index", "fft_type", "fft_length", "comparison_direction", "comparison_type", "comparison_order", "is_stable", "k", "largest", "is_reverse", "num_carries", "is_associative", "triangular_solve_options", "cholesky_options", "result_accuracy", "channel_id", "replica_groups", "all_reduce_id", "use_global_device_ids", "source_target_pairs", "collective_device_list", "iota_collective_device_list", "mesh_axes_replica_group_list", "has_dynamic_root", "is_host_transfer", "infeed_config", "outfeed_config", "outfeed_shape", "shuffle_mode", "domain_entry_sharding", "domain_exit_sharding", "custom_call_target", "custom_call_has_side_effect", "custom_call_schedule", "custom_call_api_version", "constrain_layout", "operand_shapes_with_layout", "output_operand_aliasing", "is_cross_program_prefetch", "cross_program_prefetch_index", "async_execution_thread", "is_composite")
    class SliceDimensions(_message.Message):
        __slots__ = ("start", "limit", "stride")
        START_FIELD_NUMBER: _ClassVar[int]
        LIMIT_FIELD_NUMBER: _ClassVar[int]
        STRIDE_FIELD_NUMBER: _ClassVar[int]
        start: int
        limit: int
        stride: int
        def __init__(self, start: _Optional[int] = ..., limit: _Optional[int] = ..., stride: _Optional[int] = ...) -> None: ...
    NAME_FIELD_NUMBER: _ClassVar[int]
    OPCODE_FIELD_NUMBER: _ClassVar[int]
    SHAPE_FIELD_NUMBER: _ClassVar[int]
    ID_FIELD_NUMBER: _ClassVar[int]
    OPERAND_IDS_FIELD_NUMBER: _ClassVar[int]
    CONTROL_PREDECESSOR_IDS_FIELD_NUMBER: _ClassVar[int]
    CALLED_COMPUTATION_IDS_FIELD_NUMBER: _ClassVar[int]
    METADATA_FIELD_NUMBER: _ClassVar[int]
    SHARDING_FIELD_NUMBER: _ClassVar[int]
    FRONTEND_ATTRIBUTES_FIELD_NUMBER: _ClassVar[int]
    BACKEND_CONFIG_FIELD_NUMBER: _ClassVar[int]
    BACKEND_CONFIG_PAYLOAD_FIELD_NUMBER: _ClassVar[int]
    ORIGINAL_VALUE_FIELD_NUMBER: _ClassVar[int]
    STATISTICS_VIZ_FIELD_NUMBER: _ClassVar[int]
    LITERAL_FIELD_NUMBER: _ClassVar[int]
    PARAMETER_NUMBER_FIELD_NUMBER: _ClassVar[int]
    PARAMETER_REPLICATION_FIELD_NUMBER: _ClassVar[int]
    TUPLE_INDEX_FIELD_NUMBER: _ClassVar[int]
    FUSION_KIND_FIELD_NUMBER: _ClassVar[int]
    DIMENSIONS_FIELD_NUMBER: _ClassVar[int]
    SLICE_DIMENSIONS_FIELD_NUMBER: _ClassVar[int]
    DYNAMIC_SLICE_SIZES_FIELD_NUMBER: _ClassVar[int]
    PADDING_CONFIG_FIELD_NUMBER: _ClassVar[int]
    EXPONENT_BITS_FIELD_NUMBER: _ClassVar[int]
    MANTISSA_BITS_FIELD_NUMBER: _ClassVar[int]
    WINDOW_FIELD_NUMBER: _ClassVar[int]
    CONVOLUTION_DIMENSION_NUMBERS_FIELD_NUMBER: _ClassVar[int]
    FEATURE_GROUP_COUNT_FIELD_NUMBER: _ClassVar[int]
    BATCH_GROUP_COUNT_FIELD_NUMBER: _ClassVar[int]
    PADDING_TYPE_FIELD_NUMBER: _ClassVar[int]
    CONV_KIND_FIELD_NUMBER: _ClassVar[int]
    DOT_DIMENSION_NUMBERS_FIELD_NUMBER: _ClassVar[int]
    RAGGED_DOT_DIMENSION_NUMBERS_FIELD_NUMBER: _ClassVar[int]
    PRECISION_CONFIG_FIELD_NUMBER: _ClassVar[int]
    SPARSITY_CONFIG_FIELD_NUMBER: _ClassVar[int]
    BLOCK_SCALING_CONFIG_FIELD_NUMBER: _ClassVar[int]
    GATHER_DIMENSION_NUMBERS_FIELD_NUMBER: _ClassVar[int]
    GATHER_SLICE_SIZES_FIELD_NUMBER: _ClassVar[int]
    SCATTER_DIMENSION_NUMBERS_FIELD_NUMBER: _ClassVar[int]
    INDICES_ARE_SORTED_FIELD_NUMBER: _ClassVar[int]
    UNIQUE_INDICES_FIELD_NUMBER: _ClassVar[int]
    DISTRIBUTION_FIELD_NUMBER: _ClassVar[int]
    RNG_ALGORITHM_FIELD_NUMBER: _ClassVar[int]
    DELTA_FIELD_NUMBER: _ClassVar[int]
    EPSILON_FIELD_NUMBER: _ClassVar[int]
    FEATURE_INDEX_FIELD_NUMBER: _ClassVar[int]
    FFT_TYPE_FIELD_NUMBER: _ClassVar[int]
    FFT_LENGTH_FIELD_NUMBER: _ClassVar[int]
    COMPARISON_DIRECTION_FIELD_NUMBER: _ClassVar[int]
    COMPARISON_TYPE_FIELD_NUMBER: _ClassVar[int]
    COMPARISON_ORDER_FIELD_NUMBER: _ClassVar[int]
    IS_STABLE_FIELD_NUMBER: _ClassVar[int]
    K_FIELD_NUMBER: _ClassVar[int]
    LARGEST_FIELD_NUMBER: _ClassVar[int]
    IS_REVERSE_FIELD_NUMBER: _ClassVar[int]
    NUM_CARRIES_FIELD_NUMBER: _ClassVar[int]
    IS_ASSOCIATIVE_FIELD_NUMBER: _ClassVar[int]
    TRIANGULAR_SOLVE_OPTIONS_FIELD_NUMBER: _ClassVar[int]
    CHOLESKY_OPTIONS_FIELD_NUMBER: _ClassVar[int]
    RESULT_ACCURACY_FIELD_NUMBER: _ClassVar[int]
    CHANNEL_ID_FIELD_NUMBER: _ClassVar[int]
    REPLICA_GROUPS_FIELD_NUMBER: _ClassVar[int]
    ALL_REDUCE_ID_FIELD_NUMBER: _ClassVar[int]
    USE_GLOBAL_DEVICE_IDS_FIELD_NUMBER: _ClassVar[int]
    SOURCE_TARGET_PAIRS_FIELD_NUMBER: _ClassVar[int]
    COLLECTIVE_DEVICE_LIST_FIELD_NUMBER: _ClassVar[int]
    IOTA_COLLECTIVE_DEVICE_LIST_FIELD_NUMBER: _ClassVar[int]
    MESH_AXES_REPLICA_GROUP_LIST_FIELD_NUMBER: _ClassVar[int]
    HAS_DYNAMIC_ROOT_FIELD_NUMBER: _ClassVar[int]
    IS_HOST_TRANSFER_FIELD_NUMBER: _ClassVar[int]
    INFEED_CONFIG_FIELD_NUMBER: _ClassVar[int]
    OUTFEED_CONFIG_FIELD_NUMBER: _ClassVar[int]
    OUTFEED_SHAPE_FIELD_NUMBER: _ClassVar[int]
    SHUFFLE_MODE_FIELD_NUMBER: _ClassVar[int]
    DOMAIN_ENTRY_SHARDING_FIELD_NUMBER: _ClassVar[int]
    DOMAIN_EXIT_SHARDING_FIELD_NUMBER: _ClassVar[int]
    CUSTOM_CALL_TARGET_FIELD_NUMBER: _ClassVar[int]
    CUSTOM_CALL_HAS_SIDE_EFFECT_FIELD_NUMBER: _ClassVar[int]
    CUSTOM_CALL_SCHEDULE_FIELD_NUMBER: _ClassVar[int]
    CUSTOM_CALL_API_VERSION_FIELD_NUMBER: _ClassVar[int]
    CONSTRAIN_LAYOUT_FIELD_NUMBER: _ClassVar[int]
    OPERAND_SHAPES_WITH_LAYOUT_FIELD_NUMBER: _ClassVar[int]
    OUTPUT_OPERAND_ALIASING_FIELD_NUMBER: _ClassVar[int]
    IS_CROSS_PROGRAM_PREFETCH_FIELD_NUMBER: _ClassVar[int]
    CROSS_PROGRAM_PREFETCH_INDEX_FIELD_NUMBER: _ClassVar[int]
    ASYNC_EXECUTION_THREAD_FIELD_NUMBER: _ClassVar[int]
    IS_COMPOSITE_FIELD_NUMBER: _ClassVar[int]
    name: str
    opcode: str
    shape: _xla_data_pb2.ShapeProto
    id: int
    operand_ids: _containers.RepeatedScalarFieldContainer[int]
    control_predecessor_ids: _containers.RepeatedScalarFieldContainer[int]
    called_computation_ids: _containers.RepeatedScalarFieldContainer[int]
    metadata: _xla_data_pb2.OpMetadata
    sharding: _xla_data_pb2.OpSharding
    frontend_attributes: _xla_data_pb2.FrontendAttributes
    backend_config: bytes
    backend_config_payload: _xla_data_pb2.Payload
    original_value: _xla_data_pb2.OriginalValueProto
    statistics_viz: _xla_data_pb2.StatisticsViz
    literal: _xla_data_pb2.LiteralProto
    parameter_number: int
    parameter_replication: _xla_data_pb2.ParameterReplication
    tuple_index: int
    fusion_kind: str
    dimensions: _containers.RepeatedScalarFieldContainer[int]
    slice_dimensions: _containers.RepeatedCompositeFieldContainer[HloInstructionProto.SliceDimensions]
    dynamic_slice_sizes: _containers.RepeatedScalarFieldContainer[int]
    padding_config: _xla_data_pb2.PaddingConfig
    exponent_bits: int
    mantissa_bits: int
    window: _xla_data_pb2.Window
    convolution_dimension_numbers: _xla_data_pb2.ConvolutionDimensionNumbers
    feature_group_count: int
    batch_group_count: int
    padding_type: _xla_data_pb2.PaddingType
    conv_kind: ConvolutionKind
    dot_dimension_numbers: _xla_data_pb2.DotDimensionNumbers
    ragged_dot_dimension_numbers: _xla_data_pb2.RaggedDotDimensionNumbers
    precision_config: _xla_data_pb2.PrecisionConfig
    sparsity_config: _xla_data_pb2.SparsityConfig
    block_scaling_config: _xla_data_pb2.BlockScalingConfig
    gather_dimension_numbers: _xla_data_pb2.GatherDimensionNumbers
    gather_slice_sizes: _containers.RepeatedScalarFieldContainer[int]
    scatter_dimension_numbers: _xla_data_pb2.ScatterDimensionNumbers
    indices_are_sorted: bool
    unique_indices: bool
    distribution: _xla_data_pb2.RandomDistribution
    rng_algorithm: _xla_data_pb2.RandomAlgorithm
    delta: int
    epsilon: float
    feature_index: int
    fft_type: _xla_data_pb2.FftType
    fft_length: _containers.RepeatedScalarFieldContainer[int]
    comparison_direction: str
    comparison_type: str
    comparison_order: str
    is_stable: bool
    k: int
    largest: bool
    is_reverse: bool
    num_carries: int
    is_associative: TriState
    triangular_solve_options: _xla_data_pb2.TriangularSolveOptions
    cholesky_options: _xla_data_pb2.CholeskyOptions
    result_accuracy: _xla_data_pb2.ResultAccuracy
    channel_id: int
    replica_groups: _containers.RepeatedCompositeFieldContainer[_xla_data_pb2.ReplicaGroup]
    all_reduce_id: int
    use_global_device_ids: bool
    source_target_pairs: _containers.RepeatedCompositeFieldContainer[_xla_data_pb2.SourceTarget]
    collective_device_list: _xla_data_pb2.CollectiveDeviceListProto
    iota_collective_device_list: _xla_data_pb2.IotaReplicaGroupListProto
    mesh_axes_replica_group_list: _xla_data_pb2.MeshAxesReplicaGroupListProto
    has_dynamic_root: bool
    is_host_transfer: bool
    infeed_config: bytes
    outfeed_config: bytes
    outfeed_shape: _xla_data_pb2.ShapeProto
    shuffle_mode: _xla_data_pb2.ShuffleMode
    domain_entry_sharding: _xla_data_pb2.OpSharding
    domain_exit_sharding: _xla_data_pb2.OpSharding
    custom_call_target: str
    custom_call_has_side_effect: bool
    custom_call_schedule: CustomCallSchedule
    custom_call_api_version: CustomCallApiVersion
    constrain_layout: bool
    operand_shapes_with_layout: _containers.RepeatedCompositeFieldContainer[_xla_data_pb2.ShapeProto]
    output_operand_aliasing: _containers.RepeatedCompositeFieldContainer[_xla_data_pb2.OutputOperandAliasing]
    is_cross_program_prefetch: bool
    cross_program_prefetch_index: int
    async_execution_thread: str
    is_composite: bool
    def __init__(self, name: _Optional[str] = ..., opcode: _Optional[str] = ..., shape: _Optional[_Union[_xla_data_pb2.ShapeProto, _Mapping]] = ..., id: _Optional[int] = ..., operand_ids: _Optional[_Iterable[int]] = ..., control_predecessor_ids: _Optional[_Iterable[int]] = ..., called_computation_ids: _Optional[_Iterable[int]] = ..., metadata: _Optional[_Union[_xla_data_pb2.OpMetadata, _Mapping]] = ..., sharding: _Optional[_Union[_xla_data_pb2.OpSharding, _Mapping]] = ..., frontend_attributes: _Optional[_Union[_xla_data_pb2.FrontendAttributes, _Mapping]] = ..., backend_config: _Optional[bytes] = ..., backend_config_payload: _Optional[_Union[_xla_data_pb2.Payload, _Mapping]] = ..., original_value: _Optional[_Union[_xla_data_pb2.OriginalValueProto, _Mapping]] = ..., statistics_viz: _Optional[_Union[_xla_data_pb2.StatisticsViz, _Mapping]] = ..., literal: _Optional[_Union[_xla_data_pb2.LiteralProto, _Mapping]] = ..., parameter_number: _Optional[int] = ..., parameter_replication: _Optional[_Union[_xla_data_pb2.ParameterReplication, _Mapping]] = ..., tuple_index: _Optional[int] = ..., fusion_kind: _Optional[str] = ..., dimensions: _Optional[_Iterable[int]] = ..., slice_dimensions: _Optional[_Iterable[_Union[HloInstructionProto.SliceDimensions, _Mapping]]] = ..., dynamic_slice_sizes: _Optional[_Iterable[int]] = ..., padding_config: _Optional[_Union[_xla_data_pb2.PaddingConfig, _Mapping]] = ..., exponent_bits: _Optional[int] = ..., mantissa_bits: _Optional[int] = ..., window: _Optional[_Union[_xla_data_pb2.Window, _Mapping]] = ..., convolution_dimension_numbers: _Optional[_Union[_xla_data_pb2.ConvolutionDimensionNumbers, _Mapping]] = ..., feature_group_count: _Optional[int] = ..., batch_group_count: _Optional[int] = ..., padding_type: _Optional[_Union[_xla_data_pb2.PaddingType, str]] = ..., conv_kind: _Optional[_Union[ConvolutionKind, str]] = ..., dot_dimension_numbers: _Optional[_Union[_xla_data_pb2.DotDimensionNumbers, _Mapping]] = ..., ragged_dot_dimension_numbers: _Optional[_Union[_xla_data_pb2.RaggedDotDimensionNumbers, _Mapping]] = ..., precision_config: _Optional[_Union[_xla_data_pb2.PrecisionConfig, _Mapping]] = ..., sparsity_config: _Optional[_Union[_xla_data_pb2.SparsityConfig, _Mapping]] = ..., block_scaling_config: _Optional[_Union[_xla_data_pb2.BlockScalingConfig, _Mapping]] = ..., gather_dimension_numbers: _Optional[_Union[_xla_data_pb2.GatherDimensionNumbers, _Mapping]] = ..., gather_slice_sizes: _Optional[_Iterable[int]] = ..., scatter_dimension_numbers: _Optional[_Union[_xla_data_pb2.ScatterDimensionNumbers, _Mapping]] = ..., indices_are_sorted: _Optional[bool] = ..., unique_indices: _Optional[bool] = ..., distribution: _Optional[_Union[_xla_data_pb2.RandomDistribution, str]] = ..., rng_algorithm: _Optional[_Union[_xla_data_pb2.RandomAlgorithm, str]] = ..., delta: _Optional[int] = ..., epsilon: _Optional[float] = ..., feature_index: _Optional[int] = ..., fft_type: _Optional[_Union[_xla_data_pb2.FftType, str]] = ..., fft_length: _Optional[_Iterable[int]] = ..., comparison_direction: _Optional[str] = ..., comparison_type: _Optional[str] = ..., comparison_order: _Optional[str] = ..., is_stable: _Optional[bool] = ..., k: _Optional[int] = ..., largest: _Optional[bool] = ..., is_reverse: _Optional[bool] = ..., num_carries: _Optional[int] = ..., is_associative: _Optional[_Union[TriState, str]] = ..., triangular_solve_options: _Optional[_Union[_xla_data_pb2.TriangularSolveOptions, _Mapping]] = ..., cholesky_options: _Optional[_Union[_xla_data_pb2.CholeskyOptions, _Mapping]] = ..., result_accuracy: _Optional[_Union[_xla_data_pb2.ResultAccuracy, _Mapping]] = ..., channel_id: _Optional[int] = ..., replica_groups: _Optional[_Iterable[_Union[_xla_data_pb2.ReplicaGroup, _Mapping]]] = ..., all_reduce_id: _Optional[int] = ..., use_global_device_ids: _Optional[bool] = ..., source_target_pairs: _Optional[_Iterable[_Union[_xla_data_pb2.SourceTarget, _Mapping]]] = ..., collective_device_list: _Optional[_Union[_xla_data_pb2.CollectiveDeviceListProto, _Mapping]] = ..., iota_collective_device_list: _Optional[_Union[_xla_data_pb2.IotaReplicaGroupListProto, _Mapping]] = ..., mesh_axes_replica_group_list: _Optional[_Union[_xla_data_pb2.MeshAxesReplicaGroupListProto, _Mapping]] = ..., has_dynamic_root: _Optional[bool] = ..., is_host_transfer: _Optional[bool] = ..., infeed_config: _Optional[bytes] = ..., outfeed_config: _Optional[bytes] = ..., outfeed_shape: _Optional[_Union[_xla_data_pb2.ShapeProto, _Mapping]] = ..., shuffle_mode: _Optional[_Union[_xla_data_pb2.ShuffleMode, _Mapping]] = ..., domain_entry_sharding: _Optional[_Union[_xla_data_pb2.OpSharding, _Mapping]] = ..., domain_exit_sharding: _Optional[_Union[_xla_data_pb2.OpSharding, _Mapping]] = ..., custom_call_target: _Optional[str] = ..., custom_call_has_side_effect: _Optional[bool] = ..., custom_call_schedule: _Optional[_Union[CustomCallSchedule, str]] = ..., custom_call_api_version: _Optional[_Union[CustomCallApiVersion, str]] = ..., constrain_layout: _Optional[bool] = ..., operand_shapes_with_layout: _Optional[_Iterable[_Union[_xla_data_pb2.ShapeProto, _Mapping]]] = ..., output_operand_aliasing: _Optional[_Iterable[_Union[_xla_data_pb2.OutputOperandAliasing, _Mapping]]] = ..., is_cross_program_prefetch: _Optional[bool] = ..., cross_program_prefetch_index: _Optional[int] = ..., async_execution_thread: _Optional[str] = ..., is_composite: _Optional[bool] = ...) -> None: ...

class HloComputationProto(_message.Message):
    __slots__ = ("name", "instructions", "program_shape", "id", "root_id", "is_fusion_computation", "execution_thread", "backend_config")
    NAME_FIELD_NUMBER: _ClassVar[int]
    INSTRUCTIONS_FIELD_NUMBER: _ClassVar[int]
    PROGRAM_SHAPE_FIELD_NUMBER: _ClassVar[int]
    ID_FIELD_NUMBER: _ClassVar[int]
    ROOT_ID_FIELD_NUMBER: _ClassVar[int]
    IS_FUSION_COMPUTATION_FIELD_NUMBER: _ClassVar[int]
    EXECUTION_THREAD_FIELD_NUMBER: _ClassVar[int]
    BACKEND_CONFIG_FIELD_NUMBER: _ClassVar[int]
    name: str
    instructions: _containers.RepeatedCompositeFieldContainer[HloInstructionProto]
    program_shape: _xla_data_pb2.ProgramShapeProto
    id: int
    root_id: int
    is_fusion_computation: bool
    execution_thread: str
    backend_config: bytes
    def __init__(self, name: _Optional[str] = ..., instructions: _Optional[_Iterable[_Union[HloInstructionProto, _Mapping]]] = ..., program_shape: _Optional[_Union[_xla_data_pb2.ProgramShapeProto, _Mapping]] = ..., id: _Optional[int] = ..., root_id: _Optional[int] = ..., is_fusion_computation: _Optional[bool] = ..., execution_thread: _Optional[str] = ..., backend_config: _Optional[bytes] = ...) -> None: ...

class HloScheduleProto(_message.Message):
    __slots__ = ("sequences",)
    class InstructionSequence(_message.Message):
        __slots__ = ("instruction_ids",)
        INSTRUCTION_IDS_FIELD_NUMBER: _ClassVar[int]
        instruction_ids: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, instruction_ids: _Optional[_Iterable[int]] = ...) -> None: ...
    class SequencesEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: int
        value: HloScheduleProto.InstructionSequence
        def __init__(self, key: _Optional[int] = ..., value: _Optional[_Union[HloScheduleProto.InstructionSequence, _Mapping]] = ...) -> None: ...
    SEQUENCES_FIELD_NUMBER: _ClassVar[int]
    sequences: _containers.MessageMap[int, HloScheduleProto.InstructionSequence]
    def __init__(self, sequences: _Optional[_Mapping[int, HloScheduleProto.InstructionSequence]] = ...) -> None: ...

class HloInputOutputAliasProto(_message.Message):
    __slots__ = ("entries",)
    class AliasEntryProto(_message.Message):
        __slots__ = ("output_shape_index", "parameter_number", "parameter_shape_index", "kind")
        OUTPUT_SHAPE_INDEX_FIELD_NUMBER: _ClassVar[int]
        PARAMETER_NUMBER_FIELD_NUMBER: _ClassVar[int]
        PARAMETER_SHAPE_INDEX_FIELD_NUMBER: _ClassVar[int]
        KIND_FIELD_NUMBER: _ClassVar[int]
        output_shape_index: _containers.RepeatedScalarFieldContainer[int]
        parameter_number: int
        parameter_shape_index: _containers.RepeatedScalarFieldContainer[int]
        kind: Kind
        def __init__(self, output_shape_index: _Optional[_Iterable[int]] = ..., parameter_number: _Optional[int] = ..., parameter_shape_index: _Optional[_Iterable[int]] = ..., kind: _Optional[_Union[Kind, str]] = ...) -> None: ...
    ENTRIES_FIELD_NUMBER: _ClassVar[int]
    entries: _containers.RepeatedCompositeFieldContainer[HloInputOutputAliasProto.AliasEntryProto]
    def __init__(self, entries: _Optional[_Iterable[_Union[HloInputOutputAliasProto.AliasEntryProto, _Mapping]]] = ...) -> None: ...

class HloBufferDonorProto(_message.Message):
    __slots__ = ("entries",)
    class BufferDonorEntryProto(_message.Message):
        __slots__ = ("parameter_number", "parameter_shape_index")
        PARAMETER_NUMBER_FIELD_NUMBER: _ClassVar[int]
        PARAMETER_SHAPE_INDEX_FIELD_NUMBER: _ClassVar[int]
        parameter_number: int
        parameter_shape_index: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, parameter_number: _Optional[int] = ..., parameter_shape_index: _Optional[_Iterable[int]] = ...) -> None: ...
    ENTRIES_FIELD_NUMBER: _ClassVar[int]
    entries: _containers.RepeatedCompositeFieldContainer[HloBufferDonorProto.BufferDonorEntryProto]
    def __init__(self, entries: _Optional[_Iterable[_Union[HloBufferDonorProto.BufferDonorEntryProto, _Mapping]]] = ...) -> None: ...

class CrossProgramPrefetch(_message.Message):
    __slots__ = ("parameter", "index", "offset")
    PARAMETER_FIELD_NUMBER: _ClassVar[int]
    INDEX_FIELD_NUMBER: _ClassVar[int]
    OFFSET_FIELD_NUMBER: _ClassVar[int]
    parameter: int
    index: _containers.RepeatedScalarFieldContainer[int]
    offset: int
    def __init__(self, parameter: _Optional[int] = ..., index: _Optional[_Iterable[int]] = ..., offset: _Optional[int] = ...) -> None: ...

class StackFrameIndexProto(_message.Message):
    __slots__ = ("file_names", "function_names", "file_locations", "stack_frames")
    class FileLocation(_message.Message):
        __slots__ = ("file_name_id", "function_name_id", "line", "end_line", "column", "end_column")
        FILE_NAME_ID_FIELD_NUMBER: _ClassVar[int]
        FUNCTION_NAME_ID_FIELD_NUMBER: _ClassVar[int]
        LINE_FIELD_NUMBER: _ClassVar[int]
        END_LINE_FIELD_NUMBER: _ClassVar[int]
        COLUMN_FIELD_NUMBER: _ClassVar[int]
        END_COLUMN_FIELD_NUMBER: _ClassVar[int]
        file_name_id: int
        function_name_id: int
        line: int
        end_line: int
        column: int
        end_column: int
        def __init__(self, file_name_id: _Optional[int] = ..., function_name_id: _Optional[int] = ..., line: _Optional[int] = ..., end_line: _Optional[int] = ..., column: _Optional[int] = ..., end_column: _Optional[int] = ...) -> None: ...
    class StackFrame(_message.Message):
        __slots__ = ("file_location_id", "parent_frame_id")
        FILE_LOCATION_ID_FIELD_NUMBER: _ClassVar[int]
        PARENT_FRAME_ID_FIELD_NUMBER: _ClassVar[int]
        file_location_id: int
        parent_frame_id: int
        def __init__(self, file_location_id: _Optional[int] = ..., parent_frame_id: _Optional[int] = ...) -> None: ...
    FILE_NAMES_FIELD_NUMBER: _ClassVar[int]
    FUNCTION_NAMES_FIELD_NUMBER: _ClassVar[int]
    FILE_LOCATIONS_FIELD_NUMBER: _ClassVar[int]
    STACK_FRAMES_FIELD_NUMBER: _ClassVar[int]
    file_names: _containers.RepeatedScalarFieldContainer[str]
    function_names: _containers.RepeatedScalarFieldContainer[str]
    file_locations: _containers.RepeatedCompositeFieldContainer[StackFrameIndexProto.FileLocation]
    stack_frames: _containers.RepeatedCompositeFieldContainer[StackFrameIndexProto.StackFrame]
    def __init__(self, file_names: _Optional[_Iterable[str]] = ..., function_names: _Optional[_Iterable[str]] = ..., file_locations: _Optional[_Iterable[_Union[StackFrameIndexProto.FileLocation, _Mapping]]] = ..., stack_frames: _Optional[_Iterable[_Union[StackFrameIndexProto.StackFrame, _Mapping]]] = ...) -> None: ...

class HloModuleProto(_message.Message):
    __slots__ = ("name", "entry_computation_name", "entry_computation_id", "computations", "host_program_shape", "id", "pjrt_id", "schedule", "input_output_alias", "payloads", "buffer_donor", "cross_program_prefetches", "is_dynamic", "spmd_output_sharding", "spmd_parameters_shardings", "use_auto_spmd_partitioning", "profile_info", "device_assignment", "stack_frame_index", "frontend_attributes", "original_value_recovery_table", "device_type", "debug_attributes", "backend_config")
    class ProfileType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        INVALID: _ClassVar[HloModuleProto.ProfileType]
        FLAG: _ClassVar[HloModuleProto.ProfileType]
        FUSION: _ClassVar[HloModuleProto.ProfileType]
        LAYOUT: _ClassVar[HloModuleProto.ProfileType]
        DOT: _ClassVar[HloModuleProto.ProfileType]
        FLAGNET: _ClassVar[HloModuleProto.ProfileType]
        SHARDING: _ClassVar[HloModuleProto.ProfileType]
        SCHEDULE: _ClassVar[HloModuleProto.ProfileType]
    INVALID: HloModuleProto.ProfileType
    FLAG: HloModuleProto.ProfileType
    FUSION: HloModuleProto.ProfileType
    LAYOUT: HloModuleProto.ProfileType
    DOT: HloModuleProto.ProfileType
    FLAGNET: HloModuleProto.ProfileType
    SHARDING: HloModuleProto.ProfileType
    SCHEDULE: HloModuleProto.ProfileType
    class ProfileInfo(_message.Message):
        __slots__ = ("profile_type", "relative_speedup", "profile_source", "compilation_event", "fingerprint", "profile_generation_strategy", "original_changelist", "changelist")
        PROFILE_TYPE_FIELD_NUMBER: _ClassVar[int]
        RELATIVE_SPEEDUP_FIELD_NUMBER: _ClassVar[int]
        PROFILE_SOURCE_FIELD_NUMBER: _ClassVar[int]
        COMPILATION_EVENT_FIELD_NUMBER: _ClassVar[int]
        FINGERPRINT_FIELD_NUMBER: _ClassVar[int]
        PROFILE_GENERATION_STRATEGY_FIELD_NUMBER: _ClassVar[int]
        ORIGINAL_CHANGELIST_FIELD_NUMBER: _ClassVar[int]
        CHANGELIST_FIELD_NUMBER: _ClassVar[int]
        profile_type: HloModuleProto.ProfileType
        relative_speedup: float
        profile_source: _xla_data_pb2.ProfileSource
        compilation_event: _xla_data_pb2.CompilationEvent
        fingerprint: str
        profile_generation_strategy: _xla_data_pb2.ProfileGenerationStrategy
        original_changelist: int
        changelist: int
        def __init__(self, profile_type: _Optional[_Union[HloModuleProto.ProfileType, str]] = ..., relative_speedup: _Optional[float] = ..., profile_source: _Optional[_Union[_xla_data_pb2.ProfileSource, str]] = ..., compilation_event: _Optional[_Union[_xla_data_pb2.CompilationEvent, str]] = ..., fingerprint: _Optional[str] = ..., profile_generation_strategy: _Optional[_Union[_xla_data_pb2.ProfileGenerationStrategy, str]] = ..., original_changelist: _Optional[int] = ..., changelist: _Optional[int] = ...) -> None: ...
    NAME_FIELD_NUMBER: _ClassVar[int]
    ENTRY_COMPUTATION_NAME_FIELD_NUMBER: _ClassVar[int]
    ENTRY_COMPUTATION_ID_FIELD_NUMBER: _ClassVar[int]
    COMPUTATIONS_FIELD_NUMBER: _ClassVar[int]
    HOST_PROGRAM_SHAPE_FIELD_NUMBER: _ClassVar[int]
    ID_FIELD_NUMBER: _ClassVar[int]
    PJRT_ID_FIELD_NUMBER: _ClassVar[int]
    SCHEDULE_FIELD_NUMBER: _ClassVar[int]
    INPUT_OUTPUT_ALIAS_FIELD_NUMBER: _ClassVar[int]
    PAYLOADS_FIELD_NUMBER: _ClassVar[int]
    BUFFER_DONOR_FIELD_NUMBER: _ClassVar[int]
    CROSS_PROGRAM_PREFETCHES_FIELD_NUMBER: _ClassVar[int]
    IS_DYNAMIC_FIELD_NUMBER: _ClassVar[int]
    SPMD_OUTPUT_SHARDING_FIELD_NUMBER: _ClassVar[int]
    SPMD_PARAMETERS_SHARDINGS_FIELD_NUMBER: _ClassVar[int]
    USE_AUTO_SPMD_PARTITIONING_FIELD_NUMBER: _ClassVar[int]
    PROFILE_INFO_FIELD_NUMBER: _ClassVar[int]
    DEVICE_ASSIGNMENT_FIELD_NUMBER: _ClassVar[int]
    STACK_FRAME_INDEX_FIELD_NUMBER: _ClassVar[int]
    FRONTEND_ATTRIBUTES_FIELD_NUMBER: _ClassVar[int]
    ORIGINAL_VALUE_RECOVERY_TABLE_FIELD_NUMBER: _ClassVar[int]
    DEVICE_TYPE_FIELD_NUMBER: _ClassVar[int]
    DEBUG_ATTRIBUTES_FIELD_NUMBER: _ClassVar[int]
    BACKEND_CONFIG_FIELD_NUMBER: _ClassVar[int]
    name: str
    entry_computation_name: str
    entry_computation_id: int
    computations: _containers.RepeatedCompositeFieldContainer[HloComputationProto]
    host_program_shape: _xla_data_pb2.ProgramShapeProto
    id: int
    pjrt_id: int
    schedule: HloScheduleProto
    input_output_alias: HloInputOutputAliasProto
    payloads: _containers.RepeatedScalarFieldContainer[bytes]
    buffer_donor: HloBufferDonorProto
    cross_program_prefetches: _containers.RepeatedCompositeFieldContainer[CrossProgramPrefetch]
    is_dynamic: bool
    spmd_output_sharding: _xla_data_pb2.OpSharding
    spmd_parameters_shardings: _containers.RepeatedCompositeFieldContainer[_xla_data_pb2.OpSharding]
    use_auto_spmd_partitioning: bool
    profile_info: _containers.RepeatedCompositeFieldContainer[HloModuleProto.ProfileInfo]
    device_assignment: _xla_data_pb2.DeviceAssignmentProto
    stack_frame_index: StackFrameIndexProto
    frontend_attributes: _xla_data_pb2.FrontendAttributes
    original_value_recovery_table: OriginalValueRecoveryTableProto
    device_type: str
    debug_attributes: _containers.RepeatedCompositeFieldContainer[DebugAttributeTableEntryProto]
    backend_config: bytes
    def __init__(self, name: _Optional[str] = ..., entry_computation_name: _Optional[str] = ..., entry_computation_id: _Optional[int] = ..., computations: _Optional[_Iterable[_Union[HloComputationProto, _Mapping]]] = ..., host_program_shape: _Optional[_Union[_xla_data_pb2.ProgramShapeProto, _Mapping]] = ..., id: _Optional[int] = ..., pjrt_id: _Optional[int] = ..., schedule: _Optional[_Union[HloScheduleProto, _Mapping]] = ..., input_output_alias: _Optional[_Union[HloInputOutputAliasProto, _Mapping]] = ..., payloads: _Optional[_Iterable[bytes]] = ..., buffer_donor: _Optional[_Union[HloBufferDonorProto, _Mapping]] = ..., cross_program_prefetches: _Optional[_Iterable[_Union[CrossProgramPrefetch, _Mapping]]] = ..., is_dynamic: _Optional[bool] = ..., spmd_output_sharding: _Optional[_Union[_xla_data_pb2.OpSharding, _Mapping]] = ..., spmd_parameters_shardings: _Optional[_Iterable[_Union[_xla_data_pb2.OpSharding, _Mapping]]] = ..., use_auto_spmd_partitioning: _Optional[bool] = ..., profile_info: _Optional[_Iterable[_Union[HloModuleProto.ProfileInfo, _Mapping]]] = ..., device_assignment: _Optional[_Union[_xla_data_pb2.DeviceAssignmentProto, _Mapping]] = ..., stack_frame_index: _Optional[_Union[StackFrameIndexProto, _Mapping]] = ..., frontend_attributes: _Optional[_Union[_xla_data_pb2.FrontendAttributes, _Mapping]] = ..., original_value_recovery_table: _Optional[_Union[OriginalValueRecoveryTableProto, _Mapping]] = ..., device_type: _Optional[str] = ..., debug_attributes: _Optional[_Iterable[_Union[DebugAttributeTableEntryProto, _Mapping]]] = ..., backend_config: _Optional[bytes] = ...) -> None: ...

class OriginalValueRecoveryTableProto(_message.Message):
    __slots__ = ("entries",)
    class Entry(_message.Message):
        __slots__ = ("old_original_array", "new_original_array", "recovery_module")
        OLD_ORIGINAL_ARRAY_FIELD_NUMBER: _ClassVar[int]
        NEW_ORIGINAL_ARRAY_FIELD_NUMBER: _ClassVar[int]
        RECOVERY_MODULE_FIELD_NUMBER: _ClassVar[int]
        old_original_array: _xla_data_pb2.OriginalArrayProto
        new_original_array: _xla_data_pb2.OriginalArrayProto
        recovery_module: HloModuleProto
        def __init__(self, old_original_array: _Optional[_Union[_xla_data_pb2.OriginalArrayProto, _Mapping]] = ..., new_original_array: _Optional[_Union[_xla_data_pb2.OriginalArrayProto, _Mapping]] = ..., recovery_module: _Optional[_Union[HloModuleProto, _Mapping]] = ...) -> None: ...
    ENTRIES_FIELD_NUMBER: _ClassVar[int]
    entries: _containers.RepeatedCompositeFieldContainer[OriginalValueRecoveryTableProto.Entry]
    def __init__(self, entries: _Optional[_Iterable[_Union[OriginalValueRecoveryTableProto.Entry, _Mapping]]] = ...) -> None: ...

class X64ConfigProto(_message.Message):
    __slots__ = ("xprecision_64bit_fragment", "original_log_instruction_name", "xprecision_64bit_original_type")
    XPRECISION_64BIT_FRAGMENT_FIELD_NUMBER: _ClassVar[int]
    ORIGINAL_LOG_INSTRUCTION_NAME_FIELD_NUMBER: _ClassVar[int]
    XPRECISION_64BIT_ORIGINAL_TYPE_FIELD_NUMBER: _ClassVar[int]
    xprecision_64bit_fragment: str
    original_log_instruction_name: str
    xprecision_64bit_original_type: str
    def __init__(self, xprecision_64bit_fragment: _Optional[str] = ..., original_log_instruction_name: _Optional[str] = ..., xprecision_64bit_original_type: _Optional[str] = ...) -> None: ...

class DebugAttributesProto(_message.Message):
    __slots__ = ("log_mode", "callback_id", "op_id", "partitioned", "operands_sharding", "x64_config")
    class DebugLogModeProto(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        NONE: _ClassVar[DebugAttributesProto.DebugLogModeProto]
        DEFAULT: _ClassVar[DebugAttributesProto.DebugLogModeProto]
        FUSION_DEBUGGER: _ClassVar[DebugAttributesProto.DebugLogModeProto]
        NO_FUSION: _ClassVar[DebugAttributesProto.DebugLogModeProto]
        GUARANTEED: _ClassVar[DebugAttributesProto.DebugLogModeProto]
    NONE: DebugAttributesProto.DebugLogModeProto
    DEFAULT: DebugAttributesProto.DebugLogModeProto
    FUSION_DEBUGGER: DebugAttributesProto.DebugLogModeProto
    NO_FUSION: DebugAttributesProto.DebugLogModeProto
    GUARANTEED: DebugAttributesProto.DebugLogModeProto
    LOG_MODE_FIELD_NUMBER: _ClassVar[int]
    CALLBACK_ID_FIELD_NUMBER: _ClassVar[int]
    OP_ID_FIELD_NUMBER: _ClassVar[int]
    PARTITIONED_FIELD_NUMBER: _ClassVar[int]
    OPERANDS_SHARDING_FIELD_NUMBER: _ClassVar[int]
    X64_CONFIG_FIELD_NUMBER: _ClassVar[int]
    log_mode: DebugAttributesProto.DebugLogModeProto
    callback_id: int
    op_id: int
    partitioned: bool
    operands_sharding: str
    x64_config: X64ConfigProto
    def __init__(self, log_mode: _Optional[_Union[DebugAttributesProto.DebugLogModeProto, str]] = ..., callback_id: _Optional[int] = ..., op_id: _Optional[int] = ..., partitioned: _Optional[bool] = ..., operands_sharding: _Optional[str] = ..., x64_config: _Optional[_Union[X64ConfigProto, _Mapping]] = ...) -> None: ...

class DebugAttributeTableEntryProto(_message.Message):
    __slots__ = ("original_array", "debug_attributes")
    ORIGINAL_ARRAY_FIELD_NUMBER: _ClassVar[int]
    DEBUG_ATTRIBUTES_FIELD_NUMBER: _ClassVar[int]
    original_array: _xla_data_pb2.OriginalArrayProto
    debug_attributes: _containers.RepeatedCompositeFieldContainer[DebugAttributesProto]
    def __init__(self, original_array: _Optional[_Union[_xla_data_pb2.OriginalArrayProto, _Mapping]] = ..., debug_attributes: _Optional[_Iterable[_Union[DebugAttributesProto, _Mapping]]] = ...) -> None: ...

class LogicalBufferProto(_message.Message):
    __slots__ = ("id", "size", "defined_at", "color")
    class Location(_message.Message):
        __slots__ = ("instruction_name", "instruction_id", "shape_index")
        INSTRUCTION_NAME_FIELD_NUMBER: _ClassVar[int]
        INSTRUCTION_ID_FIELD_NUMBER: _ClassVar[int]
        SHAPE_INDEX_FIELD_NUMBER: _ClassVar[int]
        instruction_name: str
        instruction_id: int
        shape_index: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, instruction_name: _Optional[str] = ..., instruction_id: _Optional[int] = ..., shape_index: _Optional[_Iterable[int]] = ...) -> None: ...
    ID_FIELD_NUMBER: _ClassVar[int]
    SIZE_FIELD_NUMBER: _ClassVar[int]
    DEFINED_AT_FIELD_NUMBER: _ClassVar[int]
    COLOR_FIELD_NUMBER: _ClassVar[int]
    id: int
    size: int
    defined_at: LogicalBufferProto.Location
    color: int
    def __init__(self, id: _Optional[int] = ..., size: _Optional[int] = ..., defined_at: _Optional[_Union[LogicalBufferProto.Location, _Mapping]] = ..., color: _Optional[int] = ...) -> None: ...

class BufferAllocationProto(_message.Message):
    __slots__ = ("index", "size", "is_thread_local", "is_tuple", "is_entry_computation_parameter", "is_constant", "parameter_number", "parameter_shape_index", "is_parameter_aliased_with_output", "maybe_live_out", "color", "assigned")
    class Assigned(_message.Message):
        __slots__ = ("logical_buffer_id", "offset", "size", "element_type")
        LOGICAL_BUFFER_ID_FIELD_NUMBER: _ClassVar[int]
        OFFSET_FIELD_NUMBER: _ClassVar[int]
        SIZE_FIELD_NUMBER: _ClassVar[int]
        ELEMENT_TYPE_FIELD_NUMBER: _ClassVar[int]
        logical_buffer_id: int
        offset: int
        size: int
        element_type: _xla_data_pb2.PrimitiveType
        def __init__(self, logical_buffer_id: _Optional[int] = ..., offset: _Optional[int] = ..., size: _Optional[int] = ..., element_type: _Optional[_Union[_xla_data_pb2.PrimitiveType, str]] = ...) -> None: ...
    INDEX_FIELD_NUMBER: _ClassVar[int]
    SIZE_FIELD_NUMBER: _ClassVar[int]
    IS_THREAD_LOCAL_FIELD_NUMBER: _ClassVar[int]
    IS_TUPLE_FIELD_NUMBER: _ClassVar[int]
    IS_ENTRY_COMPUTATION_PARAMETER_FIELD_NUMBER: _ClassVar[int]
    IS_CONSTANT_FIELD_NUMBER: _ClassVar[int]
    PARAMETER_NUMBER_FIELD_NUMBER: _ClassVar[int]
    PARAMETER_SHAPE_INDEX_FIELD_NUMBER: _ClassVar[int]
    IS_PARAMETER_ALIASED_WITH_OUTPUT_FIELD_NUMBER: _ClassVar[int]
    MAYBE_LIVE_OUT_FIELD_NUMBER: _ClassVar[int]
    COLOR_FIELD_NUMBER: _ClassVar[int]
    ASSIGNED_FIELD_NUMBER: _ClassVar[int]
    index: int
    size: int
    is_thread_local: bool
    is_tuple: bool
    is_entry_computation_parameter: bool
    is_constant: bool
    parameter_number: int
    parameter_shape_index: _containers.RepeatedScalarFieldContainer[int]
    is_parameter_aliased_with_output: bool
    maybe_live_out: bool
    color: int
    assigned: _containers.RepeatedCompositeFieldContainer[BufferAllocationProto.Assigned]
    def __init__(self, index: _Optional[int] = ..., size: _Optional[int] = ..., is_thread_local: _Optional[bool] = ..., is_tuple: _Optional[bool] = ..., is_entry_computation_parameter: _Optional[bool] = ..., is_constant: _Optional[bool] = ..., parameter_number: _Optional[int] = ..., parameter_shape_index: _Optional[_Iterable[int]] = ..., is_parameter_aliased_with_output: _Optional[bool] = ..., maybe_live_out: _Optional[bool] = ..., color: _Optional[int] = ..., assigned: _Optional[_Iterable[_Union[BufferAllocationProto.Assigned, _Mapping]]] = ...) -> None: ...

class HeapSimulatorTrace(_message.Message):
    __slots__ = ("events", "whole_module_simulation", "buffer_allocation_index")
    class Event(_message.Message):
        __slots__ = ("kind", "buffer_id", "computation_name", "instruction_name", "share_with_canonical_id")
        class Kind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
            __slots__ = ()
            ALLOC: _ClassVar[HeapSimulatorTrace.Event.Kind]
            FREE: _ClassVar[HeapSimulatorTrace.Event.Kind]
            SHARE_WITH: _ClassVar[HeapSimulatorTrace.Event.Kind]
        ALLOC: HeapSimulatorTrace.Event.Kind
        FREE: HeapSimulatorTrace.Event.Kind
        SHARE_WITH: HeapSimulatorTrace.Event.Kind
        KIND_FIELD_NUMBER: _ClassVar[int]
        BUFFER_ID_FIELD_NUMBER: _ClassVar[int]
        COMPUTATION_NAME_FIELD_NUMBER: _ClassVar[int]
        INSTRUCTION_NAME_FIELD_NUMBER: _ClassVar[int]
        SHARE_WITH_CANONICAL_ID_FIELD_NUMBER: _ClassVar[int]
        kind: HeapSimulatorTrace.Event.Kind
        buffer_id: int
        computation_name: str
        instruction_name: str
        share_with_canonical_id: int
        def __init__(self, kind: _Optional[_Union[HeapSimulatorTrace.Event.Kind, str]] = ..., buffer_id: _Optional[int] = ..., computation_name: _Optional[str] = ..., instruction_name: _Optional[str] = ..., share_with_canonical_id: _Optional[int] = ...) -> None: ...
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    WHOLE_MODULE_SIMULATION_FIELD_NUMBER: _ClassVar[int]
    BUFFER_ALLOCATION_INDEX_FIELD_NUMBER: _ClassVar[int]
    events: _containers.RepeatedCompositeFieldContainer[HeapSimulatorTrace.Event]
    whole_module_simulation: bool
    buffer_allocation_index: int
    def __init__(self, events: _Optional[_Iterable[_Union[HeapSimulatorTrace.Event, _Mapping]]] = ..., whole_module_simulation: _Optional[bool] = ..., buffer_allocation_index: _Optional[int] = ...) -> None: ...

class BufferAssignmentProto(_message.Message):
    __slots__ = ("logical_buffers", "buffer_aliases", "buffer_allocations", "heap_simulator_traces", "peak_buffers")
    class BufferAlias(_message.Message):
        __slots__ = ("source_buffer_id", "location")
        SOURCE_BUFFER_ID_FIELD_NUMBER: _ClassVar[int]
        LOCATION_FIELD_NUMBER: _ClassVar[int]
        source_buffer_id: int
        location: LogicalBufferProto.Location
        def __init__(self, source_buffer_id: _Optional[int] = ..., location: _Optional[_Union[LogicalBufferProto.Location, _Mapping]] = ...) -> None: ...
    class PeakBuffers(_message.Message):
        __slots__ = ("index", "logical_buffer_ids")
        INDEX_FIELD_NUMBER: _ClassVar[int]
        LOGICAL_BUFFER_IDS_FIELD_NUMBER: _ClassVar[int]
        index: int
        logical_buffer_ids: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, index: _Optional[int] = ..., logical_buffer_ids: _Optional[_Iterable[int]] = ...) -> None: ...
    LOGICAL_BUFFERS_FIELD_NUMBER: _ClassVar[int]
    BUFFER_ALIASES_FIELD_NUMBER: _ClassVar[int]
    BUFFER_ALLOCATIONS_FIELD_NUMBER: _ClassVar[int]
    HEAP_SIMULATOR_TRACES_FIELD_NUMBER: _ClassVar[int]
    PEAK_BUFFERS_FIELD_NUMBER: _ClassVar[int]
    logical_buffers: _containers.RepeatedCompositeFieldContainer[LogicalBufferProto]
    buffer_aliases: _containers.RepeatedCompositeFieldContainer[BufferAssignmentProto.BufferAlias]
    buffer_allocations: _containers.RepeatedCompositeFieldContainer[BufferAllocationProto]
    heap_simulator_traces: _containers.RepeatedCompositeFieldContainer[HeapSimulatorTrace]
    peak_buffers: _containers.RepeatedCompositeFieldContainer[BufferAssignmentProto.PeakBuffers]
    def __init__(self, logical_buffers: _Optional[_Iterable[_Union[LogicalBufferProto, _Mapping]]] = ..., buffer_aliases: _Optional[_Iterable[_Union[BufferAssignmentProto.BufferAlias, _Mapping]]] = ..., buffer_allocations: _Optional[_Iterable[_Union[BufferAllocationProto, _Mapping]]] = ..., heap_simulator_traces: _Optional[_Iterable[_Union[HeapSimulatorTrace, _Mapping]]] = ..., peak_buffers: _Optional[_Iterable[_Union[BufferAssignmentProto.PeakBuffers, _Mapping]]] = ...) -> None: ...

class HloModuleGroupProto(_message.Message):
    __slots__ = ("name", "hlo_modules")
    NAME_FIELD_NUMBER: _ClassVar[int]
    HLO_MODULES_FIELD_NUMBER: _ClassVar[int]
    name: str
    hlo_modules: _containers.RepeatedCompositeFieldContainer[HloModuleProto]
    def __init__(self, name: _Optional[str] = ..., hlo_modules: _Optional[_Iterable[_Union[HloModuleProto, _Mapping]]] = ...) -> None: ...

class HloProto(_message.Message):
    __slots__ = ("hlo_module", "buffer_assignment")
    HLO_MODULE_FIELD_NUMBER: _ClassVar[int]
    BUFFER_ASSIGNMENT_FIELD_NUMBER: _ClassVar[int]
    hlo_module: HloModuleProto
    buffer_assignment: BufferAssignmentProto
    def __init__(self, hlo_module: _Optional[_Union[HloModuleProto, _Mapping]] = ..., buffer_assignment: _Optional[_Union[BufferAssignmentProto, _Mapping]] = ...) -> None: ...

class HloSnapshot(_message.Message):
    __slots__ = ("hlo", "arguments", "result", "execution_platform")
    HLO_FIELD_NUMBER: _ClassVar[int]
    ARGUMENTS_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    EXECUTION_PLATFORM_FIELD_NUMBER: _ClassVar[int]
    hlo: HloProto
    arguments: _containers.RepeatedCompositeFieldContainer[_xla_data_pb2.LiteralProto]
    result: _xla_data_pb2.LiteralProto
    execution_platform: str
    def __init__(self, hlo: _Optional[_Union[HloProto, _Mapping]] = ..., arguments: _Optional[_Iterable[_Union[_xla_data_pb2.LiteralProto, _Mapping]]] = ..., result: _Optional[_Union[_xla_data_pb2.LiteralProto, _Mapping]] = ..., execution_platform: _Optional[str] = ...) -> None: ...

class HloInputs(_message.Message):
    __slots__ = ("arguments", "arguments_descriptors")
    class LiteralDescriptor(_message.Message):
        __slots__ = ("version", "argument_size_bytes")
        VERSION_FIELD_NUMBER: _ClassVar[int]
        ARGUMENT_SIZE_BYTES_FIELD_NUMBER: _ClassVar[int]
        version: int
        argument_size_bytes: int
        def __init__(self, version: _Optional[int] = ..., argument_size_bytes: _Optional[int] = ...) -> None: ...
    ARGUMENTS_FIELD_NUMBER: _ClassVar[int]
    ARGUMENTS_DESCRIPTORS_FIELD_NUMBER: _ClassVar[int]
    arguments: _containers.RepeatedCompositeFieldContainer[_xla_data_pb2.LiteralProto]
    arguments_descriptors: _containers.RepeatedCompositeFieldContainer[HloInputs.LiteralDescriptor]
    def __init__(self, arguments: _Optional[_Iterable[_Union[_xla_data_pb2.LiteralProto, _Mapping]]] = ..., arguments_descriptors: _Optional[_Iterable[_Union[HloInputs.LiteralDescriptor, _Mapping]]] = ...) -> None: ...

class HloUnoptimizedSnapshot(_message.Message):
    __slots__ = ("hlo_module", "partitions", "version")
    HLO_MODULE_FIELD_NUMBER: _ClassVar[int]
    PARTITIONS_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    hlo_module: HloModuleProto
    partitions: _containers.RepeatedCompositeFieldContainer[HloInputs]
    version: int
    def __init__(self, hlo_module: _Optional[_Union[HloModuleProto, _Mapping]] = ..., partitions: _Optional[_Iterable[_Union[HloInputs, _Mapping]]] = ..., version: _Optional[int] = ...) -> None: ...
