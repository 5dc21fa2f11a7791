"""Every distinct failure the fuzzer found, as its minimized input: it must now keep the promise.

Each reproducer in tests/fuzz/regressions/ (`<name>.json` describing it, plus its input file) runs
in a fuzz worker, since before its fix it crashed, hung or aborted the process.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.fuzz.outcomes import Outcome
from tests.fuzz.seeds import Kind
from tests.fuzz.worker import Worker

REGRESSIONS = Path(__file__).resolve().parent / "fuzz" / "regressions"
CASES = sorted(REGRESSIONS.glob("*.json"))


@pytest.fixture(scope="module")
def worker():
    with Worker() as w:
        yield w


def test_there_are_reproducers() -> None:
    assert len(CASES) >= 10


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_reproducer_keeps_the_promise(worker: Worker, path: Path) -> None:
    case = json.loads(path.read_text())
    data = (REGRESSIONS / case["file"]).read_bytes()
    result = worker.run(case["target"], Kind(case["kind"]), data, case["variant"], timeout=30.0)
    assert not result.outcome.is_bug, f"was: {case['signature']}; now: {result.signature}: {result.message}"
    if case.get("expect"):  # the answer the fix gives, where the reproducer pins one
        assert result.outcome is Outcome(case["expect"]), result
