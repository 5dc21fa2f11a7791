"""The GSPMD sharding model (`translate.hlo.sharding`) against XLA and JAX.

Oracles nobody here wrote:
- XLA's sharding parser, printer and proto writer (`jaxlib._hlo.HloSharding.from_string`,
  `to_string`, `to_proto`, `tile_assignment_devices`, `v3_to_v2_sharding`), run in a subprocess
  because XLA aborts the process on some inputs;
- JAX's shardings (`NamedSharding._to_xla_hlo_sharding`) and the slices JAX gives each device
  (`devices_indices_map`), on 8 CPU devices in a subprocess.
Plus hypothesis properties of the model itself (parse/print round trip, canonical form).
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from functools import cache
from math import prod

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hlo_translate.errors import TranslateError
from hlo_translate.hlo.ir import OpMetadata
from hlo_translate.hlo.sharding import (
    AxisRef,
    DimSharding,
    HloSharding,
    IotaTile,
    Mesh,
    MeshAxis,
    NamedSharding,
    ShardGroup,
    ShardGroupKind,
    ShardingKind,
    SubgroupType,
    TileAssignment,
    canonicalize,
    equivalent,
    from_op_sharding,
    parse_sharding,
    to_op_sharding,
    xla_normalize,
)

# ---------------------------------------------------------------------------------------------
# Literal examples

PRINTED_BY_XLA = [
    "{replicated}",
    "{manual}",
    "{unknown}",
    "{unreduced}",
    "{maximal device=3}",
    "{devices=[2,2]0,2,1,3}",
    "{devices=[4,2]<=[8]}",
    "{devices=[2,4]<=[2,2,2]T(1,0,2)}",
    "{devices=[2,2,2]<=[8] last_tile_dim_replicate}",
    "{devices=[2,1,2,2]<=[2,2,2]T(0,2,1) last_tile_dims={manual, replicated}}",
    "{devices=[2,2]<=[4] last_tile_dims={unreduced}}",
    '{devices=[2,2]<=[4] last_tile_dim_replicate shard_as 3 metadata={op_name="a"}}',
    "{replicated shard_like 0}",
    '{maximal device=1 metadata={{op_type="t" op_name="n" source_line=3}, {op_name="m"}}}',
    '{replicated metadata={op_name="a\\n\\t\\001\\303\\251\\\\\\\'"}}',
    "{{replicated}, {manual}, {maximal device=1}, {devices=[2]0,1}, {replicated}, /*index=5*/{manual}}",
    "{}",
    "{mesh['x'=2,'y'=4], [{'x'}, {'y', ?}]}",
    "{mesh['x'=2,'y'=2], device_ids=(3,2,1,0), [{'y', 'x'}]}",
    "{mesh['x'=4,'y'=2], [{'x':(1)2}, {'y'}], unreduced={'x':(2)2}}",
    "{mesh['x'=2,'y'=2], device_ids=([2,2]T(1,0)), [{}, {?}], manual={'x'}, metadata={{op_name=\"a\"}}}",
    "{mesh['x'=2,'y'=2], manual}",
    "{single_device[device_id=5]}",
]


@pytest.mark.parametrize("text", PRINTED_BY_XLA)
def test_prints_what_it_parses(text: str) -> None:
    assert parse_sharding(text).to_text() == text


def test_the_examples_are_what_xla_prints() -> None:
    for text, answer in zip(PRINTED_BY_XLA, _ask_xla(PRINTED_BY_XLA)):
        # XLA adds the reduction of an unreduced value as metadata; see `xla_normalized`.
        assert answer["text"] in (text, xla_normalize(parse_sharding(text)).to_text()), text


def test_model_of_a_partially_replicated_iota() -> None:
    sharding = parse_sharding("{devices=[2,1,4]<=[2,4]T(1,0) last_tile_dim_replicate shard_like 7}")
    assert sharding.kind is ShardingKind.TILED
    assert sharding.tile == TileAssignment((2, 1, 4), iota=IotaTile((2, 4), (1, 0)))
    assert sharding.subgroup_types == (SubgroupType.REPLICATED,)
    assert sharding.tiled_data_rank == 2
    assert sharding.num_devices == 8
    assert sharding.shard_group == ShardGroup(7, ShardGroupKind.LIKE)
    assert sharding.tile_assignment().tolist() == [[[0, 4, 1, 5]], [[2, 6, 3, 7]]]


def test_tuple_and_metadata_model() -> None:
    sharding = parse_sharding('{{maximal device=2 metadata={op_name="x" source_line=4}}, {unknown}}')
    assert sharding.is_tuple
    first, second = sharding.tuple_elements
    assert first == HloSharding.maximal(2, metadata=(OpMetadata(op_name="x", source_line=4),))
    assert second.is_unknown


# (given, canonical form printed)
CANONICAL = [
    ("{devices=[2,2]0,1,2,3}", "{devices=[2,2]<=[4]}"),  # V1 list equal to an iota -> iota
    ("{devices=[2,2]0,2,1,3}", "{devices=[2,2]<=[2,2]T(1,0)}"),
    ("{devices=[3,2]0,3,1,4,2,5}", "{devices=[3,2]<=[2,3]T(1,0)}"),
    ("{devices=[2,2]3,0,1,2}", "{devices=[2,2]3,0,1,2}"),  # no iota behind it: stays a list
    ("{devices=[1,1,4]<=[4] last_tile_dim_replicate}", "{replicated}"),  # replicated everywhere
    ("{devices=[1,4]3,2,1,0 last_tile_dims={replicated}}", "{replicated}"),
    ("{devices=[1,4]<=[4] last_tile_dims={manual}}", "{manual}"),
    ("{devices=[1,1]<=[1]}", "{replicated}"),  # one device holds everything
    ("{devices=[2,2]1,0,3,2 last_tile_dim_replicate}", "{devices=[2,2]<=[4] last_tile_dim_replicate}"),
    ("{devices=[2,2,1]<=[4] last_tile_dim_replicate}", "{devices=[2,2]<=[4]}"),
    ("{devices=[2,2,2]<=[8] last_tile_dims={replicated, replicated}}", "{devices=[2,4]<=[8] last_tile_dim_replicate}"),
    (
        "{devices=[2,2,2]<=[8] last_tile_dims={replicated, manual}}",
        "{devices=[2,2,2]<=[2,2,2]T(0,2,1) last_tile_dims={manual, replicated}}",
    ),
    ('{replicated metadata={op_name="dropped"}}', "{replicated}"),
    ("{manual shard_as 2}", "{manual shard_as 2}"),
    ("{{devices=[2]1,0}, {devices=[1,2]0,1 last_tile_dim_replicate}}", "{{devices=[2]1,0}, {replicated}}"),
    ("{mesh['x'=2,'y'=4], [{'y'}, {'x'}]}", "{devices=[4,2]<=[2,4]T(1,0)}"),
    ("{mesh['x'=2,'y'=2], [], manual={'x'}}", "{devices=[2,2]<=[4] last_tile_dims={manual, replicated}}"),
    ("{single_device[device_id=5]}", "{maximal device=5}"),
]


@pytest.mark.parametrize(("given", "canonical"), CANONICAL)
def test_canonical_examples(given: str, canonical: str) -> None:
    assert canonicalize(parse_sharding(given)).to_text() == canonical
    assert equivalent(parse_sharding(given), parse_sharding(canonical))


def test_different_placements_are_not_equivalent() -> None:
    assert not equivalent(parse_sharding("{devices=[2,2]<=[4]}"), parse_sharding("{devices=[2,2]<=[2,2]T(1,0)}"))
    assert not equivalent(
        parse_sharding("{devices=[2,2]<=[4] last_tile_dims={manual}}"),
        parse_sharding("{devices=[2,2]<=[4] last_tile_dim_replicate}"),
    )
    assert not equivalent(parse_sharding("{replicated}"), parse_sharding("{manual}"))


# (text, message fragment, column)
ERRORS = [
    ("{replicated manual}", "conflicts", 13),
    ("{devices=[2,2]0,1,2}", "device count 3", 15),
    ("{devices=[2,2]<=[8]}", "iota tile assignment size 8", 17),
    ("{devices=[2,2]<=[2,2]}", "expected 'T('", 22),
    ("{devices=[2,2]<=[2,2]T(0,0)}", "not a permutation", 17),
    ("{maximal}", "maximal shardings need", 2),
    ("{replicated device=1}", "maximal", 2),
    ("{devices=[2,2]<=[4] last_tile_dims={replicated} last_tile_dim_replicate}", "not both", 2),
    ("{devices=[2,2]<=[4] last_tile_dims={other}}", "unknown last_tile_dims kind 'other'", 37),
    ("{devices=[2]0,1 foo}", "unknown sharding keyword 'foo'", 17),
    ('{replicated metadata={op_name="a" junk=1}}', "unknown metadata attribute 'junk'", 35),
    ("{replicated", "expected '}'", 12),
    ("{{replicated} {manual}}", "expected '}'", 15),
    ("{mesh['x'=2], [{'z'}]}", "axis 'z' is not a valid axis", 17),
    ("{mesh['x'=2,'y'=2], [{'x'}], manual={'y'}, replicated={'x'}}", "overlap", 2),
    ("{mesh['x'=3], device_ids=(0,1,2), [{}]}", "identity", 2),
    ("{mesh['x'=4], [{'x':(1)2, 'x':(2)2}]}", "merged", 2),
]


@pytest.mark.parametrize(("text", "fragment", "column"), ERRORS)
def test_errors_name_the_column(text: str, fragment: str, column: int) -> None:
    with pytest.raises(TranslateError) as info:
        parse_sharding(text)
    assert fragment in info.value.message
    assert info.value.location is not None
    assert (info.value.location.line, info.value.location.column) == (1, column)


# ---------------------------------------------------------------------------------------------
# Properties of the model


def _factorizations(n: int, parts: int) -> st.SearchStrategy[tuple[int, ...]]:
    """Tuples of ``parts`` positive ints whose product is ``n``."""
    if parts == 1:
        return st.just((n,))
    divisors = [d for d in range(1, n + 1) if n % d == 0]
    return st.sampled_from(divisors).flatmap(lambda d: _factorizations(n // d, parts - 1).map(lambda rest: (d,) + rest))


@st.composite
def tile_assignments(draw: st.DrawFn) -> TileAssignment:
    n = draw(st.sampled_from([2, 3, 4, 6, 8, 12, 16]))
    dims = draw(st.integers(1, 4).flatmap(lambda k: _factorizations(n, k)))
    if draw(st.booleans()):
        devices = draw(st.permutations(range(n)))
        return TileAssignment(dims, devices=tuple(devices))
    reshape = draw(st.integers(1, 3).flatmap(lambda k: _factorizations(n, k)))
    perm = draw(st.permutations(range(len(reshape))))
    return TileAssignment.iota_of(dims, reshape, tuple(perm))


metadata_records = st.builds(
    OpMetadata,
    op_type=st.sampled_from(["", "add", 'we"ird\n']),
    op_name=st.text(max_size=6),
    source_file=st.sampled_from(["", "f.py"]),
    source_line=st.integers(0, 99),
    profile_type=st.lists(st.integers(0, 3), max_size=2).map(tuple),
    stack_frame_id=st.integers(0, 5),
)
extras = st.fixed_dictionaries(
    {
        "shard_group": st.none() | st.builds(ShardGroup, st.integers(0, 9), st.sampled_from(ShardGroupKind)),
        "metadata": st.lists(metadata_records, max_size=2).map(tuple),
    }
)


@st.composite
def tiled_shardings(draw: st.DrawFn) -> HloSharding:
    tile = draw(tile_assignments())
    form = draw(st.sampled_from(["plain", "replicate", "dims"]))
    if form == "replicate":
        return HloSharding.tiled(tile, last_tile_dim_replicate=True, **draw(extras))
    if form == "dims":
        count = draw(st.integers(1, len(tile.dims)))
        types = tuple(draw(st.lists(st.sampled_from(SubgroupType), min_size=count, max_size=count)))
        return HloSharding.tiled(tile, last_tile_dims=types, **draw(extras))
    return HloSharding.tiled(tile, **draw(extras))


@st.composite
def named_shardings(draw: st.DrawFn) -> HloSharding:
    if draw(st.integers(0, 9)) == 0:
        return HloSharding.from_named(NamedSharding(Mesh(maximal_device=draw(st.integers(0, 7)))))
    sizes = draw(st.lists(st.sampled_from([1, 2, 3, 4]), min_size=1, max_size=3))
    mesh = Mesh(tuple(MeshAxis(name, size) for name, size in zip("xyz", sizes)))
    n = prod(sizes)
    if n > 1 and draw(st.booleans()):
        ids = tuple(draw(st.permutations(range(n))))
        if ids != tuple(range(n)):
            mesh = Mesh(mesh.axes, device_ids=ids)
    rank = draw(st.integers(0, 3))
    dims: list[list[AxisRef]] = [[] for _ in range(rank)]
    lists: dict[str, list[AxisRef]] = {"replicated": [], "unreduced": [], "manual": []}
    for index in draw(st.permutations(range(len(sizes)))):
        where = draw(st.sampled_from(["dim", "replicated", "unreduced", "manual", "none"]))
        if where == "dim" and rank:
            dims[draw(st.integers(0, rank - 1))].append(AxisRef(index))
        elif where in lists:
            lists[where].append(AxisRef(index))
    open_dims = [draw(st.booleans()) for _ in range(rank)]
    named = NamedSharding(
        mesh,
        tuple(DimSharding(tuple(d), not o) for d, o in zip(dims, open_dims)),
        *(tuple(sorted(lists[k], key=lambda a: a.index)) for k in lists),
        metadata=draw(st.lists(metadata_records, max_size=1).map(tuple)),
    )
    return HloSharding.from_named(named)


keyword_kinds = (ShardingKind.REPLICATED, ShardingKind.MANUAL, ShardingKind.UNKNOWN, ShardingKind.UNREDUCED)
leaf_shardings = st.one_of(
    st.tuples(st.sampled_from(keyword_kinds), extras).map(lambda ke: HloSharding(ke[0], **ke[1])),
    st.tuples(st.integers(0, 15), extras).map(lambda de: HloSharding.maximal(de[0], **de[1])),
    tiled_shardings(),
    named_shardings(),
)
shardings = st.one_of(leaf_shardings, st.lists(leaf_shardings, max_size=7).map(HloSharding.tuple))


@settings(max_examples=300, deadline=None)
@given(shardings)
def test_print_then_parse_is_identity(sharding: HloSharding) -> None:
    text = sharding.to_text()
    reparsed = parse_sharding(text)
    assert reparsed.to_text() == text
    assert reparsed == sharding or _keyword_drops_axes(sharding)
    assert equivalent(reparsed, sharding)


def _keyword_drops_axes(sharding: HloSharding) -> bool:
    """XLA writes ``{mesh[...], manual}`` (``unreduced``) when those axes cover every device; the
    size-1 axes listed elsewhere, or missing from a manual list, do not survive that text."""
    for leaf in sharding.tuple_elements if sharding.is_tuple else (sharding,):
        named = leaf.named
        if named is None or named.mesh.maximal_device is not None:
            continue
        body = named.to_text()[len("{" + named.mesh.to_text() + ", ") :]
        every_axis = tuple(AxisRef(i) for i in range(len(named.mesh.axes)))
        if body.startswith("manual") and (named.unreduced_axes or named.manual_axes != every_axis):
            return True
        if body.startswith("unreduced") and named.manual_axes:
            return True
    return False


def _placement(sharding: HloSharding) -> object:
    """Which devices hold which tile, read directly off the tile array (a reference for
    `canonical`): per data tile, per position along the non-replicated subgroup dims, the set of
    replicas. Only meaningful without manual/unreduced dims, whose order XLA folds differently."""
    if sharding.is_tuple:
        return tuple(_placement(e) for e in sharding.tuple_elements)
    if not sharding.is_tiled:
        return sharding.kind, sharding.device
    array, types = sharding.tile_assignment(), sharding.subgroup_types
    rank = array.ndim - len(types)
    replicas = [rank + i for i, t in enumerate(types) if t is SubgroupType.REPLICATED]
    others = [rank + i for i, t in enumerate(types) if t is not SubgroupType.REPLICATED]
    positions = prod(array.shape[d] for d in others)
    groups = array.transpose(list(range(rank)) + others + replicas).reshape(array.shape[:rank] + (positions, -1))
    if prod(array.shape[:rank]) == 1 and positions == 1:
        return ShardingKind.REPLICATED, None
    return {
        index: tuple(frozenset(groups[index][k].tolist()) for k in range(positions))
        for index in np.ndindex(*array.shape[:rank])
    }


@settings(max_examples=300, deadline=None)
@given(st.one_of(tiled_shardings(), st.lists(tiled_shardings(), max_size=3).map(HloSharding.tuple)))
def test_canonical_is_idempotent_and_keeps_placement(sharding: HloSharding) -> None:
    canonical = canonicalize(sharding)
    assert canonicalize(canonical) == canonical
    assert parse_sharding(canonical.to_text()) == canonical
    if not any(t in (SubgroupType.MANUAL, SubgroupType.UNREDUCED) for t in _leaf_types(sharding)):
        assert _placement(canonical) == _placement(sharding)
    assert equivalent(sharding, xla_normalize(sharding))


def _leaf_types(sharding: HloSharding) -> tuple[SubgroupType, ...]:
    leaves = sharding.tuple_elements if sharding.is_tuple else (sharding,)
    return tuple(t for leaf in leaves if leaf.is_tiled for t in leaf.subgroup_types)


@settings(max_examples=300, deadline=None)
@given(
    st.integers(1, 4).flatmap(
        lambda k: st.tuples(st.lists(st.integers(1, 4), min_size=k, max_size=k), st.permutations(range(k)))
    ),
    st.integers(1, 3),
)
def test_iota_expansion_matches_the_explicit_list(reshape_perm: tuple[list[int], list[int]], rank: int) -> None:
    reshape, perm = reshape_perm
    n = prod(reshape)
    dims = tuple(n if i == 0 else 1 for i in range(rank))
    expected = np.arange(n).reshape(reshape).transpose(perm).reshape(dims)
    iota_text = f"{{devices=[{','.join(map(str, dims))}]<=[{','.join(map(str, reshape))}]" + (
        f"T({','.join(map(str, perm))})}}" if len(reshape) > 1 else "}"
    )
    iota = parse_sharding(iota_text)
    assert iota.tile_assignment().tolist() == expected.tolist()
    if n > 1:
        listed = parse_sharding(f"{{devices=[{','.join(map(str, dims))}]{','.join(map(str, expected.ravel()))}}}")
        assert canonicalize(listed) == canonicalize(iota)
        assert canonicalize(listed).tile is not None and canonicalize(listed).tile.is_iota


# ---------------------------------------------------------------------------------------------
# XLA as the oracle

_XLA_WORKER = r"""
import json, sys
from jaxlib import _hlo
for line in sys.stdin:
    text = json.loads(line)
    try:
        s = _hlo.HloSharding.from_string(text)
        out = {"text": s.to_string(include_metadata=True), "proto": s.to_proto().SerializeToString().hex()}
        named = text.lstrip("{ ").startswith(("mesh", "single_device", "maximal_mesh"))
        if s.tuple_elements():
            pass  # v3_to_v2_sharding and the device list are per leaf
        elif named:
            out["v2"] = s.v3_to_v2_sharding().to_string()
        elif s.is_tiled():
            out["dims"] = list(s.tile_assignment_dimensions())
            out["devices"] = list(s.tile_assignment_devices())
    except Exception as err:
        out = {"error": str(err)}
    sys.stdout.write(json.dumps(out) + "\n")
    sys.stdout.flush()
"""


def _ask_xla(texts: list[str]) -> list[dict]:
    """XLA's answer for each text; {"crash": True} where XLA aborted the process."""
    answers: list[dict] = []
    while len(answers) < len(texts):
        pending = texts[len(answers) :]
        proc = subprocess.run(
            [sys.executable, "-c", _XLA_WORKER],
            input="".join(json.dumps(t) + "\n" for t in pending),
            capture_output=True,
            text=True,
            timeout=300,
        )
        lines = proc.stdout.splitlines()
        answers += [json.loads(line) for line in lines]
        if proc.returncode != 0 and len(lines) < len(pending):
            answers.append({"crash": True})  # the text after the last answer aborted XLA
        elif len(lines) != len(pending):
            raise AssertionError(f"XLA worker stopped early: {proc.stderr[-2000:]}")
    return answers


def _split(rng: random.Random, n: int, parts: int) -> list[int]:
    out = []
    for _ in range(parts - 1):
        d = rng.choice([d for d in range(1, n + 1) if n % d == 0])
        out.append(d)
        n //= d
    return out + [n]


def _metadata_text(rng: random.Random) -> str:
    records = [
        rng.choice(
            [
                'op_name="jit(f)/dot"',
                'op_type="t" op_name="x\\"y" source_line=7',
                'source_file="a.py" source_line=3 source_end_line=4 source_column=1 source_end_column=9',
                'op_name="\\303\\251\\n" profile_type={1,2} deduplicated_name="d" scheduling_name="s"',
                'op_type="sdy::reduction_op" op_name="MAX"',
                "",
            ]
        )
        for _ in range(rng.randint(1, 2))
    ]
    if len(records) == 1 and rng.random() < 0.5:
        return " metadata={" + records[0] + "}"
    return " metadata={" + ", ".join("{" + r + "}" for r in records) + "}"


def _tiled_text(rng: random.Random) -> str:
    n = rng.choice([2, 4, 6, 8, 12, 16])
    dims = _split(rng, n, rng.randint(1, 4))
    if rng.random() < 0.4:
        devices = list(range(n))
        if rng.random() < 0.5:
            rng.shuffle(devices)
        else:  # an iota written out, which XLA keeps as a list
            reshape = _split(rng, n, rng.randint(1, 3))
            perm = list(range(len(reshape)))
            rng.shuffle(perm)
            devices = np.arange(n).reshape(reshape).transpose(perm).ravel().tolist()
        tile = f"[{','.join(map(str, dims))}]{','.join(map(str, devices))}"
    else:
        reshape = _split(rng, n, rng.randint(1, 3))
        perm = list(range(len(reshape)))
        rng.shuffle(perm)
        tile = f"[{','.join(map(str, dims))}]<=[{','.join(map(str, reshape))}]"
        tile += f"T({','.join(map(str, perm))})" if len(reshape) > 1 else ""
    text = "{devices=" + tile
    form = rng.random()
    if form < 0.3:
        text += " last_tile_dim_replicate"
    elif form < 0.7:
        count = rng.randint(1, len(dims))
        kinds = [rng.choice(["replicated", "manual", "unreduced", "replicated", "maximal"]) for _ in range(count)]
        text += " last_tile_dims={" + ", ".join(kinds) + "}"
    if rng.random() < 0.15:
        text += rng.choice([" shard_as ", " shard_like "]) + str(rng.randint(0, 9))
    if rng.random() < 0.2:
        text += _metadata_text(rng)
    return text + "}"


def _named_text(rng: random.Random) -> str | None:
    sizes = [rng.choice([1, 2, 2, 3, 4, 8]) for _ in range(rng.randint(0, 3))]
    names = ["x", "y", "z"][: len(sizes)]
    mesh = "mesh[" + ",".join(f"'{a}'={s}" for a, s in zip(names, sizes)) + "]"
    n = prod(sizes)
    if n > 2 and rng.random() < 0.3:
        ids = list(range(n))
        rng.shuffle(ids)
        if ids != sorted(ids):
            mesh += ", device_ids=(" + ",".join(map(str, ids)) + ")"
    rank = rng.randint(0, 3)
    dims: list[list[str]] = [[] for _ in range(rank)]
    lists: dict[str, list[str]] = {"replicated": [], "unreduced": [], "manual": []}
    for name, size in zip(names, sizes):
        refs = [f"'{name}'"]
        if size in (4, 8) and rng.random() < 0.5:  # split into a major and a minor sub-axis
            refs = [f"'{name}':(1)2", f"'{name}':(2){size // 2}"]
        for ref in refs:
            where = rng.choice(["dim", "dim", "replicated", "unreduced", "manual", "none"])
            if where == "dim" and rank:
                dims[rng.randrange(rank)].append(ref)
            elif where in lists:
                lists[where].append(ref)
    body = "[" + ", ".join("{" + ", ".join(d + (["?"] if rng.random() < 0.2 else [])) + "}" for d in dims) + "]"
    text = "{" + mesh + ", " + body
    for key, refs in lists.items():
        if refs:
            text += f", {key}={{" + ", ".join(refs) + "}"
    if rng.random() < 0.2:
        text += ', metadata={{op_name="n"}}'
    text += "}"
    try:
        parse_sharding(text)
    except TranslateError:
        return None  # e.g. two halves of one axis adjacent in a dimension: XLA aborts on those
    return text


@cache
def _generated_texts() -> tuple[str, ...]:
    rng = random.Random(1234)
    texts: list[str] = []
    for _ in range(260):
        texts.append(_tiled_text(rng))
    for kind in ["replicated", "manual", "unknown", "unreduced", "maximal device=3"]:
        texts.append("{" + kind + "}")
        texts.append("{" + kind + " shard_like 4" + _metadata_text(rng) + "}")
    while len(texts) < 360:
        if (named := _named_text(rng)) is not None:
            texts.append(named)
    leaves = list(texts)
    for _ in range(20):
        elements = [rng.choice(leaves) for _ in range(rng.randint(1, 11))]
        texts.append("{" + ", ".join(elements) + "}")
    texts.append('{single_device[device_id=2], metadata={{op_name="m"}}}')
    return tuple(texts)


@cache
def _xla_answers() -> dict[str, dict]:
    texts = list(_generated_texts())
    return dict(zip(texts, _ask_xla(texts)))


@pytest.fixture(scope="module")
def xla() -> dict[str, dict]:
    return _xla_answers()


def test_xla_prints_our_normalized_text(xla: dict[str, dict]) -> None:
    mismatches = [
        (text, answer.get("text") or answer, xla_normalize(parse_sharding(text)).to_text())
        for text, answer in xla.items()
        if answer.get("text") != xla_normalize(parse_sharding(text)).to_text()
    ]
    assert not mismatches, mismatches[:5]


def test_we_print_xla_output_verbatim(xla: dict[str, dict]) -> None:
    for answer in xla.values():
        assert parse_sharding(answer["text"]).to_text() == answer["text"]


def test_xla_normalization_keeps_the_placement(xla: dict[str, dict]) -> None:
    for text, answer in xla.items():
        assert equivalent(parse_sharding(text), parse_sharding(answer["text"])), text


def test_tile_assignment_matches_xla_devices(xla: dict[str, dict]) -> None:
    checked = 0
    for answer in xla.values():
        if "devices" in answer:
            ours = parse_sharding(answer["text"]).tile_assignment()
            assert list(ours.shape) == answer["dims"]
            assert ours.ravel().tolist() == answer["devices"]
            checked += 1
    assert checked > 150


def test_named_shardings_place_data_like_xla_v2(xla: dict[str, dict]) -> None:
    named = {t: a for t, a in xla.items() if "v2" in a}
    assert len(named) > 60
    for text, answer in named.items():
        assert equivalent(parse_sharding(text), parse_sharding(answer["v2"])), (text, answer["v2"])


def test_op_sharding_bytes_match_xla(xla: dict[str, dict]) -> None:
    for text, answer in xla.items():
        ours = to_op_sharding(xla_normalize(parse_sharding(text)))
        assert ours.SerializeToString().hex() == answer["proto"], text


def test_from_op_sharding_reads_xla_protos(xla: dict[str, dict]) -> None:
    from hlo_translate.proto import xla_data_pb2

    for text, answer in xla.items():
        message = xla_data_pb2.OpSharding()
        message.ParseFromString(bytes.fromhex(answer["proto"]))
        assert from_op_sharding(message) == xla_normalize(parse_sharding(text)), text


REJECTED_BY_XLA = [
    "{replicated device=1}",
    "{maximal}",
    "{devices=[2,2]0,1,2}",
    "{devices=[2,2]<=[2,2]}",
    "{devices=[2,2]<=[8]}",
    "{devices=[1]0}",
    "{{replicated} {manual}}",
    "{replicated, manual}",
    "{devices=[2,2]<=[4] last_tile_dims={other}}",
    "{devices=[2,2]<=[4] last_tile_dims=replicated}",
    "{devices=[2,2]<=[4] last_tile_dims={replicated} last_tile_dim_replicate}",
    '{replicated metadata={op_name="a" junk=1}}',
    "{replicated metadata={source_line=99999999999}}",
    "{replicated metadata={profile_type={7}}}",
    "{devices=[2]<=[2]T(0)}",
    "{mesh['x'=2], [{'z'}]}",
    "{mesh['x'=2,'x'=2], [{}]}",
    "{mesh['x'=2,'y'=2], [], manual={'y', 'x'}}",
    "{mesh['x'=2,'y'=2], [{'x'}, {'x'}]}",
    "{mesh['x'=4], [{'x':(1)4}]}",
    "{mesh['x'=8], [{'x':(3)2}]}",
    "{mesh['x'=3], device_ids=(0,1,2), [{}]}",
    "{mesh['x'=3], device_ids=(2,1,5), [{}]}",
    "{mesh['x'=2], [{'x'}] shard_as 1}",
    "{mesh['x'=2], [{?, 'x'}]}",
    "{mesh['x'=2]}",
]


def test_rejects_what_xla_rejects() -> None:
    for text, answer in zip(REJECTED_BY_XLA, _ask_xla(REJECTED_BY_XLA)):
        assert "text" not in answer, (text, answer)  # XLA rejected it or aborted on it
        with pytest.raises(TranslateError):
            parse_sharding(text)


# ---------------------------------------------------------------------------------------------
# JAX as the oracle

_JAX_WORKER = r"""
import itertools, json, os, random
os.environ["XLA_FLAGS"] = os.environ.get("XLA_FLAGS", "") + " --xla_force_host_platform_device_count=8"
import jax, numpy as np
from jax.sharding import AxisType, Mesh, NamedSharding, PartitionSpec as P
rng = random.Random(7)
devices = jax.devices()
out = []
for shape in [(8,), (2, 4), (4, 2), (2, 2, 2), (2, 2), (1, 8), (2, 1, 4)]:
    names = ("a", "b", "c")[:len(shape)]
    n = int(np.prod(shape))
    for order in ("natural", "shuffled"):
        picked = list(devices[:n])
        if order == "shuffled":
            rng.shuffle(picked)
        for types in ((AxisType.Auto,) * len(shape), (AxisType.Explicit,) * len(shape)):
            mesh = Mesh(np.array(picked).reshape(shape), names, axis_types=types)
            for _ in range(6):
                ndim = rng.randint(1, 3)
                free = list(names)
                rng.shuffle(free)
                spec = []
                for _ in range(ndim):
                    take = rng.randint(0, min(2, len(free)))
                    axes, free = free[:take], free[take:]
                    spec.append(None if not axes else axes[0] if len(axes) == 1 else tuple(axes))
                unreduced = set(free[:1]) if types[0] == AxisType.Explicit and free and rng.random() < 0.5 else set()
                sharding = NamedSharding(mesh, P(*spec, unreduced=unreduced))
                row = {"text": sharding._to_xla_hlo_sharding(ndim).to_string(), "ndim": ndim, "devices": n}
                if not unreduced:
                    global_shape = (16,) * ndim
                    assignment = list(sharding._device_assignment)
                    row["slices"] = {str(assignment.index(d)): [[s.start or 0, 16 if s.stop is None else s.stop]
                                                              for s in index]
                                     for d, index in sharding.devices_indices_map(global_shape).items()}
                out.append(row)
print(json.dumps(out))
"""


@cache
def _jax_rows() -> tuple[dict, ...]:
    proc = subprocess.run([sys.executable, "-c", _JAX_WORKER], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return tuple(json.loads(proc.stdout))


def _slices(sharding: HloSharding, ndim: int, devices: int, size: int = 16) -> dict[str, list[list[int]]]:
    """Each device's slice of a (size,)*ndim array under ``sharding``, from our tile array."""
    if sharding.is_replicated:
        return {str(d): [[0, size]] * ndim for d in range(devices)}
    array = sharding.tile_assignment()
    out: dict[str, list[list[int]]] = {}
    for index in np.ndindex(*array.shape):
        tiles = array.shape[:ndim]
        out[str(int(array[index]))] = [[i * size // t, (i + 1) * size // t] for i, t in zip(index[:ndim], tiles)]
    return out


def test_jax_shardings_parse_and_print_back() -> None:
    rows = _jax_rows()
    assert len(rows) > 100
    for row in rows:
        assert parse_sharding(row["text"]).to_text() == row["text"]


def test_jax_device_slices_match_our_tile_assignment() -> None:
    checked = 0
    for row in _jax_rows():
        if "slices" in row:
            assert _slices(parse_sharding(row["text"]), row["ndim"], row["devices"]) == row["slices"], row["text"]
            checked += 1
    assert checked > 80
