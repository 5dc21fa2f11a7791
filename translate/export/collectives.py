"""Collectives: all_reduce, all_gather, reduce_scatter, collective_permute, collective_broadcast, all_to_all.

Replica groups come as an N x M matrix padded with -1; HLO lists the groups without padding.
A channel handle becomes `channel_id`; `use_global_device_ids` is printed only when set.
"""

from __future__ import annotations

from jaxlib.mlir import ir

from translate.errors import TranslateError
from translate.export import mlir_attrs as A
from translate.export.context import Builder
from translate.export.registry import handles
from translate.export.regions import flat_computation
from translate.hlo.ir import HloInstruction


def replica_groups(op: ir.Operation) -> tuple[tuple[int, ...], ...]:
    matrix = A.i64_matrix(A.get(op, "replica_groups"))
    return tuple(tuple(int(x) for x in row if x >= 0) for row in matrix) if matrix.size else ()


def _common(op: ir.Operation, *, groups: bool = True) -> dict[str, object]:
    attrs: dict[str, object] = {}
    channel = A.channel_handle(A.get(op, "channel_handle"))
    if channel is not None and channel[0] > 0:
        attrs["channel_id"] = channel[0]
    if groups:
        attrs["replica_groups"] = replica_groups(op)
    if A.has(op, "use_global_device_ids"):
        attrs["use_global_device_ids"] = True
    return attrs


@handles("stablehlo.all_reduce")
def _all_reduce(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    attrs = _common(op)
    attrs["to_apply"] = flat_computation(b, op.regions[0])
    instr = b.add("all-reduce", b.result_shape(op), b.operands(op), attrs)
    return b.split(op, instr)


@handles("stablehlo.all_gather")
def _all_gather(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    attrs = _common(op)
    attrs["dimensions"] = (A.integer(op.attributes["all_gather_dim"]),)
    instr = b.add("all-gather", b.result_shape(op), b.operands(op), attrs)
    return b.split(op, instr)


@handles("stablehlo.reduce_scatter")
def _reduce_scatter(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    attrs = _common(op)
    attrs["dimensions"] = (A.integer(op.attributes["scatter_dimension"]),)
    attrs["to_apply"] = flat_computation(b, op.regions[0])
    instr = b.add("reduce-scatter", b.result_shape(op), b.operands(op), attrs)
    return b.split(op, instr)


@handles("stablehlo.collective_permute")
def _collective_permute(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    attrs = _common(op, groups=False)
    pairs = A.i64_matrix(op.attributes["source_target_pairs"])
    attrs["source_target_pairs"] = tuple((int(s), int(t)) for s, t in pairs)
    return [b.add("collective-permute", b.result_shape(op), b.operands(op), attrs)]


@handles("stablehlo.collective_broadcast")
def _collective_broadcast(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    return [b.add("collective-broadcast", b.result_shape(op), b.operands(op), _common(op))]


@handles("stablehlo.all_to_all")
def _all_to_all(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    split = A.integer(op.attributes["split_dimension"])
    concat = A.integer(op.attributes["concat_dimension"])
    if split != concat:
        # HLO's array all-to-all splits and concatenates along one dimension; the general form
        # needs reshapes and a transpose around it (not written yet).
        raise TranslateError("all_to_all with split_dimension != concat_dimension is not supported yet")
    attrs = _common(op)
    attrs["dimensions"] = (split,)
    instr = b.add("all-to-all", b.result_shape(op), b.operands(op), attrs)
    return b.split(op, instr)
