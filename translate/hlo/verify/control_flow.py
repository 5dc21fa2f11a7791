"""Signature rules of instructions that call computations: while, conditional, call, fusion, scan."""

from __future__ import annotations

from hlo_translate.hlo.ir import HloComputation, HloInstruction, PrimitiveType, Shape
from hlo_translate.hlo.verify.core import (
    VerifyContext,
    check_enum,
    expect_shape,
    fail,
    rule,
    same_shape,
    text,
    tuple_or_single,
)


def check_call_signature(instr: HloInstruction, comp: HloComputation, operands: list[Shape], what: str) -> Shape:
    """`comp` takes `operands` (shapes equal, layouts aside); returns its result shape."""
    params, result = comp.program_shape()
    if len(params) != len(operands):
        raise fail(
            instr, "signature", f"{what} {comp.name} takes {len(params)} parameters, given {len(operands)} operands"
        )
    for i, (param, operand) in enumerate(zip(params, operands)):
        if not same_shape(param, operand):
            raise fail(
                instr, "signature", f"{what} {comp.name} parameter {i} is {text(param)}, the operand {text(operand)}"
            )
    return result


@rule("while")
def while_(instr: HloInstruction, ctx: VerifyContext) -> None:
    state = instr.operands[0].shape
    cond_result = check_call_signature(instr, instr.attributes["condition"], [state], "condition")
    if not same_shape(cond_result, Shape.array(PrimitiveType.PRED, ())):
        raise fail(instr, "signature", f"the condition must return pred[], not {text(cond_result)}")
    body_result = check_call_signature(instr, instr.attributes["body"], [state], "body")
    if not same_shape(body_result, state):
        raise fail(instr, "signature", f"the body returns {text(body_result)}, the loop state is {text(state)}")
    expect_shape(instr, state)


@rule("conditional")
def conditional(instr: HloInstruction, ctx: VerifyContext) -> None:
    index = instr.operands[0].shape
    if not index.is_array or index.rank or index.element_type not in (PrimitiveType.PRED, PrimitiveType.S32):
        raise fail(instr, "operand", f"the branch index must be a pred or s32 scalar, not {text(index)}")
    if index.element_type == PrimitiveType.PRED:
        branches = [instr.attributes["true_computation"], instr.attributes["false_computation"]]
    else:
        branches = list(instr.attributes["branch_computations"])
    if not branches or len(instr.operands) != len(branches) + 1:
        raise fail(
            instr,
            "operand-count",
            f"conditional with {len(branches)} branches takes {len(branches) + 1} operands, not {len(instr.operands)}",
        )
    for comp, operand in zip(branches, instr.operands[1:]):
        result = check_call_signature(instr, comp, [operand.shape], "branch")
        if not same_shape(result, instr.shape):
            raise fail(
                instr, "signature", f"branch {comp.name} returns {text(result)}, the conditional {text(instr.shape)}"
            )


@rule("call")
def call(instr: HloInstruction, ctx: VerifyContext) -> None:
    result = check_call_signature(instr, instr.attributes["to_apply"], [o.shape for o in instr.operands], "callee")
    expect_shape(instr, result, "the callee's result")


_FUSION_KINDS = frozenset({"kLoop", "kInput", "kOutput", "kCustom"})


@rule("fusion")
def fusion(instr: HloInstruction, ctx: VerifyContext) -> None:
    check_enum(instr, "kind", _FUSION_KINDS)
    calls = instr.attributes["calls"]
    if isinstance(calls, tuple) and len(calls) != 1:
        raise fail(instr, "attribute", f"a fusion calls one computation, not {len(calls)}")
    comp = calls[0] if isinstance(calls, tuple) else calls
    result = check_call_signature(instr, comp, [o.shape for o in instr.operands], "fused computation")
    expect_shape(instr, result, "the fused computation's result")


@rule("scan")
def scan(instr: HloInstruction, ctx: VerifyContext) -> None:
    """(inputs..., inits...): to_apply takes one slice of each input along the scan dimension and the carries,
    and returns (outputs..., carries...); the result stacks the outputs along that dimension, then the carries."""
    comp = instr.attributes["to_apply"]
    params, root = comp.program_shape()
    if len(params) != len(instr.operands):
        raise fail(
            instr, "signature", f"scan's {comp.name} takes {len(params)} parameters for {len(instr.operands)} operands"
        )
    carries = instr.attributes["num_carries"]
    inputs = len(instr.operands) - carries
    if not 0 <= carries <= len(instr.operands):
        raise fail(instr, "attribute", f"num_carries={carries} for {len(instr.operands)} operands")
    dims = tuple(instr.attributes["dimensions"])
    dim = dims[0] if dims else 0
    length = None
    for i in range(inputs):
        shape = instr.operands[i].shape
        if not shape.is_array or not 0 <= dim < shape.rank:
            raise fail(instr, "attribute", f"scan dimension {dim} is out of range for operand {i} {text(shape)}")
        length = shape.dimensions[dim]
    results = list(root.tuple_shapes) if root.is_tuple else [root]
    if len(results) < carries or length is None:
        return
    outputs = []
    for shape in results[: len(results) - carries]:
        if not shape.is_array or dim > shape.rank:
            return
        outputs.append(Shape.array(shape.element_type, (*shape.dimensions[:dim], length, *shape.dimensions[dim:])))
    expect_shape(instr, tuple_or_single([*outputs, *results[len(results) - carries :]]), "the scanned outputs")
