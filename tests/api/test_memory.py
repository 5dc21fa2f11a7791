"""Memory stays flat across many calls of every public function in one process.

One subprocess (a fresh interpreter, so other tests' caches do not count) warms each function up,
then runs it 1,000 times on a small module and reports the growth of its resident set size.
"""

from __future__ import annotations

import json
import os
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
    result = subprocess.run(
        [sys.executable, "-c", _PROBE, str(CALLS)], cwd=REPO_ROOT, capture_output=True, text=True, timeout=600
    )
    assert result.returncode == 0, result.stderr[-3000:]
    return json.loads(result.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize(
    "function",
    [
        "read_hlo",
        "write_hlo",
        "hlo_to_stablehlo",
        "hlo_to_stablehlo(bytecode)",
        "stablehlo_to_hlo",
        "import_shardings",
        "export_shardings",
        "error path",
    ],
)
def test_memory_is_flat(growth_per_call: dict[str, float], function: str) -> None:
    assert growth_per_call[function] <= LIMIT_BYTES_PER_CALL, (
        f"{function} keeps {growth_per_call[function] / 1024:.1f} KB per call (limit 20 KB); all: {growth_per_call}"
    )


# The first calls: a module with regions (reduce, while, sort: the exporter walks their captures), lowered by JAX
# in a fresh process; RSS added by the first FIRST_CALLS calls, then per call over the next AFTER_CALLS.
FIRST_CALLS, AFTER_CALLS = 300, 200
FIRST_CALLS_LIMIT_BYTES = 64 * 2**20

_FIRST_CALLS_PROBE = r"""
import gc, json, os, sys
import jax, jax.numpy as jnp
import hlo_translate as H

def f(x, w):
    for _ in range(4):
        x = jnp.tanh(x @ w) + jnp.sin(x) * 2.0 - jnp.exp(x * 0.1)
    x = jax.lax.fori_loop(0, 3, lambda i, v: v * 0.5 + 1.0, x)
    return jnp.sort(x, axis=0), jnp.max(x)

lowered = jax.jit(f).lower(jnp.ones((8, 8)), jnp.ones((8, 8)))
MLIR, HLO = lowered.as_text(), lowered.as_text(dialect="hlo")
first, after = int(sys.argv[1]), int(sys.argv[2])
FUNCTIONS = {"stablehlo_to_hlo": lambda: H.write_hlo(H.stablehlo_to_hlo(MLIR)),
             "hlo_to_stablehlo": lambda: H.hlo_to_stablehlo(HLO)}


def rss():
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


out = {"ops": MLIR.count(" = ")}
for name, fn in FUNCTIONS.items():
    fn()
    gc.collect()
    start = rss()
    for _ in range(first):
        fn()
    middle = rss()
    for _ in range(after):
        fn()
    end = rss()
    out[name] = {"first": middle - start, "per_call_after": (end - middle) / after}
print(json.dumps(out))
"""


def test_the_first_calls_on_a_module_with_regions_add_little_memory() -> None:
    # No gc.collect() inside the loop: what a caller's loop sees. A reference cycle holding MLIR values kept
    # every call's module and context alive until the (paused) cyclic collector ran: +120 to +750 MB.
    result = subprocess.run(
        [sys.executable, "-c", _FIRST_CALLS_PROBE, str(FIRST_CALLS), str(AFTER_CALLS)],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=900,
        env={**os.environ, "JAX_PLATFORMS": "cpu"},
    )
    assert result.returncode == 0, result.stderr[-3000:]
    growth = json.loads(result.stdout.strip().splitlines()[-1])
    assert growth["ops"] >= 40
    for name in ("stablehlo_to_hlo", "hlo_to_stablehlo"):
        assert growth[name]["first"] <= FIRST_CALLS_LIMIT_BYTES, (name, growth)
        assert growth[name]["per_call_after"] <= LIMIT_BYTES_PER_CALL, (name, growth)


def _golden(suffix: str) -> list[str]:
    return [p.read_text() for p in sorted((REPO_ROOT / "golden").rglob(f"*{suffix}"))]


def test_no_reference_cycle_keeps_an_mlir_context_alive() -> None:
    # With the cyclic collector off (as the public functions run), every MLIR context a call made is freed
    # when it returns: by reference counts alone, whatever the input (regions, Shardy, refused inputs).
    import gc

    from jaxlib.mlir import ir

    import hlo_translate as H

    def refused(fn):  # a public function
        def call(source: str) -> None:
            try:
                fn(source)
            except H.TranslateError:
                pass

        return call

    calls = [
        (name, refused(fn), text)
        for name, fn in (
            ("stablehlo_to_hlo", H.stablehlo_to_hlo),
            ("import_shardings", H.import_shardings),
            ("export_shardings", H.export_shardings),
        )
        for text in _golden(".mlir")
    ]
    calls += [("hlo_to_stablehlo", refused(H.hlo_to_stablehlo), text) for text in _golden(".hlo")]
    calls += [
        ("stablehlo_to_hlo", refused(H.stablehlo_to_hlo), text.replace("stablehlo.add", "stablehlo.bogus"))
        for text in _golden(".mlir")[:5]
    ]
    for _, fn, text in calls:  # once first: caches that hold a context for good
        fn(text)
    was_enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        kept = []
        for name, fn, text in calls:
            before = ir.Context._get_live_count()
            fn(text)
            if ir.Context._get_live_count() > before:
                kept.append(f"{name}: {text.splitlines()[0][:80]}")
    finally:
        if was_enabled:
            gc.enable()
        gc.collect()
    assert not kept, f"{len(kept)} calls left their MLIR context to the cyclic collector: {kept[:5]}"
