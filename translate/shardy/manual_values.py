"""The values around an XLA manual computation body call: tuple leaves, the markers that make and take
them, and their replacement once the call is lifted to ``sdy.manual_computation`` (``round_trip``)."""

from __future__ import annotations

from jaxlib.mlir import ir
from jaxlib.mlir.dialects import stablehlo

from hlo_translate.shardy import mlir_util as U

# XLA's HLO importer gives multi-value custom calls a tuple result taken apart by get_tuple_element.
GET_TUPLE_ELEMENT = "stablehlo.get_tuple_element"


def producer(call: ir.Operation, target: str) -> ir.Operation | None:
    for value in call.operands:
        if not isinstance(value, ir.OpResult):
            continue
        op = value.owner.operation
        while op.name == GET_TUPLE_ELEMENT and isinstance(op.operands[0], ir.OpResult):
            op = op.operands[0].owner.operation  # elements of (nested) tuples: X64 splits write those
        if U.custom_call_target(op) == target:
            return op
    return None


def is_zero_sized(type_: ir.Type) -> bool:
    return isinstance(type_, ir.RankedTensorType) and type_.has_static_shape and 0 in type_.shape


def position_in(value: ir.Value, to_local: ir.Operation | None) -> int | None:
    """Which leaf of ``to_local``'s results ``value`` is (a non-tuple result, or an element read with
    get_tuple_element, at any depth of nested tuples), counted in flattened order; None if none."""
    if to_local is None:
        return None
    path: list[int] = []
    while isinstance(value, ir.OpResult):
        op = value.owner.operation
        if op == to_local:
            offset = sum(leaf_count(r.type) for r in list(to_local.results)[: value.result_number])
            type_ = value.type
            for index in reversed(path):
                if not isinstance(type_, ir.TupleType) or index >= type_.num_types:
                    return None
                offset += sum(leaf_count(type_.get_type(j)) for j in range(index))
                type_ = type_.get_type(index)
            return None if isinstance(type_, ir.TupleType) else offset
        if op.name != GET_TUPLE_ELEMENT:
            return None
        path.append(ir.IntegerAttr(op.attributes["index"]).value)
        value = op.operands[0]
    return None


def leaf_count(type_: ir.Type) -> int:
    if isinstance(type_, ir.TupleType):
        return sum(leaf_count(type_.get_type(i)) for i in range(type_.num_types))
    return 1


def leaves(values: list[ir.Value]) -> list[ir.Value]:
    """``values`` with tuples flattened: a ``stablehlo.tuple``'s operands, else its elements read with
    new get_tuple_element ops (at the insertion point in force)."""
    out: list[ir.Value] = []
    for value in values:
        if not isinstance(value.type, ir.TupleType):
            out.append(value)
        elif isinstance(value, ir.OpResult) and value.owner.operation.name == "stablehlo.tuple":
            out += leaves(list(value.owner.operation.operands))
        else:
            tuple_type = value.type
            out += leaves([stablehlo.GetTupleElementOp(value, i).result for i in range(tuple_type.num_types)])
    return out


def consumer(call: ir.Operation, target: str) -> ir.Operation | None:
    for result in call.results:
        for use in result.uses:
            if U.custom_call_target(use.owner.operation) == target:
                return use.owner.operation
    return None


def flat_types(type_: ir.Type) -> list[ir.Type]:
    if isinstance(type_, ir.TupleType):
        return [type_.get_type(i) for i in range(type_.num_types)]
    return [type_]


def replace_results(op: ir.Operation, values: list[ir.Value]) -> None:
    """Replace ``op``'s results (or the elements of its one tuple result) by ``values``."""
    if len(op.results) == 1 and isinstance(op.results[0].type, ir.TupleType):
        for use in list(op.results[0].uses):
            element = use.owner.operation
            if element.name != GET_TUPLE_ELEMENT:
                raise U.error_at(element, "a tuple of the Shardy round trip is used other than by get_tuple_element")
            index = ir.IntegerAttr(element.attributes["index"]).value
            element.results[0].replace_all_uses_with(values[index])
            U.erase(element)
        return
    for old, new in zip(op.results, values):
        old.replace_all_uses_with(new)
