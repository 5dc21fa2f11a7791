"""`stablehlo.custom_call` -> HLO `custom-call`.

- `backend_config` as a string -> `backend_config="..."`; a dictionary (typed FFI, or
  `mhlo.backend_config`) -> `backend_config={...}` holding the dictionary's MLIR text, as XLA prints it;
- `api_version` -> `api_version=API_VERSION_*` (omitted for the default ORIGINAL);
- `operand_layouts`/`result_layouts` -> `operand_layout_constraints={...}` and the result shape's layout;
- `output_operand_aliases` -> `output_to_operand_aliasing`; `called_computations` -> called functions;
- `ApproxTopK` on its fallback path (as JAX lowers it for CPU and GPU) -> the sort and slices XLA's
  converter writes for it (XLA's own HLO importer rejects the tuple-shaped custom call it reads back).
"""

from __future__ import annotations

from jaxlib.mlir import ir
from jaxlib.mlir.dialects import stablehlo

from hlo_translate.errors import TranslateError
from hlo_translate.export import mlir_attrs as A
from hlo_translate.export.context import Builder
from hlo_translate.export.module import function_computation
from hlo_translate.export.registry import CUSTOM_CALL_HANDLERS, handles, handles_custom_call
from hlo_translate.hlo.ir import Enum, HloInstruction, Layout, OutputOperandAlias, RawAttr, Shape, SliceDim
from hlo_translate.hlo.text import parse_attribute
from hlo_translate.markers import (
    BACKEND_CONFIG_TEXT,
    BUFFER_BOUNDARY_TARGETS,
    CUSTOM_CALL_ATTRIBUTES,
    PLAIN_CUSTOM_CALL,
    SHARDING_COPY,
    XLA_SHAPE,
)

API_VERSIONS = {
    0: "API_VERSION_UNSPECIFIED",
    1: "API_VERSION_ORIGINAL",
    2: "API_VERSION_STATUS_RETURNING",
    3: "API_VERSION_STATUS_RETURNING_UNIFIED",
    4: "API_VERSION_TYPED_FFI",
}


def _layouts(attr: ir.Attribute | None) -> list[Layout] | None:
    if attr is None:
        return None
    return [Layout(A.i64_list(a)) for a in ir.ArrayAttr(attr)]


def _with_layout(shape: Shape, layout: Layout) -> Shape:
    if shape.is_buffer:  # a buffer's layout is its array's
        return Shape.buffer_of(shape.tuple_shapes[0].with_layout(layout))
    return shape.with_layout(layout) if shape.is_array else shape


def _api_version(op: ir.Operation) -> int:
    """The API version; a dictionary `mhlo.backend_config` means typed FFI, as in XLA's exporter."""
    if isinstance(A.get(op, "mhlo.backend_config"), ir.DictAttr):
        return 4
    attr = A.get(op, "api_version")
    if attr is None:
        return 1
    if isinstance(attr, ir.IntegerAttr):
        return attr.value
    word = A.enum_word(attr)
    return {name: number for number, name in API_VERSIONS.items()}.get(word or "", 1)


def _backend_config(op: ir.Operation, api_version: int) -> object | None:
    """The HLO backend_config: a string, or a dictionary's MLIR text printed raw (the text it was
    imported from, `BACKEND_CONFIG_TEXT`, while the dictionary still reads as that text)."""
    verbatim = _verbatim_config(op) if api_version == 4 else None
    if verbatim is not None:
        return verbatim or None
    for name in ("mhlo.backend_config", "backend_config"):
        attr = A.get(op, name)
        if attr is None:
            continue
        if isinstance(attr, ir.StringAttr):
            if value := A.raw_string(attr):
                return value
            continue
        if isinstance(attr, ir.DictAttr):
            if api_version != 4:
                raise TranslateError("a dictionary backend_config needs api_version 4 (typed FFI)")
            return str(attr)
    return "{}" if api_version == 4 else None


def _verbatim_config(op: ir.Operation) -> str | None:
    marker = A.get(op, BACKEND_CONFIG_TEXT)
    if not isinstance(marker, ir.StringAttr):
        return None
    text = A.string(marker)
    current = A.get(op, "backend_config")
    try:
        imported = ir.Attribute.parse(text or "{}")
    except ir.MLIRError:  # a text that is no MLIR travels alone
        return text if current is None else None
    return text if str(imported) == str(current if current is not None else ir.DictAttr.get({})) else None


def _one_tuple(op: ir.Operation, result: Shape) -> Shape | None:
    """The 1-tuple shape `xla_shape` gives a custom call whose one result is its element."""
    given = A.hlo_shape(op, XLA_SHAPE)
    if given is None or not given.is_tuple or len(given.tuple_shapes) != 1 or len(op.results) != 1:
        return None
    if given.tuple_shapes[0].without_layouts() != result.without_layouts():
        return None  # not the importer's mark: XLA's own `xla_shape` (the result's layouts), read elsewhere
    return Shape.tuple_of([result])


def carried_attributes(op: ir.Operation) -> dict[str, object]:
    """The HLO attributes a custom call carries in their text (`CUSTOM_CALL_ATTRIBUTES`)."""
    attrs: dict[str, object] = {}
    for name, value in A.dictionary(A.get(op, CUSTOM_CALL_ATTRIBUTES)).items():
        try:
            attrs[name] = parse_attribute(name, A.string(value))
        except TranslateError as err:
            raise TranslateError(f"bad {CUSTOM_CALL_ATTRIBUTES} entry {name}: {err.message}") from None
    return attrs


@handles("stablehlo.custom_call")
def _custom_call(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    target = A.string(op.attributes["call_target_name"])
    if target == "Sharding" and A.has(op, SHARDING_COPY):  # the importer's form of a copy with a sharding
        return [b.add("copy", b.result_shape(op), b.operands(op))]
    special = None if A.has(op, PLAIN_CUSTOM_CALL) else CUSTOM_CALL_HANDLERS.get(target)
    if special is not None:
        return special(b, op)
    return generic_custom_call(b, op, target)


def generic_custom_call(b: Builder, op: ir.Operation, target: str) -> list[HloInstruction]:
    """The HLO custom-call of a `stablehlo.custom_call`, every attribute carried over."""
    api_version = _api_version(op)
    operands = b.operands(op)
    result_shapes = [b.shape(r) for r in op.results]
    result_layouts = _layouts(A.get(op, "result_layouts"))
    if result_layouts is not None:
        result_shapes = [_with_layout(s, lay) for s, lay in zip(result_shapes, result_layouts)]
    shape = result_shapes[0] if len(result_shapes) == 1 else Shape.tuple_of(result_shapes)
    one_tuple = _one_tuple(op, shape)
    if one_tuple is not None:
        shape = one_tuple
    attrs: dict[str, object] = {"custom_call_target": target, **carried_attributes(op)}
    if A.boolean(A.get(op, "has_side_effect")):
        attrs["custom_call_has_side_effect"] = True
    operand_layouts = _layouts(A.get(op, "operand_layouts"))
    if operand_layouts is not None:
        shapes = ", ".join(_with_layout(o.shape, lay).to_text() for o, lay in zip(operands, operand_layouts))
        attrs["operand_layout_constraints"] = RawAttr("{" + shapes + "}")
    aliases = A.get(op, "output_operand_aliases")
    if aliases is not None and len(ir.ArrayAttr(aliases)):
        entries = []
        for a in ir.ArrayAttr(aliases):
            alias = stablehlo.OutputOperandAlias(a)
            entries.append(
                OutputOperandAlias(
                    tuple(alias.output_tuple_indices), alias.operand_index, tuple(alias.operand_tuple_indices)
                )
            )
        attrs["output_to_operand_aliasing"] = tuple(entries)
    if target in BUFFER_BOUNDARY_TARGETS and "output_to_operand_aliasing" not in attrs:
        # XLA requires the alias of a Pin's or Unpin's result to its operand (buffer shapes); its
        # converter adds it the same way
        attrs["output_to_operand_aliasing"] = (OutputOperandAlias((), 0, ()),)
    if attrs.get("output_to_operand_aliasing") == ():  # carried as `{}` (a Pin read without one): none
        del attrs["output_to_operand_aliasing"]
    called = A.get(op, "called_computations")
    if called is not None and len(ir.ArrayAttr(called)):
        attrs["called_computations"] = tuple(function_computation(b.ctx, A.symbol(c)) for c in ir.ArrayAttr(called))
    if api_version != 1:
        attrs["api_version"] = Enum(API_VERSIONS.get(api_version, "API_VERSION_UNSPECIFIED"))
    config = _backend_config(op, api_version)
    if config is not None:
        attrs["backend_config"] = config
    instr = b.add("custom-call", shape, operands, attrs)
    if A.has(op, CUSTOM_CALL_ATTRIBUTES):
        b.ctx.carried.append(instr)  # what the verifier says of the carried HLO text is the input's fault
    if not op.results:
        b.ctx.pinned.add(id(instr))  # an op without results is there for what it does: not dead code
    if len(op.results) == 1 and one_tuple is None:
        return [instr]
    # XLA's Shardy round-trip markers keep their xla.sdy.* attributes off the get-tuple-elements.
    plain = target.startswith("xla.sdy.")
    return [b.gte(instr, i, plain=plain) for i in range(len(op.results))]


@handles_custom_call("ApproxTopK")
def _approx_top_k(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    """The fallback of `ApproxTopK`: sort the inputs along `reduction_dim` with the comparator, keep the
    first `top_k` (XLA's `ApproxTopKFallback` with `aggregate_to_topk`); other forms stay a custom-call."""
    config = A.get(op, "mhlo.backend_config") or A.get(op, "backend_config")
    options = A.dictionary(config) if isinstance(config, ir.DictAttr) else {}
    called = A.get(op, "called_computations")
    count = len(op.results)
    if (
        not (A.boolean(options.get("is_fallback")) and A.boolean(options.get("aggregate_to_topk")))
        or called is None
        or len(ir.ArrayAttr(called)) != 1
        or len(op.operands) != 2 * count
    ):
        return generic_custom_call(b, op, "ApproxTopK")
    dimension, top_k = A.integer(options.get("reduction_dim"), -1), A.integer(options.get("top_k"), -1)
    inputs = b.operands(op)[:count]
    rank = inputs[0].shape.rank
    if not 0 <= dimension < rank or not 0 <= top_k <= inputs[0].shape.dimensions[dimension]:
        raise TranslateError(f"ApproxTopK with reduction_dim={dimension}, top_k={top_k} on {inputs[0].shape.to_text()}")
    comparator = function_computation(b.ctx, A.symbol(ir.ArrayAttr(called)[0]))
    shape = inputs[0].shape if count == 1 else Shape.tuple_of([i.shape for i in inputs])
    sort = b.add("sort", shape, inputs, {"dimensions": (dimension,), "is_stable": True, "to_apply": comparator})
    sorted_values = [sort] if count == 1 else [b.gte(sort, i) for i in range(count)]
    results = []
    for value, result in zip(sorted_values, op.results):
        dims = tuple(SliceDim(0, top_k if d == dimension else size, 1) for d, size in enumerate(value.shape.dimensions))
        results.append(b.add("slice", b.shape(result), [value], {"slice": dims}))
    return results
