"""Generate the TensorFlow corpus: small functions and the StableHLO TensorFlow compiles them to.

Run with `make corpus-tf` (it creates a virtual environment with tensorflow-cpu outside the project
venv). For each function it writes `tf/<name>.mlir`, the `stablehlo` stage of
`tf.function(jit_compile=True).experimental_get_compiler_ir(*args)` (which may keep `mhlo.*` ops), and
`tf/<name>.npz` with the inputs `in0, in1, ...` and TensorFlow's outputs `out0, out1, ...`.
"""

from __future__ import annotations

import argparse
import os
import re
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

import numpy as np
import tensorflow as tf

OUT = Path(__file__).resolve().parent / "tf"
RNG = np.random.default_rng(0)


def _f32(*shape: int) -> np.ndarray:
    return RNG.standard_normal(shape).astype(np.float32)


W1, B1, W2 = _f32(8, 16), _f32(16), _f32(16, 3)
KERNEL = _f32(3, 3, 2, 4)


def dense_relu(x):
    return tf.matmul(tf.nn.relu(tf.matmul(x, W1) + B1), W2)


def gelu_erf(x):
    return 0.5 * x * (1.0 + tf.math.erf(x / np.float32(np.sqrt(2.0))))


def special_functions(x):
    return tf.math.erf(x), tf.math.erfc(x), tf.math.lgamma(tf.abs(x) + 0.5), tf.math.digamma(tf.abs(x) + 0.5)


def hyperbolic(x):
    y = tf.clip_by_value(x, -0.9, 0.9)
    return tf.math.sinh(x), tf.math.cosh(x), tf.math.asinh(x), tf.math.atanh(y), tf.math.acos(y), tf.math.tan(y)


def conv_pool(x):
    y = tf.nn.conv2d(x, KERNEL, strides=1, padding="SAME")
    return tf.nn.max_pool2d(tf.nn.relu(y), 2, 2, "VALID"), tf.nn.avg_pool2d(y, 2, 2, "VALID")


def softmax_attention(q, k, v):
    scores = tf.matmul(q, k, transpose_b=True) / np.float32(4.0)
    return tf.matmul(tf.nn.softmax(scores, axis=-1), v)


def reductions(x):
    return (
        tf.reduce_sum(x, 1),
        tf.reduce_max(x, 0),
        tf.reduce_mean(x),
        tf.argmax(x, 1),
        tf.math.reduce_logsumexp(x, 1),
        tf.math.cumsum(x, 1),
    )


def gather_scatter(x, idx, upd):
    g = tf.gather(x, idx, axis=0)
    s = tf.tensor_scatter_nd_add(x, tf.expand_dims(idx, 1), upd)
    return g, s


def while_loop(x):
    i0 = tf.constant(0)
    _, y = tf.while_loop(lambda i, y: i < 5, lambda i, y: (i + 1, y * 0.9 + tf.sin(y)), (i0, x))
    return y


def cond(x, flag):
    return tf.cond(flag, lambda: tf.exp(x), lambda: tf.negative(x) * 2.0)


def top_k_sort(x):
    values, indices = tf.math.top_k(x, k=3)
    return values, indices, tf.sort(x, axis=-1, direction="DESCENDING")


def integer_bits(a, b):
    return (
        tf.bitwise.bitwise_and(a, b),
        tf.bitwise.left_shift(a, 2),
        tf.math.floordiv(a, b),
        tf.math.floormod(a, b),
        tf.cast(a, tf.float32) * 0.5,
    )


def layer_norm(x):
    mean, var = tf.nn.moments(x, axes=[-1], keepdims=True)
    return (x - mean) * tf.math.rsqrt(var + 1e-5)


def complex_math(re, im):
    z = tf.complex(re, im)
    return tf.math.real(z * z), tf.math.imag(tf.exp(z)), tf.abs(z)


def _functions() -> dict[str, tuple[Callable, Callable[[], tuple[np.ndarray, ...]]]]:
    i32 = lambda *s: RNG.integers(1, 9, s).astype(np.int32)  # noqa: E731
    return {
        "dense_relu": (dense_relu, lambda: (_f32(4, 8),)),
        "gelu_erf": (gelu_erf, lambda: (_f32(3, 5),)),
        "special_functions": (special_functions, lambda: (_f32(6),)),
        "hyperbolic": (hyperbolic, lambda: (_f32(6),)),
        "conv_pool": (conv_pool, lambda: (_f32(1, 6, 6, 2),)),
        "softmax_attention": (softmax_attention, lambda: (_f32(2, 3, 4), _f32(2, 5, 4), _f32(2, 5, 4))),
        "reductions": (reductions, lambda: (_f32(3, 5),)),
        "gather_scatter": (gather_scatter, lambda: (_f32(5, 3), np.array([4, 0, 2], np.int32), _f32(3, 3))),
        "while_loop": (while_loop, lambda: (_f32(4),)),
        "cond": (cond, lambda: (_f32(4), np.array(True))),
        "top_k_sort": (top_k_sort, lambda: (_f32(2, 6),)),
        "integer_bits": (integer_bits, lambda: (i32(5), i32(5))),
        "layer_norm": (layer_norm, lambda: (_f32(2, 7),)),
        "complex_math": (complex_math, lambda: (_f32(4), _f32(4))),
    }


def _flat(outputs) -> list[np.ndarray]:
    if isinstance(outputs, (tuple, list)):
        return [np.asarray(o) for o in outputs]
    return [np.asarray(outputs)]


def generate(name: str, fn: Callable, make_inputs: Callable[[], tuple[np.ndarray, ...]]) -> None:
    inputs = make_inputs()
    compiled = tf.function(fn, jit_compile=True)
    outputs = _flat(compiled(*inputs))
    text = compiled.experimental_get_compiler_ir(*inputs)(stage="stablehlo")
    # Source locations name files by absolute path: keep only the file name
    text = re.sub(r'loc\("/[^"]*/([^"/]+)"', r'loc("\1"', text)
    (OUT / f"{name}.mlir").write_text(text)
    arrays = {f"in{i}": np.asarray(a) for i, a in enumerate(inputs)}
    arrays.update({f"out{i}": o for i, o in enumerate(outputs)})
    np.savez_compressed(OUT / f"{name}.npz", **arrays)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("names", nargs="*", help="functions to generate (default: all)")
    args = parser.parse_args()
    OUT.mkdir(exist_ok=True)
    functions = _functions()
    failed = []
    for name in args.names or functions:
        try:
            generate(name, *functions[name])
        except Exception as err:  # a function TensorFlow cannot compile: name it, go on with the rest
            failed.append(name)
            print(f"FAILED {name}: {str(err).splitlines()[0]}")
        else:
            print("wrote", name)
    if failed:
        raise SystemExit(f"TensorFlow could not export: {', '.join(failed)}")


if __name__ == "__main__":
    main()
