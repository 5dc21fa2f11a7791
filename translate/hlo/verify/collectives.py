"""Rules of collectives and asynchronous pairs: replica groups, source-target pairs, result shapes of
all-reduce/all-gather/reduce-scatter/all-to-all/collective-permute, start/done and send/recv pairings."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hlo_translate.hlo.ir import HloInstruction, IotaReplicaGroups, MeshReplicaGroups, PrimitiveType, Shape
from hlo_translate.hlo.verify.control_flow import check_call_signature
from hlo_translate.hlo.verify.core import (
    VerifyContext,
    expect_shape,
    fail,
    rule,
    same_shape,
    text,
    tuple_or_single,
    with_dims,
)
from hlo_translate.hlo.verify.reduction import check_reducer

_U32 = Shape.array(PrimitiveType.U32, ())


def group_size(instr: HloInstruction) -> int | None:
    """The number of participants per replica group, None when the groups are implicit (all devices)."""
    groups = instr.attributes.get("replica_groups", ())
    problem = global_ids_problem(instr.attributes)
    if problem is not None:
        raise fail(instr, "collective-mode", problem)
    if isinstance(groups, IotaReplicaGroups):
        total = 1
        for d in groups.reshape_dims:
            total *= d
        if groups.num_replica_groups * groups.num_devices_per_group != total or (
            groups.transpose_perm and sorted(groups.transpose_perm) != list(range(len(groups.reshape_dims)))
        ):
            raise fail(instr, "replica-groups", "the iota replica groups do not cover their reshape dimensions")
        return groups.num_devices_per_group
    if isinstance(groups, MeshReplicaGroups):
        groups = groups.groups()
    if not groups:
        return None
    problem = repeated_replica_problem(groups)
    if problem is not None:
        raise fail(instr, "replica-groups", problem)
    sizes = {len(g) for g in groups}
    if instr.opcode in ("all-gather", "all-gather-start", "reduce-scatter", "all-to-all") and len(sizes) > 1:
        raise fail(instr, "replica-groups", f"{instr.opcode} needs replica groups of one size, not {sorted(sizes)}")
    return len(groups[0])


def repeated_replica_problem(groups: Sequence[Sequence[int]]) -> str | None:
    """A negative id or one in two places of explicit replica groups, or None. The exporter asks the same of
    the groups it is about to write (JAX's async collectives carry them as JSON, unchecked by MLIR)."""
    seen: set[int] = set()
    for group in groups:
        for device in group:
            if device < 0 or device in seen:
                return f"replica {device} is negative or appears twice"
            seen.add(device)
    return None


def global_ids_problem(attributes: Mapping[str, Any]) -> str | None:
    """Flattened device ids (`use_global_device_ids`) without a channel or explicit groups, which XLA refuses;
    None when fine. The exporter asks the same of what it is about to write."""
    if attributes.get("use_global_device_ids") and (
        "channel_id" not in attributes or not attributes.get("replica_groups", ())
    ):
        return "use_global_device_ids needs a channel_id and replica groups"
    return None


# Opcodes whose explicit groups must name exactly the ids 0..n-1 (StableHLO's verifier, in XLA's route).
_DENSE_IDS = frozenset(
    {"all-reduce", "all-reduce-start", "all-gather", "all-gather-start", "reduce-scatter", "all-to-all"}
)


def check_group_count(instr: HloInstruction, ctx: VerifyContext) -> None:
    """The groups hold every participant of the collective's mode once (XLA's CheckReplicaGroups)."""
    problem = group_count_problem(instr.opcode, instr.attributes, ctx.replica_count, ctx.num_partitions)
    if problem is not None:
        raise fail(instr, "replica-groups", problem)


def group_count_problem(
    opcode: str, attributes: Mapping[str, Any], replica_count: int, num_partitions: int
) -> str | None:
    """What is wrong with the replica groups of a collective (`opcode`, its HLO `attributes`), or None.

    The groups hold every participant of the collective's mode once: the replicas (no channel, or a channel
    without global ids), the partitions (all-to-all with a channel), or every device (global ids); a count of
    1 is not checked. The exporter asks the same of what it is about to write (the input's fault, not ours).
    """
    groups = attributes.get("replica_groups", ())
    if isinstance(groups, IotaReplicaGroups):
        n = groups.num_replica_groups * groups.num_devices_per_group
        top = n - 1
    else:
        if isinstance(groups, MeshReplicaGroups):
            groups = groups.groups()
        if not groups:
            return None
        n = sum(len(g) for g in groups)
        top = max((d for g in groups for d in g), default=-1)
    if opcode in _DENSE_IDS and top >= n:
        return f"replica groups name id {top} but hold {n} ids: they must name 0..{n - 1}"
    channel = "channel_id" in attributes
    if opcode in ("all-to-all", "ragged-all-to-all"):
        what, count = ("partitions", num_partitions) if channel else ("replicas", replica_count)
    elif channel and attributes.get("use_global_device_ids"):
        what, count = "devices", replica_count * num_partitions
    else:
        what, count = "replicas", replica_count
    if count != 1 and n != count:
        return f"replica groups hold {n} ids, the module has {count} {what}"
    return None


def _operand_shapes(instr: HloInstruction) -> list[Shape]:
    return [o.shape for o in instr.operands]


# `mode=` of the reducing collectives: XLA's collective group modes as its parser spells them.
_GROUP_MODES = frozenset({"cross_replica", "cross_partition", "cross_replica_and_partition", "flattened_id"})


@rule("all-reduce", "all-reduce-start", "collective-broadcast", "collective-reduce")
def all_reduce(instr: HloInstruction, ctx: VerifyContext) -> None:
    mode = instr.attributes.get("mode")
    if mode is not None and getattr(mode, "name", None) not in _GROUP_MODES:
        raise fail(instr, "attribute", f"unknown collective group mode {getattr(mode, 'name', mode)}")
    group_size(instr)
    if instr.opcode != "collective-broadcast":
        check_group_count(instr, ctx)
    _reducer(instr)
    if instr.attributes.get("has_dynamic_root"):
        # The last operand names the root device: the data are the others.
        root = instr.operands[-1].shape
        if len(instr.operands) < 2 or not root.is_array or root.rank != 1 or root.element_type != PrimitiveType.S32:
            raise fail(
                instr,
                "operand",
                f"{instr.opcode} with has_dynamic_root takes the data and then the root as an s32 vector",
            )
        expect_shape(instr, tuple_or_single(_operand_shapes(instr)[:-1]))
        return
    expect_shape(instr, tuple_or_single(_operand_shapes(instr)))


def _reducer(instr: HloInstruction) -> None:
    """all-reduce and reduce-scatter apply one binary scalar reducer to every operand (of one element type)."""
    if "to_apply" not in instr.attributes:
        return
    types = {o.shape.element_type for o in instr.operands}
    if len(types) == 1:
        (element_type,) = types
        check_reducer(instr, [element_type], [element_type])


def _gather_dimension(instr: HloInstruction, operand: Shape, result: Shape) -> int:
    dimensions = instr.attributes["dimensions"]
    if len(dimensions) > 1:  # XLA's parser and proto reader want exactly one
        raise fail(instr, "attribute", f"{instr.opcode} takes one dimension, not {len(dimensions)}")
    (dim,) = dimensions or (None,)
    if dim is None or not 0 <= dim < operand.rank or not result.is_array or result.rank != operand.rank:
        raise fail(instr, "attribute", f"{instr.opcode} dimension {dim} does not fit {text(operand)} -> {text(result)}")
    return dim


def _explicit_group_size(groups: Any) -> int | None:
    """The size of the first of explicit replica groups (iota, mesh or listed), None without groups."""
    if isinstance(groups, IotaReplicaGroups):
        return groups.num_devices_per_group
    if isinstance(groups, MeshReplicaGroups):
        groups = groups.groups()
    return len(groups[0]) if groups else None


def subgroup_size(attributes: Mapping[str, Any], replica_count: int, num_partitions: int) -> int:
    """How many devices one group of the collective spans in its mode (XLA's GetSubgroupSize): a group's size,
    or without groups the replicas (the partitions across partitions); across replicas and partitions (a channel
    without global ids), times the partitions. 1 where the module states no device counts."""
    size = _explicit_group_size(attributes.get("replica_groups", ()))
    mode = getattr(attributes.get("mode"), "name", None)
    if mode is None:
        channel = "channel_id" in attributes
        globals_ = bool(attributes.get("use_global_device_ids"))
        mode = ("flattened_id" if globals_ else "cross_replica_and_partition") if channel else "cross_replica"
    if mode == "cross_partition":
        return size if size is not None else num_partitions
    replicas = size if size is not None else replica_count
    return replicas * num_partitions if mode == "cross_replica_and_partition" else replicas


def shard_count_problem(
    opcode: str, attributes: Mapping[str, Any], operand: Shape, result: Shape, replica_count: int, num_partitions: int
) -> str | None:
    """What XLA's verifier refuses in the shard count of an all-gather (or reduce-scatter) from `operand` to
    `result`, or None: the ratio of their gathered dimensions, rounded up, must be the subgroup size of the
    collective's mode unless that is 1 (a module without device counts). The exporter asks the same of what it is
    about to write."""
    dimensions: tuple[int, ...] = tuple(attributes.get("dimensions") or ())
    if len(dimensions) != 1 or not 0 <= dimensions[0] < min(operand.rank, result.rank):
        return None  # the dimension's own check says what is wrong
    dim = dimensions[0]
    small, big = (result, operand) if opcode == "reduce-scatter" else (operand, result)
    if not small.dimensions[dim]:
        return None  # nothing to divide by (XLA's ratio is undefined): the shapes are checked with the group's size
    shard = -(-big.dimensions[dim] // small.dimensions[dim])
    size = subgroup_size(attributes, replica_count, num_partitions)
    if size != 1 and shard != size:
        return f"{opcode} from {text(operand)} to {text(result)} is over {shard} devices, its groups over {size}"
    return None


def _shard_count(instr: HloInstruction, ctx: VerifyContext, operand: Shape, result: Shape, scatter: bool) -> int:
    """XLA's shard count (`shard_count_problem`): the ratio of the first result's and operand's gathered
    dimension, rounded up; the subgroup size where that is undefined (a dimension of size 0)."""
    dim = _gather_dimension(instr, operand, result)
    group_size(instr)  # the groups' own checks first
    counts = (ctx.replica_count, ctx.num_partitions)
    problem = shard_count_problem(instr.opcode, instr.attributes, operand, result, *counts)
    if problem is not None:
        raise fail(instr, "shape", problem)
    small, big = (result, operand) if scatter else (operand, result)
    if not small.dimensions[dim]:
        return subgroup_size(instr.attributes, ctx.replica_count, ctx.num_partitions)
    shard = -(-big.dimensions[dim] // small.dimensions[dim])
    if shard <= 0:
        raise fail(instr, "shape", f"{instr.opcode} from {text(operand)} to {text(result)}")
    return shard


def _gathered(instr: HloInstruction, operand: Shape, result: Shape, scatter: bool, shard: int) -> None:
    """`result` is `operand` gathered (or scattered) along its one dimension over `shard` devices."""
    dim = _gather_dimension(instr, operand, result)
    dims = list(operand.dimensions)
    if scatter:
        if dims[dim] % shard:
            raise fail(instr, "shape", f"dimension {dim} of {text(operand)} does not split into {shard} parts")
        dims[dim] //= shard
    else:
        dims[dim] *= shard
    expect_shape(instr, with_dims(operand.element_type, dims), f"{instr.opcode} over {shard} devices")


@rule("all-gather", "reduce-scatter")
def all_gather(instr: HloInstruction, ctx: VerifyContext) -> None:
    check_group_count(instr, ctx)
    results = instr.shape.tuple_shapes if len(instr.operands) > 1 else (instr.shape,)
    if len(results) != len(instr.operands):
        raise fail(instr, "shape", f"{instr.opcode} of {len(instr.operands)} operands has shape {text(instr.shape)}")
    scatter = instr.opcode == "reduce-scatter"
    shard = _shard_count(instr, ctx, instr.operands[0].shape, results[0], scatter) if results else 1
    for operand, result in zip(instr.operands, results):
        _gathered(_as(instr, result), operand.shape, result, scatter, shard)
    _reducer(instr)


def _as(instr: HloInstruction, shape: Shape) -> HloInstruction:
    """A view of `instr` with one result shape (for variadic collectives)."""
    return HloInstruction(instr.name, instr.opcode, shape, instr.operands, instr.attributes)


@rule("all-gather-start")
def all_gather_start(instr: HloInstruction, ctx: VerifyContext) -> None:
    check_group_count(instr, ctx)
    shape = instr.shape
    if not shape.is_tuple or len(shape.tuple_shapes) != 2:
        raise fail(instr, "shape", f"all-gather-start has shape (operands, results), not {text(shape)}")
    ins, outs = shape.tuple_shapes
    if len(instr.operands) == 1:
        ins, outs = (ins,), (outs,)
    else:
        ins, outs = ins.tuple_shapes, outs.tuple_shapes
    if len(ins) != len(instr.operands) or len(outs) != len(instr.operands):
        raise fail(instr, "shape", f"all-gather-start shape {text(shape)} does not match its operands")
    shard = _shard_count(instr, ctx, instr.operands[0].shape, outs[0], False) if outs else 1
    for operand, given_in, out in zip(instr.operands, ins, outs):
        if not same_shape(given_in, operand.shape):
            raise fail(instr, "shape", f"all-gather-start input {text(given_in)} differs from {text(operand.shape)}")
        _gathered(_as(instr, out), operand.shape, out, False, shard)


@rule("ragged-all-to-all")
def ragged_all_to_all(instr: HloInstruction, ctx: VerifyContext) -> None:
    """Operands (input, output, input_offsets, send_sizes, output_offsets, recv_sizes): the result is the
    output buffer; the four offset and size operands share one shape of rank 1 or 2 (XLA's HloVerifier)."""
    group_size(instr)
    check_group_count(instr, ctx)
    if len(instr.operands) != 6:
        raise fail(instr, "operand-count", f"ragged-all-to-all takes 6 operands, not {len(instr.operands)}")
    offsets = instr.operands[2].shape
    for i in range(2, 6):
        shape = instr.operands[i].shape
        if not shape.is_array or shape.rank not in (1, 2) or not same_shape(shape, offsets):
            raise fail(
                instr,
                "shape",
                f"ragged-all-to-all operand {i} is {text(shape)}: the offsets and sizes "
                f"must share one shape of rank 1 or 2 ({text(offsets)})",
            )
    output = instr.operands[1].shape
    if not output.is_array:
        raise fail(instr, "operand", f"ragged-all-to-all's output operand must be an array, not {text(output)}")
    expect_shape(instr, output, "the output operand")


@rule("all-to-all")
def all_to_all(instr: HloInstruction, ctx: VerifyContext) -> None:
    size = group_size(instr)
    check_group_count(instr, ctx)
    dims = instr.attributes.get("dimensions")
    if dims and len(dims) > 1:  # the split dimension: one at most, for XLA's parser and proto reader
        raise fail(instr, "attribute", f"all-to-all takes one split dimension at most, not {len(dims)}")
    if dims:
        operand = instr.operands[0].shape
        if len(instr.operands) != 1 or not 0 <= dims[0] < operand.rank:
            raise fail(instr, "attribute", f"all-to-all split dimension {dims[0]} does not fit {text(operand)}")
        if size and operand.dimensions[dims[0]] % size:
            raise fail(instr, "shape", f"dimension {dims[0]} of {text(operand)} does not split into {size} parts")
    expect_shape(instr, tuple_or_single(_operand_shapes(instr)) if dims else Shape.tuple_of(_operand_shapes(instr)))


def _pairs(instr: HloInstruction, ctx: VerifyContext) -> None:
    # Ids count replicas without a channel, partitions with one; XLA checks them when there are several.
    limit = ctx.num_partitions if "channel_id" in instr.attributes else ctx.replica_count
    sources, targets = set(), set()
    for source, target in instr.attributes["source_target_pairs"]:
        if source < 0 or target < 0:
            raise fail(instr, "source-target-pairs", f"pair {{{source},{target}}} names a negative device")
        if limit > 1 and (source >= limit or target >= limit):
            raise fail(
                instr, "source-target-pairs", f"pair {{{source},{target}}} names a device beyond the module's {limit}"
            )
        if source in sources or target in targets:
            raise fail(instr, "source-target-pairs", f"pair {{{source},{target}}} repeats a source or a target")
        sources.add(source)
        targets.add(target)


@rule("collective-permute")
def collective_permute(instr: HloInstruction, ctx: VerifyContext) -> None:
    _pairs(instr, ctx)
    if "slice_sizes" in instr.attributes:
        return  # the in-place form (buffers and offsets): shapes not inferred here
    expect_shape(instr, tuple_or_single(_operand_shapes(instr)))


@rule("collective-permute-start")
def collective_permute_start(instr: HloInstruction, ctx: VerifyContext) -> None:
    _pairs(instr, ctx)
    if "slice_sizes" in instr.attributes:
        return
    shape = instr.shape
    operand = tuple_or_single(_operand_shapes(instr))
    if (
        not shape.is_tuple
        or len(shape.tuple_shapes) < 2
        or not same_shape(shape.tuple_shapes[0], operand)
        or not same_shape(shape.tuple_shapes[1], operand)
    ):
        raise fail(
            instr,
            "shape",
            f"collective-permute-start has shape (input, output, context...), not {text(shape)} for {text(operand)}",
        )


def _done_of(instr: HloInstruction, starts: tuple[str, ...], index: int | None) -> None:
    start = instr.operands[0]
    # A pipelined pair passes the start's result through a loop: the operand is then a get-tuple-element.
    if start.opcode not in starts and start.opcode != "get-tuple-element":
        raise fail(instr, "async-pair", f"{instr.opcode}'s operand must be {' or '.join(starts)}, not {start.opcode}")
    if index is None:
        expect_shape(instr, start.shape)
        return
    if not start.shape.is_tuple or len(start.shape.tuple_shapes) <= index:
        raise fail(instr, "async-pair", f"{start.opcode} shape {text(start.shape)} has no element {index}")
    expect_shape(instr, start.shape.tuple_shapes[index])


@rule("all-reduce-done")
def all_reduce_done(instr: HloInstruction, ctx: VerifyContext) -> None:
    _done_of(instr, ("all-reduce-start",), None)


@rule("all-gather-done")
def all_gather_done(instr: HloInstruction, ctx: VerifyContext) -> None:
    _done_of(instr, ("all-gather-start",), 1)


@rule("collective-permute-done")
def collective_permute_done(instr: HloInstruction, ctx: VerifyContext) -> None:
    _done_of(instr, ("collective-permute-start",), 1)


@rule("copy-start")
def copy_start(instr: HloInstruction, ctx: VerifyContext) -> None:
    shape, operand = instr.shape, instr.operands[0].shape
    if (
        not shape.is_tuple
        or len(shape.tuple_shapes) != 3
        or not same_shape(shape.tuple_shapes[0], operand)
        or not same_shape(shape.tuple_shapes[1], operand)
        or not same_shape(shape.tuple_shapes[2], _U32)
    ):
        raise fail(instr, "shape", f"copy-start of {text(operand)} has shape (dest, src, u32[]), not {text(shape)}")


@rule("copy-done")
def copy_done(instr: HloInstruction, ctx: VerifyContext) -> None:
    _done_of(instr, ("copy-start",), 0)


@rule("async-start")
def async_start(instr: HloInstruction, ctx: VerifyContext) -> None:
    shape = instr.shape
    if not shape.is_tuple or len(shape.tuple_shapes) < 2 or not shape.tuple_shapes[0].is_tuple:
        raise fail(
            instr, "async-shape", f"async-start has shape ((operands...), result, context...), not {text(shape)}"
        )
    operands = _operand_shapes(instr)
    if not same_shape(shape.tuple_shapes[0], Shape.tuple_of(operands)):
        raise fail(
            instr,
            "async-shape",
            f"async-start operand slot {text(shape.tuple_shapes[0])} differs from "
            f"its operands {text(Shape.tuple_of(operands))}",
        )
    (comp,) = instr.attributes["calls"][:1]
    result = check_call_signature(instr, comp, operands, "async computation")
    if not same_shape(shape.tuple_shapes[1], result):
        raise fail(
            instr,
            "async-shape",
            f"async-start result slot {text(shape.tuple_shapes[1])} differs from {comp.name}'s result {text(result)}",
        )


@rule("async-update")
def async_update(instr: HloInstruction, ctx: VerifyContext) -> None:
    _done_of(instr, ("async-start", "async-update"), None)


@rule("async-done")
def async_done(instr: HloInstruction, ctx: VerifyContext) -> None:
    _done_of(instr, ("async-start", "async-update"), 1)


# Pipelined send/recv pass the context through a loop: the done's operand is then a get-tuple-element.
_SEND_DONE_OPERANDS = ("send", "get-tuple-element")
_RECV_DONE_OPERANDS = ("recv", "get-tuple-element")


def _channel_matches(instr: HloInstruction) -> None:
    """XLA's parser insists that a done names its start's channel (when the operand is the start itself)."""
    start = instr.operands[0]
    if start.opcode not in ("send", "recv"):
        return
    if instr.attributes.get("channel_id") != start.attributes.get("channel_id"):
        raise fail(
            instr,
            "send-recv",
            f"channel_id {instr.attributes.get('channel_id')} differs from "
            f"{start.name}'s {start.attributes.get('channel_id')}",
        )


def _is_token(shape: Shape) -> bool:
    return shape.element_type == PrimitiveType.TOKEN


@rule("send")
def send(instr: HloInstruction, ctx: VerifyContext) -> None:
    data, token = instr.operands[0].shape, instr.operands[1].shape
    if not _is_token(token):
        raise fail(instr, "operand", f"send's second operand must be a token, not {text(token)}")
    expect_shape(instr, Shape.tuple_of([data, _U32, Shape.token()]))


@rule("send-done")
def send_done(instr: HloInstruction, ctx: VerifyContext) -> None:
    if instr.operands[0].opcode not in _SEND_DONE_OPERANDS:
        raise fail(instr, "send-recv", f"send-done's operand must be a send, not {instr.operands[0].opcode}")
    _channel_matches(instr)
    expect_shape(instr, Shape.token())


@rule("recv")
def recv(instr: HloInstruction, ctx: VerifyContext) -> None:
    if not _is_token(instr.operands[0].shape):
        raise fail(instr, "operand", f"recv's operand must be a token, not {text(instr.operands[0].shape)}")
    shape = instr.shape
    if not shape.is_tuple or len(shape.tuple_shapes) != 3:
        raise fail(instr, "shape", f"recv has shape (data, u32[], token[]), not {text(shape)}")
    expect_shape(instr, Shape.tuple_of([shape.tuple_shapes[0], _U32, Shape.token()]))


@rule("recv-done")
def recv_done(instr: HloInstruction, ctx: VerifyContext) -> None:
    start = instr.operands[0]
    if start.opcode not in _RECV_DONE_OPERANDS:
        raise fail(instr, "send-recv", f"recv-done's operand must be a recv, not {start.opcode}")
    _channel_matches(instr)
    if start.shape.is_tuple and start.shape.tuple_shapes:
        expect_shape(instr, Shape.tuple_of([start.shape.tuple_shapes[0], Shape.token()]))
