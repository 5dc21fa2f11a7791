"""Collectives: all_reduce, all_gather, reduce_scatter, collective_permute, collective_broadcast, all_to_all.

Each op is read into one `translate.collective.Collective`, which writes the HLO attributes: replica
groups without the -1 padding (or in the iota/mesh form recorded in `xla.replica_groups`), the channel
handle as `channel_id`, `use_global_device_ids` only when set. The async forms are in `async_ops.py`.
"""

from __future__ import annotations

from dataclasses import replace

from jaxlib.mlir import ir

from translate.collective import REPLICA_GROUPS_FORM_ATTR, Channel, Collective, CollectiveKind
from translate.errors import TranslateError
from translate.export import mlir_attrs as A
from translate.export.context import Builder
from translate.export.registry import handles, handles_custom_call
from translate.export.regions import flat_computation
from translate.hlo.ir import HloComputation, HloInstruction


def module_device_count(b: Builder) -> int | None:
    """The partitions (or replicas) the module declares, for checking device ids; None if it says nothing."""
    counts = [A.integer(A.get(b.ctx.module_op, name)) for name in ("mhlo.num_partitions", "mhlo.num_replicas")
              if A.has(b.ctx.module_op, name)]
    return max(counts) if counts else None


def collective_of(b: Builder, op: ir.Operation) -> Collective:
    """The op's collective, with its source-target pairs checked against the module's devices."""
    collective = Collective.from_mlir(op)
    collective.validate(module_device_count(b))
    if collective.kind == CollectiveKind.ALL_TO_ALL and collective.dimension != collective.concat_dimension:
        # HLO's array all-to-all splits and concatenates along one dimension; the general form
        # needs reshapes and a transpose around it (not written yet).
        raise TranslateError("all_to_all with split_dimension != concat_dimension is not supported yet")
    return collective


def hlo_attributes(b: Builder, op: ir.Operation, reducer: HloComputation | None = None) -> dict[str, object]:
    """The HLO attributes of a StableHLO collective op (with `to_apply` when it reduces)."""
    attrs = collective_of(b, op).hlo_attributes()
    if reducer is not None:
        attrs["to_apply"] = reducer
    return attrs


def reducer_of(b: Builder, op: ir.Operation) -> HloComputation | None:
    """The reduction computation of all_reduce / reduce_scatter, else None."""
    return flat_computation(b, op.regions[0]) if len(op.regions) else None


@handles("stablehlo.all_reduce", "stablehlo.all_gather", "stablehlo.reduce_scatter",
         "stablehlo.collective_permute", "stablehlo.collective_broadcast", "stablehlo.all_to_all")
def _collective(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    kind = CollectiveKind.of_stablehlo(op.name)
    attrs = hlo_attributes(b, op, reducer_of(b, op))
    instr = b.add(kind.value, b.result_shape(op), b.operands(op), attrs)
    return b.split(op, instr)


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
