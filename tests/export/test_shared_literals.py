"""Constants that hold one value attribute share one (immutable) literal: each still exports as its own
instruction with its own value and type, in the entry and in regions alike."""

from __future__ import annotations

import numpy as np

import hlo_translate
from hlo_translate import HloFormat

TEXT = """func.func @main(%x: tensor<2xf32>, %i: tensor<2xi32>) -> (tensor<2xf32>, tensor<2xi32>, tensor<f32>) {
  %one = stablehlo.constant dense<1.0> : tensor<f32>
  %one_again = stablehlo.constant dense<1.0> : tensor<f32>
  %one_i = stablehlo.constant dense<1> : tensor<i32>
  %ones = stablehlo.constant dense<1.0> : tensor<2xf32>
  %b = stablehlo.broadcast_in_dim %one, dims = [] : (tensor<f32>) -> tensor<2xf32>
  %y = stablehlo.add %x, %b : tensor<2xf32>
  %z = stablehlo.multiply %y, %ones : tensor<2xf32>
  %bi = stablehlo.broadcast_in_dim %one_i, dims = [] : (tensor<i32>) -> tensor<2xi32>
  %j = stablehlo.add %i, %bi : tensor<2xi32>
  %s = stablehlo.reduce(%z init: %one_again) applies stablehlo.add across dimensions = [0]
    : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  return %z, %j, %s : tensor<2xf32>, tensor<2xi32>, tensor<f32>
}"""


def test_repeated_values_export_as_separate_constants() -> None:
    module = hlo_translate.stablehlo_to_hlo(TEXT)
    text = hlo_translate.write_hlo(module, HloFormat.TEXT).decode()
    constants = sorted(line.split("= ", 1)[1] for line in text.splitlines() if " constant(" in line)
    assert constants == ["f32[2]{0} constant({1, 1})", "f32[] constant(1)", "f32[] constant(1)", "s32[] constant(1)"]
    entry = module.entry
    assert entry is not None
    scalars = [i for i in entry.instructions if i.opcode == "constant" and i.shape.to_text() == "f32[]"]
    assert len(scalars) == 2 and scalars[0] is not scalars[1]
    assert scalars[0].literal is scalars[1].literal  # one value attribute, read once
    value = scalars[0].literal.value
    assert isinstance(value, np.ndarray) and not value.flags.writeable
