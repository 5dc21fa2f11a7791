"""iota, broadcast, reshape, transpose, slicing, concatenate, pad, rev and friends."""

from __future__ import annotations

import jax.numpy as jnp
import numpy as np
from jax import lax

from tests.corpus.programs import Fill, Program, arg, program

T = ("data_movement",)


def _iota_programs() -> list[Program]:
    return [
        program("iota_s32", lambda: lax.iota(jnp.int32, 7), [], T + ("iota",)),
        program("broadcasted_iota_f32",
                lambda: lax.broadcasted_iota(jnp.float32, (3, 4, 2), 1), [], T + ("iota",)),
        program("iota_u8_plus_input", lambda x: x + lax.broadcasted_iota(jnp.uint8, (4, 4), 0),
                [arg("u8", 4, 4)], T + ("iota",)),
        program("arange_reshape_s64", lambda: jnp.arange(24, dtype=jnp.int64).reshape(2, 3, 4),
                [], T + ("iota",), x64=True),
        program("eye_tri_f32", lambda x: (jnp.eye(4) * x, jnp.tril(x), jnp.triu(x, 1)),
                [arg("f32", 4, 4)], T + ("iota",)),
    ]


def _shape_programs() -> list[Program]:
    return [
        program("broadcast_in_dim_f32", lambda x: lax.broadcast_in_dim(x, (2, 3, 4), (1,)),
                [arg("f32", 3)], T + ("broadcast",)),
        program("broadcast_scalar_c64", lambda x: jnp.broadcast_to(x, (2, 3)), [arg("c64")],
                T + ("broadcast",)),
        program("broadcast_leading_pred", lambda x: lax.broadcast(x, (2, 2)), [arg("pred", 3)],
                T + ("broadcast",)),
        program("reshape_f16", lambda x: x.reshape(4, 6).reshape(2, 2, 6),
                [arg("f16", 2, 3, 4)], T + ("reshape",)),
        program("reshape_squeeze_expand_s8", lambda x: jnp.expand_dims(jnp.squeeze(x, 1), 0),
                [arg("s8", 3, 1, 4)], T + ("reshape",)),
        program("transpose_bf16", lambda x: jnp.transpose(x, (2, 0, 1)), [arg("bf16", 2, 3, 4)],
                T + ("transpose",)),
        program("transpose_c128", lambda x: x.T, [arg("c128", 3, 5)], T + ("transpose",)),
        program("transpose_4d_pred", lambda x: jnp.transpose(x, (3, 1, 0, 2)),
                [arg("pred", 2, 3, 1, 4)], T + ("transpose",)),
        program("tile_repeat_u16", lambda x: (jnp.tile(x, (2, 3)), jnp.repeat(x, 2, axis=0)),
                [arg("u16", 2, 3)], T + ("broadcast", "reshape")),
    ]


def _slice_programs() -> list[Program]:
    return [
        program("slice_strided_f32", lambda x: lax.slice(x, (1, 0), (6, 7), (2, 3)),
                [arg("f32", 7, 8)], T + ("slice",)),
        program("slice_negative_index_s64", lambda x: x[-3:, ::-2], [arg("s64", 5, 6)],
                T + ("slice", "rev")),
        program("dynamic_slice_f32", lambda x, i, j: lax.dynamic_slice(x, (i, j), (2, 3)),
                [arg("f32", 5, 6), arg("s32", fill=Fill.UNIFORM, low=0, high=4),
                 arg("s32", fill=Fill.UNIFORM, low=-2, high=9)], T + ("dynamic_slice",)),
        program("dynamic_slice_u32_index_bf16",
                lambda x, i: lax.dynamic_slice_in_dim(x, i, 2, axis=1),
                [arg("bf16", 3, 6), arg("u32", fill=Fill.UNIFORM, low=0, high=5)],
                T + ("dynamic_slice",)),
        program("dynamic_update_slice_f32",
                lambda x, u, i: lax.dynamic_update_slice(x, u, (i, 1)),
                [arg("f32", 5, 6), arg("f32", 2, 3), arg("s32", fill=Fill.UNIFORM, low=0, high=5)],
                T + ("dynamic_update_slice",)),
        program("dynamic_update_slice_s16_3d",
                lambda x, u, i: lax.dynamic_update_slice(x, u, (0, i, i)),
                [arg("s16", 2, 4, 4), arg("s16", 2, 2, 2),
                 arg("s32", fill=Fill.UNIFORM, low=-1, high=4)], T + ("dynamic_update_slice",)),
        program("dynamic_index_in_dim_c64", lambda x, i: x[i], [arg("c64", 4, 3), arg("s32")],
                T + ("dynamic_slice",)),
    ]


def _combine_programs() -> list[Program]:
    return [
        program("concatenate_f32", lambda a, b, c: jnp.concatenate([a, b, c], axis=1),
                [arg("f32", 2, 3), arg("f32", 2, 1), arg("f32", 2, 4)], T + ("concatenate",)),
        program("concatenate_pred_axis0", lambda a, b: lax.concatenate([a, b], 0),
                [arg("pred", 2, 3), arg("pred", 1, 3)], T + ("concatenate",)),
        program("stack_u64", lambda a, b: jnp.stack([a, b, a]), [arg("u64", 4), arg("u64", 4)],
                T + ("concatenate",)),
        program("pad_edge_interior_f32",
                lambda x: lax.pad(x, jnp.float32(-1), ((1, 2, 1), (0, 0, 0))),
                [arg("f32", 3, 4)], T + ("pad",)),
        program("pad_negative_s32", lambda x, v: lax.pad(x, v, ((-1, 2, 0), (2, -2, 1))),
                [arg("s32", 4, 5), arg("s32")], T + ("pad",)),
        program("pad_jnp_modes_f64",
                lambda x: (jnp.pad(x, 2, mode="reflect"), jnp.pad(x, ((1, 0), (0, 2)), "edge"),
                           jnp.pad(x, 1, mode="wrap")), [arg("f64", 4, 5)], T + ("pad",)),
        program("rev_bf16", lambda x: lax.rev(x, (0, 2)), [arg("bf16", 2, 3, 4)], T + ("rev",)),
        program("flip_roll_s32", lambda x: (jnp.flip(x), jnp.roll(x, 2, axis=1)),
                [arg("s32", 3, 5)], T + ("rev", "slice", "concatenate")),
        program("roll_dynamic_f32", lambda x, s: jnp.roll(x, s, axis=0),
                [arg("f32", 6, 2), arg("s32", fill=Fill.UNIFORM, low=-8, high=8)],
                T + ("dynamic_slice",)),
        program("copy_large_constant_f32",
                lambda x: x + np.arange(64 * 48, dtype=np.float32).reshape(64, 48) / 7.0,
                [arg("f32", 64, 48)], T + ("constant",)),
        program("constants_all_types", lambda: tuple(
            jnp.asarray(np.arange(-3, 9).reshape(3, 4) % 7, dtype=d)
            for d in (jnp.int8, jnp.uint16, jnp.float16, jnp.bfloat16, jnp.complex64, jnp.bool_)),
                [], T + ("constant",)),
    ]


def programs() -> list[Program]:
    """Data movement programs."""
    return _iota_programs() + _shape_programs() + _slice_programs() + _combine_programs()
