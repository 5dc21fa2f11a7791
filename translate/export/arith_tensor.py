"""The `arith` and `tensor` dialect ops other producers (torch-mlir) leave next to StableHLO ops.

Only ops on statically shaped tensors have an HLO meaning. Signless integers are signed in HLO (`i32`
is `s32`), so the unsigned `arith` ops (`divui`, `maxui`, `cmpi ult`, `uitofp`, ...) reinterpret
their operands as the unsigned type of the same width (`bitcast-convert`) and the result back.
`tensor.empty` has undefined contents: it becomes zeros. A plain scalar (`i64`, `f64`, `i1`, `index`,
as torch-mlir writes for a Python number: `tensor.extract` of a 0-d tensor, `arith` on it, a scalar
`@main` result) is the 0-d array of its element type (`index` is `s64`): `tensor.extract` is a slice
and `tensor.from_elements` a concatenation of such arrays. Anything else (dynamic shapes, fast-math-only
ops, other types) is refused with a TranslateError naming the op.
"""

from __future__ import annotations

import numpy as np
from jaxlib.mlir import ir

from hlo_translate.errors import TranslateError
from hlo_translate.export import mlir_attrs as A
from hlo_translate.export.constants import NUMPY_DTYPES, constant_array, literal_of
from hlo_translate.export.context import Builder
from hlo_translate.export.refine import NeedsRefinement
from hlo_translate.export.registry import handles
from hlo_translate.hlo.ir import Enum, HloInstruction, Shape
from hlo_translate.hlo.ir import PrimitiveType as P
from hlo_translate.hlo.literal import Literal

_UNSIGNED = {P.S8: P.U8, P.S16: P.U16, P.S32: P.U32, P.S64: P.U64, P.S4: P.U4, P.S2: P.U2}

# arith op -> (HLO opcode, operands read as unsigned)
_ELEMENTWISE: dict[str, tuple[str, bool]] = {
    "arith.addf": ("add", False),
    "arith.addi": ("add", False),
    "arith.subf": ("subtract", False),
    "arith.subi": ("subtract", False),
    "arith.mulf": ("multiply", False),
    "arith.muli": ("multiply", False),
    "arith.divf": ("divide", False),
    "arith.divsi": ("divide", False),
    "arith.divui": ("divide", True),
    "arith.remf": ("remainder", False),
    "arith.remsi": ("remainder", False),
    "arith.remui": ("remainder", True),
    "arith.maximumf": ("maximum", False),
    "arith.minimumf": ("minimum", False),
    "arith.maxsi": ("maximum", False),
    "arith.minsi": ("minimum", False),
    "arith.maxui": ("maximum", True),
    "arith.minui": ("minimum", True),
    "arith.andi": ("and", False),
    "arith.ori": ("or", False),
    "arith.xori": ("xor", False),
    "arith.shli": ("shift-left", False),
    "arith.shrsi": ("shift-right-arithmetic", False),
    "arith.shrui": ("shift-right-logical", False),
    "arith.negf": ("negate", False),
}
# Casts: each a `convert`, with the operand (or, for fptoui, the result) read as unsigned.
_CASTS: dict[str, str] = {
    "arith.extf": "",
    "arith.truncf": "",
    "arith.sitofp": "",
    "arith.fptosi": "",
    "arith.extsi": "",
    "arith.trunci": "",
    "arith.uitofp": "operand",
    "arith.extui": "operand",
    "arith.fptoui": "result",
    "arith.index_cast": "",
    "arith.index_castui": "operand",
}
# arith.cmpf predicates (by their enum number) that HLO's compare expresses: the ordered ones and `une`
# (HLO's NE is true for unordered operands, the others false).
_CMPF = {1: "EQ", 2: "GT", 3: "GE", 4: "LT", 5: "LE", 13: "NE"}
# The unordered ones (true when an operand is NaN) are the negation of the opposite ordered compare.
_CMPF_NEGATED = {9: "LE", 10: "LT", 11: "GE", 12: "GT"}  # ugt, uge, ult, ule
_CMPF_NAMES = (
    "false",
    "oeq",
    "ogt",
    "oge",
    "olt",
    "ole",
    "one",
    "ord",
    "ueq",
    "ugt",
    "uge",
    "ult",
    "ule",
    "une",
    "uno",
    "true",
)
# arith.cmpi predicates: (direction, unsigned)
_CMPI = {
    0: ("EQ", False),
    1: ("NE", False),
    2: ("LT", False),
    3: ("LE", False),
    4: ("GT", False),
    5: ("GE", False),
    6: ("LT", True),
    7: ("LE", True),
    8: ("GT", True),
    9: ("GE", True),
}


def _tensor_shape(b: Builder, value: ir.Value, op: ir.Operation) -> Shape:
    if not isinstance(value.type, (ir.RankedTensorType, ir.IntegerType, ir.FloatType, ir.IndexType)):
        raise TranslateError(f"only tensor operands and results have an HLO equivalent, not {value.type}", op=op.name)
    shape = b.shape(value)
    if shape.is_dynamic:
        raise NeedsRefinement(
            f"a dynamically shaped {value.type} has no HLO equivalent (refine shapes first)", op=op.name
        )
    return shape


def _unsigned(b: Builder, instr: HloInstruction) -> HloInstruction:
    """`instr` reinterpreted as the unsigned type of its width (signless integers are signed in HLO)."""
    target = _UNSIGNED.get(instr.shape.element_type)
    if target is None:
        return instr
    return b.add("bitcast-convert", Shape(target, instr.shape.dimensions, instr.shape.dynamic), [instr])


def _bitcast_to(b: Builder, instr: HloInstruction, shape: Shape) -> HloInstruction:
    return instr if instr.shape.element_type == shape.element_type else b.add("bitcast-convert", shape, [instr])


def _unsigned_shape(shape: Shape) -> Shape:
    return Shape(_UNSIGNED.get(shape.element_type, shape.element_type), shape.dimensions, shape.dynamic)


@handles("arith.constant")
def _constant(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    shape = _tensor_shape(b, op.results[0], op)
    if isinstance(op.results[0].type, ir.RankedTensorType):
        return [b.constant(literal_of(constant_array(b, op, shape), shape), shape)]
    return [b.constant(literal_of(_scalar_value(op, shape), shape), shape)]


def _scalar_value(op: ir.Operation, shape: Shape) -> np.ndarray:
    """A plain scalar constant (`arith.constant 2.0 : f64`, `true`, `3 : index`) as a 0-d array."""
    attr = op.attributes["value"]
    dtype = NUMPY_DTYPES.get(shape.element_type)
    if dtype is None:
        raise TranslateError(f"constants of type {shape.element_type.text} are not supported", op=op.name)
    if isinstance(attr, ir.BoolAttr):
        return np.array(attr.value)
    if isinstance(attr, ir.FloatAttr):
        return np.array(attr.value).astype(dtype)
    if isinstance(attr, ir.IntegerAttr):
        value = attr.value
        if shape.element_type == P.PRED:  # `true` reads back as -1 (a sign-extended i1) or 1
            return np.array(value != 0)
        # wrap to the width: a signless constant may be written as its unsigned value
        bits = 8 * np.dtype(dtype).itemsize
        return np.array(value % (1 << bits)).astype(np.dtype(f"u{bits // 8}")).view(dtype).reshape(())
    raise TranslateError(f"unsupported constant value {attr}", op=op.name)


def _elementwise(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    opcode, unsigned = _ELEMENTWISE[op.name]
    shape = _tensor_shape(b, op.results[0], op)
    operands = b.operands(op)
    if not unsigned:
        return [b.add(opcode, shape, operands)]
    result = b.add(opcode, _unsigned_shape(shape), [_unsigned(b, x) for x in operands])
    return [_bitcast_to(b, result, shape)]


for _name in _ELEMENTWISE:
    handles(_name)(_elementwise)


def _cast(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    shape = _tensor_shape(b, op.results[0], op)
    (x,) = b.operands(op)
    unsigned = _CASTS[op.name]
    if unsigned == "operand":
        x = _unsigned(b, x)
    if unsigned == "result":
        return [_bitcast_to(b, b.add("convert", _unsigned_shape(shape), [x]), shape)]
    return [b.add("convert", shape, [x])]


for _name in _CASTS:
    handles(_name)(_cast)


@handles("arith.bitcast")
def _bitcast(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    shape = _tensor_shape(b, op.results[0], op)
    return [b.add("bitcast-convert", shape, b.operands(op))]


@handles("arith.cmpf", "arith.cmpi")
def _compare(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    shape = _tensor_shape(b, op.results[0], op)
    predicate = A.integer(op.attributes["predicate"])
    lhs, rhs = b.operands(op)
    if op.name == "arith.cmpf":
        return [_compare_floats(b, shape, predicate, lhs, rhs)]
    if predicate not in _CMPI:
        raise TranslateError(f"unknown predicate {predicate}")
    direction, unsigned = _CMPI[predicate]
    if unsigned:
        lhs, rhs = _unsigned(b, lhs), _unsigned(b, rhs)
    return [b.add("compare", shape, [lhs, rhs], {"direction": Enum(direction)})]


def _compare_floats(
    b: Builder, shape: Shape, predicate: int, lhs: HloInstruction, rhs: HloInstruction
) -> HloInstruction:
    """arith.cmpf: one HLO compare, or compares combined with `not`/`and`/`or` for the predicates HLO
    has no direction for (`one`, `ord`, `ueq`, `uno`, the `u*` orderings, `true`, `false`)."""

    def compare(x: HloInstruction, y: HloInstruction, direction: str) -> HloInstruction:
        return b.add("compare", shape, [x, y], {"direction": Enum(direction)})

    if predicate in _CMPF:
        return compare(lhs, rhs, _CMPF[predicate])
    if predicate in _CMPF_NEGATED:
        return b.add("not", shape, [compare(lhs, rhs, _CMPF_NEGATED[predicate])])
    if predicate in (0, 15):  # false, true
        scalar = b.constant(Literal.scalar(P.PRED, predicate == 15), Shape(P.PRED, ()))
        return b.add("broadcast", shape, [scalar], {"dimensions": ()})
    if predicate in (6, 8):  # one: ordered and unequal; ueq: its negation
        unequal = b.add("or", shape, [compare(lhs, rhs, "LT"), compare(lhs, rhs, "GT")])
        return unequal if predicate == 6 else b.add("not", shape, [unequal])
    if predicate in (7, 14):  # ord: neither is NaN; uno: either is
        ordered = b.add("and", shape, [compare(lhs, lhs, "EQ"), compare(rhs, rhs, "EQ")])
        return ordered if predicate == 7 else b.add("not", shape, [ordered])
    raise TranslateError(f"unknown predicate {predicate}")


@handles("arith.select")
def _select(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    shape = _tensor_shape(b, op.results[0], op)
    condition, on_true, on_false = b.operands(op)
    if condition.shape.dimensions != shape.dimensions:  # a scalar `i1` choosing between whole tensors
        condition = b.add("broadcast", Shape(P.PRED, shape.dimensions), [condition], {"dimensions": ()})
    return [b.add("select", shape, [condition, on_true, on_false])]


@handles("tensor.empty")
def _empty(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    """Undefined contents: zeros (a broadcast scalar, as XLA writes a splat)."""
    shape = _tensor_shape(b, op.results[0], op)
    if len(op.operands):
        raise NeedsRefinement("dynamic sizes have no HLO equivalent (refine shapes first)")
    scalar = Shape(shape.element_type, ())
    zero = b.constant(Literal.scalar(scalar.element_type, 0), scalar)
    return [b.add("broadcast", shape, [zero], {"dimensions": ()})]


@handles("tensor.cast")
def _cast_shape(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    """Static to static: the same value. A bounded value cast to an unbounded type, or any value cast to an
    unranked one (what a function's result type may say), is the same value too, its HLO shape unchanged (as
    XLA's converter keeps it); a static value cast to a dynamic type is refused like any dynamic shape."""
    source = b.value(op.operands[0])
    if not source.shape.is_dynamic and isinstance(op.results[0].type, ir.RankedTensorType):
        _tensor_shape(b, op.results[0], op)
    return [source]


@handles("tensor.expand_shape", "tensor.collapse_shape", "tensor.reshape")
def _reshape(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    shape = _tensor_shape(b, op.results[0], op)
    source = b.value(op.operands[0])
    _tensor_shape(b, op.operands[0], op)
    return [b.add("reshape", shape, [source])]


@handles("tensor.extract")
def _extract(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    """One element of a static tensor as a 0-d array: the tensor itself when it is 0-d, else a
    `dynamic-slice` of size 1 at the (`index`, so `s64`) positions, reshaped to `[]`."""
    shape = _tensor_shape(b, op.results[0], op)
    source_shape = _tensor_shape(b, op.operands[0], op)
    source, *indices = b.operands(op)
    if not indices:
        return [source]
    if len(indices) != len(source_shape.dimensions):
        raise TranslateError(f"{len(indices)} indices for a rank-{len(source_shape.dimensions)} tensor", op=op.name)
    ones = (1,) * len(indices)
    sliced = b.add("dynamic-slice", Shape(shape.element_type, ones), [source, *indices], {"dynamic_slice_sizes": ones})
    return [b.add("reshape", shape, [sliced])]


@handles("tensor.from_elements")
def _from_elements(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    """A static tensor of scalars (0-d arrays), in row-major order: each reshaped to `[1]`, concatenated,
    reshaped to the result's dimensions."""
    shape = _tensor_shape(b, op.results[0], op)
    elements = b.operands(op)
    if len(elements) == 1:
        return [b.add("reshape", shape, elements)]
    one = Shape(shape.element_type, (1,))
    flat = b.add(
        "concatenate",
        Shape(shape.element_type, (len(elements),)),
        [b.add("reshape", one, [e]) for e in elements],
        {"dimensions": (0,)},
    )
    return [b.add("reshape", shape, [flat])]
