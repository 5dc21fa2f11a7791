"""Argument values for a run: read from .npz, checked against the signature, or generated."""

from __future__ import annotations

import io
import os
import re
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from hlo_translate.errors import TranslateError
from hlo_translate.execution.signature import TensorSpec, spec_of

# What `execute` accepts as inputs: nothing (generate), a .npz path or its bytes, arrays in
# parameter order, or arrays by name (arg0, arg1, ...).
InputsLike = None | str | os.PathLike | bytes | Sequence[np.ndarray] | Mapping[str, np.ndarray]

_ARG_KEY = re.compile(r"arg(\d+)")


def generate_inputs(parameters: Sequence[TensorSpec], seed: int = 0) -> list[np.ndarray]:
    """Deterministic arguments for `parameters`: small integers, floats in [-2, 2], random bools.

    >>> generate_inputs([TensorSpec((2,), np.dtype("int32"))], seed=0)[0].dtype
    dtype('int32')
    """
    rng = np.random.default_rng(seed)
    return [_random_array(rng, spec) for spec in parameters]


def _random_array(rng: np.random.Generator, spec: TensorSpec) -> np.ndarray:
    dtype, shape = spec.dtype, spec.shape
    if dtype == np.bool_:
        return rng.random(shape) < 0.5
    if dtype.kind in "iu":
        import ml_dtypes

        info = ml_dtypes.iinfo(dtype)
        # Small values keep sums and products exact and indices mostly in range.
        low, high = max(int(info.min), -5), min(int(info.max), 5)
        return rng.integers(low, high, size=shape, endpoint=True).astype(dtype)
    if dtype.kind == "c":
        parts = rng.uniform(-2.0, 2.0, size=(2, *shape))
        return (parts[0] + 1j * parts[1]).astype(dtype)
    if "e8m0" in dtype.name:  # unsigned exponent-only format: positive powers of two
        return np.exp2(rng.integers(-3, 4, size=shape)).astype(dtype)
    return rng.uniform(-2.0, 2.0, size=shape).astype(dtype)


def resolve_inputs(parameters: Sequence[TensorSpec], inputs: InputsLike, seed: int = 0) -> list[np.ndarray]:
    """The argument arrays for a run: `inputs` checked against `parameters`, or generated from `seed`."""
    if inputs is None:
        return generate_inputs(parameters, seed)
    if isinstance(inputs, (str, os.PathLike, bytes)):
        inputs = read_npz(inputs)
    if isinstance(inputs, Mapping):
        inputs = _in_parameter_order(inputs)
    return check_inputs(parameters, [np.asarray(value) for value in inputs])


def read_npz(source: str | os.PathLike | bytes) -> dict[str, np.ndarray]:
    """The arrays in an .npz file (a path, or the file's bytes), by name, in file order."""
    try:
        handle = io.BytesIO(source) if isinstance(source, bytes) else source
        with np.load(handle, allow_pickle=False) as archive:
            return {name: archive[name] for name in archive.files}
    except (OSError, ValueError) as err:
        raise TranslateError(f"cannot read the inputs as .npz: {err}") from err


def _in_parameter_order(named: Mapping[str, np.ndarray]) -> list[np.ndarray]:
    """Arrays keyed arg0..argN in numeric order; other names keep their order."""
    numbers = [m for m in (_ARG_KEY.fullmatch(name) for name in named) if m is not None]
    if named and len(numbers) == len(named):
        order = sorted(int(m.group(1)) for m in numbers)
        if order != list(range(len(order))):
            raise TranslateError(f"input names must be arg0..arg{len(order) - 1}, got {', '.join(named)}")
        return [named[f"arg{i}"] for i in order]
    return list(named.values())


def check_inputs(parameters: Sequence[TensorSpec], values: Sequence[np.ndarray]) -> list[np.ndarray]:
    """`values` if they match `parameters` one to one in shape and type, else a TranslateError."""
    if len(values) != len(parameters):
        raise TranslateError(f"the module takes {len(parameters)} arguments but {len(values)} inputs were given")
    checked = []
    for index, (spec, value) in enumerate(zip(parameters, values)):
        # np.savez stores ml_dtypes arrays (bfloat16, float8_*, int4) as raw void bytes.
        if value.dtype.kind == "V" and value.dtype.itemsize == spec.dtype.itemsize:
            value = value.view(spec.dtype)
        if spec_of(value) != spec:
            raise TranslateError(f"input arg{index} is {spec_of(value)} but parameter {index} is {spec}")
        checked.append(value)
    return checked


def arrays_to_npz(arrays: Sequence[np.ndarray], prefix: str) -> bytes:
    """An .npz file holding `arrays` as <prefix>0, <prefix>1, ..."""
    buffer = io.BytesIO()
    named: dict[str, Any] = {f"{prefix}{i}": value for i, value in enumerate(arrays)}  # savez's stubs type **kwds badly
    np.savez(buffer, **named)
    return buffer.getvalue()
