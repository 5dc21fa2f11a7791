"""SPMD programs on 8 CPU devices: jit with NamedSharding, and shard_map collectives.

Meshes are built by the generator from `Spmd` (axis types Auto) and installed
with `jax.set_mesh`, so shard_map bodies here name axes but no mesh.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
from jax import lax
from jax._src.lax import parallel as lax_parallel
from jax.sharding import PartitionSpec as P

from tests.corpus.families.models import mlp_args, mlp_train_step, transformer_args, \
    transformer_block
from tests.corpus.programs import Fill, Program, Spmd, arg, program

J = ("spmd", "jit_sharding")
SM = ("spmd", "shard_map")

MESH_8 = ((8,), ("x",))
MESH_2x4 = ((2, 4), ("x", "y"))
MESH_4x2 = ((4, 2), ("x", "y"))
MESH_2x2x2 = ((2, 2, 2), ("x", "y", "z"))


def _spmd(mesh, in_specs, out_specs) -> Spmd:
    shape, names = mesh
    return Spmd(shape, names, tuple(in_specs), out_specs)


def _shmap(body, in_specs, out_specs, **kw):
    """A program body running `body` under shard_map with the context mesh."""
    return jax.shard_map(body, in_specs=in_specs, out_specs=out_specs, **kw)


def _jit_programs() -> list[Program]:
    mlp_in = (P(None, None), P(None), P(None, None), P(None), P("x", None), P("x"))
    mlp_out = ((P(None, None), P(None), P(None, None), P(None)), P())
    megatron_in = ((P("x", None, None),) + (P(None),) * 2 + (P(None, "y"),) * 3
                   + (P("y", None),) + (P(None),) * 2 + (P(None, "y"), P("y"), P("y", None),
                                                         P(None)))
    return [
        program("sharded_elementwise_mesh8", lambda a, b: jnp.sin(a) * b + 1.0,
                [arg("f32", 16, 4), arg("f32", 16, 4)], J,
                spmd=_spmd(MESH_8, (P("x"), P("x")), P("x"))),
        program("sharded_matmul_contracting_2x4", jnp.matmul,
                [arg("f32", 8, 16), arg("f32", 16, 4)], J + ("dot",),
                spmd=_spmd(MESH_2x4, (P("x", "y"), P("y", None)), P("x", None))),
        program("sharded_matmul_outer_4x2", jnp.matmul,
                [arg("f32", 8, 6), arg("f32", 6, 4)], J + ("dot",),
                spmd=_spmd(MESH_4x2, (P("x", None), P(None, "y")), P("x", "y"))),
        program("reshard_transpose_2x4", lambda a: a.T,
                [arg("f32", 8, 8)], J + ("reshard",),
                spmd=_spmd(MESH_2x4, (P("x", "y"),), P("x", "y"))),
        program("reshard_axes_swap_2x4", lambda a: a * 2.0,
                [arg("s32", 8, 8)], J + ("reshard",),
                spmd=_spmd(MESH_2x4, (P("x", "y"),), P("y", "x"))),
        program("sharded_reduce_to_replicated_mesh8", lambda a: (a.sum(0), a.max()),
                [arg("f32", 16, 3)], J + ("reduce",),
                spmd=_spmd(MESH_8, (P("x"),), (P(), P()))),
        program("sharding_constraint_2x2x2",
                lambda a: jax.lax.with_sharding_constraint(jnp.tanh(a), P("z", ("x", "y"))) * 3.0,
                [arg("f32", 4, 8)], J + ("sharding_constraint",),
                spmd=_spmd(MESH_2x2x2, (P(("x", "y"), "z"),), P(None, "x"))),
        program("sharded_3d_mesh_reduce_2x2x2", lambda a: jnp.mean(a, axis=1),
                [arg("f32", 4, 6, 8)], J + ("reduce",),
                spmd=_spmd(MESH_2x2x2, (P("x", "y", "z"),), P("x", "z"))),
        program("partially_replicated_2x4", lambda a, b: a[:, :4] + b,
                [arg("f32", 8, 8), arg("f32", 8, 4)], J,
                spmd=_spmd(MESH_2x4, (P("x"), P(None, "y")), P(None, "y"))),
        program("transformer_megatron_2x4", transformer_block,
                transformer_args("f32", batch=2), J + ("model", "transformer"),
                spmd=_spmd(MESH_2x4, megatron_in, P("x", None, None))),
        program("mlp_train_step_data_parallel_mesh8", mlp_train_step, mlp_args(batch=16),
                J + ("model", "mlp", "grad"), spmd=_spmd(MESH_8, mlp_in, mlp_out)),
        program("mlp_train_step_2d_4x2", mlp_train_step, mlp_args(batch=8, hidden=16),
                J + ("model", "mlp", "grad"),
                spmd=_spmd(MESH_4x2, (P(None, "y"), P("y"), P("y", None), P(None), P("x", None),
                                      P("x")),
                           ((P(None, "y"), P("y"), P("y", None), P(None)), P()))),
        program("sharded_conv_batch_mesh8",
                lambda x, w: lax.conv_general_dilated(x, w, (1, 1), "SAME",
                                                      dimension_numbers=("NHWC", "HWIO", "NHWC")),
                [arg("f32", 8, 6, 6, 2), arg("f32", 3, 3, 2, 4)], J + ("conv",),
                spmd=_spmd(MESH_8, (P("x"), P()), P("x"))),
        program("sharded_gather_2x4", lambda x, i: x[i],
                [arg("f32", 16, 8), arg("s32", 8, fill=Fill.UNIFORM, low=0, high=16)],
                J + ("gather",), spmd=_spmd(MESH_2x4, (P("x", "y"), P("x")), P("x", "y"))),
        program("sharded_scatter_add_mesh8", lambda x, i, u: x.at[i].add(u),
                [arg("f32", 16, 4), arg("s32", 8, fill=Fill.UNIFORM, low=0, high=16),
                 arg("f32", 8, 4)], J + ("scatter",),
                spmd=_spmd(MESH_8, (P("x"), P(), P()), P("x"))),
        program("sharded_sort_4x2", lambda x: jnp.sort(x, axis=0),
                [arg("f32", 8, 8)], J + ("sort",),
                spmd=_spmd(MESH_4x2, (P("x", "y"),), P(None, "y"))),
        program("sharded_cumsum_mesh8", lambda x: jnp.cumsum(x, axis=1),
                [arg("f32", 8, 16)], J + ("reduce_window",),
                spmd=_spmd(MESH_8, (P(None, "x"),), P(None, "x"))),
        program("sharded_while_carry_2x4",
                lambda x: lax.fori_loop(0, 3, lambda i, c: jnp.tanh(c @ c.T @ c), x),
                [arg("f32", 8, 8, scale=0.3)], J + ("while", "dot"),
                spmd=_spmd(MESH_2x4, (P("x", "y"),), P("x", "y"))),
        program("sharded_batched_dot_2x2x2",
                lambda a, b: jnp.einsum("bij,bjk->bik", a, b),
                [arg("f32", 4, 6, 4), arg("f32", 4, 4, 6)], J + ("dot",),
                spmd=_spmd(MESH_2x2x2, (P(("x", "y"), "z", None), P(("x", "y"), None, "z")),
                           P(("x", "y"), "z", None))),
        program("sharded_fft_batch_mesh8", jnp.fft.fft,
                [arg("c64", 8, 16)], J + ("fft",), spmd=_spmd(MESH_8, (P("x"),), P("x"))),
        program("sharded_argmax_2x4", lambda x: jnp.argmax(x, axis=1),
                [arg("f32", 8, 16)], J + ("reduce",),
                spmd=_spmd(MESH_2x4, (P("x", "y"),), P("x"))),
        program("sharded_rng_threefry_mesh8",
                lambda k, x: x + jax.random.normal(jax.random.wrap_key_data(k), x.shape),
                [arg("u32", 2, fill=Fill.BITS), arg("f32", 16, 4)], J + ("rng",),
                spmd=_spmd(MESH_8, (P(), P("x")), P("x"))),
        program("sharded_s64_x64_4x2", lambda a, b: (a * b, (a + b).sum(1)),
                [arg("s64", 8, 4), arg("s64", 8, 4)], J,
                spmd=_spmd(MESH_4x2, (P("x", "y"), P("x", "y")), (P("x", "y"), P("x")))),
    ]


def _ring_perm(n: int) -> list[tuple[int, int]]:
    return [(i, (i + 1) % n) for i in range(n)]


def _collective_matmul(x, w):
    """x[:, k-shard] @ w[k-shard, :] with the partial sums rotated around the ring."""
    n = lax.axis_size("x")
    def step(i, carry):
        acc, chunk = carry
        return acc + chunk, lax.ppermute(chunk, "x", _ring_perm(8))
    partial = x @ w
    acc, _ = lax.fori_loop(0, n, step, (jnp.zeros_like(partial), partial))
    return acc


def _async_ppermute(x):
    future = lax_parallel.ppermute_start(x, "x", perm=_ring_perm(8))
    return future.aval.done_fun(future) * 2.0


def _async_psum(x):
    future = lax_parallel.psum_start(x, "x")
    return future.aval.done_fun(future)


def _shard_map_programs() -> list[Program]:
    f32_16x4 = arg("f32", 16, 4)
    return [
        program("shard_map_psum_mesh8", _shmap(lambda a: lax.psum(a, "x"), P("x"), P()),
                [f32_16x4], SM + ("psum",), spmd=_spmd(MESH_8, (P("x"),), P())),
        program("shard_map_psum_two_axes_2x4",
                _shmap(lambda a: lax.psum(a, ("x", "y")), P("x", "y"), P()),
                [arg("f32", 8, 8)], SM + ("psum",), spmd=_spmd(MESH_2x4, (P("x", "y"),), P())),
        program("shard_map_psum_one_axis_2x4",
                _shmap(lambda a: lax.psum(a, "y"), P("x", "y"), P("x")),
                [arg("s32", 8, 8)], SM + ("psum",), spmd=_spmd(MESH_2x4, (P("x", "y"),), P("x"))),
        program("shard_map_pmean_tuple_mesh8",
                _shmap(lambda a, b: lax.pmean((a, b), "x"), (P("x"), P("x")), (P(), P())),
                [f32_16x4, arg("f64", 8, 2)], SM + ("psum",),
                spmd=_spmd(MESH_8, (P("x"), P("x")), (P(), P()))),
        program("shard_map_all_gather_tiled_mesh8",
                _shmap(lambda a: lax.all_gather(a, "x", tiled=True), P("x"), P(), check_vma=False),
                [f32_16x4], SM + ("all_gather",), spmd=_spmd(MESH_8, (P("x"),), P())),
        program("shard_map_all_gather_stacked_4x2",
                _shmap(lambda a: lax.all_gather(a, "y", axis=1), P("x", "y"), P("x"),
                       check_vma=False),
                [arg("bf16", 8, 4)], SM + ("all_gather",),
                spmd=_spmd(MESH_4x2, (P("x", "y"),), P("x"))),
        program("shard_map_psum_scatter_tiled_2x4",
                _shmap(lambda a: lax.psum_scatter(a, "y", scatter_dimension=1, tiled=True),
                       P("x", None), P("x", "y")),
                [arg("f32", 4, 16)], SM + ("psum_scatter",),
                spmd=_spmd(MESH_2x4, (P("x", None),), P("x", "y"))),
        program("shard_map_psum_scatter_mesh8",
                _shmap(lambda a: lax.psum_scatter(a, "x"), P(None), P("x")),
                [arg("f32", 8, 3)], SM + ("psum_scatter",),
                spmd=_spmd(MESH_8, (P(None),), P("x"))),
        program("shard_map_all_to_all_mesh8",
                _shmap(lambda a: lax.all_to_all(a, "x", split_axis=1, concat_axis=0, tiled=True),
                       P("x", None), P(None, "x")),
                [arg("f32", 16, 16)], SM + ("all_to_all",),
                spmd=_spmd(MESH_8, (P("x", None),), P(None, "x"))),
        program("shard_map_all_to_all_2x2x2",
                _shmap(lambda a: lax.all_to_all(a, "z", split_axis=0, concat_axis=1, tiled=True),
                       P(None, ("x", "y", "z")), P("z", ("x", "y"))),
                [arg("s32", 4, 16)], SM + ("all_to_all",),
                spmd=_spmd(MESH_2x2x2, (P(None, ("x", "y", "z")),), P("z", ("x", "y")))),
        program("shard_map_ppermute_ring_mesh8",
                _shmap(lambda a: lax.ppermute(a, "x", _ring_perm(8)), P("x"), P("x")),
                [f32_16x4], SM + ("ppermute",), spmd=_spmd(MESH_8, (P("x"),), P("x"))),
        program("shard_map_ppermute_pairs_2x4",
                _shmap(lambda a: lax.ppermute(a, "y", [(0, 3), (3, 0), (1, 2)]), P("x", "y"),
                       P("x", "y")),
                [arg("f32", 4, 8)], SM + ("ppermute",),
                spmd=_spmd(MESH_2x4, (P("x", "y"),), P("x", "y"))),
        program("shard_map_axis_index_2x2x2",
                _shmap(lambda a: a + lax.axis_index("x") * 100 + lax.axis_index("y") * 10
                       + lax.axis_index("z"), P(("x", "y", "z")), P(("x", "y", "z"))),
                [arg("s32", 8)], SM + ("axis_index",),
                spmd=_spmd(MESH_2x2x2, (P(("x", "y", "z")),), P(("x", "y", "z")))),
        program("shard_map_pmax_pmin_mesh8",
                _shmap(lambda a: (lax.pmax(a, "x"), lax.pmin(a, "x")), P("x"), (P(), P())),
                [f32_16x4], SM + ("pmax", "pmin"), spmd=_spmd(MESH_8, (P("x"),), (P(), P()))),
        program("shard_map_pmax_s32_4x2",
                _shmap(lambda a: lax.pmax(lax.pmin(a, "y"), "x"), P("x", "y"), P()),
                [arg("s32", 8, 4)], SM + ("pmax", "pmin"),
                spmd=_spmd(MESH_4x2, (P("x", "y"),), P())),
        program("shard_map_partial_manual_2x4",
                _shmap(lambda a: lax.psum(a, "x"), P("x"), P(), axis_names=frozenset({"x"})),
                [arg("f32", 8, 8)], SM + ("psum", "partial_manual"),
                spmd=_spmd(MESH_2x4, (P("x", "y"),), P(None, "y"))),
        program("shard_map_collective_matmul_mesh8",
                _shmap(_collective_matmul, (P(None, "x"), P("x", None)), P(None, None),
                       check_vma=False),
                [arg("f32", 4, 16), arg("f32", 16, 4)], SM + ("ppermute", "while", "dot"),
                spmd=_spmd(MESH_8, (P(None, "x"), P("x", None)), P())),
        program("shard_map_grad_psum_mesh8",
                jax.grad(lambda w, x: _shmap(
                    lambda w_, x_: lax.psum(jnp.sum(jnp.tanh(x_ @ w_)), "x"),
                    (P(), P("x")), P())(w, x)),
                [arg("f32", 4, 2), arg("f32", 16, 4)], SM + ("psum", "grad"),
                spmd=_spmd(MESH_8, (P(), P("x")), P())),
        program("shard_map_async_ppermute_mesh8",
                _shmap(_async_ppermute, P("x"), P("x")),
                [f32_16x4], SM + ("ppermute", "async"), spmd=_spmd(MESH_8, (P("x"),), P("x"))),
        program("shard_map_async_psum_mesh8",
                _shmap(_async_psum, P("x"), P()),
                [f32_16x4], SM + ("psum", "async"), spmd=_spmd(MESH_8, (P("x"),), P())),
        program("shard_map_gather_scatter_mix_2x4",
                _shmap(lambda a: lax.psum_scatter(lax.all_gather(a, "x", tiled=True) * 2.0, "y",
                                                  tiled=True), P("x", None), P("y", None),
                       check_vma=False),
                [arg("f32", 16, 2)], SM + ("all_gather", "psum_scatter"),
                spmd=_spmd(MESH_2x4, (P("x", None),), P("y", None))),
    ]


def programs() -> list[Program]:
    """SPMD programs (all on 8 devices)."""
    return _jit_programs() + _shard_map_programs()
