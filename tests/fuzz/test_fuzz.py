"""A fixed-seed fuzz sample: every entry point and the CLI keep the promise on mutated inputs.

2,100 cases (300 per entry point, small seeds) on two persistent workers, each with an XLA oracle
worker (tests/fuzz/oracle.py) judging the HLO inputs; a crash, hang, raw exception, internal error,
unlocated error, CLI misreport or accepted-invalid input (we accept, XLA rejects) fails the test with
the list of distinct failures. `make fuzz` runs the long campaign; a failure seen there or here becomes a
reproducer in tests/fuzz/regressions/ (see test_fuzz_regressions.py).
"""

from __future__ import annotations

import pytest

from tests.fuzz import runner
from tests.fuzz.seeds import Kind, default_corpus, load_seeds
from tests.fuzz.targets import SPELLING_TARGETS, TARGETS
from tests.support.paths import GOLDEN

CASES_PER_TARGET = 300
CAMPAIGN_SEED = 2026
MAX_SEED_BYTES = 4000


@pytest.fixture(scope="module")
def seeds():
    return [s for s in load_seeds(default_corpus()) if len(s.data) <= MAX_SEED_BYTES]


def test_seeds_cover_every_input_form(seeds) -> None:
    kinds = {s.kind for s in seeds}
    assert kinds == set(Kind)
    names = {s.name for s in seeds}
    assert any(n.startswith("golden/async/") for n in names) and any("gspmd" in n for n in names)


def test_fuzz_sample_keeps_the_promise(seeds) -> None:
    report = runner.run_campaign(seeds, list(TARGETS), CASES_PER_TARGET, CAMPAIGN_SEED, jobs=2, timeout=30.0)
    total = sum(sum(c.values()) for c in report.counts.values())
    assert total == CASES_PER_TARGET * len(TARGETS)
    failures = "\n".join(
        f"{f.count:4d} x {sig} (e.g. {f.case.target} case {f.case.index}: {f.result.message[:120]})"
        for sig, f in report.failures.items()
    )
    assert not report.failures, f"{report.bugs} of {total} cases broke the promise:\n{failures}\n{report.table()}"
    # the sample exercises both answers: translations that succeed and inputs refused with a TranslateError
    for target, counts in report.counts.items():
        # (the spelling target feeds valid text only: a refusal there is rare)
        assert counts["ok"] > 0 and (counts["error"] > 0 or target in SPELLING_TARGETS), (target, dict(counts))


def test_a_worker_leaves_no_temp_files_behind() -> None:
    """The CLI cases' temp folders live in the worker's scratch folder, which close() removes, also after
    the child was killed mid-way (a hang or a crash restarts it)."""
    import tempfile
    from pathlib import Path

    from tests.fuzz.outcomes import Outcome
    from tests.fuzz.worker import Worker

    before = set(Path(tempfile.gettempdir()).glob("fuzz-cli-*"))
    worker = Worker()
    scratch = worker.scratch
    hlo = b"HloModule m\n\nENTRY e {\n  ROOT p = f32[2] parameter(0)\n}\n"
    assert worker.run("cli", Kind.HLO_TEXT, hlo, 0, 60.0).outcome is Outcome.OK
    worker.stop()  # as after a hang: the next case starts a new child in the same scratch folder
    assert worker.run("cli", Kind.HLO_TEXT, hlo, 1, 60.0).outcome is Outcome.OK
    assert (scratch / "tmp").is_dir()
    worker.close()
    assert not scratch.exists()
    assert set(Path(tempfile.gettempdir()).glob("fuzz-cli-*")) == before


def test_spellings_are_valid_and_spell_the_same_module() -> None:
    # jaxlib's parser reads every spelling to the module the seed is (its print is the same)
    import random

    from jaxlib.mlir import ir

    from hlo_translate.mlir.context import make_context
    from tests.fuzz.spellings import SPELLERS, spell

    used: set[str] = set()
    for path in sorted(GOLDEN.rglob("*.mlir")):
        text = path.read_bytes()
        with make_context():
            expected = str(ir.Module.parse(text))
        for index in range(4):
            spelled, names = spell(random.Random(f"{path.name}:{index}"), text)
            used.update(names)
            with make_context():
                assert str(ir.Module.parse(spelled)) == expected, (path.name, names)
    assert used == {speller.__name__ for speller in SPELLERS}
