"""MLIR locations -> HLO `metadata` (op_name, source_file, source_line) and error locations.

jaxlib's `ir.Location` has no accessors for its parts, so we read its printed form:

    loc("jit(f)/add"(callsite("f"("a.py":5:11 to :30) at "<module>"("a.py":6:4))))

The op name is the outermost name; the source is the first file location found walking callees
before callers (the innermost user frame, as XLA reports it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from jaxlib.mlir import ir

from translate.hlo.attributes import OpMetadata, unescape

_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')
_FILE_TAIL = re.compile(r':(\d+):(\d+)(?:\s+to\s+(?:\d+)?:\d+)?')


@dataclass(frozen=True, slots=True)
class LocationInfo:
    op_name: str | None = None
    file: str | None = None
    line: int | None = None
    column: int | None = None

    def metadata(self) -> OpMetadata | None:
        fields: list[tuple[str, str | int]] = []
        if self.op_name:
            fields.append(("op_name", self.op_name))
        if self.file:
            fields.append(("source_file", self.file))
            if self.line:
                fields.append(("source_line", self.line))
        return OpMetadata(tuple(fields)) if fields else None


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
            value = unescape(m.group(1))
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


@lru_cache(maxsize=65536)
def _parse(text: str) -> LocationInfo:
    body = text[4:-1] if text.startswith("loc(") and text.endswith(")") else text
    reader = _LocReader(body)
    try:
        reader.location()
    except (ValueError, IndexError):
        pass
    file, line, column = reader.file if reader.file else (None, None, None)
    return LocationInfo(reader.name, file, line, column)


def location_info(location: ir.Location) -> LocationInfo:
    """The op name and source position an MLIR location carries (empty if none)."""
    return _parse(str(location))
