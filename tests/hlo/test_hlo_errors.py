"""Malformed HLO input: one clear line naming the place, exit status 2, no output file."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from hlo_translate import TranslateError, read_hlo
from tests.support.paths import REPO_ROOT

GOOD = """HloModule m

ENTRY main {
  p = f32[4] parameter(0)
  n = f32[4] negate(p)
  ROOT a = f32[4] add(p, n)
}
"""

CASES = {
    "empty": ("", "1:1", "the input is empty"),
    "not_hlo": ("hello world\n", "1:1", "expected an HLO module ('HloModule name ...'), a computation or one"),
    "truncated": (GOOD[: GOOD.index("ROOT") + 12], "6:", "expected"),
    "unclosed": (GOOD[: GOOD.rindex("}")], "3:", "not closed"),
    "unknown_opcode": (GOOD.replace("negate(p)", "frobnicate(p)"), "5:14", "unknown opcode 'frobnicate'"),
    "bad_shape": (GOOD.replace("f32[4] negate", "f32[4 negate"), "5:", "'n'"),
    "bad_element_type": (GOOD.replace("f32[4] negate", "q7[4] negate"), "5:", "unknown element type 'q7'"),
    "dangling_operand": (GOOD.replace("add(p, n)", "add(p, m)"), "6:", "undefined value 'm'"),
    "own_operand": (GOOD.replace("negate(p)", "negate(n)"), "5:", "undefined value 'n'"),
    "own_typed_operand": (GOOD.replace("negate(p)", "negate(f32[4] n)"), "5:", "undefined value 'n'"),
    "later_operand": (GOOD.replace("negate(p)", "negate(a)"), "5:", "undefined value 'a'"),
    "later_control_predecessor": (
        GOOD.replace("negate(p)", "negate(p), control-predecessors={a}"),
        "5:",
        "names 'a', which is not defined before 'n'",
    ),
    "duplicate_name": (
        GOOD.replace("n = f32[4] negate", "p = f32[4] negate").replace("add(p, n)", "add(p, p)"),
        "5:",
        "duplicate instruction name 'p'",
    ),
    "bad_attribute": (GOOD.replace("negate(p)", "negate(p), metadata={op_name=}"), "5:", "metadata"),
    "async_sugar_not_a_bundle": (
        GOOD.replace("n = f32[4] negate(p)", "n = f32[4] negate-start(p)").replace("add(p, n)", "add(p, p)"),
        "5:",
        "negate-start has shape f32[4]; an async start is ((operands...)",
    ),
    # XLA's parser looks a called computation up as it reads the call: "computation does not exist"
    "later_computation": (
        "HloModule m\n\nENTRY main {\n  p = f32[] parameter(0)\n  ROOT c = f32[] call(p), "
        "to_apply=f\n}\n\nf {\n  ROOT q = f32[] parameter(0)\n}\n",
        "5:",
        "'c': computation 'f' is not defined before the computation 'main' that calls it",
    ),
    "own_computation": (
        "HloModule m\n\nENTRY main {\n  p = f32[] parameter(0)\n  ROOT c = f32[] call(p), to_apply=main\n}\n",
        "5:",
        "computation 'main' is not defined before the computation 'main'",
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_library_error_names_the_place(name: str) -> None:
    text, where, what = CASES[name]
    with pytest.raises(TranslateError) as info:
        read_hlo(text)
    message = str(info.value)
    assert "\n" not in message
    assert where in message and what in message, message


def test_wrong_proto_bytes() -> None:
    with pytest.raises(TranslateError, match="not a valid HloModuleProto"):
        read_hlo(b"\x08\x96\x01\x12\x04\xff\xfe\x00\x01garbage\x00")


def _cli(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "hlo_translate.cli.main", *args], input=stdin, capture_output=True, cwd=REPO_ROOT
    )


@pytest.mark.parametrize("name", ["truncated", "unknown_opcode", "dangling_operand", "duplicate_name"])
def test_cli_one_line_exit_2_no_output(tmp_path: Path, name: str) -> None:
    text, where, what = CASES[name]
    source = tmp_path / "bad.hlo"
    source.write_text(text)
    target = tmp_path / "out.pb"
    result = _cli("convert-hlo", str(source), "-o", str(target), "--emit", "proto")
    assert result.returncode == 2
    lines = result.stderr.decode().strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr.decode()
    assert lines[0].startswith(f"{source}:{where}") and what in lines[0], lines[0]
    assert not target.exists() and list(tmp_path.iterdir()) == [source]


def test_cli_wrong_proto_bytes(tmp_path: Path) -> None:
    source = tmp_path / "bad.pb"
    source.write_bytes(b"\x08\x96\x01\x12\x04\xff\xfe\x00\x01garbage\x00")
    result = _cli("convert-hlo", str(source), "-o", str(tmp_path / "out.hlo"))
    assert result.returncode == 2
    assert result.stderr.decode().count("\n") == 1 and "not a valid HloModuleProto" in result.stderr.decode()
    assert not (tmp_path / "out.hlo").exists()
