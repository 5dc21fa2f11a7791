"""Dead-code removal after export (`export/dce.py`): its shortcut (every instruction nothing reads stays anyway,
so all stay) gives what the search from the root, parameters and side effects gives."""

from __future__ import annotations

import hlo_translate
from hlo_translate import HloFormat
from hlo_translate.export import dce, module

TEXT = """func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %a = stablehlo.add %x, %x : tensor<2xf32>
  %dead = stablehlo.multiply %a, %a : tensor<2xf32>
  %dead_too = stablehlo.negate %dead : tensor<2xf32>
  %effect = stablehlo.custom_call @sink(%dead) {has_side_effect = true} : (tensor<2xf32>) -> tensor<2xf32>
  %unused = stablehlo.subtract %x, %a : tensor<2xf32>
  return %a : tensor<2xf32>
}"""

LIVE = """func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %a = stablehlo.add %x, %x : tensor<2xf32>
  %b = stablehlo.multiply %a, %x : tensor<2xf32>
  return %b : tensor<2xf32>
}"""


def _opcodes(text: str) -> list[str]:
    hlo = hlo_translate.write_hlo(hlo_translate.stablehlo_to_hlo(text), HloFormat.TEXT).decode()
    return [line.split("= ", 1)[1].split("(")[0].split()[-1] for line in hlo.splitlines() if " = " in line]


def test_dead_chains_go_side_effects_stay() -> None:
    assert _opcodes(TEXT) == ["parameter", "add", "multiply", "custom-call"]


def test_all_live_stays() -> None:
    assert _opcodes(LIVE) == ["parameter", "add", "multiply"]


def test_shortcut_agrees_with_the_search(monkeypatch) -> None:
    seen = []
    real = module.remove_dead_code

    def spy(hlo, pinned=None):
        for comp in hlo.computations:
            effects = dce._Effects()
            seen.append((dce._live(comp, effects, pinned or set()), dce._reached(comp, effects, pinned or set())))
        real(hlo, pinned)

    monkeypatch.setattr(module, "remove_dead_code", spy)
    for text in (TEXT, LIVE):
        hlo_translate.stablehlo_to_hlo(text)
    assert len(seen) == 2
    for shortcut, searched in seen:
        assert shortcut == searched
    assert len(seen[1][0]) == 3  # all of LIVE: the shortcut's answer
