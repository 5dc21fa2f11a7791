"""The command line: formats told by content, stdin/stdout, many files in one call, start-up cost."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

from tests.support.paths import REPO_ROOT as ROOT

MODULE = """HloModule m

ENTRY main {
  p = f32[4] parameter(0)
  c = f32[] constant(2.5)
  b = f32[4] broadcast(c), dimensions={}
  ROOT m = f32[4] multiply(p, b)
}
"""


def cli(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "hlo_translate.cli.main", *args], input=stdin, capture_output=True, cwd=ROOT
    )


def current_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def test_stdin_to_stdout_each_form() -> None:
    proto = cli("convert-hlo", "-", "--emit", "proto", stdin=MODULE.encode())
    assert proto.returncode == 0, proto.stderr
    proto_text = cli("convert-hlo", "-", "--emit", "proto-text", stdin=proto.stdout)
    assert proto_text.returncode == 0 and b'opcode: "multiply"' in proto_text.stdout
    back = cli("convert-hlo", "-", stdin=proto_text.stdout)
    assert back.returncode == 0, back.stderr
    assert b"multiply(p, b)" in back.stdout and b"constant(2.5)" in back.stdout


def test_format_is_told_by_content_not_extension(tmp_path: Path) -> None:
    misleading = tmp_path / "module.hlo"
    misleading.write_bytes(cli("convert-hlo", "-", "--emit", "proto", stdin=MODULE.encode()).stdout)
    result = cli("convert-hlo", str(misleading))
    assert result.returncode == 0 and b"multiply(p, b)" in result.stdout


def test_a_directory_converts_every_module(tmp_path: Path) -> None:
    source = tmp_path / "in"
    source.mkdir()
    for i in range(3):
        (source / f"m{i}.hlo").write_text(MODULE.replace("2.5", str(i)))
    (source / "broken.hlo").write_text(MODULE.replace("multiply(p, b)", "multiply(p, q)"))
    out = tmp_path / "out"
    result = cli("convert-hlo", str(source), "-o", str(out), "--emit", "proto")
    assert result.returncode == 2  # one file failed: reported, the others converted
    assert sorted(p.name for p in out.iterdir()) == ["m0.pb", "m1.pb", "m2.pb"]
    assert "broken.hlo:" in result.stderr.decode() and "undefined value 'q'" in result.stderr.decode()
    assert result.stderr.decode().splitlines()[-1] == "converted 3, skipped 0 that are not HLO, failed 1"
    assert (out / "m2.pb").stat().st_mode & 0o777 == 0o666 & ~current_umask()  # as any new file
    again = cli("convert-hlo", str(out / "m2.pb"))
    assert b"constant(2)" in again.stdout


def test_stablehlo_to_hlo_and_back(tmp_path: Path) -> None:
    mlir = tmp_path / "m.mlir"
    mlir.write_text(
        "func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
        "  %0 = stablehlo.negate %a : tensor<4xf32>\n  return %0 : tensor<4xf32>\n}\n"
    )
    hlo = cli("stablehlo-to-hlo", str(mlir))
    assert hlo.returncode == 0 and b"negate(" in hlo.stdout, hlo.stderr
    back = cli("hlo-to-stablehlo", "-", stdin=hlo.stdout)
    assert back.returncode == 0 and b"stablehlo.negate" in back.stdout, back.stderr


def test_unsupported_op_names_op_and_location(tmp_path: Path) -> None:
    mlir = tmp_path / "m.mlir"
    mlir.write_text(
        "func.func @main(%s: tensor<1xi64>) -> tensor<?xf32> {\n"
        "  %0 = stablehlo.dynamic_iota %s, dim = 0 : (tensor<1xi64>) -> tensor<?xf32>\n"
        "  return %0 : tensor<?xf32>\n}\n"
    )
    out = tmp_path / "out.hlo"
    result = cli("stablehlo-to-hlo", str(mlir), "-o", str(out))
    message = result.stderr.decode()
    assert result.returncode == 2 and message.count("\n") == 1, message
    assert message.startswith(f"{mlir}:2:") and "stablehlo.dynamic_iota" in message
    assert not out.exists()


def test_help_does_not_import_jax() -> None:
    code = (
        "import sys, time; t = time.time(); from cli.main import app\n"
        "try:\n    app(['--help'])\nexcept SystemExit:\n    pass\n"
        "assert 'jax' not in sys.modules and 'jaxlib' not in sys.modules, 'jax imported'\n"
        "assert 'google.protobuf' not in sys.modules, 'protobuf imported'\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, cwd=ROOT)
    assert result.returncode == 0, result.stderr.decode()


def test_convert_hlo_does_not_import_jax() -> None:
    code = (
        "import sys\nfrom cli.main import app\n"
        "try:\n    app(['convert-hlo', '-', '--emit', 'proto'])\nexcept SystemExit:\n    pass\n"
        "assert 'jax' not in sys.modules and 'jaxlib' not in sys.modules, 'jax imported'\n"
    )
    result = subprocess.run([sys.executable, "-c", code], input=MODULE.encode(), capture_output=True, cwd=ROOT)
    assert result.returncode == 0, result.stderr.decode()


def test_output_errors_are_one_line_and_write_nothing(tmp_path: Path) -> None:
    source = tmp_path / "m.hlo"
    source.write_text(MODULE)
    (tmp_path / "a_file").write_text("x")
    cases = {
        str(tmp_path): "-o names a directory",  # a directory for one input
        str(tmp_path / "missing" / "m.pb"): "does not exist (it is not created)",  # missing folder
        str(tmp_path / "a_file" / "m.pb"): "does not exist (it is not created)",  # folder is a file
    }
    for output, message in cases.items():
        result = cli("convert-hlo", str(source), "-o", output)
        lines = result.stderr.decode().splitlines()
        assert result.returncode == 2 and len(lines) == 1 and message in lines[0], (output, lines)
        assert lines[0].startswith(f"{output}: error: ")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a_file", "m.hlo"]
    many = cli("convert-hlo", str(source), str(source), "-o", str(tmp_path / "a_file"))
    assert many.returncode == 2 and "-o names a file, but several inputs need a directory" in many.stderr.decode()
    nowhere = cli("convert-hlo", str(tmp_path), "-o", str(tmp_path / "missing" / "out"))
    assert nowhere.returncode == 2 and "does not exist" in nowhere.stderr.decode()
    assert not (tmp_path / "missing").exists()


def test_a_write_that_fails_is_one_line(tmp_path: Path) -> None:
    source = tmp_path / "in"
    source.mkdir()
    (source / "m.hlo").write_text(MODULE)
    (tmp_path / "out" / "m.hlo").mkdir(parents=True)  # a directory in the way of the output: the rename fails
    result = cli("convert-hlo", str(source), "-o", str(tmp_path / "out"))
    lines = result.stderr.decode().splitlines()
    assert result.returncode == 2 and len(lines) == 2, lines
    assert lines[0].startswith(f"{tmp_path / 'out' / 'm.hlo'}: error: cannot write the output: ")
    assert [p.name for p in (tmp_path / "out").iterdir()] == ["m.hlo"]  # no temp file left behind


def on_a_terminal(*args: str, stdin: bytes) -> tuple[int, bytes, str]:
    """Run the CLI with stdout on a pseudo-terminal: exit status, what the terminal got, stderr."""
    leader, follower = pty.openpty()
    with subprocess.Popen(
        [sys.executable, "-m", "hlo_translate.cli.main", *args],
        stdin=subprocess.PIPE,
        stdout=follower,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    ) as process:
        os.close(follower)
        _, err = process.communicate(stdin)
    seen = b""
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the terminal is closed and drained
            break
        if not chunk:
            break
        seen += chunk
    os.close(leader)
    return process.returncode, seen, err.decode()


def test_binary_output_to_a_terminal_needs_an_explicit_dash() -> None:
    status, seen, err = on_a_terminal("convert-hlo", "-", "--emit", "proto", stdin=MODULE.encode())
    assert status == 2 and seen == b"" and "refusing to write binary output to a terminal" in err
    assert len(err.splitlines()) == 1
    status, seen, err = on_a_terminal("convert-hlo", "-", "--emit", "proto", "-o", "-", stdin=MODULE.encode())
    assert status == 0 and b"multiply" in seen, err
    status, seen, err = on_a_terminal("convert-hlo", "-", stdin=MODULE.encode())  # text is fine on a terminal
    assert status == 0 and b"multiply(p, b)" in seen, err


def test_emit_portable_artifact_for_a_version(tmp_path: Path) -> None:
    source = tmp_path / "m.hlo"
    source.write_text(MODULE)
    artifact = tmp_path / "m.vhlo"
    made = cli("hlo-to-stablehlo", str(source), "--emit", "portable", "--target-version", "1.0.0", "-o", str(artifact))
    assert made.returncode == 0, made.stderr
    assert artifact.read_bytes().startswith(b"ML\xefR\rStableHLO_v1.0.0\x00")
    back = cli("stablehlo-to-hlo", str(artifact))
    assert back.returncode == 0 and b"multiply(" in back.stdout, back.stderr
    refused = cli("hlo-to-stablehlo", str(source), "--emit", "portable", "--target-version", "9.0.0")
    assert refused.returncode == 2 and b"outside the versions" in refused.stderr


def test_a_reader_that_goes_away_ends_the_program_quietly(tmp_path: Path) -> None:
    """`hlo-translate hlo-to-stablehlo big.hlo | head -1`: no message, exit status 141 (128 + SIGPIPE)."""
    source = tmp_path / "big.hlo"  # its StableHLO (~800 KB) is far more than a pipe holds
    source.write_text(
        "HloModule big\nENTRY e {\n  ROOT c = f32[100000] constant({"
        + ",".join(str(i % 97) for i in range(100000))
        + "})\n}\n"
    )
    with subprocess.Popen(
        [sys.executable, "-m", "hlo_translate.cli.main", "hlo-to-stablehlo", str(source)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    ) as process:
        first = process.stdout.readline()
        process.stdout.close()
        err = process.stderr.read()
    assert first == b"module @big {\n"
    assert (process.returncode, err) == (141, b"")
