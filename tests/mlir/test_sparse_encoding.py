"""Tensors with a `#sparse_tensor.encoding` (XLA's export tests write them): jaxlib's MLIR bindings do not
register the sparse_tensor dialect, so such a module is read with that one dialect's attributes kept opaque,
and translated as XLA's converter translates it, the tensor as dense. Anything else of an unregistered
dialect is still refused in one line."""

from __future__ import annotations

import pytest
from jaxlib import _jax

import hlo_translate
from hlo_translate.errors import TranslateError
from hlo_translate.hlo.text import parse_hlo_text, print_hlo_text
from hlo_translate.mlir.context import make_context, parse_module
from tests.support.hlo_compare import signature

COO = """#COO = #sparse_tensor.encoding<{
  map = (d0, d1, d2) -> (d0 : compressed(nonunique), d1 : singleton(nonunique, nonordered), d2 : singleton),
  posWidth = 32,
  crdWidth = 32
}>
func.func @main(%arg: tensor<3x4x5xf32, #COO>) -> tensor<3x4x5xf32, #COO> {
  BODY
  return %0 : tensor<3x4x5xf32, #COO>
}
"""
NEGATE = "%0 = stablehlo.negate %arg : tensor<3x4x5xf32, #COO>"


def _xla(mlir: str) -> str:
    computation = _jax.mlir.mlir_module_to_xla_computation(mlir, use_tuple_args=False, return_tuple=False)
    return computation.as_hlo_text()


def test_a_sparse_encoded_tensor_translates_as_xla_translates_it() -> None:
    mlir = COO.replace("BODY", NEGATE)
    ours = print_hlo_text(hlo_translate.stablehlo_to_hlo(mlir))
    assert "f32[3,4,5]{2,1,0} negate" in ours
    assert signature(parse_hlo_text(ours)) == signature(parse_hlo_text(_xla(mlir)))


@pytest.mark.parametrize(
    "body,message",
    [
        (
            '%0 = "foo.bar"(%arg) : (tensor<3x4x5xf32, #COO>) -> tensor<3x4x5xf32, #COO>',
            "op 'foo.bar' of an unregistered dialect",
        ),
        (
            NEGATE.replace("%arg :", '%arg {a = #foo.baz<"x">} :'),
            "attribute a holds one of the unregistered dialect 'foo'",
        ),
    ],
)
def test_anything_else_unregistered_is_still_refused(body: str, message: str) -> None:
    with pytest.raises(TranslateError) as info:
        hlo_translate.stablehlo_to_hlo(COO.replace("BODY", body))
    assert message in str(info.value) and "\n" not in str(info.value)


def test_the_context_takes_no_unregistered_dialect_afterwards() -> None:
    with make_context() as context:
        parse_module(COO.replace("BODY", NEGATE))
        assert not context.allow_unregistered_dialects
        with pytest.raises(TranslateError, match="unregistered"):
            parse_module('func.func @main() {\n  "foo.bar"() : () -> ()\n  return\n}\n')
