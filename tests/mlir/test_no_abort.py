"""Issue 13 section 4: no HLO input, however malformed, aborts the process.

jaxlib's StableHLO attribute builders abort the whole interpreter (`LLVM ERROR: Invalid value`,
exit 134) on an enum word they do not know; each input below reached one of them before (the dot
algorithm an "internal error" from MLIR's attribute parser instead). Each runs
in its own `hlo-translate hlo-to-stablehlo` process, so an abort fails the test instead of killing
pytest: the process must exit 2 with one line naming the instruction, or succeed where the input is
valid HLO.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from hlo_translate.hlo.proto import module_to_proto
from hlo_translate.hlo.text import parse_hlo_text

CLI = [sys.executable, "-c", "from hlo_translate.cli.main import main; main()"]


def _module(body: str) -> str:
    return f"HloModule m\nENTRY e {{\n{body}\n}}\n"


BAD_TEXT = {
    "fft_type": ("f", _module("  a = c64[4] parameter(0)\n  ROOT f = c64[4] fft(a), fft_type=BOGUS, fft_length={4}")),
    "comparison_type": (
        "c",
        _module("  a = f32[4] parameter(0)\n  ROOT c = pred[4] compare(a, a), direction=LT, type=PARTIALORDER"),
    ),
    "comparison_order": (
        "c",
        _module("  a = f32[4] parameter(0)\n  ROOT c = pred[4] compare(a, a), direction=LT, order=SIDEWAYS"),
    ),
    "comparison_direction": ("c", _module("  a = f32[4] parameter(0)\n  ROOT c = pred[4] compare(a, a), direction=XY")),
    "precision": (
        "d",
        _module(
            "  a = f32[2,2] parameter(0)\n  ROOT d = f32[2,2] dot(a, a), lhs_contracting_dims={1}, "
            "rhs_contracting_dims={0}, operand_precision={bogus,default}"
        ),
    ),
    "rng_distribution": ("r", _module("  a = f32[] parameter(0)\n  ROOT r = f32[4] rng(a, a), distribution=rng_bogus")),
    "rng_algorithm": (
        "r",
        _module("  s = u64[2] parameter(0)\n  ROOT r = (u64[2], u32[4]) rng-bit-generator(s), algorithm=rng_bogus"),
    ),
    "transpose_a": (
        "t",
        _module(
            "  a = f32[2,2] parameter(0)\n  ROOT t = f32[2,2] triangular-solve(a, a), "
            "left_side=true, lower=true, transpose_a=SIDEWAYS"
        ),
    ),
    "dot_algorithm": (
        "d",
        _module(
            "  a = f32[2,2] parameter(0)\n  ROOT d = f32[2,2] dot(a, a), lhs_contracting_dims={1}, "
            "rhs_contracting_dims={0}, algorithm=dot_q9_q9_q9"
        ),
    ),
}


def _run(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run([*CLI, "hlo-to-stablehlo", str(path)], capture_output=True, text=True, timeout=120)


def _assert_one_line_error(result: subprocess.CompletedProcess, name: str) -> None:
    assert result.returncode == 2, f"exit {result.returncode}: {result.stderr[-500:]}"
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and f"'{name}'" in lines[0] and "error:" in lines[0], result.stderr


@pytest.mark.parametrize("case", sorted(BAD_TEXT))
def test_bad_enum_word_in_text_is_one_line_error(case: str, tmp_path: Path) -> None:
    name, text = BAD_TEXT[case]
    path = tmp_path / f"{case}.hlo"
    path.write_text(text)
    _assert_one_line_error(_run(path), name)


def _compare_proto(element_type: str, **fields: str) -> bytes:
    module = parse_hlo_text(
        _module(f"  a = {element_type}[4] parameter(0)\n  ROOT c = pred[4] compare(a, a), direction=LT")
    )
    proto = module_to_proto(module)
    compare = next(i for i in proto.computations[0].instructions if i.opcode == "compare")
    for field, value in fields.items():
        setattr(compare, field, value)
    return proto.SerializeToString()


@pytest.mark.parametrize(
    "element_type,order", [("f32", "PARTIAL"), ("s32", "PARTIAL"), ("s32", "TOTAL"), ("f32", "TOTAL"), ("pred", "")]
)
def test_proto_comparison_order_as_dumps_write_it_imports(element_type: str, order: str, tmp_path: Path) -> None:
    """XLA's `.hlo.pb` dumps leave `comparison_type` empty and always set `comparison_order` (this aborted)."""
    path = tmp_path / "compare.pb"
    path.write_bytes(_compare_proto(element_type, comparison_type="", comparison_order=order))
    result = _run(path)
    assert result.returncode == 0, result.stderr[-500:]
    # a total-order float comparison says so; every other one is the element type's default (no type)
    total_float = (element_type, order) == ("f32", "TOTAL")
    assert ("%arg0, %arg0, TOTALORDER :" in result.stdout) == total_float, result.stdout
    assert total_float or "%arg0, %arg0 :" in result.stdout, result.stdout


@pytest.mark.parametrize(
    "fields",
    [
        {"comparison_type": "PARTIALORDER", "comparison_order": ""},
        {"comparison_order": "SIDEWAYS"},
        {"comparison_direction": "XY"},
    ],
    ids=["type", "order", "direction"],
)
def test_bad_comparison_fields_in_proto_are_one_line_errors(fields: dict[str, str], tmp_path: Path) -> None:
    path = tmp_path / "compare.pb"
    path.write_bytes(_compare_proto("f32", **fields))
    _assert_one_line_error(_run(path), "c")
