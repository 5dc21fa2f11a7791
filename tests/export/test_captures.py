"""Implicit captures: regions that use values defined above them, for every region-holding op.

Each module captures an argument (`%s`, a live value) and a constant (`%k`) inside a region; we export
it, run our HLO on XLA CPU and compare with numpy. A round trip (HLO -> StableHLO -> HLO) computes
the same values: the captures come back as explicit operands, the normalization docs/export.md names.
"""

from __future__ import annotations

import numpy as np
import pytest

import hlo_translate
from hlo_translate.errors import TranslateError

X = np.array([[3.0, -1.0, 2.0], [0.5, 4.0, -2.0], [1.0, 1.0, 7.0], [-3.0, 6.0, 0.0]], np.float32)
S = np.array(1.5, np.float32)
HEADER = (
    "func.func @main(%x: tensor<4x3xf32>, %s: tensor<f32>) -> {result} {{\n"
    "  %k = stablehlo.constant dense<2.0> : tensor<f32>\n"
    "  %zero = stablehlo.constant dense<0.0> : tensor<f32>\n"
)


def _module(result: str, body: str) -> str:
    return HEADER.format(result=result) + body + "\n}"


def _sort_expected() -> np.ndarray:
    keys = np.abs(X - S) * 2.0
    return np.take_along_axis(X, np.argsort(keys, axis=1, kind="stable"), axis=1)


def _scatter_expected() -> np.ndarray:
    out = X.copy()
    out[1] += np.array([1.0, 2.0, 3.0], np.float32) * S * 2.0
    return out


def _select_and_scatter_expected() -> np.ndarray:
    # Windows of 2x1 rows with stride 2: the element of each window closest to k=2 gets 1.0.
    out = np.zeros_like(X)
    for r in range(0, 4, 2):
        for c in range(3):
            pick = r if abs(X[r, c] - 2.0) <= abs(X[r + 1, c] - 2.0) else r + 1
            out[pick, c] += 1.0
    return out


CASES = {
    "reduce": (
        "tensor<4xf32>",
        """
  %0 = stablehlo.reduce(%x init: %zero) across dimensions = [1] : (tensor<4x3xf32>, tensor<f32>) -> tensor<4xf32>
   reducer(%a: tensor<f32>, %b: tensor<f32>) {
    %m = stablehlo.multiply %b, %s : tensor<f32>
    %m2 = stablehlo.multiply %m, %k : tensor<f32>
    %r = stablehlo.add %a, %m2 : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }
  return %0 : tensor<4xf32>""",
        lambda: (X * S * 2.0).sum(1),
    ),
    "reduce_window": (
        "tensor<2x3xf32>",
        """
  %0 = "stablehlo.reduce_window"(%x, %zero) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %b, %s : tensor<f32>
    %m2 = stablehlo.multiply %m, %k : tensor<f32>
    %r = stablehlo.add %a, %m2 : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) {window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 2, 1>} : (tensor<4x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>""",
        lambda: (np.maximum(X, S) * 2.0).reshape(2, 2, 3).sum(1),
    ),
    "map": (
        "tensor<4x3xf32>",
        """
  %0 = "stablehlo.map"(%x) ({
  ^bb0(%a: tensor<f32>):
    %d = stablehlo.subtract %a, %s : tensor<f32>
    %r = stablehlo.multiply %d, %k : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) {dimensions = array<i64: 0, 1>} : (tensor<4x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>""",
        lambda: (X - S) * 2.0,
    ),
    "sort": (
        "tensor<4x3xf32>",
        """
  %0 = "stablehlo.sort"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %da = stablehlo.subtract %a, %s : tensor<f32>
    %aa = stablehlo.abs %da : tensor<f32>
    %ka = stablehlo.multiply %aa, %k : tensor<f32>
    %db = stablehlo.subtract %b, %s : tensor<f32>
    %ab = stablehlo.abs %db : tensor<f32>
    %kb = stablehlo.multiply %ab, %k : tensor<f32>
    %c = stablehlo.compare LT, %ka, %kb : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) {dimension = 1 : i64, is_stable = true} : (tensor<4x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>""",
        _sort_expected,
    ),
    "scatter": (
        "tensor<4x3xf32>",
        """
  %i = stablehlo.constant dense<[[1]]> : tensor<1x1xi32>
  %u = stablehlo.constant dense<[[1.0, 2.0, 3.0]]> : tensor<1x3xf32>
  %0 = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.multiply %b, %s : tensor<f32>
    %m2 = stablehlo.multiply %m, %k : tensor<f32>
    %r = stablehlo.add %a, %m2 : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<4x3xf32>, tensor<1x1xi32>, tensor<1x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>""",
        _scatter_expected,
    ),
    "select_and_scatter": (
        "tensor<4x3xf32>",
        """
  %src = stablehlo.constant dense<1.0> : tensor<2x3xf32>
  %0 = "stablehlo.select_and_scatter"(%x, %src, %zero) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %da = stablehlo.subtract %a, %k : tensor<f32>
    %aa = stablehlo.abs %da : tensor<f32>
    %db = stablehlo.subtract %b, %k : tensor<f32>
    %ab = stablehlo.abs %db : tensor<f32>
    %c = stablehlo.compare LE, %aa, %ab : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %r = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) {window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 2, 1>} : (tensor<4x3xf32>, tensor<2x3xf32>, tensor<f32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>""",
        _select_and_scatter_expected,
    ),
    "while": (
        "tensor<4x3xf32>",
        """
  %n = stablehlo.constant dense<0> : tensor<i32>
  %three = stablehlo.constant dense<3> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %0:2 = stablehlo.while(%i = %n, %acc = %x) : tensor<i32>, tensor<4x3xf32>
   cond {
    %c = stablehlo.compare LT, %i, %three : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
   } do {
    %b = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<4x3xf32>
    %m = stablehlo.multiply %acc, %b : tensor<4x3xf32>
    %j = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %j, %m : tensor<i32>, tensor<4x3xf32>
   }
  return %0#1 : tensor<4x3xf32>""",
        lambda: X * S**3,
    ),
    "if": (
        "tensor<4x3xf32>",
        """
  %p = stablehlo.compare GT, %s, %k : (tensor<f32>, tensor<f32>) -> tensor<i1>
  %0 = "stablehlo.if"(%p) ({
    %m = stablehlo.multiply %x, %x : tensor<4x3xf32>
    stablehlo.return %m : tensor<4x3xf32>
  }, {
    %b = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<4x3xf32>
    %m = stablehlo.add %x, %b : tensor<4x3xf32>
    stablehlo.return %m : tensor<4x3xf32>
  }) : (tensor<i1>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>""",
        lambda: X + S,
    ),
    "case": (
        "tensor<4x3xf32>",
        """
  %idx = stablehlo.constant dense<1> : tensor<i32>
  %0 = "stablehlo.case"(%idx) ({
    stablehlo.return %x : tensor<4x3xf32>
  }, {
    %b = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<4x3xf32>
    %kb = stablehlo.broadcast_in_dim %k, dims = [] : (tensor<f32>) -> tensor<4x3xf32>
    %m = stablehlo.multiply %x, %b : tensor<4x3xf32>
    %r = stablehlo.subtract %m, %kb : tensor<4x3xf32>
    stablehlo.return %r : tensor<4x3xf32>
  }) : (tensor<i32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>""",
        lambda: X * S - 2.0,
    ),
}


def _hlo(text: str) -> str:
    return hlo_translate.write_hlo(hlo_translate.stablehlo_to_hlo(text)).decode()


@pytest.mark.parametrize("name", sorted(CASES))
def test_region_captures_run_on_xla(name: str) -> None:
    result, body, expected = CASES[name]
    [out] = hlo_translate.execute(_hlo(_module(result, body)), [X, S])
    np.testing.assert_allclose(out, expected(), rtol=1e-6)


@pytest.mark.parametrize("name", ["reduce", "sort", "scatter", "map", "while", "if"])
def test_captures_survive_a_round_trip(name: str) -> None:
    """HLO -> StableHLO -> HLO: the captures are explicit operands now, and the values are the same."""
    result, body, expected = CASES[name]
    back = hlo_translate.hlo_to_stablehlo(_hlo(_module(result, body)))
    [out] = hlo_translate.execute(_hlo(back), [X, S])
    np.testing.assert_allclose(out, expected(), rtol=1e-6)


def test_live_capture_in_an_op_with_fixed_operands_is_refused() -> None:
    body = CASES["select_and_scatter"][1].replace("%da = stablehlo.subtract %a, %k", "%da = stablehlo.subtract %a, %s")
    with pytest.raises(TranslateError) as info:
        hlo_translate.stablehlo_to_hlo(_module("tensor<4x3xf32>", body))
    message = str(info.value)
    assert "'stablehlo.select_and_scatter'" in message and "not constants" in message and "\n" not in message


def test_non_scalar_live_capture_is_refused() -> None:
    body = """
  %0 = "stablehlo.map"(%x) ({
  ^bb0(%a: tensor<f32>):
    %r = stablehlo.reduce(%x init: %a) across dimensions = [0, 1] : (tensor<4x3xf32>, tensor<f32>) -> tensor<f32>
     reducer(%p: tensor<f32>, %q: tensor<f32>) {
      %t = stablehlo.add %p, %q : tensor<f32>
      stablehlo.return %t : tensor<f32>
    }
    stablehlo.return %r : tensor<f32>
  }) {dimensions = array<i64: 0, 1>} : (tensor<4x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>"""
    with pytest.raises(TranslateError, match="only scalars and constants"):
        hlo_translate.stablehlo_to_hlo(_module("tensor<4x3xf32>", body))


def test_all_reduce_reducer_recomputes_its_captured_constant() -> None:
    """XLA:CPU runs only plain add/min/max/... all-reduce reducers, so this one is checked as text: the
    constant the reducer captures is computed inside it, and XLA's parser accepts the module."""
    from jaxlib import _hlo

    body = """
  %0 = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.multiply %b, %k : tensor<f32>
    %r = stablehlo.add %a, %m : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<4x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>"""
    module = hlo_translate.stablehlo_to_hlo(_module("tensor<4x3xf32>", body))
    [reducer] = [c for c in module.computations if not c.is_entry]
    assert [i.opcode for i in reducer.instructions] == ["parameter", "parameter", "constant", "multiply", "add"]
    _hlo.hlo_module_from_text(hlo_translate.write_hlo(module).decode())
