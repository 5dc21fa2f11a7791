"""The exporter over the whole generated corpus (tests/corpus), marked `slow`.

For every program: export its StableHLO (as JAX lowers it by default: Shardy `sdy` shardings for SPMD
programs, which the Shardy export pass turns into HLO shardings; tests/execution/test_validate_corpus.py covers the
GSPMD lowering), then XLA parses our HLO, our opcodes agree with XLA's translation
(rules in tests/export/test_export.py), and XLA runs our HLO to JAX's recorded outputs.
A program may instead fail with a one-line TranslateError naming an op we document as unsupported;
anything else (a crash, a wrong result, another error) fails the test.
"""

from __future__ import annotations

import pytest

from hlo_translate.errors import TranslateError
from tests.export.test_export import KNOWN_OPCODE_DIFFERENCES as _PROGRAM_DIFFERENCES

COMPLEX_EXPANDED = _PROGRAM_DIFFERENCES["complex_ops"] | {
    "exponential",
    "power",
    "rsqrt",
    "tanh",
    "tan",
    "is-finite",
    "sign",
    "floor",
    "ceil",
    "negate",
    "xor",
    "clamp",
}

# Programs whose Shardy round-trip HLO XLA's compiler refuses (XLA's own translation too: "Unexpected custom
# call named 'xla.sdy.GlobalToLocalShape'" from its SPMD partitioner, for a partial-manual shard_map).
XLA_CANNOT_COMPILE_ROUND_TRIP = {"shard_map_partial_manual_2x4"}

# Ops the exporter rejects on purpose (no HLO counterpart): a one-line error naming the op.
KNOWN_UNSUPPORTED_PREFIXES = ("stablehlo.uniform_",)

# Opcode differences explained by XLA's simplifier, per program.
KNOWN_OPCODE_DIFFERENCES = {
    # XLA's complex-math expander rewrites complex math into real arithmetic before export (see
    # tests/export/test_export.py); the outputs are still compared with JAX's.
    "unary_c64": COMPLEX_EXPANDED,
    "unary_c128": COMPLEX_EXPANDED,
    # XLA passes JAX 0.12's async custom calls through; we write the real async HLO ops (docs/async.md).
    "shard_map_async_ppermute_mesh8": {"collective-permute-start", "collective-permute-done", "custom-call"},
    "shard_map_async_psum_mesh8": {"all-reduce-start", "all-reduce-done", "custom-call"},
    "unique_size_s32": {"reduce"},  # a reduce over no dimensions is an identity; XLA folds it away
}


def _entries():
    from tests.corpus import entries

    return entries()


def _ids():
    try:
        return [e.name for e in _entries()]
    except Exception:  # the corpus could not be generated: the test below reports it
        return []


@pytest.mark.slow
@pytest.mark.parametrize("name", _ids())
def test_corpus_program(name: str) -> None:
    from jaxlib import _hlo

    from hlo_translate.execution import compare_outputs, execute
    from hlo_translate.hlo.text import print_hlo_text
    from tests.export.test_export import export_module_of, opcode_differences, xla_translation

    entry = next(e for e in _entries() if e.name == name)
    mlir = entry.stablehlo()
    try:
        module = export_module_of(mlir)
    except TranslateError as err:
        assert err.op is not None and err.op.startswith(KNOWN_UNSUPPORTED_PREFIXES), str(err)
        assert "\n" not in str(err)
        pytest.xfail(f"documented gap: {err}")
    ours = print_hlo_text(module)
    _hlo.hlo_module_from_text(ours)
    # Both we and XLA write Shardy programs in XLA's round-trip form (xla.sdy.* custom calls beside the
    # GSPMD shardings), so the opcode reference is XLA's translation of the same input.
    reference = xla_translation(mlir)
    problems = [
        p
        for p in opcode_differences(module, reference)
        if p.split(":")[0] not in KNOWN_OPCODE_DIFFERENCES.get(name, set())
    ]
    assert not problems, "\n".join(problems)
    if entry.needs_lapack:
        from jax._src.lax import linalg

        linalg.initialize_lapack()
    devices = entry.num_partitions if entry.is_spmd else None
    if name in XLA_CANNOT_COMPILE_ROUND_TRIP:
        # Our round-trip form matched XLA's above; XLA's HLO compile path cannot re-import it (its own
        # translation fails a RET_CHECK in the SPMD partitioner, and a second failing compile in one process
        # has crashed it), so what runs is our export of the GSPMD lowering of the same program.
        ours = print_hlo_text(export_module_of(entry.stablehlo_gspmd()))
    actual = execute(ours, entry.inputs(), num_devices=devices)
    expected = entry.outputs()
    if "stablehlo.rng " in mlir:
        # stablehlo.rng's values are implementation-defined: XLA's own translation of the same
        # module does not reproduce JAX's numbers either. Only shapes and types can agree.
        assert [(e.shape, e.dtype) for e in expected] == [(a.shape, a.dtype) for a in actual]
        return
    comparison = compare_outputs(expected, actual)
    assert comparison.ok, comparison.report()
