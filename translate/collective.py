"""One description of a communication, read and written by both converters.

A `Collective` says what a communication *is*: its kind, who talks to whom (replica groups or
source-target pairs), on which channel, along which dimension. It does not say how it is run
(`translate.execute`) nor whether it is asynchronous (`translate.async_forms`).

    >>> c = Collective.from_hlo_attributes("all-gather", {"channel_id": 2, "dimensions": (0,),
    ...                                     "replica_groups": ((0, 1), (2, 3))})
    >>> c.kind, c.dimension, c.explicit_groups()
    (<CollectiveKind.ALL_GATHER: 'all-gather'>, 0, ((0, 1), (2, 3)))
    >>> list(c.hlo_attributes())
    ['channel_id', 'replica_groups', 'dimensions']

Three spellings convert to and from it:
- HLO instruction attributes (`channel_id`, `replica_groups`, `dimensions`, `source_target_pairs`,
  `use_global_device_ids`, `is_host_transfer`, `constrain_layout`, and for send/recv the frontend attribute
  `_xla_send_recv_source_target_pairs`);
- StableHLO op attributes (`replica_groups`, `channel_handle`, `all_gather_dim`, ..., `source_target_pairs`);
  a replica-group form HLO has and StableHLO lacks (iota `[2,4]<=[8]`, mesh `mesh['x'=8] {'x'}`) travels in
  the discardable attribute `xla.replica_groups`, and `constrain_layout` in `xla.constrain_layout`;
- the JSON `async_collective_config` of JAX 0.12's async custom calls.
"""

from __future__ import annotations

import enum
import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
from jaxlib.mlir import ir
from jaxlib.mlir.dialects import stablehlo

from hlo_translate.errors import TranslateError
from hlo_translate.hlo.ir import MAX_DEVICES, FrontendAttributes, IotaReplicaGroups, MeshReplicaGroups, ReplicaGroups
from hlo_translate.hlo.text import parse_pairs, parse_replica_groups, print_pairs, print_replica_groups

SEND_RECV_PAIRS_ATTR = "_xla_send_recv_source_target_pairs"
SEND_RECV_PIPELINE_ATTR = "_xla_send_recv_pipeline"
SEND_RECV_VALIDATION_ATTR = "_xla_send_recv_validation"
REPLICA_GROUPS_FORM_ATTR = "xla.replica_groups"
CONSTRAIN_LAYOUT_ATTR = "xla.constrain_layout"


class CollectiveKind(enum.Enum):
    """What a communication does; the value is its HLO opcode."""

    ALL_REDUCE = "all-reduce"
    ALL_GATHER = "all-gather"
    REDUCE_SCATTER = "reduce-scatter"
    ALL_TO_ALL = "all-to-all"
    COLLECTIVE_PERMUTE = "collective-permute"
    COLLECTIVE_BROADCAST = "collective-broadcast"
    SEND = "send"
    RECV = "recv"
    RAGGED_ALL_TO_ALL = "ragged-all-to-all"  # StableHLO: custom_call @ragged_all_to_all

    @property
    def stablehlo_op(self) -> str:
        if self == CollectiveKind.RAGGED_ALL_TO_ALL:
            return "stablehlo.custom_call"
        return "stablehlo." + self.value.replace("-", "_")

    @classmethod
    def of_hlo(cls, opcode: str) -> CollectiveKind:
        """The kind of a sync, start or done opcode (`all-gather-start` -> ALL_GATHER)."""
        base = opcode.removesuffix("-start").removesuffix("-done")
        try:
            return cls(base)
        except ValueError:
            raise TranslateError(f"'{opcode}' is not a collective") from None

    @classmethod
    def of_stablehlo(cls, name: str) -> CollectiveKind:
        for kind in cls:
            if kind.stablehlo_op == name and kind != CollectiveKind.RAGGED_ALL_TO_ALL:
                return kind
        raise TranslateError(f"'{name}' is not a collective")


class ChannelType(enum.IntEnum):
    """`ChannelHandle.type` of xla_data.proto; HLO keeps only the id, StableHLO keeps both."""

    INVALID = 0
    DEVICE_TO_DEVICE = 1
    DEVICE_TO_HOST = 2
    HOST_TO_DEVICE = 3


@dataclass(frozen=True, slots=True)
class Channel:
    id: int
    type: ChannelType = ChannelType.DEVICE_TO_DEVICE


# The kinds that take replica groups, and those that name a dimension (with its StableHLO name).
_GROUPED = {
    CollectiveKind.ALL_REDUCE,
    CollectiveKind.ALL_GATHER,
    CollectiveKind.REDUCE_SCATTER,
    CollectiveKind.ALL_TO_ALL,
    CollectiveKind.COLLECTIVE_BROADCAST,
    CollectiveKind.RAGGED_ALL_TO_ALL,
}
_DIMENSION_NAME = {
    CollectiveKind.ALL_GATHER: "all_gather_dim",
    CollectiveKind.REDUCE_SCATTER: "scatter_dimension",
    CollectiveKind.ALL_TO_ALL: "split_dimension",
}
_POINT_TO_POINT = {CollectiveKind.SEND, CollectiveKind.RECV}


@dataclass(frozen=True, slots=True)
class Collective:
    """A communication, independent of how either IR spells it."""

    kind: CollectiveKind
    replica_groups: ReplicaGroups | None = None  # in the HLO form it was given in
    channel: Channel | None = None
    use_global_device_ids: bool = False
    source_target_pairs: tuple[tuple[int, int], ...] | None = None
    dimension: int | None = None  # gather / scatter / all-to-all split dimension
    concat_dimension: int | None = None  # all-to-all only
    split_count: int | None = None  # all-to-all only
    is_host_transfer: bool = False  # send / recv only
    constrain_layout: bool = False

    # -- derived facts --------------------------------------------------------------------------

    def explicit_groups(self) -> tuple[tuple[int, ...], ...]:
        """The replica groups as explicit device lists, whatever form they were given in."""
        return explicit_groups(self.replica_groups)

    def validate(self, num_devices: int | None = None) -> None:
        """Reject source-target pairs XLA would reject: a source twice, a target twice, an unknown id.

        `num_devices` is the number of partitions (or replicas) of the module, when known.
        """
        pairs = self.source_target_pairs or ()
        what = self.kind.value
        for index, name in ((0, "source"), (1, "target")):
            seen: set[int] = set()
            for pair in pairs:
                device = pair[index]
                if device in seen:
                    raise TranslateError(
                        f"{what}: {name} {device} appears in more than one source-target pair {print_pairs(pairs)}"
                    )
                seen.add(device)
        for s, t in pairs:
            for device in (s, t):
                if device < 0 or (num_devices is not None and device >= num_devices):
                    bound = f" (the module has {num_devices} devices)" if num_devices is not None else ""
                    raise TranslateError(
                        f"{what}: device id {device} in source-target pair {{{s},{t}}} is out of range{bound}"
                    )

    # -- HLO ------------------------------------------------------------------------------------

    @classmethod
    def from_hlo_attributes(
        cls, opcode: str, attributes: Mapping[str, Any], group_size: int | None = None
    ) -> Collective:
        """The collective an HLO instruction (sync, `-start`, send/recv or their `-done`) performs."""
        kind = CollectiveKind.of_hlo(opcode)
        channel_id = attributes.get("channel_id")
        is_host = bool(attributes.get("is_host_transfer", False))
        channel = None
        if channel_id is not None:
            channel = Channel(int(channel_id), _hlo_channel_type(kind, is_host))
        groups = attributes.get("replica_groups") if kind in _GROUPED else None
        if kind in _GROUPED and groups is None:
            groups = ()
        pairs = attributes.get("source_target_pairs")
        if kind in _POINT_TO_POINT:
            pairs = _pairs_from_frontend(attributes.get("frontend_attributes"))
        dims = attributes.get("dimensions")
        dimension = dims[0] if dims and kind in _DIMENSION_NAME else None
        concat = split_count = None
        if kind == CollectiveKind.ALL_TO_ALL and dimension is not None:
            concat = dimension
            sizes = {len(g) for g in explicit_groups(groups)}
            split_count = sizes.pop() if len(sizes) == 1 else (group_size or 1)
        return cls(
            kind,
            groups,
            channel,
            bool(attributes.get("use_global_device_ids", False)),
            tuple(pairs) if pairs is not None else None,
            dimension,
            concat,
            split_count,
            is_host,
            bool(attributes.get("constrain_layout", False)),
        )

    def hlo_attributes(self) -> dict[str, Any]:
        """The instruction attributes, in the order XLA prints them (computations not included)."""
        attrs: dict[str, Any] = {}
        if self.channel is not None and self.channel.id > 0:
            attrs["channel_id"] = self.channel.id
        if self.kind in _GROUPED:
            attrs["replica_groups"] = self.replica_groups if self.replica_groups is not None else ()
        if self.constrain_layout:
            attrs["constrain_layout"] = True
        if self.kind == CollectiveKind.COLLECTIVE_PERMUTE:
            attrs["source_target_pairs"] = self.source_target_pairs or ()
        if self.kind in _POINT_TO_POINT and self.is_host_transfer:
            attrs["is_host_transfer"] = True
        # XLA prints use_global_device_ids before the dimension on all-reduce and reduce-scatter only.
        if self.kind in (CollectiveKind.ALL_REDUCE, CollectiveKind.REDUCE_SCATTER):
            if self.use_global_device_ids:
                attrs["use_global_device_ids"] = True
            if self.dimension is not None:
                attrs["dimensions"] = (self.dimension,)
            return attrs
        if self.dimension is not None:
            attrs["dimensions"] = (self.dimension,)
        if self.use_global_device_ids and self.kind != CollectiveKind.ALL_TO_ALL:
            attrs["use_global_device_ids"] = True
        return attrs

    def pairs_frontend_attribute(self) -> tuple[str, str] | None:
        """Send/recv peers as XLA's frontend attribute `_xla_send_recv_source_target_pairs={{0,1}}`."""
        if self.kind not in _POINT_TO_POINT or self.source_target_pairs is None:
            return None
        return SEND_RECV_PAIRS_ATTR, print_pairs(self.source_target_pairs)

    # -- StableHLO ------------------------------------------------------------------------------

    @classmethod
    def from_mlir(cls, op: Any) -> Collective:
        """The collective a StableHLO op (all_reduce, ..., send, recv) performs."""
        return cls.from_mlir_attributes(CollectiveKind.of_stablehlo(op.name), _attribute_dict(op))

    @classmethod
    def from_mlir_attributes(cls, kind: CollectiveKind, attrs: Mapping[str, Any]) -> Collective:
        channel = None
        if "channel_handle" in attrs:
            handle = stablehlo.ChannelHandle(attrs["channel_handle"])
            if handle.channel_type not in ChannelType.__members__.values():
                raise TranslateError(f"channel_handle type {handle.channel_type} is not a channel type (0-3)")
            channel = Channel(handle.handle, ChannelType(handle.channel_type))
        groups: ReplicaGroups | None = None
        if kind in _GROUPED:
            groups = _groups_from_matrix(_matrix(attrs.get("replica_groups")))
            form = attrs.get(REPLICA_GROUPS_FORM_ATTR)
            if form is not None:
                given = parse_replica_groups(ir.StringAttr(form).value)
                # A stale form (the dense groups were edited after import) is ignored.
                if explicit_groups(given) == groups:
                    groups = given
        pairs = None
        if "source_target_pairs" in attrs:
            pairs = tuple((int(s), int(t)) for s, t in _matrix(attrs["source_target_pairs"]).reshape(-1, 2))
        dimension = None
        name = _DIMENSION_NAME.get(kind)
        if name is not None and name in attrs:
            dimension = ir.IntegerAttr(attrs[name]).value
        concat = split_count = None
        if kind == CollectiveKind.ALL_TO_ALL:
            concat = ir.IntegerAttr(attrs["concat_dimension"]).value if "concat_dimension" in attrs else None
            split_count = ir.IntegerAttr(attrs["split_count"]).value if "split_count" in attrs else None
        is_host = "is_host_transfer" in attrs and ir.BoolAttr(attrs["is_host_transfer"]).value
        constrain = CONSTRAIN_LAYOUT_ATTR in attrs and ir.BoolAttr(attrs[CONSTRAIN_LAYOUT_ATTR]).value
        return cls(
            kind,
            groups,
            channel,
            "use_global_device_ids" in attrs,
            pairs,
            dimension,
            concat,
            split_count,
            is_host,
            constrain,
        )

    def mlir_attributes(self) -> dict[str, Any]:
        """The StableHLO op's attributes (plus `xla.*` ones for what StableHLO cannot say)."""
        attrs: dict[str, Any] = {}
        if self.kind in _GROUPED:
            attrs["replica_groups"] = _dense_i64(_groups_matrix(self.explicit_groups()))
            if isinstance(self.replica_groups, (IotaReplicaGroups, MeshReplicaGroups)):
                attrs[REPLICA_GROUPS_FORM_ATTR] = ir.StringAttr.get(print_replica_groups(self.replica_groups))
        if self.channel is not None:
            attrs["channel_handle"] = stablehlo.ChannelHandle.get(self.channel.id, int(self.channel.type))
        if self.use_global_device_ids and self.kind not in (
            CollectiveKind.ALL_TO_ALL,
            CollectiveKind.COLLECTIVE_BROADCAST,
        ):
            attrs["use_global_device_ids"] = ir.UnitAttr.get()
        if self.source_target_pairs is not None:
            attrs["source_target_pairs"] = _dense_i64(np.array(self.source_target_pairs, np.int64).reshape(-1, 2))
        name = _DIMENSION_NAME.get(self.kind)
        if name is not None and self.dimension is not None:
            attrs[name] = _i64(self.dimension)
        if self.kind == CollectiveKind.ALL_TO_ALL:
            attrs["concat_dimension"] = _i64(
                self.concat_dimension if self.concat_dimension is not None else self.dimension or 0
            )
            attrs["split_count"] = _i64(self.split_count or 1)
        if self.kind in _POINT_TO_POINT and self.is_host_transfer:
            attrs["is_host_transfer"] = ir.BoolAttr.get(True)
        if self.constrain_layout:
            attrs[CONSTRAIN_LAYOUT_ATTR] = ir.BoolAttr.get(True)
        return attrs

    # -- JAX 0.12 ------------------------------------------------------------------------------

    @classmethod
    def from_async_config(cls, kind: CollectiveKind, config: str) -> Collective:
        """The collective of a JAX 0.12 async custom call from its JSON `async_collective_config`.

        >>> Collective.from_async_config(CollectiveKind.COLLECTIVE_PERMUTE,
        ...     '{"permutation": [[0, 1], [1, 0]], "channel_id": 1}').source_target_pairs
        ((0, 1), (1, 0))
        """
        try:
            data = json.loads(config)
        except json.JSONDecodeError as err:
            raise TranslateError(f"async_collective_config is not JSON: {err}") from None
        if not isinstance(data, dict):
            raise TranslateError("async_collective_config must be a JSON object")
        known = {
            "replica_groups",
            "channel_id",
            "use_global_device_ids",
            "permutation",
            "all_gather_dimension",
            "scatter_dimension",
            "tiled",
            "split_dimension",
            "concat_dimension",
            "split_count",
        }
        unknown = sorted(set(data) - known)
        if unknown:
            raise TranslateError(f"async_collective_config has unknown keys {unknown}")
        if data.get("tiled") is False:
            raise TranslateError("an untiled async reduce-scatter has no HLO form")
        groups = (
            tuple(
                tuple(x for x in _json_ints(g, "replica_groups") if x >= 0)
                for g in _json_list(data.get("replica_groups", ()), "replica_groups")
            )
            if kind in _GROUPED
            else None
        )
        channel = Channel(_json_int(data["channel_id"], "channel_id")) if data.get("channel_id") else None
        pairs = None
        if "permutation" in data:
            entries = [_json_ints(pair, "permutation") for pair in _json_list(data["permutation"], "permutation")]
            if any(len(pair) != 2 for pair in entries):
                raise TranslateError("async_collective_config: each permutation entry must be a [source, target] pair")
            pairs = tuple((source, target) for source, target in entries)
        dimension = data.get("all_gather_dimension", data.get("scatter_dimension", data.get("split_dimension")))
        optional = {
            name: None if data.get(name) is None else _json_int(data[name], name)
            for name in ("concat_dimension", "split_count")
        }
        return cls(
            kind,
            groups,
            channel,
            bool(data.get("use_global_device_ids", False)),
            pairs,
            None if dimension is None else _json_int(dimension, "dimension"),
            optional["concat_dimension"],
            optional["split_count"],
        )


# -------------------------------------------------------------------------------------------------
# Helpers


def _json_int(value: Any, what: str) -> int:
    """An integer of a JSON config that fits int64 (JSON also allows floats, strings, 1e99999)."""
    if isinstance(value, bool) or not isinstance(value, int) or not -(1 << 63) <= value < (1 << 63):
        raise TranslateError(f"async_collective_config: {what} must hold 64-bit integers, not {value!r:.40}")
    return value


def _json_list(value: Any, what: str) -> list:
    if not isinstance(value, list):
        raise TranslateError(f"async_collective_config: {what} must be a list, not {value!r:.40}")
    return value


def _json_ints(value: Any, what: str) -> tuple[int, ...]:
    return tuple(_json_int(x, what) for x in _json_list(value, what))


def explicit_groups(groups: ReplicaGroups | None) -> tuple[tuple[int, ...], ...]:
    """Replica groups in any HLO form as explicit device lists."""
    if groups is None:
        return ()
    if isinstance(groups, IotaReplicaGroups):
        count, rank = math.prod(groups.reshape_dims), len(groups.reshape_dims)
        if (
            count != groups.num_replica_groups * groups.num_devices_per_group
            or count > MAX_DEVICES
            or min(groups.reshape_dims, default=1) < 1
            or sorted(groups.transpose_perm or range(rank)) != list(range(rank))
        ):
            raise TranslateError(
                f"iota replica groups [{groups.num_replica_groups},{groups.num_devices_per_group}]"
                f"<={list(groups.reshape_dims)} do not list the devices once each"
            )
        ids = np.arange(count).reshape(groups.reshape_dims)
        if groups.transpose_perm:
            ids = ids.transpose(groups.transpose_perm)
        ids = ids.reshape(groups.num_replica_groups, groups.num_devices_per_group)
        return tuple(tuple(int(x) for x in row) for row in ids)
    if isinstance(groups, MeshReplicaGroups):
        return groups.groups()
    return tuple(tuple(g) for g in groups)


def _hlo_channel_type(kind: CollectiveKind, is_host_transfer: bool) -> ChannelType:
    """HLO keeps no channel type: a host send goes to the host, a host recv comes from it."""
    if is_host_transfer:
        return ChannelType.DEVICE_TO_HOST if kind == CollectiveKind.SEND else ChannelType.HOST_TO_DEVICE
    return ChannelType.DEVICE_TO_DEVICE


def _pairs_from_frontend(frontend: FrontendAttributes | None) -> tuple[tuple[int, int], ...] | None:
    if frontend is None:
        return None
    text = frontend.as_dict().get(SEND_RECV_PAIRS_ATTR)
    if text is None:
        return None
    try:
        return parse_pairs(text)
    except TranslateError as err:
        raise TranslateError(f"bad {SEND_RECV_PAIRS_ATTR} '{text}': {err.message}") from None


def _attribute_dict(op: Any) -> dict[str, Any]:
    return {name: op.attributes[name] for name in op.attributes}


def _matrix(attr: Any) -> np.ndarray:
    if attr is None:
        return np.zeros((0, 0), np.int64)
    dense = ir.DenseIntElementsAttr(attr)
    shape = list(ir.ShapedType(dense.type).shape)
    if 0 in shape:
        return np.zeros(shape or (0,), np.int64)
    return np.array(dense).astype(np.int64).reshape(shape)


def _groups_from_matrix(matrix: np.ndarray) -> tuple[tuple[int, ...], ...]:
    if matrix.ndim != 2:
        matrix = matrix.reshape(-1, matrix.shape[-1] if matrix.ndim else 1) if matrix.size else np.zeros((0, 0))
    return tuple(tuple(int(x) for x in row if x >= 0) for row in matrix)


def _groups_matrix(groups: tuple[tuple[int, ...], ...]) -> np.ndarray:
    """Groups as a 2-D array, ragged groups padded with -1 (as StableHLO allows)."""
    if not groups:
        return np.zeros((0, 0), np.int64)
    width = max(len(g) for g in groups)
    return np.array([list(g) + [-1] * (width - len(g)) for g in groups], np.int64)


def _dense_i64(array: np.ndarray) -> Any:
    array = np.ascontiguousarray(array, dtype=np.int64)
    i64 = ir.IntegerType.get_signless(64)
    if array.size:
        return ir.DenseElementsAttr.get(array, type=i64, shape=list(array.shape))
    return ir.DenseElementsAttr.get(array.reshape(-1), type=ir.RankedTensorType.get(list(array.shape), i64))


def _i64(value: int) -> Any:
    return ir.IntegerAttr.get(ir.IntegerType.get_signless(64), int(value))


__all__ = [
    "Channel",
    "ChannelType",
    "Collective",
    "CollectiveKind",
    "SEND_RECV_PAIRS_ATTR",
    "REPLICA_GROUPS_FORM_ATTR",
    "SEND_RECV_PIPELINE_ATTR",
    "SEND_RECV_VALIDATION_ATTR",
    "explicit_groups",
]
