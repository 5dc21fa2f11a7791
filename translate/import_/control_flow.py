"""while → `stablehlo.while`, conditional → `stablehlo.if`/`case`, call → `func.call`.

Tuple-shaped loop state and branch results are flattened into variadic operands and results.
A loop state that is not a flat tuple of arrays (a nested tuple, such as the recv-done results that
XLA's send/recv pipelining carries around a loop, or a single array) keeps its HLO shape in
`xla_shape` (layouts where not the default), so that the exporter rebuilds the same loop.
A conditional's branch operands are captured from the enclosing scope (StableHLO branches take
no arguments): their leaves, or, where the branch does not read every element of its tuple
parameter, the tuple itself (read with `get_tuple_element`), so that the branch keeps its operand.
"""

from __future__ import annotations

from jaxlib.mlir import ir

from hlo_translate.hlo.ir import PrimitiveType, Shape
from hlo_translate.import_ import attrs as A
from hlo_translate.import_.importer import NoStableHloForm, OpContext, Tree, flat_types, flatten, register, unflatten
from hlo_translate.import_.liveness import reads_every_leaf
from hlo_translate.markers import XLA_SHAPE
from hlo_translate.mlir.guard import attribute_problem


def is_flat_tuple(shape: Shape) -> bool:
    """A tuple of arrays and tokens: what `stablehlo.while` operands mean without further word."""
    return shape.is_tuple and not any(s.is_tuple for s in shape.tuple_shapes)


@register("while")
def while_(ctx: OpContext) -> Tree:
    op, tree = ctx.multi("stablehlo.while", flatten(ctx.operands[0]), regions=2)
    if not is_flat_tuple(ctx.shape):
        op.attributes[XLA_SHAPE] = ir.StringAttr.get(ctx.shape.to_short_text())
    ctx.region(op, 0, ctx.computation("condition"))
    ctx.region(op, 1, ctx.computation("body"))
    return tree


@register("conditional")
def conditional(ctx: OpContext) -> Tree:
    selector = ctx.value(0)
    if "branch_computations" in ctx.instr.attributes:
        branches = [ctx.importer.resolve_computation(c) for c in ctx.required("branch_computations")]
    else:
        branches = [ctx.computation("true_computation"), ctx.computation("false_computation")]
    is_pred = ctx.instr.operands[0].shape.element_type == PrimitiveType.PRED
    name = "stablehlo.if" if is_pred else "stablehlo.case"
    op, tree = ctx.multi(name, [selector], regions=len(branches))
    if ctx.shape.is_tuple and (len(ctx.shape.tuple_shapes) == 1 or not is_flat_tuple(ctx.shape)):
        # A 1-tuple (optimized HLO keeps them) or a nested tuple: the results are its leaves, and the
        # exporter rebuilds the tuple from the marker (docs/import.md), as for a while's state.
        op.attributes[XLA_SHAPE] = ir.StringAttr.get(ctx.shape.to_short_text())
    for i, (branch, operand) in enumerate(zip(branches, ctx.operands[1:])):
        if reads_every_leaf(branch):
            captured = operand
        else:  # keep the branch's signature: capture the tuple itself, its reads stay get_tuple_element
            with ir.InsertionPoint(op):
                captured = ctx.value(1 + i)
        ctx.importer.fill_region(op.regions[i], branch, "stablehlo.return", captured=[captured])
    return tree


def call_function(ctx: OpContext, computation_attr: str, attributes: dict[str, ir.Attribute]) -> Tree:
    """`func.call` of the function for a called computation, with flat operands and results."""
    callee = ctx.importer.function_for(ctx.computation(computation_attr))
    attributes = {"callee": ir.FlatSymbolRefAttr.get(callee), **attributes}
    op = ctx.op("func.call", ctx.flat_operands(), flat_types(ctx.shape), attributes)
    return unflatten(ctx.shape, iter(op.results))


@register("call")
def call(ctx: OpContext) -> Tree:
    if ctx.attr("is_composite"):
        return composite(ctx)
    attributes: dict[str, ir.Attribute] = {}
    backend_config = ctx.attr("backend_config")
    if backend_config:
        attributes["backend_config"] = A.string(str(backend_config))
    return call_function(ctx, "to_apply", attributes)


def composite(ctx: OpContext) -> Tree:
    """`call(...), is_composite=true` with frontend attributes composite.name/attributes/version →
    `stablehlo.composite` whose decomposition is the called computation's function."""
    frontend = dict(ctx.instr.frontend_attributes.items) if ctx.instr.frontend_attributes else {}
    if "composite.name" not in frontend:
        raise NoStableHloForm("a composite call needs the frontend attribute composite.name", op=ctx.instr.name)
    if (problem := attribute_problem(frontend.get("composite.attributes") or "")) is not None:
        raise ctx.error(f"composite.attributes: {problem}")
    try:
        composite_attributes = ir.Attribute.parse(frontend.get("composite.attributes") or "{}")
    except ir.MLIRError:
        raise ctx.error("composite.attributes is not an MLIR dictionary") from None
    callee = ctx.importer.function_for(ctx.computation("to_apply"))
    attributes = {
        "name": ir.StringAttr.get(frontend["composite.name"]),
        "composite_attributes": composite_attributes,
        "decomposition": ir.FlatSymbolRefAttr.get(callee),
        "version": ir.IntegerAttr.get(ir.IntegerType.get_signless(32), int(frontend.get("composite.version") or 0)),
    }
    op = ctx.op("stablehlo.composite", ctx.flat_operands(), flat_types(ctx.shape), attributes)
    return unflatten(ctx.shape, iter(op.results))
