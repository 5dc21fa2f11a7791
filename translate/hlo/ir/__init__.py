"""The HLO IR: modules of computations of instructions, their shapes and layouts, opcodes, attribute values,
original values and stack frames, as plain Python data (nothing here reads or writes text or protos).
"""

from __future__ import annotations

from hlo_translate.hlo.ir.attributes import (
           ComputationRef,
           ConvDimLabels,
           Enum,
           FrontendAttributes,
           InstructionRef,
           IotaReplicaGroups,
           MeshAxis,
           MeshReplicaGroups,
           OutputOperandAlias,
           PaddingConfig,
           PaddingDim,
           RawAttr,
           ReplicaGroups,
           ResultAccuracy,
           SliceDim,
           Window,
           WindowDim,
           axis_base,
           sub_axis,
)
from hlo_translate.hlo.ir.comparison import (
           DIRECTIONS as COMPARISON_DIRECTIONS,
)
from hlo_translate.hlo.ir.comparison import (
           ORDERS as COMPARISON_ORDERS,
)
from hlo_translate.hlo.ir.comparison import (
           STABLEHLO_TYPES as STABLEHLO_COMPARISON_TYPES,
)
from hlo_translate.hlo.ir.comparison import (
           TYPES as COMPARISON_TYPES,
)
from hlo_translate.hlo.ir.comparison import (
           comparison_type,
           default_comparison_type,
           is_default_order,
)
from hlo_translate.hlo.ir.devices import MAX_DEVICES, check_device_count
from hlo_translate.hlo.ir.module import (
           COMPUTATION_ATTRS,
           BufferDonor,
           ComputationLayout,
           HloComputation,
           HloInstruction,
           HloModule,
           InputOutputAlias,
)
from hlo_translate.hlo.ir.op_metadata import PROFILE_TYPES, OpMetadata, c_escape, c_unescape
from hlo_translate.hlo.ir.opcodes import (
           BINARY_ELEMENTWISE,
           OPCODES,
           UNARY_ELEMENTWISE,
           async_sugar_base,
           is_known_opcode,
)
from hlo_translate.hlo.ir.original_value import OriginalArray, RecoveryEntry
from hlo_translate.hlo.ir.shapes import (
           DIM_LEVEL_ABBREV,
           TILE_COMBINE_DIMENSION,
           TILE_MATCH_DIMENSION,
           TYPE_BY_TEXT,
           UNBOUNDED,
           DimLevelType,
           Layout,
           PrimitiveType,
           Shape,
           SplitConfig,
           Tile,
           default_layout,
           shape_problem,
           tile_dimension_problem,
           with_default_layouts,
)
from hlo_translate.hlo.ir.stack_frames import STACK_FRAME_SECTIONS

__all__ = ["HloModule", "HloComputation", "HloInstruction", "InputOutputAlias", "BufferDonor", "ComputationLayout",
           "COMPUTATION_ATTRS", "Shape", "Layout", "PrimitiveType", "DimLevelType", "Tile", "SplitConfig",
           "UNBOUNDED", "TILE_COMBINE_DIMENSION", "TILE_MATCH_DIMENSION", "TYPE_BY_TEXT", "DIM_LEVEL_ABBREV",
           "default_layout", "with_default_layouts", "tile_dimension_problem", "shape_problem", "OPCODES",
           "UNARY_ELEMENTWISE", "BINARY_ELEMENTWISE", "async_sugar_base", "is_known_opcode",
           "COMPARISON_DIRECTIONS", "STABLEHLO_COMPARISON_TYPES", "COMPARISON_ORDERS", "COMPARISON_TYPES",
           "comparison_type", "default_comparison_type", "is_default_order", "OpMetadata", "PROFILE_TYPES",
           "c_escape", "c_unescape", "RawAttr", "Enum", "SliceDim", "WindowDim", "Window", "PaddingDim",
           "PaddingConfig", "ConvDimLabels", "IotaReplicaGroups", "MeshAxis", "MeshReplicaGroups", "ReplicaGroups",
           "OutputOperandAlias", "FrontendAttributes", "ResultAccuracy", "ComputationRef", "InstructionRef",
           "axis_base", "sub_axis", "OriginalArray", "RecoveryEntry", "STACK_FRAME_SECTIONS", "MAX_DEVICES",
           "check_device_count"]
