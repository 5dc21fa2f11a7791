"""Tile assignments: which device holds which tile of a tiled GSPMD sharding.

A tile assignment is an n-d array of device ids. HLO text writes it in one of two forms:

* V1, an explicit device list: ``[2,2]0,2,1,3`` (dimensions, then the ids in row-major order);
* V2, an iota: ``[4,2]<=[2,4]T(1,0)`` means ``arange(8).reshape(2,4).transpose(1,0).reshape(4,2)``.
  ``T(...)`` is left out when there is only one reshape dimension.

This module is pure Python + numpy: the model, its expansion to an array, and the small pieces of
iota algebra that XLA applies (canonical reshape dims, finding the iota behind an array).
"""

from __future__ import annotations

from dataclasses import dataclass
from math import prod
from typing import TYPE_CHECKING

from hlo_translate.hlo.ir import check_device_count

if TYPE_CHECKING:
    import numpy as np


@dataclass(frozen=True, slots=True)
class IotaTile:
    """The V2 device list ``<=[reshape_dims]T(transpose_perm)``."""

    reshape_dims: tuple[int, ...]
    transpose_perm: tuple[int, ...]

    def to_text(self) -> str:
        """``[8]`` or ``[2,4]T(1,0)``: the part after ``<=``."""
        text = "[" + ",".join(map(str, self.reshape_dims)) + "]"
        if len(self.reshape_dims) > 1:
            text += "T(" + ",".join(map(str, self.transpose_perm)) + ")"
        return text

    def flat(self) -> np.ndarray:
        """The device ids in row-major order of the transposed array."""
        import numpy as np  # lazy: a sharding is parsed and printed without numpy

        n = prod(self.reshape_dims)
        check_device_count(n, f"the iota tile assignment <={self.to_text()}")
        return np.arange(n, dtype=np.int64).reshape(self.reshape_dims).transpose(self.transpose_perm).ravel()


@dataclass(frozen=True, slots=True)
class TileAssignment:
    """An n-d array of device ids, stored as V1 (``devices``) or V2 (``iota``), exactly one of them.

    >>> TileAssignment((2, 2), iota=IotaTile((4,), (0,))).array().tolist()
    [[0, 1], [2, 3]]
    """

    dims: tuple[int, ...]
    devices: tuple[int, ...] | None = None
    iota: IotaTile | None = None

    def __post_init__(self) -> None:
        assert (self.devices is None) != (self.iota is None), "exactly one of devices / iota"

    @property
    def is_iota(self) -> bool:
        return self.iota is not None

    @property
    def num_elements(self) -> int:
        return prod(self.dims)

    def array(self) -> np.ndarray:
        """The device ids as an int64 array of shape ``dims``."""
        import numpy as np  # lazy: a sharding is parsed and printed without numpy

        if self.iota is not None:
            return self.iota.flat().reshape(self.dims)
        return np.asarray(self.devices, dtype=np.int64).reshape(self.dims)

    def to_text(self) -> str:
        """``devices=`` value as XLA prints it: ``[2,2]0,2,1,3`` or ``[4,2]<=[2,4]T(1,0)``."""
        dims = "[" + ",".join(map(str, self.dims)) + "]"
        if self.iota is not None:
            return dims + "<=" + self.iota.to_text()
        return dims + ",".join(map(str, self.devices or ()))

    @staticmethod
    def from_array(array: np.ndarray) -> TileAssignment:
        """The V1 form of an array."""
        return TileAssignment(tuple(int(d) for d in array.shape), devices=tuple(int(d) for d in array.ravel()))

    @staticmethod
    def iota_of(
        dims: tuple[int, ...], reshape_dims: tuple[int, ...], transpose_perm: tuple[int, ...]
    ) -> TileAssignment:
        """A V2 tile assignment with XLA's canonical reshape dims (what XLA stores and prints)."""
        reshape, perm = canonicalize_iota_dims(reshape_dims, transpose_perm)
        return TileAssignment(tuple(dims), iota=IotaTile(reshape, perm))


def canonicalize_iota_dims(
    reshape_dims: tuple[int, ...], transpose_perm: tuple[int, ...]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Drop size-1 reshape dims and merge dims that stay adjacent after the transpose.

    The result denotes the same device order. XLA does this whenever it builds an iota:
    ``[2,4]T(0,1)`` becomes ``[8]``, ``[3,4,5]T(1,2,0)`` becomes ``[3,20]T(1,0)``.
    """
    dims = list(reshape_dims)
    perm = list(transpose_perm)
    while True:
        keep = [i for i, d in enumerate(dims) if d != 1]
        if len(keep) != len(dims):
            new_index = {old: new for new, old in enumerate(keep)}
            perm = [new_index[p] for p in perm if p in new_index]
            dims = [dims[i] for i in keep]
        merged = _merge_adjacent(dims, perm)
        if merged is None:
            break
        dims = merged
    if not dims:
        return (1,), (0,)
    return tuple(dims), tuple(perm)


def _merge_adjacent(dims: list[int], perm: list[int]) -> list[int] | None:
    """One merging sweep: a run of perm entries p, p+1, ... collapses into dim p (others become 1)."""
    changed = False
    dims = list(dims)
    base = 0
    for i in range(1, len(perm)):
        if perm[base] + (i - base) == perm[i]:
            dims[perm[base]] *= dims[perm[i]]
            dims[perm[i]] = 1
            changed = True
        else:
            base = i
    return dims if changed else None


def find_iota(flat: np.ndarray) -> IotaTile | None:
    """The canonical iota whose expansion is ``flat``, or None if ``flat`` is not a transposed iota.

    The flat sequence of a transposed iota is a mixed-radix number whose digits carry permuted
    strides. Reading digits from the minor end, each maximal run ``a[j] = j * stride`` is one digit;
    this gives the canonical form directly (maximal runs cannot be merged further).
    """
    import numpy as np  # lazy: a sharding is parsed and printed without numpy

    flat = np.asarray(flat, dtype=np.int64).ravel()
    n = flat.size
    if n == 0 or flat[0] != 0:
        return None
    digits: list[tuple[int, int]] = []  # (size, stride), minor digit first
    block = 1  # product of sizes of the digits read so far (step in flat index)
    while block < n:
        stride = int(flat[block])
        size = 1
        while block * size < n and int(flat[block * size]) == size * stride:
            size += 1
        if n % (block * size) != 0:
            return None
        digits.append((size, stride))
        block *= size
    # Digits sorted by stride from largest give the reshape dims (major to minor).
    by_stride = sorted(range(len(digits)), key=lambda i: -digits[i][1])
    expected = 1
    for i in reversed(by_stride):
        if digits[i][1] != expected:
            return None
        expected *= digits[i][0]
    reshape = tuple(digits[i][0] for i in by_stride)
    position = {digit: r for r, digit in enumerate(by_stride)}
    perm = tuple(position[i] for i in reversed(range(len(digits))))
    if not digits:
        reshape, perm = (1,), (0,)
    candidate = IotaTile(*canonicalize_iota_dims(reshape, perm))
    if not np.array_equal(candidate.flat(), flat):
        return None
    return candidate


def group_minor_iota_dims_sorted(
    reshape_dims: tuple[int, ...], transpose_perm: tuple[int, ...], group_size: int
) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """XLA's way to sort each minor group of ``group_size`` devices while staying an iota.

    The minor transposed digits that make up the group are put in ascending reshape order; a digit
    straddling the group boundary is split in two. Returns the new (reshape_dims, transpose_perm),
    not yet canonicalized, or None when the group boundary does not fall on digit factors.
    """
    grouped = 0
    split: tuple[int, int] | None = None  # (reshape dim, size of its major part)
    for i in range(len(transpose_perm) - 1, -1, -1):
        dim = transpose_perm[i]
        size = reshape_dims[dim]
        if size <= group_size:
            if group_size % size:
                return None
            group_size //= size
            grouped += 1
        else:
            if size % group_size:
                return None
            split = (dim, size // group_size)
            grouped += 1
            group_size = 1
            break
    if split is None:
        perm = list(transpose_perm)
        perm[len(perm) - grouped :] = sorted(perm[len(perm) - grouped :])
        return tuple(reshape_dims), tuple(perm)
    split_dim, major = split
    dims = (
        list(reshape_dims[:split_dim]) + [major, reshape_dims[split_dim] // major] + list(reshape_dims[split_dim + 1 :])
    )
    shift = [p if p <= split_dim else p + 1 for p in transpose_perm]
    at = transpose_perm.index(split_dim)
    perm = shift[: at + 1] + [split_dim + 1] + shift[at + 1 :]
    perm[len(perm) - grouped :] = sorted(perm[len(perm) - grouped :])
    return tuple(dims), tuple(perm)
