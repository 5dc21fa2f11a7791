"""A reduce's one-op reducer (`regions.binary_reducer`) is built directly, without walking its region through
the general path: the module it gives must be byte for byte the general path's (text and proto), and any
reducer it does not cover must take the general path."""

from __future__ import annotations

import pytest

import hlo_translate
from hlo_translate import HloFormat
from hlo_translate.export import reduction, regions

REDUCE = """func.func @main(%x: tensor<4x3x{t}>, %init: tensor<{t}>) -> tensor<4x{t}> {{
  %0 = stablehlo.reduce(%x init: %init) across dimensions = [1] : (tensor<4x3x{t}>, tensor<{t}>) -> tensor<4x{t}>
    reducer(%a: tensor<{t}>, %b: tensor<{t}>) {{
      {body}
      stablehlo.return {ret} : tensor<{t}>
    }}
  return %0 : tensor<4x{t}>
}}"""

REDUCE_WINDOW = """func.func @main(%x: tensor<4x6x{t}>, %init: tensor<{t}>) -> tensor<4x3x{t}> {{
  %0 = "stablehlo.reduce_window"(%x, %init) ({{
  ^bb0(%a: tensor<{t}>, %b: tensor<{t}>):
    {body}
    stablehlo.return {ret} : tensor<{t}>
  }}) {{window_dimensions = array<i64: 1, 2>, window_strides = array<i64: 1, 2>}}
    : (tensor<4x6x{t}>, tensor<{t}>) -> tensor<4x3x{t}>
  return %0 : tensor<4x3x{t}>
}}"""


def _both_ways(text: str, monkeypatch: pytest.MonkeyPatch) -> tuple[list[bytes], list[bytes], int]:
    """The module's text and proto built with the direct reducer, then by the general path; and how many
    reducers the direct way built."""
    built = []
    real = regions.binary_reducer

    def counting(b, region):
        comp = real(b, region)
        if comp is not None:
            built.append(comp)
        return comp

    monkeypatch.setattr(reduction, "binary_reducer", counting)
    module = hlo_translate.stablehlo_to_hlo(text)
    direct = [hlo_translate.write_hlo(module, HloFormat.TEXT), hlo_translate.write_hlo(module, HloFormat.PROTO)]
    monkeypatch.setattr(reduction, "binary_reducer", lambda b, region: None)
    module = hlo_translate.stablehlo_to_hlo(text)
    general = [hlo_translate.write_hlo(module, HloFormat.TEXT), hlo_translate.write_hlo(module, HloFormat.PROTO)]
    return direct, general, len(built)


@pytest.mark.parametrize("template", [REDUCE, REDUCE_WINDOW], ids=["reduce", "reduce_window"])
@pytest.mark.parametrize(
    ("op", "t"),
    [
        ("add", "f32"),
        ("multiply", "bf16"),
        ("maximum", "f32"),
        ("minimum", "i32"),
        ("and", "i1"),
        ("or", "i1"),
        ("xor", "ui8"),
    ],
)
@pytest.mark.parametrize("operands", ["%a, %b", "%b, %a", "%a, %a"])
def test_direct_reducer_is_the_general_one(
    template: str, op: str, t: str, operands: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = template.format(t=t, body=f"%r = stablehlo.{op} {operands} : tensor<{t}>", ret="%r")
    direct, general, built = _both_ways(text, monkeypatch)
    assert built == 1
    assert direct == general


@pytest.mark.parametrize(
    ("t", "body", "ret"),
    [
        ("complex<f32>", "%r = stablehlo.maximum %a, %b : tensor<complex<f32>>", "%r"),  # expanded, not one op
        ("f32", "%r = stablehlo.subtract %a, %b : tensor<f32>", "%r"),  # not in the table
        ("f32", "%r = stablehlo.add %a, %init : tensor<f32>", "%r"),  # a live capture
        ("f32", "%r = stablehlo.add %a, %b : tensor<f32>\n      %s = stablehlo.add %r, %b : tensor<f32>", "%s"),
        ("f32", '%r = stablehlo.add %a, %b {mhlo.frontend_attributes = {k = "v"}} : tensor<f32>', "%r"),
        ("f32", "%r = stablehlo.add %a, %b : tensor<f32>", "%a"),  # returns no result of the op
    ],
    ids=["complex-max", "subtract", "capture", "two-ops", "attributes", "returns-argument"],
)
def test_other_reducers_take_the_general_path(t: str, body: str, ret: str, monkeypatch: pytest.MonkeyPatch) -> None:
    text = REDUCE.format(t=t, body=body, ret=ret)
    direct, general, built = _both_ways(text, monkeypatch)
    assert built == 0
    assert direct == general


def test_located_reducer_takes_the_general_path(monkeypatch: pytest.MonkeyPatch) -> None:
    # A location names the add's instruction: the general path reads it.
    body = '%r = stablehlo.add %a, %b : tensor<f32> loc("sum.7")'
    text = REDUCE.format(t="f32", body=body, ret="%r")
    direct, general, built = _both_ways(text, monkeypatch)
    assert built == 0
    assert direct == general
    assert b"sum.7 = f32[] add(" in direct[0]
