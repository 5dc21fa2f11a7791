"""Save a Shardy module in XLA's Shardy round-trip form, the form HLO carries it in.

XLA's StableHLO -> HLO converter keeps the Shardy view of a module as strings beside the GSPMD
shardings, so that XLA's compiler (and ``round_trip.lift_sdy_round_trip``) can re-import it.
This pass writes the same form, in place, before the GSPMD export (``exporter``) runs:

* the ``sdy.mesh`` ops -> module ``mhlo.frontend_attributes = {xla.sdy.meshes = "{...}"}``
  (meshes equal to an earlier one are merged into it, as XLA does);
* ``sdy.sharding`` on function arguments and ops -> ``xla.sdy.sharding`` frontend attributes (the
  ``sdy.sharding`` stays for the GSPMD export); ``sdy.sharding_rule`` -> ``xla.sdy.sharding_rule``;
* a function result's sharding -> ``custom_call @xla.sdy.FuncResultSharding`` on the returned value;
* ``sdy.sharding_constraint`` keeps an ``xla.sdy.sharding`` for its ``Sharding`` custom call;
* ``sdy.propagation_barrier`` -> ``custom_call @xla.sdy.PropagationBarrier``
  (``xla.sdy.allowed_direction``), ``sdy.sharding_group`` -> ``custom_call @xla.sdy.ShardingGroup``
  (``xla.sdy.sharding_group_id``);
* ``sdy.manual_computation`` -> ``custom_call @xla.sdy.GlobalToLocalShape`` (``xla.sdy.in_shardings``,
  ``xla.sdy.manual_axes``), ``call @xla.sdy.manual_computation_body*``, ``custom_call
  @xla.sdy.LocalToGlobalShape`` (``xla.sdy.out_shardings``, ``xla.sdy.manual_axes``);
* an explicit collective (``sdy.all_gather``, ...; XLA's converter rejects them) is exported by
  ``exporter`` as the ``Sharding`` custom call of its ``out_sharding``; here it gets
  ``xla.sdy.sharding`` plus ``xla.sdy.collective`` (the op) and ``xla.sdy.collective_attributes``;
* ``sdy.named_computation`` (which XLA's converter rejects) -> a ``call`` of a function named after
  it, its shardings on that function's arguments and results, the call marked
  ``xla.sdy.named_computation = "<name>"``.
"""

from __future__ import annotations

import re

from jaxlib.mlir import ir
from jaxlib.mlir.dialects import func as func_dialect
from jaxlib.mlir.dialects import sdy, stablehlo

from hlo_translate.shardy import mlir_util as U
from hlo_translate.shardy.exporter import EXPLICIT_COLLECTIVES, GSPMD_ONLY
from hlo_translate.shardy.round_trip import (
    ALLOWED_DIRECTION,
    BODY_PREFIXES,
    COLLECTIVE,
    COLLECTIVE_ATTRIBUTES,
    FUNC_RESULT_SHARDING,
    GLOBAL_TO_LOCAL,
    GROUP_ID,
    IN_SHARDINGS,
    LOCAL_TO_GLOBAL,
    MANUAL_AXES,
    MESHES,
    NAMED_COMPUTATION,
    OUT_SHARDINGS,
    PROPAGATION_BARRIER,
    SHARDING,
    SHARDING_GROUP,
    SHARDING_RULE,
)

_SDY_RULE = "sdy.sharding_rule"


def save_sdy_round_trip(module: ir.Module) -> bool:
    """Rewrite ``module`` in place (see the module docstring); False when it has nothing of Shardy
    (no ``sdy.mesh``, no ``sdy.*`` op)."""
    return _Saver(module).run()


class _Saver:
    def __init__(self, module: ir.Module) -> None:
        self.module = module
        self.renames: dict[str, str] = {}

    def run(self) -> bool:
        meshes = [op.operation for op in self.module.body.operations if op.operation.name == "sdy.mesh"]
        if meshes:
            self._save_meshes(meshes)
        elif not self._has_sdy_ops():
            return False
        # Without a mesh (a sharding group, a propagation barrier alone) XLA writes no `xla.sdy.meshes`.
        for op in self._innermost_first("sdy.named_computation"):
            self._outline_named_computation(op)
        for op in self._innermost_first("sdy.manual_computation"):
            self._outline_manual_computation(op)
        for func in U.functions(self.module):
            self._save_function(func)
            for op in U.walk(func):
                self._save_op(op)
        return True

    def _text(self, attr: ir.Attribute) -> ir.StringAttr:
        """An sdy attribute as XLA writes it in a frontend attribute, merged meshes renamed."""
        text = str(attr)
        for old, new in self.renames.items():
            text = re.sub(rf"@{re.escape(old)}(?![\w.$-])", "@" + new, text)
        return ir.StringAttr.get(text)

    def _save_meshes(self, meshes: list[ir.Operation]) -> None:
        kept: dict[str, ir.Attribute] = {}
        for op in meshes:
            name, attr = U.symbol_name(op), op.attributes["mesh"]
            same = next((n for n, a in kept.items() if a == attr), None)
            if same is not None:
                self.renames[name] = same
            else:
                kept[name] = attr
        _set_frontend(self.module.operation, MESHES, ir.StringAttr.get(str(ir.DictAttr.get(kept))))

    def _has_sdy_ops(self) -> bool:
        return any(op.name.startswith("sdy.") for func in U.functions(self.module) for op in U.walk(func))

    def _innermost_first(self, name: str) -> list[ir.Operation]:
        found = [op for func in U.functions(self.module) for op in U.walk(func) if op.name == name]
        return found[::-1]  # pre-order reversed: nested ones come before their parents

    # Functions and ops -----------------------------------------------------------------------

    def _save_function(self, func: ir.Operation) -> None:
        dicts = U.attr_dicts(func, "arg_attrs")
        for attrs in dicts:
            if U.SDY_SHARDING in attrs:
                _set_dict_frontend(attrs, SHARDING, self._text(attrs[U.SDY_SHARDING]))
        U.set_attr_dicts(func, "arg_attrs", dicts)
        results = U.attr_dicts(func, "res_attrs")
        terminator = list(func.regions[0].blocks[0].operations)[-1]
        for index, attrs in enumerate(results):
            if U.SDY_SHARDING not in attrs:
                continue
            value = terminator.operands[index]
            with ir.InsertionPoint(terminator), terminator.location:
                marker = _custom_call(FUNC_RESULT_SHARDING, [value], [value.type])
            per_value = sdy.TensorShardingPerValueAttr.get([attrs[U.SDY_SHARDING]])
            _set_frontend(marker.operation, SHARDING, self._text(per_value))
            terminator.operands[index] = marker.results[0]

    def _save_op(self, op: ir.Operation) -> None:
        if _SDY_RULE in op.attributes:
            _set_frontend(op, SHARDING_RULE, self._text(op.attributes[_SDY_RULE]))
            del op.attributes[_SDY_RULE]
        if op.name == "sdy.sharding_constraint":
            per_value = sdy.TensorShardingPerValueAttr.get([op.attributes["sharding"]])
            _set_frontend(op, SHARDING, self._text(per_value))
        elif op.name in EXPLICIT_COLLECTIVES:
            self._save_collective(op)
        elif GSPMD_ONLY in op.attributes:
            del op.attributes[GSPMD_ONLY]
        elif U.SDY_SHARDING in op.attributes:
            _set_frontend(op, SHARDING, self._text(op.attributes[U.SDY_SHARDING]))
        if op.name == "sdy.propagation_barrier":
            self._replace_barrier(op)
        elif op.name == "sdy.sharding_group":
            self._replace_group(op)

    def _save_collective(self, op: ir.Operation) -> None:
        """The collective's name and attributes beside its out_sharding (its `Sharding` custom call's)."""
        per_value = sdy.TensorShardingPerValueAttr.get([op.attributes["out_sharding"]])
        _set_frontend(op, SHARDING, self._text(per_value))
        _set_frontend(op, COLLECTIVE, ir.StringAttr.get(op.name))
        rest = {name: op.attributes[name] for name in op.attributes if name not in ("out_sharding", U.FRONTEND_ATTRS)}
        _set_frontend(op, COLLECTIVE_ATTRIBUTES, self._text(ir.DictAttr.get(rest)))

    def _replace_barrier(self, op: ir.Operation) -> None:
        value = op.operands[0]
        with ir.InsertionPoint(op), op.location:
            barrier = _custom_call(PROPAGATION_BARRIER, [value], [value.type])
        _copy_frontend(op, barrier.operation)
        # The direction enum is an i32 attribute; XLA writes it as such ("1 : i32").
        _set_frontend(barrier.operation, ALLOWED_DIRECTION, ir.StringAttr.get(str(op.attributes["allowed_direction"])))
        op.results[0].replace_all_uses_with(barrier.results[0])
        U.erase(op)

    def _replace_group(self, op: ir.Operation) -> None:
        with ir.InsertionPoint(op), op.location:
            group = _custom_call(SHARDING_GROUP, [op.operands[0]], [ir.TupleType.get_tuple([])])
        _set_frontend(group.operation, GROUP_ID, ir.StringAttr.get(str(op.attributes["group_id"])))
        U.erase(op)

    # Regions ---------------------------------------------------------------------------------

    def _outline_manual_computation(self, op: ir.Operation) -> None:
        block = op.regions[0].blocks[0]
        local_in = [arg.type for arg in block.arguments]
        local_out = [v.type for v in list(block.operations)[-1].operands]
        name = U.outline_block(self.module, block, BODY_PREFIXES[0], op.location)
        axes = self._text(op.attributes["manual_axes"])
        with ir.InsertionPoint(op), op.location:
            operands = list(op.operands)
            if operands:
                to_local = _custom_call(GLOBAL_TO_LOCAL, operands, local_in)
                _set_frontend(to_local.operation, IN_SHARDINGS, self._text(op.attributes["in_shardings"]))
                _set_frontend(to_local.operation, MANUAL_AXES, axes)
                operands = list(to_local.results)
            call = func_dialect.CallOp(local_out, ir.FlatSymbolRefAttr.get(name), operands)
            _set_frontend(call.operation, "inlineable", ir.StringAttr.get("xla_late"))
            results = list(call.results)
            if results:
                to_global = _custom_call(LOCAL_TO_GLOBAL, results, [r.type for r in op.results])
                _set_frontend(to_global.operation, MANUAL_AXES, axes)
                _set_frontend(to_global.operation, OUT_SHARDINGS, self._text(op.attributes["out_shardings"]))
                results = list(to_global.results)
        for old, new in zip(op.results, results):
            old.replace_all_uses_with(new)
        U.erase(op)

    def _outline_named_computation(self, op: ir.Operation) -> None:
        block = op.regions[0].blocks[0]
        label = ir.StringAttr(op.attributes["name"]).value
        name = U.outline_block(self.module, block, label, op.location)
        func = U.lookup_function(self.module, name)
        assert func is not None
        for kind, key in (("arg_attrs", "in_shardings"), ("res_attrs", "out_shardings")):
            if key in op.attributes:
                shardings = sdy.TensorShardingPerValueAttr(op.attributes[key]).shardings
                U.set_attr_dicts(func, kind, [{U.SDY_SHARDING: s} for s in shardings])
        with ir.InsertionPoint(op), op.location:
            call = func_dialect.CallOp([r.type for r in op.results], ir.FlatSymbolRefAttr.get(name), list(op.operands))
        _copy_frontend(op, call.operation)
        _set_frontend(call.operation, NAMED_COMPUTATION, ir.StringAttr.get(label))
        for old, new in zip(op.results, call.results):
            old.replace_all_uses_with(new)
        U.erase(op)


def _custom_call(target: str, operands: list[ir.Value], result_types: list[ir.Type]) -> stablehlo.CustomCallOp:
    """A side-effecting custom call (XLA keeps the canonicalizer from merging these markers)."""
    return stablehlo.CustomCallOp(result_types, operands, target, has_side_effect=ir.BoolAttr.get(True))


def _set_frontend(op: ir.Operation, key: str, value: ir.Attribute) -> None:
    entries = U.dictionary(op.attributes[U.FRONTEND_ATTRS]) if U.FRONTEND_ATTRS in op.attributes else {}
    entries[key] = value
    op.attributes[U.FRONTEND_ATTRS] = ir.DictAttr.get(entries)


def _set_dict_frontend(attrs: dict[str, ir.Attribute], key: str, value: ir.Attribute) -> None:
    entries = U.dictionary(attrs[U.FRONTEND_ATTRS]) if U.FRONTEND_ATTRS in attrs else {}
    entries[key] = value
    attrs[U.FRONTEND_ATTRS] = ir.DictAttr.get(entries)


def _copy_frontend(source: ir.Operation, target: ir.Operation) -> None:
    if U.FRONTEND_ATTRS in source.attributes:
        for key, value in U.dictionary(source.attributes[U.FRONTEND_ATTRS]).items():
            _set_frontend(target, key, value)
