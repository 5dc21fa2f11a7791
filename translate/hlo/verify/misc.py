"""Rules of the remaining opcodes with a shape to infer: fft, custom-call operand layout constraints."""

from __future__ import annotations

from hlo_translate.hlo.attributes import RawAttr, split_top_level
from hlo_translate.hlo.ir import HloInstruction
from hlo_translate.hlo.types import PrimitiveType
from hlo_translate.hlo.verify.core import VerifyContext, array, expect_shape, fail, rule, text, with_dims

_COMPLEX_OF = {PrimitiveType.F32: PrimitiveType.C64, PrimitiveType.F64: PrimitiveType.C128}
_REAL_OF = {c: r for r, c in _COMPLEX_OF.items()}


@rule("fft")
def fft(instr: HloInstruction, ctx: VerifyContext) -> None:
    operand = array(instr, 0)
    kind = instr.attributes["fft_type"].name
    lengths = list(instr.attributes["fft_length"])
    n = len(lengths)
    if not 1 <= n <= 3 or operand.rank < n:
        raise fail(instr, "attribute", f"fft_length {lengths} does not fit {text(operand)}")
    inner = list(operand.dimensions[operand.rank - n:])
    outer = list(operand.dimensions[:operand.rank - n])
    if kind in ("FFT", "IFFT"):
        if not operand.element_type.is_complex or inner != lengths:
            raise fail(instr, "shape", f"{kind} of {text(operand)} needs complex innermost dimensions {lengths}")
        expect_shape(instr, operand)
    elif kind == "RFFT":
        if operand.element_type not in _COMPLEX_OF or inner != lengths:
            raise fail(instr, "shape", f"RFFT of {text(operand)} needs real innermost dimensions {lengths}")
        expect_shape(instr, with_dims(_COMPLEX_OF[operand.element_type], [*outer, *lengths[:-1],
                                                                          lengths[-1] // 2 + 1]))
    elif kind == "IRFFT":
        if operand.element_type not in _REAL_OF or inner != [*lengths[:-1], lengths[-1] // 2 + 1]:
            raise fail(instr, "shape", f"IRFFT of {text(operand)} does not match fft_length {lengths}")
        expect_shape(instr, with_dims(_REAL_OF[operand.element_type], [*outer, *lengths]))
    else:
        raise fail(instr, "attribute", f"unknown fft_type {kind}")


@rule("custom-call")
def custom_call(instr: HloInstruction, ctx: VerifyContext) -> None:
    constraints = instr.attributes.get("operand_layout_constraints")
    if isinstance(constraints, RawAttr):
        inner = constraints.text.strip()
        inner = inner[1:-1] if inner.startswith("{") and inner.endswith("}") else inner
        count = len(split_top_level(inner)) if inner.strip() else 0
        if count != len(instr.operands):
            raise fail(instr, "attribute", f"{count} operand layout constraints for {len(instr.operands)} operands")
    if "to_apply" in instr.attributes and "called_computations" in instr.attributes:
        raise fail(instr, "attribute", "a custom-call takes to_apply or called_computations, not both")
