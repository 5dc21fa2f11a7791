"""The result shapes XLA's HLO parser infers when the text leaves them out (`a = add(x, y)`).

XLA's parser infers shapes for the opcodes of its `CanInferShape`: here the ones whose shape follows from
the operands alone (elementwise ops, tuples and their elements, ids, tokens), in `shape_rules` those that
need attributes or called computations (pad, dot, convolution, reduce, while, call, ...); the rest are
refused with one line asking for the shape, never a guess.
"""

from __future__ import annotations

from hlo_translate.errors import TranslateError
from hlo_translate.hlo.ir import BINARY_ELEMENTWISE, UNARY_ELEMENTWISE, HloInstruction, PrimitiveType, Shape
from hlo_translate.hlo.text.shape_rules import Callee, infer_structured_shape

# Unary ops whose result keeps the operand's shape (XLA's `InferUnaryOpShape`), but for the element type.
_SAME_SHAPE_UNARY = UNARY_ELEMENTWISE - {
    "convert",
    "bitcast-convert",
    "reduce-precision",
    "is-finite",
    "abs",
    "real",
    "imag",
}
_REAL_OF_COMPLEX = {PrimitiveType.C64: PrimitiveType.F32, PrimitiveType.C128: PrimitiveType.F64}
_COMPLEX_OF_REAL = {PrimitiveType.F32: PrimitiveType.C64, PrimitiveType.F64: PrimitiveType.C128}

# Opcodes whose shape XLA's parser can infer (its `CanInferShape`); the others must be written.
INFERABLE = frozenset(
    (UNARY_ELEMENTWISE | BINARY_ELEMENTWISE) - {"convert", "bitcast-convert", "reduce-precision", "stochastic-convert"}
    | {
        "add-dependency",
        "after-all",
        "batch-norm-grad",
        "batch-norm-inference",
        "batch-norm-training",
        "broadcast",
        "call",
        "cholesky",
        "clamp",
        "concatenate",
        "conditional",
        "convolution",
        "copy",
        "opt-barrier",
        "domain",
        "dot",
        "fft",
        "gather",
        "get-dimension-size",
        "set-dimension-size",
        "get-tuple-element",
        "map",
        "pad",
        "partition-id",
        "ragged-dot",
        "reduce",
        "replica-id",
        "reverse",
        "scan",
        "scaled-dot",
        "scatter",
        "select",
        "reduce-window",
        "select-and-scatter",
        "sort",
        "transpose",
        "triangular-solve",
        "tuple",
        "while",
        "topk",
    }
)


def infer_shape(instr: HloInstruction, callee: Callee = lambda name: None) -> Shape:
    """The shape XLA's parser gives `instr` when the text leaves it out; TranslateError where we cannot tell
    (`callee` finds a called computation already read, by name)."""
    op, operands = instr.opcode, instr.operands
    shapes = [o.shape for o in operands]
    if op == "tuple":
        return Shape.tuple_of(shapes)
    if op in ("replica-id", "partition-id"):
        return Shape.array(PrimitiveType.U32, ())
    if op == "after-all":
        return Shape.token()
    if op == "get-tuple-element" and len(shapes) == 1 and shapes[0].is_tuple:
        index = instr.attributes.get("index")
        if isinstance(index, int) and 0 <= index < len(shapes[0].tuple_shapes):
            return shapes[0].tuple_shapes[index]
    if op in ("add-dependency", "copy", "opt-barrier") and shapes:
        return shapes[0]
    if op in ("select", "clamp") and len(shapes) == 3:
        return shapes[1]
    if op == "is-finite" and len(shapes) == 1:
        return _with_element_type(shapes[0], PrimitiveType.PRED)
    if op in ("abs", "real", "imag") and len(shapes) == 1:
        element = shapes[0].element_type
        return _with_element_type(shapes[0], _REAL_OF_COMPLEX.get(element, element))
    if op in _SAME_SHAPE_UNARY and len(shapes) == 1:
        return shapes[0]
    if op == "compare" and len(shapes) == 2:
        return _with_element_type(shapes[0], PrimitiveType.PRED)
    if op == "complex" and len(shapes) == 2 and shapes[0].element_type in _COMPLEX_OF_REAL:
        return _with_element_type(shapes[0], _COMPLEX_OF_REAL[shapes[0].element_type])
    if op in BINARY_ELEMENTWISE and len(shapes) == 2 and shapes[0].without_layouts() == shapes[1].without_layouts():
        return shapes[0]
    structured = infer_structured_shape(instr, callee)
    if structured is not None:
        return structured
    raise TranslateError(f"cannot infer the shape of this '{op}': write its shape before the opcode")


def _with_element_type(shape: Shape, element_type: PrimitiveType) -> Shape:
    return Shape(element_type, shape.dimensions, shape.dynamic, shape.layout)
