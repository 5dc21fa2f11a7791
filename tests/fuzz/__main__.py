"""`python -m tests.fuzz --n N --seed S [--target T ...] [--jobs J] [--out DIR]`: a fuzz campaign.

Prints the counts by entry point and outcome class and the distinct failures; writes
DIR/summary.json, DIR/repro/ (minimized reproducers) and DIR/rejected/ (a minimized input per rejected-valid
signature). Exit status 1 when any bug was found.
"""

from __future__ import annotations

import argparse
import logging
import sys
import time
from pathlib import Path

from tests.fuzz import runner
from tests.fuzz.seeds import default_corpus, load_seeds
from tests.fuzz.targets import TARGETS


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.fuzz", description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=1000, help="cases per entry point")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--target", action="append", choices=sorted(TARGETS), help="default: all")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds per case before it is a hang")
    parser.add_argument("--max-seed-bytes", type=int, default=200_000, help="leave out larger seeds")
    parser.add_argument("--minimize-seconds", type=float, default=60.0, help="per distinct failure; 0: off")
    parser.add_argument(
        "--no-oracle",
        action="store_true",
        help="do not ask XLA whether it accepts the HLO inputs we accept (no accepted-invalid)",
    )
    parser.add_argument(
        "--oracle-compile",
        action="store_true",
        help="the XLA oracle also compiles HLO text on CPU (HloVerifier; about 10x slower)",
    )
    parser.add_argument(
        "--rejected-sample",
        type=int,
        default=1,
        metavar="K",
        help="ask XLA about 1 in K of the HLO inputs we refuse (the rejected-valid column)",
    )
    parser.add_argument("--out", type=Path, default=Path("fuzz-out"))
    parser.add_argument(
        "--keep",
        type=Path,
        metavar="REPRO_DIR",
        help="only copy REPRO_DIR's reproducers into tests/fuzz/regressions/ and exit",
    )
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    if args.keep:
        added = runner.keep_reproducers(args.keep, Path(__file__).resolve().parent / "regressions")
        print(f"{len(added)} reproducers added to tests/fuzz/regressions/")
        return 0

    seeds = [s for s in load_seeds(default_corpus()) if len(s.data) <= args.max_seed_bytes]
    targets = args.target or list(TARGETS)
    total = args.n * len(targets)
    started = time.monotonic()

    report = runner.Report()

    def progress(done: int) -> None:
        if done % 500 == 0 or done == total:
            print(f"{done}/{total} cases, {time.monotonic() - started:.0f} s", file=sys.stderr, flush=True)
        if done % 5000 == 0:
            print(report.table(), file=sys.stderr, flush=True)

    print(f"{len(seeds)} seeds, {len(targets)} entry points, {args.n} cases each, seed {args.seed}", file=sys.stderr)
    runner.run_campaign(
        seeds,
        targets,
        args.n,
        args.seed,
        jobs=args.jobs,
        timeout=args.timeout,
        progress=progress,
        oracle=not args.no_oracle,
        oracle_compile=args.oracle_compile,
        rejected_sample=args.rejected_sample,
        report=report,
    )
    print(report.table())
    for signature, failure in sorted(report.failures.items(), key=lambda kv: -kv[1].count):
        print(f"{failure.count:6d}  {signature}  ({failure.case.target}: {failure.result.message[:100]})")
    for signature, count in report.rejected_valid.most_common(15):
        print(f"{count:6d}  {signature}  (not a bug: XLA accepts what we refuse)")
    for signature, count in report.unjudged.most_common():
        print(f"{count:6d}  {signature}  (XLA could not judge: its limit, not a verdict)")
    print(f"{report.bugs} bugs in {total} cases, {len(report.failures)} distinct, {report.seconds:.0f} s", flush=True)
    meta = {
        "n": args.n,
        "seed": args.seed,
        "targets": targets,
        "oracle": "off" if args.no_oracle else "xla-parse-import" + ("-compile" if args.oracle_compile else ""),
        "rejected_sample": args.rejected_sample,
    }
    runner.write_report(report, args.out, meta)
    if args.minimize_seconds > 0 and (report.failures or report.rejected_samples):
        runner.minimize_failures(
            report, timeout=args.timeout, budget_s=args.minimize_seconds, oracle_compile=args.oracle_compile
        )
        runner.write_report(report, args.out, meta)
    print(f"reproducers in {args.out}/repro")
    return 1 if report.bugs else 0


if __name__ == "__main__":
    sys.exit(main())
