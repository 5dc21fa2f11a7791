"""`constant` → `stablehlo.constant` with a DenseElementsAttr built from the literal's numpy value."""

from __future__ import annotations

import numpy as np
from jaxlib.mlir import ir

from hlo_translate.hlo.ir import PrimitiveType, Shape
from hlo_translate.hlo.literal import Literal
from hlo_translate.import_.importer import NoStableHloForm, OpContext, Tree, register
from hlo_translate.markers import TUPLE_CONSTANT
from hlo_translate.typemap import element_type_to_mlir, shape_to_mlir

P = PrimitiveType
# Types numpy has natively (others go through their raw bits: bf16, f8, ...).
_NATIVE = {P.F16, P.F32, P.F64, P.C64, P.C128, P.S8, P.S16, P.S32, P.S64, P.U8, P.U16, P.U32, P.U64}


def dense_attr(value: np.ndarray, shape: Shape) -> ir.Attribute:
    """A DenseElementsAttr of `shape` holding `value` (splat when all elements are equal)."""
    element = element_type_to_mlir(shape.element_type)
    dims = list(shape.dimensions)
    array = np.ascontiguousarray(np.asarray(value).reshape(dims))
    tensor = shape_to_mlir(shape)
    if shape.element_type == P.PRED:
        # The bindings take numpy bools directly (and pack them themselves).
        return ir.DenseElementsAttr.get(array.astype(np.bool_), type=element, shape=dims)
    if shape.element_type in _NATIVE:
        if array.size > 1 and not shape.element_type.is_complex and _is_splat(array):
            return ir.DenseElementsAttr.get_splat(tensor, _scalar_attr(array.reshape(-1)[0], element, shape))
        return ir.DenseElementsAttr.get(array, type=element, shape=dims)
    width = shape.element_type.bit_width
    if width < 8:
        # Sub-byte types (s4, u2, f4e2m1fn, ...): numpy keeps one element a byte; the bindings read the low bits.
        return ir.DenseElementsAttr.get(_sub_byte_bits(array), type=element, shape=dims)
    if width not in (8, 16, 32, 64):
        raise ValueError(f"constants of {shape.element_type.text} are not supported")
    raw = array.view(np.dtype(f"uint{width}"))
    return ir.DenseElementsAttr.get(raw, type=element, shape=dims)


def _sub_byte_bits(array: np.ndarray) -> np.ndarray:
    """One byte per element holding the element's bits (ml_dtypes' int4/uint4 convert by value, floats by bits)."""
    if array.dtype.kind in "iu" or array.dtype.name.startswith(("int", "uint")):
        return array.astype(np.int16).astype(np.uint8)
    return array.view(np.uint8)


def _is_splat(array: np.ndarray) -> bool:
    flat = array.reshape(-1)
    return bool(np.all(flat.view(np.uint8).reshape(flat.size, -1) == flat[:1].view(np.uint8)))


def _scalar_attr(value: np.generic, element: ir.Type, shape: Shape) -> ir.Attribute:
    if shape.element_type.is_float:
        return ir.FloatAttr.get(element, float(value))
    return ir.IntegerAttr.get(element, int(value))


@register("constant")
def constant(ctx: OpContext) -> Tree:
    literal = ctx.instr.literal
    if literal is None:
        raise ctx.error("constant without a literal")
    if ctx.shape.is_tuple:
        if not ctx.shape.leaves():
            raise NoStableHloForm("a tuple constant without elements has no StableHLO form", op=ctx.instr.name)
        return _tuple_constant(ctx, literal, ())
    return ctx.single("stablehlo.constant", [], value=_value(ctx, literal.value, ctx.shape))


def _value(ctx: OpContext, value: np.ndarray, shape: Shape) -> ir.Attribute:
    try:
        return dense_attr(value, shape)
    except (ValueError, TypeError) as err:
        raise NoStableHloForm(f"cannot import constant: {err}", op=ctx.instr.name) from None


def _tuple_constant(ctx: OpContext, literal: Literal, path: tuple[int, ...]) -> Tree:
    """One `stablehlo.constant` per leaf of a tuple constant, each marked with the tuple constant it belongs to
    (the instruction's name and shape) and its place in it: the exporter writes them back as one tuple constant."""
    if literal.is_tuple:
        return tuple(_tuple_constant(ctx, part, (*path, i)) for i, part in enumerate(literal.elements))
    marker = ir.DictAttr.get(
        {
            "name": ir.StringAttr.get(ctx.instr.name),
            "shape": ir.StringAttr.get(ctx.shape.to_text()),
            "index": ir.DenseI64ArrayAttr.get(list(path)),
        }
    )
    value = _value(ctx, literal.array, literal.shape)
    attributes = {"value": value, TUPLE_CONSTANT: marker}
    return ctx.op("stablehlo.constant", [], [ctx.importer.type_of(literal.shape)], attributes).result
