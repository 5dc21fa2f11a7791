"""What a module takes and returns: tensor specs and the element-type tables behind them."""

from __future__ import annotations

from dataclasses import dataclass

import ml_dtypes
import numpy as np

from hlo_translate.errors import TranslateError

# MLIR element type (as printed by the bindings) -> numpy dtype. Only types XLA can execute.
_MLIR_ELEMENT_TYPES: dict[str, np.dtype] = {
    "i1": np.dtype(np.bool_),
    "i2": np.dtype(ml_dtypes.int2),
    "i4": np.dtype(ml_dtypes.int4),
    "i8": np.dtype(np.int8),
    "i16": np.dtype(np.int16),
    "i32": np.dtype(np.int32),
    "i64": np.dtype(np.int64),
    "ui2": np.dtype(ml_dtypes.uint2),
    "ui4": np.dtype(ml_dtypes.uint4),
    "ui8": np.dtype(np.uint8),
    "ui16": np.dtype(np.uint16),
    "ui32": np.dtype(np.uint32),
    "ui64": np.dtype(np.uint64),
    "f16": np.dtype(np.float16),
    "f32": np.dtype(np.float32),
    "f64": np.dtype(np.float64),
    "bf16": np.dtype(ml_dtypes.bfloat16),
    "f8E4M3FN": np.dtype(ml_dtypes.float8_e4m3fn),
    "f8E5M2": np.dtype(ml_dtypes.float8_e5m2),
    "f8E4M3": np.dtype(ml_dtypes.float8_e4m3),
    "f8E3M4": np.dtype(ml_dtypes.float8_e3m4),
    "f8E4M3FNUZ": np.dtype(ml_dtypes.float8_e4m3fnuz),
    "f8E5M2FNUZ": np.dtype(ml_dtypes.float8_e5m2fnuz),
    "f8E4M3B11FNUZ": np.dtype(ml_dtypes.float8_e4m3b11fnuz),
    "f8E8M0FNU": np.dtype(ml_dtypes.float8_e8m0fnu),
    "f4E2M1FN": np.dtype(ml_dtypes.float4_e2m1fn),
    "complex<f32>": np.dtype(np.complex64),
    "complex<f64>": np.dtype(np.complex128),
}

# numpy dtype name -> HLO primitive type name, for messages ("f32[8,4]").
_HLO_NAMES: dict[str, str] = {
    "bool": "pred",
    "int2": "s2",
    "int4": "s4",
    "int8": "s8",
    "int16": "s16",
    "int32": "s32",
    "int64": "s64",
    "uint2": "u2",
    "uint4": "u4",
    "uint8": "u8",
    "uint16": "u16",
    "uint32": "u32",
    "uint64": "u64",
    "float16": "f16",
    "float32": "f32",
    "float64": "f64",
    "bfloat16": "bf16",
    "complex64": "c64",
    "complex128": "c128",
}


@dataclass(frozen=True, slots=True)
class TensorSpec:
    """The static type of one parameter or result: `TensorSpec((8, 4), np.dtype('float32'))` is f32[8,4]."""

    shape: tuple[int, ...]
    dtype: np.dtype

    def __str__(self) -> str:
        return f"{hlo_type_name(self.dtype)}[{','.join(map(str, self.shape))}]"

    @property
    def is_64_bit(self) -> bool:
        """Whether JAX needs x64 mode to place a value of this type on a device."""
        return (self.dtype.itemsize == 8 and self.dtype.kind in "iuf") or self.dtype == np.complex128


def hlo_type_name(dtype: np.dtype) -> str:
    """The HLO spelling of `dtype`: float32 -> 'f32', float8_e4m3fn -> 'f8e4m3fn'."""
    name = np.dtype(dtype).name
    return _HLO_NAMES.get(name, name.replace("float", "f").replace("_", ""))


def spec_of(value: np.ndarray) -> TensorSpec:
    """The TensorSpec of an array."""
    return TensorSpec(tuple(value.shape), value.dtype)


def mlir_tensor_spec(type_text: str, shape: list[int], element_type: str, what: str) -> TensorSpec:
    """A TensorSpec for an MLIR ranked tensor; `what` names the value in errors ("parameter 2")."""
    if element_type not in _MLIR_ELEMENT_TYPES:
        raise TranslateError(f"{what} has type {type_text}, which execution does not support")
    if any(dim < 0 for dim in shape):
        raise TranslateError(f"{what} has dynamic shape {type_text}; execution needs static shapes")
    return TensorSpec(tuple(shape), _MLIR_ELEMENT_TYPES[element_type])
