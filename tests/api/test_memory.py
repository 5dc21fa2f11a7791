"""Memory stays flat across many calls of every public function in one process.

One subprocess (a fresh interpreter, so other tests' caches do not count) warms each function up,
then runs it 1,000 times on a small module and reports the growth of its resident set size.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from tests.support.paths import REPO_ROOT

CALLS = 1000
LIMIT_BYTES_PER_CALL = 20 * 1024

_PROBE = r'''
import gc, json, os, sys
import hlo_translate as H

HLO = """HloModule m, entry_computation_layout={(f32[8]{0}, f32[8]{0})->f32[8]{0}}

ENTRY e {
  p0 = f32[8]{0} parameter(0), sharding={devices=[2]<=[2]}
  p1 = f32[8]{0} parameter(1), sharding={replicated}
  s = f32[8]{0} add(p0, p1), metadata={op_name="jit(f)/add" source_file="f.py" source_line=3}
  ROOT m = f32[8]{0} multiply(s, p1)
}
"""
MODULE = H.read_hlo(HLO)
MLIR = H.hlo_to_stablehlo(HLO)
SDY = H.import_shardings(MLIR)
CALLS, WARM_UP = int(sys.argv[1]), 100
FUNCTIONS = {
    "read_hlo": lambda: H.read_hlo(HLO),
    "write_hlo": lambda: [H.write_hlo(MODULE, fmt) for fmt in H.HloFormat],
    "hlo_to_stablehlo": lambda: H.hlo_to_stablehlo(HLO),
    "hlo_to_stablehlo(bytecode)": lambda: H.hlo_to_stablehlo(MODULE, emit="bytecode"),
    "stablehlo_to_hlo": lambda: H.stablehlo_to_hlo(MLIR),
    "import_shardings": lambda: H.import_shardings(MLIR),
    "export_shardings": lambda: H.export_shardings(SDY),
    "error path": lambda: _refused(MLIR.replace("stablehlo.add", "stablehlo.bogus")),
}


def _refused(text):
    try:
        H.stablehlo_to_hlo(text)
    except H.TranslateError:
        return
    raise AssertionError("expected a TranslateError")


def rss():
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


growth = {}
for name, fn in FUNCTIONS.items():
    for _ in range(WARM_UP):
        fn()
    gc.collect()
    before = rss()
    for _ in range(CALLS):
        fn()
    gc.collect()
    growth[name] = (rss() - before) / CALLS
print(json.dumps(growth))
'''


@pytest.fixture(scope="module")
def growth_per_call() -> dict[str, float]:
    result = subprocess.run([sys.executable, "-c", _PROBE, str(CALLS)], cwd=REPO_ROOT, capture_output=True,
                            text=True, timeout=600)
    assert result.returncode == 0, result.stderr[-3000:]
    return json.loads(result.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("function", ["read_hlo", "write_hlo", "hlo_to_stablehlo", "hlo_to_stablehlo(bytecode)",
                                      "stablehlo_to_hlo", "import_shardings", "export_shardings", "error path"])
def test_memory_is_flat(growth_per_call: dict[str, float], function: str) -> None:
    assert growth_per_call[function] <= LIMIT_BYTES_PER_CALL, (
        f"{function} keeps {growth_per_call[function] / 1024:.1f} KB per call (limit 20 KB); all: {growth_per_call}")
