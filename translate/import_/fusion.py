"""fusion → a private function for the fused computation and a `func.call` of it.

Why a call and not inlining: the fused computation stays one unit (its name, its kind, its
parameters), so the HLO structure can be rebuilt on export; inlining is one `inline` pass away.
"""

from __future__ import annotations

from jaxlib.mlir import ir

from hlo_translate.import_ import attrs as A
from hlo_translate.import_.control_flow import call_function
from hlo_translate.import_.importer import OpContext, Tree, register


@register("fusion")
def fusion(ctx: OpContext) -> Tree:
    """A fusion is a call of its fused computation (a private function), marked with its kind.

    The call carries `xla.fusion_kind` (`kLoop`, `kInput`, `kOutput`, `kCustom`) and the fusion's
    `backend_config` so an exporter can rebuild the fusion; for every other consumer it is a plain call.
    """
    attributes: dict[str, ir.Attribute] = {}
    kind = ctx.attr("kind")
    if kind is not None:
        attributes["xla.fusion_kind"] = ir.StringAttr.get(getattr(kind, "name", str(kind)))
    backend_config = ctx.attr("backend_config")
    if backend_config:
        attributes["xla.backend_config"] = A.string(str(backend_config))
    # aliasing between a fusion's (buffer) operands and results: nothing a call says
    attributes.update(A.carried(ctx.instr, ("output_to_operand_aliasing",)))
    return call_function(ctx, "calls", attributes)
