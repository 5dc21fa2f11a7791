"""Infeed/outfeed, and the HLO opcodes StableHLO has no op for, in documented custom-call forms.

- `infeed(token)` → `stablehlo.infeed` (data leaves, then the token), `infeed_config`, and `layout` when a
  data leaf has a non-default layout; `outfeed(data, token)` → `stablehlo.outfeed` over the data
  leaves (`xla.tuple = false` when HLO's data operand is one array rather than a tuple).
- `rng-get-and-update-state(), delta=N` → `stablehlo.custom_call @xla.rng_get_and_update_state()`
  with `has_side_effect = true` and `xla.delta = N : i64` (it reads and advances the RNG state);
- `stochastic-convert(x, random)` → `stablehlo.custom_call @xla.stochastic_convert(x, random)`.
The exporter maps both custom calls back to their opcodes (docs/import.md).
"""

from __future__ import annotations

from jaxlib.mlir import ir

from hlo_translate.hlo.ir import Shape, default_layout
from hlo_translate.import_ import attrs as A
from hlo_translate.import_.importer import OpContext, Tree, flat_shapes, flatten, register
from hlo_translate.markers import RNG_STATE_TARGET, STOCHASTIC_CONVERT_TARGET, XLA_SHAPE


@register("infeed")
def infeed(ctx: OpContext) -> Tree:
    if not (ctx.shape.is_tuple and len(ctx.shape.tuple_shapes) == 2):
        raise ctx.error("infeed must return (data, token)")
    data = ctx.shape.tuple_shapes[0]
    attributes: dict[str, ir.Attribute] = {"infeed_config": A.string(str(ctx.attr("infeed_config", "")))}
    leaves = flat_shapes(data)
    if any(_has_layout(s) for s in leaves):
        attributes["layout"] = ir.ArrayAttr.get([_layout(s) for s in leaves])
    if not data.is_tuple:  # the exporter's infeed reads a tuple of its data results unless told
        attributes[XLA_SHAPE] = A.string(ctx.shape.to_text())
    _, tree = ctx.multi("stablehlo.infeed", ctx.values(), attributes)
    return tree


def _has_layout(shape: Shape) -> bool:
    return shape.is_array and shape.layout is not None and shape.layout != default_layout(shape.rank)


def _layout(shape: Shape) -> ir.Attribute:
    layout = shape.layout if shape.is_array and shape.layout is not None else default_layout(shape.rank)
    return ir.ArrayAttr.get([A.i64(d) for d in layout.minor_to_major])


@register("outfeed")
def outfeed(ctx: OpContext) -> Tree:
    attributes: dict[str, ir.Attribute] = {"outfeed_config": A.string(str(ctx.attr("outfeed_config", "")))}
    if not isinstance(ctx.operands[0], tuple):
        attributes["xla.tuple"] = ir.BoolAttr.get(False)
    return ctx.single("stablehlo.outfeed", [*flatten(ctx.operands[0]), ctx.value(1)], **attributes)


@register("rng-get-and-update-state")
def rng_get_and_update_state(ctx: OpContext) -> Tree:
    return ctx.single(
        "stablehlo.custom_call",
        [],
        call_target_name=A.string(RNG_STATE_TARGET),
        has_side_effect=ir.BoolAttr.get(True),
        **{"xla.delta": A.i64(ctx.required("delta"))},
    )


@register("stochastic-convert")
def stochastic_convert(ctx: OpContext) -> Tree:
    return ctx.single("stablehlo.custom_call", ctx.values(), call_target_name=A.string(STOCHASTIC_CONVERT_TARGET))
