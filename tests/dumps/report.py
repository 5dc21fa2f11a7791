"""Counts per pass family over the whole dump corpus: checked, skipped (not HLO), refused, failed.

    python -m tests.dumps.report [--workers N] [--family NAME ...]

Runs `tests.dumps.checks.check` on every text and proto file in worker processes and prints one row
per pass family (the pipeline name in XLA's dump file name), then the first failure of each kind.
"""

from __future__ import annotations

import argparse
import os
import time
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor

from tests.dumps import DumpFile, dump_files


def _outcome(f: DumpFile) -> tuple[str, str]:
    from tests.dumps.checks import check

    try:
        return check(f).value, ""
    except Exception as err:  # a failed check: report it, go on with the next file
        first = str(err).splitlines()[0] if str(err) else ""
        return "failed", f"{type(err).__name__}: {first}"[:160]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--family", action="append", help="only these pass families (repeatable)")
    args = parser.parse_args()
    files = [f for f in dump_files() if f.kind != "other" and (not args.family or f.family in args.family)]
    start = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        outcomes = list(pool.map(_outcome, files, chunksize=8))
    table: dict[str, Counter] = defaultdict(Counter)
    failures: dict[str, str] = {}
    for f, (outcome, message) in zip(files, outcomes):
        table[f.family][outcome] += 1
        table[f"({f.kind})"][outcome] += 1
        if message:
            failures.setdefault(message, f.id)
    columns = ("checked", "skipped (not HLO)", "refused (elided constants)", "failed")
    print(f"{'pass family':48} " + " ".join(f"{c.split()[0]:>8}" for c in columns))
    for family in sorted(table, key=lambda k: (k.startswith("("), k)):
        print(f"{family:48} " + " ".join(f"{table[family][c]:>8}" for c in columns))
    total = Counter(o for o, _ in outcomes)
    print(
        f"{'total':48} "
        + " ".join(f"{total[c]:>8}" for c in columns)
        + f"   ({len(files)} files in {time.perf_counter() - start:.0f} s)"
    )
    for message, file_id in list(failures.items())[:30]:
        print(f"  {file_id}: {message}")


if __name__ == "__main__":
    main()
