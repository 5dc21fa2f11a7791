"""Module fields beside the computations: the stack frame index (typed in the IR) and the
fields HLO text has no form for."""

from __future__ import annotations

from hlo_translate.errors import TranslateError
from hlo_translate.hlo.ir import FileLocation, StackFrame, StackFrameIndex, c_escape
from hlo_translate.proto import hlo_pb2

# HloModuleProto fields with no HLO text form: kept as read (see `HloModule.proto_only`).
_MODULE_PROTO_ONLY = (
    "cross_program_prefetches",
    "is_dynamic",
    "spmd_output_sharding",
    "spmd_parameters_shardings",
    "use_auto_spmd_partitioning",
    "profile_info",
    "device_assignment",
    "device_type",
    "payloads",
    "pjrt_id",
    "debug_attributes",
    "backend_config",
)


def proto_only_fields(proto: hlo_pb2.HloModuleProto) -> bytes:
    kept = hlo_pb2.HloModuleProto()  # only these fields copied: a copy of the whole module costs ~0.2x XLA's read
    for field, value in proto.ListFields():
        if field.name in _MODULE_PROTO_ONLY:
            if hasattr(value, "MergeFrom"):  # a message or a repeated field
                getattr(kept, field.name).MergeFrom(value)
            else:
                setattr(kept, field.name, value)
    return kept.SerializeToString(deterministic=True)


def stack_frames_to_proto(frames: StackFrameIndex, index: hlo_pb2.StackFrameIndexProto) -> None:
    for section, names, out in (
        ("FileNames", frames.file_names, index.file_names),
        ("FunctionNames", frames.function_names, index.function_names),
    ):
        for n, name in enumerate(names, 1):
            try:
                out.append(name)
            except (UnicodeEncodeError, ValueError):  # bytes from a C escape in HLO text (`\xe1`)
                raise TranslateError(
                    f"stack frame table {section} entry {n} ({c_escape(name)[:40]}) holds bytes "
                    "that are not UTF-8, which an HloModuleProto string cannot hold"
                ) from None
    for loc in frames.file_locations:
        index.file_locations.add(
            file_name_id=loc.file_name_id,
            function_name_id=loc.function_name_id,
            line=loc.line,
            end_line=loc.end_line,
            column=loc.column,
            end_column=loc.end_column,
        )
    for frame in frames.stack_frames:
        index.stack_frames.add(file_location_id=frame.file_location_id, parent_frame_id=frame.parent_frame_id)


def stack_frames_from_proto(index: hlo_pb2.StackFrameIndexProto) -> StackFrameIndex | None:
    if not (index.file_names or index.stack_frames):
        return None
    return StackFrameIndex(
        tuple(index.file_names),
        tuple(index.function_names),
        tuple(
            FileLocation(loc.file_name_id, loc.function_name_id, loc.line, loc.end_line, loc.column, loc.end_column)
            for loc in index.file_locations
        ),
        tuple(StackFrame(frame.file_location_id, frame.parent_frame_id) for frame in index.stack_frames),
    )
