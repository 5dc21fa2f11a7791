"""A conditional whose result is a nested tuple or a 1-tuple comes back from HLO -> StableHLO -> HLO with that
tuple (issue 26). StableHLO's `if`/`case` return the leaves; the importer records the HLO shape in `xla_shape`,
as for a while's state, and the exporter packs the branches' roots and the conditional along it.

Oracles: XLA's parser reads the module we write back to the module it reads from the original text (instruction
multisets up to names, tests.support.hlo_compare.signature, and the conditional's shape as XLA prints it), and
XLA's CPU runs both to the same outputs.
"""

from __future__ import annotations

import numpy as np
import pytest

import hlo_translate
from hlo_translate.errors import TranslateError
from hlo_translate.hlo.text import parse_shape
from tests.support.hlo_compare import signature, xla_module_from_text

# The pred form (`stablehlo.if`): branches of different parameter shapes, one nested result.
IF_NESTED = """HloModule m
on_true {
  p = (f32[2], f32[2]) parameter(0)
  a = f32[2] get-tuple-element(p), index=0
  b = f32[2] get-tuple-element(p), index=1
  s = f32[2] add(a, b)
  inner = (f32[2], f32[2]) tuple(s, a)
  ROOT r = ((f32[2], f32[2]), f32[2]) tuple(inner, b)
}
on_false {
  p = f32[2] parameter(0)
  n = f32[2] negate(p)
  inner = (f32[2], f32[2]) tuple(n, p)
  ROOT r = ((f32[2], f32[2]), f32[2]) tuple(inner, n)
}
ENTRY e {
  c = pred[] parameter(0)
  x = f32[2] parameter(1)
  y = f32[2] parameter(2)
  t = (f32[2], f32[2]) tuple(x, y)
  ROOT cond = ((f32[2], f32[2]), f32[2]) conditional(c, t, y), true_computation=on_true, false_computation=on_false
}"""

# The index form (`stablehlo.case`): three branches, a nested result of two element types.
CASE_NESTED = """HloModule m
b0 {
  p = f32[3] parameter(0)
  i = s32[] constant(0)
  inner = (f32[3], s32[]) tuple(p, i)
  ROOT r = (f32[3], (f32[3], s32[])) tuple(p, inner)
}
b1 {
  p = f32[3] parameter(0)
  e = f32[3] exponential(p)
  i = s32[] constant(1)
  inner = (f32[3], s32[]) tuple(e, i)
  ROOT r = (f32[3], (f32[3], s32[])) tuple(e, inner)
}
b2 {
  p = f32[3] parameter(0)
  n = f32[3] negate(p)
  i = s32[] constant(2)
  inner = (f32[3], s32[]) tuple(p, i)
  ROOT r = (f32[3], (f32[3], s32[])) tuple(n, inner)
}
ENTRY e {
  k = s32[] parameter(0)
  x = f32[3] parameter(1)
  ROOT cond = (f32[3], (f32[3], s32[])) conditional(k, x, x, x), branch_computations={b0, b1, b2}
}"""

# A 1-tuple holding a tuple: XLA's conditional code motion writes such results.
ONE_TUPLE_OF_TUPLE = """HloModule m
on_true {
  ROOT p = ((f32[], f32[])) parameter(0)
}
on_false {
  p = (f32[], f32[]) parameter(0)
  a = f32[] get-tuple-element(p), index=0
  b = f32[] get-tuple-element(p), index=1
  m = f32[] multiply(a, b)
  inner = (f32[], f32[]) tuple(m, a)
  ROOT r = ((f32[], f32[])) tuple(inner)
}
ENTRY e {
  c = pred[] parameter(0)
  x = f32[] parameter(1)
  y = f32[] parameter(2)
  t = (f32[], f32[]) tuple(x, y)
  tt = ((f32[], f32[])) tuple(t)
  ROOT cond = ((f32[], f32[])) conditional(c, tt, t), true_computation=on_true, false_computation=on_false
}"""

# A 1-tuple of an array, as optimized HLO keeps it.
ONE_TUPLE = """HloModule m
on_true {
  p = f32[4] parameter(0)
  ROOT r = (f32[4]) tuple(p)
}
on_false {
  p = f32[4] parameter(0)
  n = f32[4] negate(p)
  ROOT r = (f32[4]) tuple(n)
}
ENTRY e {
  c = pred[] parameter(0)
  x = f32[4] parameter(1)
  ROOT cond = (f32[4]) conditional(c, x, x), true_computation=on_true, false_computation=on_false
}"""

CASES = {
    "if-nested": (IF_NESTED, "((f32[2], f32[2]), f32[2])"),
    "case-nested": (CASE_NESTED, "(f32[3], (f32[3], s32[]))"),
    "one-tuple-of-tuple": (ONE_TUPLE_OF_TUPLE, "((f32[], f32[]))"),
    "one-tuple": (ONE_TUPLE, "(f32[4])"),
}


def _conditional_shape(text: str) -> str:
    """The conditional's shape (without layouts) in the module XLA reads from `text`."""
    printed = xla_module_from_text(text).to_string()
    line = next(ln for ln in printed.splitlines() if " conditional(" in ln)
    return parse_shape(line.split("=", 1)[1].split(" conditional(")[0].strip()).to_text(print_layout=False)


def _round_trip(text: str) -> tuple[str, str]:
    """Our StableHLO of `text` (verified, no `mhlo.*`) and the HLO text it exports back to."""
    from tests.dumps.checks import _verified_without_mhlo

    stablehlo = hlo_translate.hlo_to_stablehlo(hlo_translate.read_hlo(text))
    _verified_without_mhlo(stablehlo)
    return stablehlo, hlo_translate.write_hlo(hlo_translate.stablehlo_to_hlo(stablehlo)).decode()


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_result_tuple_is_recorded_and_written_back(case: str) -> None:
    text, shape = CASES[case]
    stablehlo, back = _round_trip(text)
    assert f'xla_shape = "{shape}"' in stablehlo
    assert _conditional_shape(back) == _conditional_shape(text) == shape
    ours = hlo_translate.read_hlo(xla_module_from_text(back).to_string(), verify=False)
    theirs = hlo_translate.read_hlo(xla_module_from_text(text).to_string(), verify=False)
    assert signature(ours) == signature(theirs)


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_round_trip_runs_to_xla_outputs(case: str) -> None:
    from hlo_translate.execution import execute

    text, _ = CASES[case]
    _, back = _round_trip(text)
    selector, *data = hlo_translate.read_hlo(text).entry.parameters
    for index in (0, 1, 2):  # each branch, and an index past the last (it runs the last)
        inputs = [np.array(index, np.int32 if selector.shape.element_type.name == "S32" else np.bool_)]
        inputs += [
            np.arange(1, 1 + p.shape.element_count(), dtype=np.float32).reshape(p.shape.dimensions) / 3 for p in data
        ]
        expected, got = execute(text, inputs), execute(back, inputs)
        assert len(expected) == len(got) > 0
        for e, g in zip(expected, got):
            np.testing.assert_array_equal(e, g)


CASE_STABLEHLO = """func.func @main(%i: tensor<i32>, %x: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  %r:3 = "stablehlo.case"(%i) ({
    stablehlo.return %x, %x, %x : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
  }, {
    %n = stablehlo.negate %x : tensor<2xf32>
    stablehlo.return %n, %x, %n : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
  }) {xla_shape = "SHAPE"} : (tensor<i32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  return %r#0, %r#1, %r#2 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}"""


def test_a_case_with_xla_shape_exports_that_tuple() -> None:
    """StableHLO written by hand: the branches' roots and the conditional take the recorded nesting."""
    module = hlo_translate.stablehlo_to_hlo(CASE_STABLEHLO.replace("SHAPE", "(f32[2], (f32[2], f32[2]))"))
    conditional = next(i for i in module.entry.instructions if i.opcode == "conditional")
    assert conditional.shape.to_text(print_layout=False) == "(f32[2], (f32[2], f32[2]))"
    for branch in conditional.attributes["branch_computations"]:
        assert branch.root.shape.to_text(print_layout=False) == "(f32[2], (f32[2], f32[2]))"
    assert module.entry.root.shape.to_text(print_layout=False) == "(f32[2], f32[2], f32[2])"


def test_an_xla_shape_that_does_not_hold_the_results_is_refused() -> None:
    with pytest.raises(TranslateError, match=r"xla_shape \(f32\[2\], f32\[3\]\) does not hold the results"):
        hlo_translate.stablehlo_to_hlo(CASE_STABLEHLO.replace("SHAPE", "(f32[2], f32[3])"))


def test_the_earlier_one_tuple_marker_is_still_read() -> None:
    """`xla.tuple = true`, what the importer wrote for a 1-tuple result before `xla_shape`."""
    stablehlo = """func.func @main(%c: tensor<i1>, %x: tensor<4xf32>) -> tensor<4xf32> {
  %r = "stablehlo.if"(%c) ({
    stablehlo.return %x : tensor<4xf32>
  }, {
    %n = stablehlo.negate %x : tensor<4xf32>
    stablehlo.return %n : tensor<4xf32>
  }) {xla.tuple = true} : (tensor<i1>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}"""
    conditional = next(
        i for i in hlo_translate.stablehlo_to_hlo(stablehlo).entry.instructions if i.opcode == "conditional"
    )
    assert conditional.shape.to_text(print_layout=False) == "(f32[4])"
