"""A slice of JAX's own tests (the pinned copy in upstream/) through hlo-translate, in both modes.

The whole comparison is `make test-jax-suite`; this slice (about 60 tests of four files, a minute or two)
keeps its promise in the normal suite: every test of the slice that passes on JAX's own path passes
through our export and import (roundtrip), and through our export and XLA's importer (export) unless it
fails with XLA's own exporter in our place too.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.jax_suite.run import compare, run_pass

pytest.importorskip("absl", reason="JAX's tests import absl (pip install -e '.[jax-suite]')")

FILES = ("lax_test.py", "lax_control_flow_test.py", "shard_map_test.py", "pjit_test.py")
SAMPLE = 0.02


def test_a_slice_of_jax_tests_passes_through_both_modes(tmp_path: Path) -> None:
    options = dict(files=FILES, cases=1, sample=SAMPLE, seed=0, out=tmp_path, timeout=900)
    baseline = run_pass(None, **options)
    passed = {nodeid for nodeid, record in baseline.outcomes.items() if record["outcome"] == "passed"}
    assert len(passed) >= 30, baseline.counts()
    passes = [run_pass(mode, **options) for mode in ("roundtrip", "export")]
    comparison = compare(baseline, passes)
    for run in passes:
        assert set(run.outcomes) == set(baseline.outcomes)  # the same sample
        assert run.plugin["summary"]["modules"] >= len(passed)
    roundtrip = passes[0].plugin["summary"]
    assert roundtrip["compiled"] == roundtrip["modules"]
    assert comparison.regressions["roundtrip"] == []
    # XLA's importer and partitioner fail some Shardy programs whatever exporter feeds them (`xla.sdy.*`
    # custom calls reach the GSPMD partitioner): such tests fail with XLA's exporter in our place too.
    assert comparison.ours("export") == [], comparison.ours("export")
