"""Lift XLA's Shardy round-trip form back to the sdy dialect.

When XLA lowers a Shardy module to HLO it keeps the Shardy view as strings next to the GSPMD
shardings, and HLO -> StableHLO import brings them back as:

* module ``mhlo.frontend_attributes = {xla.sdy.meshes = "{mesh = #sdy.mesh<...>}"}``;
* ``mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding..."}`` on arguments and ops
  (next to an ``mhlo.sharding`` that says the same in GSPMD terms);
* ``custom_call @xla.sdy.FuncResultSharding`` in front of returned values (the result sharding);
* ``custom_call @xla.sdy.GlobalToLocalShape`` -> ``call @xla.sdy.manual_computation_body*`` ->
  ``custom_call @xla.sdy.LocalToGlobalShape`` (with ``xla.sdy.in_shardings``,
  ``xla.sdy.out_shardings``, ``xla.sdy.manual_axes``) for each ``sdy.manual_computation``;
* ``xla.sdy.sharding_rule`` on ops and ``custom_call @xla.sdy.ShardingGroup``.

``lift_sdy_round_trip`` turns these back into ``sdy.mesh``, ``sdy.sharding``,
``sdy.manual_computation``, ``sdy.sharding_constraint``, ``sdy.sharding_rule`` and
``sdy.sharding_group``, and drops the GSPMD strings they duplicate. An argument or result that
lost its ``xla.sdy.sharding`` on the way keeps its meaning: its ``mhlo.sharding`` is written on
the round-trip mesh. Without ``xla.sdy.meshes`` (XLA issue 39824) the ``xla.sdy.sharding``
strings name meshes that do not exist: they are dropped and the GSPMD strings are imported
instead.
"""

from __future__ import annotations

import re

from jaxlib.mlir import ir
from jaxlib.mlir.dialects import sdy

from hlo_translate.errors import TranslateError
from hlo_translate.hlo.sharding import Mesh
from hlo_translate.shardy import manual_values as V
from hlo_translate.shardy import mlir_util as U
from hlo_translate.shardy.exporter import EXPLICIT_COLLECTIVES, GSPMD_ONLY, SDY_ONLY
from hlo_translate.shardy.mesh_inference import MeshPlan
from hlo_translate.shardy.sdy_attrs import mesh_from_attr, mesh_text, parse_attr, read_per_value, sharding_text

MESHES = U.ROUND_TRIP_MESHES
SHARDING = "xla.sdy.sharding"
SHARDING_RULE = "xla.sdy.sharding_rule"
IN_SHARDINGS = "xla.sdy.in_shardings"
OUT_SHARDINGS = "xla.sdy.out_shardings"
MANUAL_AXES = "xla.sdy.manual_axes"
GROUP_ID = "xla.sdy.sharding_group_id"
FUNC_RESULT_SHARDING = "xla.sdy.FuncResultSharding"
GLOBAL_TO_LOCAL = "xla.sdy.GlobalToLocalShape"
LOCAL_TO_GLOBAL = "xla.sdy.LocalToGlobalShape"
SHARDING_GROUP = "xla.sdy.ShardingGroup"
PROPAGATION_BARRIER = "xla.sdy.PropagationBarrier"
ALLOWED_DIRECTION = "xla.sdy.allowed_direction"
# Ours: XLA's converter has no form for sdy.named_computation; its call is marked with the name.
NAMED_COMPUTATION = "xla.sdy.named_computation"
# Ours too: an explicit collective exported as the `Sharding` custom call of its out_sharding.
COLLECTIVE = "xla.sdy.collective"
# GSPMD_ONLY (exporter): on an op whose sdy.sharding was lifted from a GSPMD string alone (XLA's
# result-sharding holder); written back without an xla.sdy.sharding, as XLA wrote it.
COLLECTIVE_ATTRIBUTES = "xla.sdy.collective_attributes"
BODY_PREFIXES = ("xla.sdy.manual_computation_body", "xla.sdy.inlinable_manual_computation_body")


def lift_sdy_round_trip(module: ir.Module) -> bool:
    """Rewrite ``module`` in place; False when it carries no Shardy round-trip attributes."""
    return _Lifter(module).run()


def has_meshes(module: ir.Module) -> bool:
    """Whether ``module`` carries XLA's round-trip meshes (``xla.sdy.meshes``)."""
    return MESHES in _frontend_of(module.operation)


class _Lifter:
    def __init__(self, module: ir.Module) -> None:
        self.module = module
        self.meshes: dict[str, Mesh] = {}
        self._v3_meshes = False  # meshes made from V3 shardings (no xla.sdy.meshes)
        # Ops to erase once the walk over the ops is over (erasing an op the walk has still to visit
        # would leave it a dangling handle).
        self._dead: list[ir.Operation] = []

    def run(self) -> bool:
        meshes_attr = _pop_frontend_attr(self.module.operation, MESHES)
        if meshes_attr is None and not self._has_round_trip_ops():
            return False
        if meshes_attr is None:
            declared = self._declared_meshes()
            if not declared and self._names_a_mesh():
                self._drop_orphans()
                return True
            # The form XLA's own import pipeline works on: its meshes already lifted to sdy.mesh ops.
            self.meshes = declared
        else:
            self._insert_meshes(meshes_attr)
        self._lift_manual_computations()
        named = [
            op
            for f in U.functions(self.module)
            for op in U.walk(f)
            if op.name == "func.call" and NAMED_COMPUTATION in _frontend_of(op)
        ]
        bodies = {U.callee(c) for c in named}
        for call in named[::-1]:  # innermost first: a body is copied with its own calls lifted
            self._lift_named_computation(call)
        U.erase_uncalled(
            self.module,
            {U.symbol_name(f) for f in U.functions(self.module) if _is_body_name(U.symbol_name(f))} | bodies,
        )
        for func in U.functions(self.module):
            self._lift_function_attrs(func, "arg_attrs")
            for op in U.walk(func):
                self._lift_op(op, func)
            self._lift_function_attrs(func, "res_attrs")
        for op in self._dead:
            _erase_if_unused(op)
        return True

    # Meshes ----------------------------------------------------------------------------------

    def _insert_meshes(self, text: str) -> None:
        try:
            meshes = U.dictionary(parse_attr(text))
        except (TranslateError, ValueError):
            raise TranslateError(f"module attribute {MESHES} is not a dictionary of meshes: {text}") from None
        body = self.module.body
        existing = {
            U.symbol_name(op.operation): op.operation for op in body.operations if op.operation.name == "sdy.mesh"
        }
        anchor = body.operations[0] if len(body.operations) else None
        for name, attr in meshes.items():
            self.meshes[name] = mesh_from_attr(attr)
            if name in existing:  # XLA's own importer already lifts the meshes
                if mesh_from_attr(existing[name].attributes["mesh"]) != self.meshes[name]:
                    raise TranslateError(f"sdy.mesh @{name} differs from its entry in {MESHES}")
                continue
            with ir.InsertionPoint(anchor) if anchor is not None else ir.InsertionPoint(body), ir.Location.unknown():
                sdy.MeshOp(name, attr)

    def _mesh_symbol(self, mesh: Mesh) -> str:
        """The sdy.mesh of ``mesh``, added on first use (``mesh``, ``mesh_0``, ...; a maximal mesh
        ``maximal_mesh_N``), as XLA's V3 import names them."""
        for name, known in self.meshes.items():
            if known == mesh:
                return name
        if mesh.maximal_device is not None:
            name = f"maximal_mesh_{mesh.maximal_device}"
        else:
            name, i = "mesh", 0
            while name in self.meshes:
                name, i = f"mesh_{i}", i + 1
        self.meshes[name] = mesh
        self._v3_meshes = True
        body = self.module.body
        mesh_ops = [op for op in body.operations if op.operation.name == "sdy.mesh"]
        with (
            ir.InsertionPoint(body.operations[0]) if len(body.operations) else ir.InsertionPoint(body),
            ir.Location.unknown(),
        ):
            created = sdy.MeshOp(name, parse_attr("#sdy.mesh" + mesh_text(mesh)))
        if mesh_ops:
            created.operation.move_after(mesh_ops[-1].operation)
        return name

    def _declared_meshes(self) -> dict[str, Mesh]:
        meshes = {}
        for op in self.module.body.operations:
            if op.operation.name == "sdy.mesh":
                try:
                    meshes[U.symbol_name(op.operation)] = mesh_from_attr(op.operation.attributes["mesh"])
                except TranslateError as err:
                    raise U.error_at(op.operation, err.message) from None
        return meshes

    def _main_mesh(self) -> tuple[str, Mesh] | None:
        """The mesh a stray GSPMD sharding is written on: ``@mesh``, else the first non-maximal one."""
        named = [(n, m) for n, m in self.meshes.items() if m.maximal_device is None]
        for name, mesh in named:
            if name == "mesh":
                return name, mesh
        return named[0] if named else None

    # Functions -------------------------------------------------------------------------------

    def _lift_function_attrs(self, func: ir.Operation, kind: str) -> None:
        ftype = U.function_type(func)
        types = ftype.inputs if kind == "arg_attrs" else ftype.results
        dicts = U.attr_dicts(func, kind)
        returned = list(list(func.regions[0].blocks[0].operations)[-1].operands) if kind == "res_attrs" else []
        for index, (attrs, type_) in enumerate(zip(dicts, types)):
            lifted = _pop_dict_frontend_attr(attrs, SHARDING)
            gspmd = attrs.pop(U.MHLO_SHARDING, None)
            if lifted is not None:
                attrs[U.SDY_SHARDING] = parse_attr(lifted)
            elif (
                kind == "res_attrs"
                and gspmd is not None
                and (_is_replicated(gspmd) or _has_own_sharding(returned[index]))
            ):
                # A result without a Shardy sharding: the root's tuple sharding fills it in so, or the
                # root is the op returned, whose own sharding (lifted already) it is.
                pass
            elif gspmd is not None and U.SDY_SHARDING not in attrs:
                attrs[U.SDY_SHARDING] = parse_attr(
                    "#sdy.sharding" + self._on_round_trip_mesh(gspmd, U.tensor_rank(type_), func)
                )
        U.set_attr_dicts(func, kind, dicts)

    def _on_round_trip_mesh(self, gspmd: ir.Attribute, rank: int, where: ir.Operation) -> str:
        """A GSPMD sharding (``mhlo.sharding``) written as ``<@mesh, ...>`` on the round-trip mesh."""
        try:
            sharding = U.mhlo_sharding(gspmd)
        except TranslateError as err:
            raise U.error_at(where, f"invalid mhlo.sharding {gspmd}: {err.message}") from None
        if sharding.is_maximal:
            for name, mesh in self.meshes.items():
                if mesh.maximal_device == sharding.device:
                    return f"<@{name}, []>"
            if not self.meshes or self._v3_meshes:
                return f"<@{self._mesh_symbol(Mesh(maximal_device=sharding.device))}, []>"
        if sharding.is_named and sharding.named is not None and (not self.meshes or self._v3_meshes):
            # XLA's V3 form: the mesh is in the sharding itself; one sdy.mesh per distinct mesh.
            mesh = sharding.named.mesh
            name = self._mesh_symbol(mesh)
            try:
                named = MeshPlan(mesh).express(sharding)
            except TranslateError as err:
                raise U.error_at(where, err.message) from None
            return sharding_text(named, name, rank, ())
        main = self._main_mesh()
        if main is None or sharding.is_tuple or sharding.is_maximal:
            raise U.error_at(where, f"mhlo.sharding {gspmd} has no counterpart among the module's {MESHES}")
        name, mesh = main
        try:
            named = MeshPlan(mesh).express(sharding)
        except TranslateError as err:
            raise U.error_at(where, err.message) from None
        open_dims = tuple(range(rank)) if sharding.is_unknown else ()
        return sharding_text(named, name, rank, open_dims)

    # Ops -------------------------------------------------------------------------------------

    def _lift_op(self, op: ir.Operation, func: ir.Operation) -> None:
        target = U.custom_call_target(op)
        if target == FUNC_RESULT_SHARDING:
            self._lift_func_result_sharding(op, func)
            return
        if target == SHARDING_GROUP:
            self._lift_sharding_group(op)
            return
        if target == PROPAGATION_BARRIER:
            self._lift_propagation_barrier(op)
            return
        if target in (GLOBAL_TO_LOCAL, LOCAL_TO_GLOBAL) and not any(list(r.uses) for r in op.results):
            U.erase(op)  # a stray marker of no body call (XLA leaves those of zero-size values)
            return
        if target is not None and target.startswith("xla.sdy."):
            raise U.error_at(op, f"custom call @{target} of the Shardy round trip is not supported")
        if (rule := _pop_frontend_attr(op, SHARDING_RULE)) is not None:
            op.attributes["sdy.sharding_rule"] = parse_attr(rule)
        lifted = _pop_frontend_attr(op, SHARDING)
        had_round_trip_string = lifted is not None
        gspmd = U.get_attr(op, U.MHLO_SHARDING)
        if gspmd is not None:
            del op.attributes[U.MHLO_SHARDING]  # the sdy string says the same, with axis names
        is_constraint = target == "Sharding" and len(op.operands) == 1 and len(op.results) == 1
        if lifted is None and gspmd is not None and (is_constraint or _is_kept_holder(op)):
            # No Shardy string: the GSPMD sharding on the round-trip mesh (a constraint, or the unused
            # op XLA's converter writes a result sharding on).
            rank = U.tensor_rank(op.results[0].type)
            lifted = "#sdy.sharding_per_value<[" + self._on_round_trip_mesh(gspmd, rank, op) + "]>"
        if lifted is None:
            return
        attr = parse_attr(lifted)
        if is_constraint and COLLECTIVE in _frontend_of(op):
            self._lift_collective(op, attr)
            return
        if is_constraint:
            sharding = sdy.TensorShardingPerValueAttr(attr).shardings[0]
            with ir.InsertionPoint(op), op.location:
                constraint = sdy.ShardingConstraintOp(op.operands[0], sharding)
            if gspmd is None:
                constraint.operation.attributes[SDY_ONLY] = ir.UnitAttr.get()
            op.results[0].replace_all_uses_with(constraint.result)
            U.erase(op)
            return
        if self._fits(attr, op):
            op.attributes[U.SDY_SHARDING] = attr
            if _is_kept_holder(op) and not had_round_trip_string:
                op.attributes[GSPMD_ONLY] = ir.UnitAttr.get()

    def _lift_collective(self, op: ir.Operation, per_value: ir.Attribute) -> None:
        name = _pop_frontend_attr(op, COLLECTIVE)
        rest = _pop_frontend_attr(op, COLLECTIVE_ATTRIBUTES)
        if name is None or name not in EXPLICIT_COLLECTIVES:
            raise U.error_at(op, f"{COLLECTIVE} names {name!r}, not one of Shardy's explicit collectives")
        attributes = U.dictionary(parse_attr(rest or "{}"))
        attributes["out_sharding"] = sdy.TensorShardingPerValueAttr(per_value).shardings[0]
        try:
            collective = ir.Operation.create(
                name,
                results=[op.results[0].type],
                operands=[op.operands[0]],
                attributes=attributes,
                loc=op.location,
                ip=ir.InsertionPoint(op),
            )
            collective.verify()
        except ir.MLIRError as err:
            raise U.error_at(op, f"malformed {name}: {str(err).splitlines()[0]}") from None
        _copy_frontend_attrs(op, collective)
        op.results[0].replace_all_uses_with(collective.result)
        U.erase(op)

    def _fits(self, attr: ir.Attribute, op: ir.Operation) -> bool:
        """Whether a per-value sharding matches the op's results (XLA may copy frontend attributes
        onto instructions it creates, whose shapes differ; those shardings are dropped, as XLA does)."""
        reads = read_per_value(attr, self.meshes)
        if len(reads) != max(len(op.results), 1):
            return False
        ranks = [U.tensor_rank(r.type) for r in op.results] or [0]
        return all(not r.named.dim_shardings or len(r.named.dim_shardings) == rank for r, rank in zip(reads, ranks))

    def _lift_func_result_sharding(self, op: ir.Operation, func: ir.Operation) -> None:
        """The sharding goes onto the function results the value is returned as."""
        text = _pop_frontend_attr(op, SHARDING)
        if text is not None and self._lift_x64_result(op, func, text):
            return
        value = op.operands[0]
        if text is None:
            op.results[0].replace_all_uses_with(value)
            U.erase(op)
            return
        sharding = sdy.TensorShardingPerValueAttr(parse_attr(text)).shardings[0]
        others = []
        dicts = U.attr_dicts(func, "res_attrs")
        for use in list(op.results[0].uses):
            owner = use.owner.operation
            if owner.name == "func.return" and owner.parent == func:
                dicts[use.operand_number][U.SDY_SHARDING] = sharding
                dicts[use.operand_number].pop(U.MHLO_SHARDING, None)
            else:
                others.append(owner)
        U.set_attr_dicts(func, "res_attrs", dicts)
        replacement = value
        others = [o for o in others if not _is_kept_holder(o)]  # they keep their own sharding
        if others:
            # Used elsewhere too (an inlined function's result): keep it as an open constraint.
            with ir.InsertionPoint(op), op.location:
                replacement = sdy.ShardingConstraintOp(value, _opened(sharding)).result
        op.results[0].replace_all_uses_with(replacement)
        U.erase(op)

    def _lift_x64_result(self, op: ir.Operation, func: ir.Operation, text: str) -> bool:
        """XLA's X64 rewrite splits an i64 result in two u32 halves that one ``X64Combine`` joins:
        the result sharding of the halves (two operands, or a tuple of two) is the combined value's.
        False when ``op`` is not that form."""
        if len(op.results) == 2:
            halves, sources = list(op.results), list(op.operands)
        elif len(op.results) == 1 and isinstance(op.results[0].type, ir.TupleType):
            operand = op.operands[0]
            if not (isinstance(operand, ir.OpResult) and operand.owner.operation.name == "stablehlo.tuple"):
                return False
            elements = [use.owner.operation for use in op.results[0].uses]
            if any(e.name != _GET_TUPLE_ELEMENT for e in elements):
                return False
            halves = [e.results[0] for e in sorted(elements, key=lambda e: ir.IntegerAttr(e.attributes["index"]).value)]
            sources = list(operand.owner.operation.operands)
        else:
            return False
        users: list[ir.Operation] = []
        for half in halves:
            for use in half.uses:
                if not any(use.owner.operation == known for known in users):
                    users.append(use.owner.operation)
        if len(halves) != 2 or len(sources) != 2 or len(users) != 1:
            return False
        combine = users[0]
        if U.custom_call_target(combine) != "X64Combine" or list(combine.operands) != halves:
            return False
        per_value = parse_attr(text)
        combine.attributes[U.SDY_SHARDING] = per_value
        for half, source in zip(halves, sources):
            half.replace_all_uses_with(source)
        if len(op.results) == 1:
            # Its get_tuple_element ops come later in the walk: erased once it is over.
            self._dead += [op, operand.owner.operation]
        else:
            U.erase(op)
        dicts = U.attr_dicts(func, "res_attrs")
        for use in combine.results[0].uses:
            owner = use.owner.operation
            if owner.name == "func.return" and owner.parent == func:
                dicts[use.operand_number][U.SDY_SHARDING] = sdy.TensorShardingPerValueAttr(per_value).shardings[0]
                dicts[use.operand_number].pop(U.MHLO_SHARDING, None)
        U.set_attr_dicts(func, "res_attrs", dicts)
        return True

    def _lift_sharding_group(self, op: ir.Operation) -> None:
        group = _pop_frontend_attr(op, GROUP_ID)
        # XLA writes the id as an i64 attribute ("3 : i64"); a bare number is accepted too.
        match = re.fullmatch(r"(-?\d+)(?: : i64)?", group or "")
        if match is None or len(op.operands) != 1 or any(list(r.uses) for r in op.results):
            raise U.error_at(op, f"malformed @{SHARDING_GROUP} custom call")
        with ir.InsertionPoint(op), op.location:
            sdy.ShardingGroupOp(op.operands[0], int(match.group(1)))
        U.erase(op)

    def _lift_propagation_barrier(self, op: ir.Operation) -> None:
        direction = _pop_frontend_attr(op, ALLOWED_DIRECTION)
        if direction is None or not _DIRECTION.fullmatch(direction) or len(op.operands) != 1 or len(op.results) != 1:
            raise U.error_at(op, f"malformed @{PROPAGATION_BARRIER} custom call")
        with ir.InsertionPoint(op), op.location:
            barrier = sdy.PropagationBarrierOp(op.operands[0], parse_attr(direction))
        _copy_frontend_attrs(op, barrier.operation)
        op.results[0].replace_all_uses_with(barrier.result)
        U.erase(op)

    # Named computations ----------------------------------------------------------------------

    def _lift_named_computation(self, call: ir.Operation) -> None:
        name = _pop_frontend_attr(call, NAMED_COMPUTATION)
        assert name is not None
        body = U.lookup_function(self.module, U.callee(call))
        if body is None:
            raise U.error_at(call, f"named computation body @{U.callee(call)} is not in the module")
        self._lift_function_attrs(body, "arg_attrs")
        ins = [a.get(U.SDY_SHARDING) for a in U.attr_dicts(body, "arg_attrs")]
        outs = [self._result_sharding(body, i) for i in range(len(call.results))]
        with ir.InsertionPoint(call), call.location:
            computation = sdy.NamedComputationOp(
                [r.type for r in call.results],
                ir.StringAttr.get(name),
                list(call.operands),
                in_shardings=_per_value(ins),
                out_shardings=_per_value(outs),
            )
            block = computation.regions[0].blocks.append(*[v.type for v in call.operands])
        U.inline_copy(body, block, list(range(len(call.results))))
        for op in U.walk(computation.operation):  # the result shardings are out_shardings now
            if U.custom_call_target(op) == FUNC_RESULT_SHARDING and all(
                u.owner.operation.name == "sdy.return" for u in op.results[0].uses
            ):
                op.results[0].replace_all_uses_with(op.operands[0])
                U.erase(op)
        _copy_frontend_attrs(call, computation.operation)
        for old, new in zip(call.results, computation.results):
            old.replace_all_uses_with(new)
        U.erase(call)

    def _result_sharding(self, func: ir.Operation, index: int) -> ir.Attribute | None:
        """The sharding of ``func``'s result ``index`` from its FuncResultSharding custom call."""
        terminator = list(func.regions[0].blocks[0].operations)[-1]
        value = terminator.operands[index]
        if not isinstance(value, ir.OpResult) or U.custom_call_target(value.owner.operation) != FUNC_RESULT_SHARDING:
            return None
        text = _frontend_of(value.owner.operation).get(SHARDING)
        if text is None:
            return None
        return sdy.TensorShardingPerValueAttr(parse_attr(U.string_value(text))).shardings[0]

    # Manual computations ---------------------------------------------------------------------

    def _lift_manual_computations(self) -> None:
        """Innermost first: the body of a nested manual computation (a body calling another body)
        is lifted before the body that holds it is copied into its enclosing computation."""
        while True:
            calls = [
                (U.symbol_name(f), op)
                for f in U.functions(self.module)
                for op in U.walk(f)
                if op.name == "func.call" and _is_body_name(U.callee(op))
            ]
            if not calls:
                return
            holders = {home for home, _ in calls}
            ready = [op for _, op in calls if U.callee(op) not in holders]
            if not ready:
                raise U.error_at(calls[0][1], "manual computation bodies call each other in a cycle")
            for call in ready:
                self._lift_manual_computation(call)

    def _v3_manual_axes(self, to_local: ir.Operation) -> str | None:
        """``#sdy<manual_axes{...}>`` from the V3 sharding of a GlobalToLocalShape (``{mesh[...], manual}``,
        or ``manual={...}`` for some axes); None when it has none."""
        gspmd = U.get_attr(to_local, U.MHLO_SHARDING)
        sharding = U.mhlo_sharding(gspmd) if gspmd is not None else None
        if sharding is not None and sharding.is_tuple and sharding.tuple_elements:
            sharding = sharding.tuple_elements[0]
        if sharding is None or not sharding.is_named or sharding.named is None:
            return None
        named = sharding.named
        self._mesh_symbol(named.mesh)
        names = [f'"{named.mesh.axes[ref.index].name}"' for ref in named.manual_axes]
        return "#sdy<manual_axes{" + ", ".join(names) + "}>"

    def _v3_in_shardings(self, to_local: ir.Operation) -> str | None:
        """``#sdy.sharding_per_value<[...]>`` of a manual computation's operands: the V3 sharding of the
        Sharding custom call that makes each operand of the GlobalToLocalShape; None when one has none."""
        texts: list[str] = []
        for value in to_local.operands:
            producer = value.owner.operation if isinstance(value, ir.OpResult) else None
            gspmd = U.get_attr(producer, U.MHLO_SHARDING) if producer is not None else None
            if producer is None or U.custom_call_target(producer) != "Sharding" or gspmd is None:
                return None
            texts.append(self._on_round_trip_mesh(gspmd, U.tensor_rank(value.type), to_local))
        return "#sdy.sharding_per_value<[" + ", ".join(texts) + "]>"

    def _v3_out_shardings(self, to_global: ir.Operation) -> str | None:
        """``#sdy.sharding_per_value<[...]>`` of a manual computation's results: the LocalToGlobalShape's own
        (tuple) V3 sharding, one element per result; None when it has none."""
        gspmd = U.get_attr(to_global, U.MHLO_SHARDING)
        if gspmd is None:
            return None
        sharding = U.mhlo_sharding(gspmd)
        elements = sharding.tuple_elements if sharding.is_tuple else (sharding,)
        types = [t for r in to_global.results for t in V.flat_types(r.type)]
        if len(elements) != len(types):
            raise U.error_at(to_global, f"mhlo.sharding {gspmd} has {len(elements)} elements for {len(types)} results")
        texts = [
            self._on_round_trip_mesh(
                ir.StringAttr.get(element.to_text(include_metadata=False)), U.tensor_rank(type_), to_global
            )
            for element, type_ in zip(elements, types)
        ]
        return "#sdy.sharding_per_value<[" + ", ".join(texts) + "]>"

    def _lift_manual_computation(self, call: ir.Operation) -> None:
        to_local = V.producer(call, GLOBAL_TO_LOCAL)
        to_global = V.consumer(call, LOCAL_TO_GLOBAL)
        marks = [op for op in (to_local, to_global) if op is not None]
        # Read, not popped: one GlobalToLocalShape may feed several calls (XLA's CSE merges them).
        axes = next((a for a in (_frontend_string(op, MANUAL_AXES) for op in marks) if a), None)
        ins = _frontend_string(to_local, IN_SHARDINGS) if to_local is not None else None
        outs = _frontend_string(to_global, OUT_SHARDINGS) if to_global is not None else None
        if self._v3_meshes or not self.meshes:
            # XLA's V3 dumps (named shardings, no xla.sdy.meshes) say none of these as frontend
            # attributes: they are the shardings of the markers and of the Sharding calls before them.
            axes = axes or (self._v3_manual_axes(to_local) if to_local is not None else None)
            ins = ins or (self._v3_in_shardings(to_local) if to_local is not None else None)
            outs = outs or (self._v3_out_shardings(to_global) if to_global is not None else None)
        operands = list(to_local.operands) if to_local is not None else []
        if (
            to_local is None
            and call.operands
            and not any(list(r.uses) for r in call.results)
            and all(V.is_zero_sized(v.type) for v in call.operands)
        ):
            U.erase(call)  # XLA's leftover of a computation whose values are all zero-size: dead
            return
        result_types = [t for r in to_global.results for t in V.flat_types(r.type)] if to_global is not None else []
        _check_manual_pattern(call, to_local, to_global)
        body = U.lookup_function(self.module, U.callee(call))
        if body is None:
            raise U.error_at(call, f"manual computation body @{U.callee(call)} is not in the module")
        with ir.InsertionPoint(call), call.location:
            operands = V.leaves(operands)
            computation = sdy.ManualComputationOp(
                result_types,
                operands,
                parse_attr(ins or "#sdy.sharding_per_value<[]>"),
                parse_attr(outs or "#sdy.sharding_per_value<[]>"),
                parse_attr(axes or "#sdy<manual_axes{}>"),
            )
            block = computation.regions[0].blocks.append(*[v.type for v in call.operands])
        U.inline_copy(body, block, list(range(len(call.results))))
        if to_global is not None:
            V.replace_results(to_global, list(computation.results))
            U.erase(to_global)
        U.erase(call)
        if to_local is not None:
            _erase_if_unused(to_local)

    # Without meshes --------------------------------------------------------------------------

    def _has_round_trip_ops(self) -> bool:
        for func in U.functions(self.module):
            if any(SHARDING in _frontend(attrs) for attrs in U.attr_dicts(func, "arg_attrs")):
                return True
            for op in U.walk(func):
                target = U.custom_call_target(op)
                if (target is not None and target.startswith("xla.sdy.")) or SHARDING in _frontend_of(op):
                    return True
        return False

    def _names_a_mesh(self) -> bool:
        """Whether a round-trip string names a mesh by symbol (``<@mesh, ...>``); XLA's V3 form
        writes every mesh inline (``<mesh<["a"=8]>, ...>``) and needs no ``xla.sdy.meshes``."""

        def names(attrs: dict[str, ir.Attribute]) -> bool:
            return any(key.startswith("xla.sdy.") and "<@" in str(value) for key, value in _frontend(attrs).items())

        for func in U.functions(self.module):
            if any(names(attrs) for kind in ("arg_attrs", "res_attrs") for attrs in U.attr_dicts(func, kind)):
                return True
            for op in U.walk(func):
                if U.FRONTEND_ATTRS in op.attributes and names({U.FRONTEND_ATTRS: op.attributes[U.FRONTEND_ATTRS]}):
                    return True
        return False

    def _drop_orphans(self) -> None:
        """``xla.sdy.sharding`` without ``xla.sdy.meshes``: keep the GSPMD strings, drop the rest."""
        for func in U.functions(self.module):
            dicts = U.attr_dicts(func, "arg_attrs")
            for attrs in dicts:
                _pop_dict_frontend_attr(attrs, SHARDING)
            U.set_attr_dicts(func, "arg_attrs", dicts)
            for op in U.walk(func):
                target = U.custom_call_target(op)
                if target == FUNC_RESULT_SHARDING:
                    op.results[0].replace_all_uses_with(op.operands[0])
                    U.erase(op)
                    continue
                if target in (SHARDING_GROUP, PROPAGATION_BARRIER):  # these name no mesh
                    self._lift_op(op, func)
                    continue
                if target in (GLOBAL_TO_LOCAL, LOCAL_TO_GLOBAL) or (target or "").startswith("xla.sdy."):
                    raise U.error_at(op, f"custom call @{target} needs the module attribute {MESHES}, which is missing")
                _pop_frontend_attr(op, SHARDING)
                _pop_frontend_attr(op, SHARDING_RULE)


# Shardy's PropagationDirection (NONE, FORWARD, BACKWARD, BOTH) as XLA writes it.
_DIRECTION = re.compile(r"[0-3] : i32")


def _is_kept_holder(op: ir.Operation) -> bool:
    """An unused one-result op kept from HLO (``xla.keep``): XLA's converter writes a result's GSPMD
    sharding on such a reshape of the returned value."""
    return "xla.keep" in op.attributes and len(op.results) == 1 and not list(op.results[0].uses)


def _has_own_sharding(value: ir.Value) -> bool:
    """Whether ``value`` comes from an op that carries a Shardy sharding of its own."""
    if not isinstance(value, ir.OpResult):
        return False
    op = value.owner.operation
    return U.SDY_SHARDING in op.attributes or "out_sharding" in op.attributes or op.name == "sdy.sharding_constraint"


def _is_replicated(gspmd: ir.Attribute) -> bool:
    try:
        return U.mhlo_sharding(gspmd).is_replicated
    except TranslateError:
        return False


def _per_value(shardings: list[ir.Attribute | None]) -> ir.Attribute | None:
    if not any(s is not None for s in shardings):
        return None
    present = [s for s in shardings if s is not None]
    if len(present) < len(shardings):
        missing = [i for i, s in enumerate(shardings) if s is None]
        raise TranslateError(f"a named computation has shardings on some values only (not {missing})")
    return sdy.TensorShardingPerValueAttr.get(present)


def _copy_frontend_attrs(source: ir.Operation, target: ir.Operation) -> None:
    if U.FRONTEND_ATTRS in source.attributes:
        target.attributes[U.FRONTEND_ATTRS] = source.attributes[U.FRONTEND_ATTRS]


# Frontend attributes -----------------------------------------------------------------------------


def _frontend(attrs: dict[str, ir.Attribute]) -> dict[str, ir.Attribute]:
    attr = attrs.get(U.FRONTEND_ATTRS)
    return U.dictionary(attr) if attr is not None else {}


def _frontend_of(op: ir.Operation) -> dict[str, ir.Attribute]:
    attr = U.get_attr(op, U.FRONTEND_ATTRS)
    return U.dictionary(attr) if attr is not None else {}


def _frontend_string(op: ir.Operation, key: str) -> str | None:
    value = _frontend_of(op).get(key)
    return None if value is None else U.string_value(value)


def _pop_frontend_attr(op: ir.Operation, key: str) -> str | None:
    """Remove ``key`` from an op's ``mhlo.frontend_attributes`` (and the dict when it empties)."""
    entries = _frontend_of(op)
    if key not in entries:
        return None
    value = entries.pop(key)
    if entries:
        op.attributes[U.FRONTEND_ATTRS] = ir.DictAttr.get(entries)
    else:
        del op.attributes[U.FRONTEND_ATTRS]
    return U.string_value(value)


def _pop_dict_frontend_attr(attrs: dict[str, ir.Attribute], key: str) -> str | None:
    entries = _frontend(attrs)
    if key not in entries:
        return None
    value = entries.pop(key)
    if entries:
        attrs[U.FRONTEND_ATTRS] = ir.DictAttr.get(entries)
    else:
        attrs.pop(U.FRONTEND_ATTRS, None)
    return U.string_value(value)


_GET_TUPLE_ELEMENT = V.GET_TUPLE_ELEMENT


def _check_manual_pattern(call: ir.Operation, to_local: ir.Operation | None, to_global: ir.Operation | None) -> None:
    """The call of a manual computation body as XLA writes it: its operands are the results of one
    ``GlobalToLocalShape`` custom call in order (the elements of its tuple, when it has several), one per
    operand of that call, and its results feed one ``LocalToGlobalShape``. Input shaped otherwise (a
    renamed target, an operand from elsewhere) is refused here: the rewrite would build a manual
    computation whose operands and block disagree."""
    callee = U.callee(call)
    expected = 0 if to_local is None else sum(V.leaf_count(v.type) for v in to_local.operands)
    # XLA replaces a zero-size local value by a constant of its type: such an operand stands for
    # the GlobalToLocalShape result at its position.
    positions = [
        i if V.position_in(v, to_local) is None and V.is_zero_sized(v.type) else V.position_in(v, to_local)
        for i, v in enumerate(call.operands)
    ]
    if positions != list(range(expected)):
        raise U.error_at(
            call,
            f"the call of manual computation body @{callee} takes operands other than "
            f"the results of one {GLOBAL_TO_LOCAL} custom call",
        )
    if to_global is None and any(list(r.uses) for r in call.results):
        raise U.error_at(
            call,
            f"the results of manual computation body @{callee} go elsewhere than to one {LOCAL_TO_GLOBAL} custom call",
        )


def _is_body_name(name: str) -> bool:
    """A manual computation body, as XLA's import finds it: the marker anywhere in the name (a
    framework may prefix it, e.g. ``my_model.___call__.fwd.xla.sdy.manual_computation_body_14.1234``)."""
    return any(marker in name for marker in BODY_PREFIXES)


def _erase_if_unused(op: ir.Operation) -> None:
    """Erase ``op`` (and get_tuple_element ops of it left unused) once nothing uses it."""
    for result in op.results:
        for use in list(result.uses):
            element = use.owner.operation
            if element.name == _GET_TUPLE_ELEMENT:
                _erase_if_unused(element)  # nested tuples: elements of elements first
    if not any(list(r.uses) for r in op.results):
        U.erase(op)


def _opened(sharding: ir.Attribute) -> ir.Attribute:
    """The same sharding with every dimension open."""
    t = sdy.TensorShardingAttr(sharding)
    dims = [
        sdy.DimensionShardingAttr.get(list(sdy.DimensionShardingAttr(d).axes), False) for d in t.dimension_shardings
    ]
    return sdy.TensorShardingAttr.get(t.mesh_or_ref, dims, list(t.replicated_axes), list(t.unreduced_axes))
