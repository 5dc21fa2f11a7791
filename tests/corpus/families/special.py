"""Special functions; many lower to CHLO ops (erf_inv, lgamma, digamma, ...)."""

from __future__ import annotations

import jax.numpy as jnp
import jax.scipy.special as jss
from jax import lax

from tests.corpus.programs import Fill, Program, arg, program

SP = ("special",)


def _positive(dtype: str, *shape: int, high: float = 6.0):
    return arg(dtype, *shape, fill=Fill.UNIFORM, low=0.1, high=high)


def _unit(dtype: str, *shape: int):
    return arg(dtype, *shape, fill=Fill.UNIFORM, low=-0.95, high=0.95)


def programs() -> list[Program]:
    """Special function programs over f32, f64 and the 16-bit floats."""
    result = []
    for dtype in ("f32", "f64"):
        result += [
            program(f"erf_erfc_{dtype}", lambda x: (lax.erf(x), lax.erfc(x)),
                    [arg(dtype, 6)], SP + ("erf",)),
            program(f"erf_inv_{dtype}", lax.erf_inv, [_unit(dtype, 6)], SP + ("erf_inv",)),
            program(f"lgamma_digamma_{dtype}", lambda x: (lax.lgamma(x), lax.digamma(x)),
                    [_positive(dtype, 6)], SP + ("lgamma", "digamma")),
            program(f"igamma_igammac_{dtype}",
                    lambda a, x: (lax.igamma(a, x), lax.igammac(a, x)),
                    [_positive(dtype, 5), _positive(dtype, 5)], SP + ("igamma",)),
            program(f"bessel_{dtype}", lambda x: (lax.bessel_i0e(x), lax.bessel_i1e(x)),
                    [arg(dtype, 5, scale=3.0)], SP + ("bessel",)),
        ]
    result += [
        program("erf_f16", lax.erf, [arg("f16", 6)], SP + ("erf",)),
        program("erf_inv_bf16", lax.erf_inv, [_unit("bf16", 6)], SP + ("erf_inv",)),
        program("lgamma_f16", lax.lgamma, [_positive("f16", 6)], SP + ("lgamma",)),
        program("igamma_grad_a_f32", lax.igamma_grad_a, [_positive("f32", 4), _positive("f32", 4)],
                SP + ("igamma",)),
        program("random_gamma_grad_f32", lax.random_gamma_grad,
                [_positive("f32", 4), _positive("f32", 4)], SP + ("igamma",)),
        program("betainc_f32", jss.betainc,
                [_positive("f32", 4), _positive("f32", 4),
                 arg("f32", 4, fill=Fill.UNIFORM, low=0.05, high=0.95)], SP + ("betainc",)),
        program("polygamma_zeta_f32", lambda x: (jss.polygamma(1, x), jss.zeta(x + 1.5, 2.0)),
                [_positive("f32", 4)], SP + ("polygamma", "zeta")),
        program("ndtri_log_ndtr_f32", lambda p, x: (jss.ndtri(p), jss.log_ndtr(x)),
                [arg("f32", 5, fill=Fill.UNIFORM, low=0.01, high=0.99), arg("f32", 5)],
                SP + ("erf",)),
        program("xlogy_entr_f32", lambda x, y: (jss.xlogy(x, y), jss.entr(y)),
                [arg("f32", 5), _positive("f32", 5)], SP),
        program("gelu_exact_approx_f32",
                lambda x: (jnp.asarray(x) * 0.5 * (1 + lax.erf(x / jnp.sqrt(2.0))),
                           jnp.tanh(x) * x), [arg("f32", 6)], SP + ("erf",)),
        program("i0_i1_f32", lambda x: (jss.i0(x), jss.i1(x)), [arg("f32", 5)], SP + ("bessel",)),
        program("logit_expit_f64", lambda p: (jss.logit(p), jss.expit(p)),
                [arg("f64", 5, fill=Fill.UNIFORM, low=0.01, high=0.99)], SP),
    ]
    return result
