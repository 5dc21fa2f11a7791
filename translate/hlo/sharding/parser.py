"""Parser for HLO sharding text (the grammar of ``ParseSharding`` in XLA's ``hlo_parser.cc``),
and for the metadata records shardings and instructions carry (``ParseMetadata``).

It accepts everything XLA prints and rejects, with a ``TranslateError`` naming the column,
input that XLA would reject or abort on (conflicting keywords, device counts that do not match
the tile dimensions, invalid transposes, overlapping mesh axes, ...).
"""

from __future__ import annotations

from collections.abc import Callable
from math import prod
from typing import NoReturn

from hlo_translate.errors import SourceLocation, TranslateError
from hlo_translate.hlo.ir import PROFILE_TYPES, OpMetadata, c_unescape
from hlo_translate.hlo.sharding.model import HloSharding, ShardGroup, ShardGroupKind, ShardingKind, SubgroupType
from hlo_translate.hlo.sharding.named import REDUCTION_OPS, AxisRef, DimSharding, Mesh, MeshAxis, NamedSharding
from hlo_translate.hlo.sharding.tile_assignment import IotaTile, TileAssignment, canonicalize_iota_dims

_INT32 = (-(2**31), 2**31 - 1)
_KIND_KEYWORDS = {
    "replicated": ShardingKind.REPLICATED,
    "maximal": ShardingKind.MAXIMAL,
    "manual": ShardingKind.MANUAL,
    "unknown": ShardingKind.UNKNOWN,
    "unreduced": ShardingKind.UNREDUCED,
}
_SUBGROUP_NAMES = {t.text: t for t in SubgroupType}
_IDENT_CHARS = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-")


def parse_sharding(text: str) -> HloSharding:
    """Parse one sharding, e.g. ``{devices=[2,2]<=[4] last_tile_dim_replicate}``.

    >>> parse_sharding("{{replicated}, {maximal device=1}}").to_text()
    '{{replicated}, {maximal device=1}}'
    """
    sharding, end = parse_sharding_prefix(text, 0)
    reader = _Reader(text, end)
    reader.skip_space()
    if not reader.at_end():
        reader.fail("unexpected text after the sharding")
    return sharding


def parse_sharding_prefix(text: str, pos: int = 0) -> tuple[HloSharding, int]:
    """Parse the sharding starting at ``text[pos]``; return it and the index just past it.

    Errors give line and column within ``text``, so a module parser can pass its whole input.
    """
    reader = _Reader(text, pos)
    reader.skip_space()
    return _sharding(reader), reader.pos


def parse_op_metadata(text: str) -> OpMetadata:
    """Parse one metadata record in braces: ``{op_name="a" source_line=3}``.

    The fields may come in any order; an unknown or repeated field is an error, as in XLA.

    >>> parse_op_metadata('{source_line=3 op_name="a"}').to_text()
    'op_name="a" source_line=3'
    """
    reader = _Reader(text, 0, "metadata")
    reader.skip_space()
    reader.expect("{")
    metadata = _op_metadata_body(reader)
    reader.skip_space()
    if not reader.at_end():
        reader.fail("unexpected text after the metadata")
    return metadata


class _Reader:
    """A position in the text with the token-level helpers the grammar needs.

    ``subject`` names what is parsed in error messages ("bad sharding: ...").
    """

    def __init__(self, text: str, pos: int, subject: str = "sharding"):
        self.text = text
        self.pos = pos
        self.subject = subject

    def fail(self, message: str, pos: int | None = None) -> NoReturn:
        at = self.pos if pos is None else pos
        line = self.text.count("\n", 0, at) + 1
        column = at - (self.text.rfind("\n", 0, at) + 1) + 1
        raise TranslateError(f"bad {self.subject}: {message}", location=SourceLocation(line=line, column=column))

    def at_end(self) -> bool:
        return self.pos >= len(self.text)

    def skip_space(self) -> None:
        """Whitespace and ``/* ... */`` comments (XLA prints ``/*index=5*/`` in long tuples)."""
        while not self.at_end():
            if self.text[self.pos].isspace():
                self.pos += 1
            elif self.text.startswith("/*", self.pos):
                end = self.text.find("*/", self.pos + 2)
                if end < 0:
                    self.fail("unterminated comment")
                self.pos = end + 2
            else:
                return

    def next_index_after(self, pos: int) -> int:
        """Index of the first non-blank character at or after ``pos`` (comments not skipped)."""
        while pos < len(self.text) and self.text[pos].isspace():
            pos += 1
        return pos

    def next_char_after(self, pos: int) -> str:
        return self.text[self.next_index_after(pos) : self.next_index_after(pos) + 1]

    def peek(self, token: str) -> bool:
        self.skip_space()
        return self.text.startswith(token, self.pos)

    def eat(self, token: str) -> bool:
        if self.peek(token):
            self.pos += len(token)
            return True
        return False

    def expect(self, token: str, what: str = "") -> None:
        if not self.eat(token):
            found = self.text[self.pos : self.pos + 12] or "end of input"
            self.fail(f"expected '{token}'{' ' + what if what else ''}, found '{found}'")

    def ident(self) -> tuple[str, bool, int]:
        """An identifier, whether '=' follows it directly (an attribute name), and its start."""
        self.skip_space()
        start = self.pos
        while not self.at_end() and self.text[self.pos] in _IDENT_CHARS:
            self.pos += 1
        if self.pos == start:
            self.fail("expected a keyword or attribute")
        name = self.text[start : self.pos]
        if self.text.startswith("=", self.pos):
            self.pos += 1
            return name, True, start
        return name, False, start

    def integer(self, what: str = "an integer") -> int:
        self.skip_space()
        start = self.pos
        if self.text.startswith("-", self.pos):
            self.pos += 1
        digits = self.pos
        while not self.at_end() and self.text[self.pos].isdigit():
            self.pos += 1
        if self.pos == digits:
            self.pos = start
            self.fail(f"expected {what}")
        count = self.pos - digits
        if count > 20:  # no id, dimension or count of a sharding needs more than 64 bits
            self.pos = start
            self.fail(f"{what} with {count} digits is out of range")
        return int(self.text[start : self.pos])

    def string(self) -> str:
        """A double- or single-quoted C-escaped string."""
        self.skip_space()
        quote = self.text[self.pos : self.pos + 1]
        if quote not in ('"', "'"):
            self.fail("expected a quoted string")
        start = self.pos
        i = self.pos + 1
        while i < len(self.text) and self.text[i] != quote:
            i += 2 if self.text[i] == "\\" else 1
        if i >= len(self.text):
            self.fail("unterminated string", start)
        self.pos = i + 1
        try:
            return c_unescape(self.text[start + 1 : i])
        except ValueError as err:
            self.fail(str(err), start)

    def int_list(self, open_: str, close: str, what: str, allow_empty: bool = False) -> list[int]:
        self.expect(open_)
        values: list[int] = []
        if self.eat(close):
            if not allow_empty:
                self.fail(f"expected {what}", self.pos - 1)
            return values
        values.append(self.integer(what))
        while self.eat(","):
            values.append(self.integer(what))
        self.expect(close)
        return values

    def comma_list(self, close: str, item: Callable[[], None]) -> None:
        """Items separated by commas up to ``close`` (which is consumed)."""
        if self.eat(close):
            return
        item()
        while self.eat(","):
            item()
        self.expect(close)


# Shardings -------------------------------------------------------------------------------------


def _sharding(r: _Reader) -> HloSharding:
    r.expect("{", "to start a sharding")
    if r.eat("}"):
        return HloSharding.tuple(())
    if r.peek("{"):
        elements: list[HloSharding] = []
        r.comma_list("}", lambda: elements.append(_single(r)))
        return HloSharding.tuple(elements)
    return _single_body(r)


def _single(r: _Reader) -> HloSharding:
    r.expect("{", "to start a tuple element")
    return _single_body(r)


def _single_body(r: _Reader) -> HloSharding:
    r.skip_space()
    for named_start in ("mesh", "single_device", "maximal_mesh"):
        if r.text.startswith(named_start, r.pos) and r.next_char_after(r.pos + len(named_start)) == "[":
            return HloSharding.from_named(_named_body(r))
    return _legacy_body(r)


class _Seen:
    """What one ``{...}`` of the classic (V1/V2) form said, before it is checked for consistency."""

    def __init__(self) -> None:
        self.kind: ShardingKind | None = None
        self.device: int | None = None
        self.tile: TileAssignment | None = None
        self.last_tile_dim_replicate = False
        self.last_tile_dims: tuple[SubgroupType, ...] | None = None
        self.shard_group: ShardGroup | None = None
        self.metadata: list[OpMetadata] = []
        self.used: set[str] = set()


def _legacy_body(r: _Reader) -> HloSharding:
    start = r.pos
    seen = _Seen()
    while not r.eat("}"):
        if r.at_end():
            r.fail("expected '}' to end the sharding")
        name, is_attr, at = r.ident()
        key = name + ("=" if is_attr else "")
        if key in seen.used and key != "metadata=":
            r.fail(f"'{key}' given twice", at)
        seen.used.add(key)
        _legacy_item(r, seen, name, is_attr, at)
    return _build_legacy(r, seen, start)


def _legacy_item(r: _Reader, seen: _Seen, name: str, is_attr: bool, at: int) -> None:
    if not is_attr and name in _KIND_KEYWORDS:
        if seen.kind is not None:
            r.fail(f"'{name}' conflicts with '{seen.kind.value}'", at)
        seen.kind = _KIND_KEYWORDS[name]
    elif not is_attr and name == "last_tile_dim_replicate":
        seen.last_tile_dim_replicate = True
    elif not is_attr and name in ("shard_as", "shard_like"):
        if seen.shard_group is not None:
            r.fail("a sharding belongs to at most one shard group", at)
        kind = ShardGroupKind.AS if name == "shard_as" else ShardGroupKind.LIKE
        seen.shard_group = ShardGroup(r.integer("a shard group id"), kind)
    elif is_attr and name == "device":
        seen.device = r.integer("a device id")  # (negative too: XLA's parser takes it, its verifier refuses)
    elif is_attr and name == "devices":
        seen.tile = _tile_assignment(r)
    elif is_attr and name == "metadata":
        seen.metadata.extend(_metadata_list(r))
    elif is_attr and name == "last_tile_dims":
        seen.last_tile_dims = _subgroup_types(r)
    else:
        r.fail(f"unknown sharding {'attribute' if is_attr else 'keyword'} '{name}'", at)


def _build_legacy(r: _Reader, seen: _Seen, start: int) -> HloSharding:
    extra = {"shard_group": seen.shard_group, "metadata": tuple(seen.metadata)}
    kind = seen.kind
    if kind is not None and (seen.last_tile_dim_replicate or seen.last_tile_dims is not None):
        r.fail(f"'{kind.value}' sharding cannot have last_tile_dim_replicate or last_tile_dims", start)
    if kind is ShardingKind.MAXIMAL:
        if seen.device is None or seen.tile is not None:
            r.fail("maximal shardings need exactly one 'device=' and no 'devices='", start)
        return HloSharding.maximal(seen.device, **extra)
    if seen.device is not None:
        r.fail("'device=' belongs to maximal shardings", start)
    if kind is not None:
        if seen.tile is not None:
            r.fail(f"{kind.value} shardings should not have any devices assigned", start)
        return HloSharding(kind, **extra)
    if seen.tile is None:
        r.fail("expected a sharding kind (replicated, maximal, manual, unknown, unreduced) or 'devices='", start)
    types = seen.last_tile_dims or ()
    if seen.last_tile_dim_replicate and seen.last_tile_dims is not None:
        r.fail("give either last_tile_dim_replicate or last_tile_dims, not both", start)
    rank = len(seen.tile.dims)
    if len(types) + seen.last_tile_dim_replicate > rank:
        r.fail(f"{len(types) or 1} trailing tile dims declared but the tile assignment has rank {rank}", start)
    return HloSharding.tiled(
        seen.tile, last_tile_dim_replicate=seen.last_tile_dim_replicate, last_tile_dims=types, **extra
    )


def _tile_assignment(r: _Reader) -> TileAssignment:
    start = r.pos
    dims = r.int_list("[", "]", "a tile dimension")
    if any(d < 1 for d in dims):
        r.fail("tile assignment dimensions must be positive", start)
    if r.eat("<="):
        at = r.pos
        reshape = r.int_list("[", "]", "an iota reshape dimension")
        if any(d < 1 for d in reshape):
            r.fail("iota reshape dimensions must be positive", at)
        if len(reshape) > 1:
            r.skip_space()
            if not r.text.startswith("T", r.pos):
                r.fail("expected 'T(' with the iota transpose permutation")
            r.pos += 1
            perm = r.int_list("(", ")", "a transpose index")
        else:
            perm = [0]
        if sorted(perm) != list(range(len(reshape))):
            r.fail(f"iota transpose {tuple(perm)} is not a permutation of {len(reshape)} dimensions", at)
        if prod(reshape) != prod(dims):
            r.fail(
                f"iota tile assignment size {prod(reshape)} does not match the tile assignment "
                f"dimensions product {prod(dims)}",
                at,
            )
        return TileAssignment.iota_of(tuple(dims), tuple(reshape), tuple(perm))
    at = r.pos
    devices = [r.integer("a device id")]
    while r.eat(","):
        devices.append(r.integer("a device id"))
    if len(devices) != prod(dims):
        r.fail(f"sharding device count {len(devices)} does not match the tile assignment size {prod(dims)}", at)
    if len(devices) < 2:
        r.fail("non-maximal shardings must have more than one device assigned", at)
    return TileAssignment(tuple(dims), devices=tuple(devices))


def _subgroup_types(r: _Reader) -> tuple[SubgroupType, ...]:
    types: list[SubgroupType] = []

    def item() -> None:
        name, is_attr, at = r.ident()
        if is_attr or name not in _SUBGROUP_NAMES:
            r.fail(f"unknown last_tile_dims kind '{name}' (expected manual, replicated, unreduced, maximal)", at)
        types.append(_SUBGROUP_NAMES[name])

    r.expect("{", "to start the last_tile_dims list")
    r.comma_list("}", item)
    return tuple(types)


# Metadata --------------------------------------------------------------------------------------


def _metadata_list(r: _Reader) -> list[OpMetadata]:
    """``{op_name="a"}`` (one record) or ``{{...}, {...}}`` (a list)."""
    r.expect("{", "to start metadata")
    if not r.peek("{"):
        return [_op_metadata_body(r)]
    records: list[OpMetadata] = []

    def item() -> None:
        r.expect("{")
        records.append(_op_metadata_body(r))

    r.comma_list("}", item)
    return records


def _op_metadata_body(r: _Reader) -> OpMetadata:
    """The attributes of one record up to its closing brace (already past the opening one)."""
    values: dict[str, object] = {}
    while not r.eat("}"):
        r.eat(",")
        name, is_attr, at = r.ident()
        if not is_attr:
            r.fail(f"expected a metadata attribute, found '{name}'", at)
        if name in values:
            r.fail(f"metadata attribute {name} given twice", at)
        values[name] = _metadata_value(r, name, at)
    return OpMetadata(**values)


def _metadata_value(r: _Reader, name: str, at: int) -> object:
    if name in ("op_type", "op_name", "source_file", "deduplicated_name", "scheduling_name", "metadata_payload"):
        return r.string()
    if name in ("source_line", "source_end_line", "source_column", "source_end_column", "stack_frame_id"):
        value = r.integer()
        if not _INT32[0] <= value <= _INT32[1]:
            r.fail(f"{name} is out of range for int32", at)
        return value
    if name == "profile_type":
        values = r.int_list("{", "}", "a profile type", allow_empty=True)
        if any(v not in PROFILE_TYPES for v in values):
            r.fail(f"profile_type values must be in {sorted(PROFILE_TYPES)}", at)
        return tuple(values)
    r.fail(f"unknown metadata attribute '{name}'", at)


# Named (V3) shardings --------------------------------------------------------------------------


class _NamedSeen:
    def __init__(self) -> None:
        self.dims: list[DimSharding] | None = None
        self.lists: dict[str, list[AxisRef]] = {"replicated": [], "unreduced": [], "manual": []}
        self.metadata: list[OpMetadata] = []
        self.reduction_op = "sum"


def _named_body(r: _Reader) -> NamedSharding:
    start = r.pos
    mesh = _mesh(r)
    seen = _NamedSeen()
    if mesh.maximal_device is None:
        r.eat(",")  # XLA accepts the mesh and the dimensions without a comma between them
        _named_main(r, mesh, seen)
    while r.eat(","):
        name, is_attr, at = r.ident()
        if is_attr and name == "metadata":
            seen.metadata.extend(_metadata_list(r))
        elif is_attr and name in seen.lists and mesh.maximal_device is None:
            if name == "unreduced" and not r.peek("{"):
                seen.reduction_op = _reduction_op(r)
            _axis_list(r, mesh, seen.lists[name])
        else:
            r.fail(
                f"unknown attribute '{name}' in a named sharding (expected replicated=, unreduced=, "
                "manual= or metadata=)",
                at,
            )
    r.expect("}", "to end the named sharding")
    sharding = NamedSharding(
        mesh,
        tuple(seen.dims or ()),
        tuple(seen.lists["replicated"]),
        tuple(seen.lists["unreduced"]),
        tuple(seen.lists["manual"]),
        tuple(seen.metadata),
        seen.reduction_op,
    )
    if error := sharding.validation_error():
        r.fail(error, start)
    return sharding


def _named_main(r: _Reader, mesh: Mesh, seen: _NamedSeen) -> None:
    """The dimension list, or one of the keywords XLA prints instead of an empty list:
    ``replicated``, ``manual``, ``unreduced``, ``unreduced=max``, ``unreduced{'x'}``."""
    if r.peek("["):
        seen.dims = []
        r.expect("[")
        r.comma_list("]", lambda: seen.dims.append(_dim_sharding(r, mesh)))  # type: ignore[union-attr]
        return
    name, is_attr, at = r.ident()
    every_axis = [AxisRef(i) for i in range(len(mesh.axes))]
    if name == "unreduced":
        if is_attr:
            seen.reduction_op = _reduction_op(r)
        if r.peek("{"):
            _axis_list(r, mesh, seen.lists["unreduced"])
        else:
            seen.lists["unreduced"].extend(every_axis)
    elif not is_attr and name == "manual":
        seen.lists["manual"].extend(every_axis)
    elif is_attr or name != "replicated":
        r.fail("expected '[' with the dimension shardings, or replicated/manual/unreduced", at)


def _reduction_op(r: _Reader) -> str:
    name, is_attr, at = r.ident()
    if is_attr or name not in REDUCTION_OPS:
        r.fail("expected sum, max, or min for the unreduced op", at)
    return name


def _axis_list(r: _Reader, mesh: Mesh, into: list[AxisRef]) -> None:
    r.expect("{")
    r.comma_list("}", lambda: into.append(_axis_ref(r, mesh)))


def _mesh(r: _Reader) -> Mesh:
    name, _, at = r.ident()
    if name in ("single_device", "maximal_mesh"):
        r.expect("[")
        attr, is_attr, at = r.ident()
        if attr != "device_id" or not is_attr:
            r.fail("expected 'device_id='", at)
        device = r.integer("a device id")
        r.expect("]")
        return Mesh(maximal_device=device)
    axes: list[MeshAxis] = []

    def axis() -> None:
        axis_name = r.string()
        r.expect("=")
        axes.append(MeshAxis(axis_name, r.integer("a mesh axis size")))

    r.expect("[")
    r.comma_list("]", axis)
    mesh = Mesh(tuple(axes))
    if r.peek(",") and r.text.startswith("device_ids", r.next_index_after(r.pos + 1)):
        r.expect(",")
        r.ident()
        mesh = _device_ids(r, mesh)
    return mesh


def _device_ids(r: _Reader, mesh: Mesh) -> Mesh:
    at = r.pos
    count = prod(mesh.axis_sizes)
    r.expect("(")
    if r.peek("["):
        reshape = r.int_list("[", "]", "an iota reshape dimension")
        perm = list(range(len(reshape)))
        r.skip_space()
        if r.text.startswith("T", r.pos):
            r.pos += 1
            perm = r.int_list("(", ")", "a transpose index")
        r.expect(")")
        if sorted(perm) != list(range(len(reshape))) or prod(reshape) != count:
            r.fail(f"device_ids iota must be a permutation of {count} devices", at)
        canon = IotaTile(*canonicalize_iota_dims(tuple(reshape), tuple(perm)))
        return Mesh(mesh.axes, iota=canon if len(canon.reshape_dims) > 1 else None)
    ids = _ids_after_paren(r)
    if len(ids) != count:
        r.fail(f"expected {count} device_ids based on mesh axes, but got {len(ids)}", at)
    return Mesh(mesh.axes, device_ids=tuple(ids))


def _ids_after_paren(r: _Reader) -> list[int]:
    ids = [r.integer("a device id")]
    while r.eat(","):
        ids.append(r.integer("a device id"))
    r.expect(")")
    return ids


def _dim_sharding(r: _Reader, mesh: Mesh) -> DimSharding:
    r.expect("{")
    axes: list[AxisRef] = []
    closed = True

    def item() -> None:
        nonlocal closed
        if not closed:
            r.fail("an axis cannot follow '?'")
        if r.eat("?"):
            closed = False
        else:
            axes.append(_axis_ref(r, mesh))

    r.comma_list("}", item)
    return DimSharding(tuple(axes), closed)


def _axis_ref(r: _Reader, mesh: Mesh) -> AxisRef:
    at = r.pos
    name = r.string()
    index = mesh.axis_index(name)
    if index is None and name.isdigit() and int(name) < len(mesh.axes):
        index = int(name)  # XLA also accepts an axis position written as a string
    if index is None:
        r.fail(f"axis '{name}' is not a valid axis name or index in {mesh.to_text()}", at)
    if r.eat(":"):
        r.expect("(")
        pre = r.integer("a sub-axis pre-size")
        r.expect(")")
        return AxisRef(index, pre, r.integer("a sub-axis size"))
    return AxisRef(index)
