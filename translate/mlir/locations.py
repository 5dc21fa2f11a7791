"""The one reader of MLIR locations: op name, instruction name and source position.

jaxlib's `ir.Location` has no accessors for the parts of most locations, so they are read from the
printed form:

    loc("jit(f)/add"(callsite("f"("a.py":5:11 to :30) at "<module>"("a.py":6:4))))

The op name is the outermost name; the source is the first file location found walking callees
before callers (the innermost user frame, as XLA reports it).

The importer writes `loc("<instruction name>"("<op_name>"(<source>)))`: an outermost name that is a
valid HLO instruction name and holds another name directly (or nothing at all) is the *instruction
name*, and the inner name (empty: none) is the op_name (docs/import.md, "Names and metadata").

A file named "-" (or "") is MLIR's name for text parsed from a string: no source file, but the
position in that text is kept (`input_position`) for error messages.

    >>> source_location('loc("a.py":5:11)')  # doctest: +SKIP
    SourceLocation(file='a.py', line=5, column=11)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from jaxlib.mlir import ir

from hlo_translate.errors import SourceLocation

_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')
_MLIR_ESCAPE = re.compile(r'\\([0-9A-Fa-f]{2}|["\\nt])')
_MLIR_NAMED_ESCAPES = {'"': b'"', "\\": b"\\", "n": b"\n", "t": b"\t"}
_FILE_TAIL = re.compile(r":(\d+):(\d+)(?:\s+to\s+(?:\d+)?:\d+)?")
_HLO_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.\-]*")
_NAME_LOC = re.compile(r'loc\("([^"\\]*)"(?!:\d)')
_WORD = re.compile(r"[A-Za-z_#][\w.$#]*")
# The file names MLIR gives text parsed from a string.
_UNNAMED_FILES = ("-", "")


@dataclass(frozen=True, slots=True)
class LocationInfo:
    """What a location says: the names it carries and where its op stands in the source."""

    op_name: str | None = None
    file: str | None = None
    line: int | None = None
    column: int | None = None
    instruction_name: str | None = None
    # (line, column) when the first file position is in text parsed from a string (no file name).
    input_position: tuple[int, int] | None = None


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
    """A tiny recursive-descent reader of printed locations; collects the first name and position.

    It reads the whole text: a form it does not model (`unknown`, an opaque location) is skipped a
    word at a time, and an unterminated string ends the text, so every input gives an answer.
    """

    def __init__(self, text: str):
        self.text = text
        self.pos = 0
        self.name: str | None = None
        self.file: tuple[str, int, int] | None = None
        self.input_position: tuple[int, int] | None = None

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
            self._string_location()
        else:
            m = _WORD.match(self.text, self.pos)
            self.pos = m.end() if m else len(self.text)

    def _string_location(self) -> None:
        """A file position `"file":line:col` or a name location `"name"` / `"name"(<child>)`."""
        m = _STRING.match(self.text, self.pos)
        if m is None:
            self.pos = len(self.text)
            return
        self.pos = m.end()
        value = _unescape(m.group(1))
        tail = _FILE_TAIL.match(self.text, self.pos)
        if tail:
            self.pos = tail.end()
            position = (int(tail.group(1)), int(tail.group(2)))
            if value in _UNNAMED_FILES:
                if self.file is None and self.input_position is None:
                    self.input_position = position
            elif self.file is None:
                self.file = (value, *position)
            return
        if self.name is None:
            self.name = value
        if self.accept("("):
            self.location()
            self.accept(")")

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
    rest = body[m.end() :]
    if not rest.strip():
        return name or None, ""
    if rest.startswith("(") and rest.endswith(")"):
        inner = rest[1:-1]
        inner_name = _STRING.match(inner)
        # A name directly inside the name: the op_name; a file or call site inside: JAX's form.
        if inner_name is not None and not _FILE_TAIL.match(inner, inner_name.end()):
            return name or None, inner  # "" holds the metadata of an importer's helper op
    return None, body


@lru_cache(maxsize=1 << 18)  # larger than the distinct locations of a 100k-op module
def parse_location(text: str) -> LocationInfo:
    """What the printed location `text` (`loc(...)`, or its body) says."""
    body = text[4:-1] if text.startswith("loc(") and text.endswith(")") else text
    instruction_name, body = _split_instruction_name(body)
    reader = _LocReader(body)
    reader.location()
    file, line, column = reader.file if reader.file else (None, None, None)
    return LocationInfo(reader.name or None, file, line, column, instruction_name, reader.input_position)


_EMPTY = LocationInfo()


def location_info(location: ir.Location, *, input_position: bool = True) -> LocationInfo:
    """The op name and source position an MLIR location carries (empty if none). `input_position=False`
    leaves out a position in text parsed from a string (what only an error message reads): the exporter's
    per-op path then builds nothing for the plain positions most ops of such text carry."""
    # Fast paths, read through the bindings' accessors (no printing): a plain file position (what
    # parsed text without location info carries) and unknown.
    if isinstance(location, ir.FileLineColLoc):
        file = location.filename
        if file in _UNNAMED_FILES:
            return LocationInfo(input_position=(location.start_line, location.start_col)) if input_position else _EMPTY
        return LocationInfo(None, file, location.start_line, location.start_col)
    if isinstance(location, ir.UnknownLoc):
        return _EMPTY
    return parse_location(str(location))


def source_location(location: ir.Location | str, unnamed: str = "<input>") -> SourceLocation | None:
    """Where a location points in the source, for an error message: its file position, or its
    position in the text parsed from a string (called `unnamed`); None when it has neither."""
    info = parse_location(location) if isinstance(location, str) else location_info(location)
    if info.file is not None:
        return SourceLocation(info.file, info.line, info.column)
    if info.input_position is not None:
        return SourceLocation(unnamed, *info.input_position)
    return None


def location_name(text: str) -> str | None:
    """The name of a printed NameLoc, `loc("add.3"...)` (the importer's ops: their HLO instruction's
    name); None for a file location or an unnamed one."""
    named = _NAME_LOC.match(text)
    return named.group(1) or None if named else None
