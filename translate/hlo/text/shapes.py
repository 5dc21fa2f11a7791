"""Shapes and layouts read from HLO text (`f32[2,3]{1,0}`, `(s32[], token[])`): a cursor the HLO parser
and the attribute codecs share."""

from __future__ import annotations

import re

from hlo_translate.errors import SourceLocation, TranslateError
from hlo_translate.hlo.ir import (
    DIM_LEVEL_ABBREV,
    TILE_COMBINE_DIMENSION,
    TILE_MATCH_DIMENSION,
    TYPE_BY_TEXT,
    UNBOUNDED,
    Layout,
    PrimitiveType,
    Shape,
    SplitConfig,
    Tile,
    tile_dimension_problem,
)

# ---------------------------------------------------------------------------------------------
# Parsing shapes and layouts from text.

# (XLA's lexer reads the element type and '[' as two tokens: space may come between, `s32 [4]`)
_ELEMENT_RE = re.compile(r"([a-z][a-z0-9]*)[ \t\r\n]*\[")
# Names of PrimitiveType that XLA's lexer does not read as an element type (a tuple is written `(...)`).
_NOT_ELEMENT_TYPES = frozenset({"tuple", "invalid"})
_INT_RE = re.compile(r"-?\d+")
_ARRAY_WITH_LAYOUT_RE = re.compile(r"[a-z][a-z0-9]*\[[0-9,]*\]\{[0-9,]*\}")
# a brace that opens a layout (XLA: an integer or ':' follows; `{}` too, as we print no scalar layout so)
# and not a computation's body (`-> f32[2]{` then an instruction)
_LAYOUT_BRACE_RE = re.compile(r"\{[ \t\r\n]*(?:-?\d|:|\})")
_SPACED_LAYOUT_RE = re.compile(r"[ \t\r\n]+(?=\{[ \t\r\n]*(?:-?\d|:))")
INT64_MIN, INT64_MAX = -(1 << 63), (1 << 63) - 1
MAX_TUPLE_NESTING = 100  # XLA's shapes nest a few levels; deeper input would exhaust Python's stack


class ShapeReader:
    """A cursor over text that reads one shape (used by the HLO text parser too)."""

    __slots__ = ("text", "pos", "depth", "cache")

    def __init__(self, text: str, pos: int = 0, cache: dict[str, Shape] | None = None):
        self.text = text
        self.pos = pos
        self.depth = 0
        # Shapes read, by their text, where one text holds many alike (a module header's hundreds of
        # parameters): an array with its layout (`f32[4,64]{1,0}`) reads the same wherever it is written
        self.cache = cache

    def error(self, message: str) -> TranslateError:
        line = self.text.count("\n", 0, self.pos) + 1
        column = self.pos - (self.text.rfind("\n", 0, self.pos) + 1) + 1
        return TranslateError(message, location=SourceLocation(line=line, column=column))

    def skip_space(self) -> None:
        text, pos = self.text, self.pos
        while pos < len(text):
            if text[pos] in " \t\r\n":
                pos += 1
            elif text.startswith("/*", pos):  # `/*index=5*/` in long tuples
                end = text.find("*/", pos + 2)
                pos = len(text) if end < 0 else end + 2
            else:
                break
        self.pos = pos

    def expect(self, token: str) -> None:
        self.skip_space()
        if not self.text.startswith(token, self.pos):
            raise self.error(f"expected '{token}'")
        self.pos += len(token)

    def accept(self, token: str) -> bool:
        self.skip_space()
        if self.text.startswith(token, self.pos):
            self.pos += len(token)
            return True
        return False

    def read_int(self) -> int:
        self.skip_space()
        m = _INT_RE.match(self.text, self.pos)
        if not m:
            raise self.error("expected an integer")
        if len(m.group()) > 21:  # int() of thousands of digits raises; HLO integers are 64-bit
            raise self.error("integer out of the 64-bit range")
        value = int(m.group())
        if not INT64_MIN <= value < 1 << 64:
            raise self.error("integer out of the 64-bit range")
        self.pos = m.end()
        return value - (1 << 64) if value > INT64_MAX else value  # XLA's lexer: from 2^63 up, wrapped

    def read_shape(self) -> Shape:
        self.skip_space()
        if self.cache is not None and (m := _ARRAY_WITH_LAYOUT_RE.match(self.text, self.pos)) is not None:
            shape = self.cache.get(m.group())
            if shape is None:
                shape = self._read_shape()
                if self.pos == m.end():
                    self.cache[m.group()] = shape
            else:
                self.pos = m.end()
            return shape
        return self._read_shape()

    def _read_shape(self) -> Shape:
        if self.text.startswith("b(", self.pos):  # a buffer shape, `b(f32[2]{0})`: an array inside
            self.pos += 2
            array = self.read_shape()
            if not array.is_array:
                raise self.error(f"a buffer shape holds an array, not {array.to_text()}")
            self.expect(")")
            return Shape.buffer_of(array)
        if self.accept("("):
            if self.depth >= MAX_TUPLE_NESTING:
                raise self.error(f"tuple shape nested deeper than {MAX_TUPLE_NESTING} levels")
            self.depth += 1
            shapes: list[Shape] = []
            if not self.accept(")"):
                shapes.append(self.read_shape())
                while self.accept(","):
                    shapes.append(self.read_shape())
                self.expect(")")
            self.depth -= 1
            return Shape.tuple_of(shapes)
        m = _ELEMENT_RE.match(self.text, self.pos)
        if not m:
            raise self.error("expected a shape such as f32[2,3]")
        type_name = m.group(1)
        if type_name not in TYPE_BY_TEXT or type_name in _NOT_ELEMENT_TYPES:
            raise self.error(f"unknown element type '{type_name}'")
        element_type = TYPE_BY_TEXT[type_name]
        self.pos = m.end()
        dims: list[int] = []
        dynamic: list[bool] = []
        if not self.accept("]"):
            while True:
                self.skip_space()
                if self.accept("?"):
                    dims.append(UNBOUNDED)
                    dynamic.append(True)
                else:
                    is_dynamic = self.accept("<=")
                    size = self.read_int()
                    if size == UNBOUNDED:  # XLA's parser refuses it (as any negative size); only `?` means it
                        raise self.error(f"dimension size {size} is negative")
                    dims.append(size)
                    dynamic.append(is_dynamic)
                if self.accept("]"):
                    break
                self.expect(",")
        if element_type in (PrimitiveType.TOKEN, PrimitiveType.OPAQUE_TYPE):
            if dims:  # XLA's parser aborts on a token or opaque shape with dimensions
                raise self.error(f"{element_type.text}[] takes no dimensions")
            return Shape(element_type)
        layout = None
        if self.text.startswith("{", self.pos) and _LAYOUT_BRACE_RE.match(self.text, self.pos):
            layout = self.read_layout()
        elif (spaced := _SPACED_LAYOUT_RE.match(self.text, self.pos)) is not None:
            # `f32[2,3] {1,0}`: XLA's lexer skips the space; a brace is a layout's when an integer or ':'
            # follows (else it opens a computation: `-> f32[2] {`)
            self.pos = spaced.end()
            layout = self.read_layout()
        return Shape(element_type, tuple(dims), tuple(dynamic), layout)

    def read_layout(self) -> Layout:
        self.expect("{")
        minor_to_major: list[int] = []
        self.skip_space()
        if self.text[self.pos : self.pos + 1] not in (":", "}"):  # (at the end of the text: read_int says so)
            # XLA's parser: integers separated by commas (no trailing comma), then ':' or '}'
            minor_to_major.append(self.read_int())
            while self.accept(","):
                minor_to_major.append(self.read_int())
            self.skip_space()
        fields: dict[str, object] = {}
        if self.accept(":"):
            while not self.accept("}"):
                self._read_layout_item(fields)
            return Layout(tuple(minor_to_major), **fields)
        self.expect("}")
        return Layout(tuple(minor_to_major))

    def _tile_dimension(self) -> int:
        """A tile's dimension: a size, `*` (combine) or `d` (match), or the number either stands for."""
        if self.accept("*"):
            return TILE_COMBINE_DIMENSION
        if self.accept("d"):
            return TILE_MATCH_DIMENSION
        size = self.read_int()
        problem = tile_dimension_problem(size)
        if problem is not None:
            raise self.error(problem)
        return size

    def _read_layout_item(self, fields: dict[str, object]) -> None:
        self.skip_space()
        text = self.text
        if self.accept("D("):
            levels, unique, ordered = [], [], []
            by_abbrev = {v: k for k, v in DIM_LEVEL_ABBREV.items()}
            while not self.accept(")"):
                self.skip_space()
                level = by_abbrev.get(text[self.pos : self.pos + 1])
                if level is None:
                    raise self.error("expected a dim level type (D, C, S or H)")
                levels.append(level)
                self.pos += 1
                unique.append(not self.accept("+"))
                ordered.append(not self.accept("~"))
                self.accept(",")
            # read and dropped: jaxlib 0.12's parser keeps no dim level types (no sparse layouts)
        elif self.accept("SC"):
            configs = []
            while self.accept("("):
                dim = self.read_int()
                self.expect(":")
                indices = [self.read_int()]
                while self.accept(","):
                    indices.append(self.read_int())
                self.expect(")")
                configs.append(SplitConfig(dim, tuple(indices)))
            fields["split_configs"] = tuple(configs)
        elif self.accept("T"):
            tiles = []
            while self.accept("("):
                dims: list[int] = []
                if not self.accept(")"):
                    dims.append(self._tile_dimension())
                    while self.accept(","):
                        dims.append(self._tile_dimension())
                    self.expect(")")
                tiles.append(Tile(tuple(dims)))
            fields["tiles"] = tuple(tiles)
        elif self.accept("L("):
            fields["tail_padding_alignment_in_elements"] = self._int_then_close()
        elif self.accept("#("):
            fields["index_primitive_type"] = self._type_then_close()
        elif self.accept("*("):
            fields["pointer_primitive_type"] = self._type_then_close()
        elif self.accept("E("):
            fields["element_size_in_bits"] = self._int_then_close()
        elif self.accept("S("):
            fields["memory_space"] = self._int_then_close()
        elif self.accept("M("):
            fields["dynamic_shape_metadata_prefix_bytes"] = self._int_then_close()
        elif self.accept("P("):
            raise self.error(
                "a physical shape P(...) is only for sparse layouts, which XLA's HLO text parser does not read"
            )
        else:
            raise self.error("unexpected text in layout")

    def _int_then_close(self) -> int:
        value = self.read_int()
        self.expect(")")
        return value

    def _type_then_close(self) -> PrimitiveType:
        self.skip_space()
        m = re.compile(r"[a-z0-9]+").match(self.text, self.pos)
        if not m or m.group() not in TYPE_BY_TEXT:
            raise self.error("expected an element type")
        self.pos = m.end()
        self.expect(")")
        return TYPE_BY_TEXT[m.group()]


def parse_shape(text: str) -> Shape:
    """Parse an HLO shape such as `f32[2,3]{1,0}` or `(s32[], token[])`."""
    reader = ShapeReader(text)
    shape = reader.read_shape()
    reader.skip_space()
    if reader.pos != len(text):
        raise reader.error("unexpected text after shape")
    return shape


def parse_layout(text: str) -> Layout:
    reader = ShapeReader(text)
    layout = reader.read_layout()
    reader.skip_space()
    if reader.pos != len(text):
        raise reader.error("unexpected text after layout")
    return layout
