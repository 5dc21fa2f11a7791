"""while/fori/scan, cond/switch, map and vmap of control flow."""

from __future__ import annotations

import jax
import jax.numpy as jnp
from jax import lax

from tests.corpus.programs import Fill, Program, arg, program

L = ("control_flow", "while")
B = ("control_flow", "conditional")


def _collatz_steps(n):
    def cond(state):
        value, _ = state
        return value > 1

    def body(state):
        value, steps = state
        value = jnp.where(value % 2 == 0, value // 2, 3 * value + 1)
        return value, steps + 1

    return lax.while_loop(cond, body, (n, jnp.int32(0)))[1]


def _newton_sqrt(x):
    """A while loop with a float convergence test and a mixed-type carry."""
    def cond(state):
        guess, i = state
        return (jnp.max(jnp.abs(guess * guess - x)) > 1e-4) & (i < 50)

    def body(state):
        guess, i = state
        return 0.5 * (guess + x / guess), i + 1

    return lax.while_loop(cond, body, (x + 1.0, 0))


def _loop_programs() -> list[Program]:
    return [
        program("while_collatz_s32", _collatz_steps, [arg("s32", fill=Fill.UNIFORM, low=2,
                                                          high=60)], L),
        program("while_newton_sqrt_f32", _newton_sqrt,
                [arg("f32", 4, fill=Fill.UNIFORM, low=0.5, high=9)], L),
        program("fori_loop_static_f32",
                lambda x: lax.fori_loop(0, 5, lambda i, c: c * 0.9 + jnp.sin(c + i), x),
                [arg("f32", 3)], L + ("fori",)),
        program("fori_loop_dynamic_bound_s32",
                lambda n, x: lax.fori_loop(0, n, lambda i, c: c + i, x),
                [arg("s32", fill=Fill.UNIFORM, low=0, high=10), arg("s32", 2)], L + ("fori",)),
        program("scan_cumulative_f32",
                lambda xs: lax.scan(lambda c, x: (c + x, c * x), jnp.zeros(3), xs),
                [arg("f32", 6, 3)], L + ("scan",)),
        program("scan_reverse_unroll_f32",
                lambda xs: lax.scan(lambda c, x: (c * 0.5 + x, jnp.tanh(c)), 0.0, xs,
                                    reverse=True, unroll=2),
                [arg("f32", 7)], L + ("scan",)),
        program("scan_tuple_carry_mixed",
                lambda xs, ks: lax.scan(lambda c, xk: ((c[0] + xk[0], c[1] ^ xk[1]), c[0]),
                                        (jnp.float32(0), jnp.uint32(0)), (xs, ks)),
                [arg("f32", 5), arg("u32", 5, fill=Fill.BITS)], L + ("scan",)),
        program("scan_rnn_f32",
                lambda w, h0, xs: lax.scan(lambda h, x: (jnp.tanh(w @ h + x),) * 2, h0, xs),
                [arg("f32", 4, 4, scale=0.5), arg("f32", 4), arg("f32", 6, 4)],
                L + ("scan", "dot")),
        program("nested_while_f32",
                lambda x: lax.fori_loop(0, 3, lambda i, c: lax.fori_loop(
                    0, i + 1, lambda j, d: d + jnp.cos(d) * j, c), x),
                [arg("f32", 2)], L + ("nested",)),
        program("map_sin_f32", lambda x: lax.map(jnp.sin, x), [arg("f32", 5, 3)],
                L + ("map",)),
        program("map_batched_f32",
                lambda x: lax.map(lambda r: jnp.outer(r, r).sum(0), x, batch_size=2),
                [arg("f32", 6, 3)], L + ("map",)),
        program("vmap_while_f32", jax.vmap(_newton_sqrt),
                [arg("f32", 3, 2, fill=Fill.UNIFORM, low=0.5, high=9)], L + ("vmap",)),
        program("vectorize_f32", jnp.vectorize(lambda a, b: jnp.dot(a, b), signature="(n),(n)->()"),
                [arg("f32", 4, 3), arg("f32", 4, 3)], ("vmap", "dot")),
        program("associative_scan_f32", lambda x: lax.associative_scan(jnp.add, x),
                [arg("f32", 9)], ("control_flow", "associative_scan")),
    ]


def _branch_programs() -> list[Program]:
    return [
        program("cond_f32", lambda p, x: lax.cond(p, jnp.sin, jnp.cos, x),
                [arg("pred"), arg("f32", 4)], B),
        program("cond_int_predicate_tuple",
                lambda n, x, y: lax.cond(n > 0, lambda a, b: (a + b, a),
                                         lambda a, b: (a - b, b), x, y),
                [arg("s32"), arg("f32", 3), arg("f32", 3)], B),
        program("switch_three_branches_f32",
                lambda i, x: lax.switch(i, [jnp.sin, jnp.cos, lambda v: v * 2.0], x),
                [arg("s32", fill=Fill.UNIFORM, low=-1, high=4), arg("f32", 4)], B + ("switch",)),
        program("switch_no_operands",
                lambda i: lax.switch(i, [lambda: jnp.int32(7), lambda: jnp.int32(-2)]),
                [arg("s32", fill=Fill.UNIFORM, low=0, high=2)], B + ("switch",)),
        program("cond_inside_scan_f32",
                lambda xs: lax.scan(lambda c, x: (lax.cond(x > 0, lambda: c + x,
                                                           lambda: c * 0.5), c), 1.0, xs),
                [arg("f32", 6)], B + ("scan",)),
        program("while_inside_cond_s32",
                lambda p, n: lax.cond(p, _collatz_steps, lambda v: v, n),
                [arg("pred"), arg("s32", fill=Fill.UNIFORM, low=2, high=30)], B + ("while",)),
        program("vmap_cond_select_f32",
                jax.vmap(lambda p, x: lax.cond(p, jnp.exp, jnp.negative, x)),
                [arg("pred", 4), arg("f32", 4)], B + ("vmap",)),
        program("optimization_barrier_f32",
                lambda x, y: lax.optimization_barrier((x * 2.0, y)),
                [arg("f32", 3), arg("s32", 2)], ("control_flow", "optimization_barrier")),
    ]


def programs() -> list[Program]:
    """Control flow programs."""
    return _loop_programs() + _branch_programs()
