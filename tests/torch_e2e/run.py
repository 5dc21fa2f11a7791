"""torch-mlir's e2e suite through hlo-translate: the report of `make test-torch-e2e`.

    python -m tests.torch_e2e.run DIR [--known tests/torch_e2e/known_wrong.txt] [--json report.json]

DIR holds what gen.py wrote (it runs in the torch venv; this runs in the project's, with no torch). Every
exported case runs three ways on XLA CPU (check.py): our export, our round trip (our HLO -> our StableHLO
-> our HLO) and XLA's own converter, each compared with eager PyTorch by the suite's rule. The report
counts the tests, what torch-mlir could not export (by cause), and each path's outcomes; a case that
fails through us is either listed in `--known` (torch-mlir's own StableHLO computes something else:
docs/torch-e2e.md gives the wrong line of each; or a `random statistic`, which passes or fails by chance)
or a failure, and the exit status is 1 if any is.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from tests.torch_e2e.check import PATHS, load_case, load_records, run_path

KNOWN = Path(__file__).resolve().parent / "known_wrong.txt"


RANDOM = "random statistic"  # the reason of a case that passes or fails by chance


def read_known(path: Path) -> dict[str, str]:
    """The cases listed in `path` (one a line, `#` comments), each with the comment on its line."""
    known: dict[str, str] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            name, _, why = line.partition("#")
            if name.strip():
                known[name.strip()] = why.strip()
    return known


def random_cases(known: dict[str, str]) -> list[str]:
    """The listed cases whose result is a statistic of random draws: XLA's CPU backend seeds `rng` afresh
    for every compilation, so the same module passes or fails by chance (docs/torch-e2e.md)."""
    return sorted(name for name, why in known.items() if why.startswith(RANDOM))


def cause(detail: str) -> str:
    """A short cause for grouping: the message without numbers, names of values and locations."""
    detail = re.sub(
        r"TorchMlirCompilerError: Lowering (.*?) failed with the following diagnostics:", r"torch-mlir, \1:", detail
    )
    detail = re.sub(r"(stack_trace|File )[^\n]*", "", detail)
    text = re.sub(r"<input>:\d+:\d+: |-:\d+:\d+: |\d+(\.\d+)?", "", detail)
    return re.sub(r"%[\w#]+", "%v", text)[:160]


def run(
    folder: Path, known: dict[str, str], limit: int = 0, reuse: dict[str, dict[str, Any]] | None = None
) -> dict[str, Any]:
    records = load_records(folder)
    results: list[dict[str, Any]] = []
    exported = [r for r in records if r["status"] == "exported"]
    for n, record in enumerate(exported[:limit] if limit else exported, 1):
        if reuse and record["name"] in reuse:  # an earlier report's outcome for the same case
            results.append(reuse[record["name"]])
            continue
        case = load_case(folder, record)
        outcome = {path: run_path(case, path) for path in PATHS}
        results.append({"name": record["name"], **{p: list(o) for p, o in outcome.items()}})
        if n % 50 == 0:
            print(f"... {n}/{len(exported)}", file=sys.stderr, flush=True)
    return {
        "tests": len({r.get("test", r["name"]) for r in records}),
        "cases": len(records),
        "not_exported": [r for r in records if r["status"] != "exported"],
        "results": results,
        "known": sorted(known),
        "random": random_cases(known),
    }


def summary(report: dict[str, Any]) -> tuple[list[str], int]:
    """The printed lines and the number of unexpected failures."""
    results = report["results"]
    known = set(report["known"])
    lines = [
        f"tests: {report['tests']} ({report['cases']} cases: one per call of a test)",
        f"exported by torch-mlir: {len(results)} cases; not exported: {len(report['not_exported'])}",
    ]
    for status in ("eager_failed", "export_failed"):
        causes = Counter(cause(r.get("error", "")) for r in report["not_exported"] if r["status"] == status)
        for text, count in causes.most_common(25):
            lines.append(f"  {status} {count:4d}  {text}")
    for path in PATHS:
        counts = Counter(r[path][0] for r in results)
        lines.append(f"{path:9s}: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    random = set(report.get("random", []))
    wrong = [r for r in results if r["name"] in known]
    lines.append(f"known wrong by torch-mlir's StableHLO (docs/torch-e2e.md): {len(wrong)}")
    drawn = [r for r in wrong if r["name"] in random]
    if drawn:
        failing = sum(any(r[p][0] != "pass" for p in ("ours", "roundtrip")) for r in drawn)
        lines.append(
            f"  of which random statistics (pass or fail by chance): {len(drawn)}, failing this time {failing}"
        )
    unexpected = [
        r for r in results if r["name"] not in known and any(r[p][0] != "pass" for p in ("ours", "roundtrip"))
    ]
    xla_only = [r for r in results if r["xla"][0] == "pass" and r["ours"][0] != "pass"]
    ours_only = [r for r in results if r["ours"][0] == "pass" and r["xla"][0] != "pass"]
    lines.append(f"pass through us but not XLA's converter: {len(ours_only)}; the other way round: {len(xla_only)}")
    for text, count in Counter(cause(r["xla"][1]) for r in ours_only).most_common(8):
        lines.append(f"  xla {count:4d}  {text}")
    lines.append(f"failures through us, not known: {len(unexpected)}")
    for r in unexpected:
        path = "ours" if r["ours"][0] != "pass" else "roundtrip"
        lines.append(f"  {r['name']}: {path} {r[path][0]}: {r[path][1]} (xla: {r['xla'][0]})")
    stale = sorted(r["name"] for r in wrong if r["ours"][0] == "pass" and r["name"] not in random)
    if stale:
        lines.append(f"known wrong but passing now: {', '.join(stale)}")
    return lines, len(unexpected)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folder", type=Path, help="what gen.py wrote")
    parser.add_argument("--known", type=Path, default=KNOWN)
    parser.add_argument("--json", type=Path, help="write the whole report here")
    parser.add_argument("--limit", type=int, default=0, help="only the first N exported cases")
    parser.add_argument("--reuse", type=Path, help="an earlier --json report: its cases are not run again")
    args = parser.parse_args()
    reuse = {r["name"]: r for r in json.loads(args.reuse.read_text())["results"]} if args.reuse else None
    report = run(args.folder, read_known(args.known), args.limit, reuse)
    if args.json:
        args.json.write_text(json.dumps(report, indent=1))
    lines, failures = summary(report)
    print("\n".join(lines))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
