"""FFT of every type and rank, and LAPACK-backed linear algebra.

The linear algebra programs lower to `lapack_*_ffi` custom calls on CPU.
"""

from __future__ import annotations

import jax.numpy as jnp
import jax.scipy.linalg as jsl
from jax import lax
from jax.lax import linalg as lin

from tests.corpus.programs import Fill, Program, arg, program

F = ("fft",)
LA = ("linalg",)


def _fft_programs() -> list[Program]:
    return [
        program("fft_c64", jnp.fft.fft, [arg("c64", 8)], F),
        program("ifft_c64_batched", lambda x: jnp.fft.ifft(x, axis=-1), [arg("c64", 3, 8)], F),
        program("rfft_f32", jnp.fft.rfft, [arg("f32", 2, 10)], F),
        program("irfft_c64", lambda x: jnp.fft.irfft(x, n=10), [arg("c64", 2, 6)], F),
        program("fft2_c64", jnp.fft.fft2, [arg("c64", 2, 4, 6)], F + ("2d",)),
        program("fftn_3d_c64", jnp.fft.fftn, [arg("c64", 4, 3, 5)], F + ("3d",)),
        program("ifftn_3d_c128", jnp.fft.ifftn, [arg("c128", 2, 4, 3)], F + ("3d",)),
        program("rfft2_f32", jnp.fft.rfft2, [arg("f32", 6, 8)], F + ("2d",)),
        program("irfftn_3d_c64", lambda x: jnp.fft.irfftn(x, s=(2, 4, 6)),
                [arg("c64", 2, 4, 4)], F + ("3d",)),
        program("fft_c128", jnp.fft.fft, [arg("c128", 16)], F),
        program("rfft_f64", jnp.fft.rfft, [arg("f64", 12)], F),
        program("irfft_c128", jnp.fft.irfft, [arg("c128", 7)], F),
        program("lax_fft_types_c64",
                lambda x: (lax.fft(x, lax.FftType.FFT, (4,)), lax.fft(x, lax.FftType.IFFT, (4,))),
                [arg("c64", 3, 4)], F),
    ]


def _spd(dtype: str, *shape: int):
    return arg(dtype, *shape, fill=Fill.SPD)


def _general(dtype: str, *shape: int):
    return arg(dtype, *shape, fill=Fill.WELL_CONDITIONED)


def _linalg_programs() -> list[Program]:
    return [
        program("cholesky_f32", lin.cholesky, [_spd("f32", 4, 4)], LA + ("cholesky",)),
        program("cholesky_f64_batched", lin.cholesky, [_spd("f64", 2, 3, 3)], LA + ("cholesky",)),
        program("cholesky_c64", lin.cholesky, [_spd("c64", 3, 3)], LA + ("cholesky",)),
        program("triangular_solve_left_lower_f32",
                lambda a, b: lin.triangular_solve(a, b, left_side=True, lower=True),
                [_general("f32", 4, 4), arg("f32", 4, 2)], LA + ("triangular_solve",)),
        program("triangular_solve_right_upper_transpose_f64",
                lambda a, b: lin.triangular_solve(a, b, left_side=False, lower=False,
                                                  transpose_a=True, unit_diagonal=True),
                [_general("f64", 3, 3), arg("f64", 2, 3)], LA + ("triangular_solve",)),
        program("triangular_solve_conjugate_c64",
                lambda a, b: lin.triangular_solve(a, b, left_side=True, lower=True,
                                                  transpose_a=True, conjugate_a=True),
                [_general("c64", 3, 3), arg("c64", 3, 2)], LA + ("triangular_solve",)),
        program("qr_f32", jnp.linalg.qr, [arg("f32", 5, 3)], LA + ("qr",)),
        program("qr_complete_f64", lambda x: jnp.linalg.qr(x, mode="complete"),
                [arg("f64", 3, 4)], LA + ("qr",)),
        program("qr_c64", jnp.linalg.qr, [arg("c64", 4, 4)], LA + ("qr",)),
        program("eigh_f32", jnp.linalg.eigh, [_spd("f32", 4, 4)], LA + ("eigh",)),
        program("eigh_f64_batched", jnp.linalg.eigh, [_spd("f64", 2, 3, 3)], LA + ("eigh",)),
        program("eigh_c128", jnp.linalg.eigh, [_spd("c128", 3, 3)], LA + ("eigh",)),
        program("svd_f32", jnp.linalg.svd, [arg("f32", 4, 3)], LA + ("svd",)),
        program("svd_values_only_f64", lambda x: jnp.linalg.svd(x, compute_uv=False),
                [arg("f64", 3, 5)], LA + ("svd",)),
        program("svd_c64_reduced", lambda x: jnp.linalg.svd(x, full_matrices=False),
                [arg("c64", 4, 2)], LA + ("svd",)),
        program("lu_f32", lin.lu, [_general("f32", 4, 4)], LA + ("lu",)),
        program("lu_f64_rectangular", lin.lu, [arg("f64", 3, 5)], LA + ("lu",)),
        program("lu_factor_c128", jsl.lu_factor, [_general("c128", 3, 3)], LA + ("lu",)),
        program("solve_f32", jnp.linalg.solve, [_general("f32", 4, 4), arg("f32", 4, 2)],
                LA + ("lu", "triangular_solve")),
        program("inv_det_f64", lambda x: (jnp.linalg.inv(x), jnp.linalg.det(x)),
                [_general("f64", 3, 3)], LA + ("lu",)),
        program("slogdet_f32", jnp.linalg.slogdet, [_general("f32", 2, 4, 4)], LA + ("lu",)),
        program("cho_solve_f32",
                lambda a, b: jsl.cho_solve(jsl.cho_factor(a), b),
                [_spd("f32", 4, 4), arg("f32", 4)], LA + ("cholesky", "triangular_solve")),
        program("pinv_f32", jnp.linalg.pinv, [arg("f32", 3, 4)], LA + ("svd",)),
        program("lstsq_f64", lambda a, b: jnp.linalg.lstsq(a, b)[0],
                [arg("f64", 5, 3), arg("f64", 5)], LA + ("svd",)),
        program("eig_f32", jnp.linalg.eig, [arg("f32", 3, 3)], LA + ("eig",)),
        program("eigvals_c64", jnp.linalg.eigvals, [arg("c64", 3, 3)], LA + ("eig",)),
        program("schur_f64", lambda a: jsl.schur(a), [arg("f64", 3, 3)], LA + ("schur",)),
        program("hessenberg_f32", lambda a: jsl.hessenberg(a, calc_q=True), [arg("f32", 4, 4)],
                LA + ("hessenberg",)),
        program("tridiagonal_solve_f32",
                lambda dl, d, du, b: lin.tridiagonal_solve(dl, d, du, b),
                [arg("f32", 5), arg("f32", 5, fill=Fill.UNIFORM, low=4, high=6), arg("f32", 5),
                 arg("f32", 5, 2)], LA + ("tridiagonal",)),
        program("tridiagonal_f64", lambda a: lin.tridiagonal(a), [_spd("f64", 4, 4)],
                LA + ("tridiagonal",)),
        program("matrix_power_expm_f32",
                lambda a: (jnp.linalg.matrix_power(a, 3), jsl.expm(a * 0.1)),
                [arg("f32", 3, 3)], LA + ("lu",)),
    ]


def programs() -> list[Program]:
    """FFT and linear algebra programs."""
    return _fft_programs() + _linalg_programs()
