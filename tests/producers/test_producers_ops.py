"""What other producers write besides StableHLO ops: `dense_resource` constants and `arith`/`tensor` ops
on tensors (mhlo ops: tests/producers/test_producers_mhlo.py). Each module runs on XLA CPU to values numpy gives;
XLA's own converter refuses `dense_resource`, so it cannot be the oracle here."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest

import hlo_translate
from hlo_translate.errors import TranslateError
from hlo_translate.execution import execute
from hlo_translate.hlo.text import print_hlo_text


def run_ours(text: str, inputs: list[np.ndarray] | None = None) -> list[np.ndarray]:
    return execute(print_hlo_text(hlo_translate.stablehlo_to_hlo(text)), inputs or [])


def blob(array: np.ndarray) -> str:
    """A resource blob as MLIR prints it: 4-byte little-endian alignment, then the raw elements."""
    return "0x" + (np.uint32(max(array.dtype.itemsize, 1)).tobytes() + array.tobytes()).hex().upper()


def resource_module(mlir_type: str, array: np.ndarray, op: str = "stablehlo.constant") -> str:
    return f"""module {{
  func.func @main() -> {mlir_type} {{
    %0 = {op} dense_resource<weights.0> : {mlir_type}
    return %0 : {mlir_type}
  }}
}}
{{-#
  dialect_resources: {{
    builtin: {{
      weights.0: "{blob(array)}"
    }}
  }}
#-}}
"""


RNG = np.random.default_rng(7)
RESOURCE_CASES = {
    "i1": np.array([True, False, False, True, True, False]),
    "i8": RNG.integers(-128, 127, 6).astype(np.int8),
    "i16": RNG.integers(-3000, 3000, 6).astype(np.int16),
    "i32": RNG.integers(-(2**31), 2**31 - 1, 6).astype(np.int32),
    "i64": RNG.integers(-(2**62), 2**62, 6).astype(np.int64),
    "ui8": RNG.integers(0, 255, 6).astype(np.uint8),
    "ui16": RNG.integers(0, 65535, 6).astype(np.uint16),
    "ui32": RNG.integers(0, 2**32 - 1, 6).astype(np.uint32),
    "ui64": RNG.integers(0, 2**63, 6).astype(np.uint64),
    "f16": RNG.standard_normal(6).astype(np.float16),
    "bf16": RNG.standard_normal(6).astype(ml_dtypes.bfloat16),
    "f32": np.array([1.5, -2.0, np.inf, -np.inf, 3e-38, -7.25], np.float32),
    "f64": RNG.standard_normal(6),
    "f8E4M3FN": RNG.standard_normal(6).astype(ml_dtypes.float8_e4m3fn),
    "f8E5M2": RNG.standard_normal(6).astype(ml_dtypes.float8_e5m2),
    "complex<f32>": (RNG.standard_normal(6) + 1j * RNG.standard_normal(6)).astype(np.complex64),
    "complex<f64>": RNG.standard_normal(6) + 1j * RNG.standard_normal(6),
}


@pytest.mark.parametrize("element", RESOURCE_CASES)
def test_dense_resource_every_element_type(element: str) -> None:
    array = RESOURCE_CASES[element].reshape(2, 3)
    (actual,) = run_ours(resource_module(f"tensor<2x3x{element}>", array))
    assert actual.dtype == array.dtype
    np.testing.assert_array_equal(actual.view(np.uint8), array.view(np.uint8))


def test_dense_resource_in_arith_constant_and_bytecode() -> None:
    from hlo_translate.mlir.context import make_context, module_to_bytecode, parse_module

    array = np.arange(12, dtype=np.float32).reshape(3, 4)
    text = resource_module("tensor<3x4xf32>", array, op="arith.constant")
    with make_context():
        bytecode = module_to_bytecode(parse_module(text))
    for source in (text, bytecode):
        (actual,) = run_ours(source)
        np.testing.assert_array_equal(actual, array)


def test_quoted_resource_name() -> None:
    array = np.array([1, 2, 3], np.int32)
    text = resource_module("tensor<3xi32>", array).replace("weights.0", '"w 0"')
    (actual,) = run_ours(text)
    np.testing.assert_array_equal(actual, array)


@pytest.mark.parametrize(
    "blob_text, message",
    [
        ('other: "0x0400000001000000"', "dense_resource<weights.0> has no data"),
        ('weights.0: "0x040000000100000002000000"', "holds 8 bytes"),
        ('weights.0: "0x0400"', "alignment"),  # MLIR's parser checks the prefix first
    ],
)
def test_bad_resource_is_one_line_error(blob_text: str, message: str) -> None:
    text = resource_module("tensor<3xi32>", np.zeros(3, np.int32))
    text = text[: text.index("weights.0: ")] + blob_text + "\n    }\n  }\n#-}\n"
    with pytest.raises(TranslateError) as err:
        hlo_translate.stablehlo_to_hlo(text)
    assert message in str(err.value) and "\n" not in str(err.value)
    assert "stablehlo.constant" in str(err.value) or "alignment" in message


ARITH = """
func.func @main(%a: tensor<6xi32>, %b: tensor<6xi32>, %x: tensor<6xf32>)
    -> (tensor<6xi32>, tensor<6xi32>, tensor<6xi32>, tensor<6xi1>, tensor<6xi1>, tensor<6xf32>,
        tensor<6xi32>, tensor<6xf64>, tensor<6xi32>, tensor<2x3xf32>, tensor<6xf32>, tensor<6xi1>) {
  %c = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]> : tensor<6xf32>
  %0 = arith.divui %a, %b : tensor<6xi32>
  %1 = arith.remsi %a, %b : tensor<6xi32>
  %2 = arith.maxui %a, %b : tensor<6xi32>
  %3 = arith.cmpi ult, %a, %b : tensor<6xi32>
  %4 = arith.cmpf olt, %x, %c : tensor<6xf32>
  %5 = arith.mulf %x, %c : tensor<6xf32>
  %6 = arith.fptosi %5 : tensor<6xf32> to tensor<6xi32>
  %7 = arith.uitofp %a : tensor<6xi32> to tensor<6xf64>
  %8 = arith.select %3, %a, %b : tensor<6xi1>, tensor<6xi32>
  %9 = tensor.expand_shape %5 [[0, 1]] output_shape [2, 3] : tensor<6xf32> into tensor<2x3xf32>
  %10 = tensor.collapse_shape %9 [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
  %e = tensor.empty() : tensor<6xf32>
  %11 = arith.addf %10, %e : tensor<6xf32>
  %13 = tensor.cast %11 : tensor<6xf32> to tensor<6xf32>
  %14 = arith.cmpf une, %x, %x : tensor<6xf32>
  return %0, %1, %2, %3, %4, %13, %6, %7, %8, %9, %x, %14 : tensor<6xi32>, tensor<6xi32>, tensor<6xi32>,
    tensor<6xi1>, tensor<6xi1>, tensor<6xf32>, tensor<6xi32>, tensor<6xf64>, tensor<6xi32>, tensor<2x3xf32>,
    tensor<6xf32>, tensor<6xi1>
}
"""


def test_arith_and_tensor_ops() -> None:
    a = np.array([7, -8, 9, 2**31 - 1, -1, 5], np.int32)
    b = np.array([2, 3, -4, 7, 3, -1], np.int32)
    x = np.array([0.5, 2.5, np.nan, -1.5, 6.0, 9.0], np.float32)
    c = np.arange(1, 7, dtype=np.float32)
    out = run_ours(ARITH, [a, b, x])
    ua, ub = a.view(np.uint32), b.view(np.uint32)
    expected = [
        (ua // ub).view(np.int32),
        np.fmod(a, b),
        np.maximum(ua, ub).view(np.int32),
        ua < ub,
        x < c,
        x * c,
        np.nan_to_num(x * c).astype(np.int32),
        ua.astype(np.float64),
        np.where(ua < ub, a, b),
        (x * c).reshape(2, 3),
        x,
        x != x,
    ]
    for i, (e, got) in enumerate(zip(expected, out)):
        if i == 6:  # fptosi of NaN is implementation-defined: compare the others
            got, e = np.delete(got, 2), np.delete(e, 2)
        np.testing.assert_array_equal(got, e, err_msg=f"result {i}")


def test_dynamic_tensor_is_refused_in_one_line() -> None:
    text = """func.func @main(%x: tensor<6xf32>) -> tensor<?xf32> {
  %0 = tensor.cast %x : tensor<6xf32> to tensor<?xf32>
  %1 = arith.negf %0 : tensor<?xf32>
  return %1 : tensor<?xf32>
}"""
    with pytest.raises(TranslateError) as err:
        hlo_translate.stablehlo_to_hlo(text)
    assert "'tensor.cast'" in str(err.value) and "refine shapes first" in str(err.value) and "\n" not in str(err.value)


def test_dynamic_pad_with_arith_constant_padding() -> None:
    """torch-mlir writes shape operands as `arith.constant`: they fold like `stablehlo.constant`s."""
    text = """func.func @main(%x: tensor<3xf32>, %v: tensor<f32>) -> tensor<6xf32> {
  %lo = arith.constant dense<1> : tensor<1xi64>
  %hi = arith.constant dense<2> : tensor<1xi64>
  %in = arith.constant dense<0> : tensor<1xi64>
  %0 = stablehlo.dynamic_pad %x, %v, %lo, %hi, %in : (tensor<3xf32>, tensor<f32>, tensor<1xi64>,
    tensor<1xi64>, tensor<1xi64>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}"""
    hlo = print_hlo_text(hlo_translate.stablehlo_to_hlo(text))
    (actual,) = execute(hlo, [np.array([1, 2, 3], np.float32), np.array(9, np.float32)])
    np.testing.assert_array_equal(actual, [9, 1, 2, 3, 9, 9])


# arith.cmpf predicates as the arith dialect defines them: `o*` false and `u*` true when an operand is NaN.
CMPF_PREDICATES = {
    "false": lambda x, y: np.zeros_like(x, bool),
    "true": lambda x, y: np.ones_like(x, bool),
    "oeq": lambda x, y: x == y,
    "ogt": lambda x, y: x > y,
    "oge": lambda x, y: x >= y,
    "olt": lambda x, y: x < y,
    "ole": lambda x, y: x <= y,
    "one": lambda x, y: ~np.isnan(x) & ~np.isnan(y) & (x != y),
    "ord": lambda x, y: ~np.isnan(x) & ~np.isnan(y),
    "ueq": lambda x, y: np.isnan(x) | np.isnan(y) | (x == y),
    "ugt": lambda x, y: np.isnan(x) | np.isnan(y) | (x > y),
    "uge": lambda x, y: np.isnan(x) | np.isnan(y) | (x >= y),
    "ult": lambda x, y: np.isnan(x) | np.isnan(y) | (x < y),
    "ule": lambda x, y: np.isnan(x) | np.isnan(y) | (x <= y),
    "une": lambda x, y: x != y,
    "uno": lambda x, y: np.isnan(x) | np.isnan(y),
}


def test_every_cmpf_predicate() -> None:
    x = np.array([1.0, 2.0, 3.0, np.nan, 5.0, np.nan, -0.0, np.inf], np.float64)
    y = np.array([1.0, 1.0, 4.0, 0.0, np.nan, np.nan, 0.0, np.inf], np.float64)
    names = list(CMPF_PREDICATES)
    body = "".join(f"  %{i} = arith.cmpf {name}, %x, %y : tensor<8xf64>\n" for i, name in enumerate(names))
    results = ", ".join(f"%{i}" for i in range(len(names)))
    types = ", ".join(["tensor<8xi1>"] * len(names))
    text = (
        f"func.func @main(%x: tensor<8xf64>, %y: tensor<8xf64>) -> ({types}) {{\n{body}  return {results} : {types}\n}}"
    )
    for name, got in zip(names, run_ours(text, [x, y])):
        np.testing.assert_array_equal(got, CMPF_PREDICATES[name](x, y), err_msg=name)
