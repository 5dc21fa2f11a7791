"""Start-up of the command line: CPU seconds of whole `hlo-translate` processes on tiny modules.

Scripts call `hlo-translate` once per file, and the small modules of a dump directory cost little more
than the start-up: the interpreter, our imports, jaxlib's MLIR bindings where a verb needs them. Each row
runs one command `--runs` times as a fresh process (`python -m hlo_translate.cli.main`, as the console
script runs it) and reports the child's CPU seconds (user + sys, from `os.wait4`: other load on a shared
machine changes them far less than wall time) as min / median / max. Batch rows convert a directory in
one call (`-j 1`) and are per file.

Two regimes. "cached": compiled bytecode as an installed package has it (pip writes the .pyc files; here
they go to .cache/bench/pycache through PYTHONPYCACHEPREFIX, after one unmeasured run). "compiled": our
sources compiled on every run, as an editable install under PYTHONDONTWRITEBYTECODE=1 runs them (the
installed libraries keep their bytecode); a row says so where the tree holds __pycache__ folders, whose
.pyc files are then read. The floor rows are what no command goes below: Python alone, and Python with
what a verb must import.

`python -m bench.startup` prints the rows; `make bench` prints them too.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

RUNS = 10
BATCH_FILES = 50  # files converted by one batch call (`-j 1`), reported per file
ROOT = Path(__file__).resolve().parents[1]
PYCACHE = ROOT / ".cache" / "bench" / "pycache"

# A 2-instruction module: no constant, no sharding (what most of a dump directory's small modules read like).
HLO_TEXT = """HloModule tiny, entry_computation_layout={(f32[2]{0})->f32[2]{0}}

ENTRY main {
  p = f32[2]{0} parameter(0)
  ROOT n = f32[2]{0} negate(p)
}
"""
MLIR_TEXT = """module @tiny {
  func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32> {
    %0 = stablehlo.negate %arg0 : tensor<2xf32>
    return %0 : tensor<2xf32>
  }
}
"""

# What the MLIR verbs cannot go below: jaxlib's bindings, a context with the dialects our contexts load
# (translate/mlir/bindings.py), a tiny module parsed and printed.
_MLIR_FLOOR = f"""
from jaxlib.mlir import ir
from jaxlib.mlir._mlir_libs import _jax_mlir_ext
from jaxlib.mlir.dialects import chlo, mhlo, sdy, stablehlo
context = ir.Context()
registry = ir.DialectRegistry()
_jax_mlir_ext.register_dialects(registry)
context.append_dialect_registry(registry)
context.load_all_available_dialects()
sdy.register_dialect(context)
mhlo.register_mhlo_dialect(context)
chlo.register_dialect(context)
stablehlo.register_dialect(context)
with context:
    str(ir.Module.parse({MLIR_TEXT!r}))
"""

# What no command goes below: the interpreter, and the interpreter with the imports a verb needs.
FLOORS = {
    "python -c pass": "pass",
    "import click": "import click",
    "import google.protobuf.text_format": "import google.protobuf.text_format",
    "import hlo_translate": "import hlo_translate",
    "import jaxlib.mlir.ir": "import jaxlib.mlir.ir",
    "jaxlib MLIR: dialects, parse+print": _MLIR_FLOOR,
}


@dataclass(frozen=True)
class Startup:
    label: str
    seconds: list[float]  # CPU seconds (user + sys) of each run
    per: int = 1  # files one run converts: the row is per file

    @property
    def median(self) -> float:
        return statistics.median(self.seconds) / self.per

    def text(self) -> str:
        low, mid, high = (x / self.per for x in (min(self.seconds), statistics.median(self.seconds), max(self.seconds)))
        unit = " per file" if self.per > 1 else ""
        return f"  {self.label:<56} min {low:6.3f}  median {mid:6.3f}  max {high:6.3f} s CPU{unit}"


def cpu_seconds(command: list[str], env: dict[str, str] | None = None) -> float:
    """User + sys CPU seconds of `command` run as a child process (its own children included: they are
    reaped before it exits); raises RuntimeError when it fails."""
    with tempfile.TemporaryFile() as errors:  # a file, not a pipe: nothing blocks while we wait
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=errors, env=env)
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
        if process.returncode != 0:
            errors.seek(0)
            text = errors.read().decode(errors="replace").strip()
            raise RuntimeError(f"{' '.join(command)} ended with status {process.returncode}: {text[-300:]}")
    return usage.ru_utime + usage.ru_stime


def environments() -> dict[str, dict[str, str]]:
    """The child environment of each regime: "cached" (bytecode kept under .cache/bench/pycache) and
    "compiled" (PYTHONDONTWRITEBYTECODE=1: our sources compiled by every run)."""
    base = {k: v for k, v in os.environ.items() if k not in ("PYTHONPYCACHEPREFIX", "PYTHONDONTWRITEBYTECODE")}
    base["TF_CPP_MIN_LOG_LEVEL"] = "3"
    PYCACHE.mkdir(parents=True, exist_ok=True)
    return {
        "cached": {**base, "PYTHONPYCACHEPREFIX": str(PYCACHE)},
        "compiled": {**base, "PYTHONDONTWRITEBYTECODE": "1"},
    }


def _tree_has_pycache() -> bool:
    return any(next((ROOT / folder).rglob("__pycache__"), None) for folder in ("translate", "cli", "proto"))


def _cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "hlo_translate.cli.main", *args]


def commands(folder: Path) -> list[tuple[str, list[str], int]]:
    """(label, command, files) of each start-up row, with its inputs written into `folder`; the first four
    are measured in both regimes."""
    hlo, mlir = folder / "tiny.hlo", folder / "tiny.mlir"
    hlo.write_text(HLO_TEXT)
    mlir.write_text(MLIR_TEXT)
    proto = folder / "tiny.pb"
    subprocess.run(_cli("convert-hlo", str(hlo), "--emit", "proto", "-o", str(proto)), check=True)
    batch = folder / "batch"
    batch.mkdir()
    for i in range(BATCH_FILES):
        (batch / f"m{i}.hlo").write_text(HLO_TEXT.replace("tiny", f"tiny{i}"))
    out = folder / "out"
    out.mkdir()
    return [
        ("convert-hlo text -> proto", _cli("convert-hlo", str(hlo), "--emit", "proto", "-o", str(out / "a.pb")), 1),
        ("convert-hlo proto -> text", _cli("convert-hlo", str(proto), "-o", str(out / "a.hlo")), 1),
        ("hlo-to-stablehlo", _cli("hlo-to-stablehlo", str(hlo), "-o", str(out / "a.mlir")), 1),
        ("stablehlo-to-hlo", _cli("stablehlo-to-hlo", str(mlir), "-o", str(out / "b.hlo")), 1),
        ("hlo-translate --help", _cli("--help"), 1),
        (
            f"convert-hlo batch: {BATCH_FILES} files in one call, -j 1",
            _cli("convert-hlo", str(batch), "--emit", "proto", "-j", "1", "-o", str(out / "batch-proto")),
            BATCH_FILES,
        ),
        (
            f"hlo-to-stablehlo batch: {BATCH_FILES} files in one call, -j 1",
            _cli("hlo-to-stablehlo", str(batch), "-j", "1", "-o", str(out / "batch-mlir")),
            BATCH_FILES,
        ),
    ]


def measure(runs: int = RUNS, floors: bool = True) -> list[Startup]:
    """Every start-up row (and the floors), each command run `runs` times as a fresh process."""
    env = environments()
    compiled = "compiled, tree has __pycache__" if _tree_has_pycache() else "compiled"
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        listed = commands(Path(tmp))
        for label, command, files in listed:
            cpu_seconds(command, env["cached"])  # writes the bytecode cache; not measured
            rows.append(Startup(f"{label} [cached]", [cpu_seconds(command, env["cached"]) for _ in range(runs)], files))
        for label, command, files in listed[:4]:
            seconds = [cpu_seconds(command, env["compiled"]) for _ in range(runs)]
            rows.append(Startup(f"{label} [{compiled}]", seconds, files))
    if floors:
        for label, code in FLOORS.items():
            command = [sys.executable, "-c", code]
            cpu_seconds(command, env["cached"])
            rows.append(Startup(f"floor: {label}", [cpu_seconds(command, env["cached"]) for _ in range(runs)]))
    return rows


def print_rows(runs: int = RUNS, floors: bool = True) -> None:
    """The start-up rows, as `make bench` prints them."""
    print(f"start-up (whole processes, CPU seconds user+sys, {runs} runs each):", flush=True)
    for row in measure(runs, floors):
        print(row.text(), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.startup", description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=RUNS, help="fresh processes per row")
    parser.add_argument("--no-floors", action="store_true", help="leave out the floor rows")
    args = parser.parse_args()
    print_rows(args.runs, not args.no_floors)


if __name__ == "__main__":
    main()
