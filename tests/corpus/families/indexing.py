"""gather and scatter in their several modes, plus sort and top_k."""

from __future__ import annotations

import jax
import jax.numpy as jnp
from jax import lax

from tests.corpus.programs import Fill, Program, arg, program

G = ("gather",)
S = ("scatter",)


def _index(high: int, *shape: int, low: int = 0, dtype: str = "s32"):
    return arg(dtype, *shape, fill=Fill.UNIFORM, low=low, high=high)


def _gather_programs() -> list[Program]:
    return [
        program("gather_take_rows_f32", lambda x, i: x[i], [arg("f32", 6, 4), _index(6, 5)], G),
        program("gather_take_columns_bf16", lambda x, i: x[:, i],
                [arg("bf16", 3, 7), _index(7, 2, 2)], G),
        program("gather_point_index_c64", lambda x, i, j: x[i, j],
                [arg("c64", 5, 6), _index(5, 4), _index(6, 4)], G),
        program("gather_take_along_axis_s32", lambda x, i: jnp.take_along_axis(x, i, axis=1),
                [arg("s32", 4, 6), _index(6, 4, 3)], G),
        program("gather_mode_clip_f32", lambda x, i: jnp.take(x, i, axis=0, mode="clip"),
                [arg("f32", 5, 3), _index(9, 6, low=-4)], G + ("out_of_bounds",)),
        program("gather_mode_fill_f32", lambda x, i: x.at[i].get(mode="fill", fill_value=-7.0),
                [arg("f32", 5, 3), _index(9, 6, low=-4)], G + ("out_of_bounds",)),
        program("gather_promise_in_bounds_u8",
                lambda x, i: x.at[i].get(mode="promise_in_bounds", indices_are_sorted=True,
                                         unique_indices=True),
                [arg("u8", 8), arg("s32", 4, fill=Fill.ARANGE)], G),
        program("gather_lax_general_f32",
                lambda x, i: lax.gather(
                    x, i, lax.GatherDimensionNumbers(offset_dims=(1,), collapsed_slice_dims=(0,),
                                                     start_index_map=(0, 1)),
                    slice_sizes=(1, 3), mode=lax.GatherScatterMode.CLIP),
                [arg("f32", 5, 6), _index(5, 4, 2)], G),
        program("gather_batching_dims_vmap_f32",
                jax.vmap(lambda x, i: lax.dynamic_slice(x, (i, 0), (2, 3))),
                [arg("f32", 4, 6, 3), _index(5, 4)], G + ("vmap",)),
        program("gather_s64_indices", lambda x, i: x[i],
                [arg("f64", 7, 2), _index(7, 3, dtype="s64")], G),
        program("gather_embedding_lookup_f16", lambda table, ids: table[ids].sum(axis=1),
                [arg("f16", 16, 8), _index(16, 3, 5)], G + ("reduce",)),
    ]


def _scatter_programs() -> list[Program]:
    return [
        program("scatter_set_f32", lambda x, i, u: x.at[i].set(u),
                [arg("f32", 6, 3), _index(6, 4), arg("f32", 4, 3)], S),
        program("scatter_add_duplicates_f32", lambda x, i, u: x.at[i].add(u),
                [arg("f32", 5), _index(5, 9), arg("f32", 9)], S),
        program("scatter_mul_s32", lambda x, i, u: x.at[i].multiply(u),
                [arg("s32", 5, 2), _index(5, 3), arg("s32", 3, 2, low=-3, high=3)], S),
        program("scatter_min_max_bf16", lambda x, i, u: (x.at[i].min(u), x.at[i].max(u)),
                [arg("bf16", 6), _index(6, 4), arg("bf16", 4)], S),
        program("scatter_mode_drop_f32", lambda x, i, u: x.at[i].set(u, mode="drop"),
                [arg("f32", 5, 2), _index(8, 6, low=-3), arg("f32", 6, 2)],
                S + ("out_of_bounds",)),
        program("scatter_mode_clip_s8", lambda x, i, u: x.at[i].add(u, mode="clip"),
                [arg("s8", 5), _index(8, 6, low=-3), arg("s8", 6, low=-5, high=5)],
                S + ("out_of_bounds",)),
        program("scatter_sorted_unique_f32",
                lambda x, i, u: x.at[i].set(u, indices_are_sorted=True, unique_indices=True),
                [arg("f32", 8), arg("s32", 3, fill=Fill.ARANGE), arg("f32", 3)], S),
        program("scatter_2d_points_c64", lambda x, i, j, u: x.at[i, j].add(u),
                [arg("c64", 4, 4), _index(4, 5), _index(4, 5), arg("c64", 5)], S),
        program("scatter_pred_or", lambda x, i: x.at[i].set(True), [arg("pred", 6), _index(6, 2)],
                S),
        program("scatter_batching_dims_vmap_f32",
                jax.vmap(lambda x, i, u: lax.dynamic_update_slice(x, u, (i,))),
                [arg("f32", 3, 8), _index(6, 3), arg("f32", 3, 2)], S + ("vmap",)),
        program("scatter_apply_f32", lambda x, i: x.at[i].apply(jnp.sin),
                [arg("f32", 6), _index(6, 3)], S),
        program("segment_sum_f32", lambda x, seg: jax.ops.segment_sum(x, seg, num_segments=4),
                [arg("f32", 10, 2), _index(4, 10)], S),
    ]


def _sort_programs() -> list[Program]:
    K = ("sort",)
    return [
        program("sort_f32", jnp.sort, [arg("f32", 4, 7, fill=Fill.SPECIAL)], K),
        program("sort_descending_s32", lambda x: jnp.sort(x, axis=0, descending=True),
                [arg("s32", 6, 3)], K),
        program("argsort_stable_bf16", lambda x: jnp.argsort(x, stable=True),
                [arg("bf16", 3, 8, fill=Fill.UNIFORM, low=0, high=3)], K),
        program("sort_multi_operand_stable",
                lambda k, a, b: lax.sort((k, a, b), dimension=0, is_stable=True, num_keys=1),
                [arg("s32", 9, fill=Fill.UNIFORM, low=0, high=3), arg("f32", 9), arg("u8", 9)], K),
        program("sort_two_keys_f64", lambda k1, k2, v: lax.sort((k1, k2, v), num_keys=2),
                [arg("f64", 8, fill=Fill.UNIFORM, low=0, high=2), arg("f64", 8), arg("s32", 8)],
                K),
        program("sort_complex_c64", lambda x: jnp.sort(x), [arg("c64", 6)], K),
        program("sort_pred", lambda x: jnp.sort(x, axis=-1), [arg("pred", 2, 9)], K),
        program("lexsort_u16", lambda a, b: jnp.lexsort((a, b)),
                [arg("u16", 10, high=4), arg("u16", 10, high=4)], K),
        program("top_k_f32", lambda x: lax.top_k(x, 3), [arg("f32", 4, 10)], ("top_k",)),
        program("top_k_s32", lambda x: lax.top_k(x, 5), [arg("s32", 12)], ("top_k",)),
        program("top_k_bf16_batch", lambda x: lax.top_k(x, 2), [arg("bf16", 2, 3, 6)],
                ("top_k",)),
        program("searchsorted_f32", lambda a, v: jnp.searchsorted(jnp.sort(a), v),
                [arg("f32", 16), arg("f32", 5)], K + ("while",)),
        program("unique_size_s32", lambda x: jnp.unique(x, size=6, fill_value=-1),
                [arg("s32", 12, low=0, high=5)], K),
    ]


def programs() -> list[Program]:
    """Indexing programs."""
    return _gather_programs() + _scatter_programs() + _sort_programs()
