"""Dead code survives HLO -> StableHLO -> HLO (issue 26): an instruction nothing reads is imported with
`xla.keep`, and the exporter, which drops unused ops as XLA's converter does, keeps it. "Nothing reads" is
what the import sees (translate/import_/liveness.py): the forms below are dead although an instruction names
them as an operand or a control predecessor, since that reader folds into the values of its operands.

Oracle: XLA's parser reads the module we write back to the module it reads from the original text (instruction
multisets up to names: tests.support.hlo_compare.signature), and the StableHLO between parses and verifies in
jaxlib without any `mhlo.*` op.
"""

from __future__ import annotations

import pytest

import hlo_translate
from tests.support.hlo_compare import signature, xla_module_from_text

# `c` sits in a tuple read through two get-tuple-elements that never take it.
NESTED_GET_TUPLE_ELEMENT = """HloModule m
ENTRY e {
  a = f32[] parameter(0)
  c = f32[] constant(2)
  t = (f32[], f32[]) tuple(a, c)
  n = ((f32[], f32[]), (f32[], f32[]), f32[]) tuple(t, t, a)
  g = (f32[], f32[]) get-tuple-element(n), index=1
  ROOT r = f32[] get-tuple-element(g), index=0
}"""

# A branch that does not read its parameter: the operand's constant has no other reader.
UNUSED_BRANCH_OPERAND = """HloModule m
on_true {
  p = s32[] parameter(0)
  ROOT c = s32[] constant(1)
}
on_false {
  p = s32[] parameter(0)
  ROOT c = s32[] constant(42)
}
ENTRY e {
  b = pred[] parameter(0)
  k = s32[] constant(7)
  ROOT cond = s32[] conditional(b, k, k), true_computation=on_true, false_computation=on_false
}"""

# A branch that reads one leaf of a nested operand: the other leaf's producer is dead.
UNREAD_BRANCH_LEAF = """HloModule m
branch {
  p = ((f32[], f32[])) parameter(0)
  t = (f32[], f32[]) get-tuple-element(p), index=0
  ROOT x = f32[] get-tuple-element(t), index=0
}
ENTRY e {
  b = pred[] parameter(0)
  x = f32[] parameter(1)
  y = f32[] exponential(x)
  t = (f32[], f32[]) tuple(x, y)
  tt = ((f32[], f32[])) tuple(t)
  ROOT cond = f32[] conditional(b, tt, tt), true_computation=branch, false_computation=branch
}"""

# Control edges into instructions that make no op (a tuple, a copy): their predecessors are dead.
CONTROL_EDGE_ON_A_TUPLE = """HloModule m
ENTRY e {
  x = f32[4] parameter(0)
  n = f32[4] negate(x)
  e = f32[4] exponential(x)
  ROOT t = (f32[4]) tuple(n), control-predecessors={e}
}"""

CONTROL_EDGE_ON_A_COPY = """HloModule m
body {
  p = (s32[], f32[3]) parameter(0)
  i = s32[] get-tuple-element(p), index=0
  one = s32[] constant(1)
  j = s32[] add(i, one)
  v = f32[3] get-tuple-element(p), index=1
  w = f32[3] add(v, v)
  ROOT r = (s32[], f32[3]) tuple(j, w)
}
cond {
  p = (s32[], f32[3]) parameter(0)
  i = s32[] get-tuple-element(p), index=0
  ten = s32[] constant(10)
  ROOT lt = pred[] compare(i, ten), direction=LT
}
ENTRY e {
  zero = s32[] constant(0)
  v = f32[3] parameter(0)
  init = (s32[], f32[3]) tuple(zero, v)
  loop = (s32[], f32[3]) while(init), condition=cond, body=body
  c = s32[] copy(zero), control-predecessors={loop}
  ROOT r = s32[] add(c, zero)
}"""

# Values with no leaf, read by the root only: a `()` loop, a `()` custom call.
EMPTY_TUPLE_LOOP = """HloModule m
body {
  p = () parameter(0)
  ROOT t = () tuple()
}
cond {
  p = () parameter(0)
  ROOT f = pred[] constant(false)
}
ENTRY e {
  init = () tuple()
  ROOT loop = () while(init), condition=cond, body=body
}"""

EMPTY_TUPLE_CUSTOM_CALL = """HloModule m
ENTRY e {
  x = f32[2] parameter(0)
  ROOT nothing = () custom-call(x), custom_call_target="Nothing"
}"""

CASES = {
    "nested-get-tuple-element": NESTED_GET_TUPLE_ELEMENT,
    "unused-branch-operand": UNUSED_BRANCH_OPERAND,
    "unread-branch-leaf": UNREAD_BRANCH_LEAF,
    "control-edge-on-a-tuple": CONTROL_EDGE_ON_A_TUPLE,
    "control-edge-on-a-copy": CONTROL_EDGE_ON_A_COPY,
    "empty-tuple-loop": EMPTY_TUPLE_LOOP,
    "empty-tuple-custom-call": EMPTY_TUPLE_CUSTOM_CALL,
}


def _as_xla_reads(text: str):
    """The module XLA's parser reads from `text`, printed by XLA and read back by ours."""
    return hlo_translate.read_hlo(xla_module_from_text(text).to_string(), verify=False)


def _import(text: str) -> str:
    from tests.dumps.checks import _verified_without_mhlo

    stablehlo = hlo_translate.hlo_to_stablehlo(hlo_translate.read_hlo(text))
    _verified_without_mhlo(stablehlo)
    return stablehlo


@pytest.mark.parametrize("case", sorted(CASES))
def test_dead_code_comes_back(case: str) -> None:
    text = CASES[case]
    stablehlo = _import(text)
    assert "xla.keep" in stablehlo
    back = hlo_translate.write_hlo(hlo_translate.stablehlo_to_hlo(stablehlo)).decode()
    assert signature(_as_xla_reads(back)) == signature(_as_xla_reads(text))


# Every instruction is read, through nested tuples, a copy and a branch that reads its whole operand.
ALL_READ = """HloModule m
branch {
  p = ((f32[], f32[])) parameter(0)
  t = (f32[], f32[]) get-tuple-element(p), index=0
  a = f32[] get-tuple-element(t), index=0
  b = f32[] get-tuple-element(t), index=1
  ROOT s = f32[] add(a, b)
}
other {
  p = (f32[], f32[]) parameter(0)
  ROOT a = f32[] get-tuple-element(p), index=1
}
ENTRY e {
  b = pred[] parameter(0)
  x = f32[] parameter(1)
  y = f32[] exponential(x)
  c = f32[] copy(y)
  t = (f32[], f32[]) tuple(x, c)
  tt = ((f32[], f32[])) tuple(t)
  g = (f32[], f32[]) get-tuple-element(tt), index=0
  cond = f32[] conditional(b, tt, g), true_computation=branch, false_computation=other
  ROOT r = f32[] add(cond, y)
}"""


def test_live_code_gets_no_mark() -> None:
    """The marks are where code is dead only: reads through tuples and branches count, leaf by leaf."""
    assert "xla.keep" not in _import(ALL_READ)
