"""The generated test corpus: JAX programs lowered to StableHLO and HLO, with inputs/outputs.

The corpus is generated on first use (about a minute) into
`<repo>/.cache/corpus/<jax version>-<hash of tests/corpus sources and jaxlib>`
and reused afterwards; a file lock keeps parallel test workers from racing.
Set HLO_TRANSLATE_CORPUS=<dir> to use a corpus generated elsewhere.

    >>> from tests.corpus import entries, hlo_modules
    >>> [e.name for e in entries("fft", "x64")][:1]
    ['ifftn_3d_c128']
    >>> entries("spmd")[0].num_partitions
    8

Importing this package does not import JAX; generation runs in a subprocess.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.metadata
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from tests.corpus.arrays import load_arrays
from tests.support.generated import generated_dir

REPO_ROOT = Path(__file__).resolve().parents[2]
SOURCE_DIR = Path(__file__).resolve().parent
ENV_OVERRIDE = "HLO_TRANSLATE_CORPUS"
DEVICE_FLAG = "--xla_force_host_platform_device_count=8"
# Text files of an entry; the *_gspmd ones exist only for SPMD programs.
TEXT_FILES = ("stablehlo.mlir", "hlo.txt", "optimized.hlo.txt")
SPMD_TEXT_FILES = ("stablehlo_gspmd.mlir", "hlo_gspmd.txt")
HLO_FILES = ("hlo.txt", "hlo_gspmd.txt", "optimized.hlo.txt")


@dataclass(frozen=True)
class CorpusEntry:
    """One generated program: its files and what meta.json says about it."""

    name: str
    path: Path
    tags: frozenset[str]
    num_partitions: int
    num_replicas: int
    x64: bool
    needs_lapack: bool
    has_collectives: bool
    has_custom_calls: bool
    input_shardings: tuple[str, ...] = ()
    output_shardings: tuple[str, ...] = ()

    @classmethod
    def from_dir(cls, path: Path) -> CorpusEntry:
        """Reads the entry in `path` (a directory with meta.json)."""
        meta = json.loads((path / "meta.json").read_text())
        return cls(
            name=meta["name"],
            path=path,
            tags=frozenset(meta["tags"]),
            num_partitions=meta["num_partitions"],
            num_replicas=meta["num_replicas"],
            x64=meta["x64"],
            needs_lapack=meta["needs_lapack"],
            has_collectives=meta["has_collectives"],
            has_custom_calls=meta["has_custom_calls"],
            input_shardings=tuple(meta.get("input_shardings", ())),
            output_shardings=tuple(meta.get("output_shardings", ())),
        )

    @property
    def is_spmd(self) -> bool:
        return "spmd" in self.tags

    @property
    def stablehlo_path(self) -> Path:
        return self.path / "stablehlo.mlir"

    @property
    def stablehlo_gspmd_path(self) -> Path | None:
        """StableHLO lowered with jax_use_shardy_partitioner=False (SPMD entries only)."""
        return self.path / "stablehlo_gspmd.mlir" if self.is_spmd else None

    @property
    def hlo_path(self) -> Path:
        return self.path / "hlo.txt"

    @property
    def hlo_gspmd_path(self) -> Path | None:
        return self.path / "hlo_gspmd.txt" if self.is_spmd else None

    @property
    def optimized_hlo_path(self) -> Path:
        return self.path / "optimized.hlo.txt"

    @property
    def inputs_path(self) -> Path:
        return self.path / "inputs.npz"

    @property
    def outputs_path(self) -> Path:
        return self.path / "outputs.npz"

    def stablehlo(self) -> str:
        """The module as `jax.jit(f).lower(*args).as_text()` printed it (Shardy lowering)."""
        return self.stablehlo_path.read_text()

    def stablehlo_gspmd(self) -> str:
        assert self.stablehlo_gspmd_path is not None, f"{self.name} is not an SPMD program"
        return self.stablehlo_gspmd_path.read_text()

    def hlo(self) -> str:
        """Unoptimized HLO text (`as_text(dialect='hlo')`), constants in full."""
        return self.hlo_path.read_text()

    def hlo_gspmd(self) -> str:
        assert self.hlo_gspmd_path is not None, f"{self.name} is not an SPMD program"
        return self.hlo_gspmd_path.read_text()

    def optimized_hlo(self) -> str:
        """HLO after XLA's CPU pipeline (SPMD-partitioned for SPMD programs)."""
        return self.optimized_hlo_path.read_text()

    def inputs(self) -> list[np.ndarray]:
        """The global input arrays, one per HLO parameter, in parameter order."""
        return load_arrays(self.inputs_path)

    def outputs(self) -> list[np.ndarray]:
        """JAX's own results, flattened in result order."""
        return load_arrays(self.outputs_path)

    def meta(self) -> dict[str, Any]:
        """The raw meta.json (shapes, dtypes, custom call targets, collectives, mesh)."""
        return json.loads((self.path / "meta.json").read_text())


def corpus_key() -> str:
    """`<jax version>-<hash>`: the hash covers the corpus sources and the jaxlib version."""
    digest = hashlib.sha256(importlib.metadata.version("jaxlib").encode())
    for source in sorted(SOURCE_DIR.rglob("*.py")):
        digest.update(source.relative_to(SOURCE_DIR).as_posix().encode())
        digest.update(source.read_bytes())
    return f"{importlib.metadata.version('jax')}-{digest.hexdigest()[:16]}"


@functools.cache
def corpus_dir() -> Path:
    """The corpus directory, generated on first use (8 host devices; x64 toggles stay in that process)."""
    env = {"XLA_FLAGS": f"{os.environ.get('XLA_FLAGS', '')} {DEVICE_FLAG}".strip(), "JAX_PLATFORMS": "cpu"}
    return generated_dir("corpus", corpus_key(), "tests.corpus.generate", ENV_OVERRIDE, env)


def summary() -> dict[str, Any]:
    """summary.json: versions, generated program names and skipped ones with reasons."""
    return json.loads((corpus_dir() / "summary.json").read_text())


@functools.cache
def _all_entries() -> tuple[CorpusEntry, ...]:
    root = corpus_dir()
    return tuple(CorpusEntry.from_dir(root / name) for name in summary()["generated"])


def entries(*tags: str) -> list[CorpusEntry]:
    """Entries carrying every one of `tags` (all entries when none), in catalog order.

    Tags are the program's categories ("conv", "gather", "spmd", "shard_map", ...)
    plus derived ones: "x64", "lapack", "collectives", "custom_call", "chlo".
    An unknown tag raises ValueError, so a typo cannot silently select nothing.
    """
    everything = _all_entries()
    known = set().union(*(e.tags for e in everything))
    unknown = set(tags) - known
    if unknown:
        raise ValueError(f"unknown corpus tags {sorted(unknown)}; known: {sorted(known)}")
    return [e for e in everything if set(tags) <= e.tags]


def hlo_modules() -> list[Path]:
    """Every HLO text of the corpus: hlo.txt, hlo_gspmd.txt and optimized.hlo.txt files.

    A stable test id for one is `f"{path.parent.name}/{path.name}"`.
    """
    paths = []
    for entry in _all_entries():
        paths += [entry.path / name for name in HLO_FILES if (entry.path / name).is_file()]
    return paths
