"""The HLO verifier on hand-written modules: each rule accepts the valid form and names itself on the broken one,
with the instruction and its line; `read_hlo`, `verify`, the CLI and the exporter run it."""

from __future__ import annotations

import subprocess
import sys

import pytest

import hlo_translate
from hlo_translate import TranslateError, read_hlo
from hlo_translate.errors import InternalError
from hlo_translate.hlo.text import parse_hlo_text
from hlo_translate.hlo.verify import Violation, verify_module
from tests.hlo.verifier_cases import CASES, entry


@pytest.mark.parametrize("case", sorted(CASES))
def test_case(case: str) -> None:
    text, rule = CASES[case]
    if rule is None:
        read_hlo(text)
        return
    with pytest.raises(TranslateError) as info:
        read_hlo(text)
    err = info.value
    assert getattr(err, "rule", "parse") == rule, str(err)
    assert err.location is not None and err.location.line is not None, str(err)
    assert "\n" not in str(err)


def test_error_names_instruction_rule_and_line() -> None:
    text = entry("p = f32[2] parameter(0)", "q = f32[2] parameter(1)", "r = f32[3] add(p, q)")
    with pytest.raises(Violation) as info:
        read_hlo(text)
    assert str(info.value) == (
        "<input>:6:3: error: 'r': operand 0 is f32[2] but the result is f32[3]: implicit "
        "broadcast is not allowed in HLO [shape]"
    )
    assert info.value.opcode == "add"


def test_verify_can_be_turned_off() -> None:
    text, _ = CASES["transpose-wrong"]
    module = read_hlo(text, verify=False)
    assert module.entry.root.opcode == "transpose"
    with pytest.raises(Violation):
        hlo_translate.verify(module)


def test_public_verify_reads_every_form() -> None:
    text, _ = CASES["dot-ok"]
    hlo_translate.verify(text)
    hlo_translate.verify(text.encode())
    hlo_translate.verify(parse_hlo_text(text))
    with pytest.raises(TranslateError, match=r"\[shape\]"):
        hlo_translate.verify(CASES["dot-contracting-mismatch"][0])


def test_proto_input_is_verified() -> None:
    from hlo_translate import HloFormat, write_hlo

    module = read_hlo(CASES["reshape-ok"][0])
    module.entry.root.shape = module.entry.root.shape.__class__.array(module.entry.root.shape.element_type, (7,))
    data = write_hlo(module, HloFormat.PROTO)
    with pytest.raises(Violation, match=r"reshape of f32\[2,3\] .* \[shape\]"):
        read_hlo(data)


def test_export_output_is_verified(monkeypatch: pytest.MonkeyPatch) -> None:
    """What stablehlo_to_hlo writes passes the verifier; an exporter bug surfaces as an internal error."""
    mlir = (
        "func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {\n"
        "  %0 = stablehlo.negate %a : tensor<2xf32>\n  return %0 : tensor<2xf32>\n}\n"
    )
    assert hlo_translate.stablehlo_to_hlo(mlir).entry.root.opcode == "negate"

    import hlo_translate.export.pipeline as pipeline

    def broken_export(*args, **kwargs):  # stands in for an exporter bug
        return parse_hlo_text(CASES["transpose-wrong"][0])

    monkeypatch.setattr(pipeline, "export_module", broken_export)
    with pytest.raises(InternalError, match="fails the verifier"):
        hlo_translate.stablehlo_to_hlo(mlir)


def test_violation_is_linear_walk_over_every_computation() -> None:
    """A broken instruction inside a called computation is found too."""
    broken_add = "add {\n  a = f32[] parameter(0)\n  b = f32[] parameter(1)\n  ROOT s = f32[2] add(a, b)\n}\n\n"
    text = entry("a = f32[] parameter(0)", "r = f32[2] call(a, a), to_apply=add", computations=broken_add)
    with pytest.raises(Violation) as info:
        verify_module(parse_hlo_text(text))
    assert info.value.op == "s"


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "hlo_translate.cli.main", *args], capture_output=True, text=True)


def test_cli_verify(tmp_path) -> None:  # pytest's tmp_path
    good, bad = tmp_path / "good.hlo", tmp_path / "bad.hlo"
    good.write_text(CASES["concatenate-ok"][0])
    bad.write_text(CASES["concatenate-wrong"][0])
    ok = _cli("verify", str(good))
    assert ok.returncode == 0 and ok.stdout.strip() == f"{good}: ok"
    failed = _cli("verify", str(bad))
    assert failed.returncode == 2
    assert failed.stderr.strip() == (
        f"{bad}:6:3: error: 'r': result shape f32[5,3] differs from the inferred f32[4,3] [shape]"
    )
    both = _cli("verify", "-q", str(tmp_path))
    assert both.returncode == 2 and both.stdout == ""
    assert both.stderr.strip().splitlines() == [failed.stderr.strip(), "1 of 2 modules valid"]


@pytest.mark.parametrize("word", ["TOTALORDER", "transpose", "FFT"])
def test_triangular_solve_unknown_transpose(word: str) -> None:
    """Another enum's word (a fuzzed mutation) as transpose_a: XLA's parser crashes on it (so it is not in
    verifier_cases, which test_verifier_xla hands to XLA); ours refuses it."""
    text = entry(
        "a = f32[2,2] parameter(0)",
        "b = f32[2,4] parameter(1)",
        f"r = f32[2,4] triangular-solve(a, b), left_side=true, lower=true, transpose_a={word}",
    )
    with pytest.raises(TranslateError, match=f"'r': unknown transpose_a '{word}'"):
        read_hlo(text)
