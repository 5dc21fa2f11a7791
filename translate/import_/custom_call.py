"""custom-call → `stablehlo.custom_call` (every api version; typed-FFI configs as dictionaries)."""

from __future__ import annotations

from jaxlib.mlir import ir
from jaxlib.mlir.dialects import stablehlo

from hlo_translate.async_forms import FALLBACK_OPCODES, FALLBACK_PREFIX, JAX_DONE_TARGETS, JAX_START_TARGETS
from hlo_translate.hlo.ir import OutputOperandAlias, RawAttr, Shape, default_layout
from hlo_translate.hlo.text import parse_shape, print_attribute, split_top_level
from hlo_translate.import_ import attrs as A
from hlo_translate.import_.importer import OpContext, Tree, register
from hlo_translate.markers import (
    BACKEND_CONFIG_TEXT,
    BUFFER_BOUNDARY_TARGETS,
    CUSTOM_CALL_ATTRIBUTES,
    PLAIN_CUSTOM_CALL,
    RNG_STATE_TARGET,
    STOCHASTIC_CONVERT_TARGET,
)
from hlo_translate.mlir.guard import attribute_problem
from hlo_translate.typemap import shape_to_mlir

# Targets that mean more than a custom-call to the exporter (JAX's async collectives, our `xla.*` forms).
SPECIAL_TARGETS = (
    frozenset(JAX_START_TARGETS)
    | frozenset(JAX_DONE_TARGETS)
    | frozenset(FALLBACK_PREFIX + opcode for opcode in FALLBACK_OPCODES)
    | {RNG_STATE_TARGET, STOCHASTIC_CONVERT_TARGET}
)

# The alias XLA requires of a Pin or Unpin (the exporter writes it where none is said).
_BUFFER_BOUNDARY_ALIAS = (OutputOperandAlias((), 0, ()),)
_API_VERSIONS = {
    "API_VERSION_UNSPECIFIED": 0,
    "API_VERSION_ORIGINAL": 1,
    "API_VERSION_STATUS_RETURNING": 2,
    "API_VERSION_STATUS_RETURNING_UNIFIED": 3,
    "API_VERSION_TYPED_FFI": 4,
}
# The custom-call attributes StableHLO's op (or our markers) say; any other travels in its HLO text.
_SAID = frozenset(
    {
        "custom_call_target",
        "api_version",
        "custom_call_has_side_effect",
        "backend_config",
        "output_to_operand_aliasing",
        "called_computations",
        "to_apply",
        "operand_layout_constraints",
        "frontend_attributes",
        "sharding",
        "metadata",
        "control-predecessors",
    }
)


@register("custom-call")
def custom_call(ctx: OpContext) -> Tree:
    api = ctx.attr("api_version")
    api_version = _API_VERSIONS.get(api.name, 1) if api is not None else 1
    target = ctx.required("custom_call_target")
    if not target.isascii():
        try:
            target.encode("utf-8")
        except UnicodeEncodeError:  # bytes from a C escape (`\xff`): MLIR prints the target as a symbol
            raise ctx.error("custom_call_target holds bytes that are not UTF-8") from None
    attributes: dict[str, ir.Attribute] = {
        "call_target_name": A.string(target),
        "api_version": A.i32(api_version),
    }
    if ctx.attr("custom_call_has_side_effect"):
        attributes["has_side_effect"] = ir.BoolAttr.get(True)
    attributes.update(_backend_config(ctx, api_version))
    said = ctx.instr.attributes.items()
    others = {name: A.string(print_attribute(name, value)) for name, value in said if name not in _SAID}
    aliases = ctx.attr("output_to_operand_aliasing")
    # A Pin's or Unpin's alias pairs a tensor with its buffer (a memref), which StableHLO's verifier refuses:
    # left out, as XLA's importer leaves it, and the exporter writes back the one XLA requires there; any
    # other aliasing (none, `{}`, included) travels in its text.
    if target in BUFFER_BOUNDARY_TARGETS and tuple(aliases or ()) != _BUFFER_BOUNDARY_ALIAS:
        others["output_to_operand_aliasing"] = A.string(print_attribute("output_to_operand_aliasing", aliases or ()))
    if others:
        attributes[CUSTOM_CALL_ATTRIBUTES] = ir.DictAttr.get(others)
    if aliases and target not in BUFFER_BOUNDARY_TARGETS:
        attributes["output_operand_aliases"] = ir.ArrayAttr.get(
            [
                stablehlo.OutputOperandAlias.get(list(a.output_index), a.operand_number, list(a.operand_index))
                for a in aliases
            ]
        )
    if target in SPECIAL_TARGETS:
        # A custom-call the exporter would otherwise read as something else (JAX's async collectives,
        # our own `xla.*` forms): it stays an HLO custom-call.
        attributes[PLAIN_CUSTOM_CALL] = ir.UnitAttr.get()
    # XLA keeps a custom-call's to_apply as its called computations (and prints it so)
    called = ctx.attr("called_computations") or (() if ctx.attr("to_apply") is None else (ctx.attr("to_apply"),))
    if called:
        attributes["called_computations"] = ir.ArrayAttr.get(
            [ir.FlatSymbolRefAttr.get(ctx.importer.function_for(ctx.importer.resolve_computation(c))) for c in called]
        )
    layouts = _layouts(ctx)
    if layouts is not None:
        attributes["operand_layouts"], attributes["result_layouts"] = layouts
    # Results: one per top-level tuple element (nested tuples stay tuple-typed values). A tuple of one element
    # stays one tuple-typed result, read by a get_tuple_element: as one result of the element's type it would
    # come back untupled, and an output_to_operand_aliasing into it ({0}: ...) would index a non-tuple.
    if ctx.shape.is_tuple and len(ctx.shape.tuple_shapes) != 1:
        types = [shape_to_mlir(s) for s in ctx.shape.tuple_shapes]
        op = ctx.op("stablehlo.custom_call", ctx.values(), types, attributes)
        return tuple(op.results)
    result = ctx.op("stablehlo.custom_call", ctx.values(), attributes=attributes).result
    if ctx.shape.is_tuple:
        element = shape_to_mlir(ctx.shape.tuple_shapes[0])
        return (ctx.op("stablehlo.get_tuple_element", [result], [element], {"index": A.i32(0)}).result,)
    return result


def _backend_config(ctx: OpContext, api_version: int) -> dict[str, ir.Attribute]:
    """`backend_config` (a string; a dictionary for typed FFI, with its text where MLIR prints the
    dictionary otherwise, so that the exporter writes back what it read)."""
    config = ctx.attr("backend_config")
    text = "" if config is None else config.text if isinstance(config, RawAttr) else str(config)
    if api_version != 4:
        return {"backend_config": A.string(text)} if text else {}
    if (problem := attribute_problem(text)) is not None:
        raise ctx.error(f"backend_config: {problem}")
    try:
        dictionary = ir.Attribute.parse(text or "{}")
    except ir.MLIRError:  # not MLIR (`$config` in a test template): only its text travels
        return {BACKEND_CONFIG_TEXT: A.string(text)}
    attributes: dict[str, ir.Attribute] = {"backend_config": dictionary} if text else {}
    if str(dictionary) != text:
        attributes[BACKEND_CONFIG_TEXT] = A.string(text)
    return attributes


def _layouts(ctx: OpContext) -> tuple[ir.Attribute, ir.Attribute] | None:
    """`operand_layout_constraints` (and the result's layouts) as StableHLO's index-tensor lists."""
    constraints = ctx.attr("operand_layout_constraints")
    if constraints is None:
        return None
    text = constraints.text if isinstance(constraints, RawAttr) else str(constraints)
    inner = text.strip()[1:-1]
    shapes = [parse_shape(s) for s in split_top_level(inner)] if inner.strip() else []
    results = list(ctx.shape.tuple_shapes) if ctx.shape.is_tuple else [ctx.shape]
    return (ir.ArrayAttr.get([_layout(s) for s in shapes]), ir.ArrayAttr.get([_layout(s) for s in results]))


def _layout(shape: Shape) -> ir.Attribute:
    if shape.is_buffer:  # a buffer's layout is its array's
        shape = shape.tuple_shapes[0]
    layout = shape.layout or default_layout(shape.rank)
    return A.dense_index(list(layout.minor_to_major))
