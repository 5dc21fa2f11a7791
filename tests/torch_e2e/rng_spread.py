"""How often each random case of the suite passes: the numbers of docs/torch-e2e.md ("Random draws").

    python -m tests.torch_e2e.rng_spread DIR [--runs 30] [--filter NAME]

Every exported case of DIR whose StableHLO has a `stablehlo.rng` is compiled and run `--runs` times from
our module and as many from XLA's converter's (XLA's CPU backend seeds `rng` afresh for every
compilation). It prints the failures of each path, the failure rate estimated from the mean and spread
of the results over all runs (normal approximation; runs with a non-finite result counted apart), and
the largest Welch's t between the two paths' results (below 2 or so: the same distribution).
"""

from __future__ import annotations

import argparse
import math
from pathlib import Path

import numpy as np

import hlo_translate
from hlo_translate.execution import execute, xla_stablehlo_to_hlo
from hlo_translate.hlo.text import print_hlo_text
from tests.torch_e2e.check import Case, compare, load_case, load_records


def draws(case: Case, module: str | bytes, runs: int) -> tuple[int, np.ndarray]:
    """Failures out of `runs` fresh compilations of `module`, and the user results of each run (a row)."""
    count = len(case.record["user_outputs"])
    failures, rows = 0, []
    for _ in range(runs):
        outputs = execute(module, case.inputs)
        failures += compare(case, outputs) is not None
        rows.append(np.concatenate([np.asarray(o, np.float64).ravel() for o in outputs[-count:]]))
    return failures, np.array(rows)


def failure_rate(rows: np.ndarray, eager: np.ndarray) -> float:
    """The chance that a run misses eager's results by more than the suite's tolerance (results taken as
    independent normals with the mean and spread of `rows`)."""
    passing = 1.0
    for mean, spread, value in zip(rows.mean(0), rows.std(0, ddof=1), eager):
        tolerance = 1e-7 + 1e-3 * abs(value)
        if spread == 0:
            passing *= float(abs(mean - value) <= tolerance)
        else:
            passing *= _phi((value + tolerance - mean) / spread) - _phi((value - tolerance - mean) / spread)
    return 1.0 - passing


def welch_t(a: np.ndarray, b: np.ndarray) -> float:
    """The largest |t| over the results: how far apart the two paths' means are, in standard errors."""
    spread = np.sqrt(a.var(0, ddof=1) / len(a) + b.var(0, ddof=1) / len(b))
    gap = np.abs(a.mean(0) - b.mean(0))
    return float(np.max(np.where(spread > 0, gap / np.where(spread > 0, spread, 1), 0.0)))


def _phi(x: float) -> float:
    return 0.5 * (1 + math.erf(x / math.sqrt(2)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folder", type=Path, help="what gen.py wrote")
    parser.add_argument("--runs", type=int, default=30, help="compilations per path and case")
    parser.add_argument("--filter", default="", help="only the cases whose name holds this")
    args = parser.parse_args()
    print(f"{'case':52s} {'ours':>7s} {'xla':>7s} {'rate':>6s} {'t':>5s} non-finite")
    for record in load_records(args.folder):
        if record["status"] != "exported" or args.filter not in record["name"]:
            continue
        case = load_case(args.folder, record)
        if "stablehlo.rng" not in case.text:
            continue
        ours, ours_rows = draws(case, print_hlo_text(hlo_translate.stablehlo_to_hlo(case.text)), args.runs)
        xla, xla_rows = draws(case, xla_stablehlo_to_hlo(case.text), args.runs)
        rows = np.concatenate([ours_rows, xla_rows])
        finite = np.isfinite(rows).all(1)
        eager = np.concatenate([np.asarray(e, np.float64).ravel() for e in case.expected])
        rate = failure_rate(rows[finite], eager)
        t = welch_t(ours_rows[np.isfinite(ours_rows).all(1)], xla_rows[np.isfinite(xla_rows).all(1)])
        runs = args.runs
        print(f"{case.name:52s} {ours:3d}/{runs:<3d} {xla:3d}/{runs:<3d} {rate:6.1%} {t:5.2f} {int((~finite).sum())}")


if __name__ == "__main__":
    main()
