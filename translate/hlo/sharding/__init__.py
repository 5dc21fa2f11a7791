"""GSPMD shardings: the `HloSharding` model, tile assignments, named (Shardy-style) shardings, the normal
forms, and the text, `OpSharding` proto, `mhlo.sharding` and send/recv forms.

The names load lazily (`hlo_translate.lazy`): tile assignments and the normal forms use numpy, which a
module without shardings never needs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hlo_translate.lazy import lazy_exports

if TYPE_CHECKING:
    from hlo_translate.hlo.sharding.algebra import canonicalize, equivalent, xla_normalize
    from hlo_translate.hlo.sharding.mhlo import for_shape, parse_mhlo_sharding
    from hlo_translate.hlo.sharding.model import (
        HloSharding,
        ShardGroup,
        ShardGroupKind,
        ShardingKind,
        SubgroupType,
        with_metadata,
    )
    from hlo_translate.hlo.sharding.named import REDUCTION_OPS, AxisRef, DimSharding, Mesh, MeshAxis, NamedSharding
    from hlo_translate.hlo.sharding.p2p import split
    from hlo_translate.hlo.sharding.parser import parse_op_metadata, parse_sharding, parse_sharding_prefix
    from hlo_translate.hlo.sharding.proto import from_op_sharding, to_op_sharding
    from hlo_translate.hlo.sharding.tile_assignment import IotaTile, TileAssignment, canonicalize_iota_dims, find_iota

__all__ = [
    "HloSharding",
    "ShardingKind",
    "SubgroupType",
    "ShardGroup",
    "ShardGroupKind",
    "with_metadata",
    "TileAssignment",
    "IotaTile",
    "find_iota",
    "canonicalize_iota_dims",
    "NamedSharding",
    "Mesh",
    "MeshAxis",
    "AxisRef",
    "DimSharding",
    "REDUCTION_OPS",
    "canonicalize",
    "xla_normalize",
    "equivalent",
    "parse_sharding",
    "parse_sharding_prefix",
    "parse_op_metadata",
    "to_op_sharding",
    "from_op_sharding",
    "parse_mhlo_sharding",
    "for_shape",
    "split",
]

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "algebra": ("canonicalize", "equivalent", "xla_normalize"),
        "mhlo": ("for_shape", "parse_mhlo_sharding"),
        "model": ("HloSharding", "ShardGroup", "ShardGroupKind", "ShardingKind", "SubgroupType", "with_metadata"),
        "named": ("REDUCTION_OPS", "AxisRef", "DimSharding", "Mesh", "MeshAxis", "NamedSharding"),
        "p2p": ("split",),
        "parser": ("parse_op_metadata", "parse_sharding", "parse_sharding_prefix"),
        "proto": ("from_op_sharding", "to_op_sharding"),
        "tile_assignment": ("IotaTile", "TileAssignment", "canonicalize_iota_dims", "find_iota"),
    },
)
