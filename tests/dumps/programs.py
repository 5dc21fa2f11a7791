"""The JAX programs XLA dumps for the dump corpus (issue 13): one function per program.

Each program jits and runs its computation once, so that XLA compiles it (and dumps every pass).
Run only inside the generator's subprocess: XLA_FLAGS (dump directory, 8 host devices) must be set
before JAX starts. Inputs are built with numpy, so the dump holds few helper modules besides the
program's own.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

PROGRAMS: dict[str, Callable[[], None]] = {}


def program(fn: Callable[[], None]) -> Callable[[], None]:
    """Registers a program under its function name (the dump's module is `jit_<inner name>`)."""
    PROGRAMS[fn.__name__] = fn
    return fn


def _rand(*shape: int, dtype=np.float32, seed: int = 0) -> np.ndarray:
    return np.random.default_rng(seed).standard_normal(shape).astype(dtype)


def _mesh(shape: tuple[int, ...], names: tuple[str, ...]):
    import jax

    return jax.make_mesh(shape, names, axis_types=(jax.sharding.AxisType.Auto,) * len(names))


@program
def cnn_train_step() -> None:
    import jax
    import jax.numpy as jnp
    from jax import lax

    def loss(params, x, y):
        w1, w2, wd = params
        h = lax.conv_general_dilated(x, w1, (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))
        h = jax.nn.relu(h)
        h = lax.reduce_window(h, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID")
        h = lax.conv_general_dilated(h, w2, (2, 2), "VALID", dimension_numbers=("NHWC", "HWIO", "NHWC"))
        logits = h.reshape(h.shape[0], -1) @ wd
        return -jnp.mean(jnp.sum(jax.nn.log_softmax(logits) * y, axis=-1))

    @jax.jit
    def cnn_step(params, x, y):
        grads = jax.grad(loss)(params, x, y)
        return jax.tree.map(lambda p, g: p - 0.1 * g, params, grads)

    params = (_rand(3, 3, 3, 8), _rand(3, 3, 8, 16, seed=1), _rand(16 * 3 * 3, 10, seed=2))
    y = np.eye(10, dtype=np.float32)[np.arange(4)]
    cnn_step(params, _rand(4, 16, 16, 3, seed=3), y)


@program
def attention_bf16() -> None:
    import jax
    import jax.numpy as jnp

    @jax.jit
    def attention(q, k, v):
        q, k, v = (t.astype(jnp.bfloat16) for t in (q, k, v))
        scores = jnp.einsum("bhqd,bhkd->bhqk", q, k) / jnp.sqrt(jnp.bfloat16(q.shape[-1]))
        mask = jnp.tril(jnp.ones(scores.shape[-2:], bool))
        scores = jnp.where(mask, scores, jnp.bfloat16(-1e4))
        weights = jax.nn.softmax(scores.astype(jnp.float32), axis=-1).astype(jnp.bfloat16)
        return jnp.einsum("bhqk,bhkd->bhqd", weights, v)

    attention(_rand(2, 4, 16, 8), _rand(2, 4, 16, 8, seed=1), _rand(2, 4, 16, 8, seed=2))


@program
def scan_rnn() -> None:
    import jax
    import jax.numpy as jnp

    @jax.jit
    def rnn(wx, wh, xs):
        def cell(h, x):
            h = jnp.tanh(x @ wx + h @ wh)
            return h, h.sum()

        return jax.lax.scan(cell, jnp.zeros((4, 16)), xs)

    jax.jit(jax.grad(lambda wx, wh, xs: rnn(wx, wh, xs)[1].sum()))(
        _rand(8, 16), _rand(16, 16, seed=1), _rand(10, 4, 8, seed=2)
    )


@program
def random_threefry() -> None:
    import jax

    @jax.jit
    def sample(key):
        k1, k2, k3 = jax.random.split(key, 3)
        x = jax.random.normal(k1, (16, 8))
        keep = jax.random.bernoulli(k2, 0.8, x.shape)
        perm = jax.random.permutation(k3, 16)
        return (x * keep)[perm], jax.random.randint(k3, (4,), 0, 100)

    sample(jax.random.key(0))


@program
def random_rbg() -> None:
    import jax

    @jax.jit
    def sample_rbg(key):
        return jax.random.uniform(key, (32, 4)), jax.random.gumbel(key, (8,))

    sample_rbg(jax.random.key(1, impl="rbg"))


@program
def sort_top_k() -> None:
    import jax
    import jax.numpy as jnp

    @jax.jit
    def ranking(x, keys):
        values, indices = jax.lax.top_k(x, 5)
        stable = jnp.argsort(keys, stable=True)
        both = jax.lax.sort((keys, x[0]), num_keys=1)
        return values, indices, stable, both, jnp.sort(x, axis=0, descending=True)

    ranking(_rand(6, 32), np.random.default_rng(4).integers(0, 5, 32).astype(np.int32))


@program
def while_loops() -> None:
    import jax
    import jax.numpy as jnp

    @jax.jit
    def newton(x, n):
        def cond(state):
            i, y, err = state
            return (i < n) & (err > 1e-6)

        def body(state):
            i, y, _ = state
            new = 0.5 * (y + x / y)
            return i + 1, new, jnp.max(jnp.abs(new - y))

        _, root, _ = jax.lax.while_loop(cond, body, (0, x, jnp.float32(1.0)))
        total = jax.lax.fori_loop(0, n, lambda i, acc: acc + i * root, jnp.zeros_like(x))
        return root, total

    newton(np.abs(_rand(8)) + 1.0, np.int32(20))


@program
def conds_and_switch() -> None:
    import jax
    import jax.numpy as jnp

    @jax.jit
    def branches(p, i, x):
        a = jax.lax.cond(p, lambda v: jnp.sin(v), lambda v: jnp.cos(v) * 2.0, x)
        b = jax.lax.switch(i, [lambda v: v[0] * 3.0, lambda v: v[1] - 1.0, lambda v: jnp.tanh(v).sum(0)], x)
        return a, b

    branches(np.bool_(True), np.int32(2), _rand(4, 4))


@program
def fft_complex() -> None:
    import jax
    import jax.numpy as jnp

    @jax.jit
    def spectrum(x, z):
        f = jnp.fft.rfft2(x)
        g = jnp.fft.ifft(jnp.fft.fft(z) * jnp.conj(z))
        return jnp.fft.irfft2(f * 2.0, s=x.shape), jnp.abs(g), jnp.angle(g), jnp.exp(1j * z.real)

    spectrum(_rand(8, 16), (_rand(16) + 1j * _rand(16, seed=1)).astype(np.complex64))


@program
def integer_bit_ops() -> None:
    import jax
    import jax.numpy as jnp
    from jax import lax

    @jax.jit
    def bits(a, b, c):
        return (
            lax.shift_left(a, 3) ^ lax.shift_right_logical(b, 2),
            lax.population_count(a),
            lax.clz(b),
            (a & b) | ~c,
            lax.shift_right_arithmetic(c, 1),
            lax.bitcast_convert_type(a.astype(jnp.float32), jnp.int32),
            jnp.remainder(a, 7),
            a // 3,
            (a.astype(jnp.uint8) >> 1).astype(jnp.int8),
        )

    rng = np.random.default_rng(5)
    bits(*(rng.integers(-(2**20), 2**20, 64).astype(np.int32) for _ in range(3)))


@program
def custom_vjp_clip() -> None:
    import jax
    import jax.numpy as jnp

    @jax.custom_vjp
    def clip_gradient(x):
        return x

    clip_gradient.defvjp(lambda x: (x, None), lambda _, g: (jnp.clip(g, -1.0, 1.0),))

    @jax.jit
    def grad_clipped(w, x):
        return jax.grad(lambda w: jnp.sum(clip_gradient(jnp.tanh(x @ w)) ** 3))(w)

    grad_clipped(_rand(8, 4), _rand(16, 8, seed=1) * 4.0)


@program
def remat_mlp() -> None:
    import jax
    import jax.numpy as jnp

    @jax.checkpoint
    def layer(w, x):
        return jax.nn.gelu(x @ w)

    @jax.jit
    def remat_grad(ws, x):
        def loss(ws):
            h = x
            for w in ws:
                h = layer(w, h)
            return jnp.sum(h**2)

        return jax.grad(loss)(ws)

    remat_grad([_rand(16, 16, seed=i) for i in range(3)], _rand(4, 16, seed=9))


@program
def shard_map_collectives() -> None:
    import jax
    import jax.numpy as jnp
    from jax.sharding import PartitionSpec as P

    mesh = _mesh((8,), ("x",))

    @jax.jit
    def collectives(x):
        def body(b):
            s = jax.lax.psum(b, "x")
            g = jax.lax.all_gather(b, "x", tiled=True)
            r = jax.lax.ppermute(b, "x", [(i, (i + 1) % 8) for i in range(8)])
            t = jax.lax.all_to_all(b.reshape(8, -1), "x", 0, 0, tiled=True)
            sc = jax.lax.psum_scatter(jnp.tile(b, (8, 1)), "x", scatter_dimension=0, tiled=True)
            m = jax.lax.pmax(b, "x") + jax.lax.axis_index("x")
            return s + r + m + sc, g.sum(0, keepdims=True), t.reshape(b.shape)

        return jax.shard_map(body, mesh=mesh, in_specs=P("x"), out_specs=(P("x"), P("x"), P("x")))(x)

    collectives(_rand(8, 8))


@program
def shard_map_2d_grad() -> None:
    import jax
    import jax.numpy as jnp
    from jax.sharding import PartitionSpec as P

    mesh = _mesh((2, 4), ("data", "model"))

    def body(w, x):
        h = jax.lax.psum(x @ w, "model")
        return jax.lax.pmean(jnp.sum(jnp.tanh(h) ** 2), "data")

    @jax.jit
    def sharded_grad(w, x):
        f = jax.shard_map(body, mesh=mesh, in_specs=(P("model", None), P("data", "model")), out_specs=P())
        return jax.grad(f)(w, x)

    sharded_grad(_rand(16, 8), _rand(8, 16, seed=1))


@program
def gspmd_mesh_4x2() -> None:
    import jax
    import jax.numpy as jnp
    from jax.sharding import NamedSharding
    from jax.sharding import PartitionSpec as P

    jax.config.update("jax_use_shardy_partitioner", False)
    mesh = _mesh((4, 2), ("x", "y"))

    def mlp(w1, w2, x):
        h = jax.nn.relu(x @ w1)
        h = jax.lax.with_sharding_constraint(h, NamedSharding(mesh, P("x", "y")))
        return jnp.mean((h @ w2) ** 2)

    step = jax.jit(
        jax.value_and_grad(mlp, argnums=(0, 1)),
        in_shardings=(
            NamedSharding(mesh, P(None, "y")),
            NamedSharding(mesh, P("y", None)),
            NamedSharding(mesh, P("x", None)),
        ),
    )
    step(_rand(16, 32), _rand(32, 8, seed=1), _rand(16, 16, seed=2))


@program
def shardy_mesh_4x2() -> None:
    import jax
    import jax.numpy as jnp
    from jax.sharding import NamedSharding
    from jax.sharding import PartitionSpec as P

    mesh = _mesh((4, 2), ("x", "y"))

    @jax.jit
    def sharded_layer(w, x):
        h = jnp.einsum("bd,df->bf", x, w)
        return jax.lax.with_sharding_constraint(jnp.tanh(h), NamedSharding(mesh, P("x", None))).sum(1)

    w = jax.device_put(_rand(16, 24), NamedSharding(mesh, P(None, "y")))
    x = jax.device_put(_rand(8, 16, seed=1), NamedSharding(mesh, P("x", None)))
    sharded_layer(w, x)


@program
def async_collectives() -> None:
    import jax
    from jax._src.lax import parallel as lax_parallel
    from jax.sharding import PartitionSpec as P

    mesh = _mesh((8,), ("x",))

    @jax.jit
    def async_ring(x):
        def body(b):
            fp = lax_parallel.ppermute_start(b, "x", perm=[(i, (i + 1) % 8) for i in range(8)])
            fs = lax_parallel.psum_start(b * 2.0, "x")
            fg = lax_parallel.all_gather_start(b, "x", tiled=True)
            p, s, g = (f.aval.done_fun(f) for f in (fp, fs, fg))
            return p + s, g.sum(0, keepdims=True)

        return jax.shard_map(body, mesh=mesh, in_specs=P("x"), out_specs=(P("x"), P("x")))(x)

    async_ring(_rand(8, 4))


@program
def mlp_train_step() -> None:
    import jax
    import jax.numpy as jnp

    def loss(params, x, y):
        for w, b in params[:-1]:
            x = jax.nn.relu(x @ w + b)
        w, b = params[-1]
        return jnp.mean(optax_like_xent(x @ w + b, y))

    def optax_like_xent(logits, y):
        return -jnp.sum(jax.nn.log_softmax(logits) * jax.nn.one_hot(y, logits.shape[-1]), -1)

    @jax.jit
    def train_step(params, x, y):
        value, grads = jax.value_and_grad(loss)(params, x, y)
        return value, jax.tree.map(lambda p, g: p - 0.05 * g, params, grads)

    sizes = [12, 32, 32, 5]
    params = [(_rand(a, b, seed=i), np.zeros(b, np.float32)) for i, (a, b) in enumerate(zip(sizes, sizes[1:]))]
    train_step(params, _rand(8, 12, seed=7), np.arange(8, dtype=np.int32) % 5)


@program
def layernorm_softmax() -> None:
    import jax

    @jax.jit
    def norms(x, g):
        mu = x.mean(-1, keepdims=True)
        var = ((x - mu) ** 2).mean(-1, keepdims=True)
        y = (x - mu) * jax.lax.rsqrt(var + 1e-5) * g
        return jax.nn.softmax(y, axis=-1), jax.scipy.special.logsumexp(y, axis=0)

    norms(_rand(16, 32), _rand(32, seed=1))


@program
def gather_scatter() -> None:
    import jax
    import jax.numpy as jnp

    @jax.jit
    def indexing(table, idx, upd):
        rows = table[idx]
        out = table.at[idx].add(upd)
        out = out.at[idx[::-1], 1].max(upd[:, 0])
        return rows, out, jnp.take_along_axis(rows, idx[:, None] % 4, axis=1)

    rng = np.random.default_rng(8)
    indexing(_rand(10, 4), rng.integers(0, 10, 6).astype(np.int32), _rand(6, 4, seed=1))


@program
def cumulative_ops() -> None:
    import jax
    import jax.numpy as jnp

    @jax.jit
    def cumulative(x):
        return (
            jnp.cumsum(x, 0),
            jnp.cumprod(x, 1),
            jax.lax.cummax(x, axis=0),
            jax.lax.associative_scan(jnp.add, x, axis=1),
            jnp.diff(x, axis=1),
        )

    cumulative(_rand(12, 10))


@program
def argmax_argsort() -> None:
    import jax
    import jax.numpy as jnp

    @jax.jit
    def arg_ops(x):
        return jnp.argmax(x, 0), jnp.argmin(x, 1), jnp.argsort(x, axis=1), jnp.unique_counts(x.ravel() > 0, size=2)

    arg_ops(_rand(8, 8))


@program
def linalg_lapack() -> None:
    import jax
    import jax.numpy as jnp

    @jax.jit
    def solve(a, b):
        spd = a @ a.T + 8.0 * jnp.eye(a.shape[0])
        chol = jnp.linalg.cholesky(spd)
        q, r = jnp.linalg.qr(a)
        x = jax.scipy.linalg.solve_triangular(chol, b, lower=True)
        return x, q, r, jnp.linalg.eigh(spd)[0]

    solve(_rand(6, 6), _rand(6, 2, seed=1))


@program
def pooling() -> None:
    import jax
    import jax.numpy as jnp
    from jax import lax

    @jax.jit
    def pools(x):
        mx = lax.reduce_window(x, -jnp.inf, lax.max, (1, 3, 3, 1), (1, 2, 2, 1), "SAME")
        avg = lax.reduce_window(x, 0.0, lax.add, (1, 2, 2, 1), (1, 1, 1, 1), "VALID") / 4.0
        return (
            mx,
            avg,
            jax.grad(lambda v: lax.reduce_window(v, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID").sum())(x),
        )

    pools(_rand(2, 8, 8, 3))


@program
def dynamic_slicing() -> None:
    import jax
    from jax import lax

    @jax.jit
    def windows(x, i, j):
        block = lax.dynamic_slice(x, (i, j), (4, 4))
        updated = lax.dynamic_update_slice(x, block * 2.0, (j, i))
        return block, updated, lax.dynamic_index_in_dim(x, i, axis=1)

    windows(_rand(12, 12), np.int32(3), np.int32(5))


@program
def x64_numerics() -> None:
    import jax
    import jax.numpy as jnp

    jax.config.update("jax_enable_x64", True)

    @jax.jit
    def wide(a, b, n):
        return (
            a * b + jnp.float64(1e-300),
            n * np.int64(2**40),
            (n.astype(jnp.uint64) >> 3),
            jnp.sqrt(jnp.abs(a)).astype(jnp.float32),
            jnp.log1p(jnp.abs(b)),
        )

    wide(_rand(16, dtype=np.float64), _rand(16, dtype=np.float64, seed=1), np.arange(16, dtype=np.int64))


@program
def einsum_batched() -> None:
    import jax
    import jax.numpy as jnp

    @jax.jit
    def contractions(a, b, c):
        return (
            jnp.einsum("bij,bjk->bik", a, b),
            jnp.einsum("bij,k->bkij", a, c),
            jnp.einsum("bii->bi", a),
            jnp.tensordot(a, a, axes=([1, 2], [2, 1])),
            jax.lax.dot_general(a, b, (((2,), (1,)), ((0,), (0,))), precision=jax.lax.Precision.HIGHEST),
        )

    contractions(_rand(3, 5, 5), _rand(3, 5, 4, seed=1), _rand(7, seed=2))


@program
def vmap_per_example() -> None:
    import jax
    import jax.numpy as jnp

    def per_example_loss(w, x, y):
        return (jnp.tanh(x @ w) - y) ** 2

    @jax.jit
    def per_example_grads(w, xs, ys):
        return jax.vmap(jax.grad(lambda w, x, y: per_example_loss(w, x, y).sum()), (None, 0, 0))(w, xs, ys)

    per_example_grads(_rand(6, 3), _rand(10, 6, seed=1), _rand(10, 3, seed=2))


@program
def pad_concat_reverse() -> None:
    import jax
    import jax.numpy as jnp

    @jax.jit
    def reshape_ops(x, y):
        p = jax.lax.pad(x, 0.0, ((1, 2, 1), (0, -1, 0)))
        return (
            p,
            jnp.concatenate([x, y[:, ::-1]], axis=1),
            jnp.flip(x, 0),
            jnp.roll(x, 3, axis=1),
            jnp.repeat(y, 2, axis=0).T.reshape(-1),
            jnp.broadcast_to(y[:, :1], (5, 6)),
        )

    reshape_ops(_rand(5, 6), _rand(5, 3, seed=1))


@program
def converts_and_rounding() -> None:
    import jax
    import jax.numpy as jnp

    @jax.jit
    def casts(x):
        return (
            x.astype(jnp.float8_e4m3fn).astype(jnp.float32),
            x.astype(jnp.float16),
            jnp.round(x * 10.0),
            jnp.floor(x),
            jnp.ceil(x),
            x.astype(jnp.int8),
            jnp.clip(x, -0.5, 0.5),
            jax.lax.reduce_precision(x, exponent_bits=5, mantissa_bits=2),
            jnp.isnan(x / x),
            x.astype(bool),
        )

    casts(_rand(4, 8) * 3.0)


@program
def special_functions() -> None:
    import jax
    import jax.numpy as jnp
    from jax.scipy import special

    @jax.jit
    def specials(x):
        return (
            special.erf(x),
            special.gammaln(jnp.abs(x) + 1.0),
            special.digamma(jnp.abs(x) + 1.0),
            jnp.arctan2(x, 1.0 + x * x),
            jnp.cbrt(x),
            jnp.expm1(x),
            special.erfinv(jnp.tanh(x)),
            jnp.sinh(x),
            jnp.arccosh(2.0 + jnp.abs(x)),
        )

    specials(_rand(32))


@program
def nested_control_flow() -> None:
    import jax
    import jax.numpy as jnp

    @jax.jit
    def nested(xs, threshold):
        def step(carry, x):
            total, count = carry
            big = jax.lax.cond(x.sum() > threshold, lambda v: v * 2.0, lambda v: -v, x)
            inner = jax.lax.fori_loop(0, 3, lambda i, v: v * 0.5 + i, big)
            return (total + inner, count + (x.sum() > threshold)), inner.max()

        return jax.lax.scan(step, (jnp.zeros(xs.shape[1:]), jnp.int32(0)), xs)

    nested(_rand(6, 5), np.float32(0.1))


@program
def donated_buffers() -> None:
    import jax
    import jax.numpy as jnp

    @jax.jit
    def update_in_place(state, delta):
        return state + delta, jnp.linalg.norm(delta)

    jax.jit(update_in_place.__wrapped__, donate_argnums=0)(_rand(64, 16), _rand(64, 16, seed=1))
