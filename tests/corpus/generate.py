"""Generates the corpus: `python -m tests.corpus.generate OUTDIR [--only NAME_PART] [--jobs N]`.

For every program of `programs.catalog()` it writes OUTDIR/<name>/ with
stablehlo.mlir, hlo.txt, optimized.hlo.txt, inputs.npz, outputs.npz and
meta.json (SPMD programs also stablehlo_gspmd.mlir and hlo_gspmd.txt), then
OUTDIR/summary.json last. Programs that fail to lower, compile or run on this
JAX are skipped with their reason in the summary. Output is byte-deterministic.

Run it in its own process: it needs 8 host devices (set in XLA_FLAGS before
JAX is imported) and flips jax_enable_x64 / jax_use_shardy_partitioner.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import logging
import os
import re
import subprocess
import sys
import time
import traceback
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DEVICE_FLAG = "--xla_force_host_platform_device_count=8"
log = logging.getLogger("tests.corpus.generate")

COLLECTIVE_OPCODES = (
    "all-reduce",
    "all-gather",
    "reduce-scatter",
    "all-to-all",
    "ragged-all-to-all",
    "collective-permute",
    "collective-broadcast",
)
_OPCODE = re.compile(r"\s([a-z][a-z0-9\-]*)\(")
_CUSTOM_CALL_TARGET = re.compile(r'custom_call_target="([^"]+)"')
_NUM_PARTITIONS = re.compile(r"mhlo\.num_partitions = (\d+)")
_NUM_REPLICAS = re.compile(r"mhlo\.num_replicas = (\d+)")
# Custom calls that only carry shardings (Shardy/GSPMD export), not computation.
_SHARDING_TARGETS = ("xla.sdy.", "Sharding", "SPMDFullToShardShape", "SPMDShardToFullShape")


def _ensure_device_flag() -> None:
    # The corpus is CPU's: the same programs on any machine, GPU or not.
    os.environ.setdefault("JAX_PLATFORMS", "cpu")
    flags = os.environ.get("XLA_FLAGS", "")
    if "xla_force_host_platform_device_count" not in flags:
        os.environ["XLA_FLAGS"] = f"{flags} {DEVICE_FLAG}".strip()


@dataclass(frozen=True)
class Artifacts:
    """Everything produced for one program before it is written out."""

    texts: dict[str, str]
    inputs: list[Any]
    outputs: list[Any]
    meta: dict[str, Any]


def _collectives(hlo_text: str) -> list[str]:
    """Collective opcodes (sync, -start or custom-call async forms) in an HLO text."""
    found = set()
    for opcode in _OPCODE.findall(hlo_text):
        base = opcode.removesuffix("-start").removesuffix("-done")
        if base in COLLECTIVE_OPCODES:
            found.add(base)
    for target in _CUSTOM_CALL_TARGET.findall(hlo_text):
        base = target.removesuffix("-start").removesuffix("-done")
        if base in COLLECTIVE_OPCODES:
            found.add(base)
    return sorted(found)


def _print_options():
    from jaxlib import _hlo

    # The defaults elide constants over ~10 elements as {...}, which XLA's parser
    # then accepts with garbage values: print them in full.
    options = _hlo.HloPrintOptions()
    options.print_large_constants = True
    return options


@contextmanager
def _shardy(enabled: bool) -> Iterator[None]:
    import jax

    previous = jax.config.jax_use_shardy_partitioner
    jax.config.update("jax_use_shardy_partitioner", enabled)
    try:
        yield
    finally:
        jax.config.update("jax_use_shardy_partitioner", previous)


def _mesh(spmd):
    import jax

    axis_types = (jax.sharding.AxisType.Auto,) * len(spmd.axis_names)
    return jax.make_mesh(spmd.mesh_shape, spmd.axis_names, axis_types=axis_types)


def _jit(p, mesh):
    import jax
    from jax.sharding import NamedSharding, PartitionSpec

    kwargs: dict[str, Any] = {"keep_unused": True}  # HLO parameters == inputs.npz
    if p.spmd is not None:

        def named(tree):
            return jax.tree.map(
                lambda spec: NamedSharding(mesh, spec), tree, is_leaf=lambda x: isinstance(x, PartitionSpec)
            )

        if p.spmd.in_specs is not None:
            kwargs["in_shardings"] = named(p.spmd.in_specs)
        if p.spmd.out_specs is not None:
            kwargs["out_shardings"] = named(p.spmd.out_specs)
    return jax.jit(p.fn, **kwargs)


def _hlo_shardings(shardings, arrays) -> list[str]:
    return [str(s._to_xla_hlo_sharding(a.ndim)) for s, a in zip(shardings, arrays)]


def _lower_all(p, inputs: list[Any]) -> Artifacts:
    import jax
    import numpy as np

    from tests.corpus.programs import DTYPES

    mesh = _mesh(p.spmd) if p.spmd is not None else None
    texts: dict[str, str] = {}
    with jax.enable_x64(p.x64), jax.set_mesh(mesh) if mesh is not None else nullcontext():
        lowered = _jit(p, mesh).lower(*inputs)
        texts["stablehlo.mlir"] = lowered.as_text()
        # as_text(dialect="hlo") prints with HloPrintOptions.short_parsable(): constants in full.
        texts["hlo.txt"] = lowered.as_text(dialect="hlo")
        compiled = lowered.compile()
        module = compiled.runtime_executable().hlo_modules()[0]
        texts["optimized.hlo.txt"] = module.to_string(_print_options())
        outputs = [np.asarray(x) for x in jax.tree.leaves(compiled(*inputs))]
        in_shardings = jax.tree.leaves(compiled.input_shardings)
        out_shardings = jax.tree.leaves(compiled.output_shardings)
        if mesh is not None:
            with _shardy(False):
                gspmd = _jit(p, mesh).lower(*inputs)
                texts["stablehlo_gspmd.mlir"] = gspmd.as_text()
                texts["hlo_gspmd.txt"] = gspmd.as_text(dialect="hlo")
    for name, text in texts.items():
        assert "{...}" not in text, f"{p.name}/{name}: elided constant"
    hlo_names = {np.dtype(v): k for k, v in DTYPES.items()}
    meta = _meta(p, texts, inputs, outputs, hlo_names)
    if mesh is not None:
        meta["mesh"] = {"shape": list(p.spmd.mesh_shape), "axis_names": list(p.spmd.axis_names)}
        meta["input_shardings"] = _hlo_shardings(in_shardings, inputs)
        meta["output_shardings"] = _hlo_shardings(out_shardings, outputs)
    return Artifacts(texts, inputs, outputs, meta)


def _array_specs(arrays, hlo_names) -> list[dict[str, Any]]:
    return [{"shape": list(a.shape), "dtype": hlo_names.get(a.dtype, a.dtype.name)} for a in arrays]


def _meta(p, texts: dict[str, str], inputs, outputs, hlo_names) -> dict[str, Any]:
    stablehlo, hlo = texts["stablehlo.mlir"], texts["hlo.txt"]
    optimized = texts["optimized.hlo.txt"]
    partitions = _NUM_PARTITIONS.search(stablehlo)
    replicas = _NUM_REPLICAS.search(stablehlo)
    targets = sorted(set(_CUSTOM_CALL_TARGET.findall(hlo)))
    collectives = _collectives(hlo)
    derived = {
        "x64": p.x64,
        "lapack": any(t.startswith("lapack_") for t in targets),
        "collectives": bool(collectives),
        "custom_call": any(not t.startswith(_SHARDING_TARGETS) for t in targets),
        "chlo": "chlo." in stablehlo,
        "spmd": p.spmd is not None,
    }
    return {
        "name": p.name,
        "tags": sorted(set(p.tags) | {tag for tag, present in derived.items() if present}),
        "num_partitions": int(partitions.group(1)) if partitions else 1,
        "num_replicas": int(replicas.group(1)) if replicas else 1,
        "needs_lapack": derived["lapack"],
        "x64": p.x64,
        "has_collectives": derived["collectives"],
        "has_custom_calls": derived["custom_call"],
        "collectives": collectives,
        "optimized_collectives": _collectives(optimized),
        "custom_call_targets": targets,
        "optimized_custom_call_targets": sorted(set(_CUSTOM_CALL_TARGET.findall(optimized))),
        "inputs": _array_specs(inputs, hlo_names),
        "outputs": _array_specs(outputs, hlo_names),
        "files": sorted(texts) + ["inputs.npz", "meta.json", "outputs.npz"],
    }


def _write(directory: Path, artifacts: Artifacts) -> None:
    from tests.corpus.arrays import save_arrays

    directory.mkdir(parents=True)
    for name, text in artifacts.texts.items():
        (directory / name).write_text(text)
    save_arrays(directory / "inputs.npz", artifacts.inputs)
    save_arrays(directory / "outputs.npz", artifacts.outputs)
    (directory / "meta.json").write_text(json.dumps(artifacts.meta, indent=1, sort_keys=True) + "\n")


def _one_line(error: BaseException) -> str:
    first = str(error).strip().splitlines()
    return f"{type(error).__name__}: {first[0] if first else ''}"[:300]


def generate_shard(outdir: Path, shard: int, shards: int, only: list[str] | None = None) -> dict[str, Any]:
    """Writes the programs whose catalog index is `shard` modulo `shards` into `outdir`.

    Returns {"generated": [[index, name], ...], "skipped": [[index, name, reason], ...]}.
    """
    import jax
    from jax._src import source_info_util

    from tests.corpus.programs import catalog, make_inputs

    # Keep this file's frames out of op metadata: only the programs' own lines remain.
    source_info_util.register_exclusion(str(Path(__file__).resolve()))
    source_info_util.register_exclusion("<frozen runpy>")
    assert jax.device_count() >= 8, "needs XLA_FLAGS=" + DEVICE_FLAG + " before importing jax"
    generated: list[tuple[int, str]] = []
    skipped: list[tuple[int, str, str]] = []
    for index, p in enumerate(catalog()):
        if index % shards != shard or (only and not any(part in p.name for part in only)):
            continue
        try:
            artifacts = _lower_all(p, make_inputs(p))
        except Exception as error:  # a program this JAX cannot handle
            skipped.append((index, p.name, _one_line(error)))
            log.warning("skipped %s: %s", p.name, skipped[-1][2])
            log.debug("%s", traceback.format_exc())
            continue
        _write(outdir / p.name, artifacts)
        generated.append((index, p.name))
    return {"generated": generated, "skipped": skipped}


def _shard_command(outdir: Path, shard: int, shards: int, only: list[str] | None) -> list[str]:
    command = [sys.executable, "-m", "tests.corpus.generate", str(outdir), "--shard", f"{shard}/{shards}"]
    for part in only or ():
        command += ["--only", part]
    return command


def _run_shards(outdir: Path, jobs: int, only: list[str] | None) -> list[dict[str, Any]]:
    """Runs `jobs` worker processes (one per core) and collects their reports."""
    workers = [subprocess.Popen(_shard_command(outdir, k, jobs, only)) for k in range(jobs)]
    codes = [w.wait() for w in workers]
    if any(codes):
        raise RuntimeError(f"corpus workers failed with exit codes {codes}")
    reports = []
    for k in range(jobs):
        report_path = outdir / f".shard-{k}.json"
        reports.append(json.loads(report_path.read_text()))
        report_path.unlink()
    return reports


def generate(outdir: Path, only: list[str] | None = None, jobs: int = 1) -> dict[str, Any]:
    """Writes the corpus into `outdir` (which must not exist yet); returns the summary.

    With `only`, just the programs whose name contains one of those substrings;
    with jobs > 1, that many worker processes share the programs. Each program is
    lowered independently, so the output does not depend on `jobs`.
    """
    outdir.mkdir(parents=True)
    start = time.perf_counter()
    if jobs == 1:
        reports = [generate_shard(outdir, 0, 1, only)]
    else:
        reports = _run_shards(outdir, jobs, only)
    generated = sorted(tuple(g) for r in reports for g in r["generated"])
    skipped = sorted(tuple(s) for r in reports for s in r["skipped"])
    summary = {
        "jax_version": importlib.metadata.version("jax"),
        "jaxlib_version": importlib.metadata.version("jaxlib"),
        "generated": [name for _, name in generated],
        "skipped": {name: reason for _, name, reason in skipped},
    }
    # Written last: its presence marks a complete corpus (timing is kept out for determinism).
    (outdir / "summary.json").write_text(json.dumps(summary, indent=1, sort_keys=True) + "\n")
    log.info("generated %d programs, skipped %d, in %.1f s", len(generated), len(skipped), time.perf_counter() - start)
    return summary


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("outdir", type=Path)
    parser.add_argument("--only", action="append", help="generate only programs whose name contains this (repeatable)")
    parser.add_argument(
        "--jobs", type=int, default=min(os.cpu_count() or 1, 4), help="worker processes (default: cores, at most 4)"
    )
    parser.add_argument("--shard", help=argparse.SUPPRESS)  # "k/N": internal worker mode
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s", stream=sys.stderr)
    _ensure_device_flag()
    if args.shard:
        shard, shards = (int(v) for v in args.shard.split("/"))
        report = generate_shard(args.outdir, shard, shards, args.only)
        (args.outdir / f".shard-{shard}.json").write_text(json.dumps(report))
        return 0
    summary = generate(args.outdir, args.only, max(1, args.jobs))
    print(f"corpus: {len(summary['generated'])} programs in {args.outdir}, {len(summary['skipped'])} skipped")
    for name, reason in summary["skipped"].items():
        print(f"  skipped {name}: {reason}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
