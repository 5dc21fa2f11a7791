"""Run a pytest suite with every JAX compile going through hlo-translate: one flag on the command line.

    pytest -p hlo_translate.pytest_plugin --hlo-translate=roundtrip tests/
    pytest -p hlo_translate.pytest_plugin --hlo-translate=export --hlo-translate-keep=kept/ tests/

Modes are `hlo_translate.jax.Mode`'s. A test that fails is run once more on the mode's reference path
(``export``: XLA's exporter in our place; ``roundtrip`` and ``xla``: JAX's own path), so that the summary
at the end of the session tells the failures of our converters from those the test or XLA has anyway.
The test's outcome stays as it was; `--hlo-translate-report` writes the counts and every test's outcomes
as JSON. Without `--hlo-translate` the plugin does nothing.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from hlo_translate.jax import Mode, Summary

_MODES = ("roundtrip", "export", "xla")
_PLUGIN_NAME = "hlo-translate-session"
#: The JSON report is written after every failed test and every this many tests, then at the end.
_REPORT_EVERY = 25


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("hlo-translate", "route every JAX compile through hlo-translate's converters")
    group.addoption(
        "--hlo-translate",
        choices=_MODES,
        default=None,
        dest="hlo_translate_mode",
        help="roundtrip: our export and our import; export: our export, XLA's import; "
        "xla: XLA's export and import (a control)",
    )
    group.addoption(
        "--hlo-translate-on-refusal",
        choices=("fail", "fallback"),
        default="fail",
        dest="hlo_translate_on_refusal",
        help="a module our converters refuse fails its compile (default), or compiles on JAX's path",
    )
    group.addoption(
        "--hlo-translate-keep",
        default=None,
        metavar="DIR",
        dest="hlo_translate_keep",
        help="keep refused modules and those of failing tests (JAX's StableHLO, our HLO, the error)",
    )
    group.addoption(
        "--hlo-translate-report",
        default=None,
        metavar="FILE",
        dest="hlo_translate_report",
        help="write the summary and every test's outcome as JSON",
    )
    group.addoption(
        "--hlo-translate-no-rerun",
        action="store_true",
        default=False,
        dest="hlo_translate_no_rerun",
        help="do not run failing tests again on the reference path",
    )


def pytest_configure(config: pytest.Config) -> None:
    mode = config.getoption("hlo_translate_mode")
    if mode is not None:
        config.pluginmanager.register(_Session(config, mode), _PLUGIN_NAME)


def pytest_unconfigure(config: pytest.Config) -> None:
    session = config.pluginmanager.get_plugin(_PLUGIN_NAME)
    if session is not None:
        session.close()
        config.pluginmanager.unregister(session, _PLUGIN_NAME)


@dataclass
class _Outcome:
    """A test's outcome through our converters and, when it failed, on the reference path."""

    outcome: str = "passed"
    reference: str | None = None


@dataclass
class _Session:
    """The plugin's state for one pytest session: the switch is on from configure to unconfigure."""

    config: pytest.Config
    mode_name: str
    outcomes: dict[str, _Outcome] = field(default_factory=dict)
    summary: Summary | None = None

    def __post_init__(self) -> None:
        import hlo_translate.jax as hj

        keep = self.config.getoption("hlo_translate_keep")
        self.summary = hj.enable(
            self.mode_name,
            on_refusal=self.config.getoption("hlo_translate_on_refusal"),
            keep_dir=Path(keep) if keep else None,
        )
        self.rerun = not self.config.getoption("hlo_translate_no_rerun")

    @property
    def mode(self) -> Mode:
        from hlo_translate.jax import Mode

        return Mode(self.mode_name)

    def close(self) -> None:
        import hlo_translate.jax as hj

        if hj.summary() is self.summary:
            hj.disable()

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_protocol(self, item: pytest.Item, nextitem: pytest.Item | None) -> bool:
        """Run the test (keeping its modules if it fails), again on the reference path if it failed."""
        from _pytest.runner import runtestprotocol

        import hlo_translate.jax as hj

        item.ihook.pytest_runtest_logstart(nodeid=item.nodeid, location=item.location)
        with hj.scope() as modules:
            reports = runtestprotocol(item, nextitem=nextitem, log=False)
        result = self.outcomes.setdefault(item.nodeid, _Outcome())
        result.outcome = _outcome(reports)
        if result.outcome == "failed":
            hj.keep(modules, item.nodeid)
            if self.rerun:
                with self._reference_path():
                    result.reference = _outcome(runtestprotocol(item, nextitem=nextitem, log=False))
        for report in reports:
            item.ihook.pytest_runtest_logreport(report=report)
        item.ihook.pytest_runtest_logfinish(nodeid=item.nodeid, location=item.location)
        if result.outcome == "failed" or len(self.outcomes) % _REPORT_EVERY == 0:
            self._write_report()  # now: XLA may abort the process before the session ends
        return True

    def _reference_path(self) -> Any:
        import hlo_translate.jax as hj

        return hj.through("xla") if self.mode_name == "export" else hj.jax_path()

    def reference_name(self) -> str:
        return "XLA's exporter in our place" if self.mode_name == "export" else "JAX's own path"

    def failures(self) -> tuple[list[str], list[str], list[str]]:
        """Failed tests: ours (they pass on the reference path), the reference's too, and not rerun."""
        ours: list[str] = []
        theirs: list[str] = []
        unknown: list[str] = []
        for nodeid, result in self.outcomes.items():
            if result.outcome != "failed":
                continue
            target = unknown if result.reference is None else ours if result.reference == "passed" else theirs
            target.append(nodeid)
        return ours, theirs, unknown

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        assert self.summary is not None
        write = terminalreporter.write_line
        terminalreporter.write_sep("=", "hlo-translate")
        for line in self.summary.report().splitlines():
            write(line)
        ours, theirs, unknown = self.failures()
        passed = sum(result.outcome == "passed" for result in self.outcomes.values())
        write(f"tests: {passed} passed, {len(ours) + len(theirs) + len(unknown)} failed through {self.mode_name}")
        for title, nodeids in (
            (f"failed only through hlo-translate (pass with {self.reference_name()})", ours),
            (f"failed with {self.reference_name()} too (not hlo-translate's)", theirs),
            ("failed, not rerun", unknown),
        ):
            if nodeids:
                write(f"  {title}: {len(nodeids)}")
                for nodeid in nodeids:
                    write(f"    {nodeid}")
        self._write_report()

    def _write_report(self) -> None:
        path = self.config.getoption("hlo_translate_report")
        if not path:
            return
        assert self.summary is not None
        data = {
            "mode": self.mode_name,
            "reference": self.reference_name(),
            "summary": self.summary.as_dict(),
            "tests": {
                nodeid: {"outcome": result.outcome, "reference": result.reference}
                for nodeid, result in self.outcomes.items()
            },
        }
        partial = Path(f"{path}.partial")  # a crash never leaves half a report
        partial.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
        partial.replace(path)


def _outcome(reports: list[Any]) -> str:
    """One word for a test's reports: failed if any phase failed, skipped if skipped, else passed."""
    if any(report.failed for report in reports):
        return "failed"
    if any(report.skipped for report in reports):
        return "skipped"
    return "passed"
