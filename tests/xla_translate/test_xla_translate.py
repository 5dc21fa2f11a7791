"""XLA's own translate tests (issue 26; tests/xla_translate): every piece XLA's converter translates, we
translate to HLO that XLA re-reads and, where XLA's CPU runs it, to XLA's outputs; every HLO piece XLA's parser
and importer take, we import to verified StableHLO without `mhlo.*` ops that exports back to the same
instructions.

Each piece runs tests/xla_translate/checks.py in a worker process (XLA may abort on what it is handed). A piece
passes every check, or fails exactly the checks known_failures.txt lists for it: a listed piece that now
passes more fails here, so the list only shrinks. `python -m tests.xla_translate.report` prints the counts.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.xla_translate import PIECES_FILE, known_failures, pieces
from tests.xla_translate.checks import CHECKS
from tests.xla_translate.report import cause, failed_checks
from tests.xla_translate.worker import Worker


def test_the_corpus_is_what_issue_26_asks() -> None:
    """Hundreds of pieces of XLA's export and import tests, each with its source path and section, provenance
    and license beside the data."""
    by_direction = {d: [p for p in pieces().values() if p["direction"] == d] for d in ("export", "import")}
    assert len(by_direction["export"]) >= 400 and len(by_direction["import"]) >= 200
    folders = {p["path"].rsplit("/", 1)[0] for p in pieces().values()}
    assert folders >= {
        "xla/hlo/translate/tests",
        "xla/hlo/translate/mhlo_to_hlo/tests",
        "xla/hlo/translate/hlo_to_mhlo/tests",
    }
    for piece_id, piece in pieces().items():
        assert piece_id.startswith(f"{piece['path']}:{piece['index']}") and piece["line"] >= 1 and piece["text"]
    provenance = (PIECES_FILE.parent / "PROVENANCE.md").read_text()
    assert "openxla/xla" in provenance and "Apache-2.0" in provenance and "build.py" in provenance


def test_known_failures_name_pieces_with_reasons() -> None:
    for piece_id, (checks, reason) in known_failures().items():
        assert piece_id in pieces(), piece_id
        assert checks and checks <= set(CHECKS) and reason, piece_id


@pytest.fixture(scope="module")
def worker() -> Iterator[Worker]:
    with Worker(timeout_s=120) as w:
        yield w


@pytest.mark.parametrize("piece_id", list(pieces()))
def test_piece(piece_id: str, worker: Worker) -> None:
    answer = worker.call("check", id=piece_id)
    failed = failed_checks(piece_id, answer)
    listed, reason = known_failures().get(piece_id, (frozenset(), ""))
    if failed - listed:
        messages = answer.get("results", {}).get("messages", answer)
        pytest.fail(f"fails {sorted(failed - listed)}: {messages}")
    assert failed == listed, (
        f"now passes {sorted(listed - failed)}: take it out of known_failures.txt "
        f"(listed for: {reason}; still fails: {cause(piece_id, answer) if failed else 'nothing'})"
    )
