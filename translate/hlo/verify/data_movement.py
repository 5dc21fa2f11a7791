"""Shape rules of data movement: broadcast, reshape, transpose, the slice family, concatenate, pad, reverse,
iota, tuples, gather and scatter."""

from __future__ import annotations

from hlo_translate.hlo.ir import HloInstruction, PrimitiveType, Shape
from hlo_translate.hlo.verify.core import (
    VerifyContext,
    array,
    dim_list,
    expect_shape,
    fail,
    require_array_result,
    rule,
    text,
    tuple_or_single,
    with_dims,
)
from hlo_translate.hlo.verify.reduction import check_reducer


@rule("broadcast")
def broadcast(instr: HloInstruction, ctx: VerifyContext) -> None:
    operand, result = array(instr, 0), require_array_result(instr)
    dims = dim_list(instr, "dimensions", result.rank)
    if len(dims) != operand.rank:
        raise fail(
            instr,
            "attribute",
            f"broadcast of a rank-{operand.rank} operand needs {operand.rank} dimensions, not {list(dims)}",
        )
    for i, d in enumerate(dims):
        if result.dimensions[d] != operand.dimensions[i]:
            raise fail(
                instr,
                "shape",
                f"broadcast maps operand dimension {i} (size {operand.dimensions[i]}) to "
                f"result dimension {d} of size {result.dimensions[d]}",
            )
    if result.element_type != operand.element_type:
        raise fail(instr, "type", f"broadcast changes the element type {text(operand)} -> {text(result)}")


@rule("reshape")
def reshape(instr: HloInstruction, ctx: VerifyContext) -> None:
    operand, result = array(instr, 0), require_array_result(instr)
    if operand.element_type != result.element_type:
        raise fail(instr, "type", f"reshape changes the element type {text(operand)} -> {text(result)}")
    if not operand.is_dynamic and not result.is_dynamic and operand.element_count() != result.element_count():
        raise fail(
            instr,
            "shape",
            f"reshape of {text(operand)} ({operand.element_count()} elements) to "
            f"{text(result)} ({result.element_count()} elements)",
        )


@rule("dynamic-reshape")
def dynamic_reshape(instr: HloInstruction, ctx: VerifyContext) -> None:
    """(operand, one size per result dimension): a reshape whose sizes are given at run time."""
    operand, result = array(instr, 0), require_array_result(instr)
    if len(instr.operands) - 1 != result.rank:
        raise fail(
            instr,
            "operand-count",
            f"dynamic-reshape to rank {result.rank} takes {result.rank} sizes, not {len(instr.operands) - 1}",
        )
    if operand.element_type != result.element_type:
        raise fail(instr, "type", f"dynamic-reshape changes the element type {text(operand)} -> {text(result)}")
    if not operand.is_dynamic and not result.is_dynamic and operand.element_count() != result.element_count():
        raise fail(
            instr,
            "shape",
            f"dynamic-reshape of {text(operand)} ({operand.element_count()} elements) to "
            f"{text(result)} ({result.element_count()} elements)",
        )


@rule("transpose")
def transpose(instr: HloInstruction, ctx: VerifyContext) -> None:
    operand = array(instr, 0)
    perm = dim_list(instr, "dimensions", operand.rank)
    if len(perm) != operand.rank:
        raise fail(
            instr, "attribute", f"transpose dimensions {list(perm)} are not a permutation of rank {operand.rank}"
        )
    expect_shape(instr, with_dims(operand.element_type, (operand.dimensions[p] for p in perm)))


@rule("shuffle")
def shuffle(instr: HloInstruction, ctx: VerifyContext) -> None:
    """Moves elements within the named dimensions: the operand's shape; rotate mode gives the shifts."""
    operand = array(instr, 0)
    dims = dim_list(instr, "dimensions", operand.rank)
    mode = getattr(instr.attributes["mode"], "name", None)
    if mode != "rotate":
        raise fail(instr, "attribute", f"unknown shuffle mode {mode}")
    shifts = instr.attributes.get("shifts")
    if shifts is None:
        raise fail(instr, "attribute", "a shuffle in rotate mode needs shifts")
    if len(tuple(shifts)) != len(dims):
        raise fail(instr, "attribute", f"shuffle gives {len(tuple(shifts))} shifts for {len(dims)} dimensions")
    expect_shape(instr, operand)


@rule("reverse")
def reverse(instr: HloInstruction, ctx: VerifyContext) -> None:
    operand = array(instr, 0)
    dim_list(instr, "dimensions", operand.rank)
    expect_shape(instr, operand)


@rule("slice")
def slice_(instr: HloInstruction, ctx: VerifyContext) -> None:
    operand = array(instr, 0)
    ranges = instr.attributes["slice"]
    if len(ranges) != operand.rank:
        raise fail(instr, "attribute", f"slice gives {len(ranges)} ranges for a rank-{operand.rank} operand")
    dims = []
    for i, (r, size) in enumerate(zip(ranges, operand.dimensions)):
        if r.stride <= 0 or not 0 <= r.start <= r.limit <= size:
            raise fail(
                instr,
                "attribute",
                f"slice range [{r.start}:{r.limit}:{r.stride}] of dimension {i} (size {size}) is out of bounds",
            )
        dims.append(-(-(r.limit - r.start) // r.stride))
    expect_shape(instr, with_dims(operand.element_type, dims))


def _start_indices(instr: HloInstruction, first: int, rank: int) -> None:
    """Scalar integer start indices, one per dimension (or one index vector)."""
    indices = instr.operands[first:]
    if len(indices) == 1 and indices[0].shape.is_array and indices[0].shape.rank == 1:
        return
    if len(indices) != rank:
        raise fail(
            instr,
            "operand-count",
            f"{instr.opcode} of a rank-{rank} operand takes {rank} start indices, not {len(indices)}",
        )
    element_types = set()
    for i, index in enumerate(indices):
        shape = index.shape
        if (
            not shape.is_array
            or shape.rank
            or not (shape.element_type.is_signed_int or shape.element_type.is_unsigned_int)
        ):
            raise fail(instr, "operand", f"start index {i} must be an integer scalar, not {text(shape)}")
        element_types.add(shape.element_type)
    if len(element_types) > 1:
        raise fail(instr, "operand", f"{instr.opcode}'s start indices mix element types")


@rule("dynamic-slice")
def dynamic_slice(instr: HloInstruction, ctx: VerifyContext) -> None:
    operand = array(instr, 0)
    _start_indices(instr, 1, operand.rank)
    sizes = instr.attributes["dynamic_slice_sizes"]
    if len(sizes) != operand.rank or any(not 0 <= s <= d for s, d in zip(sizes, operand.dimensions)):
        raise fail(instr, "attribute", f"dynamic_slice_sizes {list(sizes)} do not fit {text(operand)}")
    expect_shape(instr, with_dims(operand.element_type, sizes))


@rule("dynamic-update-slice")
def dynamic_update_slice(instr: HloInstruction, ctx: VerifyContext) -> None:
    operand, update = array(instr, 0), array(instr, 1)
    _start_indices(instr, 2, operand.rank)
    if (
        update.rank != operand.rank
        or any(u > d for u, d in zip(update.dimensions, operand.dimensions))
        or update.element_type != operand.element_type
    ):
        raise fail(instr, "shape", f"update {text(update)} does not fit into {text(operand)}")
    expect_shape(instr, operand)


@rule("concatenate")
def concatenate(instr: HloInstruction, ctx: VerifyContext) -> None:
    first = array(instr, 0)
    (dim,) = _one_dimension(instr, first.rank)
    total = 0
    for i in range(len(instr.operands)):
        shape = array(instr, i)
        other = [d for j, d in enumerate(shape.dimensions) if j != dim]
        expected = [d for j, d in enumerate(first.dimensions) if j != dim]
        if shape.rank != first.rank or other != expected or shape.element_type != first.element_type:
            raise fail(
                instr,
                "shape",
                f"concatenate operand {i} {text(shape)} does not match {text(first)} outside dimension {dim}",
            )
        total += shape.dimensions[dim]
    dims = list(first.dimensions)
    dims[dim] = total
    expect_shape(instr, with_dims(first.element_type, dims))


def _one_dimension(instr: HloInstruction, rank: int) -> tuple[int]:
    dims = dim_list(instr, "dimensions", rank)
    if len(dims) != 1:
        raise fail(instr, "attribute", f"{instr.opcode} takes one dimension, not {list(dims)}")
    return dims


@rule("pad")
def pad(instr: HloInstruction, ctx: VerifyContext) -> None:
    operand, value = array(instr, 0), array(instr, 1)
    if value.rank or value.element_type != operand.element_type:
        raise fail(
            instr, "operand", f"the padding value must be a {operand.element_type.text} scalar, not {text(value)}"
        )
    config = instr.attributes["padding"].dimensions
    if len(config) != operand.rank:
        raise fail(instr, "attribute", f"padding has {len(config)} dimensions for a rank-{operand.rank} operand")
    dims = []
    for d, p in zip(operand.dimensions, config):
        if p.interior_padding < 0:
            raise fail(instr, "attribute", "interior padding must not be negative")
        size = d + p.edge_padding_low + p.edge_padding_high + max(d - 1, 0) * p.interior_padding
        if size < 0:
            raise fail(instr, "attribute", f"padding {instr.attributes['padding']} gives a negative dimension")
        dims.append(size)
    expect_shape(instr, with_dims(operand.element_type, dims))


@rule("iota")
def iota(instr: HloInstruction, ctx: VerifyContext) -> None:
    result = require_array_result(instr)
    dim = instr.attributes["iota_dimension"]
    if result.rank == 0 or not 0 <= dim < result.rank:
        raise fail(instr, "attribute", f"iota_dimension {dim} is out of range for {text(result)}")
    if result.element_type == PrimitiveType.PRED:
        raise fail(instr, "type", "iota does not count in pred")


@rule("get-tuple-element")
def get_tuple_element(instr: HloInstruction, ctx: VerifyContext) -> None:
    operand = instr.operands[0].shape
    index = instr.attributes["index"]
    if not operand.is_tuple or not 0 <= index < len(operand.tuple_shapes):
        raise fail(instr, "attribute", f"index {index} is out of range for {text(operand)}")
    expect_shape(instr, operand.tuple_shapes[index])


@rule("tuple")
def tuple_(instr: HloInstruction, ctx: VerifyContext) -> None:
    expect_shape(instr, Shape.tuple_of([o.shape for o in instr.operands]))


@rule("opt-barrier")
def opt_barrier(instr: HloInstruction, ctx: VerifyContext) -> None:
    expect_shape(instr, instr.operands[0].shape)


@rule("add-dependency")
def add_dependency(instr: HloInstruction, ctx: VerifyContext) -> None:
    if instr.operands[1].shape.element_type != PrimitiveType.TOKEN:
        raise fail(
            instr, "operand", f"add-dependency's second operand must be a token, not {text(instr.operands[1].shape)}"
        )
    expect_shape(instr, instr.operands[0].shape)


@rule("after-all")
def after_all(instr: HloInstruction, ctx: VerifyContext) -> None:
    for i, operand in enumerate(instr.operands):
        if operand.shape.element_type != PrimitiveType.TOKEN:
            raise fail(instr, "operand", f"after-all operand {i} must be a token, not {text(operand.shape)}")
    expect_shape(instr, Shape.token())


@rule("get-dimension-size")
def get_dimension_size(instr: HloInstruction, ctx: VerifyContext) -> None:
    operand = array(instr, 0)
    _one_dimension(instr, operand.rank)
    expect_shape(instr, with_dims(PrimitiveType.S32, ()))


@rule("set-dimension-size")
def set_dimension_size(instr: HloInstruction, ctx: VerifyContext) -> None:
    operand = array(instr, 0)
    _one_dimension(instr, operand.rank)
    expect_shape(instr, operand)


@rule("gather")
def gather(instr: HloInstruction, ctx: VerifyContext) -> None:
    operand, indices = array(instr, 0), array(instr, 1)
    _integer_indices(instr, indices)
    a = instr.attributes
    index_vector_dim = a["index_vector_dim"]
    if not 0 <= index_vector_dim <= indices.rank:
        raise fail(instr, "attribute", f"index_vector_dim {index_vector_dim} is out of range for {text(indices)}")
    sizes = a["slice_sizes"]
    if len(sizes) != operand.rank or any(not 0 <= s <= d for s, d in zip(sizes, operand.dimensions)):
        raise fail(instr, "attribute", f"slice_sizes {list(sizes)} do not fit {text(operand)}")
    collapsed = _sorted(instr, "collapsed_slice_dims", dim_list(instr, "collapsed_slice_dims", operand.rank))
    batching = _sorted(instr, "operand_batching_dims", dim_list(instr, "operand_batching_dims", operand.rank))
    start_index_map = dim_list(instr, "start_index_map", operand.rank)
    _batching_pairs(
        instr,
        operand,
        indices,
        index_vector_dim,
        ("collapsed_slice_dims", collapsed),
        ("operand_batching_dims", batching),
        "start_indices_batching_dims",
        ("start_index_map", start_index_map),
    )
    for d in (*collapsed, *batching):
        if sizes[d] > 1:
            raise fail(
                instr,
                "attribute",
                f"slice_sizes[{d}] is {sizes[d]}, but a collapsed or batching dimension takes a slice of at most 1",
            )
    vector = indices.dimensions[index_vector_dim] if index_vector_dim < indices.rank else 1
    if len(start_index_map) != vector:
        raise fail(instr, "attribute", f"start_index_map {list(start_index_map)} needs {vector} entries")
    offsets = [s for i, s in enumerate(sizes) if i not in collapsed and i not in batching]
    batch = [d for i, d in enumerate(indices.dimensions) if i != index_vector_dim]
    offset_dims = a["offset_dims"]
    rank = len(offsets) + len(batch)
    if (
        len(offset_dims) != len(offsets)
        or any(not 0 <= d < rank for d in offset_dims)
        or list(offset_dims) != sorted(set(offset_dims))
    ):
        raise fail(
            instr, "attribute", f"offset_dims {list(offset_dims)} do not match the {len(offsets)} offset dimensions"
        )
    dims, offset_iter, batch_iter = [], iter(offsets), iter(batch)
    for i in range(rank):
        dims.append(next(offset_iter) if i in offset_dims else next(batch_iter))
    expect_shape(instr, with_dims(operand.element_type, dims))


def _sorted(instr: HloInstruction, name: str, dims: tuple[int, ...]) -> tuple[int, ...]:
    if list(dims) != sorted(dims):
        raise fail(instr, "attribute", f"{name} {list(dims)} must be sorted")
    return dims


def _batching_pairs(
    instr: HloInstruction,
    operand: Shape,
    indices: Shape,
    index_vector_dim: int,
    collapsed: tuple[str, tuple[int, ...]],
    batching: tuple[str, tuple[int, ...]],
    indices_name: str,
    index_map: tuple[str, tuple[int, ...]],
) -> None:
    """Gather's and scatter's batching dimensions: the operand's and the indices' pair up one to one, with
    equal sizes; the indices' are not the index vector dimension; the operand's are neither collapsed
    (inserted) nor named by the index map."""
    batching_name, operand_dims = batching
    indices_dims = dim_list(instr, indices_name, indices.rank)
    if index_vector_dim in indices_dims:
        raise fail(instr, "attribute", f"{indices_name} {list(indices_dims)} holds index_vector_dim {index_vector_dim}")
    if len(indices_dims) != len(operand_dims):
        raise fail(
            instr,
            "attribute",
            f"{batching_name} {list(operand_dims)} and {indices_name} {list(indices_dims)} must have the same size",
        )
    for i, (a, b) in enumerate(zip(operand_dims, indices_dims)):
        if operand.dimensions[a] != indices.dimensions[b]:
            raise fail(
                instr,
                "attribute",
                f"{batching_name}[{i}] and {indices_name}[{i}] name dimensions of "
                f"sizes {operand.dimensions[a]} and {indices.dimensions[b]}",
            )
    for other_name, other in (collapsed, index_map):
        shared = sorted(set(other) & set(operand_dims))
        if shared:
            raise fail(
                instr,
                "attribute",
                f"{other_name} {list(other)} and {batching_name} {list(operand_dims)} share dimension {shared[0]}",
            )


def _integer_indices(instr: HloInstruction, indices: Shape) -> None:
    if not (indices.element_type.is_signed_int or indices.element_type.is_unsigned_int):
        raise fail(instr, "type", f"{instr.opcode} indices must be integers, not {text(indices)}")


@rule("scatter")
def scatter(instr: HloInstruction, ctx: VerifyContext) -> None:
    count = len(instr.operands) // 2
    if len(instr.operands) % 2 == 0:
        raise fail(instr, "operand-count", f"scatter takes an odd number of operands, not {len(instr.operands)}")
    inputs = [array(instr, i) for i in range(count)]
    for shape in inputs[1:]:
        if shape.dimensions != inputs[0].dimensions:
            raise fail(instr, "shape", f"scatter inputs {text(inputs[0])} and {text(shape)} differ")
    indices = array(instr, count)
    _integer_indices(instr, indices)
    index_vector_dim = instr.attributes["index_vector_dim"]
    if not 0 <= index_vector_dim <= indices.rank:
        raise fail(instr, "attribute", f"index_vector_dim {index_vector_dim} is out of range for {text(indices)}")
    window = instr.attributes["update_window_dims"]
    if list(window) != sorted(set(window)):
        raise fail(instr, "attribute", f"update_window_dims {list(window)} must be sorted without repeats")
    inserted = _sorted(instr, "inserted_window_dims", dim_list(instr, "inserted_window_dims", inputs[0].rank))
    batching = _sorted(instr, "input_batching_dims", dim_list(instr, "input_batching_dims", inputs[0].rank))
    to_operand = dim_list(instr, "scatter_dims_to_operand_dims", inputs[0].rank)
    vector = indices.dimensions[index_vector_dim] if index_vector_dim < indices.rank else 1
    if len(to_operand) != vector:
        raise fail(
            instr,
            "attribute",
            f"scatter_dims_to_operand_dims {list(to_operand)} needs {vector} entries "
            f"(the bound of index_vector_dim {index_vector_dim} of {text(indices)})",
        )
    _batching_pairs(
        instr,
        inputs[0],
        indices,
        index_vector_dim,
        ("inserted_window_dims", inserted),
        ("input_batching_dims", batching),
        "scatter_indices_batching_dims",
        ("scatter_dims_to_operand_dims", to_operand),
    )
    if inputs[0].rank != len(window) + len(inserted) + len(batching):
        raise fail(
            instr,
            "attribute",
            f"an operand of rank {inputs[0].rank} needs update_window_dims, "
            "inserted_window_dims and input_batching_dims to add up to its rank",
        )
    scatter_dims = [d for i, d in enumerate(indices.dimensions) if i != index_vector_dim]
    window_bounds = [d for i, d in enumerate(inputs[0].dimensions) if i not in inserted and i not in batching]
    for i in range(count):
        update = array(instr, count + 1 + i)
        if update.rank != len(window) + len(scatter_dims) or any(not 0 <= d < update.rank for d in window):
            raise fail(
                instr, "shape", f"scatter update {text(update)} must have rank {len(window) + len(scatter_dims)}"
            )
        update_scatter = [d for j, d in enumerate(update.dimensions) if j not in window]
        update_window = [update.dimensions[d] for d in window]
        if update_scatter != scatter_dims or any(u > b for u, b in zip(update_window, window_bounds)):
            raise fail(
                instr,
                "shape",
                f"scatter update {text(update)} does not match the indices "
                f"{text(indices)} and the operand {text(inputs[0])}",
            )
    updates = [instr.operands[count + 1 + i].shape.element_type for i in range(count)]
    check_reducer(instr, [s.element_type for s in inputs], updates)
    expect_shape(instr, tuple_or_single(inputs))


@rule("bitcast")
def bitcast(instr: HloInstruction, ctx: VerifyContext) -> None:
    """A bitcast keeps the size in bits: XLA's verifier checks it once layouts are assigned (every compile)."""
    operand, result = instr.operands[0].shape, instr.shape
    before, after = _bitcast_bits(operand), _bitcast_bits(result)
    if before != after:
        raise fail(
            instr,
            "bitcast-size",
            f"bitcast from {text(operand)} to {text(result)} changes the size in bits ({before} -> {after})",
        )


def _bitcast_bits(shape: Shape) -> int:
    """A shape's size as XLA's layout-sensitive verifier compares a bitcast's (ShapeUtil::ByteSizeOf with the
    CPU's 8-byte pointers), in bits: a tuple is its index table, a pointer per element; a token 0, an opaque a
    pointer (fuzz seed 137: `(f32[8,8]) bitcast(f32[8,8])` was accepted)."""
    if shape.is_array:
        return shape.element_count() * shape.element_type.bit_width
    if shape.is_tuple:
        return 64 * len(shape.tuple_shapes)
    return 0 if shape.element_type is PrimitiveType.TOKEN else 64
