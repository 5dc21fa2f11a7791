"""Run an SPMD module whose shardings JAX cannot place, by running it with its shardings removed.

JAX builds global arrays only from shardings that split every dimension evenly and that are
tiled, replicated or maximal. XLA itself also takes uneven tilings (it pads the last shards) and
manual or unreduced subgroups. A module whose entry parameters or results carry such a sharding
cannot have its inputs placed or its outputs gathered by `run`.

What a module computes does not depend on its shardings as long as nothing in it observes the
partitioning: no partition ids, no collectives, no manual regions (which change shapes). Such a
module is run on one device with every sharding annotation removed; `run` says so in its notes.
A module that observes its partitioning keeps the original error.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from hlo_translate.execution.module import LoadedModule
from hlo_translate.execution.signature import TensorSpec

# Attributes that only say how values are laid out across devices.
_SHARDING_ATTRIBUTES = ("mhlo.sharding", "sdy.sharding", "sdy.sharding_rule", "sdy.sharding_origins")
_MODULE_ATTRIBUTES = ("mhlo.num_partitions", "mhlo.spmd_output_sharding", "mhlo.spmd_parameters_shardings")
# Ops whose values depend on the partitioning (stablehlo.* and mhlo.* alike; XLA's importer writes mhlo.*).
_PARTITION_AWARE = (
    "partition_id",
    "all_reduce",
    "all_gather",
    "all_to_all",
    "reduce_scatter",
    "collective_permute",
    "collective_broadcast",
    "ragged_all_to_all",
)
# Custom calls that are annotations only: each returns its operand.
_IDENTITY_CUSTOM_CALLS = ("Sharding",)
# Shardy ops that are annotations only: each returns its operand.
_IDENTITY_SDY_OPS = ("sdy.sharding_constraint", "sdy.reshard")


def placement_problem(
    executable: Any, devices: list[Any], parameters: Sequence[TensorSpec], results: Sequence[TensorSpec]
) -> str | None:
    """Why JAX cannot place a parameter or gather a result of `executable` by its sharding (None if it can)."""
    from jaxlib import _jax

    parameter_shardings = executable.get_parameter_shardings() or [None] * len(parameters)
    output_shardings = executable.get_output_shardings() or [None] * len(results)
    for kind, specs, shardings in (
        ("parameter", parameters, parameter_shardings),
        ("result", results, output_shardings),
    ):
        for index, (spec, op_sharding) in enumerate(zip(specs, shardings)):
            if op_sharding is None:
                continue
            try:
                _probe(devices, op_sharding, spec.shape)
            except (ValueError, NotImplementedError, _jax.JaxRuntimeError) as err:
                return f"{kind} {index} has sharding {op_sharding}, which JAX cannot place ({_why(err)})"
    return None


def _probe(devices: list[Any], op_sharding: Any, shape: tuple[int, ...]) -> None:
    from jax._src.sharding_impls import GSPMDSharding

    sharding = GSPMDSharding(tuple(devices), op_sharding)
    sharding.shard_shape(shape)
    sharding.devices_indices_map(shape)


def _why(err: BaseException) -> str:
    text = str(err).strip()
    first = text.splitlines()[0] if text else type(err).__name__
    if "implies that array axis" in first:  # IndivisibleError: say it short
        return "a dimension does not divide evenly; XLA pads it, JAX cannot"
    return first[:160]


def without_shardings(loaded: LoadedModule) -> tuple[LoadedModule | None, str]:
    """`loaded` with every sharding annotation removed, for one device; (None, why) when its values depend on
    the partitioning."""
    from jax._src.interpreters import mlir as jax_mlir
    from jaxlib.mlir import ir

    with jax_mlir.make_ir_context():
        parsed = ir.Module.parse(loaded.payload)
        blocker = _partition_aware_op(parsed.operation)
        if blocker is not None:
            return None, f"it has {blocker}, whose values depend on the partitioning"
        _strip(parsed)
        text = str(parsed)
    return (
        replace(
            loaded,
            payload=text,
            num_partitions=None,
            sharding_devices=None,
            uses_shardy=False,
        ),
        "",
    )


def _partition_aware_op(module: Any) -> str | None:
    from jaxlib.mlir import ir

    from hlo_translate.shardy.mlir_util import walk

    for op in walk(module):
        dialect, _, name = op.name.partition(".")
        if dialect in ("stablehlo", "mhlo") and any(name.startswith(aware) for aware in _PARTITION_AWARE):
            return op.name
        if op.name == "sdy.manual_computation":
            return op.name
        if name == "custom_call" and dialect in ("stablehlo", "mhlo"):
            target = ir.StringAttr(op.attributes["call_target_name"]).value
            if target not in _IDENTITY_CUSTOM_CALLS and ("SPMD" in target or target.startswith("xla.sdy.")):
                return f"custom call @{target}"
    return None


def _strip(module: Any) -> None:
    from jaxlib.mlir import ir

    from hlo_translate.shardy.mlir_util import walk

    for name in _MODULE_ATTRIBUTES:
        if name in module.operation.attributes:
            del module.operation.attributes[name]
    for op in walk(module.operation):
        if _is_identity_annotation(op):
            op.results[0].replace_all_uses_with(op.operands[0])
            op.erase()
            continue
        for name in _SHARDING_ATTRIBUTES:
            if name in op.attributes:
                del op.attributes[name]
        for name in ("arg_attrs", "res_attrs"):
            if op.name == "func.func" and name in op.attributes:
                op.attributes[name] = _without_sharding_entries(ir.ArrayAttr(op.attributes[name]))
    for op in list(module.body.operations):
        if op.operation.name == "sdy.mesh":  # nothing refers to a mesh any more
            op.operation.erase()


def _is_identity_annotation(op: Any) -> bool:
    from jaxlib.mlir import ir

    if op.name in _IDENTITY_SDY_OPS:
        return True
    if op.name.endswith(".custom_call") and len(op.operands) == 1 and len(op.results) == 1:
        return ir.StringAttr(op.attributes["call_target_name"]).value in _IDENTITY_CUSTOM_CALLS
    return False


def _without_sharding_entries(per_value: Any) -> Any:
    from jaxlib.mlir import ir

    kept = []
    for attributes in per_value:
        entries = ir.DictAttr(attributes)
        named = [entries[i] for i in range(len(entries))]
        kept.append(ir.DictAttr.get({n.name: n.attr for n in named if n.name not in _SHARDING_ATTRIBUTES}))
    return ir.ArrayAttr.get(kept)
