"""Test-session setup: 8 host CPU devices for XLA, and `gpu` tests skipped where no GPU is present."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

from tests.support.gpu import no_gpu_reason

# Read when JAX creates its CPU client, so it must be set before any test imports jax.
_DEVICE_COUNT_FLAG = "--xla_force_host_platform_device_count"
if _DEVICE_COUNT_FLAG not in os.environ.get("XLA_FLAGS", ""):
    os.environ["XLA_FLAGS"] = f"{os.environ.get('XLA_FLAGS', '')} {_DEVICE_COUNT_FLAG}=8".strip()


# Hypothesis' per-example deadline measures the machine's load, not our code: a loaded 2-core CI machine
# would fail healthy tests. Speed is checked by `make bench`.
settings.register_profile("hlo-translate", deadline=None)
settings.load_profile("hlo-translate")


# What `make test-fast` leaves out (`-m "not slow and not sweep"`), by file: corpus sweeps and samples of
# them, the fuzz campaign's sample, the wheel build and the process-wide memory loops. `make test` and CI
# run everything.
SWEEPS = frozenset(
    {
        "api/test_wheel.py",
        "api/test_memory.py",
        "fuzz/test_fuzz.py",
        "hlo/test_verifier_xla.py",
        "hlo/test_hlo_corpus.py",
        "dumps/test_dumps.py",
        "export/test_export_corpus.py",
        "execution/test_validate_corpus.py",
        "producers/test_producers_torch.py",
        "producers/test_producers_tf.py",
        "producers/test_producers_mhlo.py",
        "producers/test_producers_ops.py",
        "corpus/test_corpus.py",
        "jax_suite/test_slice.py",
        "xla_corpus/test_xla_corpus.py",
        "xla_translate/test_xla_translate.py",
    }
)
_TESTS = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.relative_to(_TESTS).as_posix() in SWEEPS:
            item.add_marker(pytest.mark.sweep)
    gpu_tests = [item for item in items if "gpu" in item.keywords]
    reason = no_gpu_reason() if gpu_tests else None
    for item in gpu_tests if reason else ():
        item.add_marker(pytest.mark.skip(reason=reason))
