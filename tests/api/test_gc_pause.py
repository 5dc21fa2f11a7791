"""The cyclic collector is off while a public function builds a module, and as it was afterwards."""

from __future__ import annotations

import gc

import pytest

import hlo_translate
from hlo_translate.errors import TranslateError
from hlo_translate.gc_pause import without_cyclic_gc

# 600 instructions: thousands of objects, many times the collector's first threshold (700 allocations).
HLO = (
    "HloModule m\nENTRY e {\n  p = f32[4] parameter(0)\n"
    + "".join(f"  a{i} = f32[4] add({'p' if i == 0 else f'a{i - 1}'}, p)\n" for i in range(599))
    + "  ROOT r = f32[4] negate(a598)\n}\n"
)


@pytest.fixture
def collections():
    """The generations of the collections that start while the test runs."""
    started: list[int] = []

    def record(phase: str, info: dict) -> None:
        if phase == "start":
            started.append(info["generation"])

    gc.collect()
    gc.callbacks.append(record)
    yield started
    gc.callbacks.remove(record)


@pytest.mark.parametrize(
    "call",
    [
        lambda: hlo_translate.read_hlo(HLO),
        lambda: hlo_translate.hlo_to_stablehlo(HLO, emit="bytecode"),
        lambda: hlo_translate.stablehlo_to_hlo(hlo_translate.hlo_to_stablehlo(HLO)),
    ],
    ids=["read_hlo", "hlo_to_stablehlo", "stablehlo_to_hlo"],
)
def test_no_collection_inside_a_call(collections, call):
    assert gc.isenabled()
    call()
    assert collections == []
    assert gc.isenabled()


def test_a_collection_happens_without_the_pause(collections):
    from hlo_translate.hlo.text import parse_hlo_text

    parse_hlo_text.__wrapped__(HLO)  # the same parse, collector on: the test above can fail
    assert collections


def test_the_collector_is_back_on_after_an_error():
    with pytest.raises(TranslateError):
        hlo_translate.read_hlo("HloModule m\nENTRY e { ROOT p = f32[] bogus(0) }")
    assert gc.isenabled()


def test_a_disabled_collector_stays_disabled():
    seen = []
    gc.disable()
    try:
        without_cyclic_gc(lambda: seen.append(gc.isenabled()))()
        assert not gc.isenabled()
    finally:
        gc.enable()
    assert seen == [False]
