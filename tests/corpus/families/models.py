"""Small models: a transformer block, MLP train steps, a CNN, an LSTM."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.corpus.programs import Arg, Fill, Program, arg, program

M = ("model",)
SEQ, DIM, HEADS, HIDDEN = 8, 16, 2, 32


def layer_norm(x, scale, bias):
    """Layer norm over the last axis."""
    mean = x.mean(-1, keepdims=True)
    var = ((x - mean) ** 2).mean(-1, keepdims=True)
    return (x - mean) * jax.lax.rsqrt(var + 1e-5) * scale + bias


def attention(x, wq, wk, wv, wo, causal: bool = True):
    """Multi-head self attention over x[batch, seq, dim]."""
    b, s, d = x.shape
    def heads(w):
        return (x @ w).reshape(b, s, HEADS, d // HEADS).transpose(0, 2, 1, 3)
    q, k, v = heads(wq), heads(wk), heads(wv)
    logits = jnp.einsum("bhqd,bhkd->bhqk", q, k) / np.sqrt(d // HEADS).astype(np.float32)
    if causal:
        mask = jnp.tril(jnp.ones((s, s), bool))
        logits = jnp.where(mask, logits, jnp.finfo(logits.dtype).min)
    out = jnp.einsum("bhqk,bhkd->bhqd", jax.nn.softmax(logits, axis=-1), v)
    return out.transpose(0, 2, 1, 3).reshape(b, s, d) @ wo


def transformer_block(x, ln1_s, ln1_b, wq, wk, wv, wo, ln2_s, ln2_b, w1, b1, w2, b2):
    """A pre-norm transformer block with a GELU MLP."""
    x = x + attention(layer_norm(x, ln1_s, ln1_b), wq, wk, wv, wo)
    h = jax.nn.gelu(layer_norm(x, ln2_s, ln2_b) @ w1 + b1)
    return x + h @ w2 + b2


def transformer_args(dtype: str, batch: int = 2) -> list[Arg]:
    """Activations and parameters of `transformer_block`, in its parameter order."""
    ones = arg(dtype, DIM, fill=Fill.UNIFORM, low=0.9, high=1.1)
    zeros = arg(dtype, DIM, scale=0.01)
    w = arg(dtype, DIM, DIM, scale=0.25)
    return [arg(dtype, batch, SEQ, DIM), ones, zeros, w, w, w, w, ones, zeros,
            arg(dtype, DIM, HIDDEN, scale=0.25), arg(dtype, HIDDEN, scale=0.01),
            arg(dtype, HIDDEN, DIM, scale=0.2), zeros]


def mlp_loss(w1, b1, w2, b2, x, labels):
    """Softmax cross entropy of a two-layer ReLU MLP."""
    logits = jax.nn.relu(x @ w1 + b1) @ w2 + b2
    logp = jax.nn.log_softmax(logits)
    return -jnp.take_along_axis(logp, labels[:, None], axis=1).mean()


def mlp_train_step(w1, b1, w2, b2, x, labels):
    """One SGD step: returns the new parameters and the loss."""
    loss, grads = jax.value_and_grad(mlp_loss, argnums=(0, 1, 2, 3))(w1, b1, w2, b2, x, labels)
    new = tuple(p - 0.1 * g for p, g in zip((w1, b1, w2, b2), grads))
    return new, loss


def mlp_args(batch: int = 8, features: int = 12, hidden: int = 16, classes: int = 4) -> list[Arg]:
    """Parameters, inputs and labels of `mlp_train_step`."""
    return [arg("f32", features, hidden, scale=0.3), arg("f32", hidden, scale=0.1),
            arg("f32", hidden, classes, scale=0.3), arg("f32", classes, scale=0.1),
            arg("f32", batch, features),
            arg("s32", batch, fill=Fill.UNIFORM, low=0, high=classes)]


def _adam_step(w, m, v, x, y):
    loss, g = jax.value_and_grad(lambda p: jnp.mean((jnp.tanh(x @ p) - y) ** 2))(w)
    m = 0.9 * m + 0.1 * g
    v = 0.999 * v + 0.001 * g * g
    return w - 1e-2 * m / (jnp.sqrt(v) + 1e-8), m, v, loss


def _cnn(x, w1, w2, dense):
    dn = ("NHWC", "HWIO", "NHWC")
    h = jax.nn.relu(jax.lax.conv_general_dilated(x, w1, (1, 1), "SAME", dimension_numbers=dn))
    h = jax.lax.reduce_window(h, -jnp.inf, jax.lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID")
    h = jax.nn.relu(jax.lax.conv_general_dilated(h, w2, (2, 2), "SAME", dimension_numbers=dn))
    return jax.nn.log_softmax(h.reshape(h.shape[0], -1) @ dense)


def _lstm(wx, wh, b, xs):
    def cell(carry, x):
        h, c = carry
        i, f, g, o = jnp.split(x @ wx + h @ wh + b, 4, axis=-1)
        c = jax.nn.sigmoid(f) * c + jax.nn.sigmoid(i) * jnp.tanh(g)
        h = jax.nn.sigmoid(o) * jnp.tanh(c)
        return (h, c), h
    hidden = wh.shape[0]
    zeros = jnp.zeros((xs.shape[1], hidden), xs.dtype)
    return jax.lax.scan(cell, (zeros, zeros), xs)


def _mlp_constant_weights():
    """An MLP whose weights are baked in: large constants in the module."""
    rng = np.random.default_rng(7)
    w1 = rng.standard_normal((32, 64)).astype(np.float32)
    w2 = rng.standard_normal((64, 10)).astype(np.float32)
    return lambda x: jax.nn.relu(x @ w1) @ w2


def programs() -> list[Program]:
    """Model programs."""
    return [
        program("transformer_block_f32", transformer_block, transformer_args("f32"),
                M + ("transformer",)),
        program("transformer_block_bf16", transformer_block, transformer_args("bf16"),
                M + ("transformer",)),
        program("transformer_block_grad_f32",
                jax.grad(lambda *a: transformer_block(*a).sum(), argnums=(3, 9)),
                transformer_args("f32", batch=1), M + ("transformer", "grad")),
        program("mlp_train_step_f32", mlp_train_step, mlp_args(), M + ("mlp", "grad")),
        program("mlp_forward_constant_weights_f32", _mlp_constant_weights(),
                [arg("f32", 4, 32)], M + ("mlp", "constant")),
        program("adam_step_f32", _adam_step,
                [arg("f32", 6, 3), arg("f32", 6, 3, scale=0.01),
                 arg("f32", 6, 3, fill=Fill.UNIFORM, low=0, high=0.01), arg("f32", 5, 6),
                 arg("f32", 5, 3)], M + ("grad",)),
        program("cnn_forward_f32", _cnn,
                [arg("f32", 2, 8, 8, 3), arg("f32", 3, 3, 3, 4, scale=0.3),
                 arg("f32", 3, 3, 4, 6, scale=0.3), arg("f32", 24, 5, scale=0.2)],
                M + ("conv", "reduce_window")),
        program("cnn_grad_f32", jax.grad(lambda *a: _cnn(*a).sum(), argnums=(1, 2, 3)),
                [arg("f32", 2, 8, 8, 3), arg("f32", 3, 3, 3, 4, scale=0.3),
                 arg("f32", 3, 3, 4, 6, scale=0.3), arg("f32", 24, 5, scale=0.2)],
                M + ("conv", "grad", "select_and_scatter")),
        program("lstm_f32", _lstm,
                [arg("f32", 3, 16, scale=0.3), arg("f32", 4, 16, scale=0.3),
                 arg("f32", 16, scale=0.1), arg("f32", 5, 2, 3)], M + ("scan",)),
    ]
