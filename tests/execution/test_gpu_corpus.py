"""The JAX corpus on a CUDA GPU: our translation in each direction runs to the numbers of what it translated.

For every corpus program that fits the GPUs present (partitions x replicas <= devices; no CPU-only custom
calls such as LAPACK's), XLA's GPU compiler runs the original and our translation of it on the same inputs
and the outputs are compared (`validate_modules`, per-dtype tolerances):
- export: JAX's StableHLO (compiled by XLA through its own converter) against our HLO text of it;
- import: JAX's HLO text against our StableHLO of it.
Where no GPU is usable, each direction is one skipped test saying why (`make test-gpu` runs them).
"""

from __future__ import annotations

import pytest

from tests.support.gpu import cuda_device_count, no_gpu_reason

pytestmark = [pytest.mark.gpu, pytest.mark.filterwarnings("ignore::DeprecationWarning")]


def _runnable() -> list[str]:
    """Names of the corpus programs this machine's GPUs can run (none without a GPU)."""
    if no_gpu_reason():
        return []
    from tests.corpus import entries

    devices = cuda_device_count()
    return [
        e.name
        for e in entries()
        if e.num_partitions * e.num_replicas <= devices and not e.needs_lapack and not e.meta()["custom_call_targets"]
    ]


_NAMES = _runnable() or ["(no GPU)"]

# Programs whose HLO as JAX wrote it XLA's GPU stack cannot run, so neither direction can be compared (the
# tests check that JAX's HLO still fails this way, so that an entry goes once XLA runs it).
XLA_GPU_CANNOT_RUN = {
    # cuDNN has no idiom for this integer convolution (s8 operands, s32 result, NCHW).
    "conv2d_s8_preferred_s32": "Can't lower one or more integer convolutions",
    # jaxlib 0.11's CUDA plugin takes StableHLO 1.20.0, which has no dot algorithm on `stablehlo.dot`:
    # XLA's own HLO -> StableHLO step writes one, and its serialization for the plugin refuses it.
    "dot_algorithm_preset_f32": "Failed to serialize StableHLO to plugin version",
}


def _check_jax_hlo_still_fails(entry) -> None:
    from hlo_translate.errors import TranslateError
    from hlo_translate.execution import execute

    with pytest.raises(TranslateError, match=XLA_GPU_CANNOT_RUN[entry.name]):
        execute(entry.hlo(), entry.inputs(), platform="cuda", num_devices=_num_devices(entry))


def _random(module_text: str) -> bool:
    """stablehlo.rng / HLO rng: values are implementation-defined, only shapes and types must agree."""
    return "stablehlo.rng " in module_text or " rng(" in module_text


def _entry(name: str):
    from tests.corpus import entries

    return next(e for e in entries() if e.name == name)


def _num_devices(entry) -> int | None:
    return entry.num_partitions if entry.num_partitions > 1 else None


@pytest.mark.parametrize("name", _NAMES)
def test_export_runs_on_gpu_like_the_stablehlo(name: str) -> None:
    from hlo_translate import HloFormat, stablehlo_to_hlo, write_hlo

    entry = _entry(name)
    mlir = entry.stablehlo()
    _runs_like(entry, mlir, write_hlo(stablehlo_to_hlo(mlir), HloFormat.TEXT))


@pytest.mark.parametrize("name", _NAMES)
def test_import_runs_on_gpu_like_the_hlo(name: str) -> None:
    from hlo_translate import hlo_to_stablehlo

    entry = _entry(name)
    hlo = entry.hlo()
    _runs_like(entry, hlo, hlo_to_stablehlo(hlo))


def _runs_like(entry, original: str, ours: str | bytes) -> None:
    """XLA's GPU compiler runs `ours` (our translation of `original`) to `original`'s outputs."""
    from hlo_translate.execution import execute, validate_modules

    if entry.name in XLA_GPU_CANNOT_RUN:
        _check_jax_hlo_still_fails(entry)
        return
    if _random(original):
        actual = execute(ours, entry.inputs(), platform="cuda", num_devices=_num_devices(entry))
        assert [(a.shape, a.dtype) for a in actual] == [(e.shape, e.dtype) for e in entry.outputs()]
        return
    comparison = validate_modules(original, ours, entry.inputs(), platform="cuda", num_devices=_num_devices(entry))
    assert comparison.ok, comparison.report()
