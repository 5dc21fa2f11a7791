"""Sharding passes between GSPMD (``mhlo.sharding`` strings) and Shardy (``sdy`` dialect).

    >>> text = import_shardings('''
    ... func.func @main(%x: tensor<8xf32> {mhlo.sharding = "{devices=[4,2]<=[8] last_tile_dim_replicate}"})
    ...     -> tensor<8xf32> { return %x : tensor<8xf32> }''')
    >>> 'sdy.mesh @mesh = <["_axis_0"=4, "_axis_1"=2]>' in text
    True
    >>> 'mhlo.sharding = "{devices=[4,2]<=[8] last_tile_dim_replicate}"' in export_shardings(text)
    True

``import_shardings`` also lifts the Shardy round-trip attributes XLA leaves in HLO
(``xla.sdy.meshes``, ``xla.sdy.sharding``, ``xla.sdy.FuncResultSharding``, ...) back to sdy form.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from jaxlib.mlir import ir

if TYPE_CHECKING:
    from hlo_translate.hlo.ir import HloModule

__all__ = [
    "import_shardings",
    "export_shardings",
    "import_module",
    "export_module",
    "lift_sdy_round_trip",
    "choose_shardings",
    "has_only_meshless_sdy_calls",
    "SHARDING_FORMS",
]

SHARDING_FORMS = ("sdy", "gspmd")


def import_shardings(source) -> str:
    """GSPMD ``mhlo.sharding`` attributes (MLIR text or bytecode) -> Shardy; returns MLIR text."""
    from hlo_translate.mlir.context import module_to_text
    from hlo_translate.mlir.inputs import open_stablehlo

    with open_stablehlo(source) as module:
        import_module(module)
        return module_to_text(module)


def export_shardings(source) -> str:
    """Shardy ``sdy.mesh`` + ``sdy.sharding`` (MLIR text or bytecode) -> GSPMD; returns MLIR text."""
    from hlo_translate.mlir.context import module_to_text
    from hlo_translate.mlir.inputs import open_stablehlo

    with open_stablehlo(source) as module:
        export_module(module)
        return module_to_text(module)


def import_module(module: ir.Module) -> None:
    """In place: lift XLA's Shardy round-trip attributes, then convert the ``mhlo.sharding`` left."""
    from hlo_translate.mlir.context import verify
    from hlo_translate.shardy.importer import import_module_shardings
    from hlo_translate.shardy.round_trip import lift_sdy_round_trip as lift

    lifted = lift(module)
    if import_module_shardings(module) or lifted:
        verify(module)


def export_module(module: ir.Module, *, round_trip: bool = False) -> None:
    """In place: every Shardy sharding becomes an ``mhlo.sharding`` string; meshes are dropped.

    With ``round_trip`` (the StableHLO -> HLO path), XLA's ``xla.sdy.*`` round-trip form is
    written first (``round_trip_export``), so that the HLO keeps the Shardy view as XLA's does.
    """
    from hlo_translate.mlir.context import verify
    from hlo_translate.shardy.exporter import export_module_shardings
    from hlo_translate.shardy.round_trip_export import save_sdy_round_trip

    saved = round_trip and save_sdy_round_trip(module)
    if export_module_shardings(module) or saved:
        verify(module)


# XLA's round-trip custom calls that name no mesh: a module whose only Shardy ops are these declares none.
_MESHLESS_CALLS = frozenset({"xla.sdy.ShardingGroup", "xla.sdy.PropagationBarrier"})


def has_only_meshless_sdy_calls(hlo: HloModule) -> bool:
    """Whether ``hlo``'s ``xla.sdy.*`` round-trip custom calls are all sharding groups and barriers (at least
    one): the form XLA writes, with no ``xla.sdy.meshes``, for a module that has no mesh. Other round-trip
    calls without meshes (a V3 sharding's manual computation) keep the form they came in."""
    targets = {
        str(instr.attributes.get("custom_call_target", ""))
        for computation in hlo.computations
        for instr in computation.instructions
        if instr.opcode == "custom-call"
    }
    sdy = {target for target in targets if target.startswith("xla.sdy.")}
    return bool(sdy) and sdy <= _MESHLESS_CALLS


def lift_sdy_round_trip(module: ir.Module) -> bool:
    """In place: XLA's ``xla.sdy.*`` round-trip attributes and custom calls -> sdy form."""
    from hlo_translate.shardy.round_trip import lift_sdy_round_trip as lift

    return lift(module)


def choose_shardings(module: ir.Module, form: str | None, *, meshless_calls: bool = False) -> None:
    """In place, after HLO -> StableHLO: the shardings in ``form``.

    ``"sdy"``: Shardy (the round-trip form lifted, then GSPMD strings imported with mesh inference);
    ``"gspmd"``: ``mhlo.sharding`` strings only (the round-trip form lifted, then exported);
    None: what the input carries (XLA's round-trip form, when complete, is lifted to Shardy).
    ``meshless_calls``: the HLO's only ``xla.sdy.*`` custom calls are sharding groups and barriers
    (``has_only_meshless_sdy_calls``), which XLA writes without ``xla.sdy.meshes``: lifted all the same.
    """
    from hlo_translate.mlir.context import verify
    from hlo_translate.shardy.mlir_util import may_carry_round_trip_meshes

    if form == "sdy":
        import_module(module)
    elif form == "gspmd":
        if lift_sdy_round_trip(module):
            verify(module)
        export_module(module)
    elif form is None:
        if not meshless_calls and not may_carry_round_trip_meshes(module):
            return  # most modules: no need to load the round-trip code
        from hlo_translate.shardy.round_trip import has_meshes

        if (has_meshes(module) or meshless_calls) and lift_sdy_round_trip(module):
            verify(module)
    else:
        raise ValueError(f"unknown sharding form {form!r} (expected one of {', '.join(SHARDING_FORMS)} or None)")
