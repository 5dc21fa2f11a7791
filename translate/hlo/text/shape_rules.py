"""XLA's shape inference for the opcodes whose result follows from attributes or called computations (pad,
dot, convolution, reduce, while, call, ...), as XLA's parser applies it to `w = pad(x, c), padding=1_1`.

A result XLA builds afresh (`ShapeUtil::MakeShape`) has the default layout (None here, printed without one);
a result taken from an operand or a called computation keeps that shape's layout; a transpose permutes its
operand's layout. Each rule returns None where the instruction is malformed: the caller then asks for the
shape in one line (XLA's parser fails there too).

    >>> # `pad(f32[2,3] p, f32[] c), padding=1_1x0_0` -> f32[4,3]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from hlo_translate.hlo.ir import (
    ComputationRef,
    ConvDimLabels,
    HloComputation,
    HloInstruction,
    Layout,
    PaddingConfig,
    PrimitiveType,
    Shape,
    Window,
    WindowDim,
)
from hlo_translate.hlo.ir.shapes import FLOAT_TYPES, default_layout

# Looks a computation up by name among those already read (XLA's parser needs callees defined first).
Callee = Callable[[str], HloComputation | None]
_Rule = Callable[[HloInstruction, list[Shape], Callee], Shape | None]
_RULES: dict[str, _Rule] = {}

# XLA's `primitive_util::OverflowExponent` and `SignificandWidth` of the float types, for the element
# type a dot or convolution of two element types gives (`HigherPrecisionType`).
_FLOAT_RANGE: dict[PrimitiveType, tuple[int, int]] = {
    PrimitiveType.F16: (16, 11),
    PrimitiveType.BF16: (128, 8),
    PrimitiveType.F32: (128, 24),
    PrimitiveType.F64: (1024, 53),
    PrimitiveType.F8E5M2: (16, 3),
    PrimitiveType.F8E4M3FN: (9, 4),
    PrimitiveType.F8E4M3B11FNUZ: (5, 4),
    PrimitiveType.F8E5M2FNUZ: (16, 3),
    PrimitiveType.F8E4M3FNUZ: (8, 4),
    PrimitiveType.F8E4M3: (8, 4),
    PrimitiveType.F8E3M4: (4, 5),
    PrimitiveType.F4E2M1FN: (3, 2),
    PrimitiveType.F8E8M0FNU: (128, 1),
    PrimitiveType.F6E3M2FN: (5, 3),
    PrimitiveType.F6E2M3FN: (3, 4),
}
_COMPONENT = {PrimitiveType.C64: PrimitiveType.F32, PrimitiveType.C128: PrimitiveType.F64}


def infer_structured_shape(instr: HloInstruction, callee: Callee) -> Shape | None:
    """The shape XLA's parser infers for `instr` (an opcode of `_RULES`), or None."""
    rule = _RULES.get(instr.opcode)
    if rule is None:
        return None
    try:
        return rule(instr, [o.shape for o in instr.operands], callee)
    except (IndexError, KeyError, TypeError, ValueError, ZeroDivisionError):
        return None  # malformed attributes or operands: the caller refuses in one line


def _rule(*opcodes: str) -> Callable[[_Rule], _Rule]:
    def register(fn: _Rule) -> _Rule:
        for opcode in opcodes:
            _RULES[opcode] = fn
        return fn

    return register


def higher_precision_type(a: PrimitiveType, b: PrimitiveType) -> PrimitiveType:
    """XLA's `HigherPrecisionType`: complex over real, then float range, precision, width, signedness."""

    def key(t: PrimitiveType) -> tuple[bool, int, int, int, bool]:
        c = _COMPONENT.get(t, t)
        exponent, significand = _FLOAT_RANGE.get(c, (-1, -1)) if c in FLOAT_TYPES else (-1, -1)
        return (t in _COMPONENT, exponent, significand, c.bit_width, c.is_signed_int)

    return a if key(a) >= key(b) else b


def _array(element_type: PrimitiveType, dims: Sequence[int], dynamic: Sequence[bool]) -> Shape:
    return Shape(element_type, tuple(dims), tuple(dynamic), None)


def _called(instr: HloInstruction, key: str, callee: Callee) -> HloComputation:
    ref = instr.attributes[key]
    comp = callee(ref.name) if isinstance(ref, ComputationRef) else ref
    if not isinstance(comp, HloComputation) or comp.root is None:
        raise KeyError(key)
    return comp


def _dynamic(shape: Shape) -> tuple[bool, ...]:
    return shape.dynamic or (False,) * shape.rank


@_rule("while")
def _while(instr: HloInstruction, shapes: list[Shape], callee: Callee) -> Shape | None:
    return shapes[0] if len(shapes) == 1 else None


@_rule("call")
def _call(instr: HloInstruction, shapes: list[Shape], callee: Callee) -> Shape | None:
    root = _called(instr, "to_apply", callee).root
    return root.shape if root is not None else None


@_rule("conditional")
def _conditional(instr: HloInstruction, shapes: list[Shape], callee: Callee) -> Shape | None:
    key = "true_computation" if shapes[0].element_type == PrimitiveType.PRED else None
    if key is not None:
        branches = [_called(instr, "true_computation", callee), _called(instr, "false_computation", callee)]
    else:
        refs = instr.attributes["branch_computations"]
        branches = [callee(r.name) if isinstance(r, ComputationRef) else r for r in refs]
    roots = [b.root.shape for b in branches if isinstance(b, HloComputation) and b.root is not None]
    if not roots or len(roots) != len(branches):
        return None
    return _with_dynamic_of(roots[0], roots[1:])


def _with_dynamic_of(result: Shape, others: list[Shape]) -> Shape:
    """`result` with every dimension dynamic that is dynamic in one of `others` (a conditional's branches)."""
    if result.is_tuple:
        return Shape.tuple_of(
            [
                _with_dynamic_of(s, [o.tuple_shapes[i] for o in others if o.is_tuple])
                for i, s in enumerate(result.tuple_shapes)
            ]
        )
    if not result.is_array or not any(o.is_dynamic for o in others):
        return result
    dynamic = [
        d or any(o.rank == result.rank and _dynamic(o)[i] for o in others) for i, d in enumerate(_dynamic(result))
    ]
    return Shape(result.element_type, result.dimensions, tuple(dynamic), result.layout)


@_rule("pad")
def _pad(instr: HloInstruction, shapes: list[Shape], callee: Callee) -> Shape | None:
    operand, value = shapes
    config = instr.attributes["padding"]
    if not isinstance(config, PaddingConfig) or len(config.dimensions) != operand.rank:
        return None
    dims = [
        size + p.edge_padding_low + p.edge_padding_high + max(size - 1, 0) * p.interior_padding
        for size, p in zip(operand.dimensions, config.dimensions)
    ]
    element = higher_precision_type(operand.element_type, value.element_type)
    return _array(element, dims, _dynamic(operand))


@_rule("transpose")
def _transpose(instr: HloInstruction, shapes: list[Shape], callee: Callee) -> Shape | None:
    (operand,) = shapes
    perm = tuple(instr.attributes["dimensions"])
    if sorted(perm) != list(range(operand.rank)):
        return None
    dims = [operand.dimensions[p] for p in perm]
    dynamic = [_dynamic(operand)[p] for p in perm]
    layout: Layout | None = None
    source = operand.layout if operand.layout is not None else default_layout(operand.rank)
    inverse = {p: i for i, p in enumerate(perm)}
    permuted = Layout(tuple(inverse[d] for d in source.minor_to_major))
    if operand.layout is not None or permuted != default_layout(operand.rank):
        layout = replace(source, minor_to_major=permuted.minor_to_major)
    return Shape(operand.element_type, tuple(dims), tuple(dynamic), layout)


@_rule("dot")
def _dot(instr: HloInstruction, shapes: list[Shape], callee: Callee) -> Shape | None:
    lhs, rhs = shapes[0], shapes[1]
    a = instr.attributes
    lhs_batch, rhs_batch = tuple(a.get("lhs_batch_dims", ())), tuple(a.get("rhs_batch_dims", ()))
    lhs_contract, rhs_contract = tuple(a.get("lhs_contracting_dims", ())), tuple(a.get("rhs_contracting_dims", ()))
    dims: list[int] = []
    dynamic: list[bool] = []
    for d in lhs_batch:
        dims.append(lhs.dimensions[d])
        dynamic.append(_dynamic(lhs)[d])
    for shape, skip in ((lhs, lhs_batch + lhs_contract), (rhs, rhs_batch + rhs_contract)):
        for d in range(shape.rank):
            if d not in skip:
                dims.append(shape.dimensions[d])
                dynamic.append(_dynamic(shape)[d])
    return _array(higher_precision_type(lhs.element_type, rhs.element_type), dims, dynamic)


@_rule("concatenate")
def _concatenate(instr: HloInstruction, shapes: list[Shape], callee: Callee) -> Shape | None:
    (dimension,) = instr.attributes["dimensions"]
    first = shapes[0]
    element = first.element_type
    for s in shapes[1:]:
        if s.rank != first.rank:
            return None
        element = higher_precision_type(s.element_type, element)
    dims = list(first.dimensions)
    dims[dimension] = sum(s.dimensions[dimension] for s in shapes)
    dynamic = [any(_dynamic(s)[i] for s in shapes) for i in range(first.rank)]
    return _array(element, dims, dynamic)


@_rule("reduce")
def _reduce(instr: HloInstruction, shapes: list[Shape], callee: Callee) -> Shape | None:
    if not shapes or len(shapes) % 2:
        return None
    arg = shapes[0]
    reduced = set(instr.attributes["dimensions"])
    dims = [d for i, d in enumerate(arg.dimensions) if i not in reduced]
    dynamic = [d for i, d in enumerate(_dynamic(arg)) if i not in reduced]
    root = _called(instr, "to_apply", callee).root
    assert root is not None
    if not root.shape.is_tuple:
        return _array(root.shape.element_type, dims, dynamic)
    return Shape.tuple_of([_array(s.element_type, dims, dynamic) for s in root.shape.tuple_shapes])


def _window_output(base: Sequence[int], dynamic: Sequence[bool], window: Window) -> tuple[list[int], list[bool]]:
    """XLA's `InferWindowOutputShape`: each dimension after dilation, padding and striding."""
    if len(window.dimensions) != len(base):
        raise ValueError("window rank")
    dims = []
    for size, w in zip(base, window.dimensions):
        if w.size <= 0 or w.stride <= 0 or w.base_dilation < 1 or w.window_dilation < 1:
            raise ValueError("window")
        dilated_base = 0 if size == 0 else (size - 1) * w.base_dilation + 1
        padded = w.padding_low + dilated_base + w.padding_high
        dilated_window = (w.size - 1) * w.window_dilation + 1
        dims.append(0 if dilated_window > padded else (padded - dilated_window) // w.stride + 1)
    return dims, list(dynamic)


def _window(instr: HloInstruction, rank: int) -> Window:
    window = instr.attributes.get("window")
    return window if isinstance(window, Window) else Window((WindowDim(),) * rank)


@_rule("reduce-window")
def _reduce_window(instr: HloInstruction, shapes: list[Shape], callee: Callee) -> Shape | None:
    # XLA's parser infers from the first operand and init value alone, even for a variadic reduce-window
    operand, init = shapes[0], shapes[1]
    dims, dynamic = _window_output(operand.dimensions, _dynamic(operand), _window(instr, operand.rank))
    return _array(init.element_type, dims, dynamic)


@_rule("convolution")
def _convolution(instr: HloInstruction, shapes: list[Shape], callee: Callee) -> Shape | None:
    lhs, rhs = shapes[0], shapes[1]
    labels = instr.attributes["dim_labels"]
    if not isinstance(labels, ConvDimLabels) or rhs.is_tuple:
        return None
    batch_groups = instr.attributes.get("batch_group_count", 1)
    spatial = [lhs.dimensions[d] for d in labels.input_spatial_dimensions]
    window_dims, _ = _window_output(spatial, [False] * len(spatial), _window(instr, len(spatial)))
    dims = [0] * lhs.rank
    dims[labels.output_batch_dimension] = lhs.dimensions[labels.input_batch_dimension] // batch_groups
    dims[labels.output_feature_dimension] = rhs.dimensions[labels.kernel_output_feature_dimension]
    for out, size in zip(labels.output_spatial_dimensions, window_dims):
        dims[out] = size
    dynamic = [False] * lhs.rank
    for i, is_dynamic in enumerate(_dynamic(lhs)):
        if is_dynamic and i == labels.input_batch_dimension:
            dynamic[labels.output_batch_dimension] = True
        elif is_dynamic and i in labels.input_spatial_dimensions:
            dynamic[labels.output_spatial_dimensions[labels.input_spatial_dimensions.index(i)]] = True
    for i, is_dynamic in enumerate(_dynamic(rhs)):
        if is_dynamic and i in labels.kernel_spatial_dimensions:
            dynamic[labels.output_spatial_dimensions[labels.kernel_spatial_dimensions.index(i)]] = True
    return _array(higher_precision_type(lhs.element_type, rhs.element_type), dims, dynamic)


@_rule("sort")
def _sort(instr: HloInstruction, shapes: list[Shape], callee: Callee) -> Shape | None:
    return shapes[0] if len(shapes) == 1 else Shape.tuple_of(shapes)


@_rule("reverse", "domain")
def _same_as_operand(instr: HloInstruction, shapes: list[Shape], callee: Callee) -> Shape | None:
    return shapes[0] if len(shapes) == 1 else None


@_rule("broadcast")
def _broadcast(instr: HloInstruction, shapes: list[Shape], callee: Callee) -> Shape | None:
    # XLA's parser infers with the sizes form: `dimensions` are new leading sizes, the operand's follow
    (operand,) = shapes
    sizes = tuple(instr.attributes.get("dimensions", ()))
    if any(s < 0 for s in sizes):
        return None
    return _array(operand.element_type, sizes + operand.dimensions, (False,) * len(sizes) + _dynamic(operand))


@_rule("map")
def _map(instr: HloInstruction, shapes: list[Shape], callee: Callee) -> Shape | None:
    root = _called(instr, "to_apply", callee).root
    assert root is not None
    return _array(root.shape.element_type, shapes[0].dimensions, _dynamic(shapes[0]))


@_rule("get-dimension-size")
def _get_dimension_size(instr: HloInstruction, shapes: list[Shape], callee: Callee) -> Shape | None:
    return Shape.array(PrimitiveType.S32, ())


@_rule("set-dimension-size")
def _set_dimension_size(instr: HloInstruction, shapes: list[Shape], callee: Callee) -> Shape | None:
    operand = shapes[0]
    (dimension,) = instr.attributes["dimensions"]
    dynamic = list(_dynamic(operand))
    dynamic[dimension] = True
    return Shape(operand.element_type, operand.dimensions, tuple(dynamic), operand.layout)


@_rule("cholesky")
def _cholesky(instr: HloInstruction, shapes: list[Shape], callee: Callee) -> Shape | None:
    return shapes[0] if len(shapes) == 1 and shapes[0].rank >= 2 else None


@_rule("triangular-solve")
def _triangular_solve(instr: HloInstruction, shapes: list[Shape], callee: Callee) -> Shape | None:
    return shapes[1] if len(shapes) == 2 else None


@_rule("batch-norm-inference", "select-and-scatter")
def _first_operand(instr: HloInstruction, shapes: list[Shape], callee: Callee) -> Shape | None:
    return shapes[0]


@_rule("batch-norm-training", "batch-norm-grad")
def _batch_norm(instr: HloInstruction, shapes: list[Shape], callee: Callee) -> Shape | None:
    operand = shapes[0]
    feature = instr.attributes["feature_index"]
    per_feature = _array(operand.element_type, [operand.dimensions[feature]], [_dynamic(operand)[feature]])
    return Shape.tuple_of([operand, per_feature, per_feature])


@_rule("topk")
def _topk(instr: HloInstruction, shapes: list[Shape], callee: Callee) -> Shape | None:
    (operand,) = shapes
    k = instr.attributes["k"]
    dims = list(operand.dimensions)
    dims[-1] = k
    dynamic = list(_dynamic(operand))
    dynamic[-1] = False
    return Shape.tuple_of([_array(operand.element_type, dims, dynamic), _array(PrimitiveType.S32, dims, dynamic)])


@_rule("scatter")
def _scatter(instr: HloInstruction, shapes: list[Shape], callee: Callee) -> Shape | None:
    count = (len(shapes) - 1) // 2  # operands..., indices, updates...
    return shapes[0] if count == 1 else Shape.tuple_of(shapes[:count])


_REAL_OF = {PrimitiveType.C64: PrimitiveType.F32, PrimitiveType.C128: PrimitiveType.F64}
_COMPLEX_OF = {real: complex_ for complex_, real in _REAL_OF.items()}


@_rule("fft")
def _fft(instr: HloInstruction, shapes: list[Shape], callee: Callee) -> Shape | None:
    (operand,) = shapes
    kind = instr.attributes["fft_type"].name
    length = tuple(instr.attributes["fft_length"])
    if kind in ("FFT", "IFFT"):
        return operand
    dims = list(operand.dimensions)
    if kind == "RFFT":
        element = _COMPLEX_OF[operand.element_type]
        if length[-1] != 0:
            dims[-1] = length[-1] // 2 + 1
    elif kind == "IRFFT":
        element = _REAL_OF[operand.element_type]
        dims[-1] = length[-1]
    else:
        return None
    return Shape(element, tuple(dims), _dynamic(operand), operand.layout)


@_rule("scan")
def _scan(instr: HloInstruction, shapes: list[Shape], callee: Callee) -> Shape | None:
    (scan_dim,) = instr.attributes["dimensions"]
    carries = instr.attributes["num_carries"]
    if len(shapes) <= carries:
        return None
    size = shapes[0].dimensions[scan_dim]
    root = _called(instr, "to_apply", callee).root
    assert root is not None

    def stacked(shape: Shape) -> Shape | None:
        # XLA inserts the scanned dimension, static; a layout it would rework we leave to the text
        if shape.layout is not None or not shape.is_array:
            return None
        dims = (*shape.dimensions[:scan_dim], size, *shape.dimensions[scan_dim:])
        return Shape.array(shape.element_type, dims)

    if not root.shape.is_tuple:
        return root.shape if carries else stacked(root.shape)
    elements = root.shape.tuple_shapes
    result = [stacked(s) if i + carries < len(elements) else s for i, s in enumerate(elements)]
    return None if None in result else Shape.tuple_of([s for s in result if s is not None])
