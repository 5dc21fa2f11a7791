"""Execution on XLA: modules lowered by JAX run to JAX's own results, in every input format, on one
device, on 8 SPMD devices and across 2 processes; comparisons and validation catch wrong modules."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import jax
import jax.numpy as jnp
import ml_dtypes
import numpy as np
import pytest
from click.testing import CliRunner
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

from hlo_translate.cli.main import app
from hlo_translate.errors import TranslateError
from hlo_translate.execution import (
    ModuleFormat,
    TensorSpec,
    Verdict,
    arrays_to_npz,
    compare_outputs,
    detect_format,
    execute,
    generate_inputs,
    load_module,
    plan_devices,
    read_npz,
    run_multiprocess,
    validate_modules,
)
from tests.support.paths import REPO_ROOT as ROOT

RNG = np.random.default_rng(7)


def f32(*shape: int) -> np.ndarray:
    return RNG.uniform(-2, 2, size=shape).astype(np.float32)


def in_format(lowered: jax.stages.Lowered, fmt: str) -> str | bytes:
    """The lowered module as MLIR text, MLIR bytecode, HLO text or a serialized HloModuleProto."""
    if fmt == "mlir":
        return lowered.as_text()
    if fmt == "bytecode":
        buffer = io.BytesIO()
        lowered.compiler_ir().operation.write_bytecode(buffer)
        return buffer.getvalue()
    if fmt == "hlo":
        return lowered.as_text(dialect="hlo")
    return lowered.compiler_ir("hlo").as_serialized_hlo_module_proto()


def assert_same(expected: list, actual: list[np.ndarray], rtol: float = 1e-6) -> None:
    """Same count, types and shapes; values equal (ints, bools) or close (floats)."""
    assert len(actual) == len(expected)
    for want, got in zip(expected, actual):
        want = np.asarray(want)
        assert (got.dtype, got.shape) == (want.dtype, want.shape)
        if want.dtype.kind in "biu":
            np.testing.assert_array_equal(got, want)
        else:
            np.testing.assert_allclose(got.astype(np.complex128), want.astype(np.complex128), rtol=rtol, atol=1e-6)


def as_list(result) -> list:
    return list(result) if isinstance(result, (tuple, list)) else [result]


# ---------------------------------------------------------------- one device, every format

PROGRAMS = {
    "elementwise": (lambda x, y: (x - y * 2, x > y, jnp.exp(x) / (1 + y * y)), (f32(3, 4), f32(3, 4))),
    "dot_reduce": (lambda a, b: (jnp.tanh(a @ b), a.sum(0), jnp.max(b, axis=1)), (f32(4, 5), f32(5, 3))),
    "integers": (
        lambda i, j: (i // 3 + j, i % 4, jnp.left_shift(i, 2), i.astype(jnp.float32)),
        (RNG.integers(-50, 50, (6,)).astype(np.int32), RNG.integers(1, 9, (6,)).astype(np.int32)),
    ),
    "complex": (lambda z: (z * jnp.conj(z), jnp.abs(z), jnp.angle(z)), ((f32(5) + 1j * f32(5)).astype(np.complex64),)),
    "bfloat16": (
        lambda x, y: (x * y + 1, (x - y).astype(jnp.float32)),
        (f32(8).astype(ml_dtypes.bfloat16), f32(8).astype(ml_dtypes.bfloat16)),
    ),
    "loop": (lambda x: jax.lax.fori_loop(0, 5, lambda i, c: c * 1.5 + i, x), (f32(4),)),
    "sort_gather": (lambda x, i: (jnp.sort(x), x[i], jnp.argsort(x)), (f32(7), np.array([6, 0, 3], np.int32))),
}


@pytest.fixture(scope="module")
def lowered_programs() -> dict[str, jax.stages.Lowered]:
    return {name: jax.jit(fn).lower(*args) for name, (fn, args) in PROGRAMS.items()}


@pytest.mark.parametrize("fmt", ["mlir", "bytecode", "hlo", "proto"])
@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_lowered_program_runs_like_jax(lowered_programs, name: str, fmt: str) -> None:
    fn, args = PROGRAMS[name]
    expected = as_list(jax.jit(fn)(*args))
    assert_same(
        expected, execute(in_format(lowered_programs[name], fmt), list(args)), rtol=1e-2 if name == "bfloat16" else 1e-6
    )


def test_formats_are_told_apart(lowered_programs) -> None:
    lowered = lowered_programs["elementwise"]
    assert detect_format(in_format(lowered, "mlir")) is ModuleFormat.MLIR_TEXT
    assert detect_format(in_format(lowered, "mlir").encode()) is ModuleFormat.MLIR_TEXT
    assert detect_format(in_format(lowered, "bytecode")) is ModuleFormat.MLIR_BYTECODE
    assert detect_format(in_format(lowered, "hlo")) is ModuleFormat.HLO_TEXT
    assert detect_format(in_format(lowered, "proto")) is ModuleFormat.HLO_PROTO
    with pytest.raises(TranslateError, match="cannot tell the input format"):
        detect_format("name: 'not a module'")


def test_signature_is_read_from_every_format(lowered_programs) -> None:
    want_parameters = (TensorSpec((4, 5), np.dtype(np.float32)), TensorSpec((5, 3), np.dtype(np.float32)))
    want_results = (
        TensorSpec((4, 3), np.dtype(np.float32)),
        TensorSpec((5,), np.dtype(np.float32)),
        TensorSpec((5,), np.dtype(np.float32)),
    )
    for fmt in ("mlir", "bytecode", "hlo", "proto"):
        module = load_module(in_format(lowered_programs["dot_reduce"], fmt))
        assert (module.parameters, module.results) == (want_parameters, want_results), fmt
    assert str(want_parameters[0]) == "f32[4,5]"


# ---------------------------------------------------------------- inputs


def test_generated_inputs_are_deterministic_and_small() -> None:
    specs = [
        TensorSpec((50,), np.dtype(t))
        for t in (np.int32, np.uint8, np.bool_, np.float32, ml_dtypes.bfloat16, np.complex64, ml_dtypes.int4)
    ]
    first, again, other = generate_inputs(specs, seed=3), generate_inputs(specs, seed=3), generate_inputs(specs, 4)
    for spec, value, same, different in zip(specs, first, again, other):
        assert (value.dtype, value.shape) == (spec.dtype, spec.shape)
        np.testing.assert_array_equal(value, same)
        assert not np.array_equal(value, different)
    assert first[0].min() >= -5 and first[0].max() <= 5 and first[1].max() <= 5
    assert set(np.unique(first[2])) == {False, True}
    assert np.abs(first[3]).max() <= 2 and np.abs(first[5].real).max() <= 2 and np.abs(first[5].imag).max() > 0


def test_generated_inputs_are_what_execute_uses(lowered_programs) -> None:
    lowered = lowered_programs["elementwise"]
    args = generate_inputs(load_module(lowered.as_text()).parameters, seed=11)
    assert_same(as_list(jax.jit(PROGRAMS["elementwise"][0])(*args)), execute(lowered.as_text(), seed=11))


def test_npz_inputs_go_in_parameter_order(lowered_programs) -> None:
    fn, (x, y) = PROGRAMS["elementwise"]
    expected = as_list(jax.jit(fn)(x, y))
    module = lowered_programs["elementwise"].as_text()
    assert_same(expected, execute(module, arrays_to_npz([x, y], "arg")))
    assert_same(expected, execute(module, {"arg1": y, "arg0": x}))  # subtract is not symmetric


def test_low_precision_inputs_survive_npz(lowered_programs) -> None:
    fn, args = PROGRAMS["bfloat16"]
    assert read_npz(arrays_to_npz(list(args), "arg"))["arg0"].dtype.kind == "V"  # how numpy stores bf16
    assert_same(
        as_list(jax.jit(fn)(*args)),
        execute(lowered_programs["bfloat16"].as_text(), arrays_to_npz(list(args), "arg")),
        rtol=1e-2,
    )


def test_inputs_that_do_not_fit_are_rejected(lowered_programs) -> None:
    module = lowered_programs["elementwise"].as_text()
    with pytest.raises(TranslateError, match=r"input arg1 is f32\[4,3\] but parameter 1 is f32\[3,4\]"):
        execute(module, [f32(3, 4), f32(4, 3)])
    with pytest.raises(TranslateError, match="takes 2 arguments but 1 inputs"):
        execute(module, [f32(3, 4)])
    with pytest.raises(TranslateError, match=r"input arg0 is s32\[3,4\]"):
        execute(module, [np.zeros((3, 4), np.int32), f32(3, 4)])


def test_sixty_four_bit_values_are_not_narrowed() -> None:
    fn = lambda a, b: (a * b + 1, a.astype(jnp.float64) / 3)  # noqa: E731
    a, b = np.arange(4, dtype=np.int64) + 2**40, np.full(4, 3, np.int64)
    with jax.enable_x64(True):
        module = jax.jit(fn).lower(a, b).as_text()
        expected = [np.asarray(value) for value in jax.jit(fn)(a, b)]
    assert expected[0].dtype == np.int64 and expected[0][0] == (2**40) * 3 + 1
    assert_same(expected, execute(module, [a, b]))


# ---------------------------------------------------------------- fresh processes


def run_python(script: str, env_drop: tuple[str, ...] = ()) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in env_drop}
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(script)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


SPMD_HLO = """HloModule spmd, num_partitions=8

add {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}

ENTRY main {
  x = f32[16,4] parameter(0), sharding={devices=[8,1]<=[8]}
  y = f32[4] parameter(1), sharding={replicated}
  yb = f32[16,4] broadcast(y), dimensions={1}
  d = f32[16,4] subtract(x, yb), sharding={devices=[8,1]<=[8]}
  zero = f32[] constant(0)
  ROOT r = f32[4] reduce(d, zero), dimensions={0}, to_apply=add, sharding={replicated}
}
"""


def test_fresh_process_gets_devices_and_lapack(tmp_path: Path) -> None:
    """Without XLA_FLAGS, execute starts JAX with 8 CPU devices; LAPACK custom calls work untouched."""
    spd = np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]], np.float32)
    cholesky = jax.jit(jnp.linalg.cholesky).lower(spd).as_text()
    assert "lapack_spotrf_ffi" in cholesky
    (tmp_path / "chol.mlir").write_text(cholesky)
    (tmp_path / "spmd.hlo").write_text(SPMD_HLO)
    result = run_python(
        f"""
        import sys, numpy as np
        from hlo_translate.execution import execute
        x, y = np.arange(64, dtype=np.float32).reshape(16, 4), np.arange(4, dtype=np.float32)
        spmd = execute(open({str(tmp_path / "spmd.hlo")!r}).read(), [x, y])[0]
        assert np.array_equal(spmd, (x - y).sum(0)), spmd
        import jax
        assert len(jax.devices()) == 8, jax.devices()
        spd = np.array({spd.tolist()}, np.float32)
        chol = execute(open({str(tmp_path / "chol.mlir")!r}).read(), [spd])[0]
        assert np.allclose(chol, np.linalg.cholesky(spd), rtol=1e-5), chol
        print("fine")
    """,
        env_drop=("XLA_FLAGS",),
    )
    assert result.returncode == 0 and "fine" in result.stdout, result.stderr[-2000:]


def test_too_few_devices_after_jax_started_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "spmd.hlo").write_text(SPMD_HLO)
    result = run_python(
        f"""
        import jax
        jax.devices()
        from hlo_translate.execution import execute
        from hlo_translate.errors import TranslateError
        try:
            execute(open({str(tmp_path / "spmd.hlo")!r}).read())
        except TranslateError as err:
            print(err)
    """,
        env_drop=("XLA_FLAGS",),
    )
    assert "needs 8 cpu devices but JAX has 1" in result.stdout, result.stderr[-2000:]
    assert "XLA_FLAGS=--xla_force_host_platform_device_count=8" in result.stdout


# ---------------------------------------------------------------- SPMD on 8 devices


def spmd_program() -> tuple[jax.stages.Lowered, list, tuple[np.ndarray, np.ndarray]]:
    mesh = jax.make_mesh((4, 2), ("x", "y"), axis_types=(jax.sharding.AxisType.Auto,) * 2)
    fn = jax.jit(
        lambda a, b: (jnp.sin(a) @ b, a.sum(axis=0), a * 2),
        in_shardings=(NamedSharding(mesh, P("x", "y")), NamedSharding(mesh, P(None, "y"))),
        out_shardings=(NamedSharding(mesh, P("x")), NamedSharding(mesh, P()), NamedSharding(mesh, P("y", "x"))),
    )
    a, b = f32(8, 8), f32(8, 4)
    return fn.lower(a, b), as_list(fn(a, b)), (a, b)


@pytest.mark.parametrize("fmt", ["mlir", "hlo"])
def test_spmd_program_with_shardy_shardings_runs_on_8_devices(fmt: str) -> None:
    lowered, expected, args = spmd_program()
    module = load_module(in_format(lowered, fmt))
    assert plan_devices(module).num_partitions == 8 and module.uses_shardy
    assert_same(expected, execute(module, list(args)), rtol=1e-5)


def test_spmd_program_with_gspmd_shardings_runs_on_8_devices() -> None:
    previous = jax.config.jax_use_shardy_partitioner
    jax.config.update("jax_use_shardy_partitioner", False)
    try:
        lowered, expected, args = spmd_program()
    finally:
        jax.config.update("jax_use_shardy_partitioner", previous)
    text = lowered.as_text()
    assert "mhlo.sharding" in text and "sdy." not in text
    assert not load_module(text).uses_shardy
    assert_same(expected, execute(text, list(args)), rtol=1e-5)


@pytest.mark.parametrize("fmt", ["mlir", "hlo"])
def test_shard_map_collectives_run_on_8_devices(fmt: str) -> None:
    mesh = jax.make_mesh((8,), ("x",), axis_types=(jax.sharding.AxisType.Auto,))

    def body(x):
        ring = [(i, (i + 1) % 8) for i in range(8)]
        return jax.lax.psum(x, "x"), jax.lax.all_gather(x, "x", tiled=True), jax.lax.ppermute(x, "x", ring)

    fn = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P("x"), out_specs=(P(), P(), P("x")), check_vma=False))
    x = f32(16)
    expected = as_list(fn(x))
    np.testing.assert_allclose(expected[0], x.reshape(8, 2).sum(0), rtol=1e-5)  # the oracle itself is sane
    assert_same(expected, execute(in_format(fn.lower(x), fmt), [x]), rtol=1e-5)


def test_handwritten_spmd_hlo_splits_tiled_and_replicated_inputs() -> None:
    x, y = f32(16, 4), f32(4)
    expected = (x - y).sum(0)
    np.testing.assert_allclose(execute(SPMD_HLO, [x, y])[0], expected, rtol=1e-5)
    headerless = SPMD_HLO.replace(", num_partitions=8", "")
    assert load_module(headerless).num_partitions is None and load_module(headerless).sharding_devices == 8
    np.testing.assert_allclose(execute(headerless, [x, y], num_devices=8)[0], expected, rtol=1e-5)
    with pytest.raises(TranslateError, match="declares num_partitions=8 but 4 was asked for"):
        execute(SPMD_HLO, [x, y], num_devices=4)


def test_replicas_get_the_same_inputs_and_outputs_are_stacked() -> None:
    module = """HloModule replicas, replica_count=2

add {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}

ENTRY main {
  p = f32[4] parameter(0)
  id = u32[] replica-id()
  idf = f32[] convert(id)
  b = f32[4] broadcast(idf), dimensions={}
  own = f32[4] add(p, b)
  sum = f32[4] all-reduce(own), replica_groups={{0,1}}, to_apply=add
  ROOT t = (f32[4], f32[4]) tuple(own, sum)
}
"""
    p = f32(4)
    own, total = execute(module, [p])
    np.testing.assert_array_equal(own, np.stack([p, p + 1]))
    np.testing.assert_allclose(total, np.stack([2 * p + 1] * 2), rtol=1e-6)


def test_more_devices_than_jax_has_is_a_clear_error() -> None:
    with pytest.raises(TranslateError, match="needs 16 cpu devices but JAX has 8"):
        execute(SPMD_HLO.replace("num_partitions=8", "num_partitions=16"))


def test_unknown_or_missing_platform_is_a_clear_error(lowered_programs) -> None:
    module = lowered_programs["elementwise"].as_text()
    with pytest.raises(TranslateError, match="unknown platform 'tpu'"):
        execute(module, platform="tpu")
    try:
        outputs = execute(module, platform="cuda")
    except TranslateError as err:  # the usual case on a machine without a GPU
        assert "platform 'cuda' is not available" in str(err) and "CUDA plugin" in str(err)
    else:
        assert_same(execute(module), outputs, rtol=1e-5)


# ---------------------------------------------------------------- comparing outputs


def test_integers_and_booleans_compare_exactly() -> None:
    result = compare_outputs(
        [np.array([1, 2, 3], np.int32), np.array([True])], [np.array([1, 2, 4], np.int32), np.array([True])]
    )
    assert not result.ok
    bad, good = result.outputs
    assert (bad.verdict, bad.mismatched, bad.total, bad.first_mismatch) == (Verdict.VALUES_DIFFER, 1, 3, (2,))
    assert (bad.expected_value, bad.actual_value) == ("3", "4") and good.ok


def test_floats_compare_within_per_dtype_tolerance() -> None:
    one = np.array([1.0], np.float32)
    assert compare_outputs([one], [one * (1 + 2e-6)]).ok
    assert not compare_outputs([one], [one * 1.001]).ok
    bf16 = np.array([1.0], ml_dtypes.bfloat16)
    assert compare_outputs([bf16], [np.array([1.0078125], ml_dtypes.bfloat16)]).ok  # one bf16 ulp
    assert not compare_outputs([np.array([1.0])], [np.array([1.0 + 1e-7])]).ok  # f64 is tighter
    assert compare_outputs([one], [one * 1.001], rtol=1e-2).ok


def test_nan_equals_nan_and_infinities_keep_their_sign() -> None:
    nan, inf = np.float32(np.nan), np.float32(np.inf)
    assert compare_outputs([np.array([nan, inf, -inf])], [np.array([nan, inf, -inf])]).ok
    result = compare_outputs([np.array([nan, inf, 1.0], np.float32)], [np.array([1.0, -inf, nan], np.float32)])
    assert result.outputs[0].mismatched == 3


def test_complex_outputs_compare_both_parts() -> None:
    z = np.array([1 + 2j], np.complex64)
    assert compare_outputs([z], [z]).ok
    assert not compare_outputs([z], [np.array([1 - 2j], np.complex64)]).ok


def test_shape_dtype_and_count_mismatches_are_reported() -> None:
    result = compare_outputs(
        [np.zeros(3, np.float32), np.zeros(2, np.int32), np.zeros(1)], [np.zeros(4, np.float32), np.zeros(2, np.int64)]
    )
    assert [o.verdict for o in result.outputs] == [Verdict.SHAPE_DIFFERS, Verdict.DTYPE_DIFFERS]
    assert result.problems == ("expected 3 outputs, got 2",)
    report = result.report()
    assert report.startswith("MISMATCH: 2 of 2 outputs differ, 1 other problem")
    assert "out0 f32[3]: shape differs, got f32[4]" in report and "out1 s32[2]: dtype differs, got s64[2]" in report


def test_report_fits_on_one_screen() -> None:
    many = [np.array([i], np.int32) for i in range(100)]
    report = compare_outputs(many, many[:-1] + [np.array([0], np.int32)]).report()
    lines = report.splitlines()
    assert lines[0] == "MISMATCH: 1 of 100 outputs differ" and len(lines) <= 21
    assert "out99 s32[1]: 1 of 1 elements differ" in lines[1] and "more lines" in lines[-1]
    assert compare_outputs(many, many).report().startswith("OK: all 100 outputs match")


# ---------------------------------------------------------------- validation


def swap_operands(hlo: str, opcode: str) -> str:
    swapped, count = re.subn(rf"{opcode}\(([^,()]+), ([^,()]+)\)", rf"{opcode}(\2, \1)", hlo)
    assert count == 1, hlo
    return swapped


@pytest.mark.parametrize("opcode, fn", [("subtract", lambda x, y: x - y), ("divide", lambda x, y: x / y)])
def test_validation_catches_swapped_operands(opcode: str, fn) -> None:
    lowered = jax.jit(fn).lower(f32(3, 4), f32(3, 4))
    good = lowered.as_text(dialect="hlo")
    assert validate_modules(lowered.as_text(), good).ok  # StableHLO and HLO of one function agree
    result = validate_modules(lowered.as_text(), swap_operands(good, opcode))
    assert not result.ok and result.outputs[0].verdict is Verdict.VALUES_DIFFER
    assert "out0 f32[3,4]:" in result.report() and "elements differ" in result.report()


def test_validation_catches_swapped_operands_on_8_devices() -> None:
    x, y = f32(16, 4), f32(4)
    assert validate_modules(SPMD_HLO, SPMD_HLO, [x, y]).ok
    result = validate_modules(SPMD_HLO, swap_operands(SPMD_HLO, "subtract"), [x, y])
    assert not result.ok and result.outputs[0].mismatched == 4


def test_validation_stops_at_different_parameters_or_partitions() -> None:
    fn = lambda x, y: x - y.sum()  # noqa: E731
    reference = jax.jit(fn).lower(f32(16, 4), f32(4)).as_text()
    result = validate_modules(reference, jax.jit(fn).lower(f32(16, 4), f32(5)).as_text())
    assert not result.ok and result.outputs == ()
    assert result.problems == ("parameters differ: reference (f32[16,4], f32[4]), candidate (f32[16,4], f32[5])",)
    result = validate_modules(SPMD_HLO, SPMD_HLO.replace("num_partitions=8", "num_partitions=4"))
    assert result.problems == ("candidate declares num_partitions=4, reference runs with 8",)


# ---------------------------------------------------------------- command line


def test_cli_run_writes_outputs(tmp_path: Path, lowered_programs) -> None:
    fn, args = PROGRAMS["dot_reduce"]
    (tmp_path / "m.hlo").write_text(lowered_programs["dot_reduce"].as_text(dialect="hlo"))
    (tmp_path / "in.npz").write_bytes(arrays_to_npz(list(args), "arg"))
    result = CliRunner().invoke(
        app, ["run", str(tmp_path / "m.hlo"), "--inputs", str(tmp_path / "in.npz"), "-o", str(tmp_path / "out.npz")]
    )
    assert result.exit_code == 0, result.output
    outputs = read_npz((tmp_path / "out.npz").read_bytes())
    assert list(outputs) == ["out0", "out1", "out2"]
    assert_same(as_list(jax.jit(fn)(*args)), list(outputs.values()))


def test_cli_run_prints_outputs(tmp_path: Path) -> None:
    (tmp_path / "spmd.hlo").write_text(SPMD_HLO)
    result = CliRunner().invoke(app, ["run", str(tmp_path / "spmd.hlo"), "--seed", "5"])
    assert result.exit_code == 0, result.output
    x, y = generate_inputs([TensorSpec((16, 4), np.dtype(np.float32)), TensorSpec((4,), np.dtype(np.float32))], 5)
    printed = re.search(r"out0: f32\[4\] = \[(.*)\]", result.stdout).group(1)
    np.testing.assert_allclose(np.array(printed.split(), np.float32), (x - y).sum(0), rtol=1e-4)


def test_cli_run_reports_bad_input_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "bad.hlo").write_text("HloModule m\nENTRY e { ROOT p = f32[] parameter(0), bogus }\n")
    result = CliRunner().invoke(app, ["run", str(tmp_path / "bad.hlo")])
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and "bad.hlo" in result.stderr and "XLA cannot read" in result.stderr


def test_cli_validate(tmp_path: Path, lowered_programs) -> None:
    """Ours against XLA's on a simple module: a match, or, while our converter is missing, a clear error."""
    (tmp_path / "m.mlir").write_text(lowered_programs["elementwise"].as_text())
    result = CliRunner().invoke(app, ["validate", str(tmp_path / "m.mlir")])
    if "does not provide yet" in result.stderr:
        assert result.exit_code == 2 and "translate.stablehlo_to_hlo" in result.stderr
    else:
        assert result.exit_code == 0, result.output
        assert "StableHLO -> HLO" in result.stdout and "OK: all 3 outputs match" in result.stdout


# ---------------------------------------------------------------- several processes


def test_spmd_program_runs_across_two_processes() -> None:
    lowered, expected, args = spmd_program()
    outputs = run_multiprocess(lowered.as_text(), list(args), num_processes=2, local_devices=4, timeout_s=90)
    assert_same(expected, outputs, rtol=1e-5)


def test_handwritten_hlo_runs_across_two_processes_with_generated_inputs() -> None:
    outputs = run_multiprocess(SPMD_HLO, num_processes=2, local_devices=4, seed=9, timeout_s=90)
    x, y = generate_inputs(load_module(SPMD_HLO).parameters, seed=9)
    np.testing.assert_allclose(outputs[0], (x - y).sum(0), rtol=1e-5)


def test_a_failing_process_is_reported_with_its_last_words() -> None:
    with pytest.raises(TranslateError, match=r"process \d of 2 failed .*needs 16 cpu devices but JAX has 8"):
        run_multiprocess(
            SPMD_HLO.replace("num_partitions=8", "num_partitions=16"), num_processes=2, local_devices=4, timeout_s=90
        )


# ---------------------------------------------------------------- GPU


@pytest.mark.gpu
@pytest.mark.parametrize("fmt", ["mlir", "hlo"])
def test_cuda_runs_like_jax(lowered_programs, fmt: str) -> None:
    fn, args = PROGRAMS["dot_reduce"]
    expected = as_list(jax.jit(fn)(*args))
    assert_same(
        expected, execute(in_format(lowered_programs["dot_reduce"], fmt), list(args), platform="cuda"), rtol=1e-3
    )


@pytest.mark.gpu
def test_cuda_validation_catches_swapped_operands() -> None:
    lowered = jax.jit(lambda x, y: x - y).lower(f32(3, 4), f32(3, 4))
    good = lowered.as_text(dialect="hlo")
    assert validate_modules(lowered.as_text(), good, platform="cuda").ok
    assert not validate_modules(lowered.as_text(), swap_operands(good, "subtract"), platform="cuda").ok


SMALLEST_TOP_K = """HloModule m
ENTRY e {
  p = f32[4,8] parameter(0)
  ROOT t = (f32[4,2], s32[4,2]) topk(p), k=2, largest=false
}"""


def test_our_fallback_carriers_run_through_our_exporter() -> None:
    """A `topk` with largest=false imports as our `xla.topk` carrier (chlo.top_k is largest-first only), which
    XLA's compiler cannot take as StableHLO: execution writes it back with our exporter, and it computes what XLA
    computes from the HLO (the smallest two of each row)."""
    import hlo_translate

    stablehlo = hlo_translate.hlo_to_stablehlo(SMALLEST_TOP_K)
    assert "stablehlo.custom_call @xla.topk" in stablehlo
    x = np.random.default_rng(0).standard_normal((4, 8)).astype(np.float32)
    values, indices = hlo_translate.execute(stablehlo, [x])
    want_values, want_indices = hlo_translate.execute(SMALLEST_TOP_K, [x])
    np.testing.assert_array_equal(values, np.sort(x, axis=1)[:, :2])
    np.testing.assert_array_equal(values, want_values)
    np.testing.assert_array_equal(indices, want_indices)


TUPLE_PARAMETER_LAYOUT = """HloModule m, entry_computation_layout={((f32[2,3]{0,1}, s32[4]{0}))->f32[2,3]{0,1}}
ENTRY e {
  p = (f32[2,3]{0,1}, s32[4]{0}) parameter(0)
  ROOT g = f32[2,3]{0,1} get-tuple-element(p), index=0
}"""


def test_layouts_of_a_tuple_parameter_are_per_argument_as_xla_writes_them() -> None:
    """One entry layout per function argument (the tuple's leaves), as XLA's importer writes them: XLA's compiler
    takes our StableHLO (it crashed on the nested form), and our exporter gives the tuple layout back."""
    import hlo_translate

    stablehlo = hlo_translate.hlo_to_stablehlo(TUPLE_PARAMETER_LAYOUT, locations=False)
    assert (
        "mhlo.xla_entry_computation_parameter_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>]"
        in stablehlo
    )
    x, y = np.arange(6, dtype=np.float32).reshape(2, 3), np.arange(4, dtype=np.int32)
    np.testing.assert_array_equal(hlo_translate.execute(stablehlo, [x, y])[0], x)
    back = hlo_translate.write_hlo(hlo_translate.stablehlo_to_hlo(stablehlo)).decode()
    assert "entry_computation_layout={((f32[2,3]{0,1}, s32[4]{0}))->f32[2,3]{0,1}}" in back


NESTED_TUPLE_LAYOUTS = """HloModule m, entry_computation_layout={(((f32[1,2]{0,1})))->((f32[1,2]{0,1}))}
ENTRY e {
  ROOT p = ((f32[1,2]{0,1})) parameter(0)
}"""


def test_layouts_of_nested_tuples_are_per_leaf_both_ways() -> None:
    """A nested tuple parameter and result: one layout per function argument and per function result (XLA's
    compiler segfaulted on the nested arrays we wrote before); the exporter nests them back."""
    import hlo_translate

    stablehlo = hlo_translate.hlo_to_stablehlo(NESTED_TUPLE_LAYOUTS, locations=False)
    assert "mhlo.xla_entry_computation_result_layout = [dense<[0, 1]> : tensor<2xindex>]" in stablehlo
    x = np.arange(2, dtype=np.float32).reshape(1, 2)
    np.testing.assert_array_equal(hlo_translate.execute(stablehlo, [x])[0], x)
    back = hlo_translate.write_hlo(hlo_translate.stablehlo_to_hlo(stablehlo)).decode()
    assert "entry_computation_layout={(((f32[1,2]{0,1})))->((f32[1,2]{0,1}))}" in back
