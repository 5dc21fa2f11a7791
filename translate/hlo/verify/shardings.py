"""Sharding rules: a sharding fits its instruction's shape, and names only devices the module has.

What XLA checks (its HloVerifier's sharding validation, after the parser): a tuple sharding only on a tuple
shape, with one element per leaf array; a tiled sharding with one tile dimension per array dimension (its
subgroup dimensions aside); and, in a module of several partitions, a tile assignment of exactly
`num_partitions` devices and a maximal device below it. With one partition XLA does not check device ids.
"""

from __future__ import annotations

from hlo_translate.hlo.ir import HloInstruction
from hlo_translate.hlo.sharding import HloSharding
from hlo_translate.hlo.types import Shape
from hlo_translate.hlo.verify.core import fail, text


def check_sharding(instr: HloInstruction, num_partitions: int) -> None:
    """`instr`'s sharding (when it has one) fits its shape and the module's `num_partitions`."""
    sharding = instr.attributes.get("sharding")
    if not isinstance(sharding, HloSharding):
        return
    _fits_shape(instr, sharding, instr.shape)
    if num_partitions > 1:
        _fits_devices(instr, sharding, num_partitions)


def _leaves(shape: Shape) -> list[Shape]:
    if not shape.is_tuple:
        return [shape]
    return [leaf for element in shape.tuple_shapes for leaf in _leaves(element)]


def _fits_shape(instr: HloInstruction, sharding: HloSharding, shape: Shape) -> None:
    if sharding.is_tuple:
        if not shape.is_tuple:
            raise fail(instr, "sharding", f"a tuple sharding on the non-tuple shape {text(shape)}")
        leaves = _leaves(shape)
        if len(sharding.tuple_elements) != max(1, len(leaves)):
            raise fail(instr, "sharding", f"a tuple sharding of {len(sharding.tuple_elements)} elements for "
                                          f"{len(leaves)} arrays in {text(shape)}")
        for element, leaf in zip(sharding.tuple_elements, leaves):
            _fits_shape(instr, element, leaf)
    elif sharding.is_tiled and shape.is_array and sharding.tiled_data_rank != shape.rank:
        raise fail(instr, "sharding", f"sharding {sharding.to_text(include_metadata=False)} tiles "
                                      f"{sharding.tiled_data_rank} dimensions of the rank-{shape.rank} {text(shape)}")


def _fits_devices(instr: HloInstruction, sharding: HloSharding, num_partitions: int) -> None:
    if sharding.is_tuple:
        for element in sharding.tuple_elements:
            _fits_devices(instr, element, num_partitions)
        return
    if sharding.is_maximal:
        assert sharding.device is not None
        if sharding.device >= num_partitions:
            raise fail(instr, "sharding", f"maximal device {sharding.device} is not one of the module's "
                                          f"{num_partitions} partitions")
    elif sharding.is_tiled:
        tile = sharding.tile
        assert tile is not None
        devices = max(tile.devices) if tile.devices else tile.num_elements - 1
        if tile.num_elements != num_partitions or devices >= num_partitions:
            raise fail(instr, "sharding", f"sharding {sharding.to_text(include_metadata=False)} names "
                                          f"{tile.num_elements} devices, the module has {num_partitions} partitions")
