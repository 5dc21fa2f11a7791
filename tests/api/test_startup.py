"""What a command imports: start-up is most of the cost of a small module, so each verb loads only what it
runs. Each case runs the command line in a fresh interpreter and reads its `sys.modules` afterwards (the
time itself is `make bench`'s: `python -m bench.startup`).

- `convert-hlo` (HLO text <-> proto) of a module without constants or shardings: no jax, jaxlib, numpy or
  ml_dtypes (our parser, printer and protobuf only); printing reads no parser, writing no proto reader.
- `hlo-to-stablehlo` / `stablehlo-to-hlo`: jaxlib's MLIR bindings but not jax, not the execution and
  validation code, not the other direction's converter; without CHLO ops or Shardy meshes, neither the
  CHLO rules nor Shardy's round-trip code.
- The lazy package facades (`hlo_translate.lazy`) still export every name they list.
"""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.paths import REPO_ROOT as ROOT

MODULE = """HloModule m, entry_computation_layout={(f32[2]{0})->f32[2]{0}}

ENTRY main {
  p = f32[2]{0} parameter(0)
  ROOT n = f32[2]{0} negate(p)
}
"""
STABLEHLO = """module @m {
  func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32> {
    %0 = stablehlo.negate %arg0 : tensor<2xf32>
    return %0 : tensor<2xf32>
  }
}
"""

# Runs the console script's main() in this interpreter, then prints its status and every module loaded.
_RUN = """
import json, sys
sys.argv = ["hlo-translate", *json.loads(sys.argv[1])]
from hlo_translate.cli.main import main
try:
    main()
    status = 0
except SystemExit as exit:
    status = exit.code
print(json.dumps({"status": status, "modules": sorted(sys.modules)}))
"""


def loaded(*args: str) -> set[str]:
    """The modules a fresh interpreter has loaded after running `hlo-translate ARGS` (which must succeed)."""
    result = subprocess.run(
        [sys.executable, "-c", _RUN, json.dumps(args)], capture_output=True, text=True, cwd=ROOT, timeout=300
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["status"] == 0, result.stderr
    return set(report["modules"])


def packages(modules: set[str], *names: str) -> list[str]:
    """The members of `modules` that are one of `names` or inside one of them."""
    return sorted(m for m in modules if any(m == n or m.startswith(n + ".") for n in names))


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("startup")
    files = {"hlo": folder / "m.hlo", "mlir": folder / "m.mlir", "pb": folder / "m.pb", "out": folder / "out"}
    files["hlo"].write_text(MODULE)
    files["mlir"].write_text(STABLEHLO)
    files["out"].mkdir()
    made = subprocess.run(
        [sys.executable, "-m", "hlo_translate.cli.main", "convert-hlo", str(files["hlo"]), "--emit", "proto"]
        + ["-o", str(files["pb"])],
        capture_output=True,
        cwd=ROOT,
    )
    assert made.returncode == 0, made.stderr
    return files


NO_NUMERICS = ("jax", "jaxlib", "numpy", "ml_dtypes")


@pytest.mark.parametrize("emit", ["proto", "proto-text", "text"])
def test_convert_hlo_from_text_imports_no_jax_nor_numpy(inputs: dict[str, Path], emit: str) -> None:
    modules = loaded("convert-hlo", str(inputs["hlo"]), "--emit", emit, "-o", str(inputs["out"] / f"a.{emit}"))
    assert packages(modules, *NO_NUMERICS) == []
    assert packages(modules, "multiprocessing", "hlo_translate.hlo.proto.reader") == []  # one file; no reading


def test_convert_hlo_from_proto_imports_no_jax_nor_numpy(inputs: dict[str, Path]) -> None:
    modules = loaded("convert-hlo", str(inputs["pb"]), "-o", str(inputs["out"] / "b.hlo"))
    assert packages(modules, *NO_NUMERICS) == []
    assert packages(modules, "hlo_translate.hlo.text.parser", "hlo_translate.hlo.proto.writer") == []


def test_hlo_to_stablehlo_imports_no_jax(inputs: dict[str, Path]) -> None:
    modules = loaded("hlo-to-stablehlo", str(inputs["hlo"]), "-o", str(inputs["out"] / "c.mlir"))
    assert "jaxlib.mlir.ir" in modules  # the check below reads the right process
    assert packages(modules, "jax", "hlo_translate.execution", "hlo_translate.jax") == []
    assert packages(modules, "hlo_translate.export", "hlo_translate.chlo", "google.protobuf") == []
    assert packages(modules, "hlo_translate.shardy.round_trip") == []  # a module without Shardy meshes


def test_stablehlo_to_hlo_imports_no_jax(inputs: dict[str, Path]) -> None:
    modules = loaded("stablehlo-to-hlo", str(inputs["mlir"]), "-o", str(inputs["out"] / "d.hlo"))
    assert "jaxlib.mlir.ir" in modules
    assert packages(modules, "jax", "hlo_translate.execution", "hlo_translate.jax") == []
    assert packages(modules, "hlo_translate.import_", "multiprocessing") == []
    assert packages(modules, "hlo_translate.chlo.special", "hlo_translate.shardy.round_trip") == []  # no chlo, no sdy


LAZY_FACADES = ["hlo_translate.hlo.literal", "hlo_translate.hlo.proto", "hlo_translate.hlo.sharding"]
LAZY_FACADES += ["hlo_translate.hlo.text", "hlo_translate.chlo"]


@pytest.mark.parametrize("name", LAZY_FACADES)
def test_a_lazy_facade_exports_every_name_it_lists(name: str) -> None:
    package = importlib.import_module(name)
    for export in package.__all__:
        value = getattr(package, export)
        assert getattr(value, "__name__", export) == export or not callable(value), (name, export)
        assert export in dir(package)
    with pytest.raises(AttributeError, match="no attribute 'not_a_name'"):
        package.not_a_name  # noqa: B018  (the attribute read is the test)
