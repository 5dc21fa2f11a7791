"""GSPMD ``mhlo.sharding`` strings in a StableHLO module -> Shardy ``sdy.mesh`` + ``sdy.sharding``.

What changes, in this order:

1. every ``mhlo.sharding`` (function arguments and results, ops; tuple shardings flattened over
   the op's results) is parsed and one mesh is chosen for all of them (``mesh_inference``);
   ``sdy.mesh @mesh`` (and ``@maximal_mesh_N`` per maximal device) is added to the module;
2. the mhlo form of ``shard_map`` -- ``Sharding`` + ``SPMDFullToShardShape`` custom calls, a
   ``func.call`` of the body, ``Sharding`` + ``SPMDShardToFullShape`` -- becomes
   ``sdy.manual_computation`` with the body inlined; the manual axes are the mesh axes of the
   ``manual`` subgroup of the full-to-shard sharding (all axes for ``{manual}``);
3. the remaining ``Sharding`` custom calls become ``sdy.sharding_constraint``
   (``backend_config = "unspecified_dims=[...]"`` gives open dimensions);
4. the other ``mhlo.sharding`` attributes become ``sdy.sharding`` (``#sdy.sharding`` on function
   arguments and results, ``#sdy.sharding_per_value`` on ops).

Inside a manual computation (and in functions called from one) the manual axes are dropped from
shardings, since Shardy shardings there name only the free axes. A manual sharding anywhere else
(``{manual}`` or a manual subgroup on ``@main``'s arguments, say) is written as XLA writes it: the
sharding of the free axes in ``sdy.sharding`` and the manual axes in ``xla.sdy.manual_axes =
#sdy<manual_axes{...}>`` beside it (on the argument or result, or on the op), which XLA's Shardy
export and ours turn back into the manual subgroup.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from jaxlib.mlir import ir
from jaxlib.mlir.dialects import sdy

from hlo_translate.errors import TranslateError
from hlo_translate.hlo.sharding import HloSharding, NamedSharding, ShardGroupKind, ShardingKind, SubgroupType
from hlo_translate.shardy import mlir_util as U
from hlo_translate.shardy.mesh_inference import MeshPlan, plan_mesh
from hlo_translate.shardy.sdy_attrs import manual_axes_attr, mesh_text, parse_attr, sharding_text

SHARDING_TARGET = "Sharding"
FULL_TO_SHARD = "SPMDFullToShardShape"
SHARD_TO_FULL = "SPMDShardToFullShape"
GLOBAL_MESH = "mesh"
# XLA's attribute for the manual axes of a value outside any manual computation
# (xla/service/spmd/shardy/constants.h kManualAxes).
MANUAL_AXES = "xla.sdy.manual_axes"
_UNSPECIFIED_DIMS = re.compile(r"unspecified_dims=\[([0-9,\s]*)\]")


@dataclass
class _ShardMap:
    """One mhlo shard_map: the custom-call pairs around a call of the body function."""

    call: ir.Operation
    arguments: list[tuple[ir.Operation, ir.Operation]]  # (Sharding, SPMDFullToShardShape)
    results: list[tuple[ir.Operation, ir.Operation] | None]  # (Sharding, SPMDShardToFullShape)


def import_module_shardings(module: ir.Module) -> bool:
    """Rewrite ``module`` in place (see the module docstring); False when it had no ``mhlo.sharding``."""
    return _Importer(module).run()


class _Importer:
    def __init__(self, module: ir.Module) -> None:
        self.module = module
        self.plan: MeshPlan | None = None
        self.mesh_names: dict[int | None, str] = {}  # maximal device (None: the global mesh) -> symbol

    def run(self) -> bool:
        shardings = self._collect()
        if not shardings:
            return False
        self.plan = plan_mesh(shardings, _num_partitions(self.module))
        self._insert_meshes(shardings)
        shard_maps = self._find_shard_maps()
        bodies = {U.callee(m.call) for m in shard_maps}
        for shard_map in _innermost_first(shard_maps):
            self._convert_shard_map(shard_map)
        self._erase_uncalled(bodies)
        manual_functions = self._manual_functions()
        for func in U.functions(self.module):
            manual = U.symbol_name(func) in manual_functions
            self._convert_function(func, manual)
            for op in U.walk(func):
                if U.MHLO_SHARDING in op.attributes:
                    self._convert_op(op, manual or U.is_inside(op, "sdy.manual_computation"))
        return True

    # Collecting and planning -----------------------------------------------------------------

    def _collect(self) -> list[HloSharding]:
        found: list[HloSharding] = []
        for func in U.functions(self.module):
            for kind in ("arg_attrs", "res_attrs"):
                for attrs in U.attr_dicts(func, kind):
                    if U.MHLO_SHARDING in attrs:
                        found.append(_parse(attrs[U.MHLO_SHARDING], func))
            for op in U.walk(func):
                if (attr := U.get_attr(op, U.MHLO_SHARDING)) is not None:
                    sharding = _parse(attr, op)
                    found.append(_without_group(sharding) if _is_constraint(op) else sharding)
        return found

    def _insert_meshes(self, shardings: list[HloSharding]) -> None:
        assert self.plan is not None
        taken = {
            U.symbol_name(op.operation) for op in self.module.body.operations if "sym_name" in op.operation.attributes
        }
        wanted: list[tuple[int | None, str, str]] = []
        if any(not _is_maximal_only(s) for s in shardings):
            wanted.append((None, GLOBAL_MESH, mesh_text(self.plan.mesh)))
        for device in self.plan.maximal_devices:
            wanted.append((device, f"maximal_mesh_{device}", f"<[], device_ids=[{device}]>"))
        body = self.module.body
        anchor = body.operations[0] if len(body.operations) else None
        for key, base, text in wanted:
            name = _unique_symbol(base, taken)
            taken.add(name)
            self.mesh_names[key] = name
            ip = ir.InsertionPoint(anchor) if anchor is not None else ir.InsertionPoint(body)
            with ip, ir.Location.unknown():
                sdy.MeshOp(name, parse_attr("#sdy.mesh" + text))

    # Converting one sharding -----------------------------------------------------------------

    def _sdy_text(
        self,
        sharding: HloSharding,
        rank: int,
        where: ir.Operation,
        *,
        open_dims: tuple[int, ...] = (),
        manual_ok: bool = False,
    ) -> str:
        """``<@mesh, [...]>`` for a non-tuple sharding of a value of ``rank`` with no manual axes
        outside a manual computation (``manual_ok``: inside one, where they are dropped)."""
        text, manual = self._sdy_text_and_manual(sharding, rank, where, open_dims=open_dims, manual_ok=manual_ok)
        if manual:
            raise U.error_at(
                where,
                f"manual sharding {sharding.to_text(False)} of a shard_map operand or "
                "result outside its region has no Shardy equivalent",
            )
        return text

    def _sdy_text_and_manual(
        self,
        sharding: HloSharding,
        rank: int,
        where: ir.Operation,
        *,
        open_dims: tuple[int, ...] = (),
        manual_ok: bool = False,
    ) -> tuple[str, tuple[str, ...]]:
        """``<@mesh, [...]>`` for a non-tuple sharding of a value of ``rank``, and the names of its
        manual axes (none inside a manual computation, ``manual_ok``, where they are implied)."""
        assert self.plan is not None
        try:
            named = self.plan.express(sharding)
        except TranslateError as err:
            raise U.error_at(where, err.message) from None
        manual: tuple[str, ...] = ()
        if named.manual_axes or _is_manual(sharding):
            if not manual_ok:
                manual = self._manual_names(sharding, named, where)
            named = replace(named, manual_axes=())
        if sharding.kind is ShardingKind.UNKNOWN:
            open_dims = tuple(range(rank))
        if named.dim_shardings and len(named.dim_shardings) != rank:
            raise U.error_at(
                where,
                f"sharding {sharding.to_text(False)} tiles {len(named.dim_shardings)} "
                f"dimensions but the value has rank {rank}",
            )
        return sharding_text(named, self._mesh_name(named), rank, open_dims), manual

    def _manual_names(self, sharding: HloSharding, named: NamedSharding, where: ir.Operation) -> tuple[str, ...]:
        """The mesh axis names of a manual sharding outside a manual computation (whole axes)."""
        if any(ref.is_sub_axis for ref in named.manual_axes):
            raise U.error_at(
                where,
                f"manual sharding {sharding.to_text(False)} makes part of a mesh axis "
                "manual; Shardy's manual axes are whole axes",
            )
        if not named.manual_axes:
            if not sharding.is_manual or sharding.num_devices == 1 or named.mesh.axes:
                return ()  # a manual subgroup of one device: nothing is manual (canonical() drops it)
            raise U.error_at(
                where,
                f"manual sharding {sharding.to_text(False)}: the number of devices "
                "is unknown (no tiled sharding and no mhlo.num_partitions)",
            )
        return tuple(named.mesh.axes[ref.index].name for ref in named.manual_axes)

    def _mesh_name(self, named: NamedSharding) -> str:
        return self.mesh_names[named.mesh.maximal_device]

    def _convert_function(self, func: ir.Operation, manual: bool) -> None:
        ftype = U.function_type(func)
        for kind, types in (("arg_attrs", ftype.inputs), ("res_attrs", ftype.results)):
            dicts = U.attr_dicts(func, kind)
            changed = False
            for attrs, type_ in zip(dicts, types):
                if U.MHLO_SHARDING not in attrs:
                    continue
                sharding = _parse(attrs.pop(U.MHLO_SHARDING), func)
                if sharding.is_tuple:
                    raise U.error_at(
                        func,
                        f"tuple sharding {sharding.to_text(False)} on a function "
                        "argument or result has no Shardy equivalent",
                    )
                text, manual_axes = self._sdy_text_and_manual(sharding, U.tensor_rank(type_), func, manual_ok=manual)
                attrs[U.SDY_SHARDING] = parse_attr("#sdy.sharding" + text)
                if manual_axes:
                    attrs[MANUAL_AXES] = manual_axes_attr(list(manual_axes))
                changed = True
            if changed:
                U.set_attr_dicts(func, kind, dicts)

    def _convert_op(self, op: ir.Operation, manual: bool) -> None:
        sharding = _parse(op.attributes[U.MHLO_SHARDING], op)
        if _is_constraint(op):
            self._convert_constraint(op, sharding, manual)
            return
        results = list(op.results)
        leaves = list(sharding.tuple_elements) if sharding.is_tuple else [sharding] * max(len(results), 1)
        if any(leaf.is_tuple for leaf in leaves):
            raise U.error_at(op, f"nested tuple sharding {sharding.to_text(False)} has no Shardy equivalent")
        if not results:
            leaves, ranks = leaves[:1], [0]  # Shardy keeps one sharding on ops without results (as XLA does)
        elif len(leaves) != len(results):
            raise U.error_at(
                op, f"sharding {sharding.to_text(False)} has {len(leaves)} elements for {len(results)} results"
            )
        else:
            ranks = [U.tensor_rank(r.type) for r in results]
        converted = [self._sdy_text_and_manual(leaf, rank, op, manual_ok=manual) for leaf, rank in zip(leaves, ranks)]
        manual_axes = self._one_manual_set(op, sharding, [m for _, m in converted])
        del op.attributes[U.MHLO_SHARDING]
        op.attributes[U.SDY_SHARDING] = parse_attr(
            "#sdy.sharding_per_value<[" + ", ".join(t for t, _ in converted) + "]>"
        )
        if manual_axes:
            op.attributes[MANUAL_AXES] = manual_axes_attr(list(manual_axes))

    @staticmethod
    def _one_manual_set(op: ir.Operation, sharding: HloSharding, sets: list[tuple[str, ...]]) -> tuple[str, ...]:
        """XLA keeps one ``xla.sdy.manual_axes`` per op: every result must be manual over the same axes."""
        if len(set(sets)) > 1:
            raise U.error_at(
                op,
                f"sharding {sharding.to_text(False)} makes the op's results manual over "
                "different axes; Shardy keeps one set of manual axes per op",
            )
        return sets[0] if sets else ()

    def _convert_constraint(self, op: ir.Operation, sharding: HloSharding, manual: bool) -> None:
        """``custom_call @Sharding`` -> ``sdy.sharding_constraint`` (open dims from unspecified_dims).

        A ``shard_as N`` group (JAX's GSPMD lowering of shard_alike writes ``{unknown shard_as N}``)
        becomes ``sdy.sharding_group`` of the value, the group of values whose shardings must match;
        an ``{unknown}`` constraint beside it constrains nothing and goes."""
        if sharding.is_tuple:
            raise U.error_at(op, f"tuple sharding {sharding.to_text(False)} on a Sharding custom call")
        value = op.operands[0]
        group = sharding.shard_group
        if group is not None:
            if group.kind is not ShardGroupKind.AS:
                raise U.error_at(
                    op,
                    f"sharding {sharding.to_text(False)}: shard_like (a preference) has no "
                    "Shardy equivalent; sdy.sharding_group is shard_as",
                )
            with ir.InsertionPoint(op), op.location:
                sdy.ShardingGroupOp(value, group.id)
            sharding = _without_group(sharding)
            if sharding.kind is ShardingKind.UNKNOWN:
                op.results[0].replace_all_uses_with(value)
                U.erase(op)
                return
        text, manual_axes = self._sdy_text_and_manual(
            sharding, U.tensor_rank(value.type), op, open_dims=_unspecified_dims(op), manual_ok=manual
        )
        with ir.InsertionPoint(op), op.location:
            constraint = sdy.ShardingConstraintOp(value, parse_attr("#sdy.sharding" + text))
        if manual_axes:
            constraint.operation.attributes[MANUAL_AXES] = manual_axes_attr(list(manual_axes))
        op.results[0].replace_all_uses_with(constraint.result)
        U.erase(op)

    # shard_map -> sdy.manual_computation -----------------------------------------------------

    def _find_shard_maps(self) -> list[_ShardMap]:
        found = []
        for func in U.functions(self.module):
            for op in U.walk(func):
                if op.name == "func.call" and _looks_like_shard_map(op):
                    found.append(_match_shard_map(op))
        return found

    def _convert_shard_map(self, shard_map: _ShardMap) -> None:
        call = shard_map.call
        manual_axes = self._manual_axes(shard_map)
        # A shard_map nested in another: its global shardings are manual over the enclosing axes,
        # which its sdy.manual_computation (inlined into the enclosing one) leaves implicit.
        nested = bool(self._enclosing_axes(shard_map))
        in_texts = [
            self._sdy_text(
                _parse(sh.attributes[U.MHLO_SHARDING], sh),
                U.tensor_rank(sh.operands[0].type),
                sh,
                open_dims=_unspecified_dims(sh),
                manual_ok=nested,
            )
            for sh, _ in shard_map.arguments
        ]
        used = [(i, pair) for i, pair in enumerate(shard_map.results) if pair is not None]
        out_texts = [
            self._sdy_text(
                _parse(full.attributes[U.MHLO_SHARDING], full),
                U.tensor_rank(full.results[0].type),
                full,
                open_dims=_unspecified_dims(full),
                manual_ok=nested,
            )
            for _, (_, full) in used
        ]
        operands = [sh.operands[0] for sh, _ in shard_map.arguments]
        with ir.InsertionPoint(call), call.location:
            computation = sdy.ManualComputationOp(
                [full.results[0].type for _, (_, full) in used],
                operands,
                parse_attr("#sdy.sharding_per_value<[" + ", ".join(in_texts) + "]>"),
                parse_attr("#sdy.sharding_per_value<[" + ", ".join(out_texts) + "]>"),
                manual_axes_attr(manual_axes),
            )
            block = computation.regions[0].blocks.append(*[op.type for op in call.operands])
        self._inline_body(call, block, [i for i, _ in used])
        for k, (_, (sharding_op, full)) in enumerate(used):
            full.results[0].replace_all_uses_with(computation.results[k])
            U.erase(full)
            U.erase(sharding_op)
        U.erase(call)
        for sharding_op, to_shard in shard_map.arguments:
            for op in (to_shard, sharding_op):
                if not list(op.results[0].uses):
                    U.erase(op)

    def _manual_axes(self, shard_map: _ShardMap) -> list[str]:
        """The shard_map's own manual axes: those of its local shardings less the enclosing ones."""
        assert self.plan is not None
        marks = [to_shard for _, to_shard in shard_map.arguments]
        marks += [sharding_op for pair in shard_map.results if pair is not None for sharding_op in pair[:1]]
        local = self._one_axis_set(shard_map, marks)
        enclosing = self._enclosing_axes(shard_map)
        if not set(enclosing) <= set(local):
            raise U.error_at(
                shard_map.call, "the shard_map's global shardings are manual over axes its local shardings are not"
            )
        mesh = self.plan.mesh
        return [mesh.axes[i].name for i in local if i not in enclosing]

    def _enclosing_axes(self, shard_map: _ShardMap) -> tuple[int, ...]:
        """The manual axes of a shard_map's global shardings (those of an enclosing shard_map)."""
        globals_ = [sharding_op for sharding_op, _ in shard_map.arguments]
        globals_ += [pair[1] for pair in shard_map.results if pair is not None]
        return self._one_axis_set(shard_map, globals_)

    def _one_axis_set(self, shard_map: _ShardMap, marks: list[ir.Operation]) -> tuple[int, ...]:
        """The manual axes (mesh indices) all ``marks`` share, or an error."""
        assert self.plan is not None
        axes: list[tuple[int, ...]] = []
        for op in marks:
            sharding = _parse(op.attributes[U.MHLO_SHARDING], op)
            try:
                named = self.plan.express(sharding)
            except TranslateError as err:
                raise U.error_at(op, err.message) from None
            if any(ref.is_sub_axis for ref in named.manual_axes):
                raise U.error_at(
                    op,
                    f"manual sharding {sharding.to_text(False)} makes part of a mesh axis "
                    "manual; Shardy's manual axes are whole axes",
                )
            if not named.manual_axes and _is_manual(sharding) and (sharding.num_devices or 0) != 1:
                raise U.error_at(
                    op,
                    f"manual sharding {sharding.to_text(False)}: the number of devices "
                    "is unknown (no tiled sharding and no mhlo.num_partitions)",
                )
            axes.append(tuple(sorted(ref.index for ref in named.manual_axes)))
        if len(set(axes)) > 1:
            raise U.error_at(shard_map.call, "the shard_map's arguments and results are manual over different devices")
        return axes[0] if axes else ()

    def _inline_body(self, call: ir.Operation, block: ir.Block, used_results: list[int]) -> None:
        func = U.lookup_function(self.module, U.callee(call))
        if func is None:
            raise U.error_at(call, f"shard_map body @{U.callee(call)} is not a function of this module")
        U.inline_copy(func, block, used_results)

    def _erase_uncalled(self, names: set[str]) -> None:
        U.erase_uncalled(self.module, names)

    def _manual_functions(self) -> set[str]:
        """Functions called, directly or not, from inside a manual computation."""
        calls: dict[str, set[str]] = {}
        roots: set[str] = set()
        for func in U.functions(self.module):
            name = U.symbol_name(func)
            for op in U.walk(func):
                if op.name == "func.call":
                    calls.setdefault(name, set()).add(U.callee(op))
                    if U.is_inside(op, "sdy.manual_computation"):
                        roots.add(U.callee(op))
        manual, pending = set(), list(roots)
        while pending:
            name = pending.pop()
            if name not in manual:
                manual.add(name)
                pending.extend(calls.get(name, ()))
        return manual


# Helpers -----------------------------------------------------------------------------------------


def _parse(attr: ir.Attribute, where: ir.Operation) -> HloSharding:
    try:
        return U.mhlo_sharding(attr)
    except TranslateError as err:
        raise U.error_at(where, f"invalid mhlo.sharding {attr}: {err.message}") from None


def _is_constraint(op: ir.Operation) -> bool:
    """A ``Sharding`` custom call of a tensor (on a token XLA keeps the custom call, sharded)."""
    return (
        U.custom_call_target(op) == SHARDING_TARGET
        and len(op.operands) == 1
        and len(op.results) == 1
        and isinstance(op.operands[0].type, ir.RankedTensorType)
    )


def _without_group(sharding: HloSharding) -> HloSharding:
    return replace(sharding, shard_group=None) if sharding.shard_group is not None else sharding


def _is_manual(sharding: HloSharding) -> bool:
    """``{manual}`` or a tiling with a manual subgroup (even over a single device)."""
    if sharding.is_manual:
        return True
    return sharding.is_tiled and SubgroupType.MANUAL in sharding.subgroup_types


def _is_maximal_only(sharding: HloSharding) -> bool:
    if sharding.is_tuple:
        return all(_is_maximal_only(e) for e in sharding.tuple_elements)
    if sharding.is_named and sharding.named is not None:
        return sharding.named.mesh.maximal_device is not None  # {single_device[device_id=N]}
    return sharding.is_maximal


def _num_partitions(module: ir.Module) -> int | None:
    attrs = module.operation.attributes
    if "mhlo.num_partitions" not in attrs:
        return None
    value = attrs["mhlo.num_partitions"]
    if not isinstance(value, ir.IntegerAttr):
        raise TranslateError(f"mhlo.num_partitions must be an integer, not {str(value)[:40]}")
    return value.value


def _unique_symbol(base: str, taken: set[str]) -> str:
    if base not in taken:
        return base
    i = 0
    while f"{base}_{i}" in taken:
        i += 1
    return f"{base}_{i}"


def _unspecified_dims(op: ir.Operation) -> tuple[int, ...]:
    attr = U.get_attr(op, "backend_config")
    if attr is None or not isinstance(attr, ir.StringAttr):
        return ()
    match = _UNSPECIFIED_DIMS.search(U.string_value(attr))
    if match is None:
        return ()
    return tuple(int(d) for d in match.group(1).replace(" ", "").split(",") if d)


def _defining_custom_call(value: ir.Value, target: str) -> ir.Operation | None:
    if not isinstance(value, ir.OpResult):
        return None
    op = value.owner.operation
    return op if U.custom_call_target(op) == target else None


def _single_user(value: ir.Value) -> ir.Operation | None:
    uses = list(value.uses)
    return uses[0].owner.operation if len(uses) == 1 else None


def _innermost_first(shard_maps: list[_ShardMap]) -> list[_ShardMap]:
    """Shard_maps ordered so that one whose body function holds another comes after it: the
    enclosing one inlines its body with the nested one already converted."""

    def home(shard_map: _ShardMap) -> str | None:
        parent = shard_map.call.parent
        while parent is not None and parent.name != "func.func":
            parent = parent.parent
        return U.symbol_name(parent.operation) if parent is not None else None

    ordered: list[_ShardMap] = []
    pending = list(shard_maps)
    while pending:
        holders = {home(m) for m in pending}
        ready = [m for m in pending if U.callee(m.call) not in holders]
        if not ready:  # a cycle of calls (StableHLO has no recursion): keep the given order
            return ordered + pending
        ordered += ready
        pending = [m for m in pending if all(m is not r for r in ready)]
    return ordered


def _looks_like_shard_map(call: ir.Operation) -> bool:
    if any(_defining_custom_call(v, FULL_TO_SHARD) is not None for v in call.operands):
        return True
    for result in call.results:
        user = _single_user(result)
        if user is not None and U.custom_call_target(user) == SHARDING_TARGET:
            after = _single_user(user.results[0])
            if after is not None and U.custom_call_target(after) == SHARD_TO_FULL:
                return True
    return False


def _match_shard_map(call: ir.Operation) -> _ShardMap:
    """The custom-call pairs of a shard_map call, or an error naming what does not fit."""
    arguments = []
    for i, operand in enumerate(call.operands):
        to_shard = _defining_custom_call(operand, FULL_TO_SHARD)
        sharding_op = _defining_custom_call(to_shard.operands[0], SHARDING_TARGET) if to_shard else None
        if to_shard is None or sharding_op is None or len(to_shard.operands) != 1:
            raise U.error_at(
                call,
                f"operand {i} of shard_map call @{U.callee(call)} does not come from "
                f"{SHARDING_TARGET} + {FULL_TO_SHARD} custom calls",
            )
        arguments.append((sharding_op, to_shard))
    results: list[tuple[ir.Operation, ir.Operation] | None] = []
    for i, result in enumerate(call.results):
        if not list(result.uses):
            results.append(None)
            continue
        sharding_op = _single_user(result)
        full = _single_user(sharding_op.results[0]) if sharding_op is not None else None
        if (
            sharding_op is None
            or U.custom_call_target(sharding_op) != SHARDING_TARGET
            or full is None
            or U.custom_call_target(full) != SHARD_TO_FULL
        ):
            raise U.error_at(
                call,
                f"result {i} of shard_map call @{U.callee(call)} is not used only by "
                f"{SHARDING_TARGET} + {SHARD_TO_FULL} custom calls",
            )
        results.append((sharding_op, full))
    for op in [o for pair in arguments for o in pair] + [o for pair in results if pair for o in pair]:
        if U.MHLO_SHARDING not in op.attributes:
            raise U.error_at(op, "shard_map custom call without mhlo.sharding")
    return _ShardMap(call, arguments, results)
