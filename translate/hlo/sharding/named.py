"""Named (mesh-axis) shardings, XLA's "V3" form: ``{mesh['x'=2,'y'=4], [{'x'}, {'y', ?}]}``.

A mesh names its axes; each tensor dimension lists the mesh axes (or sub-axes ``'x':(pre)size``)
that shard it, major to minor; ``?`` marks a dimension still open to further sharding. Axes can
also be listed as ``replicated``, ``unreduced`` or ``manual``; axes named nowhere are replicated.
``{single_device[device_id=N]}`` is the maximal form. This is the same data as Shardy's
``#sdy.sharding``, kept here in XLA's HLO spelling.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import prod
from typing import TYPE_CHECKING

from hlo_translate.hlo.ir import OpMetadata, check_device_count
from hlo_translate.hlo.sharding.tile_assignment import IotaTile

if TYPE_CHECKING:
    import numpy as np


@dataclass(frozen=True, slots=True)
class MeshAxis:
    name: str
    size: int


@dataclass(frozen=True, slots=True)
class Mesh:
    """Named axes over a device array.

    The devices are ``arange(N)`` unless ``device_ids`` (an explicit, non-identity permutation)
    or ``iota`` (a transposed iota, XLA-canonical, more than one reshape dim) says otherwise.
    ``maximal_device`` makes it the single-device mesh ``single_device[device_id=N]``.
    """

    axes: tuple[MeshAxis, ...] = ()
    device_ids: tuple[int, ...] | None = None
    iota: IotaTile | None = None
    maximal_device: int | None = None

    @property
    def axis_sizes(self) -> tuple[int, ...]:
        return tuple(a.size for a in self.axes)

    def axis_index(self, name: str) -> int | None:
        """The position of the axis called ``name``, or None."""
        for i, axis in enumerate(self.axes):
            if axis.name == name:
                return i
        return None

    def devices(self) -> np.ndarray:
        """The device ids as an array shaped like the mesh axes."""
        import numpy as np  # lazy: a sharding is parsed and printed without numpy

        shape = self.axis_sizes
        check_device_count(prod(shape), "the mesh [" + ",".join(f"'{a.name}'={a.size}" for a in self.axes) + "]")
        if self.device_ids is not None:
            return np.asarray(self.device_ids, dtype=np.int64).reshape(shape)
        if self.iota is not None:
            return self.iota.flat().reshape(shape)
        return np.arange(prod(shape), dtype=np.int64).reshape(shape)

    def to_text(self) -> str:
        if self.maximal_device is not None:
            return f"single_device[device_id={self.maximal_device}]"
        text = "mesh[" + ",".join(f"'{a.name}'={a.size}" for a in self.axes) + "]"
        if self.device_ids is not None:
            text += ", device_ids=(" + ",".join(map(str, self.device_ids)) + ")"
        elif self.iota is not None:
            text += ", device_ids=(" + self.iota.to_text() + ")"
        return text


@dataclass(frozen=True, slots=True)
class AxisRef:
    """A mesh axis by index, or its sub-axis ``(pre_size)size`` when ``size`` is set."""

    index: int
    pre_size: int | None = None
    size: int | None = None

    @property
    def is_sub_axis(self) -> bool:
        return self.size is not None

    def span(self, mesh: Mesh) -> tuple[int, int]:
        """(pre_size, next_pre_size): the part of the axis this reference covers."""
        if self.size is None:
            return 1, mesh.axes[self.index].size
        assert self.pre_size is not None
        return self.pre_size, self.pre_size * self.size

    def to_text(self, mesh: Mesh) -> str:
        name = f"'{mesh.axes[self.index].name}'"
        if self.size is None:
            return name
        return f"{name}:({self.pre_size}){self.size}"


@dataclass(frozen=True, slots=True)
class DimSharding:
    """The axes sharding one tensor dimension, major to minor; open (``?``) unless closed."""

    axes: tuple[AxisRef, ...] = ()
    is_closed: bool = True

    def to_text(self, mesh: Mesh) -> str:
        items = [a.to_text(mesh) for a in self.axes]
        if not self.is_closed:
            items.append("?")
        return "{" + ", ".join(items) + "}"


# How unreduced values are to be combined; "sum" is the default and is not printed.
REDUCTION_OPS = ("sum", "max", "min")


@dataclass(frozen=True, slots=True)
class NamedSharding:
    """One V3 sharding; see the module docstring."""

    mesh: Mesh
    dim_shardings: tuple[DimSharding, ...] = ()
    replicated_axes: tuple[AxisRef, ...] = ()
    unreduced_axes: tuple[AxisRef, ...] = ()
    manual_axes: tuple[AxisRef, ...] = ()
    metadata: tuple[OpMetadata, ...] = ()
    reduction_op: str = "sum"

    def _axes_size(self, axes: tuple[AxisRef, ...]) -> int:
        return prod(self.mesh.axes[a.index].size if a.size is None else a.size for a in axes)

    def _body(self) -> str:
        """What follows the mesh. XLA writes a keyword instead of ``[]`` when every device is
        replicated, manual, or unreduced; the keyword form leaves out size-1 axes."""
        op = "" if self.reduction_op == "sum" else "=" + self.reduction_op
        if not self.dim_shardings and not self.replicated_axes:
            devices = prod(self.mesh.axis_sizes)
            if not self.manual_axes and not self.unreduced_axes:
                return "replicated"
            if self.manual_axes and self._axes_size(self.manual_axes) == devices:
                return "manual"
            if self.unreduced_axes and self._axes_size(self.unreduced_axes) == devices:
                every_axis = tuple(AxisRef(i) for i in range(len(self.mesh.axes)))
                listed = "" if self.unreduced_axes == every_axis else self._axes_text(self.unreduced_axes)
                return "unreduced" + op + listed
        parts = ["[" + ", ".join(d.to_text(self.mesh) for d in self.dim_shardings) + "]"]
        if self.replicated_axes:
            parts.append("replicated=" + self._axes_text(self.replicated_axes))
        if self.unreduced_axes:
            parts.append("unreduced=" + op.lstrip("=") + self._axes_text(self.unreduced_axes))
        if self.manual_axes:
            parts.append("manual=" + self._axes_text(self.manual_axes))
        return ", ".join(parts)

    def _axes_text(self, axes: tuple[AxisRef, ...]) -> str:
        return "{" + ", ".join(a.to_text(self.mesh) for a in axes) + "}"

    def to_text(self, include_metadata: bool = True) -> str:
        """The sharding as XLA prints it, e.g. ``{mesh['x'=2], [{'x'}], replicated={'y'}}``."""
        parts = [self.mesh.to_text()]
        if self.mesh.maximal_device is None:
            parts.append(self._body())
        if include_metadata and self.metadata:
            parts.append("metadata={" + ", ".join("{" + m.to_text() + "}" for m in self.metadata) + "}")
        return "{" + ", ".join(parts) + "}"

    def validation_error(self) -> str | None:
        """Why XLA would reject this sharding (it aborts on these), or None if it is valid."""
        mesh = self.mesh
        if mesh.maximal_device is not None:
            return None
        names = [a.name for a in mesh.axes]
        if len(set(names)) != len(names):
            return "mesh axis names must be unique"
        if any(a.size < 1 for a in mesh.axes):
            return "mesh axis sizes must be positive"
        if mesh.device_ids is not None:
            n = prod(mesh.axis_sizes)
            if sorted(mesh.device_ids) != list(range(n)):
                return f"device_ids must be a permutation of 0..{n - 1}"
            if list(mesh.device_ids) == list(range(n)):
                return "device_ids equal to the identity must be left out"
        lists = [d.axes for d in self.dim_shardings] + [self.replicated_axes, self.unreduced_axes, self.manual_axes]
        everything = [a for axes in lists for a in axes]
        for axis in everything:
            if error := _axis_error(axis, mesh):
                return error
        for i, a in enumerate(everything):
            for b in everything[i + 1 :]:
                if not _can_coexist(a, b, mesh):
                    return f"axes {a.to_text(mesh)} and {b.to_text(mesh)} overlap"
        for axes in lists:
            for a, b in zip(axes, axes[1:]):
                if _can_merge(a, b):
                    return f"adjacent axes {a.to_text(mesh)}, {b.to_text(mesh)} must be merged into one"
        for name, axes in (
            ("replicated", self.replicated_axes),
            ("unreduced", self.unreduced_axes),
            ("manual", self.manual_axes),
        ):
            keys = [(a.index, a.span(mesh)[0]) for a in axes]
            if keys != sorted(keys):
                return f"{name} axes must be listed in mesh order"
        return None

    def to_tiles(self) -> tuple[np.ndarray, tuple[str, ...]] | None:
        """The same placement as a tile array plus subgroup kinds (``manual``/``unreduced``/
        ``replicated``) for its trailing dims; None for the single-device form."""
        mesh = self.mesh
        if mesh.maximal_device is not None:
            return None
        pieces = _pieces(self, mesh)  # per axis: sorted cut points
        fine_shape: list[int] = []
        first_piece: list[int] = []
        for cuts in pieces:
            first_piece.append(len(fine_shape))
            fine_shape.extend(cuts[j + 1] // cuts[j] for j in range(len(cuts) - 1))
        fine = mesh.devices().reshape(fine_shape) if fine_shape else mesh.devices().reshape(())

        def piece_ids(axis: AxisRef) -> list[int]:
            cuts = pieces[axis.index]
            lo, hi = axis.span(mesh)
            return [first_piece[axis.index] + j for j in range(cuts.index(lo), cuts.index(hi))]

        order: list[int] = []
        shape: list[int] = []
        for dim in self.dim_shardings:
            ids = [p for a in dim.axes for p in piece_ids(a)]
            order += ids
            shape.append(prod(fine_shape[p] for p in ids))
        kinds: list[str] = []
        for kind, axes in (("manual", self.manual_axes), ("unreduced", self.unreduced_axes)):
            ids = [p for a in axes for p in piece_ids(a)]
            if ids:
                order += ids
                shape.append(prod(fine_shape[p] for p in ids))
                kinds.append(kind)
        rest = [p for p in range(len(fine_shape)) if p not in order]
        if rest:
            order += rest
            shape.append(prod(fine_shape[p] for p in rest))
            kinds.append("replicated")
        return fine.transpose(order).reshape(shape), tuple(kinds)


def _axis_error(axis: AxisRef, mesh: Mesh) -> str | None:
    if not 0 <= axis.index < len(mesh.axes):
        return f"axis index {axis.index} is not in the mesh"
    if axis.size is None:
        return None
    full = mesh.axes[axis.index].size
    pre, size = axis.pre_size or 0, axis.size
    if pre < 1 or size <= 1:
        return f"sub-axis {axis.to_text(mesh)} needs pre-size >= 1 and size > 1"
    if full % (pre * size) or size >= full:
        return f"sub-axis {axis.to_text(mesh)} does not divide axis of size {full}"
    return None


def _can_coexist(a: AxisRef, b: AxisRef, mesh: Mesh) -> bool:
    """Two references to disjoint parts of the mesh (sub-axes of one axis must nest cleanly)."""
    if a.index != b.index:
        return True
    if not a.is_sub_axis or not b.is_sub_axis:
        return False
    (a_pre, a_next), (b_pre, b_next) = a.span(mesh), b.span(mesh)
    if a_next > b_pre and b_next > a_pre:
        return False
    return max(a_pre, b_pre) % min(a_next, b_next) == 0


def _can_merge(a: AxisRef, b: AxisRef) -> bool:
    return a.index == b.index and a.is_sub_axis and b.is_sub_axis and (a.pre_size or 0) * (a.size or 0) == b.pre_size


def _pieces(sharding: NamedSharding, mesh: Mesh) -> list[list[int]]:
    """For each mesh axis, the sorted cut points (1 ... size) induced by the sub-axes used."""
    cuts: list[set[int]] = [{1, a.size} for a in mesh.axes]
    for axes in [d.axes for d in sharding.dim_shardings] + [
        sharding.replicated_axes,
        sharding.unreduced_axes,
        sharding.manual_axes,
    ]:
        for axis in axes:
            cuts[axis.index].update(axis.span(mesh))
    return [sorted(c) for c in cuts]
