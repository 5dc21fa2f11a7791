"""convert, bitcast_convert and reduce_precision across element types."""

from __future__ import annotations

import jax.numpy as jnp
import ml_dtypes
from jax import lax

from tests.corpus.programs import ALL_DTYPES, DTYPES, WIDE, Fill, Program, arg, program

SHAPE = (2, 6)
# Narrow float types XLA's CPU backend converts to and from (values stay in range).
_SMALL_FLOATS = ("float8_e4m3fn", "float8_e5m2", "float8_e4m3fnuz", "float8_e5m2fnuz",
                 "float8_e4m3b11fnuz", "float8_e3m4", "float8_e4m3", "float8_e8m0fnu",
                 "float4_e2m1fn")


def _convert_to(targets: tuple[str, ...]):
    return lambda x: tuple(lax.convert_element_type(x, DTYPES[t]) for t in targets)


def _convert_programs() -> list[Program]:
    narrow = tuple(d for d in ALL_DTYPES if d not in WIDE)
    wide = tuple(d for d in ALL_DTYPES if d in WIDE)
    result = []
    for source in ALL_DTYPES:
        # Values in [0, 100) convert exactly (or round) into every type: no UB.
        x = arg(source, *SHAPE, fill=Fill.UNIFORM, low=0, high=100)
        if source not in WIDE:
            targets = tuple(t for t in narrow if t != source)
            result.append(program(f"convert_{source}", _convert_to(targets), [x],
                                  ("convert",), x64=False))
        targets = tuple(t for t in (wide if source not in WIDE else ALL_DTYPES) if t != source)
        result.append(program(f"convert_{source}_x64", _convert_to(targets), [x],
                              ("convert",), x64=True))
    return result


def _small_float_programs() -> list[Program]:
    def roundtrip(name: str):
        dtype = getattr(ml_dtypes, name)
        return lambda x: (lax.convert_element_type(x, dtype),
                          lax.convert_element_type(lax.convert_element_type(x, dtype),
                                                   jnp.float32))

    return [program(f"convert_{name}", roundtrip(name),
                    [arg("f32", *SHAPE, fill=Fill.UNIFORM, low=0.125, high=4)],
                    ("convert", "small_float")) for name in _SMALL_FLOATS]


def _bitcast_programs() -> list[Program]:
    same_width = [("f32", "s32"), ("f32", "u32"), ("s32", "f32"), ("f16", "u16"),
                  ("f16", "s16"), ("bf16", "u16"), ("u16", "bf16"), ("f64", "s64"),
                  ("u64", "f64"), ("s8", "u8")]
    result = [program(f"bitcast_{src}_to_{dst}",
                      (lambda d: lambda x: lax.bitcast_convert_type(x, DTYPES[d]))(dst),
                      [arg(src, *SHAPE) if src[0] in "fb" else arg(src, *SHAPE, fill=Fill.BITS)],
                      ("bitcast_convert",)) for src, dst in same_width]
    result += [
        program("bitcast_f32_to_u8_vector", lambda x: lax.bitcast_convert_type(x, jnp.uint8),
                [arg("f32", *SHAPE)], ("bitcast_convert",)),
        program("bitcast_u8_vector_to_f32", lambda x: lax.bitcast_convert_type(x, jnp.float32),
                [arg("u8", 3, 4, fill=Fill.BITS)], ("bitcast_convert",)),
        program("bitcast_c64_parts", lambda x: lax.bitcast_convert_type(
            lax.real(x), jnp.int32), [arg("c64", *SHAPE)], ("bitcast_convert",)),
        program("bitcast_s16_vector_to_f64", lambda x: lax.bitcast_convert_type(x, jnp.float64),
                [arg("s16", 5, 4, fill=Fill.UNIFORM, low=0, high=1000)], ("bitcast_convert",),
                x64=True),
    ]
    return result


def _reduce_precision_programs() -> list[Program]:
    return [
        program("reduce_precision_f32_to_f16_bits", lambda x: lax.reduce_precision(x, 5, 10),
                [arg("f32", *SHAPE, fill=Fill.SPECIAL, scale=1e5)], ("reduce_precision",)),
        program("reduce_precision_f32_to_bf16_bits", lambda x: lax.reduce_precision(x, 8, 7),
                [arg("f32", *SHAPE, scale=3.0)], ("reduce_precision",)),
        program("reduce_precision_f64_to_f32_bits", lambda x: lax.reduce_precision(x, 8, 23),
                [arg("f64", *SHAPE, fill=Fill.SPECIAL, scale=1e40)], ("reduce_precision",)),
        program("reduce_precision_f16_e4m3", lambda x: lax.reduce_precision(x, 4, 3),
                [arg("f16", *SHAPE)], ("reduce_precision",)),
    ]


def programs() -> list[Program]:
    """Conversion programs."""
    return (_convert_programs() + _small_float_programs() + _bitcast_programs()
            + _reduce_precision_programs())
