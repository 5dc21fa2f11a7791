"""Ops whose StableHLO semantics XLA's CPU backend does not implement, exported as HLO expansions.

- `maximum` / `minimum` on complex numbers: the spec orders complex numbers lexicographically by
  (real, imaginary); XLA:CPU compares the real parts only. Expanded to `real`/`imag`, `compare` and
  `select`; a NaN in either part of an operand propagates that operand, as NaN does for floats.
- `cbrt` on complex numbers: XLA:CPU refuses it. The spec's principal cube root,
  `cbrt(|z|) * (cos(arg z / 3) + i sin(arg z / 3))`, with the real `cbrt` of the modulus.
- `bitcast_convert` between a vector of `i1` and one wider element (`tensor<...x64xi1>` <->
  `tensor<...xi64>`): XLA keeps the `i1` vector shape and gives wrong results. Element `k` of the last
  dimension is bit `k` (least significant first), as the spec's interpreter defines it; expanded to
  shifts and an `or` reduction (packing) or shifts and a mask (unpacking).
- `convert` from complex to `i1`: XLA:CPU's compiler crashes (segfault). The spec converts the real
  part (`(0, 1)` is false): `compare(real(z), 0, NE)`.
Every other case goes to the plain one-to-one export of `translate.optable`.
"""

from __future__ import annotations

import numpy as np
from jaxlib.mlir import ir

from hlo_translate.errors import TranslateError
from hlo_translate.export.context import Builder
from hlo_translate.export.elementwise import export_one_to_one
from hlo_translate.export.registry import handles
from hlo_translate.hlo.ir import Enum, HloComputation, HloInstruction, PrimitiveType, Shape, with_default_layouts
from hlo_translate.hlo.literal import Literal, numpy_dtype
from hlo_translate.optable import ONE_TO_ONE

_PLAIN = {entry.stablehlo: entry for entry in ONE_TO_ONE}
_UNSIGNED = {8: PrimitiveType.U8, 16: PrimitiveType.U16, 32: PrimitiveType.U32, 64: PrimitiveType.U64}


def _plain(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    return export_one_to_one(_PLAIN[op.name], b, op)


def _like(shape: Shape, element_type: PrimitiveType, dimensions: tuple[int, ...] | None = None) -> Shape:
    dims = shape.dimensions if dimensions is None else dimensions
    return with_default_layouts(Shape.array(element_type, dims))


def _compare(b: Builder, lhs: HloInstruction, rhs: HloInstruction, direction: str) -> HloInstruction:
    return b.add("compare", _like(lhs.shape, PrimitiveType.PRED), [lhs, rhs], {"direction": Enum(direction)})


def _is_nan(b: Builder, x: HloInstruction) -> HloInstruction:
    return _compare(b, x, x, "NE")


def _parts(b: Builder, z: HloInstruction) -> tuple[HloInstruction, HloInstruction]:
    real_type = PrimitiveType.F32 if z.shape.element_type == PrimitiveType.C64 else PrimitiveType.F64
    part = _like(z.shape, real_type)
    return b.add("real", part, [z]), b.add("imag", part, [z])


@handles("stablehlo.maximum", "stablehlo.minimum")
def _maximum_minimum(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    lhs, rhs = b.operands(op)
    if not lhs.shape.element_type.is_complex:
        return _plain(b, op)
    strict = "GT" if op.name == "stablehlo.maximum" else "LT"
    (lr, li), (rr, ri) = _parts(b, lhs), _parts(b, rhs)
    # lhs wins when its real part is strictly beyond, or the real parts tie and its imaginary part is
    # beyond or equal; a NaN anywhere in lhs makes it win, a NaN in rhs (only) makes rhs win.
    ties = b.add(
        "and", _like(lr.shape, PrimitiveType.PRED), [_compare(b, lr, rr, "EQ"), _compare(b, li, ri, strict[0] + "E")]
    )
    wins = b.add("or", ties.shape, [_compare(b, lr, rr, strict), ties])
    lhs_nan = b.add("or", ties.shape, [_is_nan(b, lr), _is_nan(b, li)])
    rhs_nan = b.add("or", ties.shape, [_is_nan(b, rr), _is_nan(b, ri)])
    not_rhs_nan = b.add("not", ties.shape, [rhs_nan])
    pick = b.add("or", ties.shape, [lhs_nan, b.add("and", ties.shape, [wins, not_rhs_nan])])
    return [b.add("select", lhs.shape, [pick, lhs, rhs])]


@handles("stablehlo.cbrt")
def _cbrt(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    (z,) = b.operands(op)
    if not z.shape.element_type.is_complex:
        return _plain(b, op)
    re, im = _parts(b, z)
    modulus = b.add("cbrt", re.shape, [b.add("abs", re.shape, [z])])
    third = b.add("divide", re.shape, [b.add("atan2", re.shape, [im, re]), _splat(b, re.shape, 3.0)])
    real = b.add("multiply", re.shape, [modulus, b.add("cosine", re.shape, [third])])
    imag = b.add("multiply", re.shape, [modulus, b.add("sine", re.shape, [third])])
    return [b.add("complex", z.shape, [real, imag])]


def _splat(b: Builder, shape: Shape, value: float | int) -> HloInstruction:
    scalar = Shape.array(shape.element_type, ())
    constant = b.constant(Literal(scalar, np.asarray(value, numpy_dtype(shape.element_type))), scalar)
    return b.add("broadcast", shape, [constant], {"dimensions": ()})


@handles("stablehlo.convert")
def _convert(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    (z,) = b.operands(op)
    if not (z.shape.element_type.is_complex and b.shape(op.results[0]).element_type == PrimitiveType.PRED):
        return _plain(b, op)
    re, _ = _parts(b, z)
    zero = _splat(b, re.shape, 0.0)
    return [_compare(b, re, zero, "NE")]


@handles("stablehlo.bitcast_convert")
def _bitcast_convert(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    (x,) = b.operands(op)
    result = b.shape(op.results[0])
    source, target = x.shape.element_type, result.element_type
    if (source == PrimitiveType.PRED) == (target == PrimitiveType.PRED):
        return _plain(b, op)
    if source == PrimitiveType.PRED:
        return [_pack_bits(b, x, result)]
    return [_unpack_bits(b, x, result)]


def _unsigned_of(element_type: PrimitiveType) -> PrimitiveType:
    unsigned = _UNSIGNED.get(element_type.bit_width)
    if unsigned is None or element_type.is_complex:
        raise TranslateError(f"a bitcast between i1 vectors and {element_type.text} has no HLO expansion")
    return unsigned


def _pack_bits(b: Builder, bits: HloInstruction, result: Shape) -> HloInstruction:
    """`[..., N] x i1` -> `[...] x T` with N = bit width of T: sum of bit_k << k."""
    unsigned = _unsigned_of(result.element_type)
    wide = b.add("convert", _like(bits.shape, unsigned), [bits])
    shifts = b.add("iota", wide.shape, [], {"iota_dimension": bits.shape.rank - 1})
    shifted = b.add("shift-left", wide.shape, [wide, shifts])
    zero = _splat(b, Shape.array(unsigned, ()), 0)
    packed = b.add(
        "reduce",
        _like(result, unsigned),
        [shifted, zero],
        {"dimensions": (bits.shape.rank - 1,), "to_apply": _or_computation(b, unsigned)},
    )
    if unsigned == result.element_type:
        return packed
    return b.add("bitcast-convert", result, [packed])


def _unpack_bits(b: Builder, x: HloInstruction, result: Shape) -> HloInstruction:
    """`[...] x T` -> `[..., N] x i1`: bit_k = (x >> k) & 1."""
    unsigned = _unsigned_of(x.shape.element_type)
    word = x if x.shape.element_type == unsigned else b.add("bitcast-convert", _like(x.shape, unsigned), [x])
    wide_shape = _like(result, unsigned)
    wide = b.add("broadcast", wide_shape, [word], {"dimensions": tuple(range(x.shape.rank))})
    shifts = b.add("iota", wide_shape, [], {"iota_dimension": result.rank - 1})
    shifted = b.add("shift-right-logical", wide_shape, [wide, shifts])
    masked = b.add("and", wide_shape, [shifted, _splat(b, wide_shape, 1)])
    return _compare(b, masked, _splat(b, wide_shape, 0), "NE")


def _or_computation(b: Builder, element_type: PrimitiveType) -> HloComputation:
    scalar = Shape.array(element_type, ())
    sub = Builder(b.ctx, b.ctx.unique_name("or"))
    x, y = sub.parameter(scalar, "x"), sub.parameter(scalar, "y")
    sub.comp.root = sub.add("or", scalar, [x, y])
    return b.ctx.finish(sub.comp)
