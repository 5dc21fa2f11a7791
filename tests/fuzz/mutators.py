"""Mutations of fuzz inputs: blind ones on bytes, and ones that know the text or proto structure.

Every mutator takes (rng, data, donor) and returns new bytes; `donor` is another seed of the same
kind, for splices. `mutate` applies one to three of them, chosen by the seed's kind.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

from tests.fuzz.seeds import Kind

Mutator = Callable[[random.Random, bytes, bytes], bytes]

INTERESTING_INTS = (
    "0",
    "-1",
    "1",
    "2",
    "-2",
    "7",
    "127",
    "128",
    "255",
    "65535",
    "2147483647",
    "2147483648",
    "-2147483649",
    "4294967296",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775809",
    "18446744073709551616",
    "1" + "0" * 40,
    "9" * 200,
    "-" + "9" * 200,
)
ELEMENT_TYPES_HLO = (
    "pred",
    "s2",
    "s4",
    "s8",
    "s16",
    "s32",
    "s64",
    "u2",
    "u4",
    "u8",
    "u16",
    "u32",
    "u64",
    "f16",
    "f32",
    "f64",
    "bf16",
    "f8e4m3fn",
    "f8e5m2",
    "c64",
    "c128",
    "token",
    "opaque",
    "f99",
)
ELEMENT_TYPES_MLIR = (
    "i1",
    "i2",
    "i4",
    "i8",
    "i16",
    "i32",
    "i64",
    "ui8",
    "ui32",
    "ui64",
    "f16",
    "f32",
    "f64",
    "bf16",
    "f8E4M3FN",
    "complex<f32>",
    "complex<f64>",
    "index",
    "none",
    "!stablehlo.token",
    "tuple<>",
    "i0",
    "i99999",
)
JUNK = (
    b"",
    b"{",
    b"}",
    b"(",
    b")",
    b"[",
    b"]",
    b",",
    b"=",
    b"%",
    b'"',
    b"\\",
    b"\x00",
    b"\xff",
    b"#",
    b"@",
    b"\n",
    b"ENTRY",
    b"ROOT",
    b"->",
    b"<",
    b">",
    b"x",
    b"?",
    b"*",
    b"/*",
    b"//",
    b"\xc3\x28",
    b"nan",
    b"inf",
)

_NUMBER = re.compile(rb"-?\d+")
_IDENT = re.compile(rb"[A-Za-z_][A-Za-z0-9_.\-]*")
_HLO_TYPE = re.compile(rb"\b(?:pred|[suf]\d+|bf16|f8e\w+|c64|c128|token)\b")
_MLIR_TYPE = re.compile(rb"\b(?:i\d+|ui\d+|f\d+|bf16|f8E\w+)\b")
_HLO_DIMS = re.compile(rb"\[[0-9,?<=]*\]")
_MLIR_DIMS = re.compile(rb"tensor<([0-9?x]*x)?")
_HLO_NAME = re.compile(rb"%[\w.\-]+")
_MLIR_VALUE = re.compile(rb"%[\w#]+")
_HLO_ATTR = re.compile(rb", [a-z_]+=(?:\{[^{}\n]*\}|[^,\n)]*)")
_MLIR_ATTR = re.compile(rb"[a-z_.]+ = [^,}\n]*")
_HLO_ENUM = re.compile(rb"[a-z_]+=\{?([A-Za-z][A-Za-z0-9_]*)")
_MLIR_ENUM = re.compile(rb"#(?:stablehlo|mhlo|chlo)<[a-z_]+ ([A-Za-z_0-9]+)>")
_ENUM_WORDS = (b"FOO", b"lt", b"LT", b"TOTALORDER", b"NOTYPE", b"", b"UNKNOWN_1", b"fft", b"HIGHEST", b"x" * 300)
_OPCODE = re.compile(rb"= [\w\[\]{}<>,.:() ]*? ([a-z][a-z\-]*)\(")


def _pick(rng: random.Random, matches: list[re.Match]) -> re.Match | None:
    return rng.choice(matches) if matches else None


def _replace(data: bytes, m: re.Match, new: bytes, group: int = 0) -> bytes:
    return data[: m.start(group)] + new + data[m.end(group) :]


# -- blind ---------------------------------------------------------------------------------------


def truncate(rng: random.Random, data: bytes, donor: bytes) -> bytes:
    return data[: rng.randrange(len(data) + 1)]


def flip_bytes(rng: random.Random, data: bytes, donor: bytes) -> bytes:
    out = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        if out:
            i = rng.randrange(len(out))
            out[i] = rng.choice((out[i] ^ (1 << rng.randrange(8)), rng.randrange(256), 0, 0xFF))
    return bytes(out)


def insert_junk(rng: random.Random, data: bytes, donor: bytes) -> bytes:
    i = rng.randrange(len(data) + 1)
    return data[:i] + rng.choice(JUNK) * rng.choice((1, 1, 2, 100)) + data[i:]


def delete_range(rng: random.Random, data: bytes, donor: bytes) -> bytes:
    i = rng.randrange(len(data) + 1)
    return data[:i] + data[i + rng.randint(1, 64) :]


def duplicate_range(rng: random.Random, data: bytes, donor: bytes) -> bytes:
    i = rng.randrange(len(data) + 1)
    j = min(len(data), i + rng.randint(1, 256))
    return data[:j] + data[i:j] * rng.choice((1, 1, 3)) + data[j:]


def splice(rng: random.Random, data: bytes, donor: bytes) -> bytes:
    return data[: rng.randrange(len(data) + 1)] + donor[rng.randrange(len(donor) + 1) :]


def transplant(rng: random.Random, data: bytes, donor: bytes) -> bytes:
    i, k = rng.randrange(len(data) + 1), rng.randrange(len(donor) + 1)
    return data[:i] + donor[k : k + rng.randint(1, 200)] + data[i + rng.randint(0, 200) :]


# -- text structure --------------------------------------------------------------------------------


def swap_number(rng: random.Random, data: bytes, donor: bytes) -> bytes:
    m = _pick(rng, list(_NUMBER.finditer(data)))
    return _replace(data, m, rng.choice(INTERESTING_INTS).encode()) if m else data


def swap_identifier(rng: random.Random, data: bytes, donor: bytes) -> bytes:
    """An identifier (opcode, enum value, attribute name, type) replaced by another one seen in the inputs."""
    ours = list(_IDENT.finditer(data))
    m = _pick(rng, ours)
    if not m:
        return data
    pool = list(_IDENT.finditer(donor)) or ours
    return _replace(data, m, rng.choice(pool).group(0) if rng.random() < 0.8 else b"bogus_" + m.group(0))


def swap_line(rng: random.Random, data: bytes, donor: bytes) -> bytes:
    lines = data.split(b"\n")
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    action = rng.randrange(3)
    if action == 0:
        del lines[i]
    elif action == 1:
        lines.insert(j, lines[i])
    else:
        lines[i], lines[j] = lines[j], lines[i]
    return b"\n".join(lines)


def deep_nesting(rng: random.Random, data: bytes, donor: bytes) -> bytes:
    depth = rng.choice((100, 1000, 5000, 50000))
    opening, closing = rng.choice(
        ((b"(", b")"), (b"[", b"]"), (b"{", b"}"), (b"tuple<", b">"), (b"[", b"],"), (b"(", b"),"))
    )
    i = rng.randrange(len(data) + 1)
    return data[:i] + opening * depth + closing * rng.choice((depth, depth - 1, 0)) + data[i:]


def huge_literal(rng: random.Random, data: bytes, donor: bytes) -> bytes:
    """A very long number or string token (integers beyond 64 bits, floats with many digits)."""
    m = _pick(rng, list(_NUMBER.finditer(data)))
    if not m:
        return data
    big = rng.choice((b"9" * rng.choice((30, 200, 5000)), b"1e99999", b"0x" + b"f" * 40, b"1." + b"1" * 500))
    return _replace(data, m, big)


def hlo_type(rng: random.Random, data: bytes, donor: bytes) -> bytes:
    m = _pick(rng, list(_HLO_TYPE.finditer(data)))
    return _replace(data, m, rng.choice(ELEMENT_TYPES_HLO).encode()) if m else data


def hlo_dims(rng: random.Random, data: bytes, donor: bytes) -> bytes:
    m = _pick(rng, list(_HLO_DIMS.finditer(data)))
    if not m:
        return data
    dims = [rng.choice(INTERESTING_INTS[:12]) for _ in range(rng.choice((0, 1, 2, 3, 7)))]
    return _replace(data, m, b"[" + ",".join(dims).encode() + b"]")


def hlo_nested_tuple(rng: random.Random, data: bytes, donor: bytes) -> bytes:
    m = _pick(rng, list(_HLO_TYPE.finditer(data)))
    if not m:
        return data
    depth = rng.choice((50, 500, 5000))
    return _replace(data, m, b"(" * depth + b"f32[]" + b")" * depth + b" " + m.group(0))


def hlo_operand(rng: random.Random, data: bytes, donor: bytes) -> bytes:
    names = list(_HLO_NAME.finditer(data))
    m = _pick(rng, names)
    if not m:
        return data
    other = rng.choice(names).group(0) if rng.random() < 0.8 else b"%undefined.1"
    return _replace(data, m, other)


def hlo_attribute(rng: random.Random, data: bytes, donor: bytes) -> bytes:
    """An instruction attribute dropped, repeated, or given another attribute's value."""
    attrs = list(_HLO_ATTR.finditer(data))
    m = _pick(rng, attrs)
    if not m:
        return data
    action = rng.randrange(4)
    if action == 0:
        return _replace(data, m, b"")
    if action == 1:
        return _replace(data, m, m.group(0) * 2)
    key = m.group(0).split(b"=", 1)[0]
    value = rng.choice(list(_HLO_ATTR.finditer(donor)) or attrs).group(0).split(b"=", 1)[1]
    if action == 2:
        return _replace(data, m, key + b"=" + value)
    return _replace(data, m, m.group(0) + rng.choice(list(_HLO_ATTR.finditer(donor)) or attrs).group(0))


def hlo_opcode(rng: random.Random, data: bytes, donor: bytes) -> bytes:
    m = _pick(rng, list(_OPCODE.finditer(data)))
    if not m:
        return data
    pool = [x.group(1) for x in _OPCODE.finditer(donor)] or [m.group(1)]
    return _replace(data, m, rng.choice(pool), group=1)


def enum_value(rng: random.Random, data: bytes, donor: bytes) -> bytes:
    """An enum keyword (comparison direction, fft type, precision, ...) replaced by a wrong one."""
    m = _pick(rng, list(_HLO_ENUM.finditer(data)) + list(_MLIR_ENUM.finditer(data)))
    return _replace(data, m, rng.choice(_ENUM_WORDS), group=1) if m else data


def mlir_type(rng: random.Random, data: bytes, donor: bytes) -> bytes:
    m = _pick(rng, list(_MLIR_TYPE.finditer(data)))
    return _replace(data, m, rng.choice(ELEMENT_TYPES_MLIR).encode()) if m else data


def mlir_dims(rng: random.Random, data: bytes, donor: bytes) -> bytes:
    m = _pick(rng, list(_MLIR_DIMS.finditer(data)))
    if not m:
        return data
    dims = [rng.choice(("0", "1", "2", "3", "?", "2147483648", "9" * 30)) for _ in range(rng.choice((0, 1, 2, 5)))]
    return _replace(data, m, b"tensor<" + b"".join(d.encode() + b"x" for d in dims))


def mlir_value(rng: random.Random, data: bytes, donor: bytes) -> bytes:
    values = list(_MLIR_VALUE.finditer(data))
    m = _pick(rng, values)
    return _replace(data, m, rng.choice(values).group(0)) if m else data


def mlir_attribute(rng: random.Random, data: bytes, donor: bytes) -> bytes:
    attrs = list(_MLIR_ATTR.finditer(data))
    m = _pick(rng, attrs)
    if not m:
        return data
    action = rng.randrange(3)
    if action == 0:
        return _replace(data, m, b"")
    key = m.group(0).split(b" = ", 1)[0]
    value = rng.choice(list(_MLIR_ATTR.finditer(donor)) or attrs).group(0).split(b" = ", 1)[1]
    if action == 1:
        return _replace(data, m, key + b" = " + value)
    return _replace(
        data,
        m,
        key
        + b" = "
        + rng.choice(
            (b"[" * 3000 + b"]" * 3000, b'""', b"unit", b"-1 : i64", b"array<i64: " + b"9" * 200 + b">", b"[]", b"{}")
        ),
    )


_STRING = re.compile(rb'"(?:[^"\\\n]|\\.)*"')
_MLIR_ESCAPES = (b"\\FF", b"\\E1", b"\\C3\\A9", b"\\00", b"\\80\\80", b'\\"', b"\\\\", b"\\n")
_HLO_ESCAPES = (b"\\xff", b"\\xe1", b"\\377", b"\\000", b"\\xc3\\xa9", b'\\"', b"\\\\", b"\\u00e9")


def string_escape(rng: random.Random, data: bytes, donor: bytes) -> bytes:
    """An escape (bytes that are not UTF-8 among them) inserted into a string literal: a name, key, location,
    target or value, wherever the text quotes one."""
    m = _pick(rng, list(_STRING.finditer(data)))
    if not m:
        return data
    escapes = _MLIR_ESCAPES if b"stablehlo." in data or b"func.func" in data else _HLO_ESCAPES
    at = rng.randrange(m.start() + 1, m.end())
    return data[:at] + rng.choice(escapes) + data[at:]


# -- binary structure ------------------------------------------------------------------------------


def _read_varint(data: bytes, i: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        if i >= len(data) or shift > 63:
            raise ValueError("bad varint")
        b = data[i]
        value |= (b & 0x7F) << shift
        i += 1
        shift += 7
        if not b & 0x80:
            return value, i


def _varint(value: int) -> bytes:
    value &= (1 << 64) - 1
    out = bytearray()
    while True:
        b = value & 0x7F
        value >>= 7
        out.append(b | (0x80 if value else 0))
        if not value:
            return bytes(out)


def _fields(data: bytes) -> list[tuple[int, int, int, int]] | None:
    """(start, end, field number, wire type) of each field, or None if `data` is not a message."""
    out, i = [], 0
    try:
        while i < len(data):
            start = i
            key, i = _read_varint(data, i)
            number, wire = key >> 3, key & 7
            if number == 0:
                return None
            if wire == 0:
                _, i = _read_varint(data, i)
            elif wire == 1:
                i += 8
            elif wire == 2:
                n, i = _read_varint(data, i)
                i += n
            elif wire == 5:
                i += 4
            else:
                return None
            if i > len(data):
                return None
            out.append((start, i, number, wire))
    except ValueError:
        return None
    return out


def proto_field(rng: random.Random, data: bytes, donor: bytes) -> bytes:
    """Descend into a random nested message and drop, repeat, renumber or change one field."""
    fields = _fields(data)
    if not fields:
        return flip_bytes(rng, data, donor)
    start, end, number, wire = rng.choice(fields)
    key_end = _read_varint(data, start)[1]
    if wire == 2:
        length, body_start = _read_varint(data, key_end)
        body = data[body_start:end]
        if rng.random() < 0.6 and _fields(body):
            new_body = proto_field(rng, body, donor)
            return data[:start] + data[start:key_end] + _varint(len(new_body)) + new_body + data[end:]
    action = rng.randrange(5)
    if action == 0:
        return data[:start] + data[end:]
    if action == 1:
        return data[:end] + data[start:end] + data[end:]
    if action == 2:
        new_key = _varint((rng.choice((number + 1, max(1, number - 1), rng.randint(1, 100))) << 3) | wire)
        return data[:start] + new_key + data[key_end:end] + data[end:]
    if action == 3 and wire == 0:
        value = rng.choice((0, 1, 2, 3, 255, 2**31, 2**32 - 1, 2**63, 2**64 - 1, rng.randrange(2**16)))
        return data[:key_end] + _varint(value) + data[end:]
    if wire == 2:
        length, body_start = _read_varint(data, key_end)
        new_len = rng.choice((0, length + 1, max(0, length - 1), 2**31, 2**63))
        return data[:key_end] + _varint(new_len) + data[body_start:]
    return flip_bytes(rng, data, donor)


def bytecode_header(rng: random.Random, data: bytes, donor: bytes) -> bytes:
    """MLIR bytecode: the version varint and producer string after the 4-byte magic."""
    if len(data) < 6:
        return data
    choice = rng.randrange(3)
    if choice == 0:
        return data[:4] + _varint(rng.choice((0, 1, 5, 6, 7, 99, 2**40))) + data[5:]
    if choice == 1:
        return data[:5] + data[5:][: rng.randrange(1, 40)]
    return data[:4] + bytes(rng.randrange(256) for _ in range(rng.randint(1, 8))) + data[4 + rng.randint(0, 8) :]


BLIND: tuple[Mutator, ...] = (truncate, flip_bytes, insert_junk, delete_range, duplicate_range, splice, transplant)
TEXT: tuple[Mutator, ...] = (swap_number, swap_identifier, swap_line, deep_nesting, huge_literal, string_escape)
BY_KIND: dict[Kind, tuple[Mutator, ...]] = {
    Kind.HLO_TEXT: TEXT
    + (
        hlo_type,
        hlo_dims,
        hlo_nested_tuple,
        hlo_operand,
        hlo_attribute,
        hlo_attribute,
        hlo_opcode,
        hlo_dims,
        hlo_type,
        enum_value,
        enum_value,
    ),
    Kind.HLO_PROTO_TEXT: TEXT + (hlo_type, swap_number, swap_identifier, enum_value),
    Kind.HLO_PROTO: (proto_field,) * 6,
    Kind.MLIR_TEXT: TEXT + (mlir_type, mlir_dims, mlir_value, mlir_attribute, mlir_attribute, mlir_dims, enum_value),
    Kind.MLIR_BYTECODE: (bytecode_header, flip_bytes, truncate),
}


def mutate(rng: random.Random, kind: Kind, data: bytes, donor: bytes) -> tuple[bytes, list[str]]:
    """One to three mutations of `data` (blind ones a quarter of the time); returns the names applied."""
    names = []
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        mutator = rng.choice(BLIND) if rng.random() < 0.25 else rng.choice(BY_KIND[kind])
        data = mutator(rng, data, donor)
        names.append(mutator.__name__)
    return data, names
