"""``HloSharding`` to and from ``xla.OpSharding`` (``proto/xla_data_pb2``), field for field.

``to_op_sharding`` fills the fields the way ``HloSharding::ToProto`` does, so the serialized bytes
match XLA's for the same sharding. ``from_op_sharding`` keeps the form it is given (no
normalization): an iota stays an iota, explicit devices stay explicit.
"""

from __future__ import annotations

from math import prod
from typing import Any

from hlo_translate.errors import TranslateError
from hlo_translate.hlo.ir import OpMetadata
from hlo_translate.hlo.sharding.model import HloSharding, ShardGroup, ShardGroupKind, ShardingKind, SubgroupType
from hlo_translate.hlo.sharding.named import REDUCTION_OPS, AxisRef, DimSharding, Mesh, MeshAxis, NamedSharding
from hlo_translate.hlo.sharding.tile_assignment import IotaTile, TileAssignment, canonicalize_iota_dims

_TYPE = {
    ShardingKind.REPLICATED: 0,
    ShardingKind.MAXIMAL: 1,
    ShardingKind.TUPLE: 2,
    ShardingKind.TILED: 3,
    ShardingKind.MANUAL: 4,
    ShardingKind.UNKNOWN: 5,
    ShardingKind.UNREDUCED: 6,
}
_KIND = {v: k for k, v in _TYPE.items()}


def _pb() -> Any:
    # Loaded on first use: the HLO text parser needs this package but not protobuf (CLI start-up time).
    from hlo_translate.proto import xla_data_pb2

    return xla_data_pb2


def to_op_sharding(sharding: HloSharding) -> Any:
    """This sharding as an ``xla.OpSharding`` message of ``proto.xla_data_pb2``."""
    pb = _pb()
    msg = pb.OpSharding()
    if sharding.is_tuple:
        msg.type = _TYPE[ShardingKind.TUPLE]
        for element in sharding.tuple_elements:
            msg.tuple_shardings.append(to_op_sharding(element))
        return msg
    if sharding.is_named:
        assert sharding.named is not None
        _named_to_proto(sharding.named, msg.named_sharding, pb)
        return msg
    msg.type = _TYPE[sharding.kind]
    msg.metadata.extend(m.to_proto(pb.OpMetadata) for m in sharding.metadata)
    if sharding.is_maximal:
        msg.tile_assignment_devices.append(sharding.device)
    elif sharding.is_tiled:
        tile = sharding.tile
        assert tile is not None
        msg.tile_assignment_dimensions.extend(tile.dims)
        if tile.iota is not None:
            msg.iota_reshape_dims.extend(tile.iota.reshape_dims)
            msg.iota_transpose_perm.extend(tile.iota.transpose_perm)
        else:
            msg.tile_assignment_devices.extend(tile.devices or ())
        msg.replicate_on_last_tile_dim = sharding.last_tile_dim_replicate
        msg.last_tile_dims.extend(t.value for t in sharding.last_tile_dims)
    if sharding.shard_group is not None:
        msg.is_shard_group = True
        msg.shard_group_id = sharding.shard_group.id
        msg.shard_group_type = sharding.shard_group.kind.value
    return msg


def from_op_sharding(msg: Any) -> HloSharding:
    """See ``translate.hlo.sharding.from_op_sharding``."""
    if "named_sharding" in msg.DESCRIPTOR.fields_by_name and msg.HasField("named_sharding"):
        return HloSharding.from_named(_named_from_proto(msg.named_sharding))
    kind = _KIND.get(msg.type)
    if kind is None:
        raise TranslateError(f"OpSharding type {msg.type} is not known")
    if kind is ShardingKind.TUPLE:
        return HloSharding.tuple(tuple(from_op_sharding(t) for t in msg.tuple_shardings))
    extra: dict[str, Any] = {"metadata": tuple(OpMetadata.from_proto(m) for m in msg.metadata)}
    if msg.is_shard_group:
        extra["shard_group"] = ShardGroup(msg.shard_group_id, ShardGroupKind(msg.shard_group_type))
    if kind is ShardingKind.MAXIMAL:
        if len(msg.tile_assignment_devices) != 1:
            raise TranslateError("maximal OpSharding needs exactly one tile_assignment_devices entry")
        return HloSharding.maximal(int(msg.tile_assignment_devices[0]), **extra)
    if kind is not ShardingKind.TILED:
        return HloSharding(kind, **extra)
    types = tuple(_subgroup_type(t) for t in msg.last_tile_dims)
    if types and msg.replicate_on_last_tile_dim:
        raise TranslateError("OpSharding sets both replicate_on_last_tile_dim and last_tile_dims")
    tile = _tile_from_proto(msg)
    if len(types) + msg.replicate_on_last_tile_dim > len(tile.dims):
        raise TranslateError("OpSharding has more last_tile_dims than tile dimensions")
    return HloSharding.tiled(
        tile, last_tile_dim_replicate=msg.replicate_on_last_tile_dim, last_tile_dims=types, **extra
    )


def _subgroup_type(value: int) -> SubgroupType:
    try:
        return SubgroupType(value)
    except ValueError:
        raise TranslateError(f"OpSharding last_tile_dims value {value} is not a subgroup kind") from None


def _tile_from_proto(msg: Any) -> TileAssignment:
    dims = tuple(int(d) for d in msg.tile_assignment_dimensions)
    if not dims or any(d < 1 for d in dims):
        raise TranslateError(f"OpSharding tile_assignment_dimensions {list(dims)} must be non-empty and positive")
    if msg.iota_reshape_dims:
        reshape = tuple(int(d) for d in msg.iota_reshape_dims)
        perm = tuple(int(p) for p in msg.iota_transpose_perm)
        if msg.tile_assignment_devices:
            raise TranslateError("OpSharding has both tile_assignment_devices and iota_reshape_dims")
        if len(reshape) == 1 and len(perm) == 1 and perm != (0,):
            # XLA's reader drops the transpose of a one-dimensional iota, whatever its value, unless the tile
            # replicates its last dimension: then it reads the value as an index (fuzz seed 167: 127 crashed it
            # with SIGFPE, 7 too, 1 passes by chance; `last_tile_dims={manual}` reads any value)
            if msg.replicate_on_last_tile_dim:
                raise TranslateError(
                    f"OpSharding iota {list(reshape)} T{list(perm)} of a tile replicated on its "
                    "last dimension: the transpose of a one-dimensional iota must be [0]"
                )
            perm = (0,)
        if sorted(perm) != list(range(len(reshape))) or prod(reshape) != prod(dims):
            raise TranslateError(f"OpSharding iota {list(reshape)} T{list(perm)} does not fit tile {list(dims)}")
        return TileAssignment(dims, iota=IotaTile(reshape, perm))
    devices = tuple(int(d) for d in msg.tile_assignment_devices)
    if len(devices) != prod(dims):
        raise TranslateError(f"OpSharding has {len(devices)} devices for a tile of {prod(dims)}")
    return TileAssignment(dims, devices=devices)


# Named (V3) shardings ---------------------------------------------------------------------------


def _named_to_proto(named: NamedSharding, out: Any, pb: Any) -> None:
    mesh = named.mesh
    out.SetInParent()
    out.mesh.SetInParent()
    if mesh.maximal_device is not None:
        out.mesh.device_ids.append(mesh.maximal_device)
    for axis in mesh.axes:
        out.mesh.axes.add(name=axis.name, size=axis.size)
    if mesh.device_ids is not None:
        out.mesh.device_ids.extend(mesh.device_ids)
    if mesh.iota is not None:
        out.mesh.iota_transform.reshape_dims.extend(mesh.iota.reshape_dims)
        out.mesh.iota_transform.transpose_perm.extend(mesh.iota.transpose_perm)
    for dim in named.dim_shardings:
        dim_msg = out.dim_shardings.add()
        for axis in dim.axes:
            _axis_to_proto(axis, dim_msg.axes.add())
        dim_msg.is_closed = dim.is_closed
    for field_name in ("replicated_axes", "unreduced_axes", "manual_axes"):
        for axis in getattr(named, field_name):
            _axis_to_proto(axis, getattr(out, field_name).add())
    out.metadata.extend(m.to_proto(pb.OpMetadata) for m in named.metadata)
    out.reduction_op = REDUCTION_OPS.index(named.reduction_op)


def _axis_to_proto(axis: AxisRef, out: Any) -> None:
    out.mesh_axis_index = axis.index
    if axis.size is not None:
        out.sub_axis_info.pre_size = axis.pre_size or 0
        out.sub_axis_info.size = axis.size


def _named_from_proto(msg: Any) -> NamedSharding:
    mesh_msg = msg.mesh
    if not mesh_msg.axes:
        if len(mesh_msg.device_ids) > 1:
            raise TranslateError("a mesh without axes holds at most one device id")
        mesh = Mesh(maximal_device=int(mesh_msg.device_ids[0])) if mesh_msg.device_ids else Mesh()
    else:
        mesh = Mesh(tuple(MeshAxis(a.name, int(a.size)) for a in mesh_msg.axes))
        if mesh_msg.device_ids:
            mesh = Mesh(mesh.axes, device_ids=tuple(int(d) for d in mesh_msg.device_ids))
        elif mesh_msg.HasField("iota_transform"):
            reshape = tuple(int(d) for d in mesh_msg.iota_transform.reshape_dims)
            perm = tuple(int(p) for p in mesh_msg.iota_transform.transpose_perm)
            if sorted(perm) != list(range(len(reshape))) or prod(reshape) != prod(mesh.axis_sizes):
                raise TranslateError("mesh iota_transform does not fit the mesh axes")
            iota = IotaTile(*canonicalize_iota_dims(reshape, perm))
            mesh = Mesh(mesh.axes, iota=iota if len(iota.reshape_dims) > 1 else None)
    named = NamedSharding(
        mesh,
        tuple(DimSharding(tuple(_axis_from_proto(a) for a in d.axes), d.is_closed) for d in msg.dim_shardings),
        tuple(_axis_from_proto(a) for a in msg.replicated_axes),
        tuple(_axis_from_proto(a) for a in msg.unreduced_axes),
        tuple(_axis_from_proto(a) for a in getattr(msg, "manual_axes", ())),
        tuple(OpMetadata.from_proto(m) for m in msg.metadata),
        _reduction_op_from_proto(msg),
    )
    if error := named.validation_error():
        raise TranslateError(f"invalid named sharding: {error}")
    return named


def _reduction_op_from_proto(msg: Any) -> str:
    value = int(getattr(msg, "reduction_op", 0))
    if not 0 <= value < len(REDUCTION_OPS):
        raise TranslateError(f"named sharding reduction_op {value} is not known")
    return REDUCTION_OPS[value]


def _axis_from_proto(msg: Any) -> AxisRef:
    if msg.HasField("sub_axis_info"):
        return AxisRef(int(msg.mesh_axis_index), int(msg.sub_axis_info.pre_size), int(msg.sub_axis_info.size))
    return AxisRef(int(msg.mesh_axis_index))
