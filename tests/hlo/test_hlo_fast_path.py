"""The parser's fast path (one regular expression per plain instruction line and per plain attribute) reads
every line exactly as the general rules do: the same module, or the same error."""

from __future__ import annotations

import re

import pytest

from hlo_translate import TranslateError
from hlo_translate.hlo.text import parse_hlo_text, print_hlo_text
from hlo_translate.hlo.text import parser as hlo_text
from hlo_translate.hlo.text.lexer import ODD_SPACE_RE, has_odd_space

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
    "anon name": "ROOT t.anon = f32[8,4] transpose(x), dimensions={1,0}",
    "async start": "ROOT s = ((f32[4,8]), f32[8,4], s32[]) transpose-start(x), dimensions={1,0}",
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


def _general_rules_only(monkeypatch: pytest.MonkeyPatch) -> None:
    for pattern in ("PLAIN_RE", "PLAIN_ATTR_RE", "COMPUTATION_HEAD_RE", "COMPUTATION_END_RE"):
        monkeypatch.setattr(hlo_text, pattern, _NEVER)


@pytest.mark.parametrize("case", sorted(_BODIES))
def test_fast_path_reads_as_the_general_rules(case: str, monkeypatch: pytest.MonkeyPatch) -> None:
    text = _module(_BODIES[case])
    fast = _outcome(text)
    _general_rules_only(monkeypatch)
    assert fast == _outcome(text)


@pytest.mark.parametrize("case", sorted(_BODIES))
def test_a_repeated_attribute_list_reads_as_the_general_rules(case: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The second line that writes an attribute list takes what the first made of it (a copy)."""
    body = _BODIES[case]
    text = _module(re.sub(r"^ROOT (\w+) =", r"\1_first =", body) + "\n  " + body)
    fast = _outcome(text)
    _general_rules_only(monkeypatch)
    assert fast == _outcome(text)


def test_a_repeated_attribute_list_gives_each_instruction_its_own() -> None:
    reduce = "f32[4] reduce(x, z), dimensions={1}, to_apply=r"
    module = parse_hlo_text(_module(f"d1 = {reduce}\n  d2 = {reduce}\n  ROOT t = (f32[4], f32[4]) tuple(d1, d2)"))
    a, b = (i for i in module.entry.instructions if i.name in ("d1", "d2"))
    assert a.attributes == b.attributes and a.attributes is not b.attributes
    assert a.attributes["to_apply"] is module.computations[0]  # the reference resolved on both
    a.attributes["dimensions"] = (0,)
    assert b.attributes["dimensions"] == (1,)


@pytest.mark.parametrize(
    "head",
    [
        "ENTRY e {",
        "ENTRY %e {",
        "%e {",
        "e{",
        "ENTRY\te\t{",
        "ENTRY e /* c */ {",
        "ENTRY {",
        "ENTRY true {",
        "%true {",
        "true {",
        "%ENTRY {",
        "ENTRYx {",
        "ENTRY e: {",
        "e (p: f32[]) -> f32[] {",
        "ENTRY.1 {",
    ],
)
def test_computation_heads_read_as_the_general_rules(head: str, monkeypatch: pytest.MonkeyPatch) -> None:
    text = f"HloModule m\n{head}\n  ROOT p = f32[] parameter(0)\n}}\n"
    fast = _outcome(text)
    _general_rules_only(monkeypatch)
    assert fast == _outcome(text)


@pytest.mark.parametrize(
    "end",
    [
        "}",
        "}\n",
        "}  \n\n",
        "} // c\n",
        "}/* c */",
        '}, execution_thread="t"',
        '}\n, execution_thread="t"',
        '} /* c */ , execution_thread="t"',
        "},",
        "}\x0b",
        '}, execution_thread="t", execution_thread="u"',
    ],
)
def test_computation_ends_read_as_the_general_rules(end: str, monkeypatch: pytest.MonkeyPatch) -> None:
    text = f"HloModule m\n{_REDUCER.strip()[:-1]}{end}\nENTRY e {{\n  ROOT p = f32[] parameter(0)\n{end}"
    fast = _outcome(text)
    _general_rules_only(monkeypatch)
    assert fast == _outcome(text)


@pytest.mark.parametrize("char", ["", " ", "\t", "\v", "\f", "\x1c", "\x1f", "\x85", "\xa0", "\u2028", "\u3000", "é"])
def test_odd_space_check_finds_what_its_pattern_finds(char: str) -> None:
    for text in (f"a{char}b", f"é{char}", f"{char}\u4e00"):
        assert has_odd_space(text) == (ODD_SPACE_RE.search(text) is not None)


def test_general_rules_are_what_the_comparison_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the fast path, no line goes through `plain_instructions`' success branch."""
    _general_rules_only(monkeypatch)
    calls = []
    finish = hlo_text._Parser.finish
    monkeypatch.setattr(
        hlo_text._Parser, "finish", lambda self, *args, **kw: calls.append(len(args)) or finish(self, *args, **kw)
    )
    parse_hlo_text(_module(_BODIES["two attributes"]))
    assert calls and all(n == 4 for n in calls)  # (instr, comp, pending, start): nothing read beforehand
