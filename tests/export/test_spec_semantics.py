"""The StableHLO spec's semantics where XLA's CPU backend differs or cannot compile, run on XLA CPU.

Inputs are our own; expected values follow the spec's definitions, computed with numpy:
complex `maximum`/`minimum` order lexicographically by (real, imaginary); complex `cbrt` is the
principal cube root; `bitcast_convert` between `i1` vectors and wider elements puts element k of
the last dimension at bit k (least significant first).
"""

from __future__ import annotations

import numpy as np
import pytest

import hlo_translate

_MLIR_TYPE = {
    np.complex64: "complex<f32>",
    np.complex128: "complex<f64>",
    np.bool_: "i1",
    np.int8: "i8",
    np.uint8: "ui8",
    np.int16: "i16",
    np.uint16: "ui16",
    np.int32: "i32",
    np.uint32: "ui32",
    np.int64: "i64",
    np.uint64: "ui64",
    np.float16: "f16",
    np.float32: "f32",
    np.float64: "f64",
}


def tensor_type(shape: tuple[int, ...], dtype) -> str:
    return "tensor<" + "".join(f"{d}x" for d in shape) + _MLIR_TYPE[np.dtype(dtype).type] + ">"


def run(text: str, *inputs: np.ndarray) -> list[np.ndarray]:
    """Our HLO of `text`, run on XLA CPU."""
    hlo = hlo_translate.write_hlo(hlo_translate.stablehlo_to_hlo(text)).decode()
    return hlo_translate.execute(hlo, list(inputs))


def lexicographic(a: np.ndarray, b: np.ndarray, maximum: bool) -> np.ndarray:
    """The spec's complex max/min, element by element; a NaN operand propagates (lhs first)."""
    out = []
    for x, y in zip(a.ravel(), b.ravel()):
        if np.isnan(x.real) or np.isnan(x.imag):
            out.append(x)
        elif np.isnan(y.real) or np.isnan(y.imag):
            out.append(y)
        else:
            x_first = (x.real, x.imag) >= (y.real, y.imag) if maximum else (x.real, x.imag) <= (y.real, y.imag)
            out.append(x if x_first else y)
    return np.array(out, a.dtype).reshape(a.shape)


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
@pytest.mark.parametrize("op", ["maximum", "minimum"])
def test_complex_maximum_minimum_order_lexicographically(op: str, dtype) -> None:
    lhs = np.array([1 + 5j, 2 + 0j, 3 + 1j, -1 - 1j, 0 + 0j, complex(np.nan, 0), 4 + 4j, 2 - 7j], dtype)
    rhs = np.array([1 + 6j, 1 + 9j, 3 + 1j, -1 + 2j, -0.0 + 1j, 5 + 5j, complex(1, np.nan), 2 - 8j], dtype)
    t = tensor_type(lhs.shape, dtype)
    text = f"func.func @main(%a: {t}, %b: {t}) -> {t} {{\n  %0 = stablehlo.{op} %a, %b : {t}\n  return %0 : {t}\n}}"
    [result] = run(text, lhs, rhs)
    np.testing.assert_array_equal(result, lexicographic(lhs, rhs, op == "maximum"))


@pytest.mark.parametrize("dtype,rtol", [(np.complex64, 2e-6), (np.complex128, 1e-14)])
def test_complex_cbrt_is_the_principal_cube_root(dtype, rtol: float) -> None:
    z = np.array([3 + 4j, -8 + 0j, complex(-8, -0.0), 27j, 0.001 - 2j, 1e6 + 1e6j, 0j, -1 - 1j], dtype)
    t = tensor_type(z.shape, dtype)
    [result] = run(f"func.func @main(%a: {t}) -> {t} {{\n  %0 = stablehlo.cbrt %a : {t}\n  return %0 : {t}\n}}", z)
    modulus, angle = np.abs(z.astype(np.complex128)), np.angle(z.astype(np.complex128))
    expected = np.cbrt(modulus) * np.exp(1j * angle / 3)
    np.testing.assert_allclose(result, expected.astype(dtype), rtol=rtol, atol=rtol)
    assert abs(complex(result[0]) - (1.6289371459221759 + 0.5201745023045458j)) < 1e-5


def test_real_cbrt_is_unchanged() -> None:
    x = np.array([-27.0, 8.0, 0.5], np.float32)
    t = tensor_type(x.shape, np.float32)
    [result] = run(f"func.func @main(%a: {t}) -> {t} {{\n  %0 = stablehlo.cbrt %a : {t}\n  return %0 : {t}\n}}", x)
    np.testing.assert_allclose(result, np.cbrt(x), rtol=1e-6)


def packed(bits: np.ndarray, dtype) -> np.ndarray:
    """Bits along the last dimension (least significant first) as one element of `dtype` each."""
    as_bytes = np.packbits(bits.astype(np.uint8), axis=-1, bitorder="little")
    return np.ascontiguousarray(as_bytes).view(np.dtype(dtype).newbyteorder("<")).reshape(bits.shape[:-1])


@pytest.mark.parametrize(
    "dtype", [np.int8, np.uint8, np.int16, np.float16, np.int32, np.uint32, np.float32, np.int64, np.float64]
)
def test_bitcast_convert_packs_and_unpacks_i1_vectors(dtype) -> None:
    width = np.dtype(dtype).itemsize * 8
    rng = np.random.default_rng(width)
    bits = rng.integers(0, 2, (3, width)).astype(bool)
    bits[0] = [k % 3 == 0 for k in range(width)]
    expected = packed(bits, dtype)
    bits_t, word_t = tensor_type(bits.shape, np.bool_), tensor_type(expected.shape, dtype)
    text = (
        f"func.func @main(%a: {bits_t}, %w: {word_t}) -> ({word_t}, {bits_t}) {{\n"
        f"  %0 = stablehlo.bitcast_convert %a : ({bits_t}) -> {word_t}\n"
        f"  %1 = stablehlo.bitcast_convert %w : ({word_t}) -> {bits_t}\n"
        f"  return %0, %1 : {word_t}, {bits_t}\n}}"
    )
    word, unpacked = run(text, bits, expected)
    np.testing.assert_array_equal(word.view(np.uint8), expected.view(np.uint8))
    np.testing.assert_array_equal(unpacked, bits)


def test_bitcast_convert_i1_to_i64_example() -> None:
    """0x0123456789ABCDEF: its lowest byte 0xEF is bits 1,1,1,1,0,1,1,1 (least significant first)."""
    word = np.array(0x0123456789ABCDEF, np.int64)
    text = (
        "func.func @main(%w: tensor<i64>) -> tensor<64xi1> {\n"
        "  %0 = stablehlo.bitcast_convert %w : (tensor<i64>) -> tensor<64xi1>\n  return %0 : tensor<64xi1>\n}"
    )
    [bits] = run(text, word)
    assert list(bits[:8]) == [True, True, True, True, False, True, True, True]
    assert int(sum(int(b) << k for k, b in enumerate(bits))) == 0x0123456789ABCDEF


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_complex_to_i1_convert_tests_the_real_part(dtype) -> None:
    """XLA:CPU's compiler crashes on this convert; the spec converts the real part."""
    z = np.array([-1 + 0j, 1j, 1 + 0j, 0j, complex(np.nan, 0), complex(0, np.nan), 2.5 - 3j], dtype)
    t, r = tensor_type(z.shape, dtype), tensor_type(z.shape, np.bool_)
    [result] = run(
        f"func.func @main(%a: {t}) -> {r} {{\n  %0 = stablehlo.convert %a : ({t}) -> {r}\n  return %0 : {r}\n}}", z
    )
    np.testing.assert_array_equal(result, z.real != 0)
