"""HLO -> StableHLO -> HLO with our two converters over the generated corpus (issue 4's round trip).

"Structurally equal" (docs/import.md states the normalization): the same multiset of instructions per
module, each described by opcode, shape (without layout) and its attributes, after
- ignoring names, metadata and the plumbing XLA's own converters also add or drop: tuple,
  get-tuple-element, parameter, copy, call (fusions are kept: the importer marks them, the exporter
  rebuilds them);
- describing called computations by nothing but their presence (their instructions are counted anyway).
Then the module that came back runs on XLA CPU to JAX's recorded outputs (unoptimized single-device,
deterministic programs).
"""

from __future__ import annotations

import pytest

import hlo_translate
from hlo_translate.hlo.ir import HloModule
from hlo_translate.hlo.text import parse_hlo_text
from tests.support.hlo_compare import signature


def _modules():
    from tests.corpus import hlo_modules

    try:
        return hlo_modules()
    except Exception:
        return []


MODULES = _modules()


@pytest.mark.slow
@pytest.mark.parametrize("path", MODULES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_hlo_round_trip_is_structurally_equal(path) -> None:
    original = parse_hlo_text(path.read_text())
    back = hlo_translate.stablehlo_to_hlo(hlo_translate.hlo_to_stablehlo(original))
    before, after = signature(original), signature(back)
    lost, gained = before - after, after - before
    assert before == after, f"lost: {sorted(lost.items())[:5]}\ngained: {sorted(gained.items())[:5]}"
    _runs_like_jax(path, back)


def _runs_like_jax(path, module: HloModule) -> None:
    """The module that came back runs on XLA CPU to JAX's recorded outputs (unoptimized, single-device,
    deterministic programs: optimized modules carry CPU-internal fusions XLA cannot always recompile)."""
    from hlo_translate.execution import compare_outputs, execute
    from tests.corpus import entries

    if path.name != "hlo.txt":
        return
    entry = next(e for e in entries() if e.name == path.parent.name)
    if entry.num_partitions != 1 or entry.num_replicas != 1 or entry.x64 or "nondeterministic" in entry.tags:
        return
    if entry.needs_lapack:
        from jax._src.lax import linalg

        linalg.initialize_lapack()
    comparison = compare_outputs(entry.outputs(), execute(hlo_translate.write_hlo(module).decode(), entry.inputs()))
    assert comparison.ok, comparison.report()


@pytest.mark.parametrize("element_type", ["c64", "c128"])
def test_complex_constants_keep_every_bit(element_type: str) -> None:
    """NaN, infinities and signed zeros in complex constants survive both converters."""
    values = "{(nan, nan), (1.5, -2), (inf, -0), (-inf, 3.25), (0, nan)}"
    text = f"HloModule m\nENTRY e {{\n  ROOT c = {element_type}[5] constant({values})\n}}\n"
    back = hlo_translate.stablehlo_to_hlo(hlo_translate.hlo_to_stablehlo(text))
    ours, original = back.entry.root.literal, parse_hlo_text(text).entry.root.literal
    assert ours.value.tobytes() == original.value.tobytes() and ours.to_text() == original.to_text()
