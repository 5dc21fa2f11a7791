"""Module fields beside the computations: the stack frame index (kept as its text table in the IR) and the
fields HLO text has no form for."""

from __future__ import annotations

import re

from hlo_translate.errors import TranslateError
from hlo_translate.hlo.ir import STACK_FRAME_SECTIONS
from hlo_translate.hlo.text import parse_string, quote
from hlo_translate.proto import hlo_pb2

# HloModuleProto fields with no HLO text form: kept as read (see `HloModule.proto_only`).
_MODULE_PROTO_ONLY = ("cross_program_prefetches", "is_dynamic", "spmd_output_sharding", "spmd_parameters_shardings",
                      "use_auto_spmd_partitioning", "profile_info", "device_assignment", "device_type", "payloads",
                      "pjrt_id", "debug_attributes",
                      "backend_config")


def proto_only_fields(proto: hlo_pb2.HloModuleProto) -> bytes:
    kept = hlo_pb2.HloModuleProto()  # only these fields copied: a copy of the whole module costs ~0.2x XLA's read
    for field, value in proto.ListFields():
        if field.name in _MODULE_PROTO_ONLY:
            if hasattr(value, "MergeFrom"):  # a message or a repeated field
                getattr(kept, field.name).MergeFrom(value)
            else:
                setattr(kept, field.name, value)
    return kept.SerializeToString(deterministic=True)


_SECTION_LINE = re.compile(r"\s*(\d+)\s+(.*)")


def stack_frames_to_proto(text: str, index: hlo_pb2.StackFrameIndexProto) -> None:
    section = None
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        if line in STACK_FRAME_SECTIONS:
            section = line
            continue
        m = _SECTION_LINE.fullmatch(line)
        if not m:
            raise TranslateError(f"bad stack frame table line '{line[:40]}'")
        body = m.group(2)
        if section in ("FileNames", "FunctionNames"):
            names = index.file_names if section == "FileNames" else index.function_names
            try:
                names.append(parse_string(body))
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


def stack_frames_from_proto(index: hlo_pb2.StackFrameIndexProto) -> str | None:
    if not (index.file_names or index.stack_frames):
        return None
    lines = ["FileNames"] + [f"{n} {quote(v)}" for n, v in enumerate(index.file_names, 1)]
    lines += ["", "FunctionNames"] + [f"{n} {quote(v)}" for n, v in enumerate(index.function_names, 1)]
    lines += ["", "FileLocations"]
    for n, loc in enumerate(index.file_locations, 1):
        lines.append(f"{n} {{file_name_id={loc.file_name_id} function_name_id={loc.function_name_id} "
                     f"line={loc.line} end_line={loc.end_line} column={loc.column} end_column={loc.end_column}}}")
    lines += ["", "StackFrames"]
    for n, frame in enumerate(index.stack_frames, 1):
        lines.append(f"{n} {{file_location_id={frame.file_location_id} parent_frame_id={frame.parent_frame_id + 1}}}")
    return "\n".join(lines)
