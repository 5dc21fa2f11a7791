"""Original values (`origin={...}`): which arrays of the unoptimized program an instruction computes.

Text: `origin={{"a"}}` for an array, `origin={({"pair" {0}}, ({"x"}, {"y" {1,2}}))}` for a tuple (a tree
following the shape, each leaf `{"instruction" shape_index?}`). Proto: `OriginalValueProto.elements`, one
per leaf, with the leaf's shape index and its original array.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from hlo_translate.errors import TranslateError
from hlo_translate.hlo.ir import HloModule, OriginalArray, RecoveryEntry
from hlo_translate.hlo.text.attributes import parse_int_list, parse_string, print_int_list, quote

_LEAF_RE = re.compile(r'\{\s*("(?:[^"\\]|\\.)*")\s*(\{[-\d,\s]*\})?\s*\}')
_EMPTY_LEAF_RE = re.compile(r"\{\s*\}")  # a leaf without an original array (XLA's parser warns, keeps it)
SYNTHETIC_CALL_RE = re.compile(r"\{\s*\[\s*synthetic_call\s*\]\s*\}")  # `origin={[synthetic_call]}`


def parse_original_value(text: str) -> tuple[OriginalArray, ...]:
    """The leaves of `{tree}`; TranslateError on anything else."""
    body = text.strip()
    if not (body.startswith("{") and body.endswith("}")):
        raise TranslateError(f"bad original value '{text[:40]}'")
    leaves: list[OriginalArray] = []
    if re.fullmatch(r"\{\s*(\(\s*\))?\s*\}", body):
        return ()  # `{}` / `{()}`: an original value with no arrays
    pos = _tree(body, _skip(body, 1), (), leaves)
    if _skip(body, pos) != len(body) - 1:
        raise TranslateError(f"bad original value near '{body[pos : pos + 30]}'")
    return tuple(leaves)


def _skip(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in " \t\n":
        pos += 1
    return pos


def _tree(text: str, pos: int, index: tuple[int, ...], leaves: list[OriginalArray]) -> int:
    if text.startswith("(", pos):
        pos, n = _skip(text, pos + 1), 0
        while not text.startswith(")", pos):
            pos = _skip(text, _tree(text, pos, index + (n,), leaves))
            n += 1
            if text.startswith(",", pos):
                pos = _skip(text, pos + 1)
            elif not text.startswith(")", pos):
                raise TranslateError(f"bad original value near '{text[pos : pos + 30]}'")
        return pos + 1
    m = _LEAF_RE.match(text, pos)
    if m is None and (empty := _EMPTY_LEAF_RE.match(text, pos)) is not None:
        leaves.append(OriginalArray(index, ""))
        return empty.end()
    if m is None:
        raise TranslateError(f"bad original value near '{text[pos : pos + 30]}'")
    array_index = parse_int_list(m.group(2)) if m.group(2) else ()
    leaves.append(OriginalArray(index, parse_string(m.group(1)), array_index))
    return m.end()


def print_original_value(leaves: tuple[OriginalArray, ...], is_tuple: bool) -> str:
    """`{tree}` from the leaves (an array's single leaf, or a tuple's leaves by shape index)."""
    if not leaves:
        return "{()}"
    if not is_tuple:
        if len(leaves) != 1 or leaves[0].shape_index:
            raise TranslateError("an array's original value has one leaf at shape index {}")
        return "{" + _leaf(leaves[0]) + "}"
    return "{" + _print_tree(sorted(leaves, key=lambda leaf: leaf.shape_index), 0) + "}"


def _leaf(leaf: OriginalArray) -> str:
    if not leaf.instruction_name and not leaf.array_index:
        return "{}"
    index = f" {print_int_list(leaf.array_index)}" if leaf.array_index else ""
    return "{" + quote(leaf.instruction_name) + index + "}"


def _print_tree(leaves: list[OriginalArray], depth: int) -> str:
    if len(leaves) == 1 and len(leaves[0].shape_index) == depth:
        return _leaf(leaves[0])
    groups: dict[int, list[OriginalArray]] = {}
    for leaf in leaves:
        if len(leaf.shape_index) <= depth:
            raise TranslateError("original value leaves do not form a tree")
        groups.setdefault(leaf.shape_index[depth], []).append(leaf)
    if sorted(groups) != list(range(len(groups))):
        raise TranslateError("original value leaves leave a tuple element out")
    return "(" + ", ".join(_print_tree(groups[n], depth + 1) for n in range(len(groups))) + ")"


_ARRAY_RE = re.compile(r"\s*" + _LEAF_RE.pattern)
_COLON_RE = re.compile(r"\s*:")
_STRING_RE = re.compile(r'\s*,\s*("(?:[^"\\]|\\.)*")', re.S)


def parse_recovery_table(text: str, parse_module: Callable[[str], HloModule]) -> tuple[RecoveryEntry, ...]:
    """`{{"a" {1}} : {"b"}, "<module>" {"c"} : {"d"}}`: entries `old : new` each optionally followed by
    `, "<recovery module>"` (HLO text, read by `parse_module`), one after another."""
    body = text.strip()
    if not (body.startswith("{") and body.endswith("}")):
        raise TranslateError(f"bad origin_recovery_table '{text[:40]}'")
    inner, pos, entries = body[1:-1], 0, []
    while inner[pos:].strip():
        old, pos = _array(inner, pos)
        colon = _COLON_RE.match(inner, pos)
        if colon is None:
            raise TranslateError(f"expected ':' in origin_recovery_table near '{inner[pos : pos + 30]}'")
        new, pos = _array(inner, colon.end())
        module = _STRING_RE.match(inner, pos)
        if module is not None:
            pos = module.end()
        entries.append(RecoveryEntry(old, new, parse_module(parse_string(module.group(1))) if module else None))
    return tuple(entries)


def _array(text: str, pos: int) -> tuple[OriginalArray, int]:
    m = _ARRAY_RE.match(text, pos)
    if m is None:
        raise TranslateError(f"expected {{\"name\" {{index}}}} in origin_recovery_table near '{text[pos : pos + 30]}'")
    return OriginalArray((), parse_string(m.group(1)), parse_int_list(m.group(2)) if m.group(2) else ()), m.end()


def print_recovery_table(entries: tuple[RecoveryEntry, ...], print_module: Callable[[HloModule], str]) -> str:
    """The table's text, each recovery module as the HLO text `print_module` gives."""
    parts = []
    for entry in entries:
        part = f"{_leaf(entry.old)} : {_leaf(entry.new)}"
        if entry.module is not None:
            part += ", " + quote(print_module(entry.module))
        parts.append(part)
    return "{" + " ".join(parts) + "}"
