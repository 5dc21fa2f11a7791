"""StableHLO -> our HLO IR, the steps behind `hlo_translate.stablehlo_to_hlo` (which checks its arguments first):
open the input, refine shape-polymorphic arguments, run the passes before the exporter (Shardy -> GSPMD, CHLO
decomposition), export, and verify what was written. Here rather than in the package's `__init__`, so that the
execution harness writes our importer's carriers back without importing the package it belongs to."""

from __future__ import annotations

import re
from collections.abc import Set as AbstractSet
from typing import Any

from jaxlib.mlir import ir

from hlo_translate.errors import InternalError, TranslateError
from hlo_translate.export.module import export_module
from hlo_translate.export.refine import (
    NeedsRefinement,
    check_static_arguments,
    parse_input_shapes,
    refine_module,
    refine_static,
)
from hlo_translate.hlo.ir import HloModule
from hlo_translate.mlir.inputs import open_stablehlo


def export_stablehlo(
    source: Any, *, use_tuple_args: bool, return_tuple: bool, input_shapes: str | None, verify: bool
) -> HloModule:
    """`stablehlo_to_hlo` on arguments it has checked."""
    with open_stablehlo(source) as module:
        if input_shapes is not None:
            module = refine_module(module, parse_input_shapes(input_shapes))
        else:
            check_static_arguments(module)
        rewritten = prepare_for_export(module, source if isinstance(source, str) and input_shapes is None else None)
        # Text that spells no location leaves every op at its position in the text: nothing for the exporter to
        # read from locations, unless a pass above put ops of its own in.
        positions_only = isinstance(source, str) and input_shapes is None and not rewritten and not _SPELLS_LOC(source)
        carried: list = []
        try:
            hlo = export_module(
                module,
                use_tuple_args=use_tuple_args,
                return_tuple=return_tuple,
                carried=carried,
                verify=verify,
                positions_only=positions_only,
            )
        except NeedsRefinement as err:
            if input_shapes is not None:
                raise
            module = refine_static(module, err)  # static arguments, dynamic shapes that constants determine
            carried.clear()
            hlo = export_module(
                module, use_tuple_args=use_tuple_args, return_tuple=return_tuple, carried=carried, verify=verify
            )
    if verify:
        _verify_written(hlo, {instr.name for instr in carried})
    return hlo


def _verify_written(hlo: HloModule, carried: AbstractSet[str] = frozenset()) -> None:
    """What the exporter writes must pass the verifier: a failure is our bug, never the input's, except at
    an instruction `carried` names: one rebuilt from an `xla.*` custom call's HLO-text attributes, the
    input's own HLO."""
    from hlo_translate.hlo.verify import verify_module

    try:
        verify_module(hlo)
    except InternalError:
        raise
    except TranslateError as err:
        if err.op in carried:
            raise TranslateError(f"the xla.* custom call's attributes: {err.message}", op=err.op) from None
        raise InternalError(f"the HLO we wrote fails the verifier: {err.message}", op=err.op) from None


# MLIR's trailing location `loc(...)` and a location alias's definition (`#loc1 = loc(...)`): `loc` and `(` are two
# tokens, with room between them. Found anywhere (a string, a comment, a longer name), the text counts as located.
_SPELLS_LOC = re.compile(r"loc\s*\(").search


def prepare_for_export(module: ir.Module, text: str | None = None) -> bool:
    """The passes that run before the exporter: Shardy -> GSPMD shardings, then CHLO decomposition. True
    when one of them ran (the module may hold ops they made). `text`: the text the module was parsed from, if
    it is that text's module unchanged.

    Shardy's export runs when the module declares a mesh or holds any `sdy.*` op: a sharding group or
    a propagation barrier needs no mesh, and becomes XLA's `xla.sdy.*` custom call."""
    from hlo_translate.chlo import decompose_chlo, dialect_ops

    if text is not None and "chlo." not in text and "sdy." not in text:
        # Every op's name is in its text (custom or generic form): text without these prefixes holds none of
        # their ops, and a substring search in C spares a walk of every op through the bindings.
        return False
    found = dialect_ops(module, ("chlo.", "sdy."))
    chlo_ops: list | None = found["chlo."]
    if found["sdy."]:
        from hlo_translate.shardy import export_module as export_sdy

        export_sdy(module, round_trip=True)
        chlo_ops = None  # the Shardy export rewrote the module: walk it again
    decompose_chlo(module, ops=chlo_ops)
    return bool(found["sdy."] or found["chlo."])
