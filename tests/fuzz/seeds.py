"""Fuzz seeds: golden files and corpus programs in every input form the entry points read.

Binary proto and proto text seeds are written from the HLO text seeds by our own writer (they are
inputs to mutate, not expectations); MLIR bytecode seeds are MLIR text seeds written as bytecode.
The seed set is cached under `.cache/fuzz/` keyed by the sources it was built from.
"""

from __future__ import annotations

import enum
import hashlib
import logging
import pickle
from dataclasses import dataclass
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
GOLDEN_DIR = REPO_ROOT / "golden"
CACHE_DIR = REPO_ROOT / ".cache" / "fuzz"

log = logging.getLogger(__name__)


class Kind(enum.Enum):
    """The form of an input."""

    HLO_TEXT = "hlo-text"
    HLO_PROTO = "hlo-proto"
    HLO_PROTO_TEXT = "hlo-proto-text"
    MLIR_TEXT = "mlir-text"
    MLIR_BYTECODE = "mlir-bytecode"

    @property
    def is_hlo(self) -> bool:
        return self.value.startswith("hlo")

    @property
    def is_text(self) -> bool:
        return self not in (Kind.HLO_PROTO, Kind.MLIR_BYTECODE)

    @property
    def suffix(self) -> str:
        return {
            Kind.HLO_TEXT: ".hlo",
            Kind.HLO_PROTO: ".hlo.pb",
            Kind.HLO_PROTO_TEXT: ".hlo.pbtxt",
            Kind.MLIR_TEXT: ".mlir",
            Kind.MLIR_BYTECODE: ".mlirbc",
        }[self]


@dataclass(frozen=True)
class Seed:
    name: str
    kind: Kind
    data: bytes


def _sources(corpus: Path | None) -> list[tuple[str, Kind, Path]]:
    found = [
        (f"golden/{p.parent.name}/{p.name}", Kind.HLO_TEXT if p.suffix == ".hlo" else Kind.MLIR_TEXT, p)
        for p in sorted(GOLDEN_DIR.rglob("*"))
        if p.suffix in (".hlo", ".mlir")
    ]
    if corpus is not None:
        for entry in sorted(p for p in corpus.iterdir() if p.is_dir()):
            for name, kind in (
                ("hlo.txt", Kind.HLO_TEXT),
                ("hlo_gspmd.txt", Kind.HLO_TEXT),
                ("optimized.hlo.txt", Kind.HLO_TEXT),
                ("stablehlo.mlir", Kind.MLIR_TEXT),
                ("stablehlo_gspmd.mlir", Kind.MLIR_TEXT),
            ):
                if (entry / name).is_file():
                    found.append((f"corpus/{entry.name}/{name}", kind, entry / name))
    return found


def _derived(seed: Seed) -> list[Seed]:
    """The same module in the other forms of its world (skipped where our own reader refuses it)."""
    from hlo_translate import HloFormat, TranslateError, read_hlo, write_hlo

    out: list[Seed] = []
    try:
        if seed.kind is Kind.HLO_TEXT:
            module = read_hlo(seed.data)
            out.append(Seed(seed.name + ".pb", Kind.HLO_PROTO, write_hlo(module, HloFormat.PROTO)))
            out.append(Seed(seed.name + ".pbtxt", Kind.HLO_PROTO_TEXT, write_hlo(module, HloFormat.PROTO_TEXT)))
        elif seed.kind is Kind.MLIR_TEXT:
            from hlo_translate.mlir.context import make_context, module_to_bytecode, parse_module

            with make_context():
                out.append(Seed(seed.name + ".bc", Kind.MLIR_BYTECODE, module_to_bytecode(parse_module(seed.data))))
    except TranslateError as err:
        log.info("no derived seeds for %s: %s", seed.name, err)
    return out


def load_seeds(corpus: Path | None) -> list[Seed]:
    """Every seed: text files as they are plus their derived forms (cached on disk)."""
    sources = _sources(corpus)
    digest = hashlib.sha256()
    for name, _, path in sources:
        digest.update(name.encode())
        digest.update(path.read_bytes())
    cache = CACHE_DIR / f"seeds-{digest.hexdigest()[:16]}.pkl"
    if cache.is_file():
        return pickle.loads(cache.read_bytes())
    seeds: list[Seed] = []
    for name, kind, path in sources:
        seed = Seed(name, kind, path.read_bytes())
        seeds += [seed, *_derived(seed)]
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    tmp = cache.with_suffix(".tmp")
    tmp.write_bytes(pickle.dumps(seeds))
    tmp.replace(cache)
    return seeds


def default_corpus() -> Path | None:
    """The generated corpus directory (generated when missing)."""
    from tests.corpus import corpus_dir

    return corpus_dir()
