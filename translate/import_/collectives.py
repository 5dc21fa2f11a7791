"""Collectives: all-reduce, all-gather, reduce-scatter, all-to-all, collective-permute/broadcast.

Replica groups in every HLO form (explicit lists, iota `[2,4]<=[8]`, mesh) become the explicit
`dense<...> : tensor<GxNxi64>`; `channel_id=N` becomes `#stablehlo.channel_handle<handle = N, type = 1>`.
The synchronous `*-start`/`*-done` pairs are imported as the synchronous op (the start computes, the
done forwards it).
"""

from __future__ import annotations

import numpy as np
from jaxlib.mlir import ir
from jaxlib.mlir.dialects import stablehlo

from translate.hlo.attributes import IotaReplicaGroups, MeshReplicaGroups
from translate.hlo.types import Shape
from translate.import_ import attrs as A
from translate.import_.importer import OpContext, Tree, flat_types, register, unflatten
from translate.typemap import shape_to_mlir

DEVICE_TO_DEVICE = 1


def replica_groups_array(groups: object) -> np.ndarray:
    """The explicit groups as a 2-D array (ragged groups are padded with -1, as StableHLO allows)."""
    if isinstance(groups, IotaReplicaGroups):
        ids = np.arange(int(np.prod(groups.reshape_dims))).reshape(groups.reshape_dims)
        if groups.transpose_perm:
            ids = ids.transpose(groups.transpose_perm)
        return ids.reshape(groups.num_replica_groups, groups.num_devices_per_group)
    if isinstance(groups, MeshReplicaGroups):
        return np.array(groups.groups(), dtype=np.int64)
    groups = tuple(groups or ())
    if not groups:
        return np.zeros((0, 0), dtype=np.int64)
    width = max(len(g) for g in groups)
    return np.array([list(g) + [-1] * (width - len(g)) for g in groups], dtype=np.int64)


def _common(ctx: OpContext) -> dict[str, ir.Attribute]:
    attributes: dict[str, ir.Attribute] = {"replica_groups": A.dense_i64(replica_groups_array(ctx.attr("replica_groups")))}
    channel = ctx.attr("channel_id")
    if channel is not None:
        attributes["channel_handle"] = stablehlo.ChannelHandle.get(int(channel), DEVICE_TO_DEVICE)
    if ctx.attr("use_global_device_ids"):
        attributes["use_global_device_ids"] = ir.UnitAttr.get()
    return attributes


@register("all-reduce", "all-reduce-start")
def all_reduce(ctx: OpContext) -> Tree:
    op, tree = ctx.multi("stablehlo.all_reduce", ctx.flat_operands(), _common(ctx), regions=1)
    ctx.region(op, 0, ctx.computation("to_apply"))
    return tree


@register("all-gather", "all-gather-start")
def all_gather(ctx: OpContext) -> Tree:
    attributes = _common(ctx)
    attributes["all_gather_dim"] = A.i64(ctx.required("dimensions")[0])
    shape = ctx.shape
    if ctx.instr.opcode == "all-gather-start" and shape.is_tuple:
        shape = shape.tuple_shapes[1]   # (operands, results)
    _, tree = ctx.multi("stablehlo.all_gather", ctx.flat_operands(), attributes, shape=shape)
    return tree


@register("reduce-scatter")
def reduce_scatter(ctx: OpContext) -> Tree:
    attributes = _common(ctx)
    attributes["scatter_dimension"] = A.i64(ctx.required("dimensions")[0])
    op, tree = ctx.multi("stablehlo.reduce_scatter", ctx.flat_operands(), attributes, regions=1)
    ctx.region(op, 0, ctx.computation("to_apply"))
    return tree


@register("all-to-all")
def all_to_all(ctx: OpContext) -> Tree:
    dims = ctx.attr("dimensions")
    if not dims:
        return _tuple_all_to_all(ctx)
    attributes = _common(ctx)
    groups = replica_groups_array(ctx.attr("replica_groups"))
    attributes["split_dimension"] = A.i64(dims[0])
    attributes["concat_dimension"] = A.i64(dims[0])
    attributes["split_count"] = A.i64(groups.shape[1] if groups.size else 1)
    _, tree = ctx.multi("stablehlo.all_to_all", ctx.flat_operands(), attributes)
    return tree


@register("collective-permute", "collective-permute-start")
def collective_permute(ctx: OpContext) -> Tree:
    pairs = np.array(ctx.attr("source_target_pairs", ()), dtype=np.int64).reshape(-1, 2)
    attributes: dict[str, ir.Attribute] = {"source_target_pairs": A.dense_i64(pairs)}
    channel = ctx.attr("channel_id")
    if channel is not None:
        attributes["channel_handle"] = stablehlo.ChannelHandle.get(int(channel), DEVICE_TO_DEVICE)
    shape = ctx.shape
    if ctx.instr.opcode.endswith("-start"):
        shape = shape.tuple_shapes[1]   # (operand, result, context...)
    op = ctx.op("stablehlo.collective_permute", [ctx.value(0)], flat_types(shape), attributes)
    return unflatten(shape, iter(op.results))


@register("collective-broadcast")
def collective_broadcast(ctx: OpContext) -> Tree:
    attributes = _common(ctx)
    attributes.pop("use_global_device_ids", None)
    _, tree = ctx.multi("stablehlo.collective_broadcast", ctx.flat_operands(), attributes)
    return tree


@register("all-reduce-done", "all-gather-done", "collective-permute-done")
def done(ctx: OpContext) -> Tree:
    return ctx.operands[0]


def _tuple_all_to_all(ctx: OpContext) -> Tree:
    """The tuple form (operand i goes to the group's i-th member) as one array all_to_all.

    The N operands are stacked along a new leading dimension, exchanged with split and concat dimension 0,
    and unstacked: StableHLO's all_to_all has no tuple form with these semantics.
    """
    operands = ctx.flat_operands()
    pieces = ctx.shape.tuple_shapes if ctx.shape.is_tuple else (ctx.shape,)
    piece = pieces[0].without_layouts()
    if any(p.without_layouts() != piece for p in pieces) or len(pieces) != len(operands):
        raise ctx.error("tuple all-to-all with operands of different shapes is not supported")
    n = len(operands)
    row = shape_to_mlir(Shape.array(piece.element_type, (1, *piece.dimensions)))
    stacked = shape_to_mlir(Shape.array(piece.element_type, (n, *piece.dimensions)))
    rows = [ctx.op("stablehlo.reshape", [v], [row]).result for v in operands]
    joined = ctx.op("stablehlo.concatenate", rows, [stacked], {"dimension": A.i64(0)}).result
    attributes = _common(ctx)
    attributes.update(split_dimension=A.i64(0), concat_dimension=A.i64(0), split_count=A.i64(n))
    exchanged = ctx.op("stablehlo.all_to_all", [joined], [stacked], attributes).result
    results = []
    for i in range(n):
        sliced = ctx.op("stablehlo.slice", [exchanged], [row], {
            "start_indices": ir.DenseI64ArrayAttr.get([i] + [0] * piece.rank),
            "limit_indices": ir.DenseI64ArrayAttr.get([i + 1, *piece.dimensions]),
            "strides": ir.DenseI64ArrayAttr.get([1] * (piece.rank + 1))}).result
        results.append(ctx.op("stablehlo.reshape", [sliced], [shape_to_mlir(piece)]).result)
    return unflatten(ctx.shape, iter(results))
