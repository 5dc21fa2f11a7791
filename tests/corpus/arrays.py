"""Byte-deterministic .npz files that keep every element type (bf16, f8, ...).

numpy cannot store ml_dtypes types in .npz (they come back as raw void), so such
arrays are stored as unsigned integers of the same width, and the member name
records the real type: `0003_bfloat16.npy`. Members are written with a fixed
timestamp so the same arrays always give the same bytes.

    >>> save_arrays(path, [np.ones(2, ml_dtypes.bfloat16)])
    >>> load_arrays(path)[0].dtype
    dtype(bfloat16)
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Sequence
from pathlib import Path

import ml_dtypes
import numpy as np

_EPOCH = (1980, 1, 1, 0, 0, 0)


def _storable(array: np.ndarray) -> np.ndarray:
    if hasattr(ml_dtypes, array.dtype.name):  # .npy cannot describe it: keep its bits
        return array.view(np.dtype(f"u{array.dtype.itemsize}"))
    return array


def _dtype_named(name: str) -> np.dtype:
    if hasattr(ml_dtypes, name):
        return np.dtype(getattr(ml_dtypes, name))
    return np.dtype(name)


def save_arrays(path: Path, arrays: Sequence[np.ndarray]) -> None:
    """Writes `arrays` in order to the .npz file `path`."""
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_STORED) as archive:
        for index, array in enumerate(arrays):
            array = np.asarray(array, order="C")  # ascontiguousarray would make 0-d 1-d
            buffer = io.BytesIO()
            np.lib.format.write_array(buffer, _storable(array), allow_pickle=False)
            info = zipfile.ZipInfo(f"{index:04d}_{array.dtype.name}.npy", date_time=_EPOCH)
            archive.writestr(info, buffer.getvalue())


def load_arrays(path: Path) -> list[np.ndarray]:
    """Reads the arrays written by `save_arrays`, in order, with their element types."""
    arrays = []
    with zipfile.ZipFile(path) as archive:
        for member in sorted(archive.namelist()):
            dtype_name = member.removesuffix(".npy").split("_", 1)[1]
            with archive.open(member) as f:
                stored = np.lib.format.read_array(f, allow_pickle=False)
            dtype = _dtype_named(dtype_name)
            arrays.append(stored if stored.dtype == dtype else stored.view(dtype))
    return arrays
