"""StableHLO's dynamic-shape ops → HLO.

HLO has real counterparts for two of them: `dynamic_reshape` with a bounded result becomes
`dynamic-reshape(operand, size0, size1, ...)` (one s32 scalar per dimension), and `real_dynamic_slice`
with unit strides and a static result becomes `dynamic-slice`. Every other dynamic op exists in HLO
only in its static form, so it is converted when its shape operands are constants (or, for the ops
whose result type fixes the shape, when the result type is static): `dynamic_broadcast_in_dim` →
`broadcast`, `dynamic_iota` → `iota`, `dynamic_pad` → `pad`, `dynamic_gather` → `gather`,
`dynamic_conv` → `convolution`, `dynamic_reshape` with a static result → `reshape`. Otherwise the
exporter raises a TranslateError naming the op (run shape refinement first).
"""

from __future__ import annotations

import numpy as np
from jaxlib.mlir import ir

from hlo_translate.errors import TranslateError
from hlo_translate.export import mlir_attrs as A
from hlo_translate.export.context import Builder
from hlo_translate.export.data_movement import broadcast_in_dim
from hlo_translate.export.refine import NeedsRefinement
from hlo_translate.export.registry import HANDLERS, handles
from hlo_translate.hlo.ir import HloInstruction, PaddingConfig, PaddingDim, PrimitiveType, Shape, SliceDim
from hlo_translate.hlo.verify import Violation, check_alone


def constant_operand(value: ir.Value) -> np.ndarray | None:
    """The integer contents of `value` if a dense constant (`stablehlo`, `arith` or `mhlo`) defines it,
    else None."""
    owner = value.owner
    if not isinstance(owner, ir.OpView) and not isinstance(owner, ir.Operation):
        return None  # a block argument
    operation = owner.operation
    if operation.name not in ("stablehlo.constant", "arith.constant", "mhlo.constant"):
        return None
    attr = operation.attributes["value"]
    if not isinstance(attr, ir.DenseIntElementsAttr):
        return None
    if attr.is_splat:
        return np.full(ir.RankedTensorType(value.type).shape, ir.IntegerAttr(attr.get_splat_value()).value, np.int64)
    return np.array(attr).astype(np.int64)


def _require_static(b: Builder, op: ir.Operation) -> Shape:
    shape = b.shape(op.results[0])
    if shape.is_dynamic:
        raise NeedsRefinement(f"{op.name} with a dynamic result type has no HLO equivalent (refine shapes first)")
    return shape


def _require_constant(op: ir.Operation, index: int, what: str) -> np.ndarray:
    values = constant_operand(op.operands[index])
    if values is None:
        raise NeedsRefinement(f"{op.name}: the {what} must be a constant to convert to HLO (refine shapes first)")
    return values


def _packed_scalars(vector: ir.Value, count: int) -> list[ir.Value] | None:
    """The scalars of `concatenate(reshape(s0), reshape(s1), ...)` (the importer's shape operand)."""
    owner = vector.owner
    if not isinstance(owner, (ir.OpView, ir.Operation)) or owner.operation.name != "stablehlo.concatenate":
        return None
    pieces = list(owner.operation.operands)
    if len(pieces) != count:
        return None
    scalars = []
    for piece in pieces:
        inner = piece.owner
        if not isinstance(inner, (ir.OpView, ir.Operation)) or inner.operation.name != "stablehlo.reshape":
            return None
        scalar = inner.operation.operands[0]
        if ir.RankedTensorType(scalar.type).rank != 0:
            return None
        scalars.append(scalar)
    return scalars


def _scalars(b: Builder, vector: ir.Value, count: int) -> list[HloInstruction]:
    """The `count` elements of a 1-D integer tensor as s32 scalars (slice, reshape, convert).

    A vector packed from scalars gives those scalars back (the packing is then dead code)."""
    packed = _packed_scalars(vector, count)
    if packed is not None and all(
        ir.RankedTensorType(v.type).element_type == ir.IntegerType.get_signless(32) for v in packed
    ):
        return [b.value(v) for v in packed]
    source = b.value(vector)
    scalars = []
    for i in range(count):
        piece = b.add(
            "slice", Shape.array(source.shape.element_type, (1,)), [source], {"slice": (SliceDim(i, i + 1, 1),)}
        )
        scalar = b.add("reshape", Shape.array(source.shape.element_type, ()), [piece])
        if scalar.shape.element_type != PrimitiveType.S32:
            scalar = b.add("convert", Shape.array(PrimitiveType.S32, ()), [scalar])
        scalars.append(scalar)
    return scalars


@handles("stablehlo.dynamic_reshape")
def _dynamic_reshape(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    shape = b.shape(op.results[0])
    operand = b.value(op.operands[0])
    if not shape.is_dynamic:
        return [b.add("reshape", shape, [operand])]
    if any(d < 0 for d in shape.dimensions):
        raise TranslateError("stablehlo.dynamic_reshape to an unbounded dimension has no HLO equivalent")
    sizes = _scalars(b, op.operands[1], shape.rank)
    return [b.add("dynamic-reshape", shape, [operand, *sizes])]


@handles("stablehlo.real_dynamic_slice")
def _real_dynamic_slice(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    operand = b.value(op.operands[0])
    rank = operand.shape.rank
    starts, limits, strides = (constant_operand(op.operands[i]) for i in (1, 2, 3))
    if starts is not None and limits is not None and strides is not None:
        dims = tuple(SliceDim(int(s), int(lim), int(st)) for s, lim, st in zip(starts, limits, strides))
        shape = b.shape(op.results[0])
        instr = b.add("slice", shape, [operand], {"slice": dims})
        try:  # MLIR's verifier leaves the constants unchecked against the operand and the result type
            check_alone(instr)
        except Violation as err:
            raise TranslateError(
                f"its constant start, limit and strides do not slice {operand.shape.to_text(False)} "
                f"to its result type: {err.message}"
            ) from None
        return [instr]
    shape = _require_static(b, op)
    if strides is None or not np.all(strides == 1):
        raise TranslateError("stablehlo.real_dynamic_slice with non-constant or non-unit strides has no HLO equivalent")
    start_scalars = _scalars(b, op.operands[1], rank)
    return [b.add("dynamic-slice", shape, [operand, *start_scalars], {"dynamic_slice_sizes": tuple(shape.dimensions)})]


@handles("stablehlo.dynamic_broadcast_in_dim")
def _dynamic_broadcast_in_dim(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    shape = _require_static(b, op)
    return broadcast_in_dim(b, b.value(op.operands[0]), shape, A.i64_list(op.attributes["broadcast_dimensions"]))


@handles("stablehlo.dynamic_iota")
def _dynamic_iota(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    shape = _require_static(b, op)
    return [b.add("iota", shape, [], {"iota_dimension": A.integer(op.attributes["iota_dimension"])})]


@handles("stablehlo.dynamic_pad")
def _dynamic_pad(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    low, high, interior = (
        _require_constant(op, i, name)
        for i, name in ((2, "edge_padding_low"), (3, "edge_padding_high"), (4, "interior_padding"))
    )
    config = PaddingConfig(tuple(PaddingDim(int(lo), int(hi), int(i)) for lo, hi, i in zip(low, high, interior)))
    return [
        b.add("pad", b.shape(op.results[0]), [b.value(op.operands[0]), b.value(op.operands[1])], {"padding": config})
    ]


def _via_static(
    b: Builder, op: ir.Operation, name: str, operands: list[ir.Value], attributes: dict[str, ir.Attribute]
) -> list[HloInstruction]:
    """Convert `op` as the static op `name` (a detached op over the same values, never inserted)."""
    static = ir.Operation.create(
        name, results=[r.type for r in op.results], operands=operands, attributes=attributes, loc=op.location
    )
    return HANDLERS[name](b, static)


@handles("stablehlo.dynamic_gather")
def _dynamic_gather(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    sizes = _require_constant(op, 2, "slice_sizes operand")
    attributes = {name: op.attributes[name] for name in op.attributes}
    attributes["slice_sizes"] = ir.DenseI64ArrayAttr.get([int(s) for s in sizes])
    return _via_static(b, op, "stablehlo.gather", list(op.operands)[:2], attributes)


@handles("stablehlo.dynamic_conv")
def _dynamic_conv(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    padding = _require_constant(op, 2, "padding operand").reshape(-1, 2)
    attributes = {name: op.attributes[name] for name in op.attributes}
    tensor = ir.RankedTensorType.get(list(padding.shape), ir.IntegerType.get_signless(64), loc=op.location)
    attributes["padding"] = ir.DenseElementsAttr.get(np.ascontiguousarray(padding), type=tensor)
    return _via_static(b, op, "stablehlo.convolution", list(op.operands)[:2], attributes)
