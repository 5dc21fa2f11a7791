"""`python -m bench`: our HLO parser/printer (and converters, when present) next to XLA's C++ on one large module.

The module is the optimized HLO of a many-layer transformer built with JAX (generated in a subprocess and
cached under .cache/bench). Each timing is the best of a few runs, measured in this one process.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CACHE = ROOT / ".cache" / "bench"

_MAKE_MODEL = r'''
import sys, jax, jax.numpy as jnp
layers, width = int(sys.argv[1]), 64
def block(x, w):
    h = jnp.tanh(x @ w[0]) * jax.nn.sigmoid(x @ w[1])
    h = jax.nn.softmax(h @ w[2], axis=-1) @ w[3]
    m = jnp.mean(h, axis=-1, keepdims=True)
    v = jnp.mean((h - m) ** 2, axis=-1, keepdims=True)
    return x + (h - m) * jax.lax.rsqrt(v + 1e-5)
def model(x, ws):
    for w in ws:
        x = block(x, w)
    return jnp.sum(x)
x = jnp.ones((8, width)); ws = [jnp.ones((4, width, width)) * 0.01 for _ in range(layers)]
lowered = jax.jit(jax.grad(model, argnums=1)).lower(x, ws)
open(sys.argv[2], "w").write(lowered.as_text())
open(sys.argv[3], "w").write(lowered.as_text(dialect="hlo"))
'''


def model_files(layers: int) -> tuple[Path, Path]:
    CACHE.mkdir(parents=True, exist_ok=True)
    mlir, hlo = CACHE / f"transformer_{layers}.mlir", CACHE / f"transformer_{layers}.hlo"
    if not (mlir.exists() and hlo.exists()):
        subprocess.run([sys.executable, "-c", _MAKE_MODEL, str(layers), str(mlir), str(hlo)], check=True,
                       env={**os.environ, "JAX_PLATFORMS": "cpu"})
    return mlir, hlo


def best_of(fn, repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def bench_hlo_text(layers: int) -> None:
    from jaxlib import _hlo

    from hlo_translate.hlo.text import parse_hlo_text, print_hlo_text

    _, hlo_path = model_files(layers)
    text = hlo_path.read_text()
    module = parse_hlo_text(text)
    n = module.instruction_count()
    mb = len(text.encode()) / 1e6
    ours_parse = best_of(lambda: parse_hlo_text(text))
    xla_parse = best_of(lambda: _hlo.hlo_module_from_text(text))
    ours_print = best_of(lambda: print_hlo_text(module))
    xla_module = _hlo.hlo_module_from_text(text)
    opts = _hlo.HloPrintOptions.short_parsable()
    opts.print_large_constants = True
    xla_print = best_of(lambda: xla_module.to_string(opts))
    print(f"HLO text: {n} instructions, {mb:.1f} MB ({layers}-layer transformer gradient)")
    for what, ours, xla in (("parse", ours_parse, xla_parse), ("print", ours_print, xla_print)):
        print(f"  {what}: ours {ours:.3f} s ({mb / ours:.1f} MB/s, {n / ours:,.0f} instr/s) | "
              f"XLA {xla:.3f} s ({mb / xla:.1f} MB/s) | ratio ours/XLA {ours / xla:.2f}x")


def bench_verifier(layers: int) -> None:
    """The verifier's cost next to the parse it follows: it runs on every read_hlo and every export."""
    from hlo_translate.hlo.text import parse_hlo_text
    from hlo_translate.hlo.verify import verify_module

    module = parse_hlo_text(model_files(layers)[1].read_text())
    n = module.instruction_count()
    seconds = best_of(lambda: verify_module(module))
    parse = best_of(lambda: parse_hlo_text(model_files(layers)[1].read_text()), 1)
    print(f"verify: {n} instructions in {seconds:.3f} s ({seconds / n * 1e6:.1f} us/instr, "
          f"{seconds / parse:.0%} of our parse)")


def _count_ops(mlir_text: str) -> int:
    return sum(1 for line in mlir_text.splitlines() if " = " in line and ("stablehlo." in line or "chlo." in line))


def bench_converters(layers: int) -> None:
    """Both converters next to XLA's C++ converters on the same module, as ratios measured in this run."""
    import hlo_translate
    from jaxlib import _hlo
    from jaxlib._jax import mlir as xla_mlir

    mlir_path, hlo_path = model_files(layers)
    source = mlir_path.read_text()
    ops = _count_ops(source)
    ours = best_of(lambda: hlo_translate.stablehlo_to_hlo(source), 2)
    xla = best_of(lambda: xla_mlir.mlir_module_to_xla_computation(source, use_tuple_args=False,
                                                                  return_tuple=False), 2)
    print(f"StableHLO -> HLO ({ops} ops): ours {ours:.3f} s | XLA {xla:.3f} s | ratio ours/XLA {ours / xla:.2f}x")
    hlo_text = hlo_path.read_text()
    module = hlo_translate.read_hlo(hlo_text)
    proto = _hlo.hlo_module_from_text(hlo_text).as_serialized_hlo_module_proto()
    ours = best_of(lambda: hlo_translate.hlo_to_stablehlo(module, emit="bytecode"), 2)  # XLA returns bytecode too
    xla = best_of(lambda: xla_mlir.hlo_to_stablehlo(proto), 2)
    print(f"HLO -> StableHLO ({module.instruction_count()} instructions, from our IR vs XLA from proto): "
          f"ours {ours:.3f} s | XLA {xla:.3f} s | ratio ours/XLA {ours / xla:.2f}x")


def bench_growth(sizes: list[int]) -> None:
    """How the exporter's time grows with module size (per-op time should stay flat)."""
    import hlo_translate

    print("growth of StableHLO -> HLO (ours):")
    for layers in sizes:
        source = model_files(layers)[0].read_text()
        ops = _count_ops(source)
        seconds = best_of(lambda: hlo_translate.stablehlo_to_hlo(source), 1)
        print(f"  {ops:>7} ops: {seconds:.3f} s ({seconds / ops * 1e6:.1f} us/op)")


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench")
    parser.add_argument("--layers", type=int, default=300, help="transformer layers (300 gives >50k instructions)")
    parser.add_argument("--quick", action="store_true", help="skip the growth series (1k, 10k, 100k ops)")
    args = parser.parse_args()
    bench_hlo_text(args.layers)
    bench_verifier(args.layers)
    bench_converters(args.layers // 2)
    if not args.quick:
        bench_growth([6, 60, 600])


if __name__ == "__main__":
    main()
