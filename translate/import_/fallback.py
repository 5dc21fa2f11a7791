"""Instructions StableHLO cannot say as written, imported as the lossless fallback form.

The importer writes each instruction as its typed StableHLO op. Some valid HLO has no such op as
written: an all-reduce of bf16 with an f32 reducer, a `maximum` of bf16 and f32, a convolution of f32
and pred, a send without a channel, duplicate source-target pairs, ... StableHLO's verifier refuses
those ops. Then the diagnostics' locations name the instructions whose ops were refused (every op
standing for an instruction is located by its name, `locations.py`), and the module is imported again
with those instructions written as `stablehlo.custom_call @"xla.<opcode>"` (`translate.async_forms`),
which the exporter turns back into the instruction exactly; and so on until the module verifies, a
bounded number of times. A refusal no fallback cures stays the one-line TranslateError of its first
diagnostic. A module that verifies the first time is imported and verified once, as before.

Handlers that see for themselves that StableHLO cannot say an instruction raise `NoStableHloForm`;
the importer writes that instruction in the fallback form at once (`ModuleImporter.emit_instruction`).

    >>> from hlo_translate.hlo.text import parse_hlo_text
    >>> from hlo_translate.mlir.context import make_context
    >>> text = '''HloModule m
    ... ENTRY e {
    ...   a = bf16[2] parameter(0)
    ...   b = f32[2] parameter(1)
    ...   ROOT m = f32[2] maximum(a, b)
    ... }'''
    >>> with make_context(), ir.Location.unknown():
    ...     "custom_call @xla.maximum" in str(import_verified(parse_hlo_text(text)))
    True
"""

from __future__ import annotations

import logging

from jaxlib.mlir import ir

from hlo_translate.async_forms import NO_FALLBACK_OPCODES
from hlo_translate.hlo.ir import HloModule
from hlo_translate.import_.importer import ModuleImporter
from hlo_translate.mlir.context import verify
from hlo_translate.mlir.locations import location_name

# Imports at most this many times: each round after the first writes at least one more instruction in
# the fallback form (an op nested in another's region can need a round per level).
MAX_ROUNDS = 8

_log = logging.getLogger(__name__)


def import_verified(module: HloModule) -> ir.Module:
    """`module` imported and verified, the instructions StableHLO refuses in the fallback form."""
    fallback: frozenset[int] = frozenset()
    for _ in range(MAX_ROUNDS):
        result = ModuleImporter(module, fallback=fallback).run()
        refused = refused_instructions(result, module)
        if refused is None:
            return result
        if refused <= fallback:
            break  # refused again although in the fallback form: no cure
        fallback |= refused
        _log.info("%d instruction(s) of %s imported in the fallback form", len(fallback), module.name)
    verify(result)  # raises the first diagnostic as a one-line TranslateError
    return result


def refused_instructions(result: ir.Module, module: HloModule) -> frozenset[int] | None:
    """The ids of the instructions of `module` whose ops StableHLO's verifier refuses in `result`; None
    when it verifies. The diagnostics' locations name them, and each op is verified on its own
    (`_refused_names`), which also finds those no diagnostic names (a helper op, which has no name, or
    a function's return)."""
    try:
        result.operation.verify()
    except ir.MLIRError as err:
        diagnostics = getattr(err, "error_diagnostics", None) or []
    else:
        return None
    by_name: dict[str, list[int]] = {}
    for computation in module.computations:
        for instr in computation.instructions:
            if instr.opcode not in NO_FALLBACK_OPCODES:
                by_name.setdefault(instr.name, []).append(id(instr))
    # MLIR stops at the first refused op of each function: the walk finds the others (one round each
    # otherwise) and those the diagnostics cannot name
    names = {location_name(str(d.location)) for d in diagnostics}
    _refused_names(result.body, names)
    return frozenset(i for name in names if name is not None for i in by_name.get(name, ()))


def _refused_names(block: ir.Block, found: set[str | None]) -> bool:
    """Add to `found` the instruction names of the ops in `block` StableHLO refuses; whether any is
    refused. An op refused for a nested op is not blamed itself (a later round will, if it still is).
    An op without a name is a helper of the next named op in its block (the importer builds the op
    standing for an instruction last); a refused op with regions and no name (a function whose return
    does not fit it) blames the instructions whose values its blocks return."""
    refused = unnamed = False
    for view in block.operations:
        op = view.operation
        inner = [_refused_names(nested, found) for region in op.regions for nested in region.blocks]
        name = location_name(str(op.location))
        if any(inner):
            refused = True
        elif not _verifies(op):
            refused = True
            if name:
                found.add(name)
            elif len(op.regions):
                for region in op.regions:
                    for nested in region.blocks:
                        _blame_returned(nested, found)
            else:
                unnamed = True
        elif unnamed and name:
            found.add(name)
            unnamed = False
    if unnamed:  # the block's terminator (or its last helpers) refused
        _blame_returned(block, found)
    return refused


def _blame_returned(block: ir.Block, found: set[str | None]) -> None:
    """Add the names of the ops whose values `block` returns."""
    operations = list(block.operations)
    if not operations:
        return
    for operand in operations[-1].operation.operands:
        owner = operand.owner
        if not isinstance(owner, ir.Block):
            name = location_name(str(owner.location))
            if name:
                found.add(name)


def _verifies(op: ir.Operation) -> bool:
    try:
        op.verify()
    except ir.MLIRError:
        return False
    return True
