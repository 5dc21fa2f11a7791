"""Shape rules of reductions and contractions: reduce, reduce-window, select-and-scatter, sort, dot,
scaled-dot, ragged-dot, convolution."""

from __future__ import annotations

import functools

from hlo_translate.hlo.ir import HloInstruction, PrimitiveType, Shape, WindowDim
from hlo_translate.hlo.verify.core import (
    VerifyContext,
    array,
    check_enum,
    dim_list,
    expect_shape,
    fail,
    rule,
    same_shape,
    text,
    tuple_or_single,
    with_dims,
)


def _inputs_and_inits(instr: HloInstruction) -> tuple[list, list]:
    count = len(instr.operands) // 2
    if len(instr.operands) % 2:
        raise fail(
            instr, "operand-count", f"{instr.opcode} takes an even number of operands, not {len(instr.operands)}"
        )
    inputs = [array(instr, i) for i in range(count)]
    inits = [array(instr, count + i) for i in range(count)]
    for i, init in enumerate(inits):
        if init.rank:
            raise fail(instr, "operand", f"init value {i} must be a scalar, not {text(init)}")
    for shape in inputs[1:]:
        if shape.dimensions != inputs[0].dimensions:
            raise fail(instr, "shape", f"{instr.opcode} inputs {text(inputs[0])} and {text(shape)} differ")
    check_reducer(instr, [s.element_type for s in inits], [s.element_type for s in inputs], one_tuple=True)
    return inputs, inits


def _results(instr: HloInstruction, shapes: list[Shape]) -> Shape:
    """A reduce's or reduce-window's result: one shape, or a tuple of several; one shape in a 1-tuple too
    where the instruction says so (XLA takes either, whether or not its reducer returns a 1-tuple)."""
    if len(shapes) == 1 and instr.shape.is_tuple:
        return Shape.tuple_of(shapes)
    return tuple_or_single(shapes)


def check_reducer(
    instr: HloInstruction,
    accumulators: list[PrimitiveType],
    values: list[PrimitiveType],
    key: str = "to_apply",
    *,
    one_tuple: bool = False,
) -> None:
    """The reduction computation takes (accumulators..., values...) as scalars and returns the accumulators
    (one accumulator in a 1-tuple too when `one_tuple`: XLA takes that of reduce and reduce-window)."""
    comp = instr.attributes[key]
    params, root = comp.program_shape()
    expected = [with_dims(t, ()) for t in (*accumulators, *values)]
    if len(params) != len(expected) or not all(same_shape(p, e) for p, e in zip(params, expected)):
        raise fail(
            instr,
            "signature",
            f"{comp.name} takes ({', '.join(text(p) for p in params)}), a reducer "
            f"of {instr.opcode} here takes ({', '.join(text(e) for e in expected)})",
        )
    returned = expected[: len(accumulators)]
    if one_tuple and len(returned) == 1 and same_shape(root, Shape.tuple_of(returned)):
        return
    if not same_shape(root, tuple_or_single(returned)):
        raise fail(
            instr,
            "signature",
            f"{comp.name} returns {text(root)}, not the accumulator "
            f"{text(tuple_or_single(expected[: len(accumulators)]))}",
        )


@rule("reduce")
def reduce(instr: HloInstruction, ctx: VerifyContext) -> None:
    inputs, inits = _inputs_and_inits(instr)
    dims = dim_list(instr, "dimensions", inputs[0].rank)
    kept = [d for i, d in enumerate(inputs[0].dimensions) if i not in dims]
    expect_shape(instr, _results(instr, [with_dims(init.element_type, kept) for init in inits]))


def window_output(size: int, w: WindowDim) -> int:
    """The output extent of one window dimension over an input extent `size`."""
    base = (size - 1) * w.base_dilation + 1 if size else 0
    padded = base + w.padding_low + w.padding_high
    window = (w.size - 1) * w.window_dilation + 1
    return 0 if padded < window else (padded - window) // w.stride + 1


def _check_window(instr: HloInstruction, rank: int) -> tuple[WindowDim, ...]:
    window = instr.attributes.get("window")
    dims = window.dimensions if window is not None else ()
    if len(dims) != rank:
        raise fail(instr, "window", f"window has {len(dims)} dimensions for rank {rank}")
    for w in dims:
        if w.size <= 0 or w.stride <= 0 or w.base_dilation <= 0 or w.window_dilation <= 0:
            raise fail(instr, "window", "window sizes, strides and dilations must be positive")
    return dims


@rule("reduce-window")
def reduce_window(instr: HloInstruction, ctx: VerifyContext) -> None:
    inputs, inits = _inputs_and_inits(instr)
    window = _check_window(instr, inputs[0].rank)
    dims = [window_output(d, w) for d, w in zip(inputs[0].dimensions, window)]
    expect_shape(instr, _results(instr, [with_dims(init.element_type, dims) for init in inits]))


@rule("select-and-scatter")
def select_and_scatter(instr: HloInstruction, ctx: VerifyContext) -> None:
    operand, source = array(instr, 0), array(instr, 1)
    window = _check_window(instr, operand.rank)
    expected = [window_output(d, w) for d, w in zip(operand.dimensions, window)]
    if list(source.dimensions) != expected:
        raise fail(instr, "shape", f"source {text(source)} must have the window's output dimensions {expected}")
    scalar = with_dims(operand.element_type, ())
    for key, result in (("select", with_dims(PrimitiveType.PRED, ())), ("scatter", scalar)):
        params, root = instr.attributes[key].program_shape()
        if len(params) != 2 or not all(same_shape(p, scalar) for p in params) or not same_shape(root, result):
            raise fail(
                instr,
                "signature",
                f"{key} computation {instr.attributes[key].name} must take two "
                f"{text(scalar)} and return {text(result)}",
            )
    expect_shape(instr, operand)


@rule("sort")
def sort(instr: HloInstruction, ctx: VerifyContext) -> None:
    shapes = [array(instr, i) for i in range(len(instr.operands))]
    for shape in shapes[1:]:
        if shape.dimensions != shapes[0].dimensions:
            raise fail(instr, "shape", f"sort operands {text(shapes[0])} and {text(shape)} differ in dimensions")
    dims = dim_list(instr, "dimensions", shapes[0].rank)
    if len(dims) != 1:
        raise fail(instr, "attribute", f"sort takes one dimension, not {list(dims)}")
    comp = instr.attributes["to_apply"]
    params, root = comp.program_shape()
    expected = [with_dims(s.element_type, ()) for s in shapes for _ in range(2)]
    if len(params) != len(expected) or not all(same_shape(p, e) for p, e in zip(params, expected)):
        raise fail(
            instr,
            "signature",
            f"sort's comparator {comp.name} takes ({', '.join(text(p) for p in params)}),"
            f" not ({', '.join(text(e) for e in expected)})",
        )
    if not same_shape(root, with_dims(PrimitiveType.PRED, ())):
        raise fail(instr, "signature", f"sort's comparator {comp.name} returns {text(root)}, not pred[]")
    expect_shape(instr, tuple_or_single(shapes))


@functools.cache
def _precision_names() -> tuple[frozenset[str], frozenset[str]]:
    """What XLA's parser reads for `algorithm=` and `operand_precision=` (in either case), from our schema.

    Read on first use: a verifier that imported the protobuf bindings up front would make every command
    pay for them (the HLO text -> StableHLO path needs no protobuf)."""
    from hlo_translate.proto import xla_data_pb2

    config = xla_data_pb2.PrecisionConfig
    return frozenset(name[len("ALG_") :] for name in config.Algorithm.keys()), frozenset(config.Precision.keys())


def _check_precision_config(instr: HloInstruction) -> None:
    algorithms, precisions = _precision_names()
    check_enum(instr, "algorithm", algorithms, any_case=True)
    check_enum(instr, "operand_precision", precisions, any_case=True)


@rule("dot")
def dot(instr: HloInstruction, ctx: VerifyContext) -> None:
    _check_precision_config(instr)
    if len(instr.operands) != 2:
        raise fail(instr, "operand-count", f"dot takes 2 operands, not {len(instr.operands)}")
    # The result element type may differ (a preferred element type): only dimensions are inferred.
    expect_shape(instr, with_dims(instr.shape.element_type, _dot_dims(instr)))


@rule("scaled-dot")
def scaled_dot(instr: HloInstruction, ctx: VerifyContext) -> None:
    """(lhs, rhs, lhs_scale, rhs_scale): a dot of lhs and rhs; each scale has its operand's rank."""
    for operand, scale in ((0, 2), (1, 3)):
        if array(instr, scale).rank != array(instr, operand).rank:
            raise fail(
                instr,
                "shape",
                f"scale {text(instr.operands[scale].shape)} must have the rank of "
                f"operand {text(instr.operands[operand].shape)}",
            )
    expect_shape(instr, with_dims(instr.shape.element_type, _dot_dims(instr)))


@rule("ragged-dot")
def ragged_dot(instr: HloInstruction, ctx: VerifyContext) -> None:
    """(lhs, rhs, group_sizes). Where lhs is ragged in a free dimension, rhs has a group dimension of one
    size per group, and the result is the dot without it; the other two modes are not inferred here."""
    lhs, rhs, groups = array(instr, 0), array(instr, 1), array(instr, 2)
    ragged = dim_list(instr, "lhs_ragged_dims", lhs.rank)
    group_dims = dim_list(instr, "rhs_group_dims", rhs.rank)
    contracting = instr.attributes.get("lhs_contracting_dims", ())
    batch = instr.attributes.get("lhs_batch_dims", ())
    if len(ragged) != 1 or ragged[0] in contracting or ragged[0] in batch:
        _dot_dims(instr, skip_rhs=group_dims)  # dimension pairing and sizes only
        return
    if len(group_dims) != 1:
        raise fail(
            instr,
            "attribute",
            f"ragged-dot ragged in lhs dimension {ragged[0]} needs one rhs group dimension, not {list(group_dims)}",
        )
    if groups.rank == 0 or groups.dimensions[-1] != rhs.dimensions[group_dims[0]]:
        raise fail(
            instr,
            "shape",
            f"group_sizes {text(groups)} must give one size per group of rhs dimension "
            f"{group_dims[0]} ({rhs.dimensions[group_dims[0]]})",
        )
    expect_shape(instr, with_dims(instr.shape.element_type, _dot_dims(instr, skip_rhs=group_dims)))


def _dot_dims(instr: HloInstruction, skip_rhs: tuple[int, ...] = ()) -> list[int]:
    """The dimensions of a dot of operands 0 and 1: batch, then lhs free, then rhs free."""
    lhs, rhs = array(instr, 0), array(instr, 1)
    lb, rb = dim_list(instr, "lhs_batch_dims", lhs.rank), dim_list(instr, "rhs_batch_dims", rhs.rank)
    lc, rc = dim_list(instr, "lhs_contracting_dims", lhs.rank), dim_list(instr, "rhs_contracting_dims", rhs.rank)
    if len(lb) != len(rb) or len(lc) != len(rc) or set(lb) & set(lc) or set(rb) & set(rc):
        raise fail(instr, "attribute", f"{instr.opcode}'s batch and contracting dimensions do not pair up")
    for x, y, what in [*((x, y, "batch") for x, y in zip(lb, rb)), *((x, y, "contracting") for x, y in zip(lc, rc))]:
        if lhs.dimensions[x] != rhs.dimensions[y]:
            raise fail(
                instr,
                "shape",
                f"{what} dimensions lhs {x} ({lhs.dimensions[x]}) and rhs {y} ({rhs.dimensions[y]}) differ",
            )
    dims = [lhs.dimensions[d] for d in lb]
    dims += [s for i, s in enumerate(lhs.dimensions) if i not in lb and i not in lc]
    dims += [s for i, s in enumerate(rhs.dimensions) if i not in rb and i not in rc and i not in skip_rhs]
    return dims


@rule("convolution")
def convolution(instr: HloInstruction, ctx: VerifyContext) -> None:
    _check_precision_config(instr)
    lhs, rhs = array(instr, 0), array(instr, 1)
    # XLA allows mixed floating-point precisions, no other mix of element types.
    if lhs.element_type != rhs.element_type and not (lhs.element_type.is_float and rhs.element_type.is_float):
        raise fail(instr, "type", f"convolution of {text(lhs)} and {text(rhs)} mixes element types")
    d = instr.attributes["dim_labels"]
    rank = len(d.input_spatial_dimensions) + 2
    if (
        lhs.rank != rank
        or rhs.rank != rank
        or len(d.kernel_spatial_dimensions) + 2 != rank
        or len(d.output_spatial_dimensions) + 2 != rank
    ):
        raise fail(instr, "shape", f"dim_labels are for rank {rank}, operands are {text(lhs)} and {text(rhs)}")
    for side, dims in (
        ("input", (d.input_batch_dimension, d.input_feature_dimension, *d.input_spatial_dimensions)),
        ("kernel", (d.kernel_input_feature_dimension, d.kernel_output_feature_dimension, *d.kernel_spatial_dimensions)),
        ("output", (d.output_batch_dimension, d.output_feature_dimension, *d.output_spatial_dimensions)),
    ):
        if sorted(dims) != list(range(rank)):
            raise fail(
                instr, "attribute", f"the {side} dimension numbers {list(dims)} are not a permutation of 0..{rank - 1}"
            )
    features = instr.attributes.get("feature_group_count", 1)
    batches = instr.attributes.get("batch_group_count", 1)
    if features <= 0 or batches <= 0:
        raise fail(instr, "attribute", "feature_group_count and batch_group_count must be positive")
    in_features = lhs.dimensions[d.input_feature_dimension]
    kernel_in = rhs.dimensions[d.kernel_input_feature_dimension]
    kernel_out = rhs.dimensions[d.kernel_output_feature_dimension]
    if in_features != kernel_in * features:
        raise fail(
            instr,
            "shape",
            f"input feature size {in_features} is not the kernel's input features "
            f"{kernel_in} times feature_group_count {features}",
        )
    in_batch = lhs.dimensions[d.input_batch_dimension]
    if in_batch % batches or kernel_out % batches or kernel_out % features:
        raise fail(instr, "shape", "batch_group_count or feature_group_count does not divide the sizes")
    window = _check_window(instr, rank - 2)
    for w, k in zip(window, d.kernel_spatial_dimensions):
        if w.size != rhs.dimensions[k]:
            raise fail(instr, "window", f"window size {w.size} differs from kernel dimension {k} ({rhs.dimensions[k]})")
    result = [0] * rank
    result[d.output_batch_dimension] = in_batch // batches
    result[d.output_feature_dimension] = kernel_out
    for w, i, o in zip(window, d.input_spatial_dimensions, d.output_spatial_dimensions):
        result[o] = window_output(lhs.dimensions[i], w)
    expect_shape(instr, with_dims(instr.shape.element_type, result))
