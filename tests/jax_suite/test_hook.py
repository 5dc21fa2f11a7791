"""hlo_translate.jax: the patch of JAX's compile path, its modes, refusals and the summary."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from jax._src import compiler
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

import hlo_translate.jax as hj
from hlo_translate.errors import TranslateError
from hlo_translate.jax import pipeline
from hlo_translate.jax.pipeline import Step

JAX_COMPILE = compiler.backend_compile_and_load
JAX_CACHE_KEY = compiler._get_cache_key


def _program(x: jax.Array, y: jax.Array) -> jax.Array:
    return jnp.tanh(x) @ y + jnp.cumsum(x, axis=0) @ y


def _inputs() -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(0)
    return rng.standard_normal((4, 3)).astype(np.float32), rng.standard_normal((3, 3)).astype(np.float32)


def _assert_jax_path() -> None:
    assert compiler.backend_compile_and_load is JAX_COMPILE
    assert compiler._get_cache_key is JAX_CACHE_KEY
    assert hj.active_mode() is None


@pytest.fixture(autouse=True)
def _jax_path_after() -> None:
    yield
    while hj.active_mode() is not None:
        hj.disable()
    _assert_jax_path()


@pytest.mark.parametrize("mode", ["roundtrip", "export", "xla"])
def test_a_jit_through_each_mode_gives_jax_result_and_counts_it(mode: str) -> None:
    expected = np.asarray(jax.jit(_program)(*_inputs()))
    with hj.through(mode) as summary:
        assert compiler.backend_compile_and_load is not JAX_COMPILE
        actual = np.asarray(jax.jit(_program)(*_inputs()))
    _assert_jax_path()
    np.testing.assert_allclose(actual, expected, rtol=1e-6)
    assert summary.modules >= 1 and summary.compiled == summary.modules
    assert not summary.refused and not summary.rejected
    ours = {
        "roundtrip": {Step.OUR_EXPORT, Step.OUR_IMPORT},
        "export": {Step.OUR_EXPORT, Step.XLA_IMPORT},
        "xla": {Step.XLA_EXPORT, Step.XLA_IMPORT},
    }[mode]
    assert set(summary.seconds) == ours
    assert (summary.ours_seconds > 0) == (mode != "xla")
    assert f"hlo-translate ({mode}): {summary.modules} modules" in summary.report()


@pytest.mark.parametrize("mode", ["roundtrip", "export"])
@pytest.mark.parametrize("shardy", [True, False])
def test_a_sharded_program_through_each_mode(mode: str, shardy: bool) -> None:
    previous = jax.config.jax_use_shardy_partitioner
    jax.config.update("jax_use_shardy_partitioner", shardy)
    try:
        mesh = jax.make_mesh((4, 2), ("x", "y"), axis_types=(jax.sharding.AxisType.Auto,) * 2)
        data = np.arange(64, dtype=np.float32).reshape(8, 8)
        placed = jax.device_put(data, NamedSharding(mesh, P("x", "y")))
        with hj.through(mode) as summary:
            result = jax.jit(lambda a: jnp.sin(a).sum(axis=1), out_shardings=NamedSharding(mesh, P("x")))(placed)
            assert result.sharding.spec == P("x")
            np.testing.assert_allclose(np.asarray(result), np.sin(data).sum(axis=1), rtol=1e-5)
    finally:
        jax.config.update("jax_use_shardy_partitioner", previous)
    assert summary.compiled >= 1 and not summary.refused and not summary.rejected


def test_disable_and_nesting_restore_what_was_on() -> None:
    outer = hj.enable("export")
    with hj.through("roundtrip") as inner:
        assert hj.active_mode() is hj.Mode.ROUNDTRIP
        jax.jit(jnp.negative)(1.0)
    assert hj.active_mode() is hj.Mode.EXPORT and hj.summary() is outer
    jax.jit(jnp.negative)(2.0)  # JAX's in-memory caches were cleared: it compiles again, through export
    assert inner.modules >= 1 and outer.modules >= 1
    assert hj.disable() is outer
    _assert_jax_path()
    assert hj.disable() is None


def test_the_patch_is_undone_when_the_block_raises() -> None:
    with pytest.raises(ZeroDivisionError), hj.through("roundtrip"):
        raise ZeroDivisionError
    _assert_jax_path()


def test_the_persistent_cache_is_bypassed_while_on() -> None:
    with hj.through("roundtrip"):
        assert compiler._get_cache_key(None, None, None, None) is None


def _refusing_export(module: object) -> object:
    raise TranslateError("no handler for this op (injected)", op="stablehlo.tanh")


def test_a_refusal_fails_the_compile_with_the_converters_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pipeline, "_our_export", _refusing_export)
    with hj.through("roundtrip") as summary, pytest.raises(hj.ModuleRefused, match="no handler for this op"):
        jax.jit(_program)(*_inputs())
    assert summary.refused == {"our export: TranslateError: 'stablehlo.tanh': no handler for this op (injected)": 1}
    assert summary.compiled == 0 and summary.fell_back == 0


def test_fallback_compiles_on_jax_path_and_keeps_the_module(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    monkeypatch.setattr(pipeline, "_our_export", _refusing_export)
    expected = np.asarray(jax.jit(_program)(*_inputs()))
    with hj.through("export", on_refusal="fallback", keep_dir=tmp_path) as summary:
        actual = np.asarray(jax.jit(_program)(*_inputs()))
    np.testing.assert_allclose(actual, expected, rtol=1e-6)
    assert summary.fell_back == summary.modules == sum(summary.refused.values()) >= 1
    kept = summary.kept[0]
    assert kept.parent == tmp_path and "jit__program" in kept.name
    assert "func.func public @main" in (kept / "jax.mlir").read_text()
    assert "no handler for this op" in (kept / "error.txt").read_text()
    assert f"{summary.modules} refused" in summary.report().splitlines()[0]


def test_a_module_the_backend_rejects_is_counted_and_falls_back(monkeypatch: pytest.MonkeyPatch) -> None:
    # A converter that hands the backend a call of a target nobody registered: XLA's compile refuses it.
    def wrong_module(module, mode):
        from jaxlib.mlir import ir

        converted = pipeline.Converted(
            module=ir.Module.parse(
                "func.func @main(%a: tensor<3xf32>) -> tensor<3xf32> {"
                " %0 = stablehlo.custom_call @hlo_translate_no_such_target(%a) {api_version = 4 : i32}"
                " : (tensor<3xf32>) -> tensor<3xf32>  return %0 : tensor<3xf32> }",
                context=module.context,
            )
        )
        converted.module.operation.attributes["sym_name"] = ir.StringAttr.get("wrong", module.context)
        return converted

    monkeypatch.setattr(hj, "convert", wrong_module)
    with hj.through("roundtrip", on_refusal="fallback") as summary:
        np.testing.assert_allclose(np.asarray(jax.jit(jnp.negative)(np.ones(3, np.float32))), -np.ones(3))
    assert sum(summary.rejected.values()) == summary.fell_back >= 1


@pytest.mark.gpu
def test_roundtrip_on_gpu() -> None:
    gpu = jax.devices("gpu")[0]
    inputs = [jax.device_put(value, gpu) for value in _inputs()]
    expected = np.asarray(jax.jit(_program)(*inputs))
    with hj.through("roundtrip") as summary:
        actual = np.asarray(jax.jit(_program)(*inputs))
    np.testing.assert_allclose(actual, expected, rtol=1e-5)
    assert summary.compiled >= 1 and not summary.refused and not summary.rejected


def test_the_package_and_cli_do_not_import_the_hook() -> None:
    import subprocess
    import sys

    code = (
        "import sys, hlo_translate, hlo_translate.cli.main; "
        "print(sorted(m for m in sys.modules if m.startswith(('hlo_translate.jax', 'hlo_translate.pytest'))))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert done.stdout.strip() == "[]"


def test_report_at_exit_writes_the_summary_to_stderr() -> None:
    import subprocess
    import sys

    code = (
        "import jax, jax.numpy as jnp, hlo_translate.jax as hj; hj.enable('roundtrip', report_at_exit=True); "
        "jax.jit(jnp.sin)(1.0)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert "hlo-translate (roundtrip): 1 modules, 1 compiled through our export and our import" in done.stderr


def test_refusals_of_one_cause_are_counted_together(monkeypatch: pytest.MonkeyPatch) -> None:
    names = iter(["custom-call.2", "custom-call.15"])

    def refusing(module: object) -> object:
        raise TranslateError("custom call @xla.sdy.GlobalToLocalShape is not supported", op=next(names))

    monkeypatch.setattr(pipeline, "_our_export", refusing)
    with hj.through("roundtrip", on_refusal="fallback") as summary:
        jax.jit(jnp.sin)(1.0)
        jax.jit(jnp.cos)(1.0)
    assert summary.refused == {
        "our export: TranslateError: 'custom-call': custom call @xla.sdy.GlobalToLocalShape is not supported": 2
    }
