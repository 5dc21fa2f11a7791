"""The TensorFlow corpus (tests/producers/tf, written by `make corpus-tf` with tensorflow-cpu).

Each function's `stablehlo` stage (which keeps `mhlo.*` ops such as `mhlo.erf`) translates, runs on XLA
CPU to TensorFlow's outputs, and survives HLO -> StableHLO -> HLO.
"""

from __future__ import annotations

import pytest

import hlo_translate
from hlo_translate.hlo.text import parse_hlo_text, print_hlo_text
from tests.import_.test_roundtrip import signature
from tests.producers.test_producers_torch import assert_runs_to, load_case
from tests.support.paths import TESTS

CORPUS = TESTS / "producers" / "tf"
FUNCTIONS = sorted(p.stem for p in CORPUS.glob("*.mlir"))


def test_corpus_size() -> None:
    assert len(FUNCTIONS) >= 10


@pytest.mark.parametrize("name", FUNCTIONS)
def test_tf_function(name: str) -> None:
    text, inputs, expected = load_case(CORPUS, name)
    ours = print_hlo_text(hlo_translate.stablehlo_to_hlo(text))
    assert_runs_to(ours, inputs, expected)
    back = print_hlo_text(hlo_translate.stablehlo_to_hlo(hlo_translate.hlo_to_stablehlo(ours)))
    assert signature(parse_hlo_text(back)) == signature(parse_hlo_text(ours))
