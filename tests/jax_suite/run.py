"""JAX's own tests, without hlo-translate and through it, compared: `make test-jax-suite`.

    python -m tests.jax_suite.run [--modes roundtrip,export] [--cases 1] [--sample 0.25] [--seed 0]

Each pass is a pytest run of the pinned copy of JAX's test files in upstream/ (nothing is fetched),
on the same deterministic sample (`JAX_NUM_GENERATED_CASES` cases per parametrized test, then a hashed
fraction of the collected tests): first without hlo-translate, then with its plugin in each mode. The
report gives the counts of each pass and every test that passes without hlo-translate but fails
through it, with its first line of failure and, from the plugin's rerun, whether it fails on the
mode's reference path too (export: XLA's exporter in our place). The exit status is 1 when a test
fails only through hlo-translate.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.jax_suite.sampling import read_outcomes
from tests.support.paths import REPO_ROOT

UPSTREAM = Path(__file__).resolve().parent / "upstream"
FILES = (
    "lax_test.py",
    "lax_numpy_reducers_test.py",
    "lax_control_flow_test.py",
    "lax_autodiff_test.py",
    "linalg_test.py",
    "fft_test.py",
    "random_test.py",
    "lax_scipy_test.py",
    "shard_map_test.py",
    "pjit_test.py",
)
BASELINE = "without"


@dataclass
class Pass:
    """One pytest run over the sample: `mode` None is JAX's own path."""

    mode: str | None
    outcomes: dict[str, dict[str, str]]
    plugin: dict | None
    seconds: float
    returncode: int

    @property
    def name(self) -> str:
        return self.mode or BASELINE

    def counts(self) -> Counter[str]:
        return Counter(record["outcome"] for record in self.outcomes.values())


@dataclass
class Regression:
    """A test that passes on JAX's own path and fails through a mode."""

    nodeid: str
    message: str
    reference: str | None  # its outcome on the mode's reference path (the plugin's rerun)


@dataclass
class Comparison:
    baseline: Pass
    passes: list[Pass]
    regressions: dict[str, list[Regression]] = field(default_factory=dict)

    def ours(self, mode: str) -> list[Regression]:
        """Regressions that pass on the mode's reference path (or were not rerun): hlo-translate's."""
        return [r for r in self.regressions.get(mode, []) if r.reference != "failed"]


def run_pass(
    mode: str | None,
    *,
    files: tuple[str, ...],
    cases: int,
    sample: float,
    seed: int,
    out: Path,
    keep: Path | None = None,
    extra: tuple[str, ...] = (),
    timeout: float | None = None,
) -> Pass:
    """One pytest run of `files` (in upstream/) on the sample, through `mode` (None: JAX's own path)."""
    name = mode or BASELINE
    outcomes_file, report_file = out / f"{name}.outcomes.jsonl", out / f"{name}.plugin.json"
    exclude_file = out / f"{name}.exclude.txt"
    for stale in (outcomes_file, report_file, exclude_file):
        stale.unlink(missing_ok=True)
    command = [
        sys.executable,
        "-m",
        "pytest",
        "-q",
        "-c",
        "pytest.ini",
        "-p",
        "tests.jax_suite.sampling",
        f"--jax-suite-sample={sample}",
        f"--jax-suite-seed={seed}",
        f"--jax-suite-outcomes={outcomes_file}",
        f"--jax-suite-exclude={exclude_file}",
        *extra,
        *files,
    ]
    if mode is not None:
        command += [
            "-p",
            "hlo_translate.pytest_plugin",
            f"--hlo-translate={mode}",
            f"--hlo-translate-report={report_file}",
        ]
        if keep is not None:
            command.append(f"--hlo-translate-keep={keep / mode}")
    env = dict(
        os.environ,
        JAX_NUM_GENERATED_CASES=str(cases),
        PYTHONPATH=os.pathsep.join(filter(None, (str(REPO_ROOT), os.environ.get("PYTHONPATH")))),
    )
    flags = env.get("XLA_FLAGS", "")
    if "--xla_force_host_platform_device_count" not in flags:  # JAX's sharding tests want 8 devices
        env["XLA_FLAGS"] = f"{flags} --xla_force_host_platform_device_count=8".strip()
    start = time.perf_counter()
    crashed: dict[str, dict[str, str]] = {}
    plugin: dict | None = None
    while True:  # again after each crash, without the tests done and the one that crashed
        exclude_file.write_text("".join(f"{nodeid}\n" for nodeid in (*read_outcomes(outcomes_file)[0], *crashed)))
        with open(out / f"{name}.log", "a") as log:
            done = subprocess.run(
                command, cwd=UPSTREAM, env=env, stdout=log, stderr=subprocess.STDOUT, timeout=timeout, check=False
            )
        if report_file.exists():
            plugin = _merge_plugin_reports(plugin, json.loads(report_file.read_text()))
            report_file.unlink()
        outcomes, unfinished = read_outcomes(outcomes_file)
        if done.returncode >= 0 or not unfinished:
            break
        crashed[unfinished[-1]] = {"outcome": "crashed", "message": f"the process died (signal {-done.returncode})"}
    if not outcomes and not crashed:
        raise RuntimeError(f"the {name} pass ran no test (exit {done.returncode}); see {out / (name + '.log')}")
    return Pass(mode, {**outcomes, **crashed}, plugin, time.perf_counter() - start, done.returncode)


def _merge_plugin_reports(first: dict | None, second: dict) -> dict:
    """The plugin's reports of the pieces of a pass that crashed on the way: counts added, tests joined."""
    if first is None:
        return second
    merged = dict(second, tests={**first["tests"], **second["tests"]})
    summary, earlier = dict(second["summary"]), first["summary"]
    for key in ("modules", "compiled", "fell_back", "ours_seconds", "backend_seconds"):
        summary[key] = earlier[key] + summary[key]
    for key in ("refused", "rejected"):
        summary[key] = {
            cause: earlier[key].get(cause, 0) + summary[key].get(cause, 0) for cause in {*earlier[key], *summary[key]}
        }
    merged["summary"] = summary
    return merged


def compare(baseline: Pass, passes: list[Pass]) -> Comparison:
    """Every test that passes on JAX's own path and fails through a mode, with the plugin's verdict."""
    comparison = Comparison(baseline, passes)
    for run in passes:
        tests = (run.plugin or {}).get("tests", {})
        comparison.regressions[run.name] = [
            Regression(
                nodeid, run.outcomes.get(nodeid, {}).get("message", "(not run)"), tests.get(nodeid, {}).get("reference")
            )
            for nodeid, record in sorted(baseline.outcomes.items())
            if record["outcome"] == "passed" and run.outcomes.get(nodeid, {}).get("outcome") != "passed"
        ]
    return comparison


def check_crashes(comparison: Comparison, **options: Any) -> None:
    """A test that killed the process in export mode, run alone with XLA's exporter in our place: the
    plugin could not rerun it (XLA aborts on some sharded programs whatever exporter feeds its importer)."""
    for regression in comparison.regressions.get("export", []):
        if regression.reference is None and regression.message.startswith("the process died"):
            alone = run_pass(
                "xla", **dict(options, files=(regression.nodeid,), sample=1.0, out=_folder(options["out"] / "crashed"))
            )
            outcome = alone.outcomes.get(regression.nodeid, {}).get("outcome", "crashed")
            regression.reference = "passed" if outcome == "passed" else "failed"


def _folder(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    return path


def report(comparison: Comparison, header: str) -> str:
    """The counts of every pass, then each mode's regressions: ours first, then the reference path's."""
    lines = [header]
    for run in (comparison.baseline, *comparison.passes):
        counts = run.counts()
        crashed = f", {counts['crashed']} crashed" if counts["crashed"] else ""
        line = (
            f"  {run.name:>9}: {counts['passed']} passed, {counts['failed']} failed{crashed}, "
            f"{counts['skipped']} skipped ({run.seconds:.0f} s)"
        )
        summary = (run.plugin or {}).get("summary")
        if summary:
            line += (
                f"; {summary['modules']} modules, {sum(summary['refused'].values())} refused, "
                f"{sum(summary['rejected'].values())} rejected, {summary['ours_seconds']:.1f} s in our code"
            )
        lines.append(line)
    for run in comparison.passes:
        regressions = comparison.regressions[run.name]
        ours = comparison.ours(run.name)
        reference = (run.plugin or {}).get("reference", "the reference path")
        lines.append(
            f"  {run.name}: {len(regressions)} tests pass without hlo-translate and fail through it; "
            f"{len(ours)} of them pass with {reference}"
        )
        labels = {"passed": "ours", "failed": f"also fails with {reference}", None: "not rerun"}
        for regression in sorted(regressions, key=lambda r: (r.reference == "failed", r.reference is None)):
            where = labels[regression.reference]
            lines.append(f"    [{where}] {regression.nodeid}: {regression.message}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--modes", default="roundtrip,export", help="comma-separated: roundtrip, export, xla")
    parser.add_argument("--files", default=",".join(FILES), help="JAX test files of upstream/, comma-separated")
    parser.add_argument("--cases", type=int, default=1, help="JAX_NUM_GENERATED_CASES (cases per parametrized test)")
    parser.add_argument("--sample", type=float, default=0.25, help="the fraction of collected tests to run")
    parser.add_argument("--seed", type=int, default=0, help="the sample's seed")
    parser.add_argument("--out", type=Path, default=Path("jax-suite-out"), help="logs, outcomes, kept modules")
    parser.add_argument("--keep", action="store_true", help="keep the modules of failing tests in OUT/kept")
    parser.add_argument(
        "--reuse-baseline",
        action="store_true",
        help="take the run without hlo-translate from OUT (same files, cases, sample and seed)",
    )
    args = parser.parse_args(argv)
    args.out = args.out.resolve()
    args.out.mkdir(parents=True, exist_ok=True)
    files = tuple(name.strip() for name in args.files.split(",") if name.strip())
    modes = [mode.strip() for mode in args.modes.split(",") if mode.strip()]
    options = dict(
        files=files,
        cases=args.cases,
        sample=args.sample,
        seed=args.seed,
        out=args.out,
        keep=args.out / "kept" if args.keep else None,
    )
    previous = args.out / f"{BASELINE}.outcomes.jsonl"
    if args.reuse_baseline and previous.exists():  # the sample's outcomes on JAX's own path, run before
        baseline = Pass(None, read_outcomes(previous)[0], None, 0.0, 0)
    else:
        baseline = run_pass(None, **options)
    comparison = compare(baseline, [run_pass(mode, **options) for mode in modes])
    check_crashes(comparison, **options)
    header = (
        f"JAX's tests ({_provenance()}; {len(files)} files, JAX_NUM_GENERATED_CASES={args.cases}, "
        f"sample {args.sample:g} seed {args.seed}): {len(baseline.outcomes)} tests; logs in {args.out}"
    )
    text = report(comparison, header)
    (args.out / "report.txt").write_text(text + "\n")
    print(text)
    return 1 if any(comparison.ours(mode) for mode in modes) else 0


def _provenance() -> str:
    for line in (UPSTREAM / "PROVENANCE.md").read_text().splitlines():
        if line.startswith("commit:"):
            return f"jax-ml/jax@{line.split(':', 1)[1].strip()[:12]}"
    return "jax-ml/jax"


if __name__ == "__main__":
    sys.exit(main())
