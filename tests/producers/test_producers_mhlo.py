"""`mhlo.*` ops (docs/producers.md): every op jaxlib's mhlo dialect registers has an export or a
documented refusal; the mhlo-only ops run on XLA CPU to the values of XLA's own translation (or numpy
where XLA refuses them); a sample of the JAX corpus respelled as mhlo runs to JAX's outputs (all of it:
`make test-mhlo-corpus`)."""

from __future__ import annotations

import numpy as np
import pytest

import hlo_translate
from hlo_translate.errors import TranslateError
from hlo_translate.execution import compare_outputs, execute, xla_stablehlo_to_hlo
from hlo_translate.export.context import TERMINATORS
from hlo_translate.export.mhlo_ops import OWN_OPCODES, REFUSED, mhlo_op_names
from hlo_translate.export.registry import HANDLERS
from hlo_translate.hlo.text import print_hlo_text
from tests.producers.mhlo_corpus import check_entry, single_device_entries


def test_every_registered_mhlo_op_is_handled_or_refused() -> None:
    names = mhlo_op_names()
    assert len(names) > 100 and "mhlo.erf" in names
    missing = [n for n in names if n not in HANDLERS and n not in TERMINATORS]
    assert not missing, missing


def test_refused_op_is_a_one_line_error() -> None:
    text = """func.func @main(%a: tensor<4xi32>) -> tensor<4xi32> {
  %0 = "mhlo.domain"(%a) {kind = #mhlo<kind sharding>, entry_metadata = "", exit_metadata = ""} : (tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}"""
    with pytest.raises(TranslateError) as err:
        hlo_translate.stablehlo_to_hlo(text)
    assert "'mhlo.domain'" in str(err.value) and REFUSED["mhlo.domain"] in str(err.value)
    assert "<input>:2:" in str(err.value)


def _unary(op: str, element: str = "f32") -> str:
    return f"""func.func @main(%a: tensor<8x{element}>) -> tensor<8x{element}> {{
  %0 = "{op}"(%a) : (tensor<8x{element}>) -> tensor<8x{element}>
  return %0 : tensor<8x{element}>
}}"""


X = np.array([-2.5, -0.75, -0.25, 0.0, 0.3, 0.9, 1.5, 3.0], np.float32)
DOMAIN = {
    "mhlo.acosh": np.abs(X) + 1.0,
    "mhlo.acos": np.clip(X, -1, 1),
    "mhlo.asin": np.clip(X, -1, 1),
    "mhlo.atanh": np.clip(X, -0.99, 0.99),
}


@pytest.mark.parametrize(
    "op",
    sorted(
        n for n in OWN_OPCODES if OWN_OPCODES[n] in {"erf", "acos", "acosh", "asin", "asinh", "atanh", "cosh", "sinh"}
    ),
)
def test_own_opcode_matches_xla(op: str) -> None:
    text = _unary(op)
    x = DOMAIN.get(op, X).astype(np.float32)
    ours = execute(print_hlo_text(hlo_translate.stablehlo_to_hlo(text)), [x])
    theirs = execute(xla_stablehlo_to_hlo(text), [x])
    comparison = compare_outputs(theirs, ours)
    assert comparison.ok, comparison.report()


def test_topk_matches_xla() -> None:
    text = """func.func @main(%a: tensor<2x6xf32>) -> (tensor<2x3xf32>, tensor<2x3xi32>) {
  %0:2 = "mhlo.topk"(%a) {k = 3 : i64, largest = true} : (tensor<2x6xf32>) -> (tensor<2x3xf32>, tensor<2x3xi32>)
  return %0#0, %0#1 : tensor<2x3xf32>, tensor<2x3xi32>
}"""
    x = np.array([[3, 1, 4, 1, 5, 9], [2, 6, 5, 3, 5, 8]], np.float32)
    ours = execute(print_hlo_text(hlo_translate.stablehlo_to_hlo(text)), [x])
    theirs = execute(xla_stablehlo_to_hlo(text), [x])
    for a, b in zip(ours, theirs):
        np.testing.assert_array_equal(a, b)


@pytest.mark.parametrize("op, expected", [("mhlo.exp2", np.exp2(X)), ("mhlo.log2", np.log2(np.abs(X) + 0.5))])
def test_expansions_match_numpy(op: str, expected: np.ndarray) -> None:
    """XLA's converter refuses exp2 and log2 (`Unable to convert MHLO to StableHLO`): numpy is the oracle."""
    x = X if op == "mhlo.exp2" else np.abs(X) + 0.5
    (actual,) = execute(print_hlo_text(hlo_translate.stablehlo_to_hlo(_unary(op))), [x])
    np.testing.assert_allclose(actual, expected, rtol=2e-6)


def _sample() -> list:
    return single_device_entries()[::12]


@pytest.mark.parametrize("entry", _sample(), ids=lambda e: e.name)
def test_mhlo_respelled_corpus_sample(entry) -> None:
    check_entry(entry)
