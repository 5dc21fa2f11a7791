"""The entry computation layout of an exported module.

Three sources, later ones winning per parameter/result:
- the module attributes `mhlo.xla_entry_computation_parameter_layouts` /
  `mhlo.xla_entry_computation_result_layout` (what XLA's importer writes and XLA's converter reads:
  minor-to-major as `dense<[...]> : tensor<Nxindex>`, an array of those for a tuple);
- `mhlo.layout_mode = "{1,0}"` on an argument or result of @main (JAX's form; "default" and "auto"
  leave the default layout). XLA's own converter ignores layout_mode (JAX applies it when it
  compiles); we write it into the entry computation layout so the HLO module keeps it.
The parameter instructions keep the default layout, as in XLA's converter.
"""

from __future__ import annotations

from jaxlib.mlir import ir

from hlo_translate.errors import TranslateError
from hlo_translate.export import mlir_attrs as A
from hlo_translate.hlo.ir import ComputationLayout, HloComputation, Layout, Shape
from hlo_translate.hlo.text import parse_layout


def _apply(shape: Shape, attr: ir.Attribute) -> Shape:
    """`shape` with the layout(s) of an index-tensor (or nested array) attribute."""
    if shape.is_tuple:
        if not isinstance(attr, ir.ArrayAttr) or len(attr) != len(shape.tuple_shapes):
            raise TranslateError(f"entry layout {attr} does not match the tuple shape {shape.to_text()}")
        return Shape.tuple_of([_apply(s, a) for s, a in zip(shape.tuple_shapes, A.elements(attr))])
    if not shape.is_array:
        return shape
    minor_to_major = A.i64_list(attr)
    if sorted(minor_to_major) != list(range(shape.rank)):
        raise TranslateError(
            f"entry layout {{{','.join(map(str, minor_to_major))}}} is not a permutation "
            f"of the dimensions of {shape.to_text()}"
        )
    return shape.with_layout(Layout(minor_to_major))


def with_minor_to_major(shape: Shape, minor_to_major: list[int], what: str) -> Shape:
    """`shape` with the layout `minor_to_major`, which must order its dimensions (`what` names the attribute:
    XLA's verifier refuses any other layout, and the StableHLO verifier does not check every op's)."""
    if sorted(minor_to_major) != list(range(shape.rank)):
        raise TranslateError(
            f"{what} {{{','.join(map(str, minor_to_major))}}} is not a permutation of the "
            f"dimensions of {shape.to_text(print_layout=False)}"
        )
    return shape.with_layout(Layout(minor_to_major))


def _layout_mode(shape: Shape, attrs: dict[str, ir.Attribute]) -> Shape | None:
    mode = attrs.get("mhlo.layout_mode")
    if mode is None or not shape.is_array:
        return None
    text = A.string(mode).strip()
    if text in ("default", "auto", ""):
        return None
    try:
        layout = parse_layout(text)
    except Exception:
        raise TranslateError(f"mhlo.layout_mode '{text}' is neither default, auto nor a layout") from None
    if sorted(layout.minor_to_major) != list(range(shape.rank)):
        raise TranslateError(f"mhlo.layout_mode '{text}' does not fit {shape.to_text()}")
    return shape.with_layout(layout)


def _attr_dicts(func: ir.Operation, name: str, count: int) -> list[dict[str, ir.Attribute]]:
    attr = A.get(func, name)
    return [A.dictionary(a) for a in A.elements(attr)] if attr is not None else [{}] * count


def entry_layout(module_op: ir.Operation, main: ir.Operation, entry: HloComputation) -> ComputationLayout | None:
    """The entry computation layout these attributes ask for, or None for all-default."""
    params, result = entry.program_shape()
    params, changed = list(params), False
    param_layouts = A.get(module_op, "mhlo.xla_entry_computation_parameter_layouts")
    if param_layouts is not None:
        entries = A.elements(param_layouts)
        if len(entries) != len(params):
            raise TranslateError(f"{len(entries)} entry parameter layouts for {len(params)} parameters")
        params, changed = [_apply(p, a) for p, a in zip(params, entries)], True
    result_layout = A.get(module_op, "mhlo.xla_entry_computation_result_layout")
    if result_layout is not None:
        result, changed = _apply(result, result_layout), True
    for i, attrs in enumerate(_attr_dicts(main, "arg_attrs", len(params))):
        if i < len(params) and (shape := _layout_mode(params[i], attrs)) is not None:
            params[i], changed = shape, True
    results = list(result.tuple_shapes) if result.is_tuple else [result]
    res_attrs = _attr_dicts(main, "res_attrs", len(results))
    if len(res_attrs) == len(results):
        for i, attrs in enumerate(res_attrs):
            if (shape := _layout_mode(results[i], attrs)) is not None:
                results[i], changed = shape, True
        result = Shape.tuple_of(results) if result.is_tuple else results[0]
    return ComputationLayout(tuple(params), result) if changed else None
