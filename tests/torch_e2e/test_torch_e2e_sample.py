"""A fixed sample of torch-mlir's e2e suite, pre-exported (sample/: what gen.py wrote for those tests with
torch 2.13 and torch-mlir 20261001), so that `make test` needs no torch: each case through our export and
our round trip on XLA CPU matches eager PyTorch by the suite's own rule. The whole suite: `make
test-torch-e2e`."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tests.torch_e2e.check import compare, load_case, load_records, run_path

SAMPLE = Path(__file__).resolve().parent / "sample"
RECORDS = {r["name"]: r for r in load_records(SAMPLE) if r["status"] == "exported"}


def test_sample_size() -> None:
    assert len(RECORDS) >= 30


@pytest.mark.parametrize("name", sorted(RECORDS))
def test_case_through_us(name: str) -> None:
    case = load_case(SAMPLE, RECORDS[name])
    for path in ("ours", "roundtrip"):
        outcome, detail = run_path(case, path)
        assert outcome == "pass", f"{path}: {outcome}: {detail}"


def test_scalar_results_are_in_the_sample() -> None:
    """The sample holds the forms XLA's converter refuses: a plain scalar `@main` result, `tensor.extract`."""
    texts = [(SAMPLE / f"{name}.mlir").read_text() for name in RECORDS]
    assert any("tensor.extract" in t for t in texts)
    assert any(f"-> {s} {{" in t for t in texts for s in ("i64", "f64", "i1"))
    kinds = {o["kind"] for r in RECORDS.values() for o in r["outputs"]}
    assert {"tensor", "int", "float"} <= kinds


@pytest.mark.parametrize("name", sorted(RECORDS)[:3])
def test_compare_catches_other_numbers(name: str) -> None:
    """The suite's rule fails a result off by more than its tolerance, or of another dtype."""
    case = load_case(SAMPLE, RECORDS[name])
    expected = [np.asarray(e) for e in case.expected]
    outputs: list[np.ndarray] = [np.zeros(0)] * (max(case.record["user_outputs"]) + 1)
    for i, e in zip(case.record["user_outputs"], expected):
        outputs[i] = e
    assert compare(case, outputs) is None
    first = case.record["user_outputs"][0]
    bad = expected[0].astype(np.float64) + 1 if expected[0].dtype != np.bool_ else ~expected[0]
    outputs[first] = bad.astype(expected[0].dtype)
    assert compare(case, outputs) is not None
    if expected[0].dtype != np.float64 and expected[0].shape:
        outputs[first] = expected[0].astype(np.float64)
        assert "dtype" in (compare(case, outputs) or "")
