"""The evidence of docs/torch-e2e.md, kept runnable: three cases of `known_wrong.txt` as gen.py wrote them
(wrong_sample/: torch 2.13, torch-mlir 20261001, from the tests in upstream/, see its PROVENANCE.md), each
failing through us on the line the docs give, and passing once that line alone is mended as eager PyTorch
computes. (That XLA's converter gives the same wrong numbers is in the full report, `make test-torch-e2e`.)
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.torch_e2e.check import load_case, load_records, run_path
from tests.torch_e2e.run import KNOWN, read_known

WRONG = Path(__file__).resolve().parent / "wrong_sample"
RECORDS = {r["name"]: r for r in load_records(WRONG)}
DOCS = Path(__file__).resolve().parents[2] / "docs" / "torch-e2e.md"

# name: (the wrong line as torch-mlir writes it, the same line as eager PyTorch computes)
MENDED = {
    # PyTorch's windows start at -padding (3); ceil_mode pads the high end alone
    "MaxPool1dCeilModeTrueModule_basic": (
        "padding = dense<[[0, 0], [0, 0], [0, 0], [4, 4]]>",
        "padding = dense<[[0, 0], [0, 0], [0, 0], [3, 4]]>",
    ),
    # a negative index counts from the end of the dimension (of 3)
    "IndexTensorNegativeIndexModule_basic": (
        "    %9 = stablehlo.reshape %arg1 : (tensor<1xi64>) -> tensor<1x1xi64>\n",
        "    %w = stablehlo.constant dense<3> : tensor<1xi64>\n"
        "    %neg = stablehlo.compare LT, %arg1, %c : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xi1>\n"
        "    %up = stablehlo.add %arg1, %w : tensor<1xi64>\n"
        "    %wrapped = stablehlo.select %neg, %up, %arg1 : tensor<1xi1>, tensor<1xi64>\n"
        "    %9 = stablehlo.reshape %wrapped : (tensor<1xi64>) -> tensor<1x1xi64>\n",
    ),
    # int64 grad and float32 input promote to float32
    "ThresholdBackward2dMixedModule_basic": (
        "    return %7 : tensor<4x5xi64>",
        "    %8 = stablehlo.convert %7 : (tensor<4x5xi64>) -> tensor<4x5xf32>\n    return %8 : tensor<4x5xf32>",
    ),
}


def test_the_sample_is_listed_and_documented() -> None:
    assert set(RECORDS) == set(MENDED)
    known, docs = read_known(KNOWN), DOCS.read_text()
    for name in MENDED:
        assert name in known and name in docs


@pytest.mark.parametrize("name", sorted(MENDED))
def test_wrong_as_written_right_when_mended(name: str) -> None:
    case = load_case(WRONG, RECORDS[name])
    wrong, right = MENDED[name]
    assert case.text.count(wrong) == 1
    outcome, detail = run_path(case, "ours")
    assert outcome == "mismatch", detail
    if name == "ThresholdBackward2dMixedModule_basic":
        case.text = case.text.replace("-> tensor<4x5xi64> {", "-> tensor<4x5xf32> {")
    case.text = case.text.replace(wrong, right)
    for path in ("ours", "roundtrip"):
        assert run_path(case, path) == ("pass", "")
