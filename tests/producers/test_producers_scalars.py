"""Plain scalars as torch-mlir writes them for Python numbers: `tensor.extract` of a tensor, `arith` on the
scalar, `tensor.from_elements`, a scalar `@main` result or an `arith.constant` of `i1`/`i64`/`f64`. HLO has no
scalar apart from the 0-d array, so each is the 0-d array of its element type (`index` is `s64`). XLA's own
converter refuses all of these: the oracle is numpy, after a run on XLA CPU, through our round trip too."""

from __future__ import annotations

import numpy as np
import pytest

import hlo_translate
from hlo_translate.errors import TranslateError
from hlo_translate.execution import execute
from hlo_translate.hlo.text import parse_hlo_text, print_hlo_text

SCALARS = """func.func @main(%a: tensor<3x4xf32>, %i: tensor<i64>, %j: tensor<i32>)
    -> (tensor<2x2xf32>, i1, i64, f64, i8, tensor<4xf32>, index, tensor<f32>) {
  %i0 = tensor.extract %i[] : tensor<i64>
  %ii = arith.index_cast %i0 : i64 to index
  %j0 = tensor.extract %j[] : tensor<i32>
  %k = arith.index_cast %j0 : i32 to index
  %x = tensor.extract %a[%ii, %k] : tensor<3x4xf32>
  %c = arith.constant 2.0 : f32
  %y = arith.mulf %x, %c : f32
  %t = tensor.from_elements %x, %y, %c, %x : tensor<2x2xf32>
  %b = arith.constant true
  %n = arith.constant -5 : i64
  %n2 = arith.addi %n, %i0 : i64
  %d = arith.constant 0.5 : f64
  %s = arith.constant 200 : i8
  %r = stablehlo.slice %a [1:2, 0:4] : (tensor<3x4xf32>) -> tensor<1x4xf32>
  %r2 = stablehlo.reshape %r : (tensor<1x4xf32>) -> tensor<4xf32>
  %neg = stablehlo.negate %r2 : tensor<4xf32>
  %z = arith.select %b, %r2, %neg : tensor<4xf32>
  %three = arith.constant 3 : index
  %e = tensor.from_elements %y : tensor<f32>
  return %t, %b, %n2, %d, %s, %z, %three, %e : tensor<2x2xf32>, i1, i64, f64, i8, tensor<4xf32>, index, tensor<f32>
}"""


def _expected(a: np.ndarray, i: int, j: int) -> list[np.ndarray]:
    x = a[i, j]
    return [
        np.array([[x, 2 * x], [2, x]], np.float32),
        np.array(True),
        np.array(-5 + i, np.int64),
        np.array(0.5),
        np.array(-56, np.int8),  # 200 as a signless i8
        a[1],
        np.array(3, np.int64),
        np.array(2 * x, np.float32),
    ]


def _check(outputs: list[np.ndarray], expected: list[np.ndarray]) -> None:
    assert len(outputs) == len(expected)
    for n, (got, want) in enumerate(zip(outputs, expected)):
        assert got.dtype == want.dtype and got.shape == want.shape, (n, got.dtype, got.shape)
        np.testing.assert_array_equal(got, want, err_msg=f"result {n}")


@pytest.mark.parametrize(("i", "j"), [(0, 0), (1, 2), (2, 3)])
def test_scalars_run_and_round_trip(i: int, j: int) -> None:
    a = np.arange(12, dtype=np.float32).reshape(3, 4) * 1.5
    inputs = [a, np.array(i, np.int64), np.array(j, np.int32)]
    hlo = print_hlo_text(hlo_translate.stablehlo_to_hlo(SCALARS))
    # every scalar of the signature is a 0-d array in HLO
    assert "->(f32[2,2]{1,0},pred[],s64[],f64[],s8[],f32[4]{0},s64[],f32[])" in hlo.replace(" ", "")
    _check(execute(hlo, inputs), _expected(a, i, j))
    back = print_hlo_text(hlo_translate.stablehlo_to_hlo(hlo_translate.hlo_to_stablehlo(hlo)))
    parse_hlo_text(back)
    _check(execute(back, inputs), _expected(a, i, j))


@pytest.mark.parametrize(
    ("mlir_type", "value", "expected"),
    [
        ("i1", "0", np.array(False)),
        ("i1", "1", np.array(True)),
        ("i64", "-9223372036854775808", np.array(-(2**63), np.int64)),
        ("i32", "-1", np.array(-1, np.int32)),
        ("f64", "-1.000000e+00", np.array(-1.0)),
        ("f32", "0x7FC00000", np.array(np.nan, np.float32)),
        ("index", "7", np.array(7, np.int64)),
    ],
)
def test_plain_scalar_constant_result(mlir_type: str, value: str, expected: np.ndarray) -> None:
    """torch-mlir's `@main` for a test returning a Python number: `arith.constant` returned as is."""
    text = f"""func.func @main() -> {mlir_type} {{
  %c = arith.constant {value} : {mlir_type}
  return %c : {mlir_type}
}}"""
    (got,) = execute(print_hlo_text(hlo_translate.stablehlo_to_hlo(text)), [])
    assert got.dtype == expected.dtype and got.shape == ()
    np.testing.assert_array_equal(got, expected)


def test_scalar_parameter_and_unsigned_scalar_ops() -> None:
    """A scalar parameter is a 0-d array parameter; the unsigned `arith` ops reinterpret it as on tensors."""
    text = """func.func @main(%a: i32, %b: i32) -> (i32, i1) {
  %q = arith.divui %a, %b : i32
  %lt = arith.cmpi ult, %a, %b : i32
  return %q, %lt : i32, i1
}"""
    a, b = np.array(-8, np.int32), np.array(3, np.int32)
    q, lt = execute(print_hlo_text(hlo_translate.stablehlo_to_hlo(text)), [a, b])
    assert q == np.int32(a.view(np.uint32) // np.uint32(3)) and not lt


def test_extract_with_wrong_index_count_is_refused_in_one_line() -> None:
    """An unparseable module is refused by MLIR's parser with a located one-line error."""
    text = """func.func @main(%a: tensor<3xf32>, %i: index) -> f32 {
  %x = tensor.extract %a[%i, %i] : tensor<3xf32>
  return %x : f32
}"""
    with pytest.raises(TranslateError) as err:
        hlo_translate.stablehlo_to_hlo(text)
    assert "tensor.extract" in str(err.value) and "\n" not in str(err.value)
