"""Writes the dump corpus: every program of `tests.dumps.programs` dumped by XLA, one folder each.

    python -m tests.dumps.generate OUT          # all programs, two at a time
    python -m tests.dumps.generate OUT --one P  # one program (what each worker process runs)

XLA reads XLA_FLAGS once at start-up, so each program runs in its own process with
`--xla_dump_to=OUT/<program>` and per-pass dumps in text and proto. OUT/summary.json records the
versions, the programs, their file counts and the generation time.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

DUMP_FLAGS = (
    "--xla_dump_hlo_as_text",
    "--xla_dump_hlo_as_proto",
    "--xla_dump_hlo_pass_re=.*",
    "--xla_force_host_platform_device_count=8",
)
WORKERS = 2


def _run_one(name: str, out: Path) -> dict:
    """Dumps one program in a fresh process; returns its record for summary.json."""
    target = out / name
    env = dict(os.environ, JAX_PLATFORMS="cpu", XLA_FLAGS=" ".join((f"--xla_dump_to={target}",) + DUMP_FLAGS))
    start = time.perf_counter()
    result = subprocess.run(
        [sys.executable, "-m", "tests.dumps.generate", str(out), "--one", name], env=env, capture_output=True, text=True
    )
    if result.returncode != 0:
        raise RuntimeError(f"dumping {name} failed (exit {result.returncode}):\n{result.stderr[-3000:]}")
    files = sum(1 for p in target.rglob("*") if p.is_file())
    return {"name": name, "files": files, "seconds": round(time.perf_counter() - start, 2)}


def generate(out: Path) -> dict:
    """Dumps every program into `out` and writes summary.json (written last: it marks completion)."""
    import importlib.metadata

    from tests.dumps.programs import PROGRAMS

    out.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    with ThreadPoolExecutor(WORKERS) as pool:
        futures = [pool.submit(_run_one, name, out) for name in PROGRAMS]
    errors = [str(f.exception()) for f in futures if f.exception() is not None]
    if errors:
        raise RuntimeError("\n\n".join(errors))
    records = [f.result() for f in futures]
    summary = {
        "jax": importlib.metadata.version("jax"),
        "jaxlib": importlib.metadata.version("jaxlib"),
        "flags": list(DUMP_FLAGS),
        "programs": records,
        "files": sum(r["files"] for r in records),
        "seconds": round(time.perf_counter() - start, 1),
    }
    (out / "summary.json").write_text(json.dumps(summary, indent=1))
    return summary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out", type=Path)
    parser.add_argument("--one", help="run this one program (XLA_FLAGS already set by the caller)")
    args = parser.parse_args()
    if args.one:
        from tests.dumps.programs import PROGRAMS

        PROGRAMS[args.one]()
        return
    summary = generate(args.out)
    print(f"{summary['files']} files from {len(summary['programs'])} programs in {summary['seconds']} s")


if __name__ == "__main__":
    main()
