"""Run the checks on the whole XLA test-file corpus and print the counts (what `make test-xla-corpus` runs).

    python -m tests.xla_corpus.report [--workers N] [--only PREFIX] [--results FILE | --from-results FILE]
                                      [--check-known | --write-known]

Prints, per check, how many modules pass, fail and skip; then the failures grouped by cause (the check and its
message with names and numbers taken out), largest group first, each with an example module. --check-known
exits 1 unless the failures are exactly tests/xla_corpus/known_failures.txt (a listed module that now passes
is an error too, so the list only shrinks); --write-known rewrites that file from this run.
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
from tests.xla_corpus import KNOWN_FAILURES_FILE, known_failures, module_ids, sample
from tests.xla_corpus.checks import CHECKS
from tests.xla_corpus.worker import Worker

KNOWN_HEADER = """\
# Modules of tests/xla_corpus/modules.jsonl that fail a check today (issue 26), one a line:
#   <module id> <failed checks, comma-separated> <cause>
# The cause is the first failed check's message with names and numbers taken out (tests/xla_corpus/report.py
# groups by it; docs/import.md has the table). tests/xla_corpus/test_xla_corpus.py checks this list both ways on a
# sample, `make test-xla-corpus` on every module: a module that now passes must leave the list.
# Written by `python -m tests.xla_corpus.report --write-known` (--sample 150: the test's sample; a run over every
# module, --write-known without --sample, lists the whole corpus), then reviewed.
"""


def outcomes(answer: dict[str, Any]) -> dict[str, str]:
    """Each check's outcome in a worker answer. Where the worker died (XLA aborted, or ran past its time), the
    step it was in fails with the worker's message, except XLA's run of the test file's own module, which makes
    execute a skip (XLA's CPU cannot run it), and XLA's reading of its own proto of it, which makes proto a skip;
    the steps after it were not reached."""
    if answer.get("status") == "ok":
        return {name: answer["results"][name] for name in CHECKS}
    progress = answer.get("progress") or {"running": "xla-parser", "results": {}}
    results = {name: progress["results"].get(name, "skip: not reached") for name in CHECKS}
    running = progress["running"]
    if running == "execute-reference":
        results["execute"] = f"skip: XLA's CPU {answer['status']} on the test file's module"
    elif running == "proto-reference":
        results["proto"] = f"skip: XLA's proto reader {answer['status']} on XLA's own proto of this module"
    else:
        results["execute" if running == "execute-candidate" else running] = "fail"
    return results


def failed_checks(answer: dict[str, Any]) -> frozenset[str]:
    """The checks a worker answer says failed (`xla-parser` where XLA died reading the test file itself)."""
    return frozenset(name for name, outcome in outcomes(answer).items() if outcome == "fail") | (
        {"xla-parser"} if answer.get("status") != "ok" and not answer.get("progress") else set()
    )


def cause(answer: dict[str, Any]) -> str:
    """The grouping key of a failure: its first failed check and message, names and numbers taken out."""
    failed = [n for n in CHECKS if n in failed_checks(answer)]
    if answer.get("status") != "ok":
        return f"{(failed or ['xla-parser'])[0]}: worker {answer['status']} ({answer.get('message', '')})"
    name = failed[0]
    message = answer["results"]["messages"].get(name, "")
    message = re.sub(r"^(TranslateError|AssertionError): ", "", message)
    message = re.sub(r"<(input|output)>(:\d+:\d+)?: error: ", "", message)
    message = re.sub(r"^'[^']*': ", "", message)
    message = re.sub(r"%[\w.\-]+", "%x", message)
    message = re.sub(r"\d+", "N", message)
    return f"{name}: {message}"[:200]


def run_all(ids: list[str], workers: int, results: Path | None = None) -> dict[str, dict[str, Any]]:
    """Every module's worker answer, in `workers` worker processes; each answer is appended to `results`."""
    return run_checks(ids, workers, lambda: Worker(timeout_s=180), results)


def print_tables(answers: dict[str, dict[str, Any]], seconds: float) -> None:
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    for answer in answers.values():
        for name, outcome in outcomes(answer).items():
            counts[name][outcome.split(":")[0]] += 1
    clean = sum(not failed_checks(a) for a in answers.values())
    print(
        f"{len(answers)} modules in {seconds:.0f} s; {clean} pass every check "
        f"({100 * clean / max(len(answers), 1):.1f}%)"
    )
    fallback = sum(bool(a.get("results", {}).get("fallback")) for a in answers.values() if a.get("status") == "ok")
    print(f"{fallback} modules import with instructions in the xla.<opcode> fallback form (informational)")
    print(f"{'check':10} {'pass':>6} {'fail':>6} {'skip':>6}")
    for name in CHECKS:
        print(f"{name:10} {counts[name]['pass']:>6} {counts[name]['fail']:>6} {counts[name]['skip']:>6}")
    groups: dict[str, list[str]] = defaultdict(list)
    for module_id, answer in answers.items():
        if failed_checks(answer):
            groups[cause(answer)].append(module_id)
    print(f"\nfailures by cause ({len(groups)} causes):")
    for key, members in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        print(f"{len(members):5}  {key}\n       e.g. {members[0]}")
    skips = Counter(
        re.sub(r"\(.*", "", outcomes(a)["execute"])
        for a in answers.values()
        if outcomes(a)["execute"].startswith("skip")
    )
    print("\nexecute skipped because:")
    for reason, count in skips.most_common(12):
        print(f"{count:5}  {reason[:150]}")


def compare_with_known(answers: dict[str, dict[str, Any]]) -> list[str]:
    """One line per module whose failures differ from known_failures.txt."""
    known = known_failures()
    problems = []
    for module_id, answer in answers.items():
        failed = failed_checks(answer)
        listed = known[module_id][0] if module_id in known else frozenset()
        if failed != listed:
            problems.append(
                f"{module_id}: fails {sorted(failed)}, known_failures.txt lists {sorted(listed)}"
                + (f" ({cause(answer)})" if failed else "")
            )
    return problems


def write_known(answers: dict[str, dict[str, Any]]) -> None:
    lines = [
        f"{module_id} {','.join(sorted(failed_checks(a)))} {cause(a)}"
        for module_id, a in answers.items()
        if failed_checks(a)
    ]
    KNOWN_FAILURES_FILE.write_text(KNOWN_HEADER + "\n".join(sorted(lines)) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--only", help="only the modules whose id starts with this")
    parser.add_argument("--sample", type=int, help="only the sample of this size that `make test` runs")
    parser.add_argument("--results", type=Path, help="also write every answer to this JSON-lines file")
    parser.add_argument("--from-results", type=Path, help="print the tables of an earlier run's --results file")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--check-known", action="store_true")
    mode.add_argument("--write-known", action="store_true")
    args = parser.parse_args()
    chosen = sample(args.sample) if args.sample else module_ids()
    ids = [i for i in chosen if not args.only or i.startswith(args.only)]
    start = time.perf_counter()
    if args.from_results:
        with args.from_results.open() as lines:
            earlier = {r["id"]: r for r in map(json.loads, lines)}
        answers = {module_id: earlier[module_id] for module_id in ids if module_id in earlier}
    else:
        answers = run_all(ids, args.workers, args.results)
        answers = {module_id: answers[module_id] for module_id in ids}
    print_tables(answers, time.perf_counter() - start)
    if args.write_known:
        write_known(answers)
    if args.check_known:
        problems = compare_with_known(answers)
        for line in problems[:50]:
            print(line)
        if problems:
            print(f"{len(problems)} modules differ from known_failures.txt")
            sys.exit(1)


if __name__ == "__main__":
    main()
