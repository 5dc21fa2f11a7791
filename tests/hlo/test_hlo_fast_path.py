"""The parser's fast path (one regular expression per plain instruction line and per plain attribute) reads
every line exactly as the general rules do: the same module, or the same error."""

from __future__ import annotations

import re

import pytest

from hlo_translate import TranslateError
from hlo_translate.hlo.text import parse_hlo_text, print_hlo_text
from hlo_translate.hlo.text import parser as hlo_text

_NEVER = re.compile(r"(?!)")

_REDUCER = """
r {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}
"""

_BODIES = {
    "plain": "ROOT n = f32[4,8] negate(x)",
    "int list": "ROOT t = f32[8,4] transpose(x), dimensions={1,0}",
    "two attributes": "ROOT d = f32[4] reduce(x, z), dimensions={1}, to_apply=r",
    "spaces around": "ROOT d = f32[4] reduce(x, z) ,  dimensions = {1} ,to_apply=r  ",
    "next line comma": "ROOT d = f32[4] reduce(x, z), dimensions={1}\n  , to_apply=r",
    "comment after": "ROOT d = f32[4] reduce(x, z), dimensions={1}, to_apply=r /* c */",
    "comment between": "ROOT d = f32[4] reduce(x, z), dimensions={1} /* c */, to_apply=r",
    "line comment": "ROOT d = f32[4] reduce(x, z), dimensions={1}, to_apply=r // c",
    "comment in braces": "ROOT d = f32[4] reduce(x, z), dimensions={1 /* } */}, to_apply=r/* c, d */",
    "comment then next line": "ROOT d = f32[4] reduce(x, z), to_apply=r // c\n  , dimensions={1}",
    "slice": "ROOT s = f32[2,8] slice(x), slice={[0:2], [0:8]}",
    "slice with strides": "ROOT s = f32[2,4] slice(x), slice={[0:4:2], [0:8:2]}",
    "compare": "ROOT c = pred[4,8] compare(x, x), direction=LT",
    "pad": "ROOT p = f32[6,8] pad(x, z), padding=1_1x0_0",
    "window": "ROOT w = f32[4,8] reduce-window(x, z), window={size=1x1}, to_apply=r",
    "metadata": 'ROOT n = f32[4,8] negate(x), metadata={op_name="a, b" source_line=3}',
    "metadata then plain": 'ROOT t = f32[8,4] transpose(x), metadata={op_name="m"}, dimensions={1,0}',
    "plain then metadata": 'ROOT t = f32[8,4] transpose(x), dimensions={1,0}, metadata={op_name="m"}',
    "value on next line": "ROOT t = f32[8,4] transpose(x), dimensions=\n{1,0}",
    "frontend": 'ROOT n = f32[4,8] negate(x), frontend_attributes={a="1",b="2"}',
    "sharding": "ROOT n = f32[4,8] negate(x), sharding={devices=[2,1]0,1}",
    "sharding replicated": "ROOT n = f32[4,8] negate(x), sharding={replicated}",
    "braces then colon": "ROOT t = f32[8,4] transpose(x), dimensions={1,0}:x",
    "repeated attribute": "ROOT t = f32[8,4] transpose(x), dimensions={1,0}, dimensions={1,0}",
    "bad int list": "ROOT t = f32[8,4] transpose(x), dimensions={1,a}",
    "out of range": "ROOT t = f32[8,4] transpose(x), dimensions={1,99999999999999999999}",
    "unknown attribute": "ROOT n = f32[4,8] negate(x), color=blue green",
    "empty value": "ROOT n = f32[4,8] negate(x), color=, dimensions={0}",
    "then closing brace": "ROOT t = f32[8,4] transpose(x), dimensions={1,0} }\nENTRY e2 { ROOT q = f32[] constant(0)",
}


def _module(body: str) -> str:
    return f"HloModule m\n{_REDUCER}\nENTRY e {{\n  x = f32[4,8] parameter(0)\n  z = f32[] constant(0)\n  {body}\n}}\n"


def _outcome(text: str) -> str:
    try:
        module = parse_hlo_text(text)
    except TranslateError as err:
        return f"error: {err}"
    return print_hlo_text(module) + repr([sorted(i.attributes) for i in module.instructions()])


@pytest.mark.parametrize("case", sorted(_BODIES))
def test_fast_path_reads_as_the_general_rules(case: str, monkeypatch: pytest.MonkeyPatch) -> None:
    text = _module(_BODIES[case])
    fast = _outcome(text)
    monkeypatch.setattr(hlo_text, "PLAIN_RE", _NEVER)
    monkeypatch.setattr(hlo_text, "PLAIN_ATTR_RE", _NEVER)
    assert fast == _outcome(text)


def test_general_rules_are_what_the_comparison_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the fast path, no line goes through `plain_instructions`' success branch."""
    monkeypatch.setattr(hlo_text, "PLAIN_RE", _NEVER)
    calls = []
    finish = hlo_text._Parser.finish
    monkeypatch.setattr(
        hlo_text._Parser, "finish", lambda self, *args, **kw: calls.append(len(args)) or finish(self, *args, **kw)
    )
    parse_hlo_text(_module(_BODIES["two attributes"]))
    assert calls and all(n == 4 for n in calls)  # (instr, comp, pending, start): nothing read beforehand
