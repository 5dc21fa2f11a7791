"""reduce (incl. variadic), reduce_window, cumulative ops and select_and_scatter."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from tests.corpus.programs import Fill, Program, arg, program

R = ("reduce",)
W = ("reduce_window",)


def _argmax_variadic(x, i):
    """An explicit two-operand reduce: (max value, first index of it)."""
    def combine(a, b):
        (av, ai), (bv, bi) = a, b
        take_a = (av > bv) | ((av == bv) & (ai < bi))
        return lax.select(take_a, av, bv), lax.select(take_a, ai, bi)

    return lax.reduce((x, i), (np.float32(-np.inf), np.int32(0)), combine, (1,))


def _reduce_programs() -> list[Program]:
    return [
        program("reduce_sum_f32", lambda x: (x.sum(), x.sum(axis=1), x.sum(axis=(0, 2))),
                [arg("f32", 3, 4, 5)], R),
        program("reduce_sum_s32", lambda x: jnp.sum(x, axis=0), [arg("s32", 5, 3)], R),
        program("reduce_sum_bf16", lambda x: jnp.sum(x, axis=-1), [arg("bf16", 4, 16)], R),
        program("reduce_sum_c128", lambda x: jnp.sum(x, axis=0), [arg("c128", 6, 2)], R),
        program("reduce_prod_u32", lambda x: jnp.prod(x, axis=1),
                [arg("u32", 3, 4, low=0, high=5)], R),
        program("reduce_max_min_f16", lambda x: (jnp.max(x, axis=1), jnp.min(x)),
                [arg("f16", 4, 6, fill=Fill.SPECIAL)], R),
        program("reduce_max_s8", lambda x: lax.reduce_max(x, (0, 1)), [arg("s8", 3, 7)], R),
        program("reduce_any_all_pred", lambda x: (jnp.any(x, axis=0), jnp.all(x, axis=1)),
                [arg("pred", 4, 5)], R),
        program("reduce_bitwise_u8", lambda x: (lax.reduce_or(x, (0,)), lax.reduce_and(x, (0,)),
                                                lax.reduce_xor(x, (1,))),
                [arg("u8", 4, 3, fill=Fill.BITS)], R + ("bitwise",)),
        program("argmax_f32", lambda x: (jnp.argmax(x, axis=1), jnp.argmin(x, axis=0)),
                [arg("f32", 4, 7)], R + ("variadic",)),
        program("argmax_s64", lambda x: jnp.argmax(x, axis=-1), [arg("s64", 3, 9)],
                R + ("variadic",)),
        program("argmax_explicit_variadic_reduce", _argmax_variadic,
                [arg("f32", 3, 6), arg("s32", 3, 6, fill=Fill.ARANGE)], R + ("variadic",)),
        program("reduce_mean_var_f32", lambda x: (jnp.mean(x, axis=0), jnp.var(x, axis=1)),
                [arg("f32", 5, 6)], R),
        program("logsumexp_softmax_f32",
                lambda x: (jax.nn.logsumexp(x, axis=-1), jax.nn.softmax(x, axis=-1)),
                [arg("f32", 3, 8)], R),
        program("norm_f64", lambda x: (jnp.linalg.norm(x), jnp.linalg.norm(x, axis=0, ord=1)),
                [arg("f64", 4, 3)], R),
        program("count_nonzero_f32", lambda x: jnp.count_nonzero(x > 0.5, axis=1),
                [arg("f32", 5, 4)], R),
    ]


def _window_programs() -> list[Program]:
    return [
        program("reduce_window_max_pool_f32",
                lambda x: lax.reduce_window(x, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 2, 2, 1),
                                            "VALID"), [arg("f32", 2, 6, 6, 3)], W),
        program("reduce_window_avg_pool_same_f32",
                lambda x: lax.reduce_window(x, 0.0, lax.add, (3, 3), (1, 1), "SAME") / 9.0,
                [arg("f32", 5, 5)], W),
        program("reduce_window_min_dilated_s32",
                lambda x: lax.reduce_window(x, jnp.iinfo(jnp.int32).max, lax.min, (2, 2), (1, 2),
                                            ((1, 0), (0, 1)), base_dilation=(2, 1),
                                            window_dilation=(1, 2)),
                [arg("s32", 4, 7)], W + ("dilation",)),
        program("reduce_window_variadic_f32",
                lambda x, y: lax.reduce_window((x, y), (0.0, -jnp.inf),
                                               lambda a, b: (a[0] + b[0], lax.max(a[1], b[1])),
                                               (2,), (1,), "VALID"),
                [arg("f32", 6), arg("f32", 6)], W + ("variadic",)),
        program("cumsum_f32", lambda x: jnp.cumsum(x, axis=1), [arg("f32", 3, 8)],
                W + ("cumulative",)),
        program("cumprod_cummax_s32", lambda x: (lax.cumprod(x, axis=0), lax.cummax(x, axis=0),
                                                 lax.cummin(x, axis=0, reverse=True)),
                [arg("s32", 6, 2, low=-3, high=4)], W + ("cumulative",)),
        program("cumlogsumexp_f32", lambda x: lax.cumlogsumexp(x, axis=0), [arg("f32", 7)],
                W + ("cumulative",)),
        program("cumsum_reverse_bf16", lambda x: lax.cumsum(x, axis=0, reverse=True),
                [arg("bf16", 9)], W + ("cumulative",)),
        program("max_pool_grad_select_and_scatter_f32",
                jax.grad(lambda x: lax.reduce_window(x, -jnp.inf, lax.max, (1, 2, 2, 1),
                                                     (1, 2, 2, 1), "VALID").sum()),
                [arg("f32", 1, 6, 6, 2)], ("select_and_scatter", "grad")),
        program("max_pool_grad_overlapping_padded_f32",
                jax.grad(lambda x: (lax.reduce_window(x, -jnp.inf, lax.max, (3, 3), (2, 2),
                                                      "SAME") ** 2).sum()),
                [arg("f32", 7, 7)], ("select_and_scatter", "grad")),
        program("max_pool_jvp_f32",
                lambda x, t: jax.jvp(lambda y: lax.reduce_window(y, -jnp.inf, lax.max, (2, 2),
                                                                 (2, 2), "VALID"), (x,), (t,)),
                [arg("f32", 4, 4), arg("f32", 4, 4)], W + ("jvp",)),
        program("avg_pool_grad_f32",
                jax.grad(lambda x: lax.reduce_window(x, 0.0, lax.add, (2, 2), (1, 1),
                                                     "VALID").sum()),
                [arg("f32", 4, 5)], W + ("grad",)),
    ]


def programs() -> list[Program]:
    """Reduction programs."""
    return _reduce_programs() + _window_programs()
