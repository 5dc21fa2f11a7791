"""XLA's own test files as a corpus (issue 26): the HLO modules of openxla/xla's `*.hlo` lit tests and of the
`HloModule` raw strings of its `*_test.cc` files that jaxlib's parser reads (tests/xla_corpus/PROVENANCE.md).

    >>> ids = module_ids()
    >>> ids[0]                                                      # doctest: +SKIP
    'xla/backends/cpu/autotuner/cpu_profiler_test.cc:0'

`checks.py` holds the checks, `worker.py` the worker process XLA runs in, `build.py` the generator,
`known_failures.txt` the modules that fail today and why.
"""

from __future__ import annotations

import functools
import json
import random
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
MODULES_FILE = HERE / "modules.jsonl"
KNOWN_FAILURES_FILE = HERE / "known_failures.txt"


@functools.cache
def module_ids() -> tuple[str, ...]:
    """Every module id of the corpus, `<path in openxla/xla>:<index in that file>`, in file order."""
    with MODULES_FILE.open() as lines:
        return tuple(json.loads(line)["id"] for line in lines)


def group_of(module_id: str) -> str:
    """The folder a module comes from, down to three levels (`xla/service/gpu`), for spreading samples."""
    return "/".join(module_id.split(":")[0].split("/")[:3])


def sample(count: int) -> list[str]:
    """A deterministic sample of `count` modules spread over source folders: folders take turns, each
    folder's modules in a fixed shuffled order."""
    groups: dict[str, list[str]] = defaultdict(list)
    for module_id in module_ids():
        groups[group_of(module_id)].append(module_id)
    queues = [random.Random(name).sample(ids, len(ids)) for name, ids in sorted(groups.items())]
    picked = [q[depth] for depth in range(max(map(len, queues))) for q in queues if depth < len(q)]
    return sorted(picked[:count])


def known_failures() -> dict[str, tuple[frozenset[str], str]]:
    """known_failures.txt: module id -> (the checks it fails, the cause). Lines are
    `<id> <check,check,...> <cause>`; `#` starts a comment line."""
    known: dict[str, tuple[frozenset[str], str]] = {}
    if not KNOWN_FAILURES_FILE.exists():
        return known
    for line in KNOWN_FAILURES_FILE.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            module_id, checks, cause = (line.split(maxsplit=2) + [""])[:3]
            known[module_id] = (frozenset(checks.split(",")), cause)
    return known
