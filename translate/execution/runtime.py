"""Compile a loaded module with XLA (PJRT, through jaxlib) and run it on CPU or CUDA devices.

SPMD modules run on `num_partitions` devices: global inputs are split by the parameter shardings
the compiled executable reports, and each output is reassembled from its shards by the output
sharding. Replicated modules (`replica_count` > 1) give every replica the same inputs and return
each output stacked along a new leading replica axis.
"""

from __future__ import annotations

import contextlib
import os
import re
import sys
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from hlo_translate.errors import TranslateError
from hlo_translate.execution.inputs import InputsLike, resolve_inputs
from hlo_translate.execution.module import LoadedModule, ModuleLike, load_module
from hlo_translate.execution.signature import TensorSpec
from hlo_translate.execution.unsharded import placement_problem, without_shardings

PLATFORMS = ("cpu", "cuda")
_DEVICE_COUNT_FLAG = "--xla_force_host_platform_device_count"


@dataclass(frozen=True, slots=True)
class DevicePlan:
    """How many partitions (SPMD) and replicas a run uses; it needs their product in devices."""

    num_partitions: int = 1
    num_replicas: int = 1

    @property
    def num_devices(self) -> int:
        return self.num_partitions * self.num_replicas


def plan_devices(module: LoadedModule, num_devices: int | None = None, num_replicas: int | None = None) -> DevicePlan:
    """The partitions and replicas to run `module` with.

    What the module declares wins; `num_devices` (partitions) and `num_replicas` fill in what it
    does not say and must agree with what it does; then the devices its shardings name; then 1.
    """
    partitions = _settle("num_partitions", module.num_partitions, num_devices, module.sharding_devices)
    replicas = _settle("replica_count", module.num_replicas, num_replicas, None)
    if partitions > 1 and replicas > 1:
        raise TranslateError(f"running {replicas} replicas of {partitions} partitions each is not supported")
    return DevicePlan(partitions, replicas)


def _settle(name: str, declared: int | None, asked: int | None, inferred: int | None) -> int:
    if declared is not None and asked is not None and declared != asked:
        raise TranslateError(f"the module declares {name}={declared} but {asked} was asked for")
    value = declared or asked or inferred or 1
    if value < 1:
        raise TranslateError(f"{name} must be at least 1, got {value}")
    return value


def execute(
    module: ModuleLike,
    inputs: InputsLike = None,
    *,
    platform: str = "cpu",
    num_devices: int | None = None,
    num_replicas: int | None = None,
    seed: int = 0,
) -> list[np.ndarray]:
    """Compile `module` with XLA and run it; the outputs as global numpy arrays, in result order.

    `module` is HLO text, HloModuleProto bytes, StableHLO as MLIR text or bytecode (or a
    `LoadedModule`). `inputs` is None (generated deterministically from `seed`), an .npz path
    or its bytes (arg0..argN), or arrays in parameter order. `num_devices` is the number of SPMD
    partitions when the module does not declare it. Example::

        >>> execute("HloModule m\\nENTRY e { p = f32[2] parameter(0)\\n ROOT n = f32[2] negate(p) }",
        ...         [np.array([1, 2], np.float32)])            # doctest: +SKIP
        [array([-1., -2.], dtype=float32)]
    """
    loaded = load_module(module)
    plan = plan_devices(loaded, num_devices, num_replicas)
    arguments = resolve_inputs(loaded.parameters, inputs, seed)
    notes: list[str] = []
    outputs = run(loaded, arguments, plan, platform, notes=notes)
    for note in notes:  # the outputs are right, but the caller asked for a sharded run
        warnings.warn(note, stacklevel=2)
    return outputs


def run(
    loaded: LoadedModule,
    arguments: Sequence[np.ndarray],
    plan: DevicePlan,
    platform: str = "cpu",
    *,
    notes: list[str] | None = None,
    unsharded: str | None = None,
) -> list[np.ndarray]:
    """Run an already loaded module on checked arguments with a settled device plan.

    An SPMD module whose entry shardings JAX cannot place (uneven tiles, manual or unreduced subgroups) runs
    on one device with its shardings removed, when its values do not depend on them (execution/unsharded.py);
    `unsharded` (the reason) asks for that from the start. Either way a line saying so is appended to `notes`.
    """
    devices = _devices(platform, plan.num_devices)
    if loaded.uses_lapack and platform == "cpu":
        from jax._src.lax import linalg

        linalg.initialize_lapack()  # lapack_*_ffi custom calls crash without it
    if unsharded is not None and plan.num_partitions > 1:
        return _run_unsharded(loaded, arguments, plan, platform, unsharded, notes)
    executable = _compile(loaded, devices, plan)
    if plan.num_partitions > 1:
        problem = placement_problem(executable, devices, loaded.parameters, loaded.results)
        if problem is not None:
            return _run_unsharded(loaded, arguments, plan, platform, problem, notes)
    placed = _place_inputs(executable, devices, loaded.parameters, arguments)
    from jaxlib import _jax

    try:
        results = executable.execute_sharded(placed)
        shards = results.disassemble_into_single_device_arrays()
        if len(shards) != len(loaded.results):
            raise TranslateError(
                f"the executable returned {len(shards)} outputs, the module declares {len(loaded.results)}"
            )
        # Execution is asynchronous: what fails while running surfaces when the outputs are read.
        return _gather_outputs(executable, devices, loaded.results, shards, plan)
    except _jax.JaxRuntimeError as err:
        raise TranslateError(f"XLA failed while running the module: {_first_lines(err)}") from err
    except MemoryError as err:  # std::bad_alloc from XLA's C++
        raise TranslateError(f"XLA ran out of host memory while running the module ({err})") from err


def _run_unsharded(
    loaded: LoadedModule,
    arguments: Sequence[np.ndarray],
    plan: DevicePlan,
    platform: str,
    why: str,
    notes: list[str] | None,
) -> list[np.ndarray]:
    stripped, blocker = without_shardings(loaded)
    if stripped is None:
        raise TranslateError(f"cannot run this module on {plan.num_devices} devices: {why}; {blocker}")
    if notes is not None:
        notes.append(f"ran on 1 device with its shardings removed: {why}")
    return run(stripped, arguments, DevicePlan(1, 1), platform)


# ---------------------------------------------------------------- devices


def _devices(platform: str, count: int) -> list[Any]:
    """The first `count` devices of `platform`, starting JAX with enough CPU devices if it can."""
    if platform not in PLATFORMS:
        raise TranslateError(f"unknown platform '{platform}': expected one of {', '.join(PLATFORMS)}")
    if platform == "cpu":
        _ensure_cpu_device_count(count)
    import jax

    try:
        devices = jax.devices(platform)
    except RuntimeError as err:
        raise TranslateError(
            f"platform '{platform}' is not available here ({_first_lines(err, 1)}); "
            "CUDA needs an NVIDIA GPU and jax's CUDA plugin "
            "(pip install 'jax[cuda13]' or 'jax[cuda12]')"
        ) from err
    if len(devices) < count:
        hint = (
            f"; start with XLA_FLAGS={_DEVICE_COUNT_FLAG}={count} set before jax is imported"
            if platform == "cpu"
            else ""
        )
        raise TranslateError(f"the module needs {count} {platform} devices but JAX has {len(devices)}{hint}")
    return sorted(devices, key=lambda device: device.id)[:count]


def _ensure_cpu_device_count(count: int) -> None:
    """Make JAX start with at least `count` host CPU devices, when it has not started yet."""
    if "jax" not in sys.modules:
        # The XLA flag is read when the CPU client is created; setting it before import is enough.
        flags = os.environ.get("XLA_FLAGS", "")
        if (_flag_count(flags) or 1) < count:
            flags = re.sub(rf"{_DEVICE_COUNT_FLAG}=\d+", "", flags)
            os.environ["XLA_FLAGS"] = f"{flags} {_DEVICE_COUNT_FLAG}={count}".strip()
        return
    import jax
    from jax._src import distributed, xla_bridge

    if xla_bridge.backends_are_initialized() or distributed.global_state.client is not None:
        return  # too late to change, or the process group decided; _devices checks the count
    configured = jax.config.jax_num_cpu_devices
    current = configured if configured >= 0 else (_flag_count(os.environ.get("XLA_FLAGS", "")) or 1)
    if current < count:
        jax.config.update("jax_num_cpu_devices", count)


def _flag_count(flags: str) -> int | None:
    match = re.search(rf"{_DEVICE_COUNT_FLAG}=(\d+)", flags)
    return int(match.group(1)) if match else None


# ---------------------------------------------------------------- compile and run


def _compile(loaded: LoadedModule, devices: list[Any], plan: DevicePlan) -> Any:
    from jaxlib import _jax

    options = _jax.CompileOptions()  # explicit: the client's implicit defaults differ (FACTS.md)
    options.num_partitions = plan.num_partitions
    options.num_replicas = plan.num_replicas
    build = options.executable_build_options
    build.use_spmd_partitioning = True
    build.use_shardy_partitioner = loaded.uses_shardy
    assignment = np.array([device.id for device in devices]).reshape(plan.num_replicas, plan.num_partitions)
    options.device_assignment = _jax.DeviceAssignment.create(assignment)
    try:
        return devices[0].client.compile_and_load(loaded.payload, _jax.DeviceList(tuple(devices)), options)
    except _jax.JaxRuntimeError as err:
        raise TranslateError(f"XLA could not compile the module: {_first_lines(err)}") from err
    except MemoryError as err:  # std::bad_alloc from XLA's C++
        raise TranslateError(f"XLA ran out of host memory compiling the module ({err})") from err


def _indexer(value: np.ndarray) -> Callable[[Any], np.ndarray]:
    """The callback that hands JAX the part of `value` each device holds."""
    return lambda index: value[index]


def _sharding(devices: list[Any], op_sharding: Any) -> Any:
    from jax._src.sharding_impls import GSPMDSharding

    if op_sharding is None:
        return GSPMDSharding.get_replicated(tuple(devices))
    return GSPMDSharding(tuple(devices), op_sharding)


def _place_inputs(
    executable: Any, devices: list[Any], parameters: Sequence[TensorSpec], arguments: Sequence[np.ndarray]
) -> list[Any]:
    """Global arguments as device arrays, each device holding its shard (only local ones)."""
    import jax

    shardings = executable.get_parameter_shardings() or [None] * len(arguments)
    # 64-bit values are silently narrowed unless x64 is on while they are placed.
    wide = any(spec.is_64_bit for spec in parameters) and not jax.config.jax_enable_x64
    with jax.enable_x64(True) if wide else contextlib.nullcontext():
        return [
            jax.make_array_from_callback(value.shape, _sharding(devices, op_sharding), _indexer(value))
            for value, op_sharding in zip(arguments, shardings)
        ]


def _gather_outputs(
    executable: Any, devices: list[Any], results: Sequence[TensorSpec], shards: list[list[Any]], plan: DevicePlan
) -> list[np.ndarray]:
    import jax

    if plan.num_replicas > 1:
        return [np.stack([np.asarray(shard) for shard in per_device]) for per_device in shards]
    shardings = executable.get_output_shardings() or [None] * len(results)
    outputs = []
    for spec, per_device, op_sharding in zip(results, shards, shardings):
        array = jax.make_array_from_single_device_arrays(spec.shape, _sharding(devices, op_sharding), per_device)
        if not array.is_fully_addressable:  # other processes hold shards: gather them
            from jax.experimental import multihost_utils

            array = multihost_utils.process_allgather(array, tiled=True)
        outputs.append(np.array(array))
    return outputs


def _first_lines(err: BaseException, count: int = 3) -> str:
    lines = [line.strip() for line in str(err).splitlines() if line.strip()]
    return " ".join(lines[:count])
