"""Shardy (``sdy.mesh``, ``sdy.sharding``, sdy ops) in a StableHLO module -> GSPMD ``mhlo.sharding``.

The inverse of ``importer``:

* ``sdy.sharding`` on function arguments and results, and ``#sdy.sharding_per_value`` on ops,
  become ``mhlo.sharding`` strings (a tuple sharding for ops with several results); a sharding
  with every dimension open and no axis is Shardy's "not decided yet" and becomes ``{unknown}``;
* ``sdy.sharding_constraint`` and ``sdy.reshard`` become ``custom_call @Sharding`` (open
  dimensions listed in ``backend_config = "unspecified_dims=[...]"``), and so do the explicit
  collectives (``sdy.all_gather``, ``sdy.all_slice``, ``sdy.all_reduce``, ``sdy.reduce_scatter``,
  ``sdy.collective_permute``, ``sdy.all_to_all``) with their ``out_sharding``: the value stays,
  its sharding changes, and XLA's partitioner emits the collective;
* ``sdy.manual_computation`` becomes JAX's mhlo form of shard_map: ``Sharding`` +
  ``SPMDFullToShardShape`` per operand, a call of a new private ``@shmap_body`` function,
  ``Sharding`` + ``SPMDShardToFullShape`` per result; shardings inside it get the manual axes as a
  ``manual`` subgroup;
* collectives whose ``replica_groups`` name mesh axes get explicit device groups;
* ``sdy.mesh`` ops and the other ``sdy.*`` attributes (sharding rules) are dropped.

A manual computation nested in another exports as JAX writes a nested shard_map: its global
shardings keep the enclosing manual axes, its local ones add its own. sdy ops with no GSPMD form
(sharding groups, named computations) are errors.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from math import prod

import numpy as np
from jaxlib.mlir import ir
from jaxlib.mlir.dialects import func as func_dialect
from jaxlib.mlir.dialects import stablehlo

from hlo_translate.errors import TranslateError
from hlo_translate.hlo.ir import OpMetadata
from hlo_translate.hlo.sharding import (
    AxisRef,
    DimSharding,
    HloSharding,
    Mesh,
    NamedSharding,
    ShardGroup,
    ShardGroupKind,
    canonicalize,
    with_metadata,
)
from hlo_translate.shardy import mlir_util as U
from hlo_translate.shardy.importer import FULL_TO_SHARD, MANUAL_AXES, SHARD_TO_FULL, SHARDING_TARGET
from hlo_translate.shardy.sdy_attrs import (
    ReadSharding,
    manual_axis_names,
    mesh_from_attr,
    read_per_value,
    read_sharding,
)
from hlo_translate.shardy.unreduced import OPS as UNREDUCED_OPS
from hlo_translate.shardy.unreduced import lower_to_manual

MANUAL_COMPUTATION = "sdy.manual_computation"
# Set by round_trip on a sharding lifted from a GSPMD string alone (XLA's result-sharding holder).
GSPMD_ONLY = "xla.gspmd_only_sharding"
# Set by round_trip on a constraint lifted from a `Sharding` custom call with an `xla.sdy.sharding` and no GSPMD
# string: written back in the round-trip form without one, as it was read.
SDY_ONLY = "xla.sdy_only_sharding"
# sdy ops that only annotate a value for propagation: the value passes through unchanged.
_PASS_THROUGH = ("sdy.propagation_barrier", "sdy.data_flow_edge")
# Shardy's explicit collectives keep the value and move it to `out_sharding`: in GSPMD terms a
# resharding, which XLA's partitioner carries out with the collective the op names.
EXPLICIT_COLLECTIVES = (
    "sdy.all_gather",
    "sdy.all_slice",
    "sdy.all_reduce",
    "sdy.reduce_scatter",
    "sdy.collective_permute",
    "sdy.all_to_all",
)
_CONSTRAINTS = ("sdy.sharding_constraint", "sdy.reshard", *EXPLICIT_COLLECTIVES)


def export_module_shardings(module: ir.Module) -> bool:
    """Rewrite ``module`` in place (see the module docstring); False when it had nothing of Shardy."""
    return _Exporter(module).run()


@dataclass(frozen=True)
class _Manual:
    """The manual axes in force at some point: their mesh and their indices in it."""

    mesh: Mesh | None = None
    axes: tuple[int, ...] = ()


class _Exporter:
    def __init__(self, module: ir.Module) -> None:
        self.module = module
        self.meshes: dict[str, Mesh] = {}
        self._written: dict[tuple[ReadSharding, _Manual], HloSharding] = {}

    def run(self) -> bool:
        mesh_ops = [op.operation for op in self.module.body.operations if op.operation.name == "sdy.mesh"]
        for op in mesh_ops:
            try:
                self.meshes[U.symbol_name(op)] = mesh_from_attr(op.attributes["mesh"])
            except TranslateError as err:
                raise U.error_at(op, err.message) from None
        touched = bool(mesh_ops)
        function_manual, to_unreduced = self._function_manual_axes()
        for op in to_unreduced:  # into manual computations (their helper functions have no shardings)
            lower_to_manual(op, self._read(op.attributes["out_sharding"], op), self.module)
            touched = True
        for func in U.functions(self.module):
            outer = function_manual.get(U.symbol_name(func), _Manual())
            touched |= self._convert_function(func, outer)
            for op in U.walk(func):
                try:
                    touched |= self._convert_op(op, outer)
                except RuntimeError as err:  # as the exporter's own loop: a string the bindings cannot hand
                    from hlo_translate.export.mlir_attrs import is_not_utf8  # the exporter: on this error only

                    if not is_not_utf8(err):  # over (an attribute parameter not UTF-8, fuzz seed 163)
                        raise
                    raise U.error_at(op, "a string attribute of the op is not valid UTF-8") from None
        for op, outer in self._manual_computations_innermost_first(function_manual):
            self._convert_manual_computation(op, outer)
            touched = True
        for op in mesh_ops:
            U.erase(op)
        return touched

    # Shardings -------------------------------------------------------------------------------

    def _gspmd(self, read: ReadSharding, manual: _Manual, where: ir.Operation) -> HloSharding:
        """The GSPMD sharding of one Shardy sharding, with ``manual`` axes as a manual subgroup."""
        key = (read, manual)
        if key not in self._written:  # modules repeat a few shardings many times
            self._written[key] = self._convert(read, manual, where)
        return self._written[key]

    def _convert(self, read: ReadSharding, manual: _Manual, where: ir.Operation) -> HloSharding:
        named = read.named
        if named.mesh.maximal_device is not None:
            return HloSharding.maximal(named.mesh.maximal_device)
        if read.fully_open and not manual.axes:
            return HloSharding.unknown()
        if manual.axes:
            axes = _manual_on(manual, named.mesh, where)
            if len(axes) == len(named.mesh.axes):
                return HloSharding.manual()  # every axis manual (size-1 ones too), as XLA's export
            named = _with_manual(named, axes, where)
        if (problem := named.validation_error()) is not None:
            raise U.error_at(where, f"invalid Shardy sharding {named.to_text(False)}: {problem}")
        sharding = canonicalize(HloSharding.from_named(replace(named, replicated_axes=())))
        if named.unreduced_axes and named.reduction_op != "sum":
            # GSPMD keeps the reduction of unreduced values as a metadata record (as XLA prints it).
            record = OpMetadata(op_type="sdy::reduction_op", op_name=named.reduction_op.upper())
            sharding = with_metadata(sharding, (record,))
        return sharding

    def _read(self, attr: ir.Attribute, where: ir.Operation) -> ReadSharding:
        try:
            return read_sharding(attr, self.meshes)
        except TranslateError as err:
            raise U.error_at(where, err.message) from None

    def _read_all(self, attr: ir.Attribute, where: ir.Operation) -> list[ReadSharding]:
        try:
            return read_per_value(attr, self.meshes)
        except TranslateError as err:
            raise U.error_at(where, err.message) from None

    def _convert_function(self, func: ir.Operation, manual: _Manual) -> bool:
        changed = False
        for kind in ("arg_attrs", "res_attrs"):
            dicts = U.attr_dicts(func, kind)
            for attrs in dicts:
                marked = attrs.pop(MANUAL_AXES, None)
                changed |= marked is not None
                if U.SDY_SHARDING in attrs:
                    read = self._read(attrs.pop(U.SDY_SHARDING), func)
                    here = self._with_marked(manual, marked, read, func)
                    attrs[U.MHLO_SHARDING] = ir.StringAttr.get(self._gspmd(read, here, func).to_text())
                    changed = True
                for key in [k for k in attrs if k.startswith("sdy.")]:
                    del attrs[key]
                    changed = True
            if changed:
                U.set_attr_dicts(func, kind, dicts)
        return changed

    def _convert_op(self, op: ir.Operation, outer: _Manual) -> bool:
        changed = False
        marked = U.get_attr(op, MANUAL_AXES)
        if marked is not None:
            del op.attributes[MANUAL_AXES]
            changed = True
        if U.SDY_SHARDING in op.attributes and op.name not in _CONSTRAINTS:
            manual = self._manual_at(op, outer)
            reads = self._read_all(op.attributes[U.SDY_SHARDING], op)
            shardings = [self._gspmd(r, self._with_marked(manual, marked, r, op), op) for r in reads]
            # one result: its sharding; none (a custom call's `()`) or several: a tuple of the shardings
            single = len(shardings) == 1 and len(op.results) == 1
            sharding = shardings[0] if single else HloSharding.tuple(shardings)
            del op.attributes[U.SDY_SHARDING]
            op.attributes[U.MHLO_SHARDING] = ir.StringAttr.get(sharding.to_text())
            changed = True
        for key in [name for name in op.attributes if name.startswith("sdy.") or name == GSPMD_ONLY]:
            del op.attributes[key]  # sharding rules and origins have no GSPMD form
            changed = True
        if op.name in _CONSTRAINTS:
            self._convert_constraint(op, self._manual_at(op, outer), marked)
            return True
        if op.name in _PASS_THROUGH:
            op.results[0].replace_all_uses_with(op.operands[0])
            U.erase(op)
            return True
        if op.name == "sdy.sharding_group":
            self._convert_sharding_group(op)
            return True
        if op.name == "sdy.constant":  # a constant Shardy keeps from being folded
            with ir.InsertionPoint(op), op.location:
                constant = stablehlo.ConstantOp(op.attributes["value"])
            op.results[0].replace_all_uses_with(constant.result)
            U.erase(op)
            return True
        if op.name.startswith("sdy.") and op.name not in (MANUAL_COMPUTATION, "sdy.return"):
            raise U.error_at(op, f"{op.name} has no GSPMD (mhlo.sharding) equivalent")
        changed |= self._convert_replica_groups(op)
        return changed

    def _convert_constraint(self, op: ir.Operation, manual: _Manual, marked: ir.Attribute | None) -> None:
        # Open dimensions become GSPMD's unspecified_dims; the sharding itself is then closed.
        key = "out_sharding" if op.name in EXPLICIT_COLLECTIVES else "sharding"
        read = _closed(self._read(op.attributes[key], op))
        sharding = self._gspmd(read, self._with_marked(manual, marked, read, op), op)
        value = op.operands[0]
        # In the Shardy round-trip form (round_trip_export) the open dims are in xla.sdy.sharding; XLA
        # then writes no unspecified_dims.
        saved = U.FRONTEND_ATTRS in op.attributes
        with ir.InsertionPoint(op), op.location:
            custom = _custom_call(SHARDING_TARGET, value, value.type, sharding, () if saved else read.unspecified)
        if saved:
            custom.operation.attributes[U.FRONTEND_ATTRS] = op.attributes[U.FRONTEND_ATTRS]
            if SDY_ONLY in op.attributes:  # read with its xla.sdy.sharding alone
                del custom.operation.attributes[U.MHLO_SHARDING]
        op.results[0].replace_all_uses_with(custom.result)
        U.erase(op)

    def _convert_sharding_group(self, op: ir.Operation) -> None:
        """``sdy.sharding_group %v group_id=N`` -> ``%w = custom_call @Sharding(%v)`` with
        ``{unknown shard_as N}`` (GSPMD's group of values whose shardings must match, as JAX's
        GSPMD lowering of shard_alike writes it), read by every later user of ``%v``."""
        value = op.operands[0]
        group = ir.IntegerAttr(op.attributes["group_id"]).value
        owner = value.owner
        if isinstance(value, ir.OpResult):
            ip = ir.InsertionPoint(owner.operation)
            after = True
        else:
            block = owner
            first = block.operations[0] if len(block.operations) else None
            ip = ir.InsertionPoint(first) if first is not None else ir.InsertionPoint(block)
            after = False
        sharding = HloSharding.unknown(shard_group=ShardGroup(group, ShardGroupKind.AS))
        with ip, op.location:
            custom = _custom_call(SHARDING_TARGET, value, value.type, sharding, ())
        if after:
            custom.operation.move_after(owner.operation)
        users = [use.owner.operation for use in value.uses]
        users = [user for user in users if user != custom.operation and user != op]
        U.erase(op)
        for user in users:
            for i, operand in enumerate(list(user.operands)):
                if operand == value:
                    user.operands[i] = custom.result

    # Manual computations ---------------------------------------------------------------------

    def _with_marked(
        self, manual: _Manual, marked: ir.Attribute | None, read: ReadSharding, where: ir.Operation
    ) -> _Manual:
        """``manual`` plus the axes of an ``xla.sdy.manual_axes`` attribute (XLA's mark of a value
        manual outside any manual computation), on the mesh of the sharding it stands beside."""
        if marked is None:
            return manual
        if not str(marked).startswith("#sdy<manual_axes{"):
            raise U.error_at(
                where, f"{MANUAL_AXES} must be a #sdy<manual_axes{{...}}> attribute, not {str(marked)[:60]}"
            )
        names = manual_axis_names(marked)
        mesh = read.named.mesh
        if not names or mesh.maximal_device is not None:
            return manual
        indices = set(_manual_on(manual, mesh, where)) if manual.axes else set()
        for name in names:
            index = mesh.axis_index(name)
            if index is None:
                raise U.error_at(where, f"manual axis '{name}' of {MANUAL_AXES} is not in the mesh")
            indices.add(index)
        return _Manual(mesh, tuple(sorted(indices)))

    def _manual_at(self, op: ir.Operation, outer: _Manual) -> _Manual:
        """The manual axes in force at ``op``: ``outer`` (of the function) and those of every
        enclosing manual computation (nested ones add theirs, as JAX's nested shard_map does)."""
        found: list[ir.Operation] = []
        parent = op.parent
        while parent is not None:
            if parent.name == MANUAL_COMPUTATION:
                found.append(parent.operation)
            parent = parent.parent
        manual = outer
        for computation in reversed(found):  # outermost first
            manual = self._union(manual, self._manual_of(computation), computation)
        return manual

    @staticmethod
    def _union(outer: _Manual, inner: _Manual, where: ir.Operation) -> _Manual:
        """The axes of a manual computation nested in ``outer``'s, on the inner one's mesh."""
        if not outer.axes:
            return inner
        if inner.mesh is None or (not inner.axes and inner.mesh == outer.mesh):
            return outer
        axes = set(_manual_on(outer, inner.mesh, where)) | set(inner.axes)
        return _Manual(inner.mesh, tuple(sorted(axes)))

    def _manual_of(self, computation: ir.Operation) -> _Manual:
        names = manual_axis_names(computation.attributes["manual_axes"])
        reads = self._read_all(computation.attributes["in_shardings"], computation) + self._read_all(
            computation.attributes["out_shardings"], computation
        )
        mesh = reads[0].named.mesh if reads else next(iter(self.meshes.values()), None)
        if not names:
            return _Manual(mesh, ())
        if mesh is None or any(r.named.mesh != mesh for r in reads):
            raise U.error_at(computation, "sdy.manual_computation shardings must use one mesh")
        indices = []
        for name in names:
            index = mesh.axis_index(name)
            if index is None:
                raise U.error_at(computation, f"manual axis '{name}' is not in the mesh")
            indices.append(index)
        return _Manual(mesh, tuple(sorted(indices)))

    def _function_manual_axes(self) -> tuple[dict[str, _Manual], list[ir.Operation]]:
        """Functions called from inside a manual computation run with its manual axes (and those
        of the manual computations their callers run in); and, found on the same walk, the ops
        ``unreduced.lower_to_manual`` rewrites."""
        calls: list[tuple[str, str, ir.Operation]] = []
        to_unreduced: list[ir.Operation] = []
        for func in U.functions(self.module):
            for op in U.walk(func):
                if op.name == "func.call":
                    calls.append((U.symbol_name(func), U.callee(op), op))
                elif op.name in UNREDUCED_OPS:
                    to_unreduced.append(op)
        result: dict[str, _Manual] = {}
        for _ in range(len(calls) + 1):  # a fixed point over the call graph (no recursion in StableHLO)
            changed = False
            for caller, callee, op in calls:
                manual = self._manual_at(op, result.get(caller, _Manual()))
                if manual.axes and result.get(callee) != manual:
                    result[callee] = manual
                    changed = True
            if not changed:
                break
        return result, to_unreduced

    def _manual_computations_innermost_first(
        self, function_manual: dict[str, _Manual]
    ) -> list[tuple[ir.Operation, _Manual]]:
        found = [
            (op, function_manual.get(U.symbol_name(func), _Manual()))
            for func in U.functions(self.module)
            for op in U.walk(func)
            if op.name == MANUAL_COMPUTATION
        ]
        return found[::-1]  # pre-order reversed: nested ones come before their parents

    def _convert_manual_computation(self, computation: ir.Operation, outer: _Manual) -> None:
        # The shardings outside the computation keep the manual axes of enclosing computations;
        # inside, the computation's own are added.
        enclosing = self._manual_at(computation, outer)
        manual = self._union(enclosing, self._manual_of(computation), computation)
        # Open dimensions become unspecified_dims on the custom calls; their shardings are closed.
        ins = [_closed(r) for r in self._read_all(computation.attributes["in_shardings"], computation)]
        outs = [_closed(r) for r in self._read_all(computation.attributes["out_shardings"], computation)]
        block = computation.regions[0].blocks[0]
        locals_in = [arg.type for arg in block.arguments]
        terminator = list(block.operations)[-1]
        locals_out = [v.type for v in terminator.operands]
        body_name = U.outline_block(self.module, block, "shmap_body", computation.location)
        with ir.InsertionPoint(computation), computation.location:
            operands = []
            for value, read, local in zip(computation.operands, ins, locals_in):
                global_sharding = self._gspmd(read, enclosing, computation)
                marked = _custom_call(SHARDING_TARGET, value, value.type, global_sharding, read.unspecified)
                to_local = self._gspmd(read, manual, computation)
                operands.append(_custom_call(FULL_TO_SHARD, marked.result, local, to_local, read.unspecified).result)
            call = func_dialect.CallOp(locals_out, ir.FlatSymbolRefAttr.get(body_name), operands)
            for k, (result, read) in enumerate(zip(computation.results, outs)):
                local_sharding = self._gspmd(read, manual, computation)
                marked = _custom_call(SHARDING_TARGET, call.results[k], locals_out[k], local_sharding, read.unspecified)
                full = _custom_call(
                    SHARD_TO_FULL,
                    marked.result,
                    result.type,
                    self._gspmd(read, enclosing, computation),
                    read.unspecified,
                )
                result.replace_all_uses_with(full.result)
        U.erase(computation)

    # Collectives -----------------------------------------------------------------------------

    def _convert_replica_groups(self, op: ir.Operation) -> bool:
        attr = U.get_attr(op, "replica_groups")
        if attr is None or not isinstance(attr, ir.Attribute) or "replica_group_mesh_axes" not in str(attr):
            return False
        if str(attr).startswith("#mhlo."):
            # MHLO's spelling of the same attribute (XLA's own export tests write it)
            attr = ir.Attribute.parse(str(attr).replace("#mhlo.", "#stablehlo."))
        groups = self._mesh_axes_groups(stablehlo.ReplicaGroupMeshAxesAttr(attr), op)
        op.attributes["replica_groups"] = ir.DenseElementsAttr.get(np.ascontiguousarray(groups, dtype=np.int64))
        return True

    def _mesh_axes_groups(self, attr: stablehlo.ReplicaGroupMeshAxesAttr, op: ir.Operation) -> np.ndarray:
        """Device groups for collectives over mesh axes: devices that differ only along those axes."""
        ref = attr.mesh
        if not isinstance(ref, ir.FlatSymbolRefAttr) or ref.value not in self.meshes:
            raise U.error_at(op, f"replica groups name an unknown mesh {ref}")
        mesh = self.meshes[ref.value]
        axes = [_stablehlo_axis_ref(a, mesh, op) for a in ir.ArrayAttr(attr.axes)]
        named = NamedSharding(mesh, (DimSharding(tuple(axes)),))
        tiles = named.to_tiles()
        assert tiles is not None
        array, kinds = tiles
        # to_tiles puts the named axes in dim 0 and every other axis into a trailing replicated dim.
        size = array.shape[0]
        if kinds:
            return array.reshape(size, -1).T.copy()
        return array.reshape(1, size)


# Helpers -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _ClosedRead(ReadSharding):
    """A sharding read for a custom call: closed, its open dimensions kept as ``unspecified``."""

    unspecified: tuple[int, ...] = ()


def _closed(read: ReadSharding) -> _ClosedRead:
    return _ClosedRead(read.named, read.mesh_name, (), unspecified=read.open_dims)


def _manual_on(manual: _Manual, mesh: Mesh, where: ir.Operation) -> tuple[int, ...]:
    """The indices in ``mesh`` of the ``manual`` axes. A sharding may name another mesh than the
    manual computation's (meshes XLA deduplicated, or written apart): as XLA's export, the manual
    axes are then found by name, and must have the same size there."""
    if manual.mesh == mesh or manual.mesh is None:
        return manual.axes
    indices = []
    for i in manual.axes:
        axis = manual.mesh.axes[i]
        index = mesh.axis_index(axis.name)
        if index is None or mesh.axes[index].size != axis.size:
            by_devices = _manual_by_devices(manual.mesh, manual.axes, mesh)
            if by_devices is None:
                raise U.error_at(
                    where,
                    f"a sharding inside sdy.manual_computation is on a mesh without its "
                    f"manual axis '{axis.name}'={axis.size}",
                )
            return by_devices
        indices.append(index)
    return tuple(sorted(indices))


def _axis_spans(mesh: Mesh) -> list[tuple[int, int]]:
    """Per axis, the range [stride, stride * size) of device positions its index counts."""
    spans, stride = [], 1
    for axis in reversed(mesh.axes):
        spans.append((stride, stride * axis.size))
        stride *= axis.size
    return spans[::-1]


def _manual_by_devices(source: Mesh, axes: tuple[int, ...], mesh: Mesh) -> tuple[int, ...] | None:
    """The axes of ``mesh`` that cover the same device positions as ``source``'s ``axes``, when the
    two meshes order the same devices alike (XLA's mesh deduplication maps one mesh onto an equal
    one whose axes split the devices otherwise, e.g. ["x"=2, "y"=4, "z"=4] and ["a"=8, "b"=4])."""
    if prod(source.axis_sizes) != prod(mesh.axis_sizes):
        return None
    if not np.array_equal(source.devices().ravel(), mesh.devices().ravel()):
        return None
    wanted: list[tuple[int, int]] = []
    for lo, hi in sorted(span for i, span in enumerate(_axis_spans(source)) if i in axes and span[0] != span[1]):
        if wanted and wanted[-1][1] == lo:  # neighbouring manual axes form one range
            wanted[-1] = (wanted[-1][0], hi)
        else:
            wanted.append((lo, hi))
    found = tuple(
        j
        for j, (lo, hi) in enumerate(_axis_spans(mesh))
        if lo != hi and any(w_lo <= lo and hi <= w_hi for w_lo, w_hi in wanted)
    )
    covered = prod(mesh.axes[j].size for j in found)
    if covered != prod(hi // lo for lo, hi in wanted):
        return None  # a manual axis splits an axis of the other mesh
    return found


def _with_manual(named: NamedSharding, manual: tuple[int, ...], where: ir.Operation) -> NamedSharding:
    """``named`` with the ``manual`` axes taken out of its dimensions and made manual."""
    mesh = named.mesh
    keep = tuple(
        DimSharding(tuple(a for a in d.axes if a.index not in manual), d.is_closed) for d in named.dim_shardings
    )
    # A manual axis also listed as replicated or unreduced is manual: the value is per device along
    # it whatever the sharding says (JAX writes such lists on a shard_map's in/out shardings).
    replicated = tuple(a for a in named.replicated_axes if a.index not in manual)
    unreduced = tuple(a for a in named.unreduced_axes if a.index not in manual)
    manual_refs = tuple(AxisRef(i) for i in manual if mesh.axes[i].size > 1)
    return replace(
        named,
        dim_shardings=keep,
        replicated_axes=replicated,
        unreduced_axes=unreduced,
        reduction_op=named.reduction_op if unreduced else "sum",
        manual_axes=manual_refs,
    )


def _custom_call(
    target: str, value: ir.Value, result_type: ir.Type, sharding: HloSharding, open_dims: tuple[int, ...]
) -> stablehlo.CustomCallOp:
    config = f"unspecified_dims=[{','.join(map(str, open_dims))}]" if open_dims else ""
    op = stablehlo.CustomCallOp([result_type], [value], target, backend_config=ir.StringAttr.get(config))
    op.operation.attributes[U.MHLO_SHARDING] = ir.StringAttr.get(sharding.to_text())
    return op


def _stablehlo_axis_ref(attr: ir.Attribute, mesh: Mesh, op: ir.Operation) -> AxisRef:
    if isinstance(attr, ir.StringAttr):  # a whole axis may be named by a plain string: axes = ["a"]
        name = U.string_value(attr)
        if (whole := mesh.axis_index(name)) is None:
            raise U.error_at(op, f"replica groups name axis '{name}', which is not in the mesh")
        return AxisRef(whole)
    try:
        ref = stablehlo.AxisRefAttr(attr)
    except ValueError:
        raise U.error_at(
            op, f"replica groups name an axis as {str(attr)[:60]}, neither a string nor #stablehlo.axis_ref"
        ) from None
    index = mesh.axis_index(ref.name)
    if index is None:
        raise U.error_at(op, f"replica groups name axis '{ref.name}', which is not in the mesh")
    info = ref.sub_axis_info
    if info is None:
        return AxisRef(index)
    numbers = [int(n) for n in re.findall(r"\d+", str(info))]
    if len(numbers) != 2:
        raise TranslateError(f"cannot read sub-axis {info}")
    return AxisRef(index, pre_size=numbers[0], size=numbers[1])
