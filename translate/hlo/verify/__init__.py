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

import functools
import re
from typing import Any, cast

from hlo_translate.errors import InternalError, SourceLocation, TranslateError
from hlo_translate.hlo.ir import COMPUTATION_ATTRS, HloComputation, HloInstruction, HloModule
from hlo_translate.hlo.verify import collectives, control_flow, data_movement, elementwise, misc, reduction  # noqa: F401
from hlo_translate.hlo.verify.core import RULES, VerifyContext, Violation
from hlo_translate.hlo.verify.module import (
    check_aliases,
    check_entry_layout,
    check_instruction_shape,
    check_parameters,
    program_shape_of,
)
from hlo_translate.hlo.verify.shardings import check_sharding
from hlo_translate.hlo.verify.signatures import check_signature

__all__ = ["verify_module", "check_alone", "Violation", "locate"]


# Rule modules whose rules read only the instruction's opcode, shape, attributes and its operands' shapes
# (never the context, operand opcodes or names but in messages): an instruction alike in all of these to
# one already found good is good, and is not checked again. A rule reading anything else goes elsewhere.
_PURE_RULE_MODULES = frozenset({elementwise.__name__, data_movement.__name__, reduction.__name__})
# Attributes no check reads (only their names, which every opcode allows): left out of the likeness key.
_UNREAD_ATTRIBUTES = frozenset({"metadata"})
# Attribute names whose values the key does not take as they are.
_KEYED_APART = _UNREAD_ATTRIBUTES | frozenset(COMPUTATION_ATTRS)


def verify_module(module: HloModule) -> None:
    """Raise `Violation` (a TranslateError naming the instruction and the rule) unless XLA would accept `module`."""
    ctx = VerifyContext(module)
    checked: set[int] = set()
    passed: set[tuple] = set()  # likeness keys of instructions found good; shapes stay alive meanwhile
    impure = _impure_opcodes()
    params_of: dict[HloComputation, list[HloInstruction]] = {}  # checked computations' parameters, in order
    # The likeness key (what the checks of an instruction read, shapes by identity) is built inline: this
    # loop runs once per instruction on every read and export, a call per instruction costs a third of it.
    for comp in module.computations:
        params_of[comp] = check_parameters(comp)
        for instr in comp.instructions:
            opcode = instr.opcode
            if opcode in impure:  # its rule may read more than the key holds: checked every time
                _check(instr, ctx, checked, ctx.num_partitions)
                continue
            attributes = instr.attributes
            if not attributes:
                items: tuple = ()
            elif _KEYED_APART.isdisjoint(attributes):
                # (most: _attribute_key would make the same tuple; a computation under a name not in
                # COMPUTATION_ATTRS stays itself, hashed by identity: a finer key, never a looser one)
                items = tuple(attributes.items())
            else:
                items = _attribute_key(attributes, params_of)
            operands = instr.operands
            count = len(operands)
            if count == 2:  # (the common counts spelled out: no list to unpack)
                key: tuple = (opcode, id(instr.shape), items, id(operands[0].shape), id(operands[1].shape))
            elif count == 1:
                key = (opcode, id(instr.shape), items, id(operands[0].shape))
            elif count == 0:
                key = (opcode, id(instr.shape), items)
            else:
                key = (opcode, id(instr.shape), items, *[id(o.shape) for o in operands])
            try:
                if key in passed:
                    continue
            except TypeError:  # an attribute value that cannot be hashed: checked every time
                _check(instr, ctx, checked, ctx.num_partitions)
                continue
            _check(instr, ctx, checked, ctx.num_partitions)
            passed.add(key)
    entry_params = None if module.entry is None else params_of.get(module.entry)
    check_entry_layout(module, entry_params)
    check_aliases(module, entry_params)


def check_alone(instr: HloInstruction) -> None:
    """Check one instruction whose rule reads nothing but it and its operands' shapes (`_PURE_RULE_MODULES`)
    before it joins a module: its attributes and its result shape against its operands. Raises `Violation`.

    For a converter that builds it from values MLIR's verifier does not relate to the result type (the
    constant operands of a dynamic op)."""
    rule = RULES[instr.opcode]
    assert rule.__module__ in _PURE_RULE_MODULES, f"the {instr.opcode} rule reads more than the instruction"
    check_signature(instr)
    rule(instr, _LONE_CONTEXT)


_LONE_CONTEXT = VerifyContext(HloModule("lone"))  # for pure rules, which never read it


def _attribute_key(attributes: dict[str, Any], params_of: dict[HloComputation, list[HloInstruction]]) -> tuple:
    """`attributes` as the pure rules read them: unread ones left out, a called computation by its signature
    (`params_of`: the parameters of the computations already checked, in number order)."""
    return tuple(
        [
            (name, _computation_key(value, params_of.get(value)) if isinstance(value, HloComputation) else value)
            for name, value in attributes.items()
            if name not in _UNREAD_ATTRIBUTES
        ]
    )


def _impure_opcodes() -> frozenset[str]:
    """The opcodes whose rule is not in _PURE_RULE_MODULES (an opcode without a rule is pure)."""
    return _impure_for(len(RULES))  # (rules register at import: computed once, again only if one is added)


@functools.cache
def _impure_for(rule_count: int) -> frozenset[str]:
    return frozenset(opcode for opcode, rule in RULES.items() if rule.__module__ not in _PURE_RULE_MODULES)


def _computation_key(comp: HloComputation, checked_params: list[HloInstruction] | None = None) -> tuple:
    """A called computation as these rules see it: its parameter and result shapes (JAX gives every reduce
    a reducer of its own, alike in all of this). `checked_params`: its parameters in number order, when
    check_parameters has passed it (called computations come before their callers: nearly always)."""
    if checked_params is None and comp.root is None:  # (check_parameters reports it)
        return (id(comp),)
    params, result = program_shape_of(comp, checked_params)
    return (*[id(p) for p in params], id(result))


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
        raise InternalError(
            f"the verifier's {instr.opcode} rule failed: {type(err).__name__}: {err}", op=instr.name
        ) from err


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
    located = cast(TranslateError, BaseException.__new__(type(error)))  # a copy of the same class, not re-initialised
    located.__dict__.update(error.__dict__)
    Exception.__init__(located, error.message)
    located.location = SourceLocation(file, line, column)
    return located
