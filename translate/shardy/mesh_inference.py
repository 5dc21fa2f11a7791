"""One Shardy mesh for a set of GSPMD shardings, and each sharding written on it.

Pure Python + numpy (no MLIR). A tiled GSPMD sharding is an array of device ids. Number the
devices by their position in a mesh (``position = index in the mesh's device order``): when the
tile array, relabelled to positions, is a transposed iota, every tile dimension is a run of
mixed-radix *digits* of the position (``(position // stride) % size``). A mesh whose axes cut the
position range at every digit boundary of every sharding expresses them all; the coarsest such
mesh has one axis per gap between consecutive cut points (the common refinement of all the
shardings' factorizations). This is what XLA's ``stablehlo_import.cc`` does for iota tile
assignments. We also accept explicit device lists: when iota order does not fit, the mesh gets
``device_ids`` from a device order found by sorting devices by their tile coordinates (or, failing
that, from one of the shardings' own orders).

    >>> from hlo_translate.hlo.sharding import parse_sharding
    >>> plan = plan_mesh([parse_sharding("{devices=[4,2]<=[8]}"), parse_sharding("{devices=[2,4]<=[8]}")])
    >>> plan.mesh.axis_sizes
    (2, 2, 2)
    >>> plan.express(parse_sharding("{devices=[4,2]<=[8]}")).to_text()
    "{mesh['_axis_0'=2,'_axis_1'=2,'_axis_2'=2], [{'_axis_0', '_axis_1'}, {'_axis_2'}]}"
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import prod

import numpy as np

from hlo_translate.errors import TranslateError
from hlo_translate.hlo.sharding import (
    AxisRef,
    DimSharding,
    HloSharding,
    Mesh,
    MeshAxis,
    NamedSharding,
    ShardingKind,
    SubgroupType,
    canonicalize,
    find_iota,
)
from hlo_translate.hlo.verify.shardings import device_id_problem

AXIS_PREFIX = "_axis_"
# GSPMD records the reduction of unreduced values as a metadata record of this op_type.
_REDUCTION_OP_TYPE = "sdy::reduction_op"


@dataclass(frozen=True, slots=True)
class Digit:
    """A factor of the device position: positions vary along it as ``(p // stride) % size``."""

    size: int
    stride: int

    @property
    def end(self) -> int:
        return self.stride * self.size


@dataclass(frozen=True, slots=True)
class Layout:
    """A tiled sharding as digits: per data dimension, then per subgroup dimension (major first)."""

    dims: tuple[tuple[Digit, ...], ...]
    subgroups: tuple[tuple[SubgroupType, tuple[Digit, ...]], ...]

    def cuts(self) -> set[int]:
        digits = [d for dim in self.dims for d in dim] + [d for _, ds in self.subgroups for d in ds]
        return {c for d in digits for c in (d.stride, d.end)}


@dataclass(frozen=True)
class MeshPlan:
    """The mesh chosen for a module, and how to write any of its shardings on it.

    ``mesh`` has no axes when no sharding needs one. ``maximal_devices`` are the devices of
    ``{maximal device=N}`` shardings; each gets a mesh of its own (``maximal_mesh_N``).
    """

    mesh: Mesh
    maximal_devices: tuple[int, ...] = ()
    _written: dict[HloSharding, NamedSharding] = field(default_factory=dict, compare=False, repr=False)

    @property
    def num_devices(self) -> int:
        return prod(self.mesh.axis_sizes)

    def express(self, sharding: HloSharding) -> NamedSharding:
        """``sharding`` (not a tuple) on this plan's mesh; manual subgroups become ``manual_axes``.

        ``{maximal device=N}`` gives a sharding on ``Mesh(maximal_device=N)``; ``{unknown}`` gives
        no dimension shardings (the caller opens every dimension).
        """
        if sharding not in self._written:  # modules repeat a few shardings many times
            self._written[sharding] = self._express(sharding)
        return self._written[sharding]

    def _express(self, sharding: HloSharding) -> NamedSharding:
        assert not sharding.is_tuple
        kind = sharding.kind
        if kind is ShardingKind.MAXIMAL:
            assert sharding.device is not None
            return NamedSharding(Mesh(maximal_device=sharding.device))
        if kind is ShardingKind.NAMED:
            assert sharding.named is not None
            if _is_axisless(sharding):  # `{mesh[], replicated}`: replicated on any mesh
                return NamedSharding(self.mesh)
            return _on_mesh(sharding.named, self.mesh)
        canonical = canonicalize(sharding)
        every_axis = tuple(AxisRef(i) for i, a in enumerate(self.mesh.axes) if a.size > 1)
        if canonical.kind in (ShardingKind.REPLICATED, ShardingKind.UNKNOWN):
            return NamedSharding(self.mesh)
        if canonical.kind is ShardingKind.MANUAL:
            return NamedSharding(self.mesh, manual_axes=every_axis)
        if canonical.kind is ShardingKind.UNREDUCED:
            return NamedSharding(self.mesh, unreduced_axes=every_axis, reduction_op=_reduction_op(sharding))
        layout = _layout(canonical, _positions(self.mesh))
        if layout is None or canonical.num_devices != self.num_devices:
            raise TranslateError(
                f"sharding {sharding.to_text(False)} does not fit the mesh "
                f"{self.mesh.to_text()} inferred for this module"
            )
        return self._named(layout, _reduction_op(sharding), sharding)

    def _named(self, layout: Layout, reduction_op: str, source: HloSharding) -> NamedSharding:
        ranges = _axis_ranges(self.mesh)
        dims = tuple(DimSharding(_axis_refs(digits, ranges, source, self.mesh)) for digits in layout.dims)
        by_kind: dict[SubgroupType, list[AxisRef]] = {}
        for kind, digits in layout.subgroups:
            by_kind.setdefault(kind, []).extend(_axis_refs(digits, ranges, source, self.mesh))
        ordered = {
            kind: tuple(sorted(refs, key=lambda r: (r.index, r.pre_size or 1))) for kind, refs in by_kind.items()
        }
        unreduced = ordered.get(SubgroupType.UNREDUCED, ())
        return NamedSharding(
            self.mesh,
            dims,
            replicated_axes=ordered.get(SubgroupType.REPLICATED, ()),
            unreduced_axes=unreduced,
            manual_axes=ordered.get(SubgroupType.MANUAL, ()),
            reduction_op=reduction_op if unreduced else "sum",
        )


def plan_mesh(shardings: list[HloSharding], num_devices: int | None = None) -> MeshPlan:
    """Choose one mesh for all ``shardings`` (tuples are flattened).

    ``num_devices`` (the module's ``mhlo.num_partitions``) sizes the mesh when no sharding is
    tiled but ``{manual}`` or ``{unreduced}`` ones need axes. Raises ``TranslateError`` when no
    single mesh expresses every tiled sharding.
    """
    leaves = list(dict.fromkeys(leaf for s in shardings for leaf in _leaves(s)))
    for leaf in leaves:
        _check_supported(leaf)
    maximal = tuple(sorted({device for leaf in leaves if (device := _maximal_device(leaf)) is not None}))
    named_meshes = _named_meshes(leaves)
    canonical = list(dict.fromkeys(canonicalize(leaf) for leaf in leaves if not leaf.is_named))
    tiled = [c for c in canonical if c.is_tiled]
    if named_meshes:
        mesh = named_meshes[0]
        plan = MeshPlan(mesh, maximal)
        for sharding in tiled:
            plan.express(sharding)  # raises when it does not fit
        return plan
    if not tiled:
        # Fully manual or unreduced values span every device: the mesh needs axes for them.
        needs_axes = any(c.kind in (ShardingKind.UNREDUCED, ShardingKind.MANUAL) for c in canonical)
        size = num_devices if needs_axes and num_devices and num_devices > 1 else None
        axes = (MeshAxis(AXIS_PREFIX + "0", size),) if size else ()
        return MeshPlan(Mesh(axes), maximal)
    sizes = {c.num_devices for c in tiled}
    if len(sizes) > 1:
        raise TranslateError(
            "shardings of one module tile over different numbers of devices "
            f"({', '.join(map(str, sorted(s for s in sizes if s)))}): " + _examples(tiled)
        )
    mesh = _fit(tiled)
    if mesh is None:
        raise TranslateError(
            "no single Shardy mesh expresses all tile assignments of this module: " + _examples(_conflict(tiled))
        )
    return MeshPlan(mesh, maximal)


# Mesh search ------------------------------------------------------------------------------------


def _fit(tiled: list[HloSharding]) -> Mesh | None:
    """The coarsest mesh expressing all ``tiled`` shardings, or None.

    Device orders tried: iota, the devices sorted by their tile coordinates, then each sharding's
    own order; the first that fits wins, so iota order (no ``device_ids``) is preferred.
    """
    n = tiled[0].num_devices
    assert n is not None
    candidates: list[np.ndarray] = [np.arange(n, dtype=np.int64)]
    candidates.append(_lexicographic_order(tiled, n))
    for sharding in tiled:
        order = _set_normalized(sharding.tile_assignment(), len(sharding.subgroup_types)).ravel()
        if not any(np.array_equal(order, c) for c in candidates):
            candidates.append(order)
    for order in candidates:
        if sorted(order.tolist()) != list(range(n)):
            continue
        positions = np.empty(n, dtype=np.int64)
        positions[order] = np.arange(n)
        layouts = [_layout(s, positions) for s in tiled]
        if any(layout is None for layout in layouts):
            continue
        cuts = sorted({1, n}.union(*(layout.cuts() for layout in layouts if layout is not None)))
        if any(hi % lo for lo, hi in zip(cuts, cuts[1:])):
            continue
        sizes = [hi // lo for lo, hi in zip(cuts, cuts[1:])][::-1]  # major first
        axes = tuple(MeshAxis(f"{AXIS_PREFIX}{i}", size) for i, size in enumerate(sizes))
        identity = np.array_equal(order, np.arange(n))
        return Mesh(axes, device_ids=None if identity else tuple(int(d) for d in order))
    return None


def _lexicographic_order(tiled: list[HloSharding], n: int) -> np.ndarray:
    """Devices sorted by their tile coordinates in every sharding, then by manual and unreduced
    group, then by id.

    When some mesh expresses all shardings, each tile coordinate is a mixed-radix number over some
    of its (sub-)axes, so sorting by all of them lays the devices out in an order of those axes: a
    mesh order in which every sharding is an aligned transposed iota. Subgroups are sets, numbered
    arbitrarily within each tile, so their numbers are no coordinate; instead devices that share a
    manual (unreduced) group in any sharding are joined, and the joined classes are numbered.
    """
    keys: list[list[int]] = [[] for _ in range(n)]
    joined = {kind: list(range(n)) for kind in (SubgroupType.MANUAL, SubgroupType.UNREDUCED)}
    for sharding in tiled:
        types = sharding.subgroup_types
        array = sharding.tile_assignment()
        data_rank = array.ndim - len(types)
        for index in np.ndindex(*array.shape):
            keys[int(array[index])].extend(index[:data_rank])
        for i, kind in enumerate(types):
            if kind in joined:
                # Devices of one tile and one group of this kind (they differ in later subgroup dims).
                groups = array.reshape(array.shape[: data_rank + i + 1] + (-1,))
                for group in groups.reshape(-1, groups.shape[-1]):
                    for device in group[1:]:
                        _union(joined[kind], int(group[0]), int(device))
    for parents in joined.values():
        roots = [_find(parents, d) for d in range(n)]
        for device in range(n):
            keys[device].append(roots[device])
    return np.array(sorted(range(n), key=lambda d: (keys[d], d)), dtype=np.int64)


def _find(parents: list[int], x: int) -> int:
    while parents[x] != x:
        parents[x] = parents[parents[x]]
        x = parents[x]
    return x


def _union(parents: list[int], a: int, b: int) -> None:
    ra, rb = _find(parents, a), _find(parents, b)
    if ra != rb:
        parents[max(ra, rb)] = min(ra, rb)  # the smallest device names the class


def _conflict(tiled: list[HloSharding]) -> list[HloSharding]:
    """A small set of shardings that no mesh fits (for the error message)."""
    for sharding in tiled:
        if _fit([sharding]) is None:
            return [sharding]
    for i, a in enumerate(tiled):
        for b in tiled[i + 1 :]:
            if _fit([a, b]) is None:
                return [a, b]
    return tiled


def _layout(canonical: HloSharding, positions: np.ndarray) -> Layout | None:
    """The digits of a canonical tiled sharding relabelled by ``positions``, or None."""
    types = canonical.subgroup_types
    array = _set_normalized(positions[canonical.tile_assignment()], len(types))
    iota = find_iota(array.ravel())
    if iota is None:
        return None
    reshape, perm = iota.reshape_dims, iota.transpose_perm
    digits = [Digit(reshape[d], prod(reshape[d + 1 :])) for d in perm if reshape[d] > 1]
    per_dim = _split_digits(digits, array.shape)
    if per_dim is None:
        return None
    data_rank = array.ndim - len(types)
    return Layout(tuple(per_dim[:data_rank]), tuple(zip(types, per_dim[data_rank:])))


def _split_digits(digits: list[Digit], shape: tuple[int, ...]) -> list[tuple[Digit, ...]] | None:
    """Deal the digits (major first) out to tile dimensions, splitting a digit across a boundary."""
    pending = list(digits)
    result: list[tuple[Digit, ...]] = []
    for size in shape:
        taken: list[Digit] = []
        while size > 1:
            digit = pending.pop(0)
            if digit.size <= size:
                if size % digit.size:
                    return None
                taken.append(digit)
                size //= digit.size
            else:
                if digit.size % size:
                    return None
                minor = digit.size // size
                taken.append(Digit(size, digit.stride * minor))
                pending.insert(0, Digit(minor, digit.stride))
                size = 1
        result.append(tuple(taken))
    assert not pending
    return result


def _set_normalized(array: np.ndarray, num_subgroups: int) -> np.ndarray:
    """Order devices inside subgroup dims canonically: a subgroup is a set, its order is free.

    The last dim is sorted; each earlier subgroup dim is ordered by the smallest device of its slices.
    """
    array = np.asarray(array)
    for i in range(num_subgroups):
        axis = array.ndim - 1 - i
        if i == 0:
            array = np.sort(array, axis=axis)
            continue
        keys = array.min(axis=tuple(range(axis + 1, array.ndim)))
        order = np.argsort(keys, axis=axis, kind="stable")
        order = order.reshape(order.shape + (1,) * (array.ndim - order.ndim))
        array = np.take_along_axis(array, np.broadcast_to(order, array.shape), axis=axis)
    return array


def _positions(mesh: Mesh) -> np.ndarray:
    """``positions[device]``: where each device sits in the mesh's device order."""
    order = mesh.devices().ravel()
    positions = np.empty(order.size, dtype=np.int64)
    positions[order] = np.arange(order.size)
    return positions


def _axis_ranges(mesh: Mesh) -> list[tuple[int, int, int]]:
    """(axis index, lowest stride, end stride) per axis of size > 1, major first."""
    ranges: list[tuple[int, int, int]] = []
    stride = 1
    for index in reversed(range(len(mesh.axes))):
        size = mesh.axes[index].size
        if size > 1:
            ranges.append((index, stride, stride * size))
        stride *= size
    return ranges[::-1]


def _axis_refs(
    digits: tuple[Digit, ...], ranges: list[tuple[int, int, int]], source: HloSharding, mesh: Mesh
) -> tuple[AxisRef, ...]:
    """The (sub-)axes covering ``digits`` (major first), adjacent pieces of one axis merged."""
    pieces: list[tuple[int, int, int]] = []  # (axis index, lo, hi)
    for digit in digits:
        for index, lo, hi in ranges:
            piece_lo, piece_hi = max(digit.stride, lo), min(digit.end, hi)
            if piece_lo >= piece_hi:
                continue
            if piece_lo % lo or hi % piece_hi:
                raise TranslateError(
                    f"sharding {source.to_text(False)} splits axis "
                    f"'{mesh.axes[index].name}' of {mesh.to_text()} unevenly"
                )
            if pieces and pieces[-1][0] == index and pieces[-1][1] == piece_hi:
                pieces[-1] = (index, piece_lo, pieces[-1][2])
            else:
                pieces.append((index, piece_lo, piece_hi))
    refs = []
    for index, lo, hi in pieces:
        _, axis_lo, axis_hi = next(r for r in ranges if r[0] == index)
        if (lo, hi) == (axis_lo, axis_hi):
            refs.append(AxisRef(index))
        else:
            refs.append(AxisRef(index, pre_size=axis_hi // hi, size=hi // lo))
    return tuple(refs)


# Named (V3) shardings ---------------------------------------------------------------------------


def _named_meshes(leaves: list[HloSharding]) -> list[Mesh]:
    meshes: list[Mesh] = []
    for leaf in leaves:
        if leaf.is_named and leaf.named is not None and leaf.named.mesh.maximal_device is None:
            if _is_axisless(leaf):
                continue  # XLA writes `{mesh[], replicated}` on values of a program with a real mesh
            if meshes and leaf.named.mesh != meshes[0]:
                raise TranslateError(
                    f"named shardings on different meshes ({meshes[0].to_text()} and "
                    f"{leaf.named.mesh.to_text()}) cannot share one Shardy mesh"
                )
            meshes.append(leaf.named.mesh)
    return meshes


def _is_axisless(leaf: HloSharding) -> bool:
    """A named sharding on a mesh of no axes (XLA's `{mesh[], replicated}`): it uses no axis, so any mesh
    says it."""
    named = leaf.named
    return named is not None and named.mesh.maximal_device is None and not named.mesh.axes


def _on_mesh(named: NamedSharding, mesh: Mesh) -> NamedSharding:
    if named.mesh.maximal_device is not None:
        return named
    assert named.mesh == mesh, "plan_mesh checked that named shardings share one mesh"
    return NamedSharding(
        mesh,
        named.dim_shardings,
        named.replicated_axes,
        named.unreduced_axes,
        named.manual_axes,
        reduction_op=named.reduction_op,
    )


# Small helpers ----------------------------------------------------------------------------------


def _leaves(sharding: HloSharding) -> list[HloSharding]:
    if sharding.is_tuple:
        return [leaf for element in sharding.tuple_elements for leaf in _leaves(element)]
    return [sharding]


def _maximal_device(sharding: HloSharding) -> int | None:
    """The device of ``{maximal device=N}`` or of the named ``{single_device[device_id=N]}``."""
    if sharding.is_maximal:
        return sharding.device
    if sharding.is_named and sharding.named is not None:
        return sharding.named.mesh.maximal_device
    return None


def _check_supported(sharding: HloSharding) -> None:
    if sharding.shard_group is not None:
        raise TranslateError(
            f"sharding {sharding.to_text(False)}: shard groups (shard_as/shard_like) "
            "have no Shardy equivalent on a sharding attribute"
        )
    if sharding.is_tiled and SubgroupType.MAXIMAL in sharding.subgroup_types:
        raise TranslateError(f"sharding {sharding.to_text(False)}: maximal subgroups have no Shardy equivalent")
    # XLA's parser (and ours, without the verifier) takes negative and repeated device ids; a mesh has neither
    if device_id_problem(sharding) is not None:
        raise TranslateError(
            f"sharding {sharding.to_text(False)}: a Shardy mesh has no negative or repeated device ids"
        )


def _reduction_op(sharding: HloSharding) -> str:
    for record in sharding.metadata:
        if record.op_type == _REDUCTION_OP_TYPE and record.op_name.lower() in ("sum", "max", "min"):
            return record.op_name.lower()
    return "sum"


def _examples(shardings: list[HloSharding], limit: int = 3) -> str:
    texts = [s.to_text(False) for s in shardings[:limit]]
    more = f" and {len(shardings) - limit} more" if len(shardings) > limit else ""
    return ", ".join(texts) + more
