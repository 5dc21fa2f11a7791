"""What a file holds, told cheaply from its content: an HLO module, a StableHLO module, or neither.

Batch mode uses this to pass over the other files of a directory (XLA's dumps hold buffer
assignments, debug options, `.ll`, `.o` and memory reports next to the modules). It reads a few
kilobytes of text, or walks the top-level fields of a binary proto without decoding them.
"""

from __future__ import annotations

import enum
import functools
import mmap
import re
import stat
from collections.abc import Iterator
from pathlib import Path

_HEAD = 64 * 1024
MLIR_BYTECODE_MAGIC = b"ML\xefR"  # MLIR bytecode, StableHLO portable artifacts included


class InputKind(enum.Enum):
    """The kind of module a verb reads; its value is how the summary line names it."""

    HLO = "HLO"
    STABLEHLO = "StableHLO"


def holds(path: Path, kind: InputKind) -> bool:
    """Whether the file at `path` looks like a module of `kind` (never raises for unreadable files)."""
    try:
        info = path.stat()
        if not stat.S_ISREG(info.st_mode) or info.st_size == 0:  # a FIFO would block the open
            return False
        with path.open("rb") as handle:
            with mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ) as data:
                return is_hlo(data) if kind is InputKind.HLO else is_stablehlo(data)
    except (OSError, ValueError):
        return False


def is_hlo(data: bytes | mmap.mmap) -> bool:
    """HLO text (`HloModule` header), HloModuleProto/HloProto/HloSnapshot binary, or their proto text."""
    head = bytes(data[:_HEAD])
    text = _significant_text(head)
    if text is not None:
        return _is_hlo_text(text) or _is_hlo_proto_text(text)
    return _is_hlo_proto(data)


def is_stablehlo(data: bytes | mmap.mmap) -> bool:
    """MLIR bytecode, or MLIR text whose first operation is a `module` or a `func.func`."""
    head = bytes(data[:_HEAD])
    if head.startswith(MLIR_BYTECODE_MAGIC):
        return True
    text = _significant_text(head)
    if text is None:
        return False
    # MLIR text may open with attribute/type aliases (`#loc1 = loc(...)`) and `//` comments.
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("//") or re.match(r"[#!][\w.$-]+\s*=", line):
            continue
        return re.match(r'(module\b|func\.func\b|"builtin\.module"|"func\.func")', line) is not None
    return False


def _significant_text(head: bytes) -> str | None:
    """`head` as text with leading whitespace and comments removed; None when it is not text."""
    try:
        text = head.decode("utf-8")
    except UnicodeDecodeError as err:
        if err.start < len(head) - 4:  # not merely a character cut at the end of the window
            return None
        text = head[: err.start].decode("utf-8")
    if "\x00" in text:
        return None
    while True:
        text = text.lstrip()
        if text.startswith("/*") and "*/" in text:
            text = text[text.index("*/") + 2 :]
        elif text.startswith("//"):
            text = text.partition("\n")[2]
        else:
            return text


def _is_hlo_text(text: str) -> bool:
    return re.match(r"HloModule\s", text) is not None


def _is_hlo_proto_text(text: str) -> bool:
    """HloModuleProto or HloProto in protobuf text format: a module's first fields, then its computations."""
    first = re.match(r"(\w+)\s*[:{]", text)
    return (
        first is not None
        and first.group(1) in ("name", "hlo_module", "hlo", "entry_computation_name")
        and re.search(r"^\s*computations\s*\{", text, re.MULTILINE) is not None
    )


# -- binary protos: a walk over the wire format ----------------------------------------------------

_VARINT, _FIXED64, _LEN, _FIXED32 = 0, 1, 2, 5


def _fields(data: bytes | mmap.mmap, start: int, end: int) -> Iterator[tuple[int, int, int, int]]:
    """(field number, wire type, payload start, payload end) of each field in data[start:end].

    Raises ValueError where the bytes are not a valid wire-format message.
    """
    pos = start
    while pos < end:
        key, pos = _varint(data, pos, end)
        number, wire = key >> 3, key & 7
        if number == 0:
            raise ValueError("field number 0")
        if wire == _VARINT:
            _, after = _varint(data, pos, end)
        elif wire == _FIXED64:
            after = pos + 8
        elif wire == _FIXED32:
            after = pos + 4
        elif wire == _LEN:
            size, pos = _varint(data, pos, end)
            after = pos + size
        else:  # groups (3, 4) are not in XLA's protos; 6 and 7 do not exist
            raise ValueError(f"wire type {wire}")
        if after > end:
            raise ValueError("field runs past the end")
        yield number, wire, pos, after
        pos = after


def _varint(data: bytes | mmap.mmap, pos: int, end: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        if pos >= end or shift > 63:
            raise ValueError("truncated varint")
        byte = data[pos]
        value |= (byte & 0x7F) << shift
        pos += 1
        shift += 7
        if not byte & 0x80:
            return value, pos


@functools.cache
def _numbers() -> dict[str, int]:
    """The field numbers the walk looks at, read from our schema (wire-compatible with XLA's)."""
    # Lazy: protobuf only when a file may be a proto.
    from hlo_translate.proto import hlo_pb2

    def number(message, field: str) -> int:
        return message.DESCRIPTOR.fields_by_name[field].number

    return {
        "module.name": number(hlo_pb2.HloModuleProto, "name"),
        "module.computations": number(hlo_pb2.HloModuleProto, "computations"),
        "computation.instructions": number(hlo_pb2.HloComputationProto, "instructions"),
        "proto.hlo_module": number(hlo_pb2.HloProto, "hlo_module"),
        "snapshot.hlo": number(hlo_pb2.HloSnapshot, "hlo"),
    }


def _is_hlo_proto(data: bytes | mmap.mmap) -> bool:
    """An HloModuleProto, an HloProto wrapping one, or an HloSnapshot wrapping an HloProto."""
    numbers = _numbers()
    try:
        return (
            _is_module(data, 0, len(data), numbers)
            or _wraps_module(data, 0, len(data), numbers)
            or any(
                number == numbers["snapshot.hlo"] and wire == _LEN and _wraps_module(data, start, end, numbers)
                for number, wire, start, end in _fields(data, 0, len(data))
            )
        )
    except ValueError:
        return False


def _wraps_module(data: bytes | mmap.mmap, start: int, end: int, numbers: dict[str, int]) -> bool:
    """An HloProto: its `hlo_module` field holds an HloModuleProto."""
    try:
        return any(
            number == numbers["proto.hlo_module"] and wire == _LEN and _is_module(data, s, e, numbers)
            for number, wire, s, e in _fields(data, start, end)
        )
    except ValueError:
        return False


def _is_module(data: bytes | mmap.mmap, start: int, end: int, numbers: dict[str, int]) -> bool:
    """An HloModuleProto: a valid message with a string name and computations that hold instructions."""
    try:
        fields = list(_fields(data, start, end))
        for number, wire, s, e in fields:
            if number == numbers["module.name"]:
                if wire != _LEN:
                    return False
                bytes(data[s:e]).decode("utf-8")
        computations = [
            (s, e) for number, wire, s, e in fields if number == numbers["module.computations"] and wire == _LEN
        ]
        return bool(computations) and all(
            any(
                number == numbers["computation.instructions"] and wire == _LEN
                for number, wire, _, _ in _fields(data, s, e)
            )
            for s, e in computations[:1]
        )
    except (ValueError, UnicodeDecodeError):
        return False
