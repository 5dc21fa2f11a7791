"""Collectives: all-reduce, all-gather, reduce-scatter, all-to-all, collective-permute/broadcast.

Each instruction is read into one `translate.collective.Collective`, which writes the StableHLO
attributes: replica groups in every HLO form (explicit lists, iota `[2,4]<=[8]`, mesh) become the
explicit `dense<...> : tensor<GxNxi64>` (an iota or mesh form is also kept in `xla.replica_groups`, so
the HLO comes back as it was); `channel_id=N` becomes `#stablehlo.channel_handle<handle = N, type = 1>`.
The async forms (`*-start`/`*-done`, `async-start`) are in `async_ops.py`.
"""

from __future__ import annotations

from jaxlib.mlir import ir
from jaxlib.mlir.dialects import func

from hlo_translate.collective import Collective, CollectiveKind
from hlo_translate.hlo.ir import Shape
from hlo_translate.import_ import attrs as A
from hlo_translate.import_.async_ops import emit_fallback
from hlo_translate.import_.importer import NoStableHloForm, OpContext, Tree, register, unflatten
from hlo_translate.markers import TUPLE_ALL_TO_ALL
from hlo_translate.typemap import shape_to_mlir


def module_device_count(ctx: OpContext) -> int | None:
    """The partitions (or replicas) the module declares, for checking device ids; None if it says nothing."""
    header = ctx.importer.hlo.header
    counts = [int(header[name]) for name in ("num_partitions", "replica_count") if isinstance(header.get(name), int)]
    return max(counts) if counts else None


def collective_of(ctx: OpContext, opcode: str | None = None) -> Collective:
    """The collective of the instruction (read as `opcode`, default its own), pairs checked. A device in
    two source-target pairs (which StableHLO refuses; XLA's parser takes it, and a send or recv may name
    several targets) and `channel_id=0` with global device ids (StableHLO's channel handle 0 is no
    channel) leave the instruction in the fallback form."""
    collective = Collective.from_hlo_attributes(opcode or ctx.instr.opcode, ctx.instr.attributes)
    pairs = collective.source_target_pairs or ()
    if len({s for s, _ in pairs}) < len(pairs) or len({t for _, t in pairs}) < len(pairs):
        raise NoStableHloForm("a device appears in two source-target pairs", op=ctx.instr.name)
    collective.validate(module_device_count(ctx))
    if ctx.attr("channel_id") == 0 and ctx.attr("use_global_device_ids"):
        raise NoStableHloForm("channel_id=0 with use_global_device_ids", op=ctx.instr.name)
    return collective


def _emit(ctx: OpContext, kind: CollectiveKind, shape: Shape | None = None) -> Tree:
    attributes = collective_of(ctx).mlir_attributes()
    reduces = kind in (CollectiveKind.ALL_REDUCE, CollectiveKind.REDUCE_SCATTER)
    op, tree = ctx.multi(kind.stablehlo_op, ctx.flat_operands(), attributes, regions=int(reduces), shape=shape)
    if reduces:
        ctx.region(op, 0, ctx.computation("to_apply"))
    return tree


def _fallback(ctx: OpContext) -> Tree:
    """The instruction as one `custom_call @"xla.<opcode>"` (`translate.async_forms`), its attributes checked."""
    collective_of(ctx)
    return emit_fallback(ctx, ctx.instr.opcode)


@register("all-reduce")
def all_reduce(ctx: OpContext) -> Tree:
    return _emit(ctx, CollectiveKind.ALL_REDUCE)


@register("all-gather")
def all_gather(ctx: OpContext) -> Tree:
    return _emit(ctx, CollectiveKind.ALL_GATHER)


@register("reduce-scatter")
def reduce_scatter(ctx: OpContext) -> Tree:
    if len(ctx.instr.operands) != 1:
        return _fallback(ctx)  # combined: StableHLO's reduce_scatter scatters one array
    return _emit(ctx, CollectiveKind.REDUCE_SCATTER)


@register("all-to-all")
def all_to_all(ctx: OpContext) -> Tree:
    if not ctx.attr("dimensions"):
        return _tuple_all_to_all(ctx)
    return _emit(ctx, CollectiveKind.ALL_TO_ALL)


@register("collective-permute")
def collective_permute(ctx: OpContext) -> Tree:
    if len(ctx.instr.operands) != 1:
        # In place (input, output, input and output start indices) or combined (several operands):
        # StableHLO's collective_permute permutes one array.
        return _fallback(ctx)
    attributes = collective_of(ctx).mlir_attributes()
    op = ctx.op("stablehlo.collective_permute", [ctx.value(0)], [ctx.result_type()], attributes)
    return op.result


@register("collective-broadcast")
def collective_broadcast(ctx: OpContext) -> Tree:
    return _emit(ctx, CollectiveKind.COLLECTIVE_BROADCAST)


def _tuple_all_to_all(ctx: OpContext) -> Tree:
    """The tuple form (operand i goes to the group's i-th member) as `stablehlo.composite
    "xla.tuple_all_to_all"` over the operands. Its decomposition gives the meaning in StableHLO: the
    operands stacked along a new leading dimension, one array all_to_all with split and concat
    dimension 0, unstacked (StableHLO's all_to_all has no tuple form with these semantics). The
    exporter writes the tuple all-to-all back from the composite."""
    operands = ctx.flat_operands()
    pieces = ctx.shape.tuple_shapes if ctx.shape.is_tuple else (ctx.shape,)
    piece = pieces[0].without_layouts()
    if any(p.without_layouts() != piece for p in pieces) or len(pieces) != len(operands):
        raise ctx.error("tuple all-to-all with operands of different shapes is not supported")
    importer = ctx.importer
    assert importer.module is not None
    types = [v.type for v in operands]
    symbol = importer.unique_symbol(TUPLE_ALL_TO_ALL)
    with ir.InsertionPoint(importer.module.body), ir.Location.unknown():
        function = func.FuncOp(symbol, ir.FunctionType.get(types, types))
        function.attributes["sym_visibility"] = ir.StringAttr.get("private")
    block = function.body.blocks.append(*types, arg_locs=[ctx.loc] * len(types))
    with ir.InsertionPoint(block):
        func.ReturnOp(_stacked_all_to_all(ctx, list(block.arguments), piece), loc=ctx.loc)
    op = ctx.op(
        "stablehlo.composite",
        operands,
        types,
        {
            "name": A.string(TUPLE_ALL_TO_ALL),
            "composite_attributes": ir.DictAttr.get({}),
            "decomposition": ir.FlatSymbolRefAttr.get(symbol),
            "version": A.i32(0),
        },
    )
    return unflatten(ctx.shape, iter(op.results))


def _stacked_all_to_all(ctx: OpContext, operands: list[ir.Value], piece: Shape) -> list[ir.Value]:
    n = len(operands)
    row = shape_to_mlir(Shape.array(piece.element_type, (1, *piece.dimensions)))
    stacked = shape_to_mlir(Shape.array(piece.element_type, (n, *piece.dimensions)))
    rows = [ctx.op("stablehlo.reshape", [v], [row]).result for v in operands]
    joined = ctx.op("stablehlo.concatenate", rows, [stacked], {"dimension": A.i64(0)}).result
    attributes = collective_of(ctx).mlir_attributes()
    attributes.update(split_dimension=A.i64(0), concat_dimension=A.i64(0), split_count=A.i64(n))
    exchanged = ctx.op("stablehlo.all_to_all", [joined], [stacked], attributes).result
    results = []
    for i in range(n):
        sliced = ctx.op(
            "stablehlo.slice",
            [exchanged],
            [row],
            {
                "start_indices": ir.DenseI64ArrayAttr.get([i] + [0] * piece.rank),
                "limit_indices": ir.DenseI64ArrayAttr.get([i + 1, *piece.dimensions]),
                "strides": ir.DenseI64ArrayAttr.get([1] * (piece.rank + 1)),
            },
        ).result
        results.append(ctx.op("stablehlo.reshape", [sliced], [shape_to_mlir(piece)]).result)
    return results


@register("ragged-all-to-all")
def ragged_all_to_all(ctx: OpContext) -> Tree:
    """`custom_call @ragged_all_to_all` with the groups and channel in a typed-FFI config, as JAX lowers it."""
    collective = collective_of(ctx)
    attributes = collective.mlir_attributes()
    config: dict[str, ir.Attribute] = {"replica_groups": attributes.pop("replica_groups")}
    if collective.channel is not None:
        config["channel_id"] = A.i64(collective.channel.id)
    attributes.pop("channel_handle", None)
    attributes.update(
        call_target_name=A.string("ragged_all_to_all"), api_version=A.i32(4), backend_config=ir.DictAttr.get(config)
    )
    return ctx.op("stablehlo.custom_call", ctx.values(), [ctx.result_type()], attributes).result
