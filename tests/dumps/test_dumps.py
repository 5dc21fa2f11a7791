"""XLA's dumps of our JAX programs, file by file (issue 13; the checks are in tests/dumps/checks.py).

`make test` runs a deterministic sample of 300 files spread over programs, pass families and formats;
`make test-dumps` (HLO_TRANSLATE_DUMPS_FULL=1) runs every file of the dump corpus.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.dumps import DumpFile, dump_files, sample, summary
from tests.dumps.checks import Outcome, check
from tests.support.paths import TESTS

SAMPLE_SIZE = 300
FULL = os.environ.get("HLO_TRANSLATE_DUMPS_FULL") == "1"


# Known failures of the full run, file by file (none is in the sample).
KNOWN_FAILURES: dict[str, str] = {}


def _files():
    files = [f for f in dump_files() if f.kind != "other"] if FULL else sample(SAMPLE_SIZE)
    return [
        pytest.param(f, id=f.id, marks=pytest.mark.xfail(reason=KNOWN_FAILURES[f.id]))
        if f.id in KNOWN_FAILURES
        else pytest.param(f, id=f.id)
        for f in files
    ]


def test_the_dump_corpus_is_what_issue_13_asks() -> None:
    """At least 25 programs, several thousand files, per-pass dumps in text and proto."""
    info = summary()
    assert len(info["programs"]) >= 25
    assert info["files"] >= 3000
    assert "--xla_dump_hlo_pass_re=.*" in info["flags"]
    kinds = {f.kind for f in dump_files()}
    assert kinds == {"text", "proto", "other"}


def test_the_sample_is_spread() -> None:
    files = sample(SAMPLE_SIZE)
    assert len(files) == SAMPLE_SIZE
    assert len({f.program for f in files}) == len(summary()["programs"])
    assert len({f.family for f in files}) >= 15
    assert {f.kind for f in files} == {"text", "proto"}


@pytest.mark.parametrize("dump_file", _files())
def test_dump_file(dump_file) -> None:
    check(dump_file)


HAND_WRITTEN = sorted((TESTS / "dumps" / "hand_written").glob("*.txt"))


@pytest.mark.parametrize("path", HAND_WRITTEN, ids=lambda p: p.stem)
def test_hand_written_device_module(path: Path) -> None:
    """Modules in the style of TPU and GPU dumps (tiled layouts, memory spaces, sub-byte element sizes,
    dynamic dimensions, fusion kinds and backend configs): the same checks as the dump files."""
    assert check(DumpFile(path, "hand_written", path.stem, "hand_written")) is Outcome.CHECKED
