"""The catalog of JAX programs the test corpus is generated from.

A `Program` is a function plus the specs of its example arguments. Inputs are
drawn from a generator seeded by the program's name, so a program's inputs do
not change when other programs are added or removed.

Importing this module imports JAX: only the generator process does that (it
must set `XLA_FLAGS=--xla_force_host_platform_device_count=8` first).

    >>> p = catalog()[0]
    >>> arrays = make_inputs(p)   # one numpy array per parameter, in order
"""

from __future__ import annotations

import enum
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import ml_dtypes
import numpy as np

# HLO spelling of every element type the catalog uses -> numpy dtype.
DTYPES: dict[str, np.dtype] = {
    "pred": np.dtype(np.bool_),
    "s8": np.dtype(np.int8),
    "s16": np.dtype(np.int16),
    "s32": np.dtype(np.int32),
    "s64": np.dtype(np.int64),
    "u8": np.dtype(np.uint8),
    "u16": np.dtype(np.uint16),
    "u32": np.dtype(np.uint32),
    "u64": np.dtype(np.uint64),
    "f16": np.dtype(np.float16),
    "bf16": np.dtype(ml_dtypes.bfloat16),
    "f32": np.dtype(np.float32),
    "f64": np.dtype(np.float64),
    "c64": np.dtype(np.complex64),
    "c128": np.dtype(np.complex128),
}
FLOATS = ("f16", "bf16", "f32", "f64")
COMPLEXES = ("c64", "c128")
SIGNED = ("s8", "s16", "s32", "s64")
UNSIGNED = ("u8", "u16", "u32", "u64")
ALL_DTYPES = FLOATS + COMPLEXES + SIGNED + UNSIGNED + ("pred",)
# Element types that only exist with jax_enable_x64.
WIDE = frozenset({"f64", "c128", "s64", "u64"})


class Fill(enum.Enum):
    """How an argument's values are drawn."""

    NORMAL = "normal"  # floats/complex: normal * scale; ints: uniform in [low, high)
    UNIFORM = "uniform"  # uniform in [low, high) (integers: integer-valued)
    NONZERO = "nonzero"  # like UNIFORM, zeros replaced by one (divisors)
    SPECIAL = "special"  # NORMAL with nan, +-inf, +-0 and tiny values mixed in
    SPD = "spd"  # symmetric/Hermitian positive definite in the last two dims
    WELL_CONDITIONED = "well_conditioned"  # NORMAL plus n * identity (lu, solve)
    BITS = "bits"  # uniformly random bit patterns (keys, bitcasts)
    ARANGE = "arange"  # 0, 1, 2, ... in row-major order


@dataclass(frozen=True)
class Arg:
    """The spec of one example argument: shape, HLO element type and how to fill it."""

    shape: tuple[int, ...]
    dtype: str
    fill: Fill = Fill.NORMAL
    low: float = -4.0
    high: float = 4.0
    scale: float = 1.0


def arg(
    dtype: str,
    *shape: int,
    fill: Fill = Fill.NORMAL,
    low: float | None = None,
    high: float | None = None,
    scale: float = 1.0,
) -> Arg:
    """Shorthand: `arg("f32", 2, 3)`; integer defaults are [-50, 50) ([0, 50) unsigned)."""
    np_dtype = DTYPES[dtype]
    if low is None:
        low = 0.0 if np_dtype.kind in "ub" else (-50.0 if np_dtype.kind == "i" else -4.0)
    if high is None:
        high = 2.0 if np_dtype.kind == "b" else (50.0 if np_dtype.kind in "iu" else 4.0)
    return Arg(tuple(shape), dtype, fill, float(low), float(high), scale)


@dataclass(frozen=True)
class Spmd:
    """How an SPMD program is partitioned: a mesh of 8 CPU devices and the specs.

    `in_specs`/`out_specs` are PartitionSpecs (a pytree for outputs); None means
    no `in_shardings`/`out_shardings` is passed to jit (e.g. pure shard_map).
    """

    mesh_shape: tuple[int, ...]
    axis_names: tuple[str, ...]
    in_specs: tuple[Any, ...] | None = None
    out_specs: Any = None

    @property
    def num_devices(self) -> int:
        return int(np.prod(self.mesh_shape))


@dataclass(frozen=True)
class Program:
    """A JAX function with example argument specs and category tags."""

    name: str
    fn: Callable[..., Any]
    args: tuple[Arg, ...]
    tags: frozenset[str]
    x64: bool = False
    spmd: Spmd | None = None


def program(
    name: str,
    fn: Callable[..., Any],
    args: list[Arg] | tuple[Arg, ...],
    tags: str | tuple[str, ...],
    *,
    x64: bool | None = None,
    spmd: Spmd | None = None,
) -> Program:
    """Builds a Program; x64 defaults to whether any argument has a 64-bit type.

    >>> program("neg_f32", lambda x: -x, [arg("f32", 4)], "elementwise")
    """
    tag_set = frozenset((tags,) if isinstance(tags, str) else tags)
    if x64 is None:
        x64 = any(a.dtype in WIDE for a in args)
    return Program(name, fn, tuple(args), tag_set, x64, spmd)


def _rng_for(name: str) -> np.random.Generator:
    return np.random.default_rng(zlib.crc32(name.encode()))


def _draw(spec: Arg, rng: np.random.Generator) -> np.ndarray:
    dtype = DTYPES[spec.dtype]
    shape = spec.shape
    if spec.fill is Fill.BITS:
        nbytes = int(np.prod(shape, dtype=np.int64)) * dtype.itemsize
        return np.frombuffer(rng.bytes(nbytes), dtype=dtype).reshape(shape).copy()
    if spec.fill is Fill.ARANGE:
        return np.arange(int(np.prod(shape, dtype=np.int64))).reshape(shape).astype(dtype)
    if dtype.kind == "b":
        return rng.integers(0, 2, size=shape).astype(dtype)
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        low = max(int(spec.low), int(info.min))
        high = min(int(spec.high), int(info.max))
        values = rng.integers(low, high, size=shape, endpoint=False)
        if spec.fill is Fill.NONZERO:
            values = np.where(values == 0, 1, values)
        return values.astype(dtype)
    values = _draw_real(spec, rng, shape)
    if dtype.kind == "c":
        values = values + 1j * _draw_real(spec, rng, shape)
    if spec.fill is Fill.SPD:
        values = _spd(values, dtype)
    elif spec.fill is Fill.WELL_CONDITIONED:
        n = shape[-1]
        values = values + n * np.eye(n)
    elif spec.fill is Fill.SPECIAL:
        values = _sprinkle_specials(values, rng)
    return values.astype(dtype)


def _draw_real(spec: Arg, rng: np.random.Generator, shape: tuple[int, ...]) -> np.ndarray:
    if spec.fill in (Fill.UNIFORM, Fill.NONZERO):
        return rng.uniform(spec.low, spec.high, size=shape)
    return rng.standard_normal(size=shape) * spec.scale


def _spd(values: np.ndarray, dtype: np.dtype) -> np.ndarray:
    n = values.shape[-1]
    conj_t = np.conj(np.swapaxes(values, -1, -2))
    return values @ conj_t / n + np.eye(n)


def _sprinkle_specials(values: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    specials = np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, 1e-30, -1.0, 1.0])
    flat = values.reshape(-1).copy()
    count = min(len(specials), flat.size // 2)
    where = rng.choice(flat.size, size=count, replace=False)
    flat[where] = specials[:count]
    return flat.reshape(values.shape)


def make_inputs(p: Program) -> list[np.ndarray]:
    """The example arguments of `p`, deterministic for its name."""
    rng = _rng_for(p.name)
    return [_draw(spec, rng) for spec in p.args]


def catalog() -> list[Program]:
    """Every program of the corpus, in a fixed order, names unique."""
    from tests.corpus.families import FAMILIES

    programs: list[Program] = []
    for family in FAMILIES:
        programs.extend(family())
    names = [p.name for p in programs]
    duplicates = sorted({n for n in names if names.count(n) > 1})
    assert not duplicates, f"duplicate program names: {duplicates}"
    return programs
