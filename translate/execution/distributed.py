"""One SPMD program across several processes (on one host or many), each with its own devices.

Every process calls `initialize_distributed` before anything starts JAX, then `execute` on the
same module and the same inputs; JAX's distributed runtime joins their devices into one global
device list and XLA's collectives (gloo over TCP on CPU, NCCL on CUDA) connect them.
`run_multiprocess` does all of that on this host, as child processes.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from hlo_translate.errors import TranslateError
from hlo_translate.execution.inputs import InputsLike, arrays_to_npz, read_npz, resolve_inputs
from hlo_translate.execution.module import LoadedModule, ModuleLike, load_module
from hlo_translate.execution.runtime import execute, plan_devices


def initialize_distributed(
    coordinator: str, num_processes: int, process_id: int, *, platform: str = "cpu", local_devices: int | None = None
) -> None:
    """Join this process to a group of `num_processes` (process 0 serves at `coordinator`, host:port).

    Call it first, before anything runs on JAX. On CPU, `local_devices` is how many devices this
    process brings (default 1) and collectives go over gloo; on CUDA, every visible GPU is local.

        >>> initialize_distributed("host0:8476", num_processes=2, process_id=0, local_devices=4)  # doctest: +SKIP
    """
    import jax
    from jax._src import xla_bridge

    if xla_bridge.backends_are_initialized():
        raise TranslateError("initialize_distributed must run before JAX has started its devices")
    if not 0 <= process_id < num_processes:
        raise TranslateError(f"process id {process_id} is not in 0..{num_processes - 1}")
    if platform == "cpu":
        jax.config.update("jax_platforms", "cpu")
        jax.config.update("jax_cpu_collectives_implementation", "gloo")
        jax.config.update("jax_num_cpu_devices", local_devices or 1)
    try:
        jax.distributed.initialize(coordinator_address=coordinator, num_processes=num_processes, process_id=process_id)
    except (RuntimeError, ValueError) as err:
        raise TranslateError(f"cannot join the process group at {coordinator}: {err}") from err


@dataclass(frozen=True, slots=True)
class _WorkerTask:
    """What one child process of `run_multiprocess` does (passed to it as JSON)."""

    coordinator: str
    num_processes: int
    process_id: int
    local_devices: int
    platform: str
    module: str
    inputs: str | None
    output: str
    num_devices: int | None
    seed: int


def run_multiprocess(
    module: ModuleLike,
    inputs: InputsLike = None,
    *,
    num_processes: int = 2,
    local_devices: int = 4,
    platform: str = "cpu",
    num_devices: int | None = None,
    seed: int = 0,
    timeout_s: float = 120.0,
) -> list[np.ndarray]:
    """Run an SPMD `module` across `num_processes` local processes with `local_devices` each.

    The processes find each other through a coordinator on a free localhost port; the global
    outputs (gathered in every process) come back from process 0.

        >>> run_multiprocess(spmd_mlir, num_processes=2, local_devices=4)   # doctest: +SKIP
    """
    loaded = load_module(module)
    total = num_processes * local_devices
    asked = num_devices if num_devices is not None or loaded.num_partitions else total
    partitions = plan_devices(loaded, asked).num_partitions
    with tempfile.TemporaryDirectory(prefix="hlo-translate-mp-") as scratch:
        folder = Path(scratch)
        module_path = folder / "module"
        source = loaded.payload if isinstance(module, LoadedModule) else module
        module_path.write_bytes(source.encode() if isinstance(source, str) else source)
        inputs_path = None
        if inputs is not None:
            inputs_path = folder / "inputs.npz"
            inputs_path.write_bytes(arrays_to_npz(resolve_inputs(loaded.parameters, inputs, seed), "arg"))
        coordinator = f"localhost:{_free_port()}"
        tasks = [
            _WorkerTask(
                coordinator,
                num_processes,
                rank,
                local_devices,
                platform,
                str(module_path),
                str(inputs_path) if inputs_path else None,
                str(folder / f"out{rank}.npz"),
                partitions,
                seed,
            )
            for rank in range(num_processes)
        ]
        _run_workers(tasks, folder, timeout_s)
        outputs = read_npz(Path(tasks[0].output).read_bytes())
        return [outputs[f"out{i}"] for i in range(len(outputs))]


def _run_workers(tasks: list[_WorkerTask], folder: Path, timeout_s: float) -> None:
    """Start one child per task, wait for all; a failure or a timeout stops the rest."""
    env = dict(os.environ)
    # The children import this package from where this process found it.
    root = str(Path(__file__).resolve().parents[2])
    env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH", "")) if p)
    children = []
    for task in tasks:
        task_path = folder / f"task{task.process_id}.json"
        task_path.write_text(json.dumps(asdict(task)))
        log = open(folder / f"log{task.process_id}.txt", "wb")
        children.append(
            (
                subprocess.Popen(
                    [
                        sys.executable,
                        "-c",
                        "import sys, hlo_translate.execution.distributed as d; d.worker(sys.argv[1])",
                        str(task_path),
                    ],
                    stdout=log,
                    stderr=subprocess.STDOUT,
                    env=env,
                ),
                log,
            )
        )
    try:
        _wait_all([child for child, _ in children], folder, timeout_s)
    finally:
        for child, log in children:
            if child.poll() is None:
                child.kill()
                child.wait()
            log.close()


def _wait_all(children: list[subprocess.Popen], folder: Path, timeout_s: float) -> None:
    """Wait until every child exits 0; the first failure (or the deadline) ends the wait."""
    deadline = time.monotonic() + timeout_s
    while True:
        codes = [child.poll() for child in children]
        for rank, code in enumerate(codes):
            if code not in (None, 0):
                raise TranslateError(
                    f"process {rank} of {len(children)} failed (exit status {code}): "
                    f"{_last_line(folder / f'log{rank}.txt')}"
                )
        if all(code == 0 for code in codes):
            return
        if time.monotonic() > deadline:
            raise TranslateError(f"the {len(children)} processes did not finish within {timeout_s:.0f} s")
        time.sleep(0.05)


def worker(task_path: str) -> None:
    """The body of one `run_multiprocess` child: join the group, run, and (process 0) save outputs."""
    task = _WorkerTask(**json.loads(Path(task_path).read_text()))
    initialize_distributed(
        task.coordinator, task.num_processes, task.process_id, platform=task.platform, local_devices=task.local_devices
    )
    outputs = execute(
        Path(task.module).read_bytes(),
        task.inputs,
        platform=task.platform,
        num_devices=task.num_devices,
        seed=task.seed,
    )
    if task.process_id == 0:
        Path(task.output).write_bytes(arrays_to_npz(outputs, "out"))


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("localhost", 0))
        return probe.getsockname()[1]


def _last_line(path: Path) -> str:
    lines = [line for line in path.read_text(errors="replace").splitlines() if line.strip()]
    return lines[-1].strip() if lines else "no output"
