"""Rules of the remaining opcodes with a shape to infer: fft, custom-call, device ids, rng, infeed/outfeed,
rng-bit-generator, topk, cholesky, triangular-solve, batch norms."""

from __future__ import annotations

from hlo_translate.errors import TranslateError
from hlo_translate.hlo.ir import HloInstruction, OutputOperandAlias, PrimitiveType, RawAttr, Shape, shape_problem
from hlo_translate.hlo.text import parse_shape, split_top_level
from hlo_translate.hlo.verify.core import (
    VerifyContext,
    array,
    check_enum,
    expect_shape,
    fail,
    rule,
    same_shape,
    subshape,
    text,
    with_dims,
)

_COMPLEX_OF = {PrimitiveType.F32: PrimitiveType.C64, PrimitiveType.F64: PrimitiveType.C128}
_REAL_OF = {c: r for r, c in _COMPLEX_OF.items()}


@rule("fft")
def fft(instr: HloInstruction, ctx: VerifyContext) -> None:
    operand = array(instr, 0)
    kind = instr.attributes["fft_type"].name
    if kind not in ("FFT", "IFFT", "RFFT", "IRFFT"):
        raise fail(instr, "attribute", f"unknown fft_type {kind}")
    lengths = list(instr.attributes["fft_length"])
    problem = fft_problem(kind, operand, lengths)
    if problem is not None:
        raise fail(instr, "attribute" if problem.startswith("fft_length") else "shape", problem)
    dims = list(operand.dimensions)
    if kind in ("FFT", "IFFT"):
        expect_shape(instr, operand)
    elif kind == "RFFT":
        if lengths[-1] != 0:  # XLA keeps a zero-sized dimension as it is
            dims[-1] = lengths[-1] // 2 + 1
        expect_shape(instr, with_dims(_COMPLEX_OF[operand.element_type], dims))
    else:
        dims[-1] = lengths[-1]
        expect_shape(instr, with_dims(_REAL_OF[operand.element_type], dims))


def fft_problem(kind: str, operand: Shape, lengths: list[int]) -> str | None:
    """What XLA's shape inference refuses in an FFT of `operand` (None: nothing). Only RFFT and IRFFT tie the
    innermost dimensions to fft_length; an FFT or IFFT takes any complex operand of rank >= len(fft_length)."""
    n = len(lengths)
    if not 1 <= n <= 3 or operand.rank < n:
        return f"fft_length {lengths} does not fit {text(operand)}"
    inner = list(operand.dimensions[operand.rank - n :])
    if kind in ("FFT", "IFFT", "IRFFT") and not operand.element_type.is_complex:
        return f"{kind} of {text(operand)} needs a complex operand"
    if kind == "RFFT" and (operand.element_type not in _COMPLEX_OF or inner != lengths):
        return f"RFFT of {text(operand)} needs real innermost dimensions {lengths}"
    if kind == "IRFFT":
        last = lengths[-1] // 2 + 1
        if operand.element_type not in _REAL_OF or inner[:-1] != lengths[:-1]:
            return f"IRFFT of {text(operand)} does not match fft_length {lengths}"
        if (inner[-1] != 0 or lengths[-1] != 0) and inner[-1] != last:
            return f"IRFFT of {text(operand)} needs an innermost dimension of {last} for fft_length {lengths}"
    return None


# The spellings XLA's parser accepts for these custom-call enums (`API_VERSION_UNSPECIFIED` it refuses).
_API_VERSIONS = frozenset(
    {
        "API_VERSION_ORIGINAL",
        "API_VERSION_STATUS_RETURNING",
        "API_VERSION_STATUS_RETURNING_UNIFIED",
        "API_VERSION_TYPED_FFI",
    }
)
_SCHEDULES = frozenset({"SCHEDULE_NONE", "SCHEDULE_LATEST", "SCHEDULE_EARLIEST"})


@rule("custom-call")
def custom_call(instr: HloInstruction, ctx: VerifyContext) -> None:
    a = instr.attributes
    for key, allowed in (("api_version", _API_VERSIONS), ("schedule", _SCHEDULES)):
        value = a.get(key)
        if value is not None and getattr(value, "name", None) not in allowed:
            raise fail(instr, "attribute", f"unknown custom-call {key} {getattr(value, 'name', value)}")
    constraints = a.get("operand_layout_constraints")
    if isinstance(constraints, RawAttr):
        _layout_constraints(instr, constraints)
    aliasing = a.get("output_to_operand_aliasing")
    if aliasing:
        _aliasing(instr, aliasing)


def _layout_constraints(instr: HloInstruction, constraints: RawAttr) -> None:
    """One constraint per operand, each the operand's shape (a layout aside)."""
    inner = constraints.text.strip()
    inner = inner[1:-1] if inner.startswith("{") and inner.endswith("}") else inner
    items = split_top_level(inner) if inner.strip() else []
    if len(items) != len(instr.operands):
        raise fail(instr, "attribute", f"{len(items)} operand layout constraints for {len(instr.operands)} operands")
    for i, (item, operand) in enumerate(zip(items, instr.operands)):
        try:
            shape = parse_shape(item.strip())
        except TranslateError:
            raise fail(instr, "attribute", f"operand layout constraint {i} '{item.strip()}' is not a shape") from None
        if not same_shape(shape, operand.shape):
            raise fail(
                instr,
                "attribute",
                f"operand layout constraint {text(shape)} is not operand {i}'s shape {text(operand.shape)}",
            )
        problem = shape_problem(shape)
        if problem:
            raise fail(instr, "attribute", f"operand layout constraint {i}: {problem}")


def _aliasing(instr: HloInstruction, aliasing: tuple[OutputOperandAlias, ...]) -> None:
    """Each alias names an output part and an operand part that exist and have one shape."""
    for alias in aliasing:
        if not 0 <= alias.operand_number < len(instr.operands):
            raise fail(
                instr,
                "attribute",
                f"output_to_operand_aliasing names operand {alias.operand_number} of {len(instr.operands)}",
            )
        output = subshape(instr.shape, alias.output_index)
        operand = subshape(instr.operands[alias.operand_number].shape, alias.operand_index)
        if output is None or operand is None:
            raise fail(
                instr,
                "attribute",
                f"output_to_operand_aliasing index {list(alias.output_index)} or "
                f"{list(alias.operand_index)} is out of range",
            )
        if instr.attributes.get("custom_call_target") in _BUFFER_BOUNDARIES:
            # a Pin or Unpin moves a value into a buffer or out of it: XLA compares the two ignoring the buffer
            output, operand = _unbuffered(output), _unbuffered(operand)
        if not same_shape(output, operand):
            raise fail(
                instr,
                "attribute",
                f"output_to_operand_aliasing pairs output {text(output)} with operand {text(operand)}",
            )


_BUFFER_BOUNDARIES = frozenset({"Pin", "Unpin"})


def _unbuffered(shape: Shape) -> Shape:
    return shape.tuple_shapes[0] if shape.element_type == PrimitiveType.BUFFER else shape


_U32_SCALAR = with_dims(PrimitiveType.U32, ())


@rule("replica-id", "partition-id")
def device_id(instr: HloInstruction, ctx: VerifyContext) -> None:
    expect_shape(instr, _U32_SCALAR)


@rule("rng")
def rng(instr: HloInstruction, ctx: VerifyContext) -> None:
    """The distribution's parameters are scalars of the result's element type."""
    check_enum(instr, "distribution", frozenset({"RNG_UNIFORM", "RNG_NORMAL"}), any_case=True)
    for i in range(len(instr.operands)):
        shape = array(instr, i)
        if shape.rank or shape.element_type != instr.shape.element_type:
            raise fail(
                instr,
                "operand",
                f"rng parameter {i} must be a {instr.shape.element_type.text} scalar, not {text(shape)}",
            )


_RNG_STATE = with_dims(PrimitiveType.U64, (2,))


@rule("rng-get-and-update-state")
def rng_get_and_update_state(instr: HloInstruction, ctx: VerifyContext) -> None:
    expect_shape(instr, _RNG_STATE)


def _token_operand(instr: HloInstruction, index: int) -> None:
    if instr.operands[index].shape.element_type != PrimitiveType.TOKEN:
        raise fail(
            instr,
            "operand",
            f"{instr.opcode}'s operand {index} must be a token, not {text(instr.operands[index].shape)}",
        )


@rule("infeed")
def infeed(instr: HloInstruction, ctx: VerifyContext) -> None:
    _token_operand(instr, 0)
    shape = instr.shape
    if not shape.is_tuple or len(shape.tuple_shapes) != 2 or shape.tuple_shapes[1].element_type != PrimitiveType.TOKEN:
        raise fail(instr, "shape", f"infeed has shape (data, token[]), not {text(shape)}")


@rule("outfeed")
def outfeed(instr: HloInstruction, ctx: VerifyContext) -> None:
    _token_operand(instr, 1)
    expect_shape(instr, Shape.token())


@rule("rng-bit-generator")
def rng_bit_generator(instr: HloInstruction, ctx: VerifyContext) -> None:
    check_enum(instr, "algorithm", frozenset({"RNG_DEFAULT", "RNG_THREE_FRY", "RNG_PHILOX"}), any_case=True)
    shape, state = instr.shape, instr.operands[0].shape
    if not shape.is_tuple or len(shape.tuple_shapes) != 2 or not same_shape(shape.tuple_shapes[0], state):
        raise fail(
            instr, "shape", f"rng-bit-generator of state {text(state)} has shape (state, values), not {text(shape)}"
        )


@rule("topk")
def topk(instr: HloInstruction, ctx: VerifyContext) -> None:
    operand = array(instr, 0)
    k = instr.attributes["k"]
    if operand.rank == 0 or not 0 <= k <= operand.dimensions[-1]:
        raise fail(instr, "attribute", f"k={k} does not fit {text(operand)}")
    dims = [*operand.dimensions[:-1], k]
    expect_shape(instr, Shape.tuple_of([with_dims(operand.element_type, dims), with_dims(PrimitiveType.S32, dims)]))


@rule("domain")
def same_as_operand(instr: HloInstruction, ctx: VerifyContext) -> None:
    expect_shape(instr, instr.operands[0].shape)


def _square_matrices(instr: HloInstruction, index: int) -> Shape:
    """Operand `index` is a batch of square floating-point or complex matrices."""
    shape = array(instr, index)
    element = shape.element_type
    if shape.rank < 2 or shape.dimensions[-1] != shape.dimensions[-2] or not (element.is_float or element.is_complex):
        raise fail(instr, "shape", f"{instr.opcode} needs square floating-point or complex matrices, not {text(shape)}")
    return shape


@rule("cholesky")
def cholesky(instr: HloInstruction, ctx: VerifyContext) -> None:
    expect_shape(instr, _square_matrices(instr, 0))


_TRANSPOSES = frozenset({"NO_TRANSPOSE", "TRANSPOSE", "ADJOINT"})


@rule("triangular-solve")
def triangular_solve(instr: HloInstruction, ctx: VerifyContext) -> None:
    """a (square) solves against b: b's rows (left side) or columns match a's size, the batches agree; the
    transpose is one XLA knows (its parser crashes on an unknown word, its importer refuses TRANSPOSE_INVALID)."""
    check_enum(instr, "transpose_a", _TRANSPOSES)
    a, b = _square_matrices(instr, 0), array(instr, 1)
    shared = b.dimensions[-2 if instr.attributes.get("left_side") else -1] if b.rank >= 2 else None
    if (
        b.element_type != a.element_type
        or b.rank != a.rank
        or shared != a.dimensions[-1]
        or b.dimensions[:-2] != a.dimensions[:-2]
    ):
        raise fail(
            instr,
            "shape",
            f"triangular-solve of {text(a)} against {text(b)}: the element types, batch "
            "dimensions and shared dimension must agree",
        )
    expect_shape(instr, b)


@rule("batch-norm-training", "batch-norm-grad", "batch-norm-inference")
def batch_norm(instr: HloInstruction, ctx: VerifyContext) -> None:
    operand = array(instr, 0)
    feature = instr.attributes["feature_index"]
    if not 0 <= feature < operand.rank:
        raise fail(instr, "attribute", f"feature_index {feature} is out of range for {text(operand)}")
    if instr.opcode == "batch-norm-inference":
        expect_shape(instr, operand)
        return
    per_feature = with_dims(operand.element_type, (operand.dimensions[feature],))
    expect_shape(instr, Shape.tuple_of([operand, per_feature, per_feature]))
