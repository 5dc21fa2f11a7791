"""Run the checks on every piece of XLA's translate tests and print the counts.

    python -m tests.xla_translate.report [--workers N] [--only PREFIX] [--results FILE | --from-results FILE]
                                         [--check-known | --write-known]

Prints, per direction and check, how many pieces pass, fail, skip, and how many XLA refuses; then the failures
grouped by cause. --check-known exits 1 unless the failures are exactly known_failures.txt; --write-known
rewrites that file from this run (review it before committing: each line needs a reason).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from tests.support.corpus_runner import run_checks
from tests.xla_translate import KNOWN_FAILURES_FILE, known_failures, pieces
from tests.xla_translate.checks import EXPORT_CHECKS, IMPORT_CHECKS
from tests.xla_translate.worker import Worker

KNOWN_HEADER = """\
# Pieces of tests/xla_translate/pieces.jsonl that fail a check today (issue 26), one a line:
#   <piece id> <failed checks, comma-separated> <reason>
# tests/xla_translate/test_xla_translate.py checks this list both ways on every piece: a piece that now passes
# must leave the list. Each reason is reviewed (docs/errors.md has the table of what we refuse).
"""


def checks_of(piece_id: str) -> tuple[str, ...]:
    return ("oracle", *(EXPORT_CHECKS if pieces()[piece_id]["direction"] == "export" else IMPORT_CHECKS))


def outcomes(piece_id: str, answer: dict[str, Any]) -> dict[str, str]:
    """Each check's outcome in a worker answer. Where the worker died (XLA aborted, or ran past its time), the
    step it was in fails, except XLA's own steps: the oracle refuses (XLA died on the piece) and execute on
    XLA's HLO skips (XLA's CPU cannot run it); the steps after it were not reached."""
    names = checks_of(piece_id)
    if answer.get("status") == "ok":
        return {name: answer["results"][name] for name in names}
    progress = answer.get("progress") or {"running": "oracle", "results": {}}
    results = {name: progress["results"].get(name, "skip: not reached") for name in names}
    running = progress["running"]
    if running == "oracle":
        results["oracle"] = f"refuses: XLA {answer['status']}"
    elif running == "execute-reference":
        results["execute"] = f"skip: XLA's CPU {answer['status']} on XLA's HLO"
    else:
        results["execute" if running == "execute-candidate" else running] = "fail"
    return results


def failed_checks(piece_id: str, answer: dict[str, Any]) -> frozenset[str]:
    return frozenset(name for name, outcome in outcomes(piece_id, answer).items() if outcome == "fail")


def cause(piece_id: str, answer: dict[str, Any]) -> str:
    """A failure's first failed check and message, names and numbers taken out (the grouping key)."""
    failed = [n for n in checks_of(piece_id) if n in failed_checks(piece_id, answer)]
    if answer.get("status") != "ok":
        return f"{failed[0]}: worker {answer['status']} ({answer.get('message', '')})"
    message = answer["results"]["messages"].get(failed[0], "")
    message = re.sub(r"^(TranslateError|AssertionError): ", "", message)
    message = re.sub(r"<(input|output)>(:\d+:\d+)?: error: ", "", message)
    message = re.sub(r"\d+", "N", message)
    return f"{failed[0]}: {message}"[:200]


def run_all(ids: list[str], workers: int, results: Path | None = None) -> dict[str, dict[str, Any]]:
    """Every piece's worker answer, in `workers` worker processes; each answer is appended to `results`."""
    return run_checks(ids, workers, lambda: Worker(timeout_s=120), results)


def print_tables(answers: dict[str, dict[str, Any]], seconds: float) -> None:
    counts: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    for piece_id, answer in answers.items():
        direction = pieces()[piece_id]["direction"]
        for name, outcome in outcomes(piece_id, answer).items():
            counts[direction, name][outcome.split(":")[0]] += 1
    print(f"{len(answers)} pieces in {seconds:.0f} s")
    print(f"{'direction':10} {'check':10} {'pass':>6} {'fail':>6} {'skip':>6} {'refuses':>8}")
    for (direction, name), c in counts.items():
        print(f"{direction:10} {name:10} {c['pass']:>6} {c['fail']:>6} {c['skip']:>6} {c['refuses']:>8}")
    groups: dict[str, list[str]] = defaultdict(list)
    for piece_id, answer in answers.items():
        if failed_checks(piece_id, answer):
            groups[cause(piece_id, answer)].append(piece_id)
    print(f"\nfailures by cause ({len(groups)} causes):")
    for key, members in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        print(f"{len(members):5}  {key}\n       e.g. {members[0]}")
    skips = Counter(
        re.sub(r"\(.*", "", o["execute"])
        for piece_id, a in answers.items()
        if (o := outcomes(piece_id, a)).get("execute", "").startswith("skip")
    )
    print("\nexecute skipped because:")
    for reason, count in skips.most_common(12):
        print(f"{count:5}  {reason[:150]}")


def compare_with_known(answers: dict[str, dict[str, Any]]) -> list[str]:
    """One line per piece whose failures differ from known_failures.txt."""
    known = known_failures()
    problems = []
    for piece_id, answer in answers.items():
        failed = failed_checks(piece_id, answer)
        listed = known[piece_id][0] if piece_id in known else frozenset()
        if failed != listed:
            problems.append(
                f"{piece_id}: fails {sorted(failed)}, known_failures.txt lists {sorted(listed)}"
                + (f" ({cause(piece_id, answer)})" if failed else "")
            )
    return problems


def write_known(answers: dict[str, dict[str, Any]]) -> None:
    lines = [
        f"{piece_id} {','.join(sorted(failed_checks(piece_id, a)))} {cause(piece_id, a)}"
        for piece_id, a in answers.items()
        if failed_checks(piece_id, a)
    ]
    KNOWN_FAILURES_FILE.write_text(KNOWN_HEADER + "\n".join(sorted(lines)) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--only", help="only the pieces whose id starts with this")
    parser.add_argument("--results", type=Path, help="also write every answer to this JSON-lines file")
    parser.add_argument("--from-results", type=Path, help="print the tables of an earlier run's --results file")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--check-known", action="store_true")
    mode.add_argument("--write-known", action="store_true")
    args = parser.parse_args()
    ids = [i for i in pieces() if not args.only or i.startswith(args.only)]
    start = time.perf_counter()
    if args.from_results:
        with args.from_results.open() as lines:
            earlier = {r["id"]: r for r in map(json.loads, lines)}
        answers = {piece_id: earlier[piece_id] for piece_id in ids if piece_id in earlier}
    else:
        answers = run_all(ids, args.workers, args.results)
        answers = {piece_id: answers[piece_id] for piece_id in ids}
    print_tables(answers, time.perf_counter() - start)
    if args.write_known:
        write_known(answers)
    if args.check_known:
        problems = compare_with_known(answers)
        for line in problems[:50]:
            print(line)
        if problems:
            print(f"{len(problems)} pieces differ from known_failures.txt")
            sys.exit(1)


if __name__ == "__main__":
    main()
