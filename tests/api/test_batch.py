"""Batch mode: a directory XLA dumped, converted in one call (names, skips, collisions, workers, summary)."""

from __future__ import annotations

import fcntl
import os
import pty
import struct
import subprocess
import sys
import termios
from pathlib import Path

import pytest

from hlo_translate.cli.batch import output_name
from hlo_translate.cli.sniff import is_hlo, is_stablehlo
from tests.support.paths import REPO_ROOT as ROOT

# Two small jitted programs; jax also compiles a few tiny modules of its own (ones, sum).
PROGRAM = """
import jax, jax.numpy as jnp
f = jax.jit(lambda x, y: jnp.tanh(x @ y) + 1.0)
g = jax.jit(lambda x: jnp.cumsum(x * 2.0, axis=0).max(axis=1))
print(f(jnp.ones((4, 8)), jnp.ones((8, 2))).sum(), g(jnp.arange(12.0).reshape(3, 4)))
"""

HLO_TEXT = """HloModule extra

ENTRY main {
  p = f32[4] parameter(0)
  ROOT n = f32[4] negate(p)
}
"""

# Files a dump directory holds next to the modules, plus two of ours that are not HLO either.
NOT_HLO = ("buffer-assignment.txt", "debug_options", ".o", "memory-usage-report.pb", "live-range.txt")


@pytest.fixture(scope="module")
def dump(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A directory written by XLA's dump flags (text and proto of every module), plus stray files."""
    directory = tmp_path_factory.mktemp("dump") / "xla_dump"
    env = dict(
        os.environ,
        XLA_FLAGS=f"--xla_dump_to={directory} --xla_dump_hlo_as_text --xla_dump_hlo_as_proto",
        JAX_PLATFORMS="cpu",
    )
    subprocess.run([sys.executable, "-c", PROGRAM], env=env, check=True, capture_output=True)
    (directory / "README.md").write_text("# notes on this dump\n")
    (directory / "weights.bin").write_bytes(bytes(range(256)) * 4)
    (directory / "extra").mkdir()
    (directory / "extra" / "negate.hlo").write_text(HLO_TEXT)
    return directory


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "hlo_translate.cli.main", *args], capture_output=True, text=True, cwd=ROOT
    )


def files(directory: Path) -> dict[str, bytes]:
    return {p.relative_to(directory).as_posix(): p.read_bytes() for p in sorted(directory.rglob("*")) if p.is_file()}


def modules(dump: Path, ending: str) -> list[str]:
    return sorted(
        name
        for name in files(dump)
        if name.endswith(ending)
        and "memory-usage" not in name
        and "buffer-assignment" not in name
        and "live-range" not in name
    )


def test_output_names_replace_only_the_final_format_extension() -> None:
    assert (
        output_name("module_0001.jit_f.before_optimizations.txt", ".mlir")
        == "module_0001.jit_f.before_optimizations.mlir"
    )
    assert (
        output_name("module_0001.jit_f.cpu_after_optimizations.hlo.pb", ".mlir")
        == "module_0001.jit_f.cpu_after_optimizations.mlir"
    )
    assert output_name("m.pb", ".hlo") == "m.hlo"
    assert output_name("m.debug_options", ".hlo") == "m.debug_options.hlo"  # not a format extension
    assert output_name(".pb", ".hlo") == ".pb.hlo"


def wrapped(field_one: bytes) -> bytes:
    """A message whose field 1 holds `field_one` (HloProto.hlo_module, HloSnapshot.hlo)."""
    size, length = len(field_one), b""
    while True:
        length += bytes([(size & 0x7F) | (0x80 if size > 0x7F else 0)])
        size >>= 7
        if not size:
            return b"\x0a" + length + field_one


def test_content_tells_modules_from_other_files() -> None:
    from jaxlib import _hlo

    module = _hlo.hlo_module_from_text(HLO_TEXT).as_serialized_hlo_module_proto()  # XLA's own proto
    for data in (
        HLO_TEXT.encode(),
        b"// a comment\n/* another */ " + HLO_TEXT.encode(),
        module,
        wrapped(module),
        wrapped(wrapped(module)),
        b'name: "m"\nentry_computation_name: "e"\ncomputations {\n  name: "e"\n}\n',
    ):
        assert is_hlo(data) and not is_stablehlo(data), data[:40]
    mlir = b'#loc1 = loc("x")\nmodule @jit_f {\n  func.func public @main() {\n    return\n  }\n}\n'
    for data in (mlir, b"// c\nfunc.func @main() {\n  return\n}\n", b"ML\xefR\x00\x01rest"):
        assert is_stablehlo(data) and not is_hlo(data), data[:40]
    others = (
        b"",
        b"BufferAssignment:\nallocation 0: size 64\n",
        b"; ModuleID = 'm'\ndefine void @f() {\n}\n",
        b'xla_dump_to: "d"\nxla_dump_hlo_as_text: true\n',
        b"\x7fELF\x02\x01\x01" + bytes(64),
        wrapped(b"not a module"),
        module[: len(module) // 2],
        b"HloModuleX",
        b"# notes\nmodule m is a module\n",
    )
    for data in others:
        assert not is_hlo(data) and not is_stablehlo(data), data[:40]


def test_the_dump_holds_what_xla_writes(dump: Path) -> None:
    names = files(dump)
    assert len(modules(dump, ".hlo.pb")) >= 4 and len(modules(dump, ".txt")) == len(modules(dump, ".hlo.pb"))
    for kind in NOT_HLO:
        assert any(name.endswith(kind) for name in names), kind


def test_a_dump_directory_converts_in_one_call(dump: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = cli("hlo-to-stablehlo", str(dump), "-o", str(out), "--exclude", "*.txt", "-j", "2")
    assert result.returncode == 0, result.stderr
    expected = [name.removesuffix(".hlo.pb") + ".mlir" for name in modules(dump, ".hlo.pb")] + ["extra/negate.mlir"]
    assert sorted(files(out)) == sorted(expected)
    from jax._src.interpreters.mlir import make_ir_context
    from jaxlib.mlir import ir

    with make_ir_context():  # each output is a module MLIR's own parser and verifier accept
        assert all(ir.Module.parse(text).operation.verify() for text in files(out).values())
    total, excluded = len(files(dump)), sum(name.endswith(".txt") for name in files(dump))
    assert result.stderr.splitlines() == [
        f"converted {len(expected)}, skipped {total - excluded - len(expected)} that are not HLO, "
        f"excluded {excluded}, failed 0"
    ]
    # and back: every file we wrote is StableHLO to the other verb, names mirrored again
    back = cli("stablehlo-to-hlo", str(out), "-o", str(tmp_path / "back"))
    assert back.returncode == 0, back.stderr
    assert sorted(files(tmp_path / "back")) == sorted(name.removesuffix(".mlir") + ".hlo" for name in expected)


def test_subdirectories_are_mirrored_and_other_files_skipped(dump: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = cli("stablehlo-to-hlo", str(dump), "-o", str(out))  # XLA keeps each module.mlir in a subfolder
    assert result.returncode == 0, result.stderr
    sources = modules(dump, "/module.mlir")
    assert len(sources) >= 4 and sorted(files(out)) == [name.replace(".mlir", ".hlo") for name in sources]
    assert (
        result.stderr.strip()
        == f"converted {len(sources)}, skipped {len(files(dump)) - len(sources)} that are not StableHLO, failed 0"
    )


def test_a_collision_is_refused_before_any_write(dump: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = cli("convert-hlo", str(dump), "-o", str(out), "--emit", "proto")  # x.txt and x.hlo.pb -> x.pb
    assert result.returncode == 2 and len(result.stderr.splitlines()) == 1, result.stderr
    pairs = [name for name in modules(dump, ".hlo.pb") if name.removesuffix(".hlo.pb") + ".txt" in files(dump)]
    first = dump / pairs[0].removesuffix(".hlo.pb")
    assert result.stderr == (
        f"{first}.txt: error: {first}.hlo.pb and {first}.txt would both write {out / first.name}.pb "
        f"(1 of {len(pairs)} collisions); nothing was written; a dump written with --xla_dump_hlo_as_text and "
        "--xla_dump_hlo_as_proto holds each module twice: --exclude '*.txt' keeps the protos, which hold the "
        "full constants (text dumps may elide them)\n"
    )
    assert len(pairs) > 1 and not out.exists()
    out.mkdir()
    (out / "kept.pb").write_bytes(b"old")
    assert cli("convert-hlo", str(dump), "-o", str(out)).returncode == 2
    assert files(out) == {"kept.pb": b"old"}


def test_a_collision_that_is_no_dump_pair_gets_the_general_advice(tmp_path: Path) -> None:
    (tmp_path / "in").mkdir()
    for name in ("a.hlo", "a.txt", "b.hlo"):
        (tmp_path / "in" / name).write_text(HLO_TEXT)
    result = cli("convert-hlo", str(tmp_path / "in"), "-o", str(tmp_path / "out"))
    assert result.returncode == 2 and result.stderr.endswith(
        "would both write " + str(tmp_path / "out" / "a.hlo") + " (the only collision); nothing was written; "
        "leave one of each pair out with --exclude GLOB\n"
    ), result.stderr
    assert not (tmp_path / "out").exists()


def test_an_output_that_would_replace_its_input_is_refused(tmp_path: Path) -> None:
    (tmp_path / "a.hlo").write_text(HLO_TEXT)
    result = cli("convert-hlo", str(tmp_path), "-o", str(tmp_path))
    assert result.returncode == 2 and "would replace the input" in result.stderr
    assert files(tmp_path) == {"a.hlo": HLO_TEXT.encode()}


def test_an_output_directory_inside_the_input_is_not_read_again(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text(HLO_TEXT)
    for _ in range(2):
        result = cli("convert-hlo", str(tmp_path), "-o", str(tmp_path / "out"))
        assert result.returncode == 0 and result.stderr == "converted 1, skipped 0 that are not HLO, failed 0\n"
    assert sorted(files(tmp_path)) == ["a.txt", "out/a.hlo"]


def test_two_workers_write_what_one_writes(dump: Path, tmp_path: Path) -> None:
    runs = []
    for jobs in ("1", "2"):
        out = tmp_path / f"j{jobs}"
        result = cli("convert-hlo", str(dump), "-o", str(out), "--emit", "proto", "--exclude", "*.hlo.pb", "-j", jobs)
        assert result.returncode == 0, result.stderr
        runs.append(files(out))
    assert runs[0] == runs[1] and len(runs[0]) == len(modules(dump, ".txt")) + 1


def test_summary_counts_failures_and_the_batch_goes_on(dump: Path, tmp_path: Path) -> None:
    source = tmp_path / "in"
    source.mkdir()
    for name in modules(dump, ".hlo.pb")[:3]:
        (source / Path(name).name).write_bytes((dump / name).read_bytes())
    (source / "broken.hlo").write_text(HLO_TEXT.replace("negate(p)", "negate(q)"))
    (source / "notes.txt").write_text("not a module\n")
    os.mkfifo(source / "pipe")  # skipped without being opened (an open would wait for a writer)
    out = tmp_path / "out"
    result = cli("hlo-to-stablehlo", str(source), "-o", str(out))
    assert result.returncode == 2
    lines = result.stderr.splitlines()
    assert len(lines) == 2 and lines[0].startswith(f"{source / 'broken.hlo'}:") and "'q'" in lines[0]
    assert lines[1] == "converted 3, skipped 2 that are not HLO, failed 1"
    assert len(files(out)) == 3
    strict = cli("hlo-to-stablehlo", str(source), "-o", str(tmp_path / "strict"), "--strict")
    assert strict.returncode == 2
    assert f"{source / 'notes.txt'}: error: not an HLO module (--strict)" in strict.stderr.splitlines()
    assert strict.stderr.splitlines()[-1] == "converted 3, skipped 0 that are not HLO, failed 3"


WORKER_DIES = r"""
import os, signal, sys
from pathlib import Path
from hlo_translate.cli import batch
from hlo_translate.cli.common import write_output
from hlo_translate.cli.sniff import InputKind

def convert(data: bytes) -> bytes:  # stands for a crash inside jaxlib's C++ on one input
    if b"abort" in data:
        os.write(2, b"warming up\nLLVM ERROR: Invalid value.\n")
        os.abort()
    os.write(2, b"a warning nobody needs to see\n")
    if b"kill" in data:
        os.kill(os.getpid(), signal.SIGKILL)
    return data.upper()

conversion = batch.Conversion(InputKind.HLO, convert, ".out")
plan = batch.plan([sys.argv[1]], Path(sys.argv[2]), conversion)
sys.exit(batch.run(plan, conversion, 2, False, lambda target, data: write_output(target, data, make_parents=True)))
"""


def test_a_worker_that_dies_costs_its_input_only(tmp_path: Path) -> None:
    source = tmp_path / "in"
    source.mkdir()
    for i in range(8):
        (source / f"m{i}.hlo").write_text(f"HloModule m{i}\n")
    (source / "m2.hlo").write_text("HloModule m2 abort\n")
    (source / "m5.hlo").write_text("HloModule m5 kill\n")
    result = subprocess.run(
        [sys.executable, "-c", WORKER_DIES, str(source), str(tmp_path / "out")],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert result.returncode == 1, result.stderr
    assert files(tmp_path / "out") == {f"m{i}.out": f"HLOMODULE M{i}\n".encode() for i in (0, 1, 3, 4, 6, 7)}
    lines = result.stderr.splitlines()
    assert (
        f"{source / 'm2.hlo'}: internal error: the worker converting this file died (signal SIGABRT): "
        "LLVM ERROR: Invalid value. (a bug in hlo-translate; please report it with the input)" in lines
    )
    assert any(
        line.startswith(
            f"{source / 'm5.hlo'}: internal error: the worker converting this file died "
            "(signal SIGKILL): a warning nobody needs to see (a bug"
        )
        for line in lines
    )
    assert result.stderr.count("warning") == 1  # what a worker writes shows only when it dies
    assert lines[-1] == "converted 6, skipped 0 that are not HLO, failed 2 (2 internal errors)"


def test_errors_print_above_the_progress_bar(tmp_path: Path) -> None:
    source = tmp_path / "in"
    source.mkdir()
    for i in range(4):
        (source / f"m{i}.hlo").write_text(HLO_TEXT)
    (source / "bad.hlo").write_text(HLO_TEXT.replace("negate(p)", "negate(q)"))
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))  # a terminal 100 wide
    with subprocess.Popen(
        [
            sys.executable,
            "-m",
            "hlo_translate.cli.main",
            "convert-hlo",
            str(source),
            "-o",
            str(tmp_path / "out"),
            "-j",
            "2",
        ],
        stdout=subprocess.DEVNULL,
        stderr=follower,
        cwd=ROOT,
    ) as process:
        os.close(follower)
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
    assert process.returncode == 2
    screen = seen.decode()
    assert "converting:" in screen and "file/s]" in screen  # the bar was there
    # each line, as the terminal shows it (what follows the last carriage return), is whole
    lines = [line.rsplit("\r", 1)[-1] for line in screen.split("\r\n") if line]
    assert lines[0].startswith(f"{source / 'bad.hlo'}:") and lines[0].endswith("use of undefined value 'q'")
    assert lines[1:] == ["converted 4, skipped 0 that are not HLO, failed 1"]


def test_a_closed_stderr_pipe_ends_the_batch_quietly(tmp_path: Path) -> None:
    """Error lines for a reader that went away (`2>&1 | head -1`): exit status 141, not an internal error."""
    source = tmp_path / "in"
    source.mkdir()
    for i in range(3):
        (source / f"bad{i}.hlo").write_text(HLO_TEXT.replace("negate(p)", "negate(q)"))
    read_end, write_end = os.pipe()
    os.close(read_end)  # gone before the first error line
    try:
        result = subprocess.run(
            [
                sys.executable,
                "-m",
                "hlo_translate.cli.main",
                "convert-hlo",
                str(source),
                "-o",
                str(tmp_path / "out"),
                "-j",
                "2",
            ],
            stdout=subprocess.PIPE,
            stderr=write_end,
            cwd=ROOT,
        )
    finally:
        os.close(write_end)
    assert (result.returncode, result.stdout) == (141, b"")
