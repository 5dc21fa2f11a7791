"""MLIR locations -> HLO `metadata` (op_name, source_file, source_line) and error locations.

jaxlib's `ir.Location` has no accessors for its parts, so we read its printed form:

    loc("jit(f)/add"(callsite("f"("a.py":5:11 to :30) at "<module>"("a.py":6:4))))

The op name is the outermost name; the source is the first file location found walking callees
before callers (the innermost user frame, as XLA reports it).

The importer writes `loc("<instruction name>"("<op_name>"(<source>)))`: an outermost name that is a
valid HLO instruction name and holds another name directly (or nothing at all) is the *instruction
name*, and the inner name (empty: none) is the op_name (docs/import.md, "Names and metadata").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from jaxlib.mlir import ir

from hlo_translate.hlo.ir import OpMetadata

_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')
_MLIR_ESCAPE = re.compile(r'\\([0-9A-Fa-f]{2}|["\\nt])')
_MLIR_NAMED_ESCAPES = {'"': b'"', "\\": b"\\", "n": b"\n", "t": b"\t"}
_FILE_TAIL = re.compile(r':(\d+):(\d+)(?:\s+to\s+(?:\d+)?:\d+)?')
_HLO_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.\-]*")


@dataclass(frozen=True, slots=True)
class LocationInfo:
    op_name: str | None = None
    file: str | None = None
    line: int | None = None
    column: int | None = None
    instruction_name: str | None = None

    def metadata(self) -> OpMetadata | None:
        """The op_name and source file and line as HLO metadata (None when there is neither)."""
        if not (self.op_name or self.file):
            return None
        return _metadata(self.op_name or "", self.file or "", self.line or 0)


@lru_cache(maxsize=1 << 16)
def _metadata(op_name: str, source_file: str, source_line: int) -> OpMetadata:
    """One record per distinct location, shared by its ops (a record is immutable): a module has few
    (one per source line) and the printer and the proto writer make each one's text or bytes once."""
    return OpMetadata(op_name=op_name, source_file=source_file, source_line=source_line)


def _unescape(body: str) -> str:
    """The value of a printed MLIR string: MLIR escapes a byte as two hex digits (`\\22` is a quote),
    not the C way, and names only `\\"`, `\\\\`, `\\n` and `\\t`."""
    if "\\" not in body:
        return body
    parts = _MLIR_ESCAPE.split(body)  # text, escape, text, escape, ..., text
    out = bytearray()
    for i, part in enumerate(parts):
        if i % 2 == 0:
            out += part.encode("utf-8", "surrogateescape")
        else:
            out += _MLIR_NAMED_ESCAPES.get(part) or bytes.fromhex(part)
    return out.decode("utf-8", "surrogateescape")


class _LocReader:
    """A tiny recursive-descent reader of printed locations; collects the first name and file."""

    def __init__(self, text: str):
        self.text = text
        self.pos = 0
        self.name: str | None = None
        self.file: tuple[str, int, int] | None = None

    def skip(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos] in " \n\t":
            self.pos += 1

    def accept(self, token: str) -> bool:
        self.skip()
        if self.text.startswith(token, self.pos):
            self.pos += len(token)
            return True
        return False

    def location(self) -> None:
        self.skip()
        if self.accept("callsite("):
            self.location()
            self.accept("at")
            self.location()
            self.accept(")")
        elif self.accept("fused"):
            if self.accept("<"):
                self._skip_balanced("<", ">")
            self.accept("[")
            while not self.accept("]"):
                self.location()
                if not self.accept(","):
                    self.accept("]")
                    break
        elif self.text.startswith('"', self.pos):
            m = _STRING.match(self.text, self.pos)
            if m is None:
                self.pos = len(self.text)
                return
            self.pos = m.end()
            value = _unescape(m.group(1))
            tail = _FILE_TAIL.match(self.text, self.pos)
            if tail:
                self.pos = tail.end()
                # "-" is what MLIR calls an input parsed from a string: no source file to report.
                if self.file is None and value != "-":
                    self.file = (value, int(tail.group(1)), int(tail.group(2)))
            else:
                if self.name is None:
                    self.name = value
                if self.accept("("):
                    self.location()
                    self.accept(")")
        else:
            # unknown, or anything we do not model: skip one word
            m = re.compile(r"[A-Za-z_#][\w.$#]*").match(self.text, self.pos)
            self.pos = m.end() if m else len(self.text)

    def _skip_balanced(self, open_: str, close: str) -> None:
        depth = 1
        while self.pos < len(self.text) and depth:
            ch = self.text[self.pos]
            if ch == '"':
                m = _STRING.match(self.text, self.pos)
                self.pos = m.end() if m else len(self.text)
                continue
            depth += (ch == open_) - (ch == close)
            self.pos += 1


def _split_instruction_name(body: str) -> tuple[str | None, str]:
    """(instruction name, the rest to read as metadata) of `"name"("op_name"...)` or `"name"`."""
    m = _STRING.match(body)
    if m is None:
        return None, body
    name = _unescape(m.group(1))
    if name and not _HLO_NAME.fullmatch(name):
        return None, body
    rest = body[m.end():]
    if not rest.strip():
        return name or None, ""
    if rest.startswith("(") and rest.endswith(")"):
        inner = rest[1:-1]
        inner_name = _STRING.match(inner)
        # A name directly inside the name: the op_name; a file or call site inside: JAX's form.
        if inner_name is not None and not _FILE_TAIL.match(inner, inner_name.end()):
            return name or None, inner       # "" holds the metadata of an importer's helper op
    return None, body


@lru_cache(maxsize=1 << 18)  # larger than the distinct locations of a 100k-op module
def _parse(text: str) -> LocationInfo:
    body = text[4:-1] if text.startswith("loc(") and text.endswith(")") else text
    instruction_name, body = _split_instruction_name(body)
    reader = _LocReader(body)
    try:
        reader.location()
    except (ValueError, IndexError):
        pass
    file, line, column = reader.file if reader.file else (None, None, None)
    return LocationInfo(reader.name or None, file, line, column, instruction_name)


_EMPTY = LocationInfo()


def location_info(location: ir.Location) -> LocationInfo:
    """The op name and source position an MLIR location carries (empty if none)."""
    kind = type(location)
    # Fast paths, read through the bindings' accessors (no printing): a plain file position (what
    # parsed text without location info carries; "-" names text parsed from a string) and unknown.
    if kind is _FILE_LINE_COL:
        file = location.filename
        if file == "-":
            return _EMPTY
        return LocationInfo(None, file, location.start_line, location.start_col)
    if kind is _UNKNOWN:
        return _EMPTY
    return _parse(str(location))


_FILE_LINE_COL = ir.FileLineColLoc
_UNKNOWN = ir.UnknownLoc

