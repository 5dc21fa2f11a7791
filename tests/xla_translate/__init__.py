"""XLA's own translate tests as a corpus (issue 26): the pieces of openxla/xla's StableHLO/MHLO -> HLO export
tests and HLO -> MHLO import tests (tests/xla_translate/PROVENANCE.md), checked with XLA's converters as oracles.

`build.py` writes `pieces.jsonl`, `checks.py` holds the checks, `worker.py` the worker process XLA runs in,
`known_failures.txt` the pieces that fail today and why.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
PIECES_FILE = HERE / "pieces.jsonl"
KNOWN_FAILURES_FILE = HERE / "known_failures.txt"


@functools.cache
def pieces() -> dict[str, dict[str, Any]]:
    """Every piece by id (`<path in openxla/xla>:<index of its // ----- section>[:flag...]`), in file order."""
    with PIECES_FILE.open() as lines:
        records = [json.loads(line) for line in lines]
    return {r["id"]: r for r in records}


def known_failures() -> dict[str, tuple[frozenset[str], str]]:
    """known_failures.txt: piece id -> (the checks it fails, the reason). Lines are
    `<id> <check,check,...> <reason>`; `#` starts a comment line."""
    known: dict[str, tuple[frozenset[str], str]] = {}
    for line in KNOWN_FAILURES_FILE.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            piece_id, checks, reason = (line.split(maxsplit=2) + [""])[:3]
            known[piece_id] = (frozenset(checks.split(",")), reason)
    return known
