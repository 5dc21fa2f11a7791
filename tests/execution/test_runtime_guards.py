"""What XLA would crash on, or fail with while it runs, becomes a one-line TranslateError."""

from __future__ import annotations

import numpy as np
import pytest

from hlo_translate.errors import TranslateError
from hlo_translate.execution import execute, load_module

# One tuple parameter flattened into two arguments, its layouts left nested: XLA's compiler segfaults on it.
NESTED_LAYOUTS = """module @m attributes {mhlo.xla_entry_computation_parameter_layouts = [[dense<[0, 1]> : tensor<2xindex>,
    dense<[0]> : tensor<1xindex>]]} {
  func.func @main(%a: tensor<2x3xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
    return %b : tensor<4xf32>
  }
}
"""
FLAT_LAYOUTS = NESTED_LAYOUTS.replace("[[dense", "[dense").replace("tensor<1xindex>]]", "tensor<1xindex>]")
# XLA's CPU compiles this batched dot (after a transpose of its batch dimension), then cannot run it.
BF16_DOT_TO_F32 = """HloModule dot

ENTRY e {
  a = bf16[2,64,8] parameter(0)
  b = bf16[4,2,64] parameter(1)
  ROOT d = f32[2,8,4] dot(a, b), lhs_batch_dims={0}, lhs_contracting_dims={1}, rhs_batch_dims={1},
    rhs_contracting_dims={2}
}
"""


def test_nested_entry_layouts_are_refused_before_xla_sees_them() -> None:
    with pytest.raises(TranslateError, match=r"parameter_layouts has 1 entries \(1 of them lists\) for 2 entry"):
        load_module(NESTED_LAYOUTS)


def test_flat_entry_layouts_run() -> None:
    b = np.arange(4, dtype=np.float32)
    np.testing.assert_array_equal(execute(FLAT_LAYOUTS, [np.zeros((2, 3), np.float32), b])[0], b)


def test_a_failure_while_running_is_a_translate_error() -> None:
    with pytest.raises(TranslateError, match="XLA failed while running the module: UNIMPLEMENTED"):
        execute(BF16_DOT_TO_F32)
