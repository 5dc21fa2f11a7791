"""memref types as XLA's buffer shapes `b(...)` (issue 26: XLA's own export tests write them), both ways."""

from __future__ import annotations

import pytest
from jaxlib import _hlo

import hlo_translate
from hlo_translate.hlo.io import HloFormat

PIN = """func.func @main(%a: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %0 = stablehlo.custom_call @Pin(%a) {api_version = 4 : i32} : (tensor<2x4xf32>) -> memref<2x4xf32, LAYOUT>
  %1 = stablehlo.custom_call @Unpin(%0) {api_version = 4 : i32} : (memref<2x4xf32, LAYOUT>) -> tensor<2x4xf32>
  return %1 : tensor<2x4xf32>
}"""


def _text(mlir: str) -> str:
    return hlo_translate.write_hlo(hlo_translate.stablehlo_to_hlo(mlir), HloFormat.TEXT).decode()


@pytest.mark.parametrize(
    "layout,shape",
    [("strided<[4, 1]>", "b(f32[2,4]{1,0})"), ("strided<[1, 2]>", "b(f32[2,4]{0,1})")],
)
def test_a_memref_is_a_buffer_shape_with_the_layout_of_its_strides(layout: str, shape: str) -> None:
    text = _text(PIN.replace("LAYOUT", layout))
    pin = next(line for line in text.splitlines() if 'custom_call_target="Pin"' in line)
    assert f"= {shape} custom-call(" in pin
    # XLA requires the alias of a Pin's and an Unpin's result to its operand, as its converter writes it
    assert all("output_to_operand_aliasing={{}: (0, {})}" in line for line in text.splitlines() if "Pin" in line)
    _hlo.hlo_module_from_text(text)  # XLA's parser reads it


def test_a_memref_whose_strides_leave_gaps_is_refused() -> None:
    with pytest.raises(hlo_translate.TranslateError) as info:
        hlo_translate.stablehlo_to_hlo(PIN.replace("LAYOUT", "strided<[8, 1]>"))
    assert "do not lay it out densely" in str(info.value) and "\n" not in str(info.value)


def test_a_buffer_shape_imports_as_a_memref_and_comes_back() -> None:
    hlo = """HloModule m
ENTRY e {
  a = f32[2,4]{1,0} parameter(0)
  b = b(f32[2,4]{0,1}) custom-call(a), custom_call_target="Pin", output_to_operand_aliasing={{}: (0, {})}
  ROOT c = f32[2,4]{1,0} custom-call(b), custom_call_target="Unpin", output_to_operand_aliasing={{}: (0, {})}
}"""
    mlir = hlo_translate.hlo_to_stablehlo(hlo, locations=False)
    assert "memref<2x4xf32, strided<[1, 2]>>" in mlir
    back = hlo_translate.write_hlo(hlo_translate.stablehlo_to_hlo(mlir), HloFormat.TEXT).decode()
    assert "b(f32[2,4]{0,1}) custom-call(" in back
