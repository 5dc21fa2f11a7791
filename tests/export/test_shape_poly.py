"""Shape-polymorphic `jax.export` artifacts, translated with input shapes and run on XLA CPU.

Each function is exported with symbolic dimensions (`jax.export.symbolic_shape`), so its module has
`tensor<?x...>` arguments, dynamic ops and shape assertions. We translate it with static input shapes
and compare what XLA computes from our HLO with what JAX computes for the same inputs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import pytest
from click.testing import CliRunner

import hlo_translate
from hlo_translate.errors import TranslateError


@dataclass(frozen=True)
class PolyProgram:
    name: str
    fn: Callable
    specs: str  # jax.export.symbolic_shape spec per argument, ';'-separated
    dtypes: tuple[str, ...]
    inputs: tuple[tuple[int, ...], ...]  # the static shapes we translate for

    def input_shapes(self) -> str:
        names = {"float32": "f32", "int32": "s32"}
        return ",".join(f"{names[d]}[{','.join(map(str, s))}]" for d, s in zip(self.dtypes, self.inputs))


def _programs() -> list[PolyProgram]:
    import jax
    import jax.numpy as jnp

    def loop(x):
        return jax.lax.fori_loop(0, x.shape[0], lambda i, acc: acc + x[i], jnp.zeros(x.shape[1:], x.dtype))

    return [
        PolyProgram(
            "sum_plus_convert",
            lambda x, y: jnp.sum(x * 2, axis=1) + y.astype(jnp.float32),
            "b,4;b",
            ("float32", "int32"),
            ((8, 4), (8,)),
        ),
        PolyProgram("reshape_2b", lambda x, y: x.reshape(-1) + y, "b,2;2*b", ("float32", "float32"), ((3, 2), (6,))),
        PolyProgram(
            "matmul_two_dims", lambda a, b: jnp.tanh(a @ b), "m,k;k,n", ("float32", "float32"), ((5, 3), (3, 7))
        ),
        PolyProgram(
            "arange_concat",
            lambda x: jnp.concatenate([x, jnp.arange(x.shape[0], dtype=x.dtype)]),
            "b",
            ("float32",),
            ((6,),),
        ),
        PolyProgram("loop_over_b", loop, "b,3", ("float32",), ((4, 3),)),
        PolyProgram("softmax_last", lambda x: jax.nn.softmax(x, axis=-1), "b,n", ("float32",), ((2, 9),)),
    ]


PROGRAMS = {p.name: p for p in _programs()}


def _export(program: PolyProgram) -> str:
    import jax

    scope = jax.export.SymbolicScope()
    avals = [
        jax.ShapeDtypeStruct(jax.export.symbolic_shape(spec, scope=scope), dtype)
        for spec, dtype in zip(program.specs.split(";"), program.dtypes)
    ]
    return jax.export.export(jax.jit(program.fn))(*avals).mlir_module()


def _inputs(program: PolyProgram) -> list[np.ndarray]:
    rng = np.random.default_rng(0)
    return [
        rng.integers(-5, 5, shape).astype(dtype) if dtype == "int32" else rng.standard_normal(shape).astype(dtype)
        for shape, dtype in zip(program.inputs, program.dtypes)
    ]


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_polymorphic_export_runs_like_jax(name: str) -> None:
    program = PROGRAMS[name]
    mlir = _export(program)
    assert "?" in mlir.split("func.func public @main")[1].splitlines()[0]  # really polymorphic
    hlo = hlo_translate.write_hlo(hlo_translate.stablehlo_to_hlo(mlir, input_shapes=program.input_shapes())).decode()
    inputs = _inputs(program)
    ours = hlo_translate.execute(hlo, inputs)
    import jax

    expected = jax.jit(program.fn)(*inputs)
    np.testing.assert_allclose(ours[0], np.asarray(expected), rtol=1e-5, atol=1e-5)


def test_exported_object_and_portable_artifact() -> None:
    import jax
    import jax.numpy as jnp

    (b,) = jax.export.symbolic_shape("b")
    exported = jax.export.export(jax.jit(lambda x: jnp.sin(x) * x.shape[0]))(jax.ShapeDtypeStruct((b, 3), jnp.float32))
    x = np.linspace(-1, 1, 15, dtype=np.float32).reshape(5, 3)
    for source in (exported, exported.mlir_module_serialized):
        hlo = hlo_translate.write_hlo(hlo_translate.stablehlo_to_hlo(source, input_shapes="f32[5,3]")).decode()
        np.testing.assert_allclose(hlo_translate.execute(hlo, [x])[0], np.sin(x) * 5, rtol=1e-6)


def test_lowered_module_with_dimension_variables_is_explained() -> None:
    import jax
    import jax.numpy as jnp

    (b,) = jax.export.symbolic_shape("b")
    lowered = jax.jit(lambda x: jnp.cos(x).sum(0)).lower(jax.ShapeDtypeStruct((b, 3), jnp.float32))
    with pytest.raises(TranslateError, match="argument 0 of @main is the dimension variable 'b'"):
        hlo_translate.stablehlo_to_hlo(lowered, input_shapes="f32[4,3]")


def test_failing_shape_assertion_is_reported_with_its_message() -> None:
    mlir = _export(PROGRAMS["reshape_2b"])
    with pytest.raises(TranslateError) as info:
        hlo_translate.stablehlo_to_hlo(mlir, input_shapes="f32[3,2],f32[5]")
    message = str(info.value)
    assert "error: shape assertion failed for the given input shapes: " in message
    assert "args[1].shape[0] (= 5) and the specification '2*b' (= 6)" in message
    assert "\n" not in message


def test_dimension_variable_below_its_minimum_fails_its_assertion() -> None:
    mlir = _export(PROGRAMS["sum_plus_convert"])
    with pytest.raises(TranslateError, match="shape assertion failed.*Expected value >= 1 for dimension variable 'b'"):
        hlo_translate.stablehlo_to_hlo(mlir, input_shapes="f32[0,4],s32[0]")


@pytest.mark.parametrize(
    "shapes,message",
    [
        (None, "argument 0 of @main has the dynamic type tensor<?x4xf32>: give the static shapes"),
        ("f32[8,4]", "1 input shapes given for the 2 arguments of @main; argument 1 (tensor<?xi32>) lacks a shape"),
        ("f32[8,5],s32[8]", "input shape 0 (f32[8,5]) does not fit argument 0 of @main (tensor<?x4xf32>)"),
        ("f32[8,4],f32[8]", "input shape 1 (f32[8]) does not fit argument 1 of @main (tensor<?xi32>)"),
        ("f32[8,4],s32[8", "bad input shapes 'f32[8,4],s32[8'"),
    ],
)
def test_missing_or_wrong_input_shapes_name_the_argument(shapes: str | None, message: str) -> None:
    mlir = _export(PROGRAMS["sum_plus_convert"])
    with pytest.raises(TranslateError) as info:
        hlo_translate.stablehlo_to_hlo(mlir, input_shapes=shapes)
    assert message in str(info.value) and "\n" not in str(info.value)


def test_cli_input_shapes(tmp_path) -> None:
    from hlo_translate.cli.main import app

    source = tmp_path / "poly.mlir"
    source.write_text(_export(PROGRAMS["matmul_two_dims"]))
    runner = CliRunner()
    ok = runner.invoke(app, ["stablehlo-to-hlo", str(source), "--input-shapes", "f32[5,3],f32[3,7]", "-o", "-"])
    assert ok.exit_code == 0, ok.output
    assert "entry_computation_layout={(f32[5,3]{1,0}, f32[3,7]{1,0})->f32[5,7]{1,0}}" in ok.output
    missing = runner.invoke(app, ["stablehlo-to-hlo", str(source), "-o", "-"])
    assert missing.exit_code == 2
    assert "argument 0 of @main has the dynamic type tensor<?x?xf32>" in missing.output
