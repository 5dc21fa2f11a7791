"""Typed values of HLO instruction attributes (their text forms are in `hlo.text.attributes`, their proto
forms in `hlo.proto`).

Every attribute of an instruction is stored under its HLO text name (`dimensions`, `slice`, `window`,
`replica_groups`, ...) as a typed value from this module; a name we do not know is kept as `RawAttr` (the
verbatim text).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from math import prod

from hlo_translate.errors import TranslateError
from hlo_translate.hlo.ir.devices import check_device_count

# ---------------------------------------------------------------------------------------------
# Value types


@dataclass(frozen=True, slots=True)
class RawAttr:
    """An attribute we do not model: its text, printed back verbatim."""

    text: str


@dataclass(frozen=True, slots=True)
class Enum:
    """A bare word such as `LT`, `kLoop`, `FFT`, `API_VERSION_TYPED_FFI`."""

    name: str


@dataclass(frozen=True, slots=True)
class SliceDim:
    start: int
    limit: int
    stride: int = 1


@dataclass(frozen=True, slots=True)
class WindowDim:
    size: int = 1
    stride: int = 1
    padding_low: int = 0
    padding_high: int = 0
    window_dilation: int = 1
    base_dilation: int = 1
    window_reversal: bool = False


@dataclass(frozen=True, slots=True)
class Window:
    dimensions: tuple[WindowDim, ...]


@dataclass(frozen=True, slots=True)
class PaddingDim:
    edge_padding_low: int
    edge_padding_high: int
    interior_padding: int = 0


@dataclass(frozen=True, slots=True)
class PaddingConfig:
    dimensions: tuple[PaddingDim, ...]


@dataclass(frozen=True, slots=True)
class ConvDimLabels:
    """`dim_labels=b01f_01io->b01f`: the convolution dimension numbers."""

    input_batch_dimension: int
    input_feature_dimension: int
    input_spatial_dimensions: tuple[int, ...]
    kernel_input_feature_dimension: int
    kernel_output_feature_dimension: int
    kernel_spatial_dimensions: tuple[int, ...]
    output_batch_dimension: int
    output_feature_dimension: int
    output_spatial_dimensions: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class IotaReplicaGroups:
    """`[2,4]<=[8]` or `[2,4]<=[4,2]T(1,0)`: groups from a reshaped, transposed iota."""

    num_replica_groups: int
    num_devices_per_group: int
    reshape_dims: tuple[int, ...]
    transpose_perm: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class MeshAxis:
    name: str
    size: int


@dataclass(frozen=True, slots=True)
class MeshReplicaGroups:
    """`mesh['x'=2,'y'=4] {'x'}` as XLA 0.12 prints SPMD collectives: the groups vary the named axes."""

    mesh: tuple[MeshAxis, ...]
    axes: tuple[str, ...]
    text: str  # the form as given; printed back verbatim

    def __post_init__(self) -> None:
        """XLA aborts on a mesh with a non-positive axis size or a repeated axis name, or on a sub-axis
        that does not divide its axis, and refuses an unknown axis; checked here, where the reader can say
        where (a zero-sized sub-axis would also divide by zero in groups())."""
        sizes: dict[str, int] = {}
        for a in self.mesh:
            if a.size < 1:
                raise TranslateError(
                    f"mesh axis '{a.name}' of the replica groups has size {a.size}: mesh axis sizes must be positive"
                )
            if a.name in sizes:
                raise TranslateError(f"the replica groups' mesh has two axes named '{a.name}'")
            sizes[a.name] = a.size
        check_device_count(prod(sizes.values()), f"the replica groups' mesh {self.text.split(']')[0]}]")
        spans: dict[str, list[tuple[int, int]]] = {}  # (pre, pre * size) of the parts of each axis used
        for ref in self.axes:
            name = axis_base(ref)
            if name not in sizes:
                raise TranslateError(f"replica groups name unknown mesh axis '{name}'")
            sub = sub_axis(ref)
            if sub and (sub[0] < 1 or sub[1] < 2 or sub[1] >= sizes[name]):
                raise TranslateError(
                    f"sub-axis {ref} of the replica groups needs a positive pre-size and a size "
                    f"above 1 and below the size {sizes[name]} of its axis"
                )
            if sub and sizes[name] % (sub[0] * sub[1]):
                raise TranslateError(f"sub-axis {ref} does not divide axis '{name}' of size {sizes[name]}")
            pre, size = sub if sub else (1, sizes[name])
            spans.setdefault(name, []).append((pre, pre * size))
        for name, used in spans.items():  # parts of one axis: disjoint, each a factor after the previous
            used.sort()
            for (_, end), (start, _) in zip(used, used[1:]):
                if start % end:
                    raise TranslateError(f"the replica groups use overlapping parts of mesh axis '{name}'")

    def groups(self) -> tuple[tuple[int, ...], ...]:
        """The explicit groups: devices that differ only along `axes` (whole axes or sub-axes) form a group.

        A sub-axis `'x':(pre)size` is the factor of axis x of that size with `pre` more-major elements.
        Within a group, members are ordered by the listed axes, the first one most major.
        """
        sizes = {a.name: a.size for a in self.mesh}
        names = [a.name for a in self.mesh]
        total = 1
        for a in self.mesh:
            total *= a.size
        varying: list[tuple[str, int, int]] = []  # (axis, stride within the axis coordinate, size)
        for ref in self.axes:  # (known axes and dividing sub-axes: see __post_init__)
            name = axis_base(ref)
            sub = sub_axis(ref)
            pre, size = sub if sub else (1, sizes[name])
            varying.append((name, sizes[name] // (pre * size), size))
        keyed: dict[tuple[int, ...], list[tuple[int, int]]] = {}
        for device in range(total):
            coords, rest = {}, device
            for name in reversed(names):
                coords[name], rest = rest % sizes[name], rest // sizes[name]
            position = 0
            for name, stride, size in varying:
                part = (coords[name] // stride) % size
                coords[name] -= part * stride
                position = position * size + part
            keyed.setdefault(tuple(coords[n] for n in names), []).append((position, device))
        return tuple(tuple(d for _, d in sorted(members)) for members in keyed.values())


def axis_base(axis: str) -> str:
    """`'x'` or `'x':(2)4` (a sub-axis) -> `x`."""
    return axis.split(":")[0].strip("'")


def sub_axis(axis: str) -> tuple[int, int] | None:
    """(pre_size, size) of a sub-axis reference `'x':(pre)size`, or None for a whole axis."""
    m = re.fullmatch(r"'[^']*':\((\d+)\)(\d+)", axis)
    return (int(m.group(1)), int(m.group(2))) if m else None


ReplicaGroups = tuple[tuple[int, ...], ...] | IotaReplicaGroups | MeshReplicaGroups


@dataclass(frozen=True, slots=True)
class OutputOperandAlias:
    """One entry of `output_to_operand_aliasing={{0}: (1, {})}`."""

    output_index: tuple[int, ...]
    operand_number: int
    operand_index: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class FrontendAttributes:
    """`frontend_attributes={key="value", other={{0,1}}}`: string values (a value that reads as one braced
    group prints bare, as XLA prints it)."""

    items: tuple[tuple[str, str], ...]

    def as_dict(self) -> dict[str, str]:
        return dict(self.items)

    @staticmethod
    def of(mapping: dict[str, str]) -> FrontendAttributes:
        return FrontendAttributes(tuple(mapping.items()))


@dataclass(frozen=True, slots=True)
class ResultAccuracy:
    """`result_accuracy={mode=highest}` or `result_accuracy={tolerance={atol=1e-05,rtol=0.001,ulps=2}}`."""

    mode: str | None = None  # "default" or "highest"; None when a tolerance is given
    atol: float = 0.0
    rtol: float = 0.0
    ulps: int = 0


@dataclass(frozen=True, slots=True)
class ComputationRef:
    """A reference to a computation by name (resolved by the module)."""

    name: str


@dataclass(frozen=True, slots=True)
class InstructionRef:
    name: str
