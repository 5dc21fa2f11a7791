"""Module-level facts of an HloModule as attributes of the MLIR module and of `@main`.

- module name → `sym_name`; `num_partitions`/`replica_count` → `mhlo.num_partitions`/`mhlo.num_replicas`;
- module frontend attributes → `mhlo.frontend_attributes`;
- a non-default entry computation layout → `mhlo.xla_entry_computation_parameter_layouts` /
  `mhlo.xla_entry_computation_result_layout` (minor-to-major as `tensor<Nxindex>`, nested for tuples);
- `is_scheduled=true` → `xla.is_scheduled` (the schedule itself is the order of the ops);
- `input_output_alias` → `tf.aliasing_output` on the aliased (flattened) argument; buffer donors →
  `jax.buffer_donor`; entry parameter / root shardings → `mhlo.sharding` argument / result attributes;
  entry parameter frontend attributes (e.g. `xla.sdy.sharding`) → `mhlo.frontend_attributes`;
  the parameters of called computations keep theirs the same way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from jaxlib.mlir import ir
from jaxlib.mlir.dialects import func

from hlo_translate.errors import TranslateError
from hlo_translate.hlo.ir import Shape, default_layout
from hlo_translate.import_ import attrs as A
from hlo_translate.import_.trees import flat_shapes

if TYPE_CHECKING:
    from hlo_translate.hlo.ir import HloInstruction
    from hlo_translate.import_.importer import ModuleImporter


def set_module_attrs(importer: ModuleImporter) -> None:
    hlo = importer.hlo
    assert importer.module is not None
    op = importer.module.operation
    op.attributes["sym_name"] = ir.StringAttr.get(hlo.name)
    if "num_partitions" in hlo.header:
        op.attributes["mhlo.num_partitions"] = A.i32(int(hlo.header["num_partitions"]))
    if "replica_count" in hlo.header:
        op.attributes["mhlo.num_replicas"] = A.i32(int(hlo.header["replica_count"]))
    if hlo.frontend_attributes is not None and hlo.frontend_attributes.items:
        op.attributes["mhlo.frontend_attributes"] = A.frontend_attributes(hlo.frontend_attributes)
    if hlo.is_scheduled:
        op.attributes["xla.is_scheduled"] = ir.BoolAttr.get(True)
    layout = hlo.entry_computation_layout
    if layout is not None and not all(_is_default(s) for s in (*layout.parameters, layout.result)):
        # One per function argument, the leaves of tuple parameters (as XLA's importer writes them)
        op.attributes["mhlo.xla_entry_computation_parameter_layouts"] = ir.ArrayAttr.get(
            [_layout_attr(leaf) for s in layout.parameters for leaf in flat_shapes(s)]
        )
        result = layout.result
        if result.is_tuple and any(s.is_tuple for s in result.tuple_shapes):  # nested: one per function result
            result_attr: ir.Attribute = ir.ArrayAttr.get([_layout_attr(leaf) for leaf in flat_shapes(result)])
        else:
            result_attr = _layout_attr(result)
        op.attributes["mhlo.xla_entry_computation_result_layout"] = result_attr


def _is_default(shape: Shape) -> bool:
    if shape.is_tuple:
        return all(_is_default(s) for s in shape.tuple_shapes)
    if not shape.is_array or shape.layout is None:
        return True
    return shape.layout == default_layout(shape.rank)


def _layout_attr(shape: Shape) -> ir.Attribute:
    if shape.is_tuple:
        return ir.ArrayAttr.get([_layout_attr(s) for s in shape.tuple_shapes])
    if not shape.is_array:
        return A.dense_index([])
    layout = shape.layout or default_layout(shape.rank)
    return A.dense_index(list(layout.minor_to_major))


def _flat_index(shape: Shape, index: tuple[int, ...]) -> int:
    """The position of tuple element `index` among the flattened leaves of `shape`."""
    position = 0
    for i in index:
        if not shape.is_tuple or i >= len(shape.tuple_shapes):
            raise TranslateError(f"tuple index {index} does not exist in shape {shape.to_text()}")
        position += sum(len(flat_shapes(s)) for s in shape.tuple_shapes[:i])
        shape = shape.tuple_shapes[i]
    return position


def set_entry_attrs(importer: ModuleImporter, main: func.FuncOp) -> None:
    entry = importer.hlo.entry
    assert entry is not None and entry.root is not None
    params = importer.parameters(entry)
    offsets: list[int] = []
    total = 0
    for p in params:
        offsets.append(total)
        total += len(flat_shapes(p.shape))
    arg_attrs: list[dict[str, ir.Attribute]] = [{} for _ in range(total)]
    for alias in importer.hlo.input_output_alias:
        arg = offsets[alias.parameter_number] + _flat_index(params[alias.parameter_number].shape, alias.parameter_index)
        arg_attrs[arg]["tf.aliasing_output"] = A.i32(_flat_index(entry.root.shape, alias.output_index))
    for donor in importer.hlo.buffer_donor:
        arg = offsets[donor.parameter_number] + _flat_index(params[donor.parameter_number].shape, donor.parameter_index)
        arg_attrs[arg]["jax.buffer_donor"] = ir.BoolAttr.get(True)
    _parameter_attrs(params, offsets, arg_attrs)
    if any(arg_attrs):
        main.arg_attrs = ir.ArrayAttr.get([ir.DictAttr.get(d) for d in arg_attrs])
    root_sharding = entry.root.attributes.get("sharding")
    if root_sharding is not None:
        results = _result_shardings(entry.root.shape, root_sharding)
        if results is not None:
            main.result_attrs = ir.ArrayAttr.get(
                [ir.DictAttr.get({"mhlo.sharding": ir.StringAttr.get(s)}) for s in results]
            )


def set_parameter_attrs(parameters: list[HloInstruction], function: func.FuncOp) -> None:
    """Parameter shardings and frontend attributes (e.g. ``xla.sdy.sharding``) of a called
    computation (its `parameters`, in order) -> its function's argument attributes, as for the entry."""
    offsets: list[int] = []
    total = 0
    for p in parameters:
        offsets.append(total)
        total += len(flat_shapes(p.shape))
    arg_attrs: list[dict[str, ir.Attribute]] = [{} for _ in range(total)]
    _parameter_attrs(parameters, offsets, arg_attrs)
    if any(arg_attrs):
        function.arg_attrs = ir.ArrayAttr.get([ir.DictAttr.get(d) for d in arg_attrs])


def _parameter_attrs(
    params: list[HloInstruction], offsets: list[int], arg_attrs: list[dict[str, ir.Attribute]]
) -> None:
    for p, offset in zip(params, offsets):
        sharding = p.attributes.get("sharding")
        if sharding is not None and not p.shape.is_tuple:
            arg_attrs[offset]["mhlo.sharding"] = ir.StringAttr.get(A.sharding_text(sharding))
        frontend = p.frontend_attributes
        if frontend is not None and frontend.items and not p.shape.is_tuple:
            arg_attrs[offset]["mhlo.frontend_attributes"] = A.frontend_attributes(frontend)


def _result_shardings(shape: Shape, sharding: object) -> list[str] | None:
    """One sharding string per flat result: tuple shardings are split per element."""
    n = len(flat_shapes(shape))
    elements = getattr(sharding, "tuple_shardings", None) or getattr(sharding, "tuple_elements", None)
    if shape.is_tuple:
        if elements is not None and len(elements) == n:
            return [A.sharding_text(e) for e in elements]
        text = A.sharding_text(sharding)
        if not text.startswith("{{"):  # one sharding for every element
            return [text] * n
        return None
    return [A.sharding_text(sharding)]
