"""`python -m bench` (`make bench`): every step of ours next to XLA's C++ in jaxlib, as ratios in one run.

Modules are the HLO (and StableHLO) of a many-layer transformer gradient built with JAX, generated in a
subprocess and cached under .cache/bench: about 170 instructions per layer, so 60, 300, 600 and 6000 layers
give about 10k, 50k, 100k and 1M instructions. Each size is timed in a fresh process (when there are
several) after the same warm-up, every step run once on the 10k module, then the best of `--repeat`
runs at every size, 1M included: a single cold run at 1M against the best of three warm ones at 10k read
as growth. Memory is the RSS growth of a fresh process that parses one module and keeps it.

Rows (ours, XLA's, ratio ours/XLA):
  parse          HLO text -> IR                 | hlo_module_from_text
  print          IR -> HLO text (parsed module) | HloModule.to_string
  print-export   IR -> HLO text, on the module our StableHLO -> HLO wrote (no source text to reuse) |
                 to_string of the module XLA's converter wrote from the same StableHLO. XLA's converter
                 canonicalizes on the way (duplicate constants folded, some broadcasts made reshapes):
                 its module has about 17% fewer instructions, so this row's ratio is per instruction of
                 each side's module (the total-time ratio is printed beside it)
  print-ex-same  the same module both sides: XLA prints OUR exporter's module (our text read by
                 hlo_module_from_text), a per-line comparison (XLA's converter folds duplicate constants,
                 so print-export's XLA module has fewer lines); a diagnostic beside print-export
  proto-read     HloModuleProto bytes -> IR     | HloModule.from_serialized_hlo_module_proto
  proto-write    IR -> HloModuleProto bytes     | as_serialized_hlo_module_proto
  import         HLO IR -> StableHLO bytecode   | hlo_to_stablehlo (from proto bytes)
  export         StableHLO text -> HLO IR       | mlir_module_to_xla_computation
  memory loop    a diagnostic (`--memory-loop`): RSS a fresh process adds over N calls in a loop (no
                 gc.collect() in it), the first 300 calls and then per call, each direction, ours next to
                 XLA's converter in the same loop: export `write_hlo(stablehlo_to_hlo(text))` |
                 `mlir_module_to_xla_computation(text).as_hlo_text()`, import `hlo_to_stablehlo(text)` |
                 `hlo_to_stablehlo(proto bytes)`; on a one-layer model (small) and the 50k one
  start-up       whole `hlo-translate` processes on a 2-instruction module, each verb, and batch mode per
                 file: CPU seconds (user+sys of the child), min/median/max of 10 runs, with cached bytecode
                 and with our sources compiled; floors: Python alone, jaxlib's MLIR (bench/startup.py)
  walk, walk-export  a diagnostic, ours only: one loop that reads every instruction's name, opcode, shape,
                 operands' names and attributes and does nothing else, over the parsed module and over
                 the exporter's: the floor of any step that reads the whole IR. Its growth with the module
                 is the memory's (caches, pages), not the code's
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CACHE = ROOT / ".cache" / "bench"
SIZES = {"10k": 60, "50k": 300, "100k": 600, "1M": 6000}  # name -> transformer layers

_MAKE_MODEL = r"""
import sys, jax, jax.numpy as jnp
layers, width = int(sys.argv[1]), 64
def block(x, w):
    h = jnp.tanh(x @ w[0]) * jax.nn.sigmoid(x @ w[1])
    h = jax.nn.softmax(h @ w[2], axis=-1) @ w[3]
    m = jnp.mean(h, axis=-1, keepdims=True)
    v = jnp.mean((h - m) ** 2, axis=-1, keepdims=True)
    return x + (h - m) * jax.lax.rsqrt(v + 1e-5)
def model(x, ws):
    for w in ws:
        x = block(x, w)
    return jnp.sum(x)
x = jnp.ones((8, width)); ws = [jnp.ones((4, width, width)) * 0.01 for _ in range(layers)]
lowered = jax.jit(jax.grad(model, argnums=1)).lower(x, ws)
open(sys.argv[2], "w").write(lowered.as_text())
open(sys.argv[3], "w").write(lowered.as_text(dialect="hlo"))
"""

# Run in a fresh process: RSS growth (bytes) of parsing one module and keeping it, ours or XLA's.
_MEMORY = r"""
import gc, json, resource, sys
def rss():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
which, path = sys.argv[1], sys.argv[2]
text = open(path).read()
if which == "ours":
    from hlo_translate.hlo.text import parse_hlo_text as parse
else:
    from jaxlib._hlo import hlo_module_from_text as parse
gc.collect()
before, peak_before = rss(), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
module = parse(text)
gc.collect()
after, peak = rss(), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(json.dumps({"kept": after - before, "peak": max(peak - before, after - before)}))
"""


# Run in a fresh process: the RSS N calls of one conversion add, after one warm-up call (tests/test_memory.py
# holds the same bounds on a small module).
_MEMORY_LOOP = r"""
import json, os, sys
which, direction, path, calls, first = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
text = open(path).read()
def rss():
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
if which == "ours":
    import hlo_translate as H
    if direction == "export":
        fn = lambda: H.write_hlo(H.stablehlo_to_hlo(text))
    else:
        fn = lambda: H.hlo_to_stablehlo(text)
else:
    from jaxlib import _hlo, _jax
    if direction == "export":
        convert = _jax.mlir.mlir_module_to_xla_computation
        fn = lambda: convert(text, use_tuple_args=False, return_tuple=False).as_hlo_text()
    else:
        proto = _hlo.hlo_module_from_text(text).as_serialized_hlo_module_proto()
        fn = lambda: _jax.mlir.hlo_to_stablehlo(proto)
fn()
start = rss()
for i in range(calls):
    fn()
    if i + 1 == first:
        middle = rss()
end = rss()
print(json.dumps({"first": middle - start, "per_call": (end - middle) / max(calls - first, 1)}))
"""
LOOP_SIZES = {"small": 1, "50k": 300}  # memory loop: name -> transformer layers
# Calls per memory-loop row by size (--loop-calls overrides): 1,000 calls of the 50k module are about an hour
# per row on the 2-core machine, so the bench's default runs 60 of them (the first half, then per call).
LOOP_CALLS = {"small": 1000, "50k": 60}
LOOP_FIRST = 300


def model_files(layers: int) -> tuple[Path, Path]:
    """(StableHLO text, HLO text) of the `layers`-layer model, generated once."""
    CACHE.mkdir(parents=True, exist_ok=True)
    mlir, hlo = CACHE / f"transformer_{layers}.mlir", CACHE / f"transformer_{layers}.hlo"
    if not (mlir.exists() and hlo.exists()):
        print(f"  (generating the {layers}-layer model with JAX, once)", file=sys.stderr)
        subprocess.run(
            [sys.executable, "-c", _MAKE_MODEL, str(layers), str(mlir), str(hlo)],
            check=True,
            env={**os.environ, "JAX_PLATFORMS": "cpu"},
        )
    return mlir, hlo


# The clock of every timing: wall time (what a user waits), or with --cpu this process's CPU time, which
# other load on a shared machine disturbs far less (XLA's threads, if any, count in full).
CLOCK: Callable[[], float] = time.perf_counter


def best_of(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = CLOCK()
        fn()
        times.append(CLOCK() - start)
    return min(times)


@dataclass(frozen=True)
class Row:
    step: str
    size: str
    instructions: int
    ours: float
    xla: float | None  # None: a diagnostic of ours alone
    xla_instructions: int | None = None  # XLA's module's count where it is another module (print-export)

    @property
    def ratio(self) -> float:
        """ours / XLA's, per instruction of each side's module (the same module but in print-export)."""
        if not self.xla:
            return float("nan")
        return (self.ours / self.instructions) / (self.xla / (self.xla_instructions or self.instructions))

    def text(self) -> str:
        per = self.ours / self.instructions * 1e6
        line = (
            f"  {self.step:<13} {self.size:>5} {self.instructions:>9,}  ours {self.ours:8.3f} s ({per:6.2f} us/instr)"
        )
        if self.xla is None:
            return line + "  (diagnostic: the IR read and nothing done)"
        line += f"  XLA {self.xla:8.3f} s  ratio {self.ratio:5.2f}x"
        if self.xla_instructions and self.xla_instructions != self.instructions:
            line += (
                f"  (per instruction; XLA's module has {self.xla_instructions:,}: {self.ours / self.xla:.2f}x in total)"
            )
        return line


def walk(module) -> None:
    """Read what every step that reads the whole IR reads, and do nothing with it (the `walk` rows)."""
    for comp in module.computations:
        for instr in comp.instructions:
            _ = instr.name, instr.opcode, instr.shape, instr.literal  # read, not used: the walk's point
            for operand in instr.operands:
                _ = operand.name
            for _ in instr.attributes.items():
                pass


# The timed rows of `measure`, in order (`--steps` picks some; walk includes walk-export).
STEPS = ("parse", "print", "proto-read", "proto-write", "import", "print-export", "print-ex-same", "export", "walk")
# What else a whole run prints, which `--steps` leaves out unless named.
EXTRAS = ("verify", "memory", "memory-loop", "dumps")


def measure(size: str, repeat: int, warm_up: bool = True, steps: frozenset[str] = frozenset(STEPS)) -> list[Row]:
    """Every step on the module of `size` (or those of `steps`), ours and XLA's, each step first run once on
    the 10k module (the same warm-up at every size, 10k included: imports, first-use caches)."""
    if warm_up:
        measure("10k", 1, warm_up=False, steps=steps)
    from jaxlib import _hlo  # type: ignore[attr-defined]  # no stubs for jaxlib's private _hlo
    from jaxlib._jax import mlir as xla_mlir

    import hlo_translate
    from hlo_translate.hlo.io import HloFormat
    from hlo_translate.hlo.text import parse_hlo_text, print_hlo_text

    mlir_path, hlo_path = model_files(SIZES[size])
    text, mlir = hlo_path.read_text(), mlir_path.read_text()
    ours_module = parse_hlo_text(text)
    xla_module = _hlo.hlo_module_from_text(text)
    n = ours_module.instruction_count()
    options = _hlo.HloPrintOptions.short_parsable()
    options.print_large_constants = True
    proto = xla_module.as_serialized_hlo_module_proto()
    rows = []

    def row(
        step: str, ours: Callable[[], object], xla: Callable[[], object], count: int = n, xla_count: int | None = None
    ) -> None:
        if step in steps:
            rows.append(Row(step, size, count, best_of(ours, repeat), best_of(xla, repeat), xla_count))

    row("parse", lambda: parse_hlo_text(text), lambda: _hlo.hlo_module_from_text(text))
    row("print", lambda: print_hlo_text(ours_module), lambda: xla_module.to_string(options))
    row(
        "proto-read",
        lambda: hlo_translate.read_hlo(proto, HloFormat.PROTO),
        lambda: _hlo.HloModule.from_serialized_hlo_module_proto(proto),
    )
    row(
        "proto-write",
        lambda: hlo_translate.write_hlo(ours_module, HloFormat.PROTO),
        xla_module.as_serialized_hlo_module_proto,
    )
    row(
        "import",
        lambda: hlo_translate.hlo_to_stablehlo(ours_module, emit="bytecode"),
        lambda: xla_mlir.hlo_to_stablehlo(proto),
    )
    if not steps & {"print-export", "print-ex-same", "export", "walk"}:
        return rows  # the rest needs the exporter's module
    exported = hlo_translate.stablehlo_to_hlo(mlir)
    xla_exported = xla_mlir.mlir_module_to_xla_computation(mlir, use_tuple_args=False, return_tuple=False)
    xla_exported_module = _hlo.HloModule.from_serialized_hlo_module_proto(xla_exported.as_serialized_hlo_module_proto())
    m = exported.instruction_count()
    xla_m = sum(len(c.instructions()) for c in xla_exported_module.computations())
    row("print-export", lambda: print_hlo_text(exported), lambda: xla_exported_module.to_string(options), m, xla_m)
    if "print-ex-same" in steps:
        xla_same_module = _hlo.hlo_module_from_text(print_hlo_text(exported))
        row("print-ex-same", lambda: print_hlo_text(exported), lambda: xla_same_module.to_string(options), m)
    row(
        "export",
        lambda: hlo_translate.stablehlo_to_hlo(mlir),
        lambda: xla_mlir.mlir_module_to_xla_computation(mlir, use_tuple_args=False, return_tuple=False),
        m,
    )
    if "walk" in steps:
        rows.append(Row("walk", size, n, best_of(lambda: walk(ours_module), max(repeat, 3)), None))
        rows.append(Row("walk-export", size, m, best_of(lambda: walk(exported), max(repeat, 3)), None))
    return rows


def measure_apart(size: str, repeat: int, processes: int = 1, steps: frozenset[str] = frozenset(STEPS)) -> list[Row]:
    """`measure` in a fresh process (`--one-size`), so that no size runs in a process the others grew; with
    `processes` > 1, in that many fresh processes one after the other, each row the best of them (ours and
    XLA's each their best). One process's times move with where its heap and the other processes of the
    machine put it: a pure walk of the 10k module read 0.28 us/instr in most processes and 0.42 in some."""
    args = [sys.executable, "-m", "bench", "--one-size", size, "--repeat", str(repeat), "--steps", ",".join(steps)]
    if CLOCK is time.process_time:
        args.append("--cpu")
    best: dict[str, Row] = {}
    for _ in range(processes):
        out = subprocess.run(
            args, capture_output=True, text=True, check=True, cwd=ROOT, env={**os.environ, "TF_CPP_MIN_LOG_LEVEL": "3"}
        )
        for row in (Row(**row) for row in json.loads(out.stdout.strip().splitlines()[-1])):
            seen = best.get(row.step)
            if seen is not None:
                xla = None if row.xla is None else min(row.xla, row.xla if seen.xla is None else seen.xla)
                row = Row(row.step, size, row.instructions, min(row.ours, seen.ours), xla, row.xla_instructions)
            best[row.step] = row
    return list(best.values())


def verifier_cost(size: str, repeat: int) -> str:
    """The verifier's time next to our parse: it runs inside every read_hlo (parse/proto-read rows above do
    not include it; proto-read does) and on every export's result (the export row includes it)."""
    from hlo_translate.hlo.text import parse_hlo_text
    from hlo_translate.hlo.verify import verify_module

    text = model_files(SIZES[size])[1].read_text()
    module = parse_hlo_text(text)
    n = module.instruction_count()
    verify = best_of(lambda: verify_module(module), repeat)
    parse = best_of(lambda: parse_hlo_text(text), repeat)
    return (
        f"  verify        {size:>5} {n:>9,}  ours {verify:8.3f} s ({verify / n * 1e6:6.2f} us/instr)  "
        f"= {verify / parse:.0%} of our parse"
    )


def memory(size: str) -> tuple[int, dict[str, dict[str, int]]]:
    """Bytes per instruction kept and at peak by a parsed module, ours and XLA's, each in a fresh process."""
    from hlo_translate.hlo.text import parse_hlo_text

    path = model_files(SIZES[size])[1]
    n = parse_hlo_text(path.read_text()).instruction_count()
    result = {}
    for which in ("ours", "xla"):
        out = subprocess.run(
            [sys.executable, "-c", _MEMORY, which, str(path)],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "TF_CPP_MIN_LOG_LEVEL": "3"},
        )
        result[which] = json.loads(out.stdout.strip().splitlines()[-1])
    return n, result


def memory_loop(size: str, calls: int | None) -> list[str]:
    """The memory-loop rows of one module size: per direction, ours and XLA's, each in a fresh process."""
    mlir, hlo = model_files(LOOP_SIZES[size])
    calls = calls or LOOP_CALLS[size]
    first = min(LOOP_FIRST, calls // 2)
    lines = []
    for direction, path in (("export", mlir), ("import", hlo)):
        result = {}
        for which in ("ours", "xla"):
            out = subprocess.run(
                [sys.executable, "-c", _MEMORY_LOOP, which, direction, str(path), str(calls), str(first)],
                capture_output=True,
                text=True,
                check=True,
                env={**os.environ, "TF_CPP_MIN_LOG_LEVEL": "3", "JAX_PLATFORMS": "cpu"},
            )
            result[which] = json.loads(out.stdout.strip().splitlines()[-1])
        ours, xla = result["ours"], result["xla"]
        lines.append(
            f"  memory loop {size:<5} {direction}: ours first {first} calls {ours['first'] / 2**20:+7.1f} MB, "
            f"then {ours['per_call'] / 1024:+6.1f} KB/call | XLA {xla['first'] / 2**20:+7.1f} MB, "
            f"then {xla['per_call'] / 1024:+6.1f} KB/call ({calls} calls)"
        )
    return lines


def dump_directory(directory: Path | None) -> None:
    """`convert-hlo` and `hlo-to-stablehlo` over a whole XLA dump directory, -j 1 and -j all cores."""
    try:
        from bench.batch import dump_directory_timings
    except ImportError:
        print("dump directory: bench.batch is not there yet")
        return
    if directory is None:  # the dump corpus of the tests (generated once, about 1.5 minutes)
        from tests.dumps import dumps_dir

        directory = dumps_dir()
    if not directory.is_dir():
        print(f"dump directory: {directory} is not a directory")
        return
    print(f"dump directory {directory}:")
    for label, seconds in dump_directory_timings(directory):
        print(f"  {label:<40} {seconds:8.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="only the 50k module (no growth series, no 1M)")
    parser.add_argument(
        "--sizes",
        help="comma-separated module sizes to run instead (of 10k, 50k, 100k, 1M); "
        "`make bench-growth` runs 10k,100k,1M",
    )
    parser.add_argument(
        "--cpu",
        action="store_true",
        help="time with this process's CPU time instead of the wall clock (steadier on a shared machine)",
    )
    parser.add_argument("--no-dumps", action="store_true", help="skip the dump-directory timing")
    parser.add_argument(
        "--no-startup",
        action="store_true",
        help="skip the start-up rows (whole CLI processes on tiny modules; alone: python -m bench.startup)",
    )
    parser.add_argument("--repeat", type=int, default=3, help="runs per timing (best of), at every size")
    parser.add_argument(
        "--processes",
        type=int,
        default=1,
        help="fresh processes per size when there are "
        "several sizes, each row the best of them (`make bench-growth`: 2)",
    )
    parser.add_argument(
        "--memory-loop",
        action="store_true",
        help="only the memory-loop rows (RSS over "
        "--loop-calls calls each way, ours and XLA's, on the small and 50k modules)",
    )
    parser.add_argument("--loop-calls", type=int, help="calls per memory-loop row (default: 1000 small, 60 at 50k)")
    parser.add_argument("--loop-sizes", default="small,50k", help="memory-loop module sizes (small, 50k)")
    parser.add_argument(
        "--steps",
        help=f"comma-separated rows to run instead of all ({', '.join(STEPS + EXTRAS)}): e.g. "
        "`--quick --steps print,proto-write` times two rows on the 50k module and nothing else",
    )
    parser.add_argument("--one-size", help=argparse.SUPPRESS)  # measure_apart's child: rows as JSON
    parser.add_argument(
        "--dumps",
        type=Path,
        help="an XLA dump directory to convert in one call (default: the tests' dump corpus, .cache/dumps)",
    )
    args = parser.parse_args()
    global CLOCK
    if args.cpu:
        CLOCK = time.process_time
    wanted = set(STEPS + EXTRAS)
    if args.steps:
        wanted = {s.strip() for s in args.steps.split(",")}
        if wanted - set(STEPS + EXTRAS):
            parser.error(f"--steps: each one of {', '.join(STEPS + EXTRAS)}")
        args.no_startup = args.no_dumps = True
    steps = frozenset(wanted & set(STEPS))
    if args.one_size:
        print(json.dumps([vars(row) for row in measure(args.one_size, args.repeat, steps=steps)]))
        return
    loop_sizes = [s.strip() for s in args.loop_sizes.split(",")]
    if any(s not in LOOP_SIZES for s in loop_sizes):
        parser.error(f"--loop-sizes: one of {', '.join(LOOP_SIZES)}")
    if args.memory_loop:
        print("memory loop (RSS a fresh process adds, no gc.collect() in the loop):")
        for size in loop_sizes:
            print("\n".join(memory_loop(size, args.loop_calls)), flush=True)
        return
    sizes = ["50k"] if args.quick else ["10k", "50k", "100k", "1M"]
    if args.sizes:
        sizes = [s.strip() for s in args.sizes.split(",")]
        unknown = [s for s in sizes if s not in SIZES]
        if unknown:
            parser.error(f"unknown size {unknown[0]} (one of {', '.join(SIZES)})")
    if not args.no_startup:
        from bench.startup import print_rows

        print_rows()
    print(f"clock: {'process CPU time' if args.cpu else 'wall'}")
    rows: list[Row] = []
    print("step          size  instrs     ours                          XLA            ours/XLA")
    for size in sizes:
        timed = (
            measure_apart(size, args.repeat, args.processes, steps)
            if len(sizes) > 1
            else measure(size, args.repeat, steps=steps)
        )
        for row in timed:
            rows.append(row)
            print(row.text(), flush=True)
        if "verify" in wanted:
            print(verifier_cost(size, args.repeat), flush=True)
    if len(sizes) > 1:
        print("growth (us per instruction, ours, then XLA's; flat = linear):")
        growth_sizes = [s for s in sizes if s != "50k"] if len(set(sizes) - {"50k"}) > 1 else sizes
        for step in dict.fromkeys(r.step for r in rows):
            series = [r for r in rows if r.step == step and r.size in growth_sizes]
            per = [r.ours / r.instructions * 1e6 for r in series]
            line = (
                f"  {step:<13} "
                + "  ".join(f"{r.size}: {p:.2f}" for r, p in zip(series, per))
                + f"   (max/min {(max(per) / min(per) - 1) * 100:+.0f}%)"
            )
            xla = [x / (r.xla_instructions or r.instructions) * 1e6 for r in series if (x := r.xla)]
            if len(xla) == len(series):
                line += "   XLA " + "  ".join(f"{x:.2f}" for x in xla) + f" ({(max(xla) / min(xla) - 1) * 100:+.0f}%)"
            print(line)
    if "memory" in wanted:
        print_memory(sizes)
    if "memory-loop" in wanted:
        print("memory loop (RSS a fresh process adds, no gc.collect() in the loop):")
        for size in loop_sizes:
            print("\n".join(memory_loop(size, args.loop_calls)), flush=True)
    if not args.no_dumps:
        dump_directory(args.dumps)


def print_memory(sizes: list[str]) -> None:
    """The memory rows: a parsed module's RSS at 50k and 1M (of those run), else the largest size run."""
    print("memory of a parsed module (RSS growth of a fresh process):")
    for size in [s for s in ("50k", "1M") if s in sizes] or sizes[-1:]:
        n, result = memory(size)
        ours_mem, xla_mem = result["ours"], result["xla"]
        print(
            f"  {size}: ours kept {ours_mem['kept'] / n:7.0f} B/instr, peak {ours_mem['peak'] / n:7.0f} | "
            f"XLA kept {xla_mem['kept'] / n:7.0f} B/instr, peak {xla_mem['peak'] / n:7.0f} | ratio kept "
            f"{ours_mem['kept'] / max(xla_mem['kept'], 1):.2f}x, "
            f"peak {ours_mem['peak'] / max(xla_mem['peak'], 1):.2f}x"
        )


if __name__ == "__main__":
    main()
