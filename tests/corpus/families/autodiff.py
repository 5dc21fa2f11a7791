"""grad/jvp/vjp programs, custom_jvp/custom_vjp and rematerialisation."""

from __future__ import annotations

import jax
import jax.numpy as jnp

from tests.corpus.programs import Program, arg, program

A = ("autodiff",)


@jax.custom_jvp
def _softplus(x):
    return jnp.log1p(jnp.exp(x))


@_softplus.defjvp
def _softplus_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return _softplus(x), t * jax.nn.sigmoid(x)


@jax.custom_vjp
def _clip_gradient(x):
    return x


def _clip_gradient_fwd(x):
    return x, None


def _clip_gradient_bwd(_, g):
    return (jnp.clip(g, -0.1, 0.1),)


_clip_gradient.defvjp(_clip_gradient_fwd, _clip_gradient_bwd)


def _loss(w, x):
    return jnp.sum(jnp.tanh(x @ w) ** 2)


def programs() -> list[Program]:
    """Autodiff programs."""
    return [
        program("custom_jvp_call_f32", _softplus, [arg("f32", 5)], A + ("custom_jvp",)),
        program("custom_jvp_grad_f32", jax.grad(lambda x: _softplus(x).sum()), [arg("f32", 5)],
                A + ("custom_jvp", "grad")),
        program("custom_jvp_jvp_f64", lambda x, t: jax.jvp(_softplus, (x,), (t,)),
                [arg("f64", 4), arg("f64", 4)], A + ("custom_jvp", "jvp")),
        program("custom_vjp_call_f32", _clip_gradient, [arg("f32", 3)], A + ("custom_vjp",)),
        program("custom_vjp_grad_f32",
                jax.grad(lambda x: (_clip_gradient(x) * 10.0).sum()), [arg("f32", 3)],
                A + ("custom_vjp", "grad")),
        program("grad_tanh_layer_f32", jax.grad(_loss), [arg("f32", 4, 3), arg("f32", 5, 4)],
                A + ("grad",)),
        program("value_and_grad_argnums_f32", jax.value_and_grad(_loss, argnums=(0, 1)),
                [arg("f32", 4, 3), arg("f32", 5, 4)], A + ("grad",)),
        program("jacfwd_f32", jax.jacfwd(lambda x: jnp.sin(x) * x[::-1]), [arg("f32", 4)],
                A + ("jvp",)),
        program("jacrev_f32", jax.jacrev(lambda x: jnp.cumsum(x ** 2)), [arg("f32", 4)],
                A + ("grad",)),
        program("hessian_f64", jax.hessian(lambda x: jnp.sum(jnp.exp(x) * x[0])),
                [arg("f64", 3)], A + ("grad", "jvp")),
        program("vjp_linear_f32", lambda x, ct: jax.vjp(lambda v: jnp.fft.rfft(v).real, x)[1](ct),
                [arg("f32", 8), arg("f32", 5)], A + ("grad", "fft")),
        program("checkpoint_grad_f32",
                jax.grad(lambda x: jax.checkpoint(lambda v: jnp.sin(jnp.sin(v)))(x).sum()),
                [arg("f32", 6)], A + ("grad", "remat")),
        program("grad_of_while_fori_f32",
                jax.grad(lambda x: jax.lax.fori_loop(0, 4, lambda i, c: jnp.sin(c) * 1.5, x).sum()),
                [arg("f32", 3)], A + ("grad", "while")),
        program("grad_of_scan_f32",
                jax.grad(lambda w, xs: jax.lax.scan(lambda h, x: (jnp.tanh(w * h + x), None),
                                                    jnp.zeros(3), xs)[0].sum()),
                [arg("f32", 3), arg("f32", 5, 3)], A + ("grad", "scan")),
        program("grad_of_cond_f32",
                jax.grad(lambda x, p: jax.lax.cond(p, jnp.sin, jnp.exp, x).sum()),
                [arg("f32", 3), arg("pred")], A + ("grad", "conditional")),
        program("grad_of_gather_scatter_f32",
                jax.grad(lambda x, i: (x[i] ** 2).sum()),
                [arg("f32", 6), arg("s32", 4, low=0, high=6)], A + ("grad", "scatter")),
        program("grad_complex_c64", jax.grad(lambda z: jnp.abs(z * z).sum()), [arg("c64", 3)],
                A + ("grad",)),
        program("stop_gradient_f32",
                jax.grad(lambda x: (x * jax.lax.stop_gradient(x)).sum()), [arg("f32", 4)],
                A + ("grad",)),
    ]
