"""The XLA dump corpus (issue 13): JAX programs dumped by XLA with per-pass dumps, as users point us at.

Generated on first use (about 1.5 minutes, `tests/dumps/generate.py`) into
`<repo>/.cache/dumps/<jax version>-<hash of the generator sources and jaxlib>` and reused afterwards;
a file lock keeps parallel test workers from racing. HLO_TRANSLATE_DUMPS=<dir> uses a dump corpus
generated elsewhere.

    >>> files = dump_files()
    >>> files[0].program, files[0].family            # doctest: +SKIP
    ('argmax_argsort', 'HLO_passes_through_layout_assignment')

Importing this package does not import JAX; generation runs in subprocesses.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.metadata
import json
import random
import re
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from tests.support.generated import generated_dir

SOURCE_DIR = Path(__file__).resolve().parent
# The sources that decide what is dumped (the checks may change without regenerating).
KEY_SOURCES = ("programs.py", "generate.py")
ENV_OVERRIDE = "HLO_TRANSLATE_DUMPS"
# module_0004.jit_f.0012.dot-library-passes.after_pipeline-start.before_dot_decomposer.txt
PER_PASS = re.compile(r"^module_\d+\.(?P<module>.+?)\.\d{4}\.(?P<family>[^.]+)\.")
# module_0004.jit_f.cpu_after_optimizations-buffer-assignment.txt
WHOLE_MODULE = re.compile(r"^module_\d+\.(?P<module>[^.]+)\.(?P<family>[^.]+)")


@dataclass(frozen=True)
class DumpFile:
    """One file XLA wrote: which program, which module (jit name) and which pass family it belongs to."""

    path: Path
    program: str
    module: str
    family: str

    @property
    def id(self) -> str:
        return f"{self.program}/{self.path.name}"

    @property
    def kind(self) -> str:
        """'text' (.txt), 'proto' (.pb, .hlo.pb) or 'other' (.o, .ll, debug options, ...)."""
        if self.path.suffix == ".txt":
            return "text"
        return "proto" if self.path.suffix == ".pb" else "other"


def dumps_key() -> str:
    """`<jax version>-<hash>`: the hash covers the generator sources and the jaxlib version."""
    digest = hashlib.sha256(importlib.metadata.version("jaxlib").encode())
    for name in KEY_SOURCES:
        digest.update(name.encode())
        digest.update((SOURCE_DIR / name).read_bytes())
    return f"{importlib.metadata.version('jax')}-{digest.hexdigest()[:16]}"


@functools.cache
def dumps_dir() -> Path:
    """The dump corpus directory, generated on first use and then reused."""
    return generated_dir("dumps", dumps_key(), "tests.dumps.generate", ENV_OVERRIDE)


def summary() -> dict:
    """summary.json: versions, dump flags, per-program file counts and seconds, total generation time."""
    return json.loads((dumps_dir() / "summary.json").read_text())


def _describe(path: Path, program: str) -> DumpFile:
    match = PER_PASS.match(path.name) or WHOLE_MODULE.match(path.name)
    module, family = (match["module"], match["family"]) if match else ("", "other")
    return DumpFile(path, program, module, family)


@functools.cache
def dump_files() -> tuple[DumpFile, ...]:
    """Every file of the dump corpus (summary.json aside), sorted by program and name."""
    root = dumps_dir()
    found = []
    for program_dir in sorted(p for p in root.iterdir() if p.is_dir()):
        found += [_describe(p, program_dir.name) for p in sorted(program_dir.rglob("*")) if p.is_file()]
    return tuple(found)


def _round_robin(queues: list[list[DumpFile]]) -> list[DumpFile]:
    return [q[depth] for depth in range(max(map(len, queues), default=0)) for q in queues if depth < len(q)]


def sample(count: int) -> list[DumpFile]:
    """A deterministic sample of `count` text and proto files spread over programs, pass families and
    formats: programs take turns, and each program takes turns over its (family, format) groups, groups
    and files in a fixed shuffled order (so a group's first pick is not always its pass 0000)."""
    groups: dict[str, dict[tuple[str, str], list[DumpFile]]] = defaultdict(lambda: defaultdict(list))
    for f in dump_files():
        if f.kind != "other":
            groups[f.program][(f.family, f.kind)].append(f)
    per_program = []
    for program in sorted(groups):
        keys = random.Random(program).sample(sorted(groups[program]), len(groups[program]))
        per_program.append(
            _round_robin(
                [
                    random.Random(repr((program, key))).sample(groups[program][key], len(groups[program][key]))
                    for key in keys
                ]
            )
        )
    return sorted(_round_robin(per_program)[:count], key=lambda f: f.id)
