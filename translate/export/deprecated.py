"""Deprecated StableHLO ops that HLO has no opcode for, as the expansions the spec defines.

- `einsum` / `unary_einsum`: operand dimensions summed away (`reduce` with add), one `dot` (batch
  dimensions, contracting dimensions), then a `transpose` into the output's letter order;
- `torch_index_select`: one `gather` (the index is a scalar per position of `index`, batch dimensions
  as gather batching dimensions);
- `cross-replica-sum`: an `all-reduce` with an add reducer;

`dot`, `broadcast`, `create_token`, `real_dynamic_slice`, `tuple` and `get_tuple_element` have direct
handlers beside their non-deprecated relatives; `tensor.cast` is with the other `tensor` ops
(`arith_tensor.py`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np
from jaxlib.mlir import ir

from hlo_translate.collective import Collective, CollectiveKind
from hlo_translate.errors import TranslateError
from hlo_translate.export import mlir_attrs as A
from hlo_translate.export.context import Builder
from hlo_translate.export.registry import handles
from hlo_translate.hlo.ir import HloComputation, HloInstruction, PrimitiveType, Shape, with_default_layouts
from hlo_translate.hlo.literal import Literal, numpy_dtype

_EINSUM = re.compile(r"([a-zA-Z]*)(?:,([a-zA-Z]*))?->([a-zA-Z]*)")


@dataclass(frozen=True)
class EinsumConfig:
    """`"ab,bc->ac"` read as the letters of each operand and of the output."""

    inputs: tuple[str, ...]
    output: str

    @staticmethod
    def parse(text: str, operands: int) -> EinsumConfig:
        m = _EINSUM.fullmatch(text.replace(" ", ""))
        if m is None or (m.group(2) is None) != (operands == 1):
            raise TranslateError(
                f"einsum_config '{text}' is not '<letters>{',<letters>' * (operands - 1)}->"
                "<letters>' (ellipses are not supported)"
            )
        inputs = tuple(g for g in m.groups()[:2] if g is not None)
        config = EinsumConfig(inputs, m.group(3))
        for letters in (*inputs, config.output):
            if len(set(letters)) != len(letters):
                raise TranslateError(
                    f"einsum_config '{text}': a letter repeated within one operand (a diagonal) is not supported"
                )
        if set(config.output) - set("".join(inputs)):
            raise TranslateError(f"einsum_config '{text}': an output letter names no operand dimension")
        return config


def add_computation(b: Builder, element_type: PrimitiveType) -> HloComputation:
    """`add(x, y)` over scalars of `element_type` (`or` for pred), a reducer for sums."""
    scalar = Shape.array(element_type, ())
    sub = Builder(b.ctx, b.ctx.unique_name("add"))
    x, y = sub.parameter(scalar, "x"), sub.parameter(scalar, "y")
    sub.comp.root = sub.add("or" if element_type == PrimitiveType.PRED else "add", scalar, [x, y])
    return b.ctx.finish(sub.comp)


def _sum_away(b: Builder, instr: HloInstruction, letters: str, keep: set[str]) -> tuple[HloInstruction, str]:
    """Sum over the dimensions whose letter is not in `keep`."""
    drop = tuple(i for i, c in enumerate(letters) if c not in keep)
    if not drop:
        return instr, letters
    shape = instr.shape
    kept = [d for i, d in enumerate(shape.dimensions) if i not in drop]
    zero = b.constant(_zero(shape.element_type), Shape.array(shape.element_type, ()))
    result = with_default_layouts(Shape.array(shape.element_type, kept))
    reduced = b.add(
        "reduce", result, [instr, zero], {"dimensions": drop, "to_apply": add_computation(b, shape.element_type)}
    )
    return reduced, "".join(c for c in letters if c in keep)


def _zero(element_type: PrimitiveType):  # -> Literal
    return Literal(Shape.array(element_type, ()), np.zeros((), numpy_dtype(element_type)))


def _transpose_to(b: Builder, instr: HloInstruction, letters: str, output: str) -> HloInstruction:
    if letters == output:
        return instr
    perm = tuple(letters.index(c) for c in output)
    shape = with_default_layouts(Shape.array(instr.shape.element_type, [instr.shape.dimensions[p] for p in perm]))
    return b.add("transpose", shape, [instr], {"dimensions": perm})


@handles("stablehlo.einsum")
def _einsum(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    config = EinsumConfig.parse(A.string(op.attributes["einsum_config"]), 2)
    (lhs_letters, rhs_letters), out = config.inputs, config.output
    lhs, rhs = b.operands(op)
    # A letter in one operand only and not in the output is summed before the dot.
    lhs, lhs_letters = _sum_away(b, lhs, lhs_letters, set(rhs_letters) | set(out))
    rhs, rhs_letters = _sum_away(b, rhs, rhs_letters, set(lhs_letters) | set(out))
    batch = [c for c in lhs_letters if c in rhs_letters and c in out]
    contracting = [c for c in lhs_letters if c in rhs_letters and c not in out]
    lhs_free = [c for c in lhs_letters if c not in rhs_letters]
    rhs_free = [c for c in rhs_letters if c not in lhs_letters]
    dot_letters = "".join(batch + lhs_free + rhs_free)
    dims = {
        c: d
        for letters, instr in ((lhs_letters, lhs), (rhs_letters, rhs))
        for c, d in zip(letters, instr.shape.dimensions)
    }
    element_type = b.shape(op.results[0]).element_type
    shape = with_default_layouts(Shape.array(element_type, [dims[c] for c in dot_letters]))
    attrs: dict[str, object] = {}
    if batch:
        attrs["lhs_batch_dims"] = tuple(lhs_letters.index(c) for c in batch)
    attrs["lhs_contracting_dims"] = tuple(lhs_letters.index(c) for c in contracting)
    if batch:
        attrs["rhs_batch_dims"] = tuple(rhs_letters.index(c) for c in batch)
    attrs["rhs_contracting_dims"] = tuple(rhs_letters.index(c) for c in contracting)
    dot = b.add("dot", shape, [lhs, rhs], attrs)
    return [_transpose_to(b, dot, dot_letters, out)]


@handles("stablehlo.unary_einsum")
def _unary_einsum(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    config = EinsumConfig.parse(A.string(op.attributes["einsum_config"]), 1)
    operand, letters = _sum_away(b, b.value(op.operands[0]), config.inputs[0], set(config.output))
    result = _transpose_to(b, operand, letters, config.output)
    if result is b.value(op.operands[0]):
        result = b.add("copy", result.shape, [result])  # "ab->ab": the op still produces a value
    return [result]


@handles("stablehlo.torch_index_select")
def _torch_index_select(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    operand, index = b.operands(op)
    dim, batch_dims = A.integer(op.attributes["dim"]), A.integer(op.attributes["batch_dims"])
    rank, index_rank = operand.shape.rank, index.shape.rank
    if not (0 <= batch_dims <= dim < rank and batch_dims <= index_rank):
        raise TranslateError(
            f"dim = {dim} and batch_dims = {batch_dims} do not fit an operand of rank {rank} "
            f"and an index of rank {index_rank}"
        )
    if operand.shape.dimensions[:batch_dims] != index.shape.dimensions[:batch_dims]:
        raise TranslateError("the batch dimensions of operand and index differ")
    # Result: operand[:dim] ++ index[batch_dims:] ++ operand[dim+1:]; the index dims land at `dim`.
    new = index_rank - batch_dims
    offset_dims = tuple(range(batch_dims, dim)) + tuple(range(dim + new, rank - 1 + new))
    sizes = tuple(1 if i == dim or i < batch_dims else d for i, d in enumerate(operand.shape.dimensions))
    attrs: dict[str, object] = {"offset_dims": offset_dims, "collapsed_slice_dims": (dim,), "start_index_map": (dim,)}
    if batch_dims:
        attrs["operand_batching_dims"] = tuple(range(batch_dims))
        attrs["start_indices_batching_dims"] = tuple(range(batch_dims))
    attrs["index_vector_dim"] = index_rank
    attrs["slice_sizes"] = sizes
    return [b.add("gather", b.shape(op.results[0]), [operand, index], attrs)]


@handles("stablehlo.cross-replica-sum")
def _cross_replica_sum(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    operand = b.value(op.operands[0])
    attributes = {name: op.attributes[name] for name in op.attributes}
    collective = Collective.from_mlir_attributes(CollectiveKind.ALL_REDUCE, attributes)
    attrs = collective.hlo_attributes()
    attrs["to_apply"] = add_computation(b, operand.shape.element_type)
    return [b.add("all-reduce", b.shape(op.results[0]), [operand], attrs)]
