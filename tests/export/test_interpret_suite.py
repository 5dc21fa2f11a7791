"""The interpreter-suite harness (tests/export/interpret_suite.py) on case files of our own, and the exporter
fixes the suite found, each with our own inputs and expected values.

StableHLO's suite itself is not in the repository; `make interpret-suite SUITE=DIR` runs it.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import numpy as np
import pytest

import hlo_translate
from tests.export import interpret_suite as suite
from tests.export.interpret_suite import Outcome


def write_cases(tmp_path: Path, name: str, *cases: str) -> Path:
    text = "// RUN: our own cases\n\n" + "\n// -----\n\n".join(textwrap.dedent(c).strip() + "\n" for c in cases)
    path = tmp_path / name
    path.write_text(text)
    return path


def outcomes(tmp_path: Path) -> dict[str, tuple[Outcome, str]]:
    """Case name -> (outcome, detail), for files whose case names are unique."""
    return {r.name: (r.outcome, r.detail) for r in suite.run_suite(tmp_path)}


PASSING = """
    func.func @adds() {
      %a = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
      %b = stablehlo.add %a, %a : tensor<3xi32>
      check.expect_eq_const %b, dense<[2, 4, 6]> : tensor<3xi32>
      func.return
    }
"""
WRONG_VALUE = """
    func.func @multiplies_wrongly() {
      %a = stablehlo.constant dense<[1.5, 2.0]> : tensor<2xf32>
      %b = stablehlo.multiply %a, %a : tensor<2xf32>
      check.expect_almost_eq_const %b, dense<[2.25, 4.5]> : tensor<2xf32>
      func.return
    }
"""
MULTI_PROCESS = """
    module @two_processes {
      func.func @negates(%x : tensor<2xi64>) -> tensor<2xi64> {
        %y = stablehlo.negate %x : tensor<2xi64>
        return %y : tensor<2xi64>
      }
      func.func @main() {
        %x = stablehlo.constant dense<[3, 4]> : tensor<2xi64>
        %r:2 = "interpreter.run_parallel"(%x, %x) {
          programs=[[@negates], [@negates]]
        } : (tensor<2xi64>, tensor<2xi64>) -> (tensor<2xi64>, tensor<2xi64>)
        check.expect_eq_const %r#0, dense<[-3, -4]> : tensor<2xi64>
        func.return
      }
    }
"""
PROBED = """
    func.func @probed() {
      %x = stablehlo.constant dense<[1.0]> : tensor<1xf32>
      %p = interpreter.probe %x, probe_id = "x" : tensor<1xf32>
      check.expect_serialized_eq %p, probe_id = "x" : tensor<1xf32>
      func.return
    }
"""
PRINTED = """
    func.func @main() -> tensor<2xi8> {
      %x = stablehlo.constant dense<[7, 8]> : tensor<2xi8>
      func.return %x : tensor<2xi8>
    }
"""
UNKNOWN_OP = """
    func.func @cubes() {
      %x = stablehlo.constant dense<[2.0]> : tensor<1xf32>
      %y = stablehlo.cube %x : tensor<1xf32>
      check.expect_almost_eq_const %y, dense<[8.0]> : tensor<1xf32>
      func.return
    }
"""
IMPLEMENTATION_DEFINED = """
    // Our own: integer division by zero is implementation-defined; this case expects 0.
    func.func @divides_by_zero() {
      %a = stablehlo.constant dense<[7]> : tensor<1xi32>
      %z = stablehlo.constant dense<[0]> : tensor<1xi32>
      %q = stablehlo.divide %a, %z : tensor<1xi32>
      check.expect_eq_const %q, dense<[0]> : tensor<1xi32>
      func.return
    }
"""
CALLS_A_HELPER = """
    func.func private @twice(%x: tensor<2xf64>) -> tensor<2xf64> {
      %y = stablehlo.add %x, %x : tensor<2xf64>
      func.return %y : tensor<2xf64>
    }
    func.func @calls_a_helper() {
      %x = stablehlo.constant dense<[0.25, -1.0]> : tensor<2xf64>
      %y = func.call @twice(%x) : (tensor<2xf64>) -> tensor<2xf64>
      %z = stablehlo.constant dense<[0.5, -2.0]> : tensor<2xf64>
      "check.expect_eq"(%y, %z) : (tensor<2xf64>, tensor<2xf64>) -> ()
      check.expect_close %y, %z, max_ulp_difference = 0 : tensor<2xf64>, tensor<2xf64>
      check.expect_almost_eq %y,
          %z, tolerance = 0.5 : tensor<2xf64>
      func.return
    }
"""


def test_each_outcome_of_the_harness(tmp_path: Path) -> None:
    write_cases(tmp_path, "a.mlir", PASSING, WRONG_VALUE, CALLS_A_HELPER, IMPLEMENTATION_DEFINED)
    write_cases(tmp_path, "b.mlir", MULTI_PROCESS, PROBED, UNKNOWN_OP)
    write_cases(tmp_path, "c.mlir", PRINTED)
    found = {(r.file, r.name): (r.outcome, r.detail) for r in suite.run_suite(tmp_path)}
    assert len(found) == 8
    assert found["a.mlir", "adds"] == (Outcome.PASS, "")
    assert found["a.mlir", "calls_a_helper"] == (Outcome.PASS, "")
    outcome, detail = found["a.mlir", "multiplies_wrongly"]
    assert outcome is Outcome.FAIL and "1 of 2 differ, first at [1]" in detail and "4.5" in detail
    assert found["a.mlir", "divides_by_zero"][0] is Outcome.IMPL_DEFINED
    assert found["b.mlir", "main"] == (Outcome.EXCLUDED, "multi-process: interpreter.run_parallel")
    assert found["b.mlir", "probed"] == (Outcome.EXCLUDED, "interpreter dialect: interpreter.probe")
    outcome, detail = found["b.mlir", "cubes"]
    assert outcome is Outcome.EXCLUDED and "jaxlib cannot parse" in detail and "stablehlo.cube" in detail
    outcome, detail = found["c.mlir", "main"]
    assert outcome is Outcome.EXCLUDED and "no check ops" in detail


def test_exit_status_is_one_only_for_a_fail_or_an_error(tmp_path: Path, capsys) -> None:
    good, bad = tmp_path / "good", tmp_path / "bad"
    good.mkdir(), bad.mkdir()
    write_cases(good, "g.mlir", PASSING, MULTI_PROCESS, IMPLEMENTATION_DEFINED)
    write_cases(bad, "b.mlir", PASSING, WRONG_VALUE)
    assert suite.main([str(good)]) == 0
    assert suite.main([str(bad)]) == 1
    report = capsys.readouterr().out
    assert "multiplies_wrongly" in report and "cases: 2" in report


def test_a_commented_out_marker_does_not_split() -> None:
    text = "a\n// -----\nb\n// // -----\nc\n  // -----  \nd"
    assert suite.split_chunks(text) == ["a", "b\n// // -----\nc", "d"]


def test_two_cases_in_one_part_run_one_at_a_time(tmp_path: Path) -> None:
    write_cases(tmp_path, "two.mlir", PASSING.replace("@adds", "@first") + PASSING.replace("@adds", "@second"))
    assert outcomes(tmp_path) == {"first": (Outcome.PASS, ""), "second": (Outcome.PASS, "")}


@pytest.mark.parametrize(
    "statement,expected",
    [
        (
            "check.expect_eq_const %r#1, dense<[1, 2]> : tensor<2xi64>",
            suite.Check("expect_eq_const", "%r#1", "tensor<2xi64>", "dense<[1, 2]>", "tensor<2xi64>"),
        ),
        (
            "check.expect_almost_eq_const %x,\n    dense<[[1.0], [2.0]]> : tensor<2x1xf32>",
            suite.Check("expect_almost_eq_const", "%x", "tensor<2x1xf32>", "dense<[[1.0], [2.0]]>", "tensor<2x1xf32>"),
        ),
        (
            "check.expect_almost_eq_const %x, dense<2.0> : tensor<f64> {tolerance = 0.5 : f64}",
            suite.Check("expect_almost_eq_const", "%x", "tensor<f64>", "dense<2.0>", "tensor<f64>", tolerance=0.5),
        ),
        (
            "check.expect_almost_eq_const %x, dense<(1.0, 2.0)> : tensor<complex<f64>>, tolerance = 1.0e-9",
            suite.Check(
                "expect_almost_eq_const",
                "%x",
                "tensor<complex<f64>>",
                "dense<(1.0, 2.0)>",
                "tensor<complex<f64>>",
                tolerance=1e-9,
            ),
        ),
        (
            "check.expect_almost_eq%a, %b : tensor<f32>",
            suite.Check("expect_almost_eq", "%a", "tensor<f32>", "%b", "tensor<f32>"),
        ),
        (
            '"check.expect_eq"(%a, %b): (tensor<?xi64>, tensor<3xi64>) -> ()',
            suite.Check("expect_eq", "%a", "tensor<?xi64>", "%b", "tensor<3xi64>"),
        ),
        (
            '"check.expect_close"(%a, %b) {max_ulp_difference = 10 : ui64} : (tensor<f64>, tensor<f64>) -> ()',
            suite.Check("expect_close", "%a", "tensor<f64>", "%b", "tensor<f64>", max_ulp=10),
        ),
        (
            "check.expect_close %a, %b, max_ulp_difference = 7, min_ulp_difference = 1 : tensor<2xf16>, tensor<2xf16>",
            suite.Check("expect_close", "%a", "tensor<2xf16>", "%b", "tensor<2xf16>", min_ulp=1, max_ulp=7),
        ),
    ],
)
def test_check_ops_in_each_spelling(statement: str, expected: suite.Check) -> None:
    assert suite.parse_check(statement) == expected


def test_equality_is_ieee() -> None:
    check = suite.Check("expect_eq", "%a", "", "%b", "")
    assert suite.compare(check, np.array([0.0, 1.0]), np.array([-0.0, 1.0])) == ""
    assert "1 of 1 differ" in suite.compare(check, np.array([np.nan]), np.array([np.nan]))
    assert "1 of 2 differ" in suite.compare(check, np.array([1 + 2j, 3j]), np.array([1 + 2j, 3 + 3j]))


def test_almost_equal_follows_the_check_dialect() -> None:
    check = suite.Check("expect_almost_eq", "%a", "", "%b", "")
    same = [(np.nan, -np.nan), (np.inf, np.inf), (1.0, 1.00009), (0.0, 5e-5), (-0.0, 0.0), (-0.0, -3e-5)]
    for actual, expected in same:
        assert suite.compare(check, np.array([actual]), np.array([expected])) == "", (actual, expected)
    differ = [(np.nan, 1.0), (np.inf, -np.inf), (1.0, 1.0002), (-2e-8, 0.0), (3e-5, -3e-5), (np.inf, 1e300)]
    for actual, expected in differ:
        assert suite.compare(check, np.array([actual]), np.array([expected])) != "", (actual, expected)
    loose = suite.Check("expect_almost_eq", "%a", "", "%b", "", tolerance=0.5)
    assert suite.compare(loose, np.array([1 + 1j]), np.array([1.4 + 0.6j])) == ""
    assert suite.compare(loose, np.array([1 + 1j]), np.array([1.4 + 0.4j])) != ""


def test_ulp_distance() -> None:
    one = np.float32(1.0)
    above = np.nextafter(np.nextafter(one, np.float32(2)), np.float32(2))
    assert suite.ulp_differences(np.array([above]), np.array([one])).tolist() == [2]
    tiny = np.float32(np.finfo(np.float32).smallest_subnormal)
    assert suite.ulp_differences(np.array([tiny]), np.array([-tiny])).tolist() == [2]
    assert suite.ulp_differences(np.array([np.nan], np.float16), np.array([-np.nan], np.float16)).tolist() == [0]
    assert suite.ulp_differences(np.array([np.inf]), np.array([1e308])).tolist() == [np.inf]
    close = suite.Check("expect_close", "%a", "", "%b", "", min_ulp=1, max_ulp=2)
    assert suite.compare(close, np.array([above]), np.array([one])) == ""
    assert suite.compare(close, np.array([one]), np.array([one])) != ""  # below min_ulp_difference


# ---------------------------------------------------------------- exporter fixes the suite found


def run(text: str, *inputs: np.ndarray) -> list[np.ndarray]:
    hlo = hlo_translate.write_hlo(hlo_translate.stablehlo_to_hlo(text)).decode()
    return hlo_translate.execute(hlo, list(inputs))


def weak_order_key(x: float) -> tuple[int, float]:
    """The spec's weak order: every NaN equal and above +inf, -0 equal to +0."""
    return (1, 0.0) if np.isnan(x) else (0, x + 0.0)


@pytest.mark.parametrize(
    "direction,relation",
    [
        ("EQ", lambda a, b: a == b),
        ("NE", lambda a, b: a != b),
        ("LT", lambda a, b: a < b),
        ("LE", lambda a, b: a <= b),
        ("GT", lambda a, b: a > b),
        ("GE", lambda a, b: a >= b),
    ],
)
def test_weak_order_comparison_runs_as_the_spec_orders(direction: str, relation) -> None:
    nan, inf = np.float32(np.nan), np.float32(np.inf)
    lhs = np.array([nan, -nan, 2.0, -0.0, inf, nan, -inf, 1.0, 3.0, -nan], np.float32)
    rhs = np.array([-nan, 1.0, nan, 0.0, nan, inf, -inf, 1.5, -1.0, -inf], np.float32)
    text = (
        f"func.func @main(%a: tensor<10xf32>, %b: tensor<10xf32>) -> tensor<10xi1> {{\n"
        f"  %0 = stablehlo.compare {direction}, %a, %b, WEAKORDER : (tensor<10xf32>, tensor<10xf32>) -> "
        f"tensor<10xi1>\n  return %0 : tensor<10xi1>\n}}"
    )
    assert (
        f"direction={direction}, order=WEAK" in hlo_translate.write_hlo(hlo_translate.stablehlo_to_hlo(text)).decode()
    )
    [result] = run(text, lhs, rhs)
    expected = [relation(weak_order_key(a), weak_order_key(b)) for a, b in zip(lhs, rhs)]
    assert result.tolist() == expected


def test_weak_order_comparison_round_trips() -> None:
    text = (
        "func.func @main(%a: tensor<2xf64>, %b: tensor<2xf64>) -> tensor<2xi1> {\n"
        "  %0 = stablehlo.compare GE, %a, %b, WEAKORDER : (tensor<2xf64>, tensor<2xf64>) -> tensor<2xi1>\n"
        "  return %0 : tensor<2xi1>\n}"
    )
    hlo = hlo_translate.stablehlo_to_hlo(text)
    for fmt in (hlo_translate.HloFormat.TEXT, hlo_translate.HloFormat.PROTO):
        back = hlo_translate.hlo_to_stablehlo(hlo_translate.write_hlo(hlo, fmt), locations=False)
        assert "stablehlo.compare GE, %arg0, %arg1, WEAKORDER" in " ".join(back.split())


def test_dynamic_shapes_that_constants_determine_are_refined() -> None:
    """@main takes static arguments; the iota's `?x?` type is fixed by its constant shape operand."""
    text = (
        "func.func @main(%x: tensor<2x3xi32>) -> tensor<?x?xi32> {\n"
        "  %shape = stablehlo.constant dense<[2, 3]> : tensor<2xi64>\n"
        "  %0 = stablehlo.dynamic_iota %shape, dim = 1 : (tensor<2xi64>) -> tensor<?x?xi32>\n"
        "  %1 = stablehlo.add %0, %x : (tensor<?x?xi32>, tensor<2x3xi32>) -> tensor<?x?xi32>\n"
        "  return %1 : tensor<?x?xi32>\n}"
    )
    x = np.array([[10, 20, 30], [40, 50, 60]], np.int32)
    [result] = run(text, x)
    np.testing.assert_array_equal(result, x + np.array([[0, 1, 2], [0, 1, 2]], np.int32))


def test_dynamic_arguments_are_unbounded_dimensions_unless_shapes_are_given() -> None:
    """Outside JAX's shape-polymorphic programs (tests/export/test_shape_poly.py), an unbounded argument
    is HLO's `?` dimension, as XLA's converter writes it (issue 26); input shapes still refine it."""
    text = (
        "func.func @main(%x: tensor<?xi32>) -> tensor<?xi32> {\n"
        "  %0 = stablehlo.negate %x : tensor<?xi32>\n  return %0 : tensor<?xi32>\n}"
    )
    unbounded = hlo_translate.stablehlo_to_hlo(text)
    assert [i.shape.to_text() for i in unbounded.entry.instructions] == ["s32[?]{0}", "s32[?]{0}"]
    refined = hlo_translate.stablehlo_to_hlo(text, input_shapes="s32[3]")
    assert refined.entry.root.shape.to_text() == "s32[3]{0}"


def test_irfft_inverts_rfft_on_xla() -> None:
    """Backs the known deviation of fft_op_test_irfft_2d_c128: XLA's IRFFT is the inverse of its RFFT."""
    x = np.random.default_rng(7).normal(size=(3, 4, 6))
    text = (
        "func.func @main(%x: tensor<3x4x6xf64>) -> (tensor<3x4x4xcomplex<f64>>, tensor<3x4x6xf64>) {\n"
        "  %0 = stablehlo.fft %x, type = RFFT, length = [4, 6] : (tensor<3x4x6xf64>) -> tensor<3x4x4xcomplex<f64>>\n"
        "  %1 = stablehlo.fft %0, type = IRFFT, length = [4, 6] : (tensor<3x4x4xcomplex<f64>>) -> tensor<3x4x6xf64>\n"
        "  return %0, %1 : tensor<3x4x4xcomplex<f64>>, tensor<3x4x6xf64>\n}"
    )
    spectrum, back = run(text, x)
    np.testing.assert_allclose(spectrum, np.fft.rfft2(x), atol=1e-12)
    np.testing.assert_allclose(back, x, atol=1e-12)
