"""The entry computation layout of an exported module.

Three sources, later ones winning per parameter/result:
- the module attributes `mhlo.xla_entry_computation_parameter_layouts` /
  `mhlo.xla_entry_computation_result_layout` (what XLA's importer writes and XLA's converter reads:
  minor-to-major as `dense<[...]> : tensor<Nxindex>`, an array of those for a tuple; an empty one keeps
  the default layout; a result layout of one element is that element), with their tiles in
  `mhlo.xla_entry_computation_parameter_tiles` / `..._result_tiles` (one array of tiles per array shape);
- `mhlo.layout_mode = "{1,0}"` on an argument or result of @main (JAX's form; "default" and "auto"
  leave the default layout). XLA's own converter ignores layout_mode (JAX applies it when it
  compiles); we write it into the entry computation layout so the HLO module keeps it.
The parameter instructions keep the default layout, as in XLA's converter.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from jaxlib.mlir import ir

from hlo_translate.errors import TranslateError
from hlo_translate.export import mlir_attrs as A
from hlo_translate.hlo.ir import ComputationLayout, HloComputation, Layout, Shape, Tile
from hlo_translate.hlo.text import parse_layout


def _apply(shape: Shape, attr: ir.Attribute) -> Shape:
    """`shape` with the layout(s) of an index-tensor (or nested array) attribute; an empty one keeps the
    default layout (XLA's converter: an empty layout is no layout)."""
    if shape.is_tuple:
        if not isinstance(attr, ir.ArrayAttr) or len(attr) != len(shape.tuple_shapes):
            raise TranslateError(f"entry layout {attr} does not match the tuple shape {shape.to_text()}")
        return Shape.tuple_of([_apply(s, a) for s, a in zip(shape.tuple_shapes, A.elements(attr))])
    if not shape.is_array:
        return shape
    minor_to_major = A.i64_list(attr)
    if not minor_to_major:
        return shape
    if sorted(minor_to_major) != list(range(shape.rank)):
        raise TranslateError(
            f"entry layout {{{','.join(map(str, minor_to_major))}}} is not a permutation "
            f"of the dimensions of {shape.to_text()}"
        )
    return shape.with_layout(Layout(minor_to_major))


def _apply_tiles(shape: Shape, attr: ir.Attribute) -> Shape:
    """`shape` with the tiles of a tiles attribute: for an array, an array of index tensors (its tiles, in
    order; none keeps its layout); for a tuple, one such entry per element."""
    if shape.is_tuple:
        if not isinstance(attr, ir.ArrayAttr) or len(attr) != len(shape.tuple_shapes):
            raise TranslateError(f"entry tiles {attr} do not match the tuple shape {shape.to_text()}")
        return Shape.tuple_of([_apply_tiles(s, a) for s, a in zip(shape.tuple_shapes, A.elements(attr))])
    tiles = tuple(Tile(tuple(A.i64_list(t))) for t in A.elements(attr)) if isinstance(attr, ir.ArrayAttr) else ()
    if not tiles or not shape.is_array:
        return shape
    layout = shape.layout or Layout(tuple(range(shape.rank - 1, -1, -1)))
    return shape.with_layout(replace(layout, tiles=tiles))


def _result_entry(attr: ir.Attribute, shape: Shape, tiles: bool = False) -> ir.Attribute:
    """A result layout (or tiles) attribute: an array of one element stands for that element (XLA's rule,
    as its export tests write it), unless only the array itself fits the result's tuple structure (our
    importer's form for a result tuple of one element). A nested tuple's layouts may come one per leaf (XLA's
    importer and ours: one per function result)."""
    if not tiles and _per_leaf(attr, shape):
        return _nested(shape, iter(A.elements(attr)))
    if isinstance(attr, ir.ArrayAttr) and len(attr) == 1:
        element = A.elements(attr)[0]
        if _fits(element, shape, tiles) or not _fits(attr, shape, tiles):
            return element
    return attr


def _per_leaf(attr: ir.Attribute, shape: Shape) -> bool:
    return (
        shape.is_tuple
        and any(s.is_tuple for s in shape.tuple_shapes)
        and isinstance(attr, ir.ArrayAttr)
        and len(attr) == len(shape.leaves())
        and not any(isinstance(e, ir.ArrayAttr) for e in A.elements(attr))
    )


def _nested(shape: Shape, leaves: Iterator[ir.Attribute]) -> ir.Attribute:
    if shape.is_tuple:
        return ir.ArrayAttr.get([_nested(s, leaves) for s in shape.tuple_shapes])
    return next(leaves)


def _fits(attr: ir.Attribute, shape: Shape, tiles: bool) -> bool:
    """Whether `attr` has the nesting of `shape` (an array's tiles are an array too)."""
    if shape.is_tuple:
        return (
            isinstance(attr, ir.ArrayAttr)
            and len(attr) == len(shape.tuple_shapes)
            and all(_fits(a, s, tiles) for a, s in zip(A.elements(attr), shape.tuple_shapes))
        )
    return tiles or not isinstance(attr, ir.ArrayAttr)


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
        every = Shape.tuple_of(params)
        if _per_leaf(param_layouts, every):  # XLA's importer: one layout per leaf of the tuple parameters
            entries = A.elements(_nested(every, iter(entries)))
        if len(entries) != len(params):
            raise TranslateError(f"{len(entries)} entry parameter layouts for {len(params)} parameters")
        params, changed = [_apply(p, a) for p, a in zip(params, entries)], True
    param_tiles = A.get(module_op, "mhlo.xla_entry_computation_parameter_tiles")
    if param_tiles is not None:
        entries = A.elements(param_tiles)
        if len(entries) != len(params):
            raise TranslateError(f"{len(entries)} entry parameter tiles for {len(params)} parameters")
        params, changed = [_apply_tiles(p, a) for p, a in zip(params, entries)], True
    result_layout = A.get(module_op, "mhlo.xla_entry_computation_result_layout")
    if result_layout is not None:
        result, changed = _apply(result, _result_entry(result_layout, result)), True
    result_tiles = A.get(module_op, "mhlo.xla_entry_computation_result_tiles")
    if result_tiles is not None:
        result, changed = _apply_tiles(result, _result_entry(result_tiles, result, tiles=True)), True
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
