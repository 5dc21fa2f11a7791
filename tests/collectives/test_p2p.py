"""Point-to-point both ways: `stablehlo.send`/`recv` <-> HLO send/send-done/recv/recv-done.

Oracles nobody here wrote:
  - XLA's own converter makes the same HLO as we do from `stablehlo.send`/`recv` with `source_target_pairs`
    (the frontend attribute `_xla_send_recv_source_target_pairs`), compared structurally;
  - XLA's parser and verifier accept our HLO for JAX's `psend`/`precv` (lowered for CUDA on this CPU machine),
    and on a GPU XLA runs it to JAX's outputs (`gpu` marker);
  - JAX's lowering itself: the typed `source_target_pairs` come back exactly as JAX wrote them.
Invalid pairs (a source twice, a target twice, an id outside the module's devices) are rejected both ways.
"""

from __future__ import annotations

import os

os.environ.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=8")

import re

import numpy as np
import pytest

from hlo_translate.errors import TranslateError
from tests.collectives.test_async import (
    GOLDEN,
    _cases,
    assert_pure_stablehlo,
    canonical_mlir,
    check_golden,
    export_text,
    import_text,
    regenerate,
    same_hlo,
    xla_module,
)

GOLDEN_PAIRS = {
    "send_recv": "both",
    "send_recv_host": "both",
    "send_recv_pipeline_attributes": "both",
    "send_recv_pipelined": "import",
    "send_recv_pipelined_rotated": "import",
}


@pytest.mark.parametrize("name,direction,way", _cases(GOLDEN_PAIRS))
def test_golden(name: str, direction: str, way: str) -> None:
    check_golden(name, direction, way)


@pytest.mark.parametrize("name", sorted(GOLDEN_PAIRS))
def test_golden_is_accepted_by_xla_and_pure_stablehlo(name: str) -> None:
    xla_module((GOLDEN / f"{name}.hlo").read_text())
    assert_pure_stablehlo((GOLDEN / f"{name}.mlir").read_text())


def test_matches_xla_converter() -> None:
    from jaxlib import _jax

    mlir = (GOLDEN / "send_recv.mlir").read_text()
    theirs = _jax.mlir.mlir_module_to_xla_computation(mlir, use_tuple_args=False, return_tuple=False).as_hlo_text()
    same_hlo(theirs, export_text(mlir))


@pytest.mark.parametrize("name", ["send_recv_host", "send_recv_pipeline_attributes"])
def test_hlo_round_trip_is_exact(name: str) -> None:
    hlo = (GOLDEN / f"{name}.hlo").read_text()
    same_hlo(hlo, export_text(import_text(hlo)))


def test_stablehlo_round_trip_is_exact() -> None:
    mlir = (GOLDEN / "send_recv.mlir").read_text()
    assert import_text(export_text(mlir)) == canonical_mlir(mlir)


def test_pairs_are_lifted_and_other_attributes_kept() -> None:
    mlir = (GOLDEN / "send_recv_pipeline_attributes.mlir").read_text()
    assert mlir.count("source_target_pairs = dense<[[3, 0]]>") == 2
    assert "_xla_send_recv_source_target_pairs" not in mlir
    assert mlir.count('_xla_send_recv_pipeline = "0"') == 4  # on send and recv, and on their dones
    assert mlir.count('_xla_send_recv_validation = "{{0,7}}"') == 2


def test_pipelined_send_recv_keeps_its_attributes_and_xla_accepts_the_result() -> None:
    """A recv whose bundle crosses a while loop stays split (`xla.recv`, `xla.recv-done`); the loop
    carries the bundle's leaves and records its nested state in `xla_shape`, so the HLO written back
    has the same loop (compared as XLA reads both)."""
    hlo = (GOLDEN / "send_recv_pipelined.hlo").read_text()
    mlir = import_text(hlo)
    assert mlir.count("@xla.recv(") == 2 and mlir.count('@"xla.recv-done"') == 2
    assert 'xla_shape = "(u32[], (f32[4], u32[], token[]))"' in mlir
    back = export_text(mlir)
    same_hlo(hlo, back)
    assert back.count(" recv(") == 2 and back.count(" recv-done(") == 2
    assert "while(" in back and "(u32[], (f32[4]{0}, u32[], token[])) while(" in back


def test_rotated_pipeline_fuses_each_send_recv_and_keeps_the_loop_state() -> None:
    """XLA's rotated pipeline (recv/send/done in the body, their done results carried in the loop state):
    every send and recv fuses with its done, pairs are lifted, both pipelines keep `_xla_send_recv_pipeline`,
    the get-tuple-elements XLA wrote plain stay plain."""
    hlo = (GOLDEN / "send_recv_pipelined_rotated.hlo").read_text()
    mlir = import_text(hlo)
    assert mlir.count('"stablehlo.recv"') == 4 and mlir.count('"stablehlo.send"') == 4
    assert "custom_call" not in mlir and "_xla_send_recv_source_target_pairs" not in mlir
    assert mlir.count("source_target_pairs = dense<[[3, 0]]>") == 4
    assert mlir.count('_xla_send_recv_pipeline = "1"') == 8  # on the start and in the done's own attributes
    assert 'xla_shape = "(u32[], (f32[8], token[]), (f32[8], token[]), token[], token[])"' in mlir
    back = export_text(mlir)
    same_hlo(hlo, back)


def test_recv_reads_are_stamped_as_xla_converter_stamps_them_unless_they_were_plain() -> None:
    """XLA's converter gives the get-tuple-elements of a recv-done the recv's frontend attributes; XLA's
    passes write them plain. Both come back as they were."""
    stamped = (GOLDEN / "send_recv_pipeline_attributes.hlo").read_text()
    assert "xla.plain_get_tuple_elements" not in import_text(stamped)
    plain = stamped.replace(
        ', index=0, frontend_attributes={_xla_send_recv_pipeline="0",_xla_send_recv_validation={{0,7}},'
        "_xla_send_recv_source_target_pairs={{3,0}}}",
        ", index=0",
    )
    assert plain != stamped
    mlir = import_text(plain)
    assert "xla.plain_get_tuple_elements" in mlir
    same_hlo(plain, export_text(mlir))
    with pytest.raises(AssertionError):
        same_hlo(stamped, export_text(mlir))  # the comparison sees frontend attributes of reads


# -------------------------------------------------------------------------------------------------
# JAX's psend / precv


def _psend_precv(n: int):
    import jax
    from jax.sharding import PartitionSpec as P

    perm = [(i, i + 1) for i in range(n - 1)] if n > 1 else [(0, 0)]

    def body(x):
        token = jax.lax.psend(x, "x", perm)
        return jax.lax.precv(token, jax.ShapeDtypeStruct(x.shape, x.dtype), "x", perm)

    mesh = jax.make_mesh((n,), ("x",), axis_types=(jax.sharding.AxisType.Auto,))
    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P("x"), out_specs=P("x"), check_vma=False)), perm


@pytest.fixture(scope="module")
def gspmd_lowering():
    import jax

    previous = jax.config.jax_use_shardy_partitioner
    jax.config.update("jax_use_shardy_partitioner", False)
    yield
    jax.config.update("jax_use_shardy_partitioner", previous)


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_jax_psend_precv_translate_as_xla_does(gspmd_lowering: None) -> None:
    from jaxlib import _jax

    fn, perm = _psend_precv(8)
    x = np.arange(64, dtype=np.float32).reshape(16, 4)
    lowered = fn.trace(x).lower(lowering_platforms=("cuda",)).as_text()
    assert '"stablehlo.send"' in lowered and '"stablehlo.recv"' in lowered
    ours = export_text(lowered)
    theirs = _jax.mlir.mlir_module_to_xla_computation(lowered, use_tuple_args=False, return_tuple=False).as_hlo_text()
    same_hlo(theirs, ours)  # parsed and verified by XLA, and the same module as XLA's own translation
    pairs = "{" + ",".join(f"{{{s},{t}}}" for s, t in perm) + "}"
    # on send, recv, their dones and the data's get-tuple-element (as XLA writes them)
    assert ours.count(f"_xla_send_recv_source_target_pairs={pairs}") == 5
    back = import_text(ours)
    typed = re.findall(r"source_target_pairs = (dense<[^>]*> : tensor<\d+x2xi64>)", back)
    assert typed == re.findall(r"source_target_pairs = (dense<[^>]*> : tensor<\d+x2xi64>)", lowered) * 1
    assert len(typed) == 2 and "_xla_send_recv_source_target_pairs" not in back


@pytest.mark.gpu
@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_jax_psend_precv_run_on_gpu(gspmd_lowering: None) -> None:
    import jax

    from hlo_translate.execution import execute

    n = len(jax.devices("cuda"))
    if n < 2:  # one device leaves the pair (0, 0), a cycle XLA's GPU verifier refuses (JAX's own program too)
        pytest.skip("psend/precv on GPUs needs two of them")
    fn, _ = _psend_precv(n)
    x = np.arange(8 * n, dtype=np.float32).reshape(2 * n, 4)
    hlo = export_text(fn.trace(x).lower(lowering_platforms=("cuda",)).as_text())
    np.testing.assert_array_equal(execute(hlo, [x], platform="cuda")[0], np.asarray(fn(x)))


# -------------------------------------------------------------------------------------------------
# Invalid pairs


def _send_mlir(pairs: str, partitions: int = 4) -> str:
    return f"""module @m attributes {{mhlo.num_partitions = {partitions} : i32}} {{
  func.func @main(%x: tensor<4xf32>) -> !stablehlo.token {{
    %t = stablehlo.create_token : !stablehlo.token
    %s = "stablehlo.send"(%x, %t) <{{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<{pairs}> : tensor<2x2xi64>}}> : (tensor<4xf32>, !stablehlo.token) -> !stablehlo.token
    return %s : !stablehlo.token
  }}
}}"""


def _recv_hlo(pairs: str, partitions: int = 4) -> str:
    return f"""HloModule m, num_partitions={partitions}

ENTRY e {{
  tk = token[] after-all()
  r = (f32[4], u32[], token[]) recv(tk), channel_id=1, frontend_attributes={{_xla_send_recv_source_target_pairs={pairs}}}
  rd = (f32[4], token[]) recv-done(r), channel_id=1, frontend_attributes={{_xla_send_recv_source_target_pairs={pairs}}}
  ROOT v = f32[4] get-tuple-element(rd), index=0
}}
"""


INVALID = [
    ("[[0, 1], [0, 2]]", "{{0,1},{0,2}}", "source 0 appears in more than one source-target pair"),
    ("[[0, 2], [1, 2]]", "{{0,2},{1,2}}", "target 2 appears in more than one source-target pair"),
    (
        "[[0, 1], [1, 4]]",
        "{{0,1},{1,4}}",
        r"device id 4 in source-target pair \{1,4\} is out of range "
        r"\(the module has 4 devices\)",
    ),
]


@pytest.mark.parametrize("mlir_pairs,hlo_pairs,message", INVALID)
def test_invalid_pairs_are_rejected_both_ways(mlir_pairs: str, hlo_pairs: str, message: str) -> None:
    with pytest.raises(TranslateError, match=message):
        export_text(_send_mlir(mlir_pairs))
    if "appears in more than one" in message:
        # XLA's parser takes a device in two pairs; StableHLO cannot say it: the recv and its done are
        # carried as `xla.recv` / `xla.recv-done` (docs/import.md) and come back as written.
        carried = import_text(_recv_hlo(hlo_pairs))
        assert "@xla.recv(" in carried and '@"xla.recv-done"(' in carried
        assert f'_xla_send_recv_source_target_pairs = "{hlo_pairs}"' in carried
        return
    with pytest.raises(TranslateError, match=message):
        import_text(_recv_hlo(hlo_pairs))


def test_valid_pairs_pass() -> None:
    xla_module(export_text(_send_mlir("[[0, 1], [1, 2]]")))
    assert "source_target_pairs = dense<[[0, 1], [1, 2]]>" in import_text(_recv_hlo("{{0,1},{1,2}}"))


if __name__ == "__main__":
    regenerate(GOLDEN_PAIRS)
