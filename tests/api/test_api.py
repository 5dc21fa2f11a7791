"""The library API takes what a pipeline holds: every StableHLO input kind, every emit kind, clear misuse errors."""

from __future__ import annotations

import pathlib

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from jax import export
from jaxlib.mlir import ir
from jaxlib.mlir._mlir_libs import _stablehlo

import hlo_translate
from hlo_translate.hlo.text import print_hlo_text
from hlo_translate.mlir.context import make_context


def _f(x, y):
    return jnp.sin(x) * y + 1.0


SPECS = (jax.ShapeDtypeStruct((4,), jnp.float32), jax.ShapeDtypeStruct((4,), jnp.float32))
ARGS = [np.arange(4, dtype=np.float32), np.full(4, 3.0, np.float32)]
EXPECTED = np.sin(ARGS[0]) * ARGS[1] + 1.0


@pytest.fixture(scope="module")
def lowered():
    return jax.jit(_f).lower(*SPECS)


@pytest.fixture(scope="module")
def exported():
    return export.export(jax.jit(_f))(*SPECS)


def _runs_to_expected(hlo) -> None:
    (out,) = hlo_translate.execute(print_hlo_text(hlo), ARGS)
    np.testing.assert_allclose(out, EXPECTED, rtol=1e-6)


def test_text_bytecode_path_lowered_exported_and_module_all_translate(lowered, exported, tmp_path) -> None:
    text = lowered.as_text()
    file = tmp_path / "m.mlir"
    file.write_text(text)
    module = lowered.compiler_ir("stablehlo")
    bytecode = hlo_translate.hlo_to_stablehlo(print_hlo_text(hlo_translate.stablehlo_to_hlo(text)), emit="bytecode")
    for source in (text, text.encode(), bytecode, file, lowered, exported, exported.mlir_module_serialized, module):
        _runs_to_expected(hlo_translate.stablehlo_to_hlo(source))


def test_a_callers_module_is_used_in_its_context_and_never_changed(lowered) -> None:
    with make_context():
        module = ir.Module.parse(lowered.as_text())
    before = str(module)
    hlo = hlo_translate.stablehlo_to_hlo(module)
    assert str(module) == before  # the CHLO/Shardy preparation ran on a copy
    assert hlo.entry.root is not None
    assert "chlo." in before or "stablehlo.sine" in before


def test_sdy_module_prepared_on_a_copy() -> None:
    text = (
        'sdy.mesh @mesh = <["x"=2]>\n'
        'func.func @main(%a: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<4xf32> {\n'
        "  %0 = stablehlo.negate %a : tensor<4xf32>\n  return %0 : tensor<4xf32>\n}\n"
    )
    with make_context():
        module = ir.Module.parse(text)
    before = str(module)
    hlo = hlo_translate.stablehlo_to_hlo(module)
    assert str(module) == before
    assert "devices=[2]" in print_hlo_text(hlo)


def test_portable_artifacts_of_jax_export_and_of_the_oldest_version(exported) -> None:
    _runs_to_expected(hlo_translate.stablehlo_to_hlo(exported.mlir_module_serialized))
    with make_context() as context:
        module = _stablehlo.deserialize_portable_artifact(context, exported.mlir_module_serialized)
        oldest = _stablehlo.serialize_portable_artifact(module, _stablehlo.get_minimum_version())
    assert b"StableHLO_v" + _stablehlo.get_minimum_version().encode() in oldest[:40]
    _runs_to_expected(hlo_translate.stablehlo_to_hlo(oldest))


def test_emit_portable_for_a_chosen_version_reads_back(lowered) -> None:
    hlo_text = print_hlo_text(hlo_translate.stablehlo_to_hlo(lowered))
    for version in (None, "1.0.0", _stablehlo.get_minimum_version()):
        artifact = hlo_translate.hlo_to_stablehlo(hlo_text, emit="portable", target_version=version)
        assert isinstance(artifact, bytes) and artifact.startswith(b"ML\xefR")
        assert print_hlo_text(hlo_translate.stablehlo_to_hlo(artifact)) == hlo_text


def test_emit_module_round_trips_without_text(lowered) -> None:
    hlo = hlo_translate.stablehlo_to_hlo(lowered)
    context = make_context()
    module = hlo_translate.hlo_to_stablehlo(hlo, emit="module", context=context)
    assert isinstance(module, ir.Module) and module.context is context
    assert print_hlo_text(hlo_translate.stablehlo_to_hlo(module)) == print_hlo_text(hlo)


def test_a_str_is_text_and_a_path_like_str_says_so(tmp_path) -> None:
    file = tmp_path / "m.mlir"
    file.write_text("func.func @main() { return }")
    with pytest.raises(hlo_translate.TranslateError, match="pass a pathlib.Path"):
        hlo_translate.stablehlo_to_hlo(str(file))
    with pytest.raises(hlo_translate.TranslateError, match="cannot read"):
        hlo_translate.stablehlo_to_hlo(tmp_path / "missing.mlir")
    with pytest.raises(hlo_translate.TranslateError, match="cannot read"):
        hlo_translate.read_hlo(pathlib.Path(tmp_path / "missing.hlo"))


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (
            lambda: hlo_translate.hlo_to_stablehlo(
                "HloModule m\nENTRY e { ROOT p = f32[] parameter(0) }", emit="bogus"
            ),
            ValueError,
        ),
        (
            lambda: hlo_translate.hlo_to_stablehlo(
                "HloModule m\nENTRY e { ROOT p = f32[] parameter(0) }", emit="portable", target_version="99.0.0"
            ),
            ValueError,
        ),
        (
            lambda: hlo_translate.hlo_to_stablehlo(
                "HloModule m\nENTRY e { ROOT p = f32[] parameter(0) }", emit="portable", target_version=1
            ),
            TypeError,
        ),
        (
            lambda: hlo_translate.hlo_to_stablehlo(
                "HloModule m\nENTRY e { ROOT p = f32[] parameter(0) }", target_version="1.0.0"
            ),
            ValueError,
        ),
        (lambda: hlo_translate.stablehlo_to_hlo(42), TypeError),
        (lambda: hlo_translate.stablehlo_to_hlo("func.func @main() { return }", use_tuple_args="yes"), TypeError),
        (lambda: hlo_translate.read_hlo(3.5), TypeError),
        (
            lambda: hlo_translate.write_hlo(
                hlo_translate.read_hlo("HloModule m\nENTRY e { ROOT p = f32[] parameter(0) }"), "text"
            ),
            TypeError,
        ),
    ],
)
def test_misuse_is_a_clear_python_error(call, error) -> None:
    with pytest.raises(error):
        call()


def test_every_public_function_works_twice(lowered) -> None:
    text = lowered.as_text()
    sharded = (
        'func.func @main(%a: tensor<8xf32> {mhlo.sharding = "{devices=[2]<=[2]}"}) -> tensor<8xf32> {\n'
        "  return %a : tensor<8xf32>\n}\n"
    )
    for _ in range(2):
        hlo = hlo_translate.stablehlo_to_hlo(text)
        hlo_text = hlo_translate.write_hlo(hlo).decode()
        proto = hlo_translate.write_hlo(hlo, hlo_translate.HloFormat.PROTO)
        assert hlo_translate.detect_hlo_format(proto) is hlo_translate.HloFormat.PROTO
        assert print_hlo_text(hlo_translate.read_hlo(proto)) == hlo_text
        assert "stablehlo.sine" in hlo_translate.hlo_to_stablehlo(hlo_text)
        assert "sdy.mesh" in hlo_translate.import_shardings(sharded)
        assert "mhlo.sharding" in hlo_translate.export_shardings(hlo_translate.import_shardings(sharded))
        np.testing.assert_allclose(hlo_translate.execute(hlo_text, ARGS)[0], EXPECTED, rtol=1e-6)
