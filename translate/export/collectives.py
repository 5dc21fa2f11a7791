"""Collectives: all_reduce, all_gather, reduce_scatter, collective_permute, collective_broadcast, all_to_all.

Each op is read into one `translate.collective.Collective`, which writes the HLO attributes: replica
groups without the -1 padding (or in the iota/mesh form recorded in `xla.replica_groups`), the channel
handle as `channel_id`, `use_global_device_ids` only when set. The async forms are in `async_ops.py`.
"""

from __future__ import annotations

from dataclasses import replace

from jaxlib.mlir import ir

from hlo_translate.collective import REPLICA_GROUPS_FORM_ATTR, Channel, Collective, CollectiveKind
from hlo_translate.errors import TranslateError
from hlo_translate.export import mlir_attrs as A
from hlo_translate.export.context import Builder
from hlo_translate.export.regions import flat_computation
from hlo_translate.export.registry import handles, handles_custom_call
from hlo_translate.hlo.ir import HloComputation, HloInstruction, Shape, with_default_layouts
from hlo_translate.hlo.verify.collectives import (
    global_ids_problem,
    group_count_problem,
    repeated_replica_problem,
    shard_count_problem,
)
from hlo_translate.markers import TUPLE_ALL_TO_ALL


def _declared_counts(b: Builder) -> dict[str, int]:
    """The module's `mhlo.num_replicas` / `mhlo.num_partitions`, those it declares."""
    return {
        name: A.integer(A.get(b.ctx.module_op, name))
        for name in ("mhlo.num_replicas", "mhlo.num_partitions")
        if A.has(b.ctx.module_op, name)
    }


def module_device_count(b: Builder) -> int | None:
    """The partitions (or replicas) the module declares, for checking device ids; None if it says nothing."""
    return _device_count(_declared_counts(b))


def _device_count(counts: dict[str, int]) -> int | None:
    return max(counts.values()) if counts else None


def collective_of(b: Builder, op: ir.Operation) -> Collective:
    """The op's collective, with its source-target pairs and replica groups checked against the module's
    devices (the checks XLA's verifier makes of what we would write)."""
    collective = Collective.from_mlir(op)
    check_collective(b, collective)
    return collective


def check_collective(b: Builder, collective: Collective) -> None:
    """Refuse, as the input's fault, a collective whose HLO XLA's verifier (and ours) would refuse: its
    source-target pairs, its mode (global device ids) and its replica groups against the module's devices."""
    counts = _declared_counts(b)  # (read once: the device count and the group check both need them)
    collective.validate(_device_count(counts))
    attributes = collective.hlo_attributes()
    groups = attributes.get("replica_groups", ())
    problem = (
        (repeated_replica_problem(groups) if isinstance(groups, tuple) else None)
        or global_ids_problem(attributes)
        or group_count_problem(
            collective.kind.value, attributes, counts.get("mhlo.num_replicas", 1), counts.get("mhlo.num_partitions", 1)
        )
    )
    if problem is not None and b.ctx.verify:
        raise TranslateError(problem)


def hlo_attributes(b: Builder, op: ir.Operation, reducer: HloComputation | None = None) -> dict[str, object]:
    """The HLO attributes of a StableHLO collective op (with `to_apply` when it reduces)."""
    attrs = collective_of(b, op).hlo_attributes()
    if reducer is not None:
        attrs["to_apply"] = reducer
    return attrs


def reducer_of(b: Builder, op: ir.Operation) -> HloComputation | None:
    """The reduction computation of all_reduce / reduce_scatter, else None."""
    return flat_computation(b, op.regions[0]) if len(op.regions) else None


@handles(
    "stablehlo.all_reduce",
    "stablehlo.all_gather",
    "stablehlo.reduce_scatter",
    "stablehlo.collective_permute",
    "stablehlo.collective_broadcast",
    "stablehlo.all_to_all",
)
def _collective(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    kind = CollectiveKind.of_stablehlo(op.name)
    if kind == CollectiveKind.ALL_TO_ALL:
        collective = collective_of(b, op)
        if collective.dimension != collective.concat_dimension:
            return [_all_to_all_across_dimensions(b, op, collective)]
    attrs = hlo_attributes(b, op, reducer_of(b, op))
    if kind in (CollectiveKind.ALL_GATHER, CollectiveKind.REDUCE_SCATTER) and op.operands:
        _check_shard_count(b, kind.value, attrs, op)
    instr = b.add(kind.value, b.result_shape(op), b.operands(op), attrs)
    return b.split(op, instr)


def _check_shard_count(b: Builder, opcode: str, attrs: dict[str, object], op: ir.Operation) -> None:
    """Refuse, as the input's fault, a gather whose shapes XLA's verifier refuses for its groups (the shard count
    of the first operand and result is not the devices of a group)."""
    if not b.ctx.verify:
        return
    counts = _declared_counts(b)
    operand, result = b.shape(op.operands[0]), b.shape(op.results[0])
    replicas, partitions = counts.get("mhlo.num_replicas", 1), counts.get("mhlo.num_partitions", 1)
    problem = shard_count_problem(opcode, attrs, operand, result, replicas, partitions)
    if problem is not None:
        raise TranslateError(problem)


@handles_custom_call("ragged_all_to_all")
def _ragged_all_to_all(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    """JAX's `custom_call @ragged_all_to_all` (groups and channel in its config) -> `ragged-all-to-all`."""
    config = A.dictionary(A.get(op, "backend_config") or A.get(op, "mhlo.backend_config"))
    attrs = {name: A.get(op, name) for name in (REPLICA_GROUPS_FORM_ATTR,) if A.has(op, name)}
    attrs["replica_groups"] = config.get("replica_groups")
    collective = Collective.from_mlir_attributes(CollectiveKind.RAGGED_ALL_TO_ALL, attrs)
    if "channel_id" in config:
        collective = replace(collective, channel=Channel(A.integer(config["channel_id"])))
    return [b.add("ragged-all-to-all", b.result_shape(op), b.operands(op), collective.hlo_attributes())]


def _all_to_all_across_dimensions(b: Builder, op: ir.Operation, collective: Collective) -> HloInstruction:
    """An all_to_all whose split and concat dimensions differ, as XLA writes it.

    HLO's array all-to-all exchanges the chunks of one dimension in place; the chunk received from
    group member j must then move to position j of the concat dimension: split the exchanged dimension
    into (members, chunk), move the members axis just before the concat dimension, and merge them.
    """
    if len(op.operands) != 1:
        raise TranslateError("a variadic all_to_all with split_dimension != concat_dimension is not supported")
    operand = b.operands(op)[0]
    shape = operand.shape
    split, concat, count = collective.dimension, collective.concat_dimension, collective.split_count
    exchanged = b.add("all-to-all", shape, [operand], collective.hlo_attributes())
    dims = list(shape.dimensions)
    split_dims = dims[:split] + [count, dims[split] // count] + dims[split + 1 :]
    reshaped = b.add("reshape", with_default_layouts(Shape.array(shape.element_type, split_dims)), [exchanged])
    concat_axis = concat if concat < split else concat + 1
    perm = [axis for axis in range(len(split_dims)) if axis != split]
    perm.insert(perm.index(concat_axis), split)
    moved = Shape.array(shape.element_type, [split_dims[axis] for axis in perm])
    transposed = b.add("transpose", with_default_layouts(moved), [reshaped], {"dimensions": tuple(perm)})
    return b.add("reshape", b.result_shape(op), [transposed])


def tuple_all_to_all(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    """The composite the importer made of a tuple all-to-all: that all-to-all again (no dimensions;
    operand i goes to the group's i-th member), its groups and channel read from the one
    `stablehlo.all_to_all` of the decomposition."""
    symbol = A.symbol(op.attributes["decomposition"])
    function = b.ctx.func_ops.get(symbol)
    inner = (
        [o for o in function.regions[0].blocks[0].operations if o.operation.name == "stablehlo.all_to_all"]
        if function is not None
        else []
    )
    if len(inner) != 1:
        raise TranslateError(f"the decomposition @{symbol} of {TUPLE_ALL_TO_ALL} must hold one stablehlo.all_to_all")
    collective = collective_of(b, inner[0].operation)
    attrs = collective.hlo_attributes()
    attrs.pop("dimensions", None)
    operands = b.operands(op)
    # without dimensions XLA's all-to-all is a tuple, of one element too (InferAllToAllTupleShape)
    instr = b.add("all-to-all", Shape.tuple_of([o.shape for o in operands]), operands, attrs)
    return [b.gte(instr, i) for i in range(len(operands))]
