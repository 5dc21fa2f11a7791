"""CHLO ops with structure: ragged_dot, scan and top_k.

XLA's own pipeline keeps these as HLO `ragged-dot`, `scan` and `topk`; the pass decomposes
ragged_dot and scan (into masked dot_generals and a while loop, as StableHLO's legalization
does) and leaves top_k to the exporter unless asked (`keep` without it).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from jaxlib.mlir import ir
from jaxlib.mlir.dialects import stablehlo as hlo

from hlo_translate.chlo.builder import V, constant, is_complex_type, is_float_type
from hlo_translate.chlo.registry import RuleContext, decomposes

_I64 = lambda: ir.IntegerType.get_signless(64)  # noqa: E731


def _tensor(shape: Sequence[int], element_type: ir.Type) -> ir.RankedTensorType:
    return ir.RankedTensorType.get(list(shape), element_type)


def _reshape(x: V, shape: Sequence[int]) -> V:
    return V(hlo.reshape(_tensor(shape, x.element_type), x.value))


# ---------------------------------------------------------------- ragged_dot


def _ragged_dims(attr: ir.Attribute) -> dict[str, list[int]]:
    """The fields of '#chlo.ragged_dot<lhs_batching_dimensions = [0], ...>' (absent ones empty)."""
    fields = dict(re.findall(r"(\w+) = \[([\d, ]*)\]", str(attr)))
    names = (
        "lhs_batching_dimensions",
        "rhs_batching_dimensions",
        "lhs_contracting_dimensions",
        "rhs_contracting_dimensions",
        "lhs_ragged_dimensions",
        "rhs_group_dimensions",
    )
    return {n: [int(d) for d in fields.get(n, "").split(",") if d.strip()] for n in names}


def _dot_general(
    result_type: ir.RankedTensorType, lhs: V, rhs: V, dims: Sequence[Sequence[int]], precision: ir.Attribute | None
) -> V:
    lb, rb, lc, rc = (", ".join(map(str, d)) for d in dims)
    numbers = ir.Attribute.parse(
        f"#stablehlo.dot<lhs_batching_dimensions = [{lb}], rhs_batching_dimensions = [{rb}], "
        f"lhs_contracting_dimensions = [{lc}], rhs_contracting_dimensions = [{rc}]>"
    )
    return V(hlo.dot_general(result_type, lhs.value, rhs.value, numbers, precision_config=precision))


def _precision_config(ctx: RuleContext) -> ir.Attribute | None:
    """#chlo<precision HIGH> -> #stablehlo<precision HIGH> (anything but HIGH/HIGHEST is DEFAULT)."""
    attr = ctx.attr("precision_config")
    if attr is None:
        return None
    words = re.findall(r"precision (\w+)>", str(attr))
    words = [w if w in ("HIGH", "HIGHEST") else "DEFAULT" for w in words]
    return ir.Attribute.parse("[" + ", ".join(f"#stablehlo<precision {w}>" for w in words) + "]")


def _group_size(group_sizes: V, index: int) -> V:
    """group_sizes[..., index] as an i64 tensor of the batch shape."""
    shape = group_sizes.shape
    start = [0] * len(shape)
    start[-1] = index
    limit = list(shape)
    limit[-1] = index + 1
    size = _reshape(V(hlo.slice(group_sizes.value, start, limit, [1] * len(shape))), shape[:-1])
    return size if size.element_type == _I64() else V(hlo.convert(_tensor(shape[:-1], _I64()), size.value))


def _ragged_mask(lhs: V, zero: V, start: V, limit: V, iota: V, batch_rank: int) -> V:
    """lhs where start <= index along the ragged dimension < limit, zero elsewhere (the group
    sizes' batch dimensions are lhs's leading dimensions)."""
    i64_shape = _tensor(lhs.shape, _I64())
    batch_dims = list(range(batch_rank))
    start_b = V(hlo.broadcast_in_dim(i64_shape, start.value, batch_dims))
    limit_b = V(hlo.broadcast_in_dim(i64_shape, limit.value, batch_dims))
    iota_b = V(hlo.broadcast_in_dim(i64_shape, iota.value, list(range(len(lhs.shape)))))
    mask = iota_b.ge(start_b) & iota_b.lt(limit_b)
    return V(hlo.select(mask.value, lhs.value, zero.value))


@decomposes("chlo.ragged_dot")
def _ragged_dot(ctx: RuleContext) -> list[V]:
    """Mode by the kind of lhs's ragged dimension: non-contracting (one dot per group, each on the
    group's rows, summed), contracting (one dot per group over its slice of k, stacked on a new
    leading group dimension), or batch (a plain batched dot)."""
    lhs, rhs, group_sizes = ctx.operands
    dims = _ragged_dims(ctx.attr("ragged_dot_dimension_numbers"))
    precision = _precision_config(ctx)
    result_type = ctx.result_types[0]
    (ragged,) = dims["lhs_ragged_dimensions"]
    lb, rb = dims["lhs_batching_dimensions"], dims["rhs_batching_dimensions"]
    lc, rc = dims["lhs_contracting_dimensions"], dims["rhs_contracting_dimensions"]
    if ragged in lb:
        return [_dot_general(result_type, lhs, rhs, (lb, rb, lc, rc), precision)]

    batch_shape = group_sizes.shape[:-1]
    groups = group_sizes.shape[-1]
    start = constant(0, _tensor(batch_shape, _I64()))
    iota_shape = [1] * len(lhs.shape)
    iota_shape[ragged] = lhs.shape[ragged]
    iota = V(hlo.iota(_tensor(iota_shape, _I64()), ragged))
    zero = lhs.like(0)
    masked: list[V] = []
    for i in range(groups):
        limit = start + _group_size(group_sizes, i)
        masked.append(_ragged_mask(lhs, zero, start, limit, iota, len(batch_shape)))
        start = limit

    if ragged not in lc:  # mode 1: rhs has a group dimension; dot each group with its rhs slice
        (group_dim,) = dims["rhs_group_dimensions"]
        adjust = lambda ds: [d - 1 if d > group_dim else d for d in ds]  # noqa: E731
        rhs_shape = rhs.shape
        out: V | None = None
        for i, lhs_i in enumerate(masked):
            start_i, limit_i = [0] * len(rhs_shape), list(rhs_shape)
            start_i[group_dim], limit_i[group_dim] = i, i + 1
            rhs_i = V(hlo.slice(rhs.value, start_i, limit_i, [1] * len(rhs_shape)))
            rhs_i = _reshape(rhs_i, [d for k, d in enumerate(rhs_shape) if k != group_dim])
            dot = _dot_general(result_type, lhs_i, rhs_i, (lb, adjust(rb), lc, adjust(rc)), precision)
            out = dot if out is None else out + dot
        assert out is not None, "ragged_dot with no groups"
        return [out]

    # mode 2: the ragged dimension is contracted; one result per group, stacked.
    per_group = _tensor(result_type.shape[1:], result_type.element_type)
    parts = [
        _reshape(_dot_general(per_group, lhs_i, rhs, (lb, rb, lc, rc), precision), [1, *per_group.shape])
        for lhs_i in masked
    ]
    return [V(hlo.concatenate([p.value for p in parts], 0))]


# ---------------------------------------------------------------- scan


@decomposes("chlo.scan")
def _scan(ctx: RuleContext) -> list[V]:
    """A while loop over the scan dimension: slice the inputs at the position, run the body,
    write its outputs at the position, carry the rest (positions run backwards if is_reverse)."""
    op = ctx.op
    dim = ir.IntegerAttr(ctx.attr("dimension")).value
    reverse = ctx.attr("is_reverse") is not None and ir.BoolAttr(ctx.attr("is_reverse")).value
    segments = list(ir.DenseI32ArrayAttr(ctx.attr("operandSegmentSizes")))
    operands = ctx.operands
    inputs, inits = operands[: segments[0]], operands[segments[0] :]
    result_types = ctx.result_types
    n_outputs = len(result_types) - len(inits)
    output_types = result_types[:n_outputs]
    length = inputs[0].shape[dim] if inputs else output_types[0].shape[dim]

    index_type = _tensor([], _I64())
    initial = [constant(0, index_type), *inits, *(constant(0, t) for t in output_types)]
    loop = hlo.WhileOp([v.value.type for v in initial], [v.value for v in initial])
    cond = loop.cond.blocks.append(*[v.value.type for v in initial])
    with ir.InsertionPoint(cond):
        index = V(cond.arguments[0])
        hlo.return_([index.lt(constant(length, index_type)).value])

    body = loop.body.blocks.append(*[v.value.type for v in initial])
    with ir.InsertionPoint(body):
        index = V(body.arguments[0])
        carries = [V(a) for a in body.arguments[1 : 1 + len(inits)]]
        outputs = [V(a) for a in body.arguments[1 + len(inits) :]]
        position = (constant(length - 1, index_type) - index) if reverse else index
        scan_block = op.regions[0].blocks[0]
        slices = [_slice_at(x, dim, position) for x in inputs]
        for arg, value in zip(scan_block.arguments, [*slices, *carries], strict=True):
            arg.replace_all_uses_with(value.value)
        # The scan op is erased after this rule: move its body's ops into the loop body.
        *computation, terminator = list(scan_block.operations)
        for nested in computation:
            nested.detach_from_parent()
            ir.InsertionPoint.current.insert(nested)
        yielded = [V(v) for v in terminator.operands]
        written = [_update_at(out, elem, dim, position) for out, elem in zip(outputs, yielded[:n_outputs], strict=True)]
        next_index = index + constant(1, index_type)
        hlo.return_([next_index.value, *(v.value for v in yielded[n_outputs:]), *(v.value for v in written)])
    results = [V(r) for r in loop.results]
    return results[1 + len(inits) :] + results[1 : 1 + len(inits)]


def _slice_at(x: V, dim: int, position: V) -> V:
    zero = constant(0, _tensor([], _I64()))
    starts = [position.value if d == dim else zero.value for d in range(len(x.shape))]
    sizes = [1 if d == dim else n for d, n in enumerate(x.shape)]
    piece = V(hlo.dynamic_slice(x.value, starts, sizes))
    return _reshape(piece, [n for d, n in enumerate(x.shape) if d != dim])


def _update_at(out: V, element: V, dim: int, position: V) -> V:
    zero = constant(0, _tensor([], _I64()))
    shape = [1 if d == dim else n for d, n in enumerate(out.shape)]
    starts = [position.value if d == dim else zero.value for d in range(len(out.shape))]
    return V(hlo.dynamic_update_slice(out.value, _reshape(element, shape).value, starts))


# ---------------------------------------------------------------- top_k


@decomposes("chlo.top_k")
def _top_k(ctx: RuleContext) -> list[V]:
    """Sort (values, iota) descending along the last dimension (total order for floats), keep k."""
    (x,) = ctx.operands
    k = ir.IntegerAttr(ctx.attr("k")).value
    stable = ctx.attr("is_stable") is not None and ir.BoolAttr(ctx.attr("is_stable")).value
    last = len(x.shape) - 1
    i32 = ir.IntegerType.get_signless(32)
    iota = V(hlo.iota(_tensor(x.shape, i32), last))
    sort = hlo.SortOp([x.value.type, iota.value.type], [x.value, iota.value], dimension=last, is_stable=stable)
    scalar, index = _tensor([], x.element_type), _tensor([], i32)
    comparator = sort.comparator.blocks.append(scalar, scalar, index, index)
    with ir.InsertionPoint(comparator):
        lhs, rhs = comparator.arguments[0], comparator.arguments[1]
        float_like = is_float_type(x.element_type) or is_complex_type(x.element_type)
        kind = hlo.ComparisonTypeAttr.get("TOTALORDER") if float_like else None
        gt = hlo.compare(lhs, rhs, hlo.ComparisonDirectionAttr.get("GT"), compare_type=kind)
        hlo.return_([gt])
    limit = list(x.shape)
    limit[-1] = min(k, limit[-1])
    zeros, ones = [0] * len(limit), [1] * len(limit)
    return [V(hlo.slice(sort.results[i], zeros, limit, ones)) for i in range(2)]
