"""The HLO verifier: the checks XLA's HLO parser and `HloVerifier` make, over our IR.

    >>> from hlo_translate.hlo.text import parse_hlo_text
    >>> module = parse_hlo_text("HloModule m\\nENTRY e { p = f32[2] parameter(0)\\n ROOT n = f32[3] negate(p) }")
    >>> verify_module(module)
    Traceback (most recent call last):
    ...
    hlo_translate.hlo.verify.core.Violation: error: 'n': result shape f32[3] differs from the inferred f32[2] [shape]

Per instruction: shape and layout well formed, operand count and attribute names (`signatures`), then the
opcode's rule (shape inference, called-computation signatures, pairings), one rule table per opcode family.
Shardings against the shape and the module's partitions (`shardings`).
Per module: parameter numbering and `entry_computation_layout`. Linear in the module's size.
"""

from __future__ import annotations

import re

from hlo_translate.errors import InternalError, SourceLocation, TranslateError
from hlo_translate.hlo.ir import HloInstruction, HloModule
from hlo_translate.hlo.verify import (collectives, control_flow, data_movement, elementwise,  # noqa: F401
                                      misc, reduction)
from hlo_translate.hlo.verify.core import RULES, VerifyContext, Violation
from hlo_translate.hlo.verify.module import (check_entry_layout, check_instruction_shape, check_parameters)
from hlo_translate.hlo.verify.shardings import check_sharding
from hlo_translate.hlo.verify.signatures import check_signature

__all__ = ["verify_module", "Violation", "locate"]


def verify_module(module: HloModule) -> None:
    """Raise `Violation` (a TranslateError naming the instruction and the rule) unless XLA would accept `module`."""
    ctx = VerifyContext(module)
    checked: set[int] = set()
    for comp in module.computations:
        check_parameters(comp)
        for instr in comp.instructions:
            _check(instr, ctx, checked, ctx.num_partitions)
    check_entry_layout(module)


def _check(instr: HloInstruction, ctx: VerifyContext, checked: set[int], num_partitions: int) -> None:
    check_instruction_shape(instr, checked)
    check_signature(instr)
    if "sharding" in instr.attributes:
        check_sharding(instr, num_partitions)
    rule = RULES.get(instr.opcode)
    if rule is None:
        return
    try:
        rule(instr, ctx)
    except TranslateError:
        raise
    except (AttributeError, IndexError, KeyError, TypeError, ValueError) as err:
        raise InternalError(f"the verifier's {instr.opcode} rule failed: {type(err).__name__}: {err}",
                            op=instr.name) from err


def locate(error: TranslateError, text: str, file: str = "<input>") -> TranslateError:
    """`error` with the line and column where its instruction is defined in HLO `text` (when found)."""
    if error.op is None or (error.location is not None and error.location.line is not None):
        return error
    match = re.search(rf"^[ \t]*(?:ROOT[ \t]+)?%?{re.escape(error.op)}[ \t]*=", text, re.M)
    if match is None:
        match = re.search(rf"^[ \t]*(?:ENTRY[ \t]+)?%?{re.escape(error.op)}[ \t]*[({{]", text, re.M)
    if match is None:
        return error
    line = text.count("\n", 0, match.start()) + 1
    column = len(match.group()) - len(match.group().lstrip()) + 1
    located = type(error).__new__(type(error))
    located.__dict__.update(error.__dict__)
    Exception.__init__(located, error.message)
    located.location = SourceLocation(file, line, column)
    return located
