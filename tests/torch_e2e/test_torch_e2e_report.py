"""The report of `make test-torch-e2e` (run.py) on made-up outcomes: what counts as a failure, what the
known-wrong list excuses, and the random statistics that pass or fail by chance."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from tests.torch_e2e.run import KNOWN, RANDOM, random_cases, read_known, summary


def _result(name: str, ours: str, roundtrip: str | None = None, xla: str = "pass") -> dict[str, Any]:
    return {"name": name, "ours": [ours, ""], "roundtrip": [roundtrip or ours, ""], "xla": [xla, ""]}


def _report(results: list[dict[str, Any]], known: dict[str, str]) -> dict[str, Any]:
    return {
        "tests": len(results),
        "cases": len(results),
        "not_exported": [],
        "results": results,
        "known": sorted(known),
        "random": random_cases(known),
    }


def test_read_known_keeps_the_reason_on_each_line(tmp_path: Path) -> None:
    path = tmp_path / "known.txt"
    path.write_text(f"# a group\nA_basic\nB_basic  # {RANDOM}: mean of 100 draws\n  C_basic # wrong type\n")
    known = read_known(path)
    assert known == {"A_basic": "", "B_basic": f"{RANDOM}: mean of 100 draws", "C_basic": "wrong type"}
    assert random_cases(known) == ["B_basic"]
    assert read_known(tmp_path / "missing.txt") == {}


def test_unlisted_failures_fail_the_run() -> None:
    known = {"Wrong_basic": "a wrong line"}
    results = [_result("Ok_basic", "pass"), _result("Wrong_basic", "mismatch"), _result("Ours_basic", "mismatch")]
    lines, failures = summary(_report(results, known))
    assert failures == 1
    assert any(line.startswith("  Ours_basic: ours mismatch") for line in lines)


def test_a_round_trip_failure_alone_is_a_failure() -> None:
    lines, failures = summary(_report([_result("Rt_basic", "pass", roundtrip="mismatch")], {}))
    assert failures == 1
    assert any("Rt_basic: roundtrip mismatch" in line for line in lines)


def test_random_statistics_are_excused_whether_they_pass_or_not() -> None:
    known = {"Drawn_basic": f"{RANDOM}: 1e-3 of a mean", "Lucky_basic": RANDOM, "Fixed_basic": "a wrong line"}
    results = [_result("Drawn_basic", "mismatch"), _result("Lucky_basic", "pass"), _result("Fixed_basic", "pass")]
    lines, failures = summary(_report(results, known))
    assert failures == 0
    assert "  of which random statistics (pass or fail by chance): 2, failing this time 1" in lines
    # a listed case that passes is worth a look, unless it passes by chance
    assert "known wrong but passing now: Fixed_basic" in lines


def test_the_list_names_its_random_cases() -> None:
    known = read_known(KNOWN)
    assert "BernoulliTensorModule_basic" in random_cases(known)
    assert all(name.endswith("_basic") for name in known)


def test_failure_rate_of_a_statistic() -> None:
    """rng_spread's estimate: a statistic centred on eager's value and far inside the tolerance never
    fails; one centred on the edge of the tolerance fails half the time; one far outside always does."""
    from tests.torch_e2e.rng_spread import failure_rate, welch_t

    rng = np.random.default_rng(0)
    eager = np.array([10.0])  # tolerance 1e-2
    assert failure_rate(10 + 1e-4 * rng.standard_normal((1000, 1)), eager) < 1e-6
    assert abs(failure_rate(10.01 + 1e-4 * rng.standard_normal((1000, 1)), eager) - 0.5) < 0.05
    assert failure_rate(np.full((3, 1), 11.0), eager) == 1.0
    same = rng.standard_normal((200, 2))
    assert welch_t(same[:100], same[100:]) < 4
    assert welch_t(same[:100], same[100:] + 1) > 4
