"""Valid MLIR spellings of a valid module: the same program, spelled otherwise by MLIR's grammar.

Each speller takes (rng, text) and returns text that jaxlib's parser reads to the same module:

- `named_results`: a result group `%0:3 = op` split into named parts (`%a, %b:2 = op`), its uses `%0#2`
  renamed (`%b#1`; a part of one result used as `%a` or `%a#0`);
- `rename_values`: a value's name (every occurrence of its spelling) changed to another legal one (`$`, `.`,
  `-`, digits);
- `type_aliases` / `attribute_aliases`: a type or an attribute dictionary's value hoisted into an alias
  (`!t0 = tensor<4xf32>`, `#a0 = array<i64: 1>`) defined at the top;
- `string_escapes`: characters of string literals spelled as `\\XX` hex escapes;
- `layout`: line breaks, spaces and comments between tokens where MLIR allows them.

The `stablehlo_spellings` fuzz target (tests/fuzz/targets.py) converts the spelled text and jaxlib's canonical
print of it: the two must convert alike (a refusal of the spelled text alone is a bug).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

Speller = Callable[[random.Random, bytes], bytes]

# A string literal, a comment, a dialect resource section, or a value token (`%x`, `%x:K` before `=` or `,`,
# `%x#i`): the tokens spellers look at, strings and comments skipped whole.
_TOKEN = re.compile(rb'"(?:[^"\\]|\\.)*"|//[^\n]*|\{-#.*?#-\}|%([\w$.\-]+)(?:(\s*:\s*(\d+)(?=\s*[=,]))|#(\d+))?', re.S)
_ID_START = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_$.-"
_ID_CHARS = _ID_START + "0123456789"


def _fresh_name(rng: random.Random, taken: set[bytes]) -> bytes:
    while True:
        if rng.random() < 0.2:
            name = str(rng.randrange(100, 100000)).encode()  # a number (no leading zero)
        else:
            name = (rng.choice(_ID_START) + "".join(rng.choice(_ID_CHARS) for _ in range(rng.randint(0, 6)))).encode()
        if name not in taken:
            taken.add(name)
            return name


def _names(text: bytes) -> set[bytes]:
    return {m.group(1) for m in _TOKEN.finditer(text) if m.group(1) is not None}


def named_results(rng: random.Random, text: bytes) -> bytes:
    """Split result groups (`%0:K =`, K > 1) into named parts; uses follow. Groups are picked by spelling: a
    spelling defined as a group in two functions gets the same parts in both."""
    groups: dict[bytes, int] = {}
    for m in _TOKEN.finditer(text):
        if m.group(3) is not None and groups.setdefault(m.group(1), int(m.group(3))) != int(m.group(3)):
            groups[m.group(1)] = -1  # groups of different sizes under one spelling: left alone
    groups = {name: k for name, k in groups.items() if k > 1 and rng.random() < 0.7}
    if not groups:
        return text
    taken = _names(text)
    parts: dict[bytes, list[tuple[bytes, int]]] = {}  # spelling -> [(part name, size)]
    for name, count in groups.items():
        sizes, left = [], count
        while left:
            size = rng.randint(1, left)
            sizes.append(size)
            left -= size
        parts[name] = [(_fresh_name(rng, taken), size) for size in sizes]

    def one(m: re.Match) -> bytes:
        name = m.group(1)
        if name not in parts:
            return m.group()
        if m.group(3) is not None:
            return b", ".join(
                b"%" + part + (b":%d" % size if size > 1 or rng.random() < 0.3 else b"") for part, size in parts[name]
            )
        if m.group(4) is not None:
            index = int(m.group(4))
            for part, size in parts[name]:
                if index < size:
                    single = size == 1 and rng.random() < 0.5
                    return b"%" + part + (b"" if single else b"#%d" % index)
                index -= size
        return m.group()  # a bare use: another function's one-result value of that spelling

    return _TOKEN.sub(one, text)


def rename_values(rng: random.Random, text: bytes) -> bytes:
    """Give a few value spellings new legal names (every occurrence, so every scope stays consistent)."""
    names = sorted(_names(text))
    if not names:
        return text
    taken = set(names)
    chosen = {name: _fresh_name(rng, taken) for name in rng.sample(names, min(len(names), rng.randint(1, 4)))}

    def one(m: re.Match) -> bytes:
        name = m.group(1)
        if name not in chosen:
            return m.group()
        return b"%" + chosen[name] + m.group()[1 + len(name) :]

    return _TOKEN.sub(one, text)


# Types and attribute values that an alias may stand for: a tensor type without nested angle brackets, and an
# attribute dictionary's value of a simple form (`name = array<i64: 1, 2>`, `= 3 : i64`, `= #stablehlo<...>`).
_TENSOR_TYPE = re.compile(rb"tensor<[^<>\"]*>")
_DICT_VALUE = re.compile(
    rb"([{,]\s*)([a-z_][\w.]*) = (array<[^<>\"]*>|-?\d+ : i\d+|#stablehlo<[^<>\"]*>"
    rb"|#stablehlo\.[a-z_]+<[^<>\"{}]*>)(?=[,}])"
)


def _outside_strings(text: bytes, pattern: re.Pattern, replace: Callable[[re.Match], bytes]) -> bytes:
    """`pattern` replaced in the parts of `text` outside strings, comments and resource sections."""
    out, at = [], 0
    for m in re.finditer(rb'"(?:[^"\\]|\\.)*"|//[^\n]*|\{-#.*?#-\}', text, re.S):
        out.append(pattern.sub(replace, text[at : m.start()]))
        out.append(m.group())
        at = m.end()
    out.append(pattern.sub(replace, text[at:]))
    return b"".join(out)


def _alias_name(rng: random.Random, text: bytes, sigil: bytes) -> bytes:
    while True:
        name = b"%s%s%d" % (sigil, rng.choice((b"t", b"x_", b"al$", b"a_b")), rng.randrange(1000))
        if name not in text:
            return name


def type_aliases(rng: random.Random, text: bytes) -> bytes:
    """Hoist one or two tensor types into `!alias = tensor<...>` definitions."""
    found = sorted({m.group() for m in _TENSOR_TYPE.finditer(text)})
    if not found:
        return text
    definitions = b""
    for spelled in rng.sample(found, min(len(found), rng.randint(1, 2))):
        alias = _alias_name(rng, text, b"!")
        definitions += alias + b" = " + spelled + b"\n"
        text = _outside_strings(text, re.compile(re.escape(spelled)), lambda m, alias=alias: alias)
    return definitions + text


def attribute_aliases(rng: random.Random, text: bytes) -> bytes:
    """Hoist an attribute dictionary's value into a `#alias = ...` definition."""
    found = sorted({m.group(3) for m in _DICT_VALUE.finditer(text)})
    if not found:
        return text
    value = rng.choice(found)
    alias = _alias_name(rng, text, b"#")
    pattern = re.compile(rb"([{,]\s*[a-z_][\w.]*) = " + re.escape(value) + rb"(?=[,}])")
    return alias + b" = " + value + b"\n" + _outside_strings(text, pattern, lambda m: m.group(1) + b" = " + alias)


def string_escapes(rng: random.Random, text: bytes) -> bytes:
    """Spell a few characters of string literals as `\\XX` (the same bytes)."""
    strings = [m.start() for m in _TOKEN.finditer(text) if m.group().startswith(b'"')]
    if not strings:
        return text
    chosen = set(rng.sample(strings, min(len(strings), rng.randint(1, 6))))

    def one(m: re.Match) -> bytes:
        if m.start() not in chosen:
            return m.group()
        body = m.group()[1:-1]
        out, i = [], 0
        while i < len(body):
            if body[i : i + 1] == b"\\":  # an escape stays as it is
                width = 3 if re.match(rb"\\[0-9a-fA-F]{2}", body[i : i + 3]) else 2
                out.append(body[i : i + width])
                i += width
                continue
            char = body[i : i + 1]
            out.append(b"\\%02X" % char[0] if rng.random() < 0.4 else char)
            i += 1
        return b'"' + b"".join(out) + b'"'

    return _TOKEN.sub(one, text)


_BREAK_POINT = re.compile(rb"(?<=,) |(?<=[^=!<>]) (?== )|(?<==) ")


def layout(rng: random.Random, text: bytes) -> bytes:
    """Line breaks, extra spaces and comments where a space stands between tokens (outside strings)."""
    fillers = (b"\n", b"\n    ", b"  ", b" // a comment, %0 = x\n ", b"\t", b"\n\n")

    def one(m: re.Match) -> bytes:
        return rng.choice(fillers) if rng.random() < 0.3 else m.group()

    return _outside_strings(text, _BREAK_POINT, one)


SPELLERS: tuple[Speller, ...] = (
    named_results,
    named_results,
    rename_values,
    type_aliases,
    attribute_aliases,
    string_escapes,
    layout,
)


def spell(rng: random.Random, text: bytes) -> tuple[bytes, list[str]]:
    """One to four spellings of `text`, in a random order; returns the names applied."""
    names = []
    for speller in rng.sample(SPELLERS, rng.randint(1, 4)):
        text = speller(rng, text)
        names.append(speller.__name__)
    return text, names
