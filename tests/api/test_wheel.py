"""The package as users install it: a wheel in a fresh virtual environment, used from another directory.

One wheel is built from this checkout and installed into a new venv outside the repository (with
proto-plus, whose top-level package is `proto`, installed first); every check then runs from an empty
directory, so nothing of the source tree can leak in at run time.
"""

from __future__ import annotations

import os
import subprocess
import sys
import venv
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.support.paths import REPO_ROOT as ROOT

MLIR = """func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.negate %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}
"""


@dataclass(frozen=True)
class Installed:
    wheel: Path
    python: Path
    script: Path
    workdir: Path

    def run(self, *args: str, stdin: bytes | None = None, timeout: int = 600) -> subprocess.CompletedProcess:
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
        return subprocess.run(args, cwd=self.workdir, input=stdin, capture_output=True, timeout=timeout, env=env)

    def cli(self, *args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess:
        return self.run(str(self.script), *args, stdin=stdin)

    def python_code(self, code: str) -> subprocess.CompletedProcess:
        return self.run(str(self.python), "-c", code)


def _pip(python: Path, *args: str, cwd: Path) -> None:
    result = subprocess.run(
        [str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert result.returncode == 0, result.stderr[-3000:]


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    dist = tmp_path_factory.mktemp("dist")
    built = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "-q",
            "--no-deps",
            "--disable-pip-version-check",
            "-w",
            str(dist),
            str(ROOT),
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert built.returncode == 0, built.stderr[-3000:]
    (wheel,) = dist.glob("hlo_translate-*.whl")
    env_dir = tmp_path_factory.mktemp("venv")
    venv.EnvBuilder(with_pip=True, clear=True).create(env_dir)
    python = env_dir / "bin" / "python"
    workdir = tmp_path_factory.mktemp("elsewhere")
    _pip(python, "proto-plus", cwd=workdir)
    _pip(python, str(wheel), cwd=workdir)
    return Installed(wheel, python, env_dir / "bin" / "hlo-translate", workdir)


def test_the_wheel_holds_one_top_level_package(installed: Installed) -> None:
    with zipfile.ZipFile(installed.wheel) as wheel:
        names = wheel.namelist()
    top = {name.split("/")[0] for name in names if not name.split("/")[0].endswith((".dist-info", ".data"))}
    assert top == {"hlo_translate"}
    assert "hlo_translate/py.typed" in names
    assert "hlo_translate/golden/export/elementwise.mlir" in names
    assert any(name.endswith(".dist-info/licenses/LICENSE") for name in names)
    metadata = next(name for name in names if name.endswith(".dist-info/METADATA"))
    with zipfile.ZipFile(installed.wheel) as wheel:
        assert "License-Expression: Apache-2.0" in wheel.read(metadata).decode()


def test_imports_come_from_the_installed_package(installed: Installed) -> None:
    result = installed.python_code(
        "import hlo_translate, hlo_translate.proto.hlo_pb2 as p, hlo_translate.cli.main as c, sys\n"
        "paths = [hlo_translate.__file__, p.__file__, c.__file__]\n"
        "assert all('site-packages' in x for x in paths), paths\n"
        "import importlib.util\n"
        "assert all(importlib.util.find_spec(n) is None for n in ('translate', 'cli')), 'source tree leaked'\n"
        "print('ok')"
    )
    assert result.returncode == 0 and result.stdout.strip() == b"ok", result.stderr.decode()[-2000:]


def test_proto_plus_keeps_working_next_to_us(installed: Installed) -> None:
    result = installed.python_code(
        "import proto, hlo_translate.proto.hlo_pb2\n"
        "class M(proto.Message):\n    x = proto.Field(proto.INT32, number=1)\n"
        "assert M(x=3).x == 3\nprint('ok')"
    )
    assert result.returncode == 0 and b"ok" in result.stdout, result.stderr.decode()[-2000:]


def test_help_of_every_command(installed: Installed) -> None:
    top = installed.cli("--help")
    assert top.returncode == 0, top.stderr.decode()[-2000:]
    listing = top.stdout.decode().split("Commands:")[1].split("\n\n")[0]
    commands = [
        line.split()[0] for line in listing.splitlines() if line.startswith("  ") and not line.startswith("   ")
    ]
    assert {"convert-hlo", "stablehlo-to-hlo", "hlo-to-stablehlo", "run", "demo"} <= set(commands)
    for command in commands:
        result = installed.cli(command, "--help")
        assert result.returncode == 0 and b"Usage:" in result.stdout, (command, result.stderr.decode()[-2000:])
    version = installed.cli("--version")
    assert version.returncode == 0 and b"hlo-translate 0." in version.stdout and b"jaxlib" in version.stdout


def test_one_conversion_each_way(installed: Installed) -> None:
    (installed.workdir / "m.mlir").write_text(MLIR)
    hlo = installed.cli("stablehlo-to-hlo", "m.mlir", "-o", "m.hlo")
    assert hlo.returncode == 0, hlo.stderr.decode()
    assert "negate(" in (installed.workdir / "m.hlo").read_text()
    back = installed.cli("hlo-to-stablehlo", "m.hlo")
    assert back.returncode == 0 and b"stablehlo.negate" in back.stdout, back.stderr.decode()


def test_demo_runs_on_the_bundled_examples(installed: Installed) -> None:
    result = installed.cli("demo")
    out = result.stdout.decode()
    assert result.returncode == 0, (out[-3000:], result.stderr.decode()[-2000:])
    assert "examples translated correctly" in out and "FAILED" not in out


def test_uninstall_leaves_proto_plus_whole(installed: Installed) -> None:
    removed = installed.run(str(installed.python), "-m", "pip", "uninstall", "-y", "-q", "hlo-translate")
    assert removed.returncode == 0, removed.stderr.decode()
    result = installed.python_code("import proto; assert proto.Message and proto.Field; print('ok')")
    assert result.returncode == 0 and b"ok" in result.stdout, result.stderr.decode()[-2000:]
    # and it can come back on top of proto-plus
    _pip(installed.python, str(installed.wheel), cwd=installed.workdir)
    again = installed.python_code("import proto, hlo_translate; assert proto.Message; print('ok')")
    assert again.returncode == 0 and b"ok" in again.stdout, again.stderr.decode()[-2000:]
