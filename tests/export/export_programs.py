"""Small JAX programs across op families, for the exporter's differential test (tests/export/test_export.py).

Each entry is (name, function, example arguments). Arguments are concrete numpy arrays, drawn from a
generator seeded by the program's name, so adding a program does not change the others.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np


@dataclass(frozen=True)
class Program:
    name: str
    fn: Callable[..., Any]
    args: tuple[np.ndarray, ...]


def _rng(name: str) -> np.random.Generator:
    return np.random.default_rng(zlib.crc32(name.encode()))


def programs() -> list[Program]:
    """The catalog (imports jax)."""
    import jax
    import jax.numpy as jnp
    from jax import lax

    specs: list[tuple[str, Callable[..., Any], list[tuple[tuple[int, ...], str]]]] = []

    def add(name: str, *shapes: tuple[tuple[int, ...], str]):
        def register(fn: Callable[..., Any]) -> Callable[..., Any]:
            specs.append((name, fn, list(shapes)))
            return fn

        return register

    f32 = "float32"
    # -- elementwise ------------------------------------------------------------------------------
    add("unary_float", ((3, 4), f32))(
        lambda x: (
            jnp.sin(x) + jnp.cos(x) * jnp.exp(x / 4) - jnp.tanh(x),
            jnp.log1p(jnp.abs(x)),
            jnp.expm1(x),
            jnp.sqrt(jnp.abs(x)),
            lax.rsqrt(jnp.abs(x) + 1),
            jnp.floor(x),
            jnp.ceil(x),
            jnp.round(x),
            jnp.sign(x),
            lax.logistic(x),
            jnp.cbrt(x),
        )
    )
    add("binary_float", ((5,), f32), ((5,), f32))(
        lambda x, y: (
            x + y,
            x - y,
            x * y,
            x / (jnp.abs(y) + 1),
            jnp.maximum(x, y),
            jnp.minimum(x, y),
            jnp.arctan2(x, y),
            jnp.power(jnp.abs(x), y),
            lax.rem(x, y + 3),
        )
    )
    add("integer_ops", ((6,), "int32"), ((6,), "int32"))(
        lambda a, b: (
            a & b,
            a | b,
            a ^ b,
            ~a,
            a << (b & 7),
            lax.shift_right_arithmetic(a, b & 7),
            lax.shift_right_logical(a, b & 7),
            lax.population_count(a),
            lax.clz(a),
            a // (jnp.abs(b) + 1),
            a % (jnp.abs(b) + 1),
        )
    )
    add("compare_select", ((4, 4), f32), ((4, 4), f32))(
        lambda x, y: (jnp.where(x > y, x, y), x == y, x != y, x >= y, x < y, jnp.clip(x, -0.5, 0.5))
    )
    add("unsigned_compare", ((8,), "uint32"), ((8,), "uint32"))(lambda a, b: (a < b, jnp.maximum(a, b)))
    add("converts", ((6,), f32))(
        lambda x: (
            x.astype(jnp.int32),
            x.astype(jnp.bfloat16),
            x.astype(jnp.float16),
            x.astype(jnp.bool_),
            lax.bitcast_convert_type(x, jnp.int32),
            x.astype(jnp.uint8),
        )
    )
    add("complex_ops", ((4,), f32), ((4,), f32))(
        lambda x, y: (
            jnp.real(lax.complex(x, y) * lax.complex(y, x)),
            jnp.imag(jnp.exp(lax.complex(x, y))),
            jnp.abs(lax.complex(x, y)),
        )
    )
    add("is_finite_nan", ((5,), f32))(lambda x: (jnp.isfinite(x / (x - x[0])), jnp.nan_to_num(jnp.log(x))))
    add("reduce_precision", ((8,), f32))(lambda x: lax.reduce_precision(x, exponent_bits=5, mantissa_bits=10))
    add("erf_special", ((6,), f32))(lambda x: (lax.erf(x), jnp.tan(x * 0.5), x**2))
    # -- constants --------------------------------------------------------------------------------
    add("constants_dtypes", ((3,), f32))(
        lambda x: (
            x + jnp.array([1.5, -2.0, 3.25], jnp.float32),
            jnp.array([1, 2, 3], jnp.bfloat16) * 2,
            jnp.array([[True, False]]),
            jnp.array([7, -8], jnp.int8),
            jnp.array([1.0, jnp.inf, -jnp.inf], jnp.float32) * x,
            jnp.array([3, 4], jnp.uint16),
        )
    )
    add("constant_large", ((64, 64), f32))(
        lambda x: x @ jnp.asarray(np.arange(64 * 64, dtype=np.float32).reshape(64, 64) / 4096)
    )
    add("constant_fp8", ((4,), f32))(
        lambda x: x * jnp.array([0.5, 1.0, -2.0, 448.0], jnp.float8_e4m3fn).astype(jnp.float32)
    )
    # -- data movement ----------------------------------------------------------------------------
    add("reshape_transpose", ((2, 3, 4), f32))(
        lambda x: (x.reshape(6, 4).T, jnp.transpose(x, (2, 0, 1)), x[None], jnp.squeeze(x[:1]))
    )
    add("broadcast_iota", ((3,), f32))(
        lambda x: (jnp.broadcast_to(x, (2, 3)) + jnp.arange(3.0), lax.broadcasted_iota(jnp.int32, (2, 3), 0))
    )
    add("slices", ((6, 5), f32))(lambda x: (x[1:5:2, ::3], x[::-1], lax.slice(x, (0, 1), (3, 4))))
    add("dynamic_slices", ((8, 4), f32), ((), "int32"))(
        lambda x, i: (
            lax.dynamic_slice(x, (i, 0), (3, 2)),
            lax.dynamic_update_slice(x, jnp.zeros((2, 4)), (i, 0)),
            x[i],
        )
    )
    add("concat_pad", ((2, 3), f32), ((4, 3), f32))(
        lambda x, y: (
            jnp.concatenate([x, y, x], 0),
            jnp.pad(x, ((1, 2), (0, 3))),
            lax.pad(x, 0.0, ((1, 1, 1), (0, 0, 2))),
        )
    )
    add("reverse_rot", ((3, 4), f32))(lambda x: (jnp.flip(x, (0, 1)), jnp.rot90(x)))
    add("gather_take", ((10, 3), f32), ((4,), "int32"))(lambda x, i: (x[i % 10], jnp.take(x, i % 3, axis=1)))
    add("gather_batched", ((3, 5), f32), ((3, 2), "int32"))(lambda x, i: jnp.take_along_axis(x, i % 5, axis=1))
    add("scatter_add", ((10,), f32), ((4,), "int32"), ((4,), f32))(
        lambda x, i, u: (x.at[i % 10].add(u), x.at[i % 10].set(u), x.at[i % 10].max(u))
    )
    add("scatter_2d", ((4, 3), f32), ((2,), "int32"))(lambda x, i: x.at[i % 4, 1].mul(2.0))
    # -- reductions -------------------------------------------------------------------------------
    add("reductions", ((4, 5), f32))(
        lambda x: (
            jnp.sum(x),
            jnp.max(x, 0),
            jnp.min(x, 1),
            jnp.prod(x, 1),
            jnp.argmax(x, 1),
            jnp.argmin(x, 0),
            jnp.mean(x, 1),
        )
    )
    add("bool_reductions", ((4, 5), f32))(lambda x: (jnp.any(x > 1), jnp.all(x > -3, 0)))
    add("cumsum", ((6,), f32))(lambda x: (jnp.cumsum(x), jnp.cumprod(x), lax.cummax(x)))
    add("reduce_window", ((1, 6, 6, 2), f32))(
        lambda x: (
            lax.reduce_window(x, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID"),
            lax.reduce_window(x, 0.0, lax.add, (1, 3, 3, 1), (1, 1, 1, 1), "SAME"),
        )
    )
    add("maxpool_grad", ((1, 4, 4, 1), f32))(
        lambda x: jax.grad(
            lambda y: jnp.sum(lax.reduce_window(y, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID") ** 2)
        )(x)
    )
    add("sort", ((5, 4), f32))(lambda x: (jnp.sort(x, 0), jnp.argsort(x, 1), lax.sort((x[0], x[1]), num_keys=1)))
    add("top_k", ((10,), f32))(lambda x: lax.top_k(x, 3))
    # -- linear algebra ---------------------------------------------------------------------------
    add("matmul", ((3, 4), f32), ((4, 5), f32))(lambda a, b: (a @ b, jnp.dot(a[0], b), jnp.outer(a[0], b[0])))
    add("batched_dot", ((2, 3, 4), f32), ((2, 4, 5), f32))(
        lambda a, b: (jnp.einsum("bij,bjk->bik", a, b), jnp.einsum("bij,bjk->bki", a, b))
    )
    add("dot_precision", ((3, 4), f32), ((4, 2), f32))(lambda a, b: jnp.dot(a, b, precision=lax.Precision.HIGHEST))
    add("conv2d", ((2, 5, 5, 3), f32), ((3, 3, 3, 4), f32))(
        lambda x, w: lax.conv_general_dilated(x, w, (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))
    )
    add("conv_strided_dilated", ((1, 2, 9, 9), f32), ((4, 2, 3, 3), f32))(
        lambda x, w: lax.conv_general_dilated(x, w, (2, 1), ((1, 0), (2, 2)), lhs_dilation=(1, 2), rhs_dilation=(2, 1))
    )
    add("conv_grouped", ((1, 4, 8), f32), ((6, 2, 3), f32))(
        lambda x, w: lax.conv_general_dilated(x, w, (1,), "VALID", feature_group_count=2)
    )
    add("conv_grad", ((2, 6, 3), f32), ((3, 3, 4), f32))(
        lambda x, w: jax.grad(
            lambda w: jnp.sum(
                lax.conv_general_dilated(x, w, (1,), "SAME", dimension_numbers=("NWC", "WIO", "NWC")) ** 2
            )
        )(w)
    )
    add("cholesky_trsm", ((4, 4), f32))(
        lambda a: (
            lax.linalg.cholesky(a @ a.T + 4 * jnp.eye(4)),
            lax.linalg.triangular_solve(jnp.tril(a) + 4 * jnp.eye(4), a, left_side=True, lower=True),
        )
    )
    add("fft", ((8,), f32))(lambda x: (jnp.fft.fft(x).real, jnp.fft.rfft(x).imag, jnp.fft.irfft(jnp.fft.rfft(x))))
    add("linalg_inv", ((3, 3), f32))(lambda a: jnp.linalg.inv(a + 3 * jnp.eye(3)))
    # -- control flow -----------------------------------------------------------------------------
    add("while_loop", ((3,), f32))(
        lambda x: lax.while_loop(lambda c: c[0] < 5, lambda c: (c[0] + 1, c[1] * 1.5), (0, x))
    )
    add("fori_capture", ((4,), f32), ((4,), f32))(lambda x, y: lax.fori_loop(0, 3, lambda i, c: c * y + i, x))
    add("scan", ((5, 3), f32))(lambda xs: lax.scan(lambda c, x: (c + x, c * x), jnp.zeros(3), xs))
    add("cond", ((3,), f32))(lambda x: lax.cond(x[0] > 0, lambda: x + 1, lambda: x * x))
    add("cond_multi", ((3,), f32), ((), "int32"))(
        lambda x, p: lax.cond(p > 0, lambda a, b: (a + b, a), lambda a, b: (a, b * 2), x, x * 3)
    )
    add("switch", ((3,), f32), ((), "int32"))(
        lambda x, i: lax.switch(i, [lambda a: a, lambda a: a * 2, lambda a: jnp.sin(a) + x], x)
    )
    add("nested_control", ((4,), f32))(
        lambda x: lax.fori_loop(0, 3, lambda i, c: lax.cond(i % 2 == 0, lambda: c + 1.0, lambda: c * 2.0), x)
    )
    add("private_call", ((4,), f32))(
        lambda x: jax.jit(lambda y: jnp.sin(y) * 2)(x) + jax.jit(lambda y: jnp.sin(y) * 2)(x + 1)
    )
    add("custom_jvp_grad", ((5,), f32))(lambda x: jax.grad(lambda y: jnp.sum(jax.nn.softplus(y) * jax.nn.relu(y)))(x))
    add("remat", ((4,), f32))(lambda x: jax.grad(lambda y: jnp.sum(jax.checkpoint(jnp.sin)(y) ** 2))(x))
    add("optimization_barrier", ((3,), f32))(lambda x: lax.optimization_barrier((x + 1, x * 2)))
    # -- random -----------------------------------------------------------------------------------
    add("random_threefry", ((2,), "uint32"))(lambda k: jax.random.uniform(jax.random.wrap_key_data(k), (3, 2)))
    add("rng_bit_generator", ((4,), "uint32"))(
        lambda k: lax.rng_bit_generator(k, (2, 3), algorithm=lax.RandomAlgorithm.RNG_THREE_FRY)
    )
    # -- models -----------------------------------------------------------------------------------

    def mlp(params, x):
        for w, bias in params:
            x = jax.nn.relu(x @ w + bias)
        return jax.nn.log_softmax(x)

    def mlp_step(w1, b1, w2, b2, x):
        params = [(w1, b1), (w2, b2)]

        def loss(p):
            return -jnp.mean(mlp(p, x)[:, 0])

        grads = jax.grad(loss)(params)
        return [(w - 0.1 * gw, bb - 0.1 * gb) for (w, bb), (gw, gb) in zip(params, grads)]

    add("mlp_train_step", ((8, 16), f32), ((16,), f32), ((16, 4), f32), ((4,), f32), ((5, 8), f32))(mlp_step)
    add("layernorm_attention", ((4, 8), f32), ((8, 8), f32))(
        lambda x, w: (
            jax.nn.softmax((x @ w) @ x.T / jnp.sqrt(8.0), axis=-1)
            @ ((x - x.mean(-1, keepdims=True)) / jnp.sqrt(x.var(-1, keepdims=True) + 1e-5))
        )
    )

    result = []
    for name, fn, shapes in specs:
        rng = _rng(name)
        args = tuple(_array(rng, shape, dtype) for shape, dtype in shapes)
        result.append(Program(name, fn, args))
    return result


def _array(rng: np.random.Generator, shape: tuple[int, ...], dtype: str) -> np.ndarray:
    if dtype.startswith("float"):
        return rng.normal(size=shape).astype(dtype)
    if dtype.startswith("uint"):
        return rng.integers(0, 1000, size=shape).astype(dtype)
    return rng.integers(-20, 20, size=shape).astype(dtype)
