"""The verifier checks an instruction alike to one already found good only once: what makes two alike must
include everything the rule reads, so a broken instruction next to good ones that differ from it only there
is still reported."""

from __future__ import annotations

import pytest

from hlo_translate.hlo.text import parse_hlo_text
from hlo_translate.hlo.verify import Violation, verify_module

_REDUCERS = """
HloModule m

r0 {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}

r1 {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = {root}
}

ENTRY e {
  x = f32[4,8] parameter(0)
  z = f32[] constant(0)
  good = f32[4] reduce(x, z), dimensions={1}, to_apply=r0
  ROOT bad = f32[4] reduce(x, z), dimensions={1}, to_apply=r1
}
"""


def test_reducers_alike_in_signature_are_both_good() -> None:
    verify_module(parse_hlo_text(_REDUCERS.replace("{root}", "f32[] multiply(a, b)")))


def test_second_reducer_with_another_signature_is_reported() -> None:
    with pytest.raises(Violation) as info:
        verify_module(parse_hlo_text(_REDUCERS.replace("{root}", "pred[] compare(a, b), direction=LT")))
    assert info.value.op == "bad" and info.value.rule == "signature"


@pytest.mark.parametrize(
    "second",
    [
        "ROOT bad = f32[4] reduce(x, z), dimensions={0}, to_apply=r",  # another attribute value
        "ROOT bad = f32[8] reduce(x, z), dimensions={1}, to_apply=r",  # another result shape
        "y = f32[4,8,2] parameter(1)\n  ROOT bad = f32[4] reduce(y, z), dimensions={1}, to_apply=r",  # operand shape
    ],
)
def test_instruction_differing_from_a_good_one_in_one_respect_is_reported(second: str) -> None:
    text = f"""
HloModule m

r {{
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}}

ENTRY e {{
  x = f32[4,8] parameter(0)
  z = f32[] constant(0)
  a = f32[4] reduce(x, z), dimensions={{1}}, to_apply=r, metadata={{op_name="a"}}
  {second}
}}
"""
    with pytest.raises(Violation) as info:
        verify_module(parse_hlo_text(text))
    assert info.value.op == "bad"
