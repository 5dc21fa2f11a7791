"""CHLO's implicitly broadcasting binary ops, broadcast_select, constant and constant_like.

Each `chlo.broadcast_<op>` becomes explicit `stablehlo.broadcast_in_dim`s of the operands to the
result shape (numpy rules: trailing dimensions line up, size-1 dimensions stretch, or the op's
`broadcast_dimensions` for the lower-rank operand) followed by the non-broadcasting op.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from jaxlib.mlir import ir
from jaxlib.mlir.dialects import stablehlo as hlo

from hlo_translate.chlo import bits, special
from hlo_translate.chlo.builder import V, complex_part_type, make_complex
from hlo_translate.chlo.registry import RuleContext, decomposes

_ELEMENTWISE: dict[str, Callable[[ir.Value, ir.Value], ir.Value]] = {
    "add": hlo.add,
    "and": hlo.and_,
    "atan2": hlo.atan2,
    "complex": hlo.complex,
    "divide": hlo.divide,
    "maximum": hlo.maximum,
    "minimum": hlo.minimum,
    "multiply": hlo.multiply,
    "or": hlo.or_,
    "power": hlo.power,
    "remainder": hlo.remainder,
    "shift_left": hlo.shift_left,
    "shift_right_arithmetic": hlo.shift_right_arithmetic,
    "shift_right_logical": hlo.shift_right_logical,
    "subtract": hlo.subtract,
    "xor": hlo.xor,
}
# Broadcasting forms of CHLO ops that are themselves decomposed.
_CHLO_BINARY: dict[str, Callable[[V, V], V]] = {
    "next_after": bits.next_after,
    "polygamma": special.polygamma,
    "zeta": special.zeta,
}
_ENUM_WORD = re.compile(r"(\w+)>$")


def broadcast_to(x: V, shape: Sequence[int], dimensions: Sequence[int] | None = None) -> V:
    """`x` broadcast to `shape` (numpy-style trailing alignment unless `dimensions` says where
    each of x's dimensions goes); `x` itself when it already has that shape."""
    if x.shape == list(shape):
        return x
    rank = len(shape)
    dims = list(dimensions) if dimensions is not None else list(range(rank - len(x.shape), rank))
    return V(hlo.broadcast_in_dim(ir.RankedTensorType.get(list(shape), x.element_type), x.value, dims))


def _operands_broadcast(ctx: RuleContext) -> list[V]:
    lhs, rhs = ctx.operands
    shape = ctx.result_types[0].shape
    attr = ctx.attr("broadcast_dimensions")
    dims = list(ir.DenseI64ArrayAttr(attr)) if attr is not None else None
    low_rank_dims = lambda v: dims if dims is not None and len(v.shape) < len(shape) else None  # noqa: E731
    return [broadcast_to(lhs, shape, low_rank_dims(lhs)), broadcast_to(rhs, shape, low_rank_dims(rhs))]


def _broadcasting_rule(build: Callable[[ir.Value, ir.Value], ir.Value]):
    def rule(ctx: RuleContext) -> list[V]:
        lhs, rhs = _operands_broadcast(ctx)
        return [V(build(lhs.value, rhs.value))]

    return rule


for _name, _build in _ELEMENTWISE.items():
    decomposes(f"chlo.broadcast_{_name}")(_broadcasting_rule(_build))


def _chlo_binary_rule(formula: Callable[[V, V], V]):
    def rule(ctx: RuleContext) -> list[V]:
        lhs, rhs = _operands_broadcast(ctx)
        return [formula(lhs, rhs)]

    return rule


for _name, _formula in _CHLO_BINARY.items():
    decomposes(f"chlo.broadcast_{_name}")(_chlo_binary_rule(_formula))


def enum_word(attr: ir.Attribute) -> str:
    """'LT' from '#chlo<comparison_direction LT>'."""
    m = _ENUM_WORD.search(str(attr))
    assert m, f"not an enum attribute: {attr}"
    return m.group(1)


@decomposes("chlo.broadcast_compare")
def _broadcast_compare(ctx: RuleContext) -> list[V]:
    lhs, rhs = _operands_broadcast(ctx)
    direction = hlo.ComparisonDirectionAttr.get(enum_word(ctx.attr("comparison_direction")))
    compare_type = ctx.attr("compare_type")
    kind = hlo.ComparisonTypeAttr.get(enum_word(compare_type)) if compare_type is not None else None
    return [V(hlo.compare(lhs.value, rhs.value, direction, compare_type=kind))]


@decomposes("chlo.broadcast_select")
def _broadcast_select(ctx: RuleContext) -> list[V]:
    shape = ctx.result_types[0].shape
    pred, on_true, on_false = (broadcast_to(v, shape) for v in ctx.operands)
    return [V(hlo.select(pred.value, on_true.value, on_false.value))]


@decomposes("chlo.constant_like")
def _constant_like(ctx: RuleContext) -> list[V]:
    result_type = ctx.result_types[0]
    value = ctx.attr("value")
    if _is_scalar_number(value):
        return [V(hlo.constant(ir.DenseElementsAttr.get_splat(result_type, value)))]
    # A complex scalar: '#complex.number<:f32 1.000000e+00, 2.000000e+00> : complex<f32>'.
    m = re.match(r"#complex\.number<:\w+ ([^,]+), ([^>]+)>", str(value))
    if m is None:
        raise ctx.error(f"constant_like value {value} is not supported")
    part = ir.RankedTensorType.get(result_type.shape, complex_part_type(result_type.element_type))
    return [make_complex(_float_constant(m.group(1), part), _float_constant(m.group(2), part))]


def _is_scalar_number(attr: ir.Attribute) -> bool:
    return isinstance(attr, (ir.FloatAttr, ir.IntegerAttr, ir.BoolAttr))


def _float_constant(text: str, tensor_type: ir.RankedTensorType) -> V:
    scalar = ir.Attribute.parse(f"{text} : {tensor_type.element_type}")
    return V(hlo.constant(ir.DenseElementsAttr.get_splat(tensor_type, scalar)))


@decomposes("chlo.constant")
def _constant(ctx: RuleContext) -> list[V]:
    # Re-parsed from the op's own text: reading a complex dense attribute through the Python
    # bindings fails, and the printer writes every element exactly (hex where needed).
    text = ctx.op.get_asm(print_generic_op_form=True, large_elements_limit=None)
    text = text[text.index('"chlo.constant"') :].replace('"chlo.constant"', '"stablehlo.constant"', 1)
    new_op = ir.Operation.parse(f"{text} {ctx.op.location}")
    ir.InsertionPoint.current.insert(new_op)
    return [V(new_op.result)]


del _name, _build, _formula
