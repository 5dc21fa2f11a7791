"""Shardy attributes (``#sdy.mesh``, ``#sdy.sharding``, ``#sdy<manual_axes>``) from and to our model.

Our model of a Shardy sharding is ``hlo_translate.hlo.sharding.NamedSharding``: the same data
(mesh axes, per-dimension axis lists with sub-axes ``"x":(pre)size``, replicated and unreduced
axes). Attributes are written as text and parsed by jaxlib's sdy bindings, which verify them;
they are read through the typed accessors of those bindings.

    >>> from hlo_translate.hlo.sharding import AxisRef, DimSharding, Mesh, MeshAxis, NamedSharding
    >>> mesh = Mesh((MeshAxis("x", 2), MeshAxis("y", 4)))
    >>> sharding_text(NamedSharding(mesh, (DimSharding((AxisRef(0),)), DimSharding())), "mesh", 2)
    '<@mesh, [{"x"}, {}]>'
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from math import prod

from jaxlib.mlir import ir
from jaxlib.mlir.dialects import sdy

from hlo_translate.errors import TranslateError
from hlo_translate.hlo.ir import check_device_count
from hlo_translate.hlo.sharding import AxisRef, DimSharding, Mesh, MeshAxis, NamedSharding
from hlo_translate.mlir.guard import attribute_problem

# Writing ----------------------------------------------------------------------------------------


def quote(name: str) -> str:
    """An MLIR string literal for an axis name."""
    out = []
    for char in name:
        if char in '"\\':
            out.append("\\" + char)
        elif char.isprintable() and char.isascii():
            out.append(char)
        else:
            out.extend(f"\\{byte:02X}" for byte in char.encode())
    return '"' + "".join(out) + '"'


def mesh_text(mesh: Mesh) -> str:
    """The body of ``#sdy.mesh<...>`` / ``sdy.mesh @m = <...>``: ``<["x"=2], device_ids=[1, 0]>``."""
    if mesh.maximal_device is not None:
        return f"<[], device_ids=[{mesh.maximal_device}]>"
    axes = ", ".join(f"{quote(a.name)}={a.size}" for a in mesh.axes)
    ids = mesh.device_ids
    if ids is None and mesh.iota is not None:
        ids = tuple(int(d) for d in mesh.devices().ravel())
    suffix = f", device_ids=[{', '.join(map(str, ids))}]" if ids is not None else ""
    return f"<[{axes}]{suffix}>"


def axis_ref_text(ref: AxisRef, mesh: Mesh) -> str:
    name = quote(mesh.axes[ref.index].name)
    return name if ref.size is None else f"{name}:({ref.pre_size}){ref.size}"


def sharding_text(
    named: NamedSharding, mesh_name: str, rank: int, open_dims: Collection[int] = (), *, drop_manual: bool = True
) -> str:
    """``<@mesh, [{"x"}, {}]>``: the body of ``#sdy.sharding`` for a tensor of ``rank``.

    A sharding without dimension shardings (replicated, unknown, maximal) gets ``rank`` empty
    ones (none for a maximal mesh, as XLA writes it). Replicated axes are left implicit: a closed
    dimension cannot be sharded further anyway, and an open one may be sharded along them, as
    GSPMD's ``unspecified_dims`` allow. Manual axes are not part of a Shardy sharding; the caller
    turns them into ``sdy.manual_computation``.
    """
    mesh = named.mesh
    if mesh.maximal_device is not None:
        return f"<@{mesh_name}, []>"
    dims = list(named.dim_shardings) or [DimSharding() for _ in range(rank)]
    if len(dims) != rank:
        raise TranslateError(f"sharding {named.to_text(False)} has {len(dims)} dimensions, the value has rank {rank}")
    parts = []
    for i, dim in enumerate(dims):
        items = [axis_ref_text(a, mesh) for a in dim.axes]
        if i in open_dims or not dim.is_closed:
            items.append("?")
        parts.append("{" + ", ".join(items) + "}")
    text = f"<@{mesh_name}, [{', '.join(parts)}]"
    if named.unreduced_axes:
        op = "" if named.reduction_op == "sum" else named.reduction_op
        text += f", unreduced={op}{{{', '.join(axis_ref_text(a, mesh) for a in named.unreduced_axes)}}}"
    if named.manual_axes and not drop_manual:
        raise TranslateError(f"sharding {named.to_text(False)} has manual axes outside a manual computation")
    return text + ">"


def parse_attr(text: str) -> ir.Attribute:
    """Parse an attribute in the current context (jaxlib verifies it)."""
    if not text:  # jaxlib's parser dereferences an empty buffer: a segfault
        raise TranslateError("invalid Shardy attribute: the text is empty")
    if (problem := attribute_problem(text)) is not None:
        raise TranslateError(f"invalid Shardy attribute {text[:60]}: {problem}")
    try:
        return ir.Attribute.parse(text)
    except ir.MLIRError as err:
        raise TranslateError(f"invalid Shardy attribute {text}: {str(err).splitlines()[0]}") from None


def manual_axes_attr(names: list[str]) -> ir.Attribute:
    return parse_attr("#sdy<manual_axes{" + ", ".join(quote(n) for n in names) + "}>")


# Reading ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ReadSharding:
    """A ``#sdy.sharding`` read into our model, with which of its dimensions are open."""

    named: NamedSharding
    mesh_name: str | None
    open_dims: tuple[int, ...]

    @property
    def fully_open(self) -> bool:
        """All dimensions open and no axis used anywhere: Shardy's "no sharding yet"."""
        named = self.named
        return (
            bool(named.dim_shardings)
            and len(self.open_dims) == len(named.dim_shardings)
            and not named.replicated_axes
            and not named.unreduced_axes
            and all(not d.axes for d in named.dim_shardings)
        )


def mesh_from_attr(attr: ir.Attribute) -> Mesh:
    """A ``#sdy.mesh`` as our ``Mesh`` (``<[], device_ids=[N]>`` is the maximal mesh of device N)."""
    mesh = sdy.MeshAttr(attr)
    axes = tuple(MeshAxis(sdy.MeshAxisAttr(a).name, sdy.MeshAxisAttr(a).size) for a in mesh.axes)
    check_device_count(prod(a.size for a in axes), f"the mesh {attr}")  # before any device array is built
    ids = tuple(int(d) for d in mesh.device_ids)
    if not axes and len(ids) == 1:
        return Mesh(maximal_device=ids[0])
    if ids and ids == tuple(range(len(ids))):
        ids = ()
    return Mesh(axes, device_ids=ids or None)


def read_sharding(attr: ir.Attribute, meshes: dict[str, Mesh]) -> ReadSharding:
    """A ``#sdy.sharding`` (mesh by name from ``meshes``, or inlined) in our model."""
    sharding = sdy.TensorShardingAttr(attr)
    ref = sharding.mesh_or_ref
    if isinstance(ref, ir.FlatSymbolRefAttr):
        name: str | None = ref.value
        if name not in meshes:
            raise TranslateError(f"sharding {attr} names an unknown mesh @{name}")
        mesh = meshes[name]
    else:
        name = None
        mesh = mesh_from_attr(ref)
    dims: list[DimSharding] = []
    open_dims: list[int] = []
    for i, dim_attr in enumerate(sharding.dimension_shardings):
        dim = sdy.DimensionShardingAttr(dim_attr)
        dims.append(DimSharding(tuple(_axis_ref(a, mesh, attr) for a in dim.axes), is_closed=True))
        if not dim.is_closed:
            open_dims.append(i)
    named = NamedSharding(
        mesh,
        tuple(dims),
        replicated_axes=tuple(_axis_ref(a, mesh, attr) for a in sharding.replicated_axes),
        unreduced_axes=tuple(_axis_ref(a, mesh, attr) for a in sharding.unreduced_axes),
        reduction_op=str(sharding.reduction_op).lower(),
    )
    return ReadSharding(named, name, tuple(open_dims))


def read_per_value(attr: ir.Attribute, meshes: dict[str, Mesh]) -> list[ReadSharding]:
    return [read_sharding(s, meshes) for s in sdy.TensorShardingPerValueAttr(attr).shardings]


def manual_axis_names(attr: ir.Attribute) -> list[str]:
    """The axis names of ``#sdy<manual_axes{"x", "y"}>`` (the bindings have no accessor)."""
    text = str(attr)
    body = text[text.index("{") + 1 : text.rindex("}")]
    return [_unquote(item) for item in _split_quoted(body)]


def _axis_ref(attr: ir.Attribute, mesh: Mesh, whole: ir.Attribute) -> AxisRef:
    ref = sdy.AxisRefAttr(attr)
    index = mesh.axis_index(ref.name)
    if index is None:
        raise TranslateError(f"sharding {whole} names axis '{ref.name}', which is not in its mesh")
    info = ref.sub_axis_info
    if info is None:
        return AxisRef(index)
    sub = sdy.SubAxisInfoAttr(info)
    return AxisRef(index, pre_size=sub.pre_size, size=sub.size)


def _split_quoted(text: str) -> list[str]:
    items, current, in_string, escaped = [], "", False, False
    for char in text:
        if in_string:
            current += char
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string, current = True, '"'
        elif char == "," and current:
            items.append(current)
            current = ""
    if current:
        items.append(current)
    return items


def _unquote(item: str) -> str:
    body = item.strip()[1:-1]
    out = bytearray()
    i = 0
    while i < len(body):
        char = body[i]
        if char == "\\" and i + 1 < len(body):
            nxt = body[i + 1]
            if nxt in '"\\':
                out += nxt.encode()
                i += 2
                continue
            out += bytes.fromhex(body[i + 1 : i + 3])
            i += 3
            continue
        out += char.encode()
        i += 1
    return out.decode()
