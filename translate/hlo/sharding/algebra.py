"""Normal forms of shardings: our canonical form, and the normalization XLA's parser applies.

``canonicalize`` answers "do these two shardings place data the same way?". ``xla_normalize``
predicts the sharding XLA builds from the same text (``HloSharding::Subgroup``, ``PartialTile``,
``IotaTileAssignment::Create``), so that our printed text matches what XLA prints back.
"""

from __future__ import annotations

from dataclasses import replace
from math import prod

import numpy as np

from hlo_translate.hlo.ir import OpMetadata
from hlo_translate.hlo.sharding.model import HloSharding, ShardingKind, SubgroupType
from hlo_translate.hlo.sharding.named import NamedSharding
from hlo_translate.hlo.sharding.tile_assignment import TileAssignment, find_iota, group_minor_iota_dims_sorted

# XLA orders merged subgroup dims by type like this (replicated last, so it can be sorted).
_TYPE_ORDER = (SubgroupType.MAXIMAL, SubgroupType.MANUAL, SubgroupType.UNREDUCED, SubgroupType.REPLICATED)
_DEGENERATE = {
    SubgroupType.REPLICATED: ShardingKind.REPLICATED,
    SubgroupType.MANUAL: ShardingKind.MANUAL,
    SubgroupType.UNREDUCED: ShardingKind.UNREDUCED,
}
_REDUCTION_OP_TYPE = "sdy::reduction_op"
_REDUCTION_OPS = ("SUM", "MAX", "MIN")


# Canonical form ---------------------------------------------------------------------------------


def canonicalize(sharding: HloSharding) -> HloSharding:
    """A normal form: two shardings place data the same way iff their canonical forms are equal.

    Metadata is dropped, partial replication groups are sorted, size-1 and repeated subgroup dims are
    folded, degenerate tilings become ``{replicated}``/``{manual}``/``{unreduced}``, device lists that are a
    (transposed) iota become the canonical iota, and named shardings become their tiled equivalent. Shard
    groups are kept: they constrain propagation.
    """
    if sharding.is_tuple:
        return HloSharding.tuple(tuple(canonicalize(e) for e in sharding.tuple_elements))
    if sharding.is_named:
        assert sharding.named is not None
        tiles = sharding.named.to_tiles()
        if tiles is None:
            device = sharding.named.mesh.maximal_device
            assert device is not None
            return HloSharding.maximal(device)
        if (kind := _named_degenerate_kind(sharding.named)) is not None:
            return HloSharding(kind)
        array, kinds = tiles
        return _canonical_tiled(array, tuple(SubgroupType[k.upper()] for k in kinds), sharding)
    if sharding.is_tiled:
        return _canonical_tiled(sharding.tile_assignment(), sharding.subgroup_types, sharding)
    return replace(sharding, metadata=())


def equivalent(a: HloSharding, b: HloSharding) -> bool:
    """Whether two shardings place data on devices the same way (their `canonicalize` forms are equal).

    >>> from hlo_translate.hlo.sharding import parse_sharding
    >>> equivalent(parse_sharding("{devices=[2,2]0,1,2,3}"), parse_sharding("{devices=[2,2]<=[4]}"))
    True
    """
    return canonicalize(a) == canonicalize(b)


def _named_degenerate_kind(named: NamedSharding) -> ShardingKind | None:
    """Manual or unreduced on every device (size-1 axes aside) is plain {manual}/{unreduced}, as in XLA."""
    devices = prod(named.mesh.axis_sizes)
    for kind, axes in ((ShardingKind.MANUAL, named.manual_axes), (ShardingKind.UNREDUCED, named.unreduced_axes)):
        if axes and prod(named.mesh.axes[a.index].size if a.size is None else a.size for a in axes) == devices:
            return kind
    return None


def _canonical_tiled(array: np.ndarray, types: tuple[SubgroupType, ...], source: HloSharding) -> HloSharding:
    data_rank = array.ndim - len(types)
    group = source.shard_group
    data_size = prod(array.shape[:data_rank])
    if data_size == 1 and len(set(types)) == 1 and types[0] in _DEGENERATE:
        # Nothing tiles the data and every device is of one kind (XLA's rule, size-1 dims included).
        return HloSharding(_DEGENERATE[types[0]], shard_group=group)
    array, merged = _merge_subgroups(array, data_rank, types)
    if not merged and array.size == 1:
        # One device holds everything: XLA reads a single-device tiling as replicated.
        return HloSharding.replicated(shard_group=group)
    if data_size == 1 and len(merged) == 1 and merged[0] in _DEGENERATE:
        return HloSharding(_DEGENERATE[merged[0]], shard_group=group)
    if merged and merged[-1] is SubgroupType.REPLICATED:
        array = np.sort(array, axis=-1)  # devices of one replication group are a set
    iota = find_iota(array.ravel())
    shape = tuple(int(d) for d in array.shape)
    tile = TileAssignment(shape, iota=iota) if iota is not None else TileAssignment.from_array(array)
    only_replicated = merged == (SubgroupType.REPLICATED,)
    return HloSharding.tiled(
        tile,
        last_tile_dim_replicate=only_replicated,
        last_tile_dims=() if only_replicated else merged,
        shard_group=group,
    )


def _merge_subgroups(
    array: np.ndarray, data_rank: int, types: tuple[SubgroupType, ...]
) -> tuple[np.ndarray, tuple[SubgroupType, ...]]:
    """Drop size-1 subgroup dims, then gather the dims of each type into one (in ``_TYPE_ORDER``)."""
    shape = array.shape
    kept = [i for i in range(len(types)) if shape[data_rank + i] != 1]
    order = sorted(kept, key=lambda i: _TYPE_ORDER.index(types[i]))  # stable within a type
    dropped = [data_rank + i for i in range(len(types)) if i not in kept]
    array = array.transpose(list(range(data_rank)) + [data_rank + i for i in order] + dropped)
    merged: list[SubgroupType] = []
    sizes: list[int] = []
    for i in order:
        if merged and merged[-1] is types[i]:
            sizes[-1] *= shape[data_rank + i]
        else:
            merged.append(types[i])
            sizes.append(shape[data_rank + i])
    return array.reshape(tuple(shape[:data_rank]) + tuple(sizes)), tuple(merged)


# XLA's normalization ----------------------------------------------------------------------------


def xla_normalize(sharding: HloSharding) -> HloSharding:
    """See ``HloSharding.xla_normalized``."""
    if sharding.is_tuple:
        return HloSharding.tuple(tuple(xla_normalize(e) for e in sharding.tuple_elements))
    if sharding.is_named:
        return sharding
    result = sharding
    if sharding.is_tiled:
        tile = _canonical_iota(sharding.tile)
        types = sharding.subgroup_types
        result = _xla_subgroup(tile, types) if types else HloSharding.tiled(tile)
        result = replace(result, shard_group=sharding.shard_group, metadata=sharding.metadata)
    return replace(result, metadata=_with_reduction_op(result))


def _canonical_iota(tile: TileAssignment | None) -> TileAssignment:
    assert tile is not None
    if tile.iota is None:
        return tile
    return TileAssignment.iota_of(tile.dims, tile.iota.reshape_dims, tile.iota.transpose_perm)


def _xla_subgroup(tile: TileAssignment, types: tuple[SubgroupType, ...]) -> HloSharding:
    """``HloSharding::Subgroup``: fold trivial and same-typed subgroup dims, replicated last."""
    dims = tile.dims
    data_rank = len(dims) - len(types)
    if len(set(types)) == 1 and prod(dims[:data_rank]) == 1 and types[0] in _DEGENERATE:
        return HloSharding(_DEGENERATE[types[0]])
    dims_of_type: dict[SubgroupType, list[int]] = {}
    removed: list[int] = []
    needs_merging = False
    for i, kind in enumerate(types):
        dim = data_rank + i
        if dims[dim] == 1:
            removed.append(dim)
            needs_merging = True
            continue
        needs_merging |= kind in dims_of_type
        dims_of_type.setdefault(kind, []).append(dim)
    needs_merging |= len(dims_of_type) > 1
    if not needs_merging:
        return _xla_create(tile, types)
    perm = list(range(data_rank))
    merged_shape = list(dims[:data_rank])
    merged_types: list[SubgroupType] = []
    for kind in _TYPE_ORDER:
        if kind in dims_of_type:
            perm += dims_of_type[kind]
            merged_shape.append(prod(dims[d] for d in dims_of_type[kind]))
            merged_types.append(kind)
    moved = tile.array().transpose(perm + removed).reshape(merged_shape)
    if tile.is_iota and (iota := find_iota(moved.ravel())) is not None:
        # XLA transposes an iota symbolically; when that works the result is this canonical iota.
        new_tile = TileAssignment(tuple(merged_shape), iota=iota)
    else:
        new_tile = TileAssignment.from_array(moved)
    return _xla_create(new_tile, tuple(merged_types))


def _xla_create(tile: TileAssignment, types: tuple[SubgroupType, ...]) -> HloSharding:
    if types == (SubgroupType.REPLICATED,):
        return _xla_partial_tile(tile)
    if types == (SubgroupType.MANUAL,) and tile.num_elements == tile.dims[-1]:
        return HloSharding.manual()
    if types and types[-1] is SubgroupType.REPLICATED:
        partial = _xla_partial_tile(tile)
        assert partial.tile is not None and partial.last_tile_dim_replicate
        return HloSharding.tiled(partial.tile, last_tile_dims=types)
    return HloSharding.tiled(tile, last_tile_dims=types)


def _xla_partial_tile(tile: TileAssignment) -> HloSharding:
    """``HloSharding::PartialTile``: sort each replication group, keeping an iota when XLA can."""
    dims = tile.dims
    if len(dims) == 1 or dims[-1] == tile.num_elements:
        return HloSharding.replicated()
    if dims[-1] == 1:
        return HloSharding.tiled(_reshape(tile, dims[:-1]))
    group = dims[-1]
    if tile.iota is not None:
        reshape, perm = tile.iota.reshape_dims, tile.iota.transpose_perm
        if reshape[perm[-1]] == group:
            return HloSharding.tiled(tile, last_tile_dim_replicate=True)
        grouped = group_minor_iota_dims_sorted(reshape, perm, group)
        if grouped is not None:
            return HloSharding.tiled(TileAssignment.iota_of(dims, *grouped), last_tile_dim_replicate=True)
    ordered = np.sort(tile.array().reshape(-1, group), axis=1).reshape(dims)
    return HloSharding.tiled(TileAssignment.from_array(ordered), last_tile_dim_replicate=True)


def _reshape(tile: TileAssignment, dims: tuple[int, ...]) -> TileAssignment:
    if tile.iota is not None:
        return TileAssignment(tuple(dims), iota=tile.iota)
    return TileAssignment(tuple(dims), devices=tile.devices)


def _with_reduction_op(sharding: HloSharding) -> tuple[OpMetadata, ...]:
    """XLA 0.12 keeps the reduction of unreduced values in the sharding and prints it as an extra
    metadata record ``{op_type="sdy::reduction_op" op_name="SUM"}`` (even when one was given)."""
    if sharding.is_tuple:
        return sharding.metadata
    op = None
    for record in sharding.metadata:
        if record.op_type == _REDUCTION_OP_TYPE and record.op_name in _REDUCTION_OPS:
            op = record.op_name
    unreduced = sharding.is_unreduced or SubgroupType.UNREDUCED in (
        sharding.subgroup_types if sharding.is_tiled else ()
    )
    if not unreduced and op in (None, "SUM"):
        return sharding.metadata
    return sharding.metadata + (OpMetadata(op_type=_REDUCTION_OP_TYPE, op_name=op or "SUM"),)
