"""XLA's own test files as a corpus (issue 26; tests/xla_corpus): a deterministic sample here, every module in
`make test-xla-corpus` (`python -m tests.xla_corpus.report --check-known`).

Each module runs tests/xla_corpus/checks.py in a worker process (XLA may abort on what we hand it). A module
passes every check, or fails exactly the checks tests/xla_corpus/known_failures.txt lists for it: a listed
module that now passes more fails here, so the list only shrinks.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from tests.xla_corpus import MODULES_FILE, group_of, known_failures, module_ids, sample
from tests.xla_corpus.checks import CHECKS
from tests.xla_corpus.report import cause, failed_checks
from tests.xla_corpus.worker import Worker

SAMPLE_SIZE = 150


def test_the_corpus_is_what_issue_26_asks() -> None:
    """Thousands of modules from hundreds of XLA test files, the folders the issue names among them, each with
    its source path and index, every id once; provenance and license beside the data."""
    ids = module_ids()
    assert len(ids) >= 5000 and len(set(ids)) == len(ids)
    paths = {i.rsplit(":", 1)[0] for i in ids}
    assert len(paths) >= 500
    for folder in (
        "xla/service/gpu",
        "xla/backends/gpu",
        "xla/service/cpu",
        "xla/hlo/transforms",
        "xla/service/spmd",
        "xla/hlo/parser",
    ):
        assert any(p.startswith(folder) for p in paths), folder
    assert any(p.endswith(".hlo") for p in paths) and any(p.endswith("_test.cc") for p in paths)
    with MODULES_FILE.open() as lines:
        first = json.loads(next(lines))
    assert first["id"] == f"{first['path']}:{first['index']}" and first["line"] >= 1 and first["text"]
    provenance = (MODULES_FILE.parent / "PROVENANCE.md").read_text()
    assert "openxla/xla" in provenance and "Apache-2.0" in provenance and "build.py" in provenance


def test_known_failures_name_corpus_modules() -> None:
    ids = set(module_ids())
    for module_id, (checks, reason) in known_failures().items():
        assert module_id in ids, module_id
        assert checks and checks <= {*CHECKS, "xla-parser"} and reason, module_id


def test_the_sample_is_spread() -> None:
    picked = sample(SAMPLE_SIZE)
    assert len(picked) == SAMPLE_SIZE and picked == sample(SAMPLE_SIZE)
    assert len({group_of(i) for i in picked}) >= 100


@pytest.fixture(scope="module")
def worker() -> Iterator[Worker]:
    with Worker(timeout_s=180) as w:
        yield w


@pytest.mark.parametrize("module_id", sample(SAMPLE_SIZE))
def test_module(module_id: str, worker: Worker) -> None:
    answer = worker.call("check", id=module_id)
    failed = failed_checks(answer)
    listed, reason = known_failures().get(module_id, (frozenset(), ""))
    if failed - listed:
        messages = answer.get("results", {}).get("messages", answer)
        pytest.fail(f"fails {sorted(failed - listed)}: {messages}")
    assert failed == listed, (
        f"now passes {sorted(listed - failed)}: take it out of known_failures.txt "
        f"(listed for: {reason}; still fails: {cause(answer) if failed else 'nothing'})"
    )


# What the checks say where the oracle, not our conversion, is at fault (tests/xla_corpus/checks.py).
FAIR_CHECKS = {
    # XLA's proto reader refuses XLA's own proto of a pipelined send/recv module
    "xla/service/copy_insertion_test.cc:49": ("proto", "skip: XLA's proto reader refuses XLA's own proto"),
    # ... or reads it back without its collective-permute's slice sizes
    "xla/service/hlo_verifier_test.cc:73": ("proto", "skip: XLA's proto reader reads XLA's own proto"),
    # XLA runs a bitcast between layouts as a copy; ours is the transpose it is
    "xla/backends/gpu/tests/gpu_kernel_tiling_test.cc:6": ("execute", "skip: a bitcast between layouts"),
    # XLA runs a fusion that passes a parameter through to garbage in its other output; ours adds
    "xla/service/hlo_instruction_test.cc:17": ("execute", "skip: a multi-output fusion that returns one of its"),
    # XLA's CPU compiles the test file's module, then cannot run it (a bf16 dot to f32)
    "xla/backends/gpu/codegen/triton/tests/fusion_emitter_int4_device_test.cc:2": (
        "execute",
        "skip: XLA's CPU cannot run it",
    ),
    # uneven tiles, unreduced and manual subgroups: both run without their shardings
    "xla/service/sharding_propagation_test.cc:0": ("execute", "pass"),
    "xla/service/spmd/spmd_partitioner_test.cc:497": ("execute", "pass"),
    "xla/service/spmd/spmd_partitioner_test.cc:144": ("execute", "pass"),
    # a dot over 512 terms, summed in another order by the two compilations
    "xla/service/sharding_propagation_test.cc:81": ("execute", "pass"),
}


@pytest.mark.parametrize("module_id", sorted(FAIR_CHECKS))
def test_checks_blame_the_oracle_only_where_it_is_at_fault(module_id: str, worker: Worker) -> None:
    check, expected = FAIR_CHECKS[module_id]
    answer = worker.call("check", id=module_id)
    assert answer["status"] == "ok", answer
    assert answer["results"][check].startswith(expected), answer["results"]
