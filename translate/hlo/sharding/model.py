"""The GSPMD sharding of an HLO value: ``sharding={...}`` in HLO text, ``OpSharding`` in protos.

Every form XLA prints is modelled by one frozen ``HloSharding``:

========================  ==============================================================
``{replicated}``          every device holds the whole value
``{maximal device=3}``    one device holds it
``{manual}``              the program was partitioned by hand (shard_map bodies)
``{unknown}``             no sharding decided yet (lowest propagation priority)
``{unreduced}``           every device holds a partial value still to be reduced
``{devices=[2,2]0,2,1,3}``  tiled, V1 explicit device list
``{devices=[4,2]<=[8]}``  tiled, V2 iota device list (``<=[2,4]T(1,0)`` with a transpose)
``... last_tile_dim_replicate``          the last tile dim replicates (partial tiling)
``... last_tile_dims={manual, replicated}``  trailing tile dims of these kinds
``{{...}, {...}}``        tuple: one sharding per leaf of a tuple shape
``... shard_as 1`` / ``shard_like 1``   shard group
``... metadata={...}``    where the sharding came from
``{mesh['x'=2], [{'x'}]}``  named (V3) sharding, see ``named_sharding``
========================  ==============================================================

``to_text()`` prints what was parsed (a V1 list stays V1, an iota stays an iota), in XLA's
spelling. ``algebra.xla_normalize`` applies the normalization XLA's own parser applies, so its text is
what XLA prints back; ``algebra.canonicalize`` is a stronger normal form for comparing placements.
"""

from __future__ import annotations

import builtins
from dataclasses import dataclass, field, replace
from enum import Enum
from math import prod
from typing import TYPE_CHECKING, Any

from hlo_translate.hlo.ir import OpMetadata
from hlo_translate.hlo.sharding.named import NamedSharding
from hlo_translate.hlo.sharding.tile_assignment import TileAssignment

if TYPE_CHECKING:
    import numpy as np


class ShardingKind(Enum):
    """Which of the forms in the module docstring a sharding is."""

    REPLICATED = "replicated"
    MAXIMAL = "maximal"
    MANUAL = "manual"
    UNKNOWN = "unknown"
    UNREDUCED = "unreduced"
    TILED = "tiled"
    TUPLE = "tuple"
    NAMED = "named"


class SubgroupType(Enum):
    """Kind of a trailing tile dimension (``last_tile_dims``); values are ``OpSharding.Type``."""

    REPLICATED = 0
    MAXIMAL = 1
    MANUAL = 4
    UNREDUCED = 6

    @property
    def text(self) -> str:
        return self.name.lower()


class ShardGroupKind(Enum):
    """``shard_as`` (must match) or ``shard_like`` (prefer to match); values are proto values."""

    AS = 0
    LIKE = 1


@dataclass(frozen=True, slots=True)
class ShardGroup:
    id: int
    kind: ShardGroupKind

    def to_text(self) -> str:
        return f"shard_{self.kind.name.lower()} {self.id}"


# Kinds printed as a bare keyword: {replicated}, {manual}, ...
_KEYWORD_KINDS = (ShardingKind.REPLICATED, ShardingKind.MANUAL, ShardingKind.UNKNOWN, ShardingKind.UNREDUCED)


@dataclass(frozen=True, slots=True)
class HloSharding:
    """One sharding; build it with the class methods (``replicated()``, ``tiled(...)``, ...)."""

    kind: ShardingKind
    tile: TileAssignment | None = None
    device: int | None = None
    last_tile_dim_replicate: bool = False
    last_tile_dims: tuple[SubgroupType, ...] = ()
    tuple_elements: tuple[HloSharding, ...] = ()
    named: NamedSharding | None = None
    shard_group: ShardGroup | None = None
    metadata: tuple[OpMetadata, ...] = field(default=())

    def __post_init__(self) -> None:
        assert (self.tile is not None) == (self.kind is ShardingKind.TILED)
        assert (self.device is not None) == (self.kind is ShardingKind.MAXIMAL)
        assert (self.named is not None) == (self.kind is ShardingKind.NAMED)
        assert not (self.last_tile_dim_replicate and self.last_tile_dims)
        assert not self.tuple_elements or self.kind is ShardingKind.TUPLE
        if self.kind in (ShardingKind.TUPLE, ShardingKind.NAMED):
            assert self.shard_group is None and not self.metadata

    # Constructors --------------------------------------------------------------------------

    @classmethod
    def replicated(cls, **extra: Any) -> HloSharding:
        return cls(ShardingKind.REPLICATED, **extra)

    @classmethod
    def manual(cls, **extra: Any) -> HloSharding:
        return cls(ShardingKind.MANUAL, **extra)

    @classmethod
    def unknown(cls, **extra: Any) -> HloSharding:
        return cls(ShardingKind.UNKNOWN, **extra)

    @classmethod
    def unreduced(cls, **extra: Any) -> HloSharding:
        return cls(ShardingKind.UNREDUCED, **extra)

    @classmethod
    def maximal(cls, device: int, **extra: Any) -> HloSharding:
        return cls(ShardingKind.MAXIMAL, device=device, **extra)

    @classmethod
    def tiled(
        cls,
        tile: TileAssignment,
        *,
        last_tile_dim_replicate: bool = False,
        last_tile_dims: tuple[SubgroupType, ...] = (),
        **extra: Any,
    ) -> HloSharding:
        """A tiled sharding, e.g. ``HloSharding.tiled(TileAssignment((4, 2), iota=IotaTile((8,), (0,))))``."""
        return cls(
            ShardingKind.TILED,
            tile=tile,
            last_tile_dim_replicate=last_tile_dim_replicate,
            last_tile_dims=tuple(last_tile_dims),
            **extra,
        )

    @classmethod
    def tuple(cls, elements: tuple[HloSharding, ...] | list[HloSharding]) -> HloSharding:
        return cls(ShardingKind.TUPLE, tuple_elements=tuple(elements))

    @classmethod
    def from_named(cls, named: NamedSharding) -> HloSharding:
        return cls(ShardingKind.NAMED, named=named)

    # Queries -------------------------------------------------------------------------------

    @property
    def is_tuple(self) -> bool:
        return self.kind is ShardingKind.TUPLE

    @property
    def is_tiled(self) -> bool:
        return self.kind is ShardingKind.TILED

    @property
    def is_replicated(self) -> bool:
        """True for ``{replicated}`` (not for a tiling that happens to replicate everywhere)."""
        return self.kind is ShardingKind.REPLICATED

    @property
    def is_maximal(self) -> bool:
        return self.kind is ShardingKind.MAXIMAL

    @property
    def is_manual(self) -> bool:
        return self.kind is ShardingKind.MANUAL

    @property
    def is_unknown(self) -> bool:
        return self.kind is ShardingKind.UNKNOWN

    @property
    def is_unreduced(self) -> bool:
        return self.kind is ShardingKind.UNREDUCED

    @property
    def is_named(self) -> bool:
        return self.kind is ShardingKind.NAMED

    @property
    def subgroup_types(self) -> builtins.tuple[SubgroupType, ...]:  # (`tuple` here is the method below)
        """Kinds of the trailing tile dims; ``last_tile_dim_replicate`` counts as one REPLICATED."""
        if self.last_tile_dim_replicate:
            return (SubgroupType.REPLICATED,)
        return self.last_tile_dims

    @property
    def tiled_data_rank(self) -> int:
        """Number of tile dims that split the data (the rank of the value it shards)."""
        self._require_tiled()
        assert self.tile is not None
        return len(self.tile.dims) - len(self.subgroup_types)

    @property
    def num_devices(self) -> int | None:
        """Devices in the tile assignment (tiled and named shardings); None for the other kinds."""
        if self.is_tiled:
            assert self.tile is not None
            return self.tile.num_elements
        if self.is_named:
            assert self.named is not None
            return 1 if self.named.mesh.maximal_device is not None else prod(self.named.mesh.axis_sizes)
        return None

    def tile_assignment(self) -> np.ndarray:
        """The device-id array of a tiled sharding, iota expanded.

        >>> parse_sharding("{devices=[2,2]<=[2,2]T(1,0)}").tile_assignment().tolist()
        [[0, 2], [1, 3]]
        """
        self._require_tiled()
        assert self.tile is not None
        return self.tile.array()

    def _require_tiled(self) -> None:
        if not self.is_tiled:
            raise ValueError(f"{self.to_text()} is not a tiled sharding")

    # Text ----------------------------------------------------------------------------------

    def to_text(self, include_metadata: bool = True) -> str:
        """The sharding in HLO text, as XLA prints it (``HloSharding::ToString``)."""
        if self.is_tuple:
            return _tuple_text(self.tuple_elements, include_metadata)
        if self.is_named:
            assert self.named is not None
            return self.named.to_text(include_metadata)
        if self.kind in _KEYWORD_KINDS:
            head = self.kind.value
        elif self.is_maximal:
            head = f"maximal device={self.device}"
        else:
            assert self.tile is not None
            head = "devices=" + self.tile.to_text()
            if self.last_tile_dim_replicate:
                head += " last_tile_dim_replicate"
            if self.last_tile_dims:
                head += " last_tile_dims={" + ", ".join(t.text for t in self.last_tile_dims) + "}"
        if self.shard_group is not None:
            head += " " + self.shard_group.to_text()
        if include_metadata and self.metadata:
            head += " " + _metadata_text(self.metadata)
        return "{" + head + "}"

    def __str__(self) -> str:
        return self.to_text()


def _tuple_text(elements: tuple[HloSharding, ...], include_metadata: bool) -> str:
    parts: list[str] = []
    for i, element in enumerate(elements):
        if i == 0:
            parts.append(element.to_text(include_metadata))
        else:
            # XLA marks every fifth element with its index.
            marker = f"/*index={i}*/" if i % 5 == 0 else ""
            parts.append(", " + marker + element.to_text(include_metadata))
    return "{" + "".join(parts) + "}"


def _metadata_text(metadata: tuple[OpMetadata, ...]) -> str:
    if len(metadata) == 1:
        return "metadata={" + metadata[0].to_text() + "}"
    return "metadata={" + ", ".join("{" + m.to_text() + "}" for m in metadata) + "}"


def with_metadata(sharding: HloSharding, metadata: tuple[OpMetadata, ...]) -> HloSharding:
    """The same sharding carrying ``metadata`` instead."""
    return replace(sharding, metadata=tuple(metadata))


__all__ = ["HloSharding", "ShardingKind", "SubgroupType", "ShardGroup", "ShardGroupKind", "with_metadata"]
