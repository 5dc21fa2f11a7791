"""Sharding rules: a sharding fits its instruction's shape, and names only devices the module has.

What XLA checks (its HloVerifier's sharding validation, after the parser): a tuple sharding only on a tuple
shape, with one element per leaf array; a tiled sharding with one tile dimension per array dimension (its
subgroup dimensions aside); no negative or repeated device id (XLA's parser takes both); and, in a module of
several partitions, a tile assignment of exactly `num_partitions` devices and a maximal device below it.
"""

from __future__ import annotations

from hlo_translate.hlo.ir import HloInstruction, PrimitiveType, Shape
from hlo_translate.hlo.sharding import HloSharding
from hlo_translate.hlo.verify.core import fail, text


def check_sharding(instr: HloInstruction, num_partitions: int) -> None:
    """`instr`'s sharding (when it has one) fits its shape and the module's `num_partitions`."""
    sharding = instr.attributes.get("sharding")
    if not isinstance(sharding, HloSharding):
        return
    _fits_shape(instr, sharding, instr.shape)
    _fits_devices(instr, sharding, num_partitions)


def _leaves(shape: Shape) -> list[Shape]:
    if not shape.is_tuple:
        return [shape]
    return [leaf for element in shape.tuple_shapes for leaf in _leaves(element)]


def _fits_shape(instr: HloInstruction, sharding: HloSharding, shape: Shape) -> None:
    problem = sharding_shape_problem(sharding, shape)
    if problem is not None:
        raise fail(instr, "sharding", problem)


def sharding_shape_problem(sharding: HloSharding, shape: Shape) -> str | None:
    """Why `sharding` does not fit `shape`, or None. The exporter asks the same of what it is about to write
    (the input's fault, not ours). Any sharding fits a token (XLA's HloSharding::Validate: an outfeed's
    token carries the tuple sharding of its data and token)."""
    if shape.element_type == PrimitiveType.TOKEN:
        return None
    if sharding.is_tuple:
        if not shape.is_tuple:
            return f"a tuple sharding on the non-tuple shape {text(shape)}"
        leaves = _leaves(shape)
        if len(sharding.tuple_elements) != max(1, len(leaves)):
            return (
                f"a tuple sharding of {len(sharding.tuple_elements)} elements for {len(leaves)} arrays in {text(shape)}"
            )
        for element, leaf in zip(sharding.tuple_elements, leaves):
            if (problem := sharding_shape_problem(element, leaf)) is not None:
                return problem
    elif sharding.is_tiled and shape.is_array and sharding.tiled_data_rank != shape.rank:
        return (
            f"sharding {sharding.to_text(include_metadata=False)} tiles {sharding.tiled_data_rank} "
            f"dimensions of the rank-{shape.rank} {text(shape)}"
        )
    return None


def _fits_devices(instr: HloInstruction, sharding: HloSharding, num_partitions: int) -> None:
    problem = device_id_problem(sharding) or device_problem(sharding, num_partitions)
    if problem is not None:
        raise fail(instr, "sharding", problem)


def device_id_problem(sharding: HloSharding) -> str | None:
    """A negative or repeated device id in `sharding`, or None: XLA's parser takes both, its sharding
    validation refuses them whatever the partitions."""
    if sharding.is_tuple:
        return next(filter(None, map(device_id_problem, sharding.tuple_elements)), None)
    if sharding.is_maximal and sharding.device is not None and sharding.device < 0:
        return f"maximal device {sharding.device} is negative"
    devices = sharding.tile.devices if sharding.is_tiled and sharding.tile is not None else ()
    if devices and min(devices) < 0:
        return f"sharding {sharding.to_text(include_metadata=False)} names the negative device {min(devices)}"
    if devices and len(set(devices)) != len(devices):
        return f"sharding {sharding.to_text(include_metadata=False)} names a device twice"
    return None


def device_problem(sharding: HloSharding, num_partitions: int) -> str | None:
    """What is wrong with the devices `sharding` names in a module of `num_partitions` partitions, or None
    (always None for one partition). The exporter asks the same of what it is about to write (the input's
    fault, not ours)."""
    if num_partitions <= 1:
        return None
    if sharding.is_tuple:
        for element in sharding.tuple_elements:
            problem = device_problem(element, num_partitions)
            if problem is not None:
                return problem
        return None
    if sharding.is_maximal:
        assert sharding.device is not None
        if sharding.device >= num_partitions:
            return f"maximal device {sharding.device} is not one of the module's {num_partitions} partitions"
    elif sharding.is_tiled:
        tile = sharding.tile
        assert tile is not None
        devices = max(tile.devices) if tile.devices else tile.num_elements - 1
        if tile.num_elements != num_partitions or devices >= num_partitions:
            return (
                f"sharding {sharding.to_text(include_metadata=False)} names {tile.num_elements} devices, "
                f"the module has {num_partitions} partitions"
            )
    return None
