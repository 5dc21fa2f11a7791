"""hlo_translate.pytest_plugin on a small suite of our own, in a pytest of its own (a subprocess)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

SUITE = """
import jax, jax.numpy as jnp, numpy as np

def test_passes():
    np.testing.assert_allclose(jax.jit(lambda x: jnp.sin(x) * 2)(1.0), 2 * np.sin(1.0), rtol=1e-6)

def test_fails_on_any_path():
    assert float(jax.jit(jnp.cos)(0.0)) == 2.0

def test_skipped():
    import pytest
    pytest.skip("not here")
"""


def _run(tmp_path: Path, *options: str) -> tuple[subprocess.CompletedProcess, dict]:
    (tmp_path / "test_suite.py").write_text(SUITE)
    report = tmp_path / "report.json"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "-p",
            "hlo_translate.pytest_plugin",
            f"--hlo-translate-report={report}",
            *options,
            "test_suite.py",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        env=dict(os.environ, JAX_PLATFORMS="cpu"),
    )
    return done, json.loads(report.read_text()) if report.exists() else {}


@pytest.mark.parametrize(
    "mode, reference", [("roundtrip", "JAX's own path"), ("export", "XLA's exporter in our place")]
)
def test_the_summary_counts_modules_and_tells_failures_apart(tmp_path: Path, mode: str, reference: str) -> None:
    done, report = _run(tmp_path, f"--hlo-translate={mode}", f"--hlo-translate-keep={tmp_path / 'kept'}")
    assert done.returncode == 1, done.stdout[-2000:]
    assert "1 failed, 1 passed, 1 skipped" in done.stdout
    lines = done.stdout[done.stdout.index("= hlo-translate =") :].splitlines()
    assert lines[1].startswith(f"hlo-translate ({mode}): ")
    assert f"failed with {reference} too (not hlo-translate's): 1" in done.stdout
    assert "failed only through hlo-translate" not in done.stdout
    assert report["mode"] == mode and report["reference"] == reference
    assert report["tests"] == {
        "test_suite.py::test_passes": {"outcome": "passed", "reference": None},
        "test_suite.py::test_fails_on_any_path": {"outcome": "failed", "reference": "failed"},
        "test_suite.py::test_skipped": {"outcome": "skipped", "reference": None},
    }
    summary = report["summary"]
    assert summary["modules"] == summary["compiled"] >= 2 and summary["refused"] == {}
    kept = sorted(path.name for path in (tmp_path / "kept").iterdir())
    assert kept and all("test_fails_on_any_path" in name for name in kept)


def test_without_the_flag_the_plugin_does_nothing(tmp_path: Path) -> None:
    done, report = _run(tmp_path)
    assert "1 failed, 1 passed, 1 skipped" in done.stdout
    assert "hlo-translate" not in done.stdout and report == {}
