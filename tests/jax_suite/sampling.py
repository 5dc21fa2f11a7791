"""A pytest plugin for the runs of JAX's tests: a deterministic sample of the collected tests, and every
test's outcome (the same record with and without hlo-translate's plugin).

    pytest -p tests.jax_suite.sampling --jax-suite-sample=0.25 --jax-suite-seed=0 --jax-suite-outcomes=o.jsonl

A test is in the sample when the hash of its node id and the seed falls under the fraction: the same tests
on every run and every machine, whatever else is collected. The outcomes file gets one JSON line when a
test starts and one when it ends, written at once: when XLA aborts the process (a C++ CHECK), the test
that started and never ended is the one that crashed, and the runner goes on without it
(`--jax-suite-exclude`).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("jax-suite", "a sample of JAX's tests")
    group.addoption(
        "--jax-suite-sample",
        type=float,
        default=1.0,
        dest="jax_suite_sample",
        help="the fraction of the collected tests to run (0 to 1)",
    )
    group.addoption("--jax-suite-seed", type=int, default=0, dest="jax_suite_seed", help="the sample's seed")
    group.addoption(
        "--jax-suite-outcomes",
        default=None,
        dest="jax_suite_outcomes",
        metavar="FILE",
        help="append every test's start and outcome (and a failure's first line) as JSON lines",
    )
    group.addoption(
        "--jax-suite-exclude",
        default=None,
        dest="jax_suite_exclude",
        metavar="FILE",
        help="node ids (one a line) to leave out of the sample",
    )


def in_sample(nodeid: str, fraction: float, seed: int) -> bool:
    """Whether `nodeid` is in the sample: its hash with `seed`, as a number in [0, 1), is below `fraction`."""
    digest = hashlib.sha256(f"{seed}:{nodeid}".encode()).digest()
    return int.from_bytes(digest[:8], "big") / 2**64 < fraction


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    fraction, seed = config.getoption("jax_suite_sample"), config.getoption("jax_suite_seed")
    exclude_file = config.getoption("jax_suite_exclude")
    excluded = set(Path(exclude_file).read_text().splitlines()) if exclude_file else set()
    if fraction >= 1.0 and not excluded:
        return
    wanted = [in_sample(item.nodeid, fraction, seed) and item.nodeid not in excluded for item in items]
    dropped = [item for item, keep in zip(items, wanted) if not keep]
    items[:] = [item for item, keep in zip(items, wanted) if keep]
    config.hook.pytest_deselected(items=dropped)


_outcomes: dict[str, dict[str, str]] = {}


def pytest_configure(config: pytest.Config) -> None:
    global _config
    _config = config


_config: pytest.Config | None = None


def _write(record: dict[str, str]) -> None:
    path = _config.getoption("jax_suite_outcomes") if _config is not None else None
    if path:
        with open(path, "a") as stream:
            stream.write(json.dumps(record, sort_keys=True) + "\n")


def pytest_runtest_logstart(nodeid: str) -> None:
    _write({"nodeid": nodeid, "event": "start"})


def pytest_runtest_logfinish(nodeid: str) -> None:
    _write({"nodeid": nodeid, "event": "end", **_outcomes.get(nodeid, {"outcome": "passed", "message": ""})})


def read_outcomes(path: Path) -> tuple[dict[str, dict[str, str]], list[str]]:
    """The outcomes of an outcomes file, and the tests that started and never ended (crashed)."""
    outcomes: dict[str, dict[str, str]] = {}
    started: list[str] = []
    for line in path.read_text().splitlines() if path.exists() else ():
        record = json.loads(line)
        nodeid = record.pop("nodeid")
        if record.pop("event") == "start":
            started.append(nodeid)
        else:
            outcomes[nodeid] = record
    return outcomes, [nodeid for nodeid in started if nodeid not in outcomes]


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
