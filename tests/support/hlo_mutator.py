"""A small structure-aware mutator of HLO text, for comparing our verifier's verdicts with XLA's.

Each mutation changes one thing in one instruction line (or the module header): a dimension, an element
type, a layout's rank, a negative dimension, an attribute dropped, an unknown or foreign attribute added, an
attribute value changed, an operand dropped or repeated, `entry_computation_layout` given twice or
disagreeing with the entry. Deterministic for a given seed.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass

from hlo_translate.hlo.text import split_top_level

_DEF = re.compile(r"^(\s*(?:ROOT\s+)?%?[\w.\-$]+\s*=\s*)")
_OPCODE = re.compile(r"\s([a-z][a-z0-9\-]*)\(")
_DIMS = re.compile(r"(?<=[a-z0-9])\[([^\]]*)\]")
_LAYOUT = re.compile(r"\]\{([0-9,]*)\}")
_TYPES = {
    "f32": "s32",
    "s32": "f32",
    "pred": "s32",
    "f64": "f32",
    "bf16": "f32",
    "f16": "f32",
    "s64": "s32",
    "u32": "s32",
    "u8": "s8",
    "s8": "u8",
    "c64": "f32",
    "u64": "u32",
}


@dataclass(frozen=True)
class Instr:
    """One instruction line split into its parts."""

    index: int  # line number (0-based)
    head: str  # `  ROOT %name = `
    shape: str
    opcode: str
    operands: str  # between the parentheses
    attrs: list[str]  # `name=value` items

    def text(self, shape: str | None = None, operands: str | None = None, attrs: list[str] | None = None) -> str:
        items = self.attrs if attrs is None else attrs
        tail = "".join(", " + a for a in items)
        return (
            f"{self.head}{self.shape if shape is None else shape} {self.opcode}"
            f"({self.operands if operands is None else operands}){tail}"
        )


@dataclass(frozen=True)
class Mutant:
    kind: str
    text: str
    line: int


def split_instruction(index: int, line: str) -> Instr | None:
    m = _DEF.match(line)
    if not m or line.lstrip().startswith(("HloModule", "ENTRY", "//")):
        return None
    rest = line[m.end() :]
    om = _OPCODE.search(" " + rest)
    if om is None:
        return None
    shape, opcode = rest[: om.start()].strip(), om.group(1)
    pos = om.end() - 1  # just past '(' in rest
    depth, i = 1, pos
    while i < len(rest) and depth:
        depth += {"(": 1, ")": -1}.get(rest[i], 0)
        if rest[i] == '"':
            i = rest.index('"', i + 1) if '"' in rest[i + 1 :] else len(rest)
        i += 1
    if depth:
        return None
    operands = rest[pos : i - 1]
    tail = rest[i:].strip()
    attrs = split_top_level(tail[1:]) if tail.startswith(",") else []
    return Instr(index, m.group(1), shape, opcode, operands, attrs)


def _shape_dim(instr: Instr, rng: random.Random) -> str | None:
    m = _DIMS.search(instr.shape)
    if not m:
        return None
    dims = [d for d in m.group(1).split(",") if d.strip()]
    if not dims:
        new = "[2]"
    else:
        k = rng.randrange(len(dims))
        if not dims[k].strip().isdigit():
            return None
        dims[k] = str(int(dims[k]) + 1)
        new = "[" + ",".join(dims) + "]"
    shape = instr.shape[: m.start()] + new + instr.shape[m.end() :]
    if not dims:  # a scalar made rank 1 keeps a valid layout
        shape = re.sub(r"^(\w+\[2\])\{\}", r"\1{0}", shape)
    return instr.text(shape=shape)


def _element_type(instr: Instr, rng: random.Random) -> str | None:
    m = re.search(r"\b([a-z]+[0-9]*)\[", instr.shape)
    if not m or m.group(1) not in _TYPES:
        return None
    return instr.text(shape=instr.shape[: m.start(1)] + _TYPES[m.group(1)] + instr.shape[m.end(1) :])


def _layout_rank(instr: Instr, rng: random.Random) -> str | None:
    m = _LAYOUT.search(instr.shape)
    if m and m.group(1):
        entries = m.group(1).split(",")
        new = ",".join(entries[:-1]) if rng.random() < 0.5 else ",".join(entries + [entries[0]])
        return instr.text(shape=instr.shape[: m.start(1)] + new + instr.shape[m.end(1) :])
    m = _DIMS.search(instr.shape)
    if m and m.group(1).strip() and "{" not in instr.shape[m.end() : m.end() + 1]:
        rank = len(m.group(1).split(","))
        return instr.text(
            shape=instr.shape[: m.end()] + "{" + ",".join(map(str, range(rank + 1))) + "}" + instr.shape[m.end() :]
        )
    return None


def _negative_dim(instr: Instr, rng: random.Random) -> str | None:
    m = _DIMS.search(instr.shape)
    if not m or not m.group(1).strip() or not m.group(1).split(",")[0].strip().isdigit():
        return None
    dims = m.group(1).split(",")
    dims[0] = "-" + dims[0].strip()
    return instr.text(shape=instr.shape[: m.start()] + "[" + ",".join(dims) + "]" + instr.shape[m.end() :])


def _drop_attr(instr: Instr, rng: random.Random) -> str | None:
    if not instr.attrs:
        return None
    k = rng.randrange(len(instr.attrs))
    return instr.text(attrs=instr.attrs[:k] + instr.attrs[k + 1 :])


def _unknown_attr(instr: Instr, rng: random.Random) -> str | None:
    return instr.text(attrs=[*instr.attrs, "bogus_attribute=1"])


_FOREIGN = (
    "dimensions={0}",
    "iota_dimension=0",
    "index=0",
    "slice={[0:1]}",
    "to_apply=%nonexistent",
    "channel_id=7",
    "padding=0_0",
    "direction=LT",
)


def _foreign_attr(instr: Instr, rng: random.Random) -> str | None:
    attr = rng.choice(_FOREIGN)
    if any(a.split("=", 1)[0].strip() == attr.split("=", 1)[0] for a in instr.attrs):
        return None
    return instr.text(attrs=[*instr.attrs, attr])


def _attr_value(instr: Instr, rng: random.Random) -> str | None:
    numeric = [
        k
        for k, a in enumerate(instr.attrs)
        if re.search(r"=\s*\{?[0-9]", a)
        and not a.startswith(("metadata", "frontend_attributes", "backend_config", "sharding"))
    ]
    if not numeric:
        return None
    k = rng.choice(numeric)
    attr = instr.attrs[k]
    nums = list(re.finditer(r"\d+", attr.split("=", 1)[1]))
    offset = len(attr.split("=", 1)[0]) + 1
    m = rng.choice(nums)
    new = attr[: offset + m.start()] + str(int(m.group()) + rng.choice((1, 2, 5))) + attr[offset + m.end() :]
    return instr.text(attrs=instr.attrs[:k] + [new] + instr.attrs[k + 1 :])


def _drop_operand(instr: Instr, rng: random.Random) -> str | None:
    parts = split_top_level(instr.operands)
    if not parts or instr.opcode in ("parameter", "constant"):
        return None
    return instr.text(operands=", ".join(parts[:-1]))


def _repeat_operand(instr: Instr, rng: random.Random) -> str | None:
    parts = split_top_level(instr.operands)
    if not parts or instr.opcode in ("parameter", "constant"):
        return None
    return instr.text(operands=", ".join([*parts, parts[0]]))


INSTRUCTION_MUTATIONS: dict[str, Callable[[Instr, random.Random], str | None]] = {
    "shape-dim": _shape_dim,
    "element-type": _element_type,
    "layout-rank": _layout_rank,
    "negative-dim": _negative_dim,
    "drop-attribute": _drop_attr,
    "unknown-attribute": _unknown_attr,
    "foreign-attribute": _foreign_attr,
    "attribute-value": _attr_value,
    "drop-operand": _drop_operand,
    "repeat-operand": _repeat_operand,
}


def _header_mutants(lines: list[str]) -> list[Mutant]:
    header = lines[0]
    m = re.search(r"entry_computation_layout=(\{.*?\})(?=, [a-z_]+=|$)", header)
    if not m:
        return []
    repeated = header + ", entry_computation_layout=" + m.group(1)
    twice = Mutant("entry-layout-twice", "\n".join([repeated, *lines[1:]]), 0)
    dm = _DIMS.search(m.group(1))
    if not dm or not dm.group(1).split(",")[0].strip().isdigit():
        return [twice]
    dims = dm.group(1).split(",")
    dims[0] = str(int(dims[0]) + 1)
    layout = m.group(1)[: dm.start()] + "[" + ",".join(dims) + "]" + m.group(1)[dm.end() :]
    changed = header[: m.start(1)] + layout + header[m.end(1) :]
    return [twice, Mutant("entry-layout-mismatch", "\n".join([changed, *lines[1:]]), 0)]


def mutants(text: str, count: int, seed: int) -> list[Mutant]:
    """`count` single mutations of HLO `text` (plus the header's), chosen deterministically from `seed`."""
    rng = random.Random(seed)
    lines = text.split("\n")
    instrs = [i for i in (split_instruction(n, line) for n, line in enumerate(lines)) if i is not None]
    result = _header_mutants(lines)
    kinds = sorted(INSTRUCTION_MUTATIONS)
    tries = 0
    while len(result) < count + 2 and instrs and tries < count * 10:
        tries += 1
        instr = rng.choice(instrs)
        kind = rng.choice(kinds)
        new = INSTRUCTION_MUTATIONS[kind](instr, rng)
        if new is None or new == lines[instr.index]:
            continue
        mutated = lines[: instr.index] + [new] + lines[instr.index + 1 :]
        result.append(Mutant(kind, "\n".join(mutated), instr.index + 1))
    return result
