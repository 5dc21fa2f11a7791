"""The text forms HLO attribute values are built from: quoting, top-level splitting, braces, and the codecs
of scalars, lists and enums (`AttrCodec`)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

from hlo_translate.errors import TranslateError
from hlo_translate.hlo.ir import (
    Enum,
    c_escape,
    c_unescape,
)

# ---------------------------------------------------------------------------------------------
# Lexing helpers shared by the codecs and the HLO parser.

STRING_RE = re.compile(r'"((?:[^"\\]|\\.)*)"', re.S)
_INT_LIST_RE = re.compile(r"\{\s*(-?\d+(?:\s*,\s*-?\d+)*)?\s*\}$")


def quote(value: str) -> str:
    """`value` as a double-quoted, C-escaped HLO string."""
    return '"' + c_escape(value) + '"'


def split_top_level(text: str, sep: str = ",") -> list[str]:
    """Split at `sep` outside brackets, braces, parentheses and strings."""
    parts: list[str] = []
    depth = 0
    start = 0
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        if ch == '"':
            m = STRING_RE.match(text, i)
            if not m:
                raise TranslateError("unterminated string")
            i = m.end()
            continue
        if ch in "{[(":
            depth += 1
        elif ch in "}])":
            depth -= 1
        elif ch == sep and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
        i += 1
    tail = text[start:].strip()
    if tail or parts:
        parts.append(tail)
    return parts


def strip_braces(text: str) -> str:
    text = text.strip()
    if not (text.startswith("{") and text.endswith("}")):
        raise TranslateError(f"expected '{{...}}', got '{text[:40]}'")
    return text[1:-1].strip()


# ---------------------------------------------------------------------------------------------
# Codecs: text <-> value.


@dataclass(frozen=True, slots=True)
class AttrCodec:
    parse: Callable[[str], Any]
    print: Callable[[Any], str]


def parse_int_list(text: str) -> tuple[int, ...]:
    m = _INT_LIST_RE.match(text.strip())
    if m:
        return tuple(map(int, m.group(1).split(","))) if m.group(1) else ()
    raise TranslateError(f"expected a list of integers like {{1,2}}, got '{text[:40]}'")


def print_int_list(values: tuple[int, ...]) -> str:
    return "{" + ",".join(map(str, values)) + "}"


def parse_slice_sizes(text: str) -> tuple[int, ...] | tuple[tuple[int, ...], ...]:
    """gather's `slice_sizes={1,2}`, or an in-place collective-permute's one list per slice `{{8,4},{8,4}}`."""
    inner = text.strip()
    if not inner.replace(" ", "").startswith("{{"):
        return parse_int_list(inner)
    return tuple(parse_int_list(part) for part in split_top_level(strip_braces(inner)))


def print_slice_sizes(value: tuple[int, ...] | tuple[tuple[int, ...], ...]) -> str:
    if value and isinstance(value[0], tuple):
        return "{" + ",".join(print_int_list(sizes) for sizes in value) + "}"
    return print_int_list(cast(tuple[int, ...], value))


def parse_int(text: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise TranslateError(f"expected an integer, got '{text[:40]}'") from None


def parse_float(text: str) -> float:
    try:
        return float(text.strip())
    except ValueError:
        raise TranslateError(f"expected a number, got '{text[:40]}'") from None


def print_float(value: float) -> str:
    text = repr(float(value))
    return text[:-2] if text.endswith(".0") else text


def parse_bool(text: str) -> bool:
    text = text.strip()
    if text in ("true", "false"):
        return text == "true"
    raise TranslateError(f"expected true or false, got '{text[:40]}'")


def print_bool(value: bool) -> str:
    return "true" if value else "false"


def parse_string(text: str) -> str:
    text = text.strip()
    m = STRING_RE.fullmatch(text)
    if not m:
        raise TranslateError(f"expected a quoted string, got '{text[:40]}'")
    try:
        return c_unescape(m.group(1))
    except ValueError as err:
        raise TranslateError(f"bad string {text[:40]}: {err}") from None


def parse_enum(text: str) -> Enum:
    text = text.strip()
    if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_\-]*", text):
        raise TranslateError(f"expected a name, got '{text[:40]}'")
    return Enum(text)


def parse_bool_list(text: str) -> tuple[bool, ...]:
    inner = strip_braces(text)
    return tuple(parse_bool(x) for x in inner.split(",")) if inner else ()


def print_bool_list(values: tuple[bool, ...]) -> str:
    return "{" + ",".join(map(print_bool, values)) + "}"


def parse_enum_list(text: str) -> tuple[Enum, ...]:
    inner = strip_braces(text)
    return tuple(parse_enum(x) for x in split_top_level(inner)) if inner else ()


def print_enum_list(values: tuple[Enum, ...]) -> str:
    return "{" + ",".join(v.name for v in values) + "}"
