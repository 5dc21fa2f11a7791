"""dot_general (batch dims, precision, preferred types) and convolutions."""

from __future__ import annotations

import jax
import jax.numpy as jnp
from jax import lax

from tests.corpus.programs import Program, arg, program

D = ("dot",)
C = ("conv",)
HIGHEST = lax.Precision.HIGHEST


def _dot(dims, **kw):
    return lambda a, b: lax.dot_general(a, b, dims, **kw)


def _dot_programs() -> list[Program]:
    return [
        program("dot_matmul_f32", jnp.matmul, [arg("f32", 4, 5), arg("f32", 5, 3)], D),
        program("dot_vector_f32", jnp.dot, [arg("f32", 7), arg("f32", 7)], D),
        program("dot_matvec_f64", jnp.dot, [arg("f64", 3, 4), arg("f64", 4)], D),
        program("dot_batch_f32", _dot((((2,), (1,)), ((0,), (0,)))),
                [arg("f32", 2, 3, 4), arg("f32", 2, 4, 5)], D + ("batch",)),
        program("dot_multi_batch_multi_contract_f32",
                _dot((((1, 3), (3, 2)), ((0, 2), (1, 0)))),
                [arg("f32", 2, 3, 4, 5), arg("f32", 4, 2, 5, 3)], D + ("batch",)),
        program("dot_precision_highest_f32", _dot((((1,), (0,)), ((), ())), precision=HIGHEST),
                [arg("f32", 3, 4), arg("f32", 4, 2)], D + ("precision",)),
        program("dot_precision_mixed_f32",
                _dot((((1,), (0,)), ((), ())), precision=(lax.Precision.HIGH,
                                                          lax.Precision.DEFAULT)),
                [arg("f32", 3, 4), arg("f32", 4, 2)], D + ("precision",)),
        program("dot_bf16_preferred_f32",
                _dot((((1,), (0,)), ((), ())), preferred_element_type=jnp.float32),
                [arg("bf16", 4, 8), arg("bf16", 8, 4)], D + ("preferred_element_type",)),
        program("dot_s8_preferred_s32",
                _dot((((1,), (0,)), ((), ())), preferred_element_type=jnp.int32),
                [arg("s8", 4, 8), arg("s8", 8, 3)], D + ("preferred_element_type",)),
        program("dot_f16", jnp.matmul, [arg("f16", 2, 6), arg("f16", 6, 2)], D),
        program("dot_c64", jnp.matmul, [arg("c64", 3, 3), arg("c64", 3, 2)], D),
        program("dot_c128_batch", jnp.matmul, [arg("c128", 2, 3, 3), arg("c128", 2, 3, 1)],
                D + ("batch",)),
        program("dot_s32", jnp.matmul, [arg("s32", 3, 4), arg("s32", 4, 3)], D),
        program("dot_outer_einsum_f32", lambda a, b: jnp.einsum("i,j->ij", a, b),
                [arg("f32", 4), arg("f32", 3)], D),
        program("einsum_bhqd_bhkd_f32", lambda q, k: jnp.einsum("bhqd,bhkd->bhqk", q, k),
                [arg("f32", 2, 2, 3, 4), arg("f32", 2, 2, 5, 4)], D + ("batch",)),
        program("dot_algorithm_preset_f32",
                lambda a, b: lax.dot(a, b, precision=lax.DotAlgorithmPreset.F32_F32_F32),
                [arg("f32", 3, 4), arg("f32", 4, 2)], D + ("precision",)),
        program("tensordot_axes2_f32", lambda a, b: jnp.tensordot(a, b, axes=2),
                [arg("f32", 2, 3, 4), arg("f32", 3, 4, 5)], D),
    ]


def _conv(**kw):
    return lambda x, w: lax.conv_general_dilated(x, w, **kw)


def _conv_programs() -> list[Program]:
    nchw = ("NCHW", "OIHW", "NCHW")
    nhwc = ("NHWC", "HWIO", "NHWC")
    return [
        program("conv1d_f32", _conv(window_strides=(1,), padding="SAME",
                                     dimension_numbers=("NWC", "WIO", "NWC")),
                [arg("f32", 2, 10, 3), arg("f32", 3, 3, 4)], C + ("1d",)),
        program("conv1d_stride_dilation_f32",
                _conv(window_strides=(2,), padding=((2, 1),), rhs_dilation=(2,),
                      dimension_numbers=("NCH", "OIH", "NCH")),
                [arg("f32", 1, 2, 16), arg("f32", 3, 2, 3)], C + ("1d", "dilation")),
        program("conv2d_nchw_f32", _conv(window_strides=(1, 1), padding="VALID",
                                          dimension_numbers=nchw),
                [arg("f32", 2, 3, 8, 8), arg("f32", 4, 3, 3, 3)], C + ("2d",)),
        program("conv2d_nhwc_same_strided_f32",
                _conv(window_strides=(2, 2), padding="SAME", dimension_numbers=nhwc),
                [arg("f32", 2, 9, 9, 3), arg("f32", 3, 3, 3, 5)], C + ("2d", "strides")),
        program("conv2d_lhs_rhs_dilation_f32",
                _conv(window_strides=(1, 1), padding=((1, 1), (2, 0)), lhs_dilation=(2, 1),
                      rhs_dilation=(1, 2), dimension_numbers=nchw),
                [arg("f32", 1, 2, 5, 7), arg("f32", 3, 2, 2, 3)], C + ("2d", "dilation")),
        program("conv2d_feature_groups_f32",
                _conv(window_strides=(1, 1), padding="SAME", dimension_numbers=nchw,
                      feature_group_count=2),
                [arg("f32", 2, 4, 6, 6), arg("f32", 6, 2, 3, 3)], C + ("2d", "feature_groups")),
        program("conv2d_depthwise_f32",
                _conv(window_strides=(1, 1), padding="SAME", dimension_numbers=nhwc,
                      feature_group_count=3),
                [arg("f32", 1, 6, 6, 3), arg("f32", 3, 3, 1, 3)], C + ("2d", "feature_groups")),
        program("conv2d_batch_groups_f32",
                _conv(window_strides=(1, 1), padding="VALID", dimension_numbers=nchw,
                      batch_group_count=2),
                [arg("f32", 4, 3, 5, 5), arg("f32", 6, 3, 3, 3)], C + ("2d", "batch_groups")),
        program("conv2d_weight_grad_grouped_f32",
                jax.grad(lambda w, x: _conv(window_strides=(1, 1), padding="SAME",
                                            dimension_numbers=nchw,
                                            feature_group_count=2)(x, w).sum()),
                [arg("f32", 4, 1, 3, 3), arg("f32", 2, 2, 5, 5)],
                C + ("2d", "batch_groups", "grad")),
        program("conv3d_f32", _conv(window_strides=(1, 2, 1), padding="SAME",
                                     dimension_numbers=("NCDHW", "OIDHW", "NCDHW")),
                [arg("f32", 1, 2, 4, 6, 5), arg("f32", 3, 2, 2, 3, 2)], C + ("3d",)),
        program("conv3d_ndhwc_dilated_f32",
                _conv(window_strides=(1, 1, 1), padding="VALID", rhs_dilation=(2, 1, 1),
                      dimension_numbers=("NDHWC", "DHWIO", "NDHWC")),
                [arg("f32", 1, 5, 4, 4, 2), arg("f32", 2, 2, 2, 2, 3)], C + ("3d", "dilation")),
        program("conv_transpose_2d_f32",
                lambda x, w: lax.conv_transpose(x, w, strides=(2, 2), padding="SAME",
                                                dimension_numbers=nhwc),
                [arg("f32", 1, 4, 4, 3), arg("f32", 3, 3, 3, 2)], C + ("2d", "transposed")),
        program("conv_transpose_1d_kernel_flip_f32",
                lambda x, w: lax.conv_transpose(x, w, strides=(3,), padding="VALID",
                                                dimension_numbers=("NWC", "WIO", "NWC"),
                                                transpose_kernel=True),
                [arg("f32", 2, 5, 2), arg("f32", 4, 3, 2)], C + ("1d", "transposed")),
        program("conv2d_input_grad_f32",
                jax.grad(lambda x, w: _conv(window_strides=(2, 2), padding="SAME",
                                            dimension_numbers=nchw)(x, w).sum()),
                [arg("f32", 1, 2, 6, 6), arg("f32", 3, 2, 3, 3)], C + ("2d", "grad", "transposed")),
        program("conv2d_bf16_preferred_f32",
                _conv(window_strides=(1, 1), padding="SAME", dimension_numbers=nchw,
                      preferred_element_type=jnp.float32),
                [arg("bf16", 1, 2, 5, 5), arg("bf16", 2, 2, 3, 3)],
                C + ("2d", "preferred_element_type")),
        program("conv2d_f16", _conv(window_strides=(1, 1), padding="VALID",
                                     dimension_numbers=nchw),
                [arg("f16", 1, 2, 5, 5), arg("f16", 2, 2, 2, 2)], C + ("2d",)),
        program("conv2d_precision_highest_f64",
                _conv(window_strides=(1, 1), padding="SAME", dimension_numbers=nchw,
                      precision=HIGHEST),
                [arg("f64", 1, 1, 4, 4), arg("f64", 2, 1, 3, 3)], C + ("2d", "precision")),
        program("conv2d_s8_preferred_s32",
                _conv(window_strides=(1, 1), padding="VALID", dimension_numbers=nchw,
                      preferred_element_type=jnp.int32),
                [arg("s8", 1, 2, 4, 4), arg("s8", 2, 2, 2, 2)],
                C + ("2d", "preferred_element_type")),
        program("conv2d_c64", _conv(window_strides=(1, 1), padding="SAME", dimension_numbers=nchw),
                [arg("c64", 1, 1, 4, 4), arg("c64", 1, 1, 2, 2)], C + ("2d",)),
    ]


def programs() -> list[Program]:
    """Dot and convolution programs."""
    return _dot_programs() + _conv_programs()
