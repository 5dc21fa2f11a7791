"""A pytest plugin for the runs of JAX's tests: a deterministic sample of the collected tests, and every
test's outcome as JSON (the same record with and without hlo-translate's plugin).

    pytest -p tests.jax_suite.sampling --jax-suite-sample=0.25 --jax-suite-seed=0 --jax-suite-outcomes=o.json

A test is in the sample when the hash of its node id and the seed falls under the fraction: the same tests
on every run and every machine, whatever else is collected.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("jax-suite", "a sample of JAX's tests")
    group.addoption("--jax-suite-sample", type=float, default=1.0, dest="jax_suite_sample",
                    help="the fraction of the collected tests to run (0 to 1)")
    group.addoption("--jax-suite-seed", type=int, default=0, dest="jax_suite_seed", help="the sample's seed")
    group.addoption("--jax-suite-outcomes", default=None, dest="jax_suite_outcomes", metavar="FILE",
                    help="write every test's outcome (and a failure's first line) as JSON")


def in_sample(nodeid: str, fraction: float, seed: int) -> bool:
    """Whether `nodeid` is in the sample: its hash with `seed`, as a number in [0, 1), is below `fraction`."""
    digest = hashlib.sha256(f"{seed}:{nodeid}".encode()).digest()
    return int.from_bytes(digest[:8], "big") / 2**64 < fraction


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    fraction, seed = config.getoption("jax_suite_sample"), config.getoption("jax_suite_seed")
    if fraction >= 1.0:
        return
    kept = [item for item in items if in_sample(item.nodeid, fraction, seed)]
    dropped = [item for item in items if not in_sample(item.nodeid, fraction, seed)]
    items[:] = kept
    config.hook.pytest_deselected(items=dropped)


_outcomes: dict[str, dict[str, str]] = {}


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    record = _outcomes.setdefault(report.nodeid, {"outcome": "passed", "message": ""})
    if report.failed and record["outcome"] != "failed":
        record["outcome"] = "failed"
        record["message"] = _first_line(report)
    elif report.skipped and record["outcome"] == "passed":
        record["outcome"] = "skipped"


def _first_line(report: Any) -> str:
    crash = getattr(report.longrepr, "reprcrash", None)
    text = crash.message if crash is not None else str(report.longrepr)
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[0][:300] if lines else ""


def pytest_sessionfinish(session: pytest.Session) -> None:
    path = session.config.getoption("jax_suite_outcomes")
    if path:
        Path(path).write_text(json.dumps(_outcomes, indent=1, sort_keys=True) + "\n")
