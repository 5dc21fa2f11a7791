"""SPMD modules whose entry shardings JAX cannot place (uneven tiles, manual or unreduced subgroups) run on one
device without their shardings, with a note; modules that observe their partitioning keep a clear error."""

from __future__ import annotations

import warnings
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

import hlo_translate
from hlo_translate.cli.main import app
from hlo_translate.errors import TranslateError
from hlo_translate.execution import execute, load_module, plan_devices, resolve_inputs, run, validate_modules

RNG = np.random.default_rng(11)

UNEVEN = """HloModule uneven, num_partitions=4

ENTRY e {
  p = f32[5,7] parameter(0), sharding={devices=[2,2]<=[4]}
  q = f32[5,7] parameter(1), sharding={replicated}
  ROOT s = f32[5,7] multiply(p, q), sharding={devices=[1,4]<=[4]}
}
"""
MANUAL = """HloModule subgroup_manual, num_partitions=4

ENTRY e {
  p = f32[4,6] parameter(0), sharding={devices=[2,1,2]<=[4] last_tile_dims={manual}}
  ROOT n = f32[4,6] negate(p), sharding={devices=[2,1,2]<=[4] last_tile_dims={manual}}
}
"""
UNREDUCED = """HloModule subgroup_unreduced, num_partitions=4

ENTRY e {
  a = s32[2,4] parameter(0), sharding={devices=[1,2,2]<=[4] last_tile_dims={unreduced}}
  b = s32[2,4] parameter(1), sharding={devices=[1,2,2]<=[4] last_tile_dims={unreduced}}
  ROOT add = s32[2,4] add(a, b)
}
"""
# Manual subgroups again, but the values depend on which devices each group holds.
PARTITION_AWARE = """HloModule aware, num_partitions=4

sum {
  x = f32[] parameter(0)
  y = f32[] parameter(1)
  ROOT s = f32[] add(x, y)
}

ENTRY e {
  p = f32[4,6] parameter(0), sharding={devices=[2,1,2]<=[4] last_tile_dims={manual}}
  ROOT r = f32[4,6] all-reduce(p), channel_id=1, replica_groups={{0,1},{2,3}}, use_global_device_ids=true,
    to_apply=sum, sharding={devices=[2,1,2]<=[4] last_tile_dims={manual}}
}
"""


def f32(*shape: int) -> np.ndarray:
    return RNG.uniform(-2, 2, size=shape).astype(np.float32)


def test_uneven_tiles_run_unsharded_with_a_note() -> None:
    x, y = f32(5, 7), f32(5, 7)
    loaded = load_module(UNEVEN)
    notes: list[str] = []
    out = run(loaded, [x, y], plan_devices(loaded), notes=notes)
    np.testing.assert_array_equal(out[0], x * y)
    assert len(notes) == 1 and "shardings removed" in notes[0] and "parameter 0" in notes[0]
    assert "does not divide evenly" in notes[0]


def test_execute_warns_when_it_ran_unsharded() -> None:
    x, y = f32(5, 7), f32(5, 7)
    with pytest.warns(UserWarning, match="shardings removed"):
        out = execute(UNEVEN, [x, y])
    np.testing.assert_array_equal(out[0], x * y)


@pytest.mark.parametrize(("module", "kind"), [(MANUAL, "manual"), (UNREDUCED, "unreduced")])
def test_manual_and_unreduced_subgroups_run_unsharded(module: str, kind: str) -> None:
    loaded = load_module(module)
    arguments = resolve_inputs(loaded.parameters, None, 3)
    notes: list[str] = []
    out = run(loaded, arguments, plan_devices(loaded), notes=notes)
    expected = -arguments[0] if kind == "manual" else arguments[0] + arguments[1]
    np.testing.assert_array_equal(out[0], expected)
    assert len(notes) == 1 and kind in notes[0]


def test_an_evenly_sharded_module_still_runs_sharded() -> None:
    even = UNEVEN.replace("f32[5,7]", "f32[4,8]")
    x, y = f32(4, 8), f32(4, 8)
    loaded = load_module(even)
    notes: list[str] = []
    np.testing.assert_array_equal(run(loaded, [x, y], plan_devices(loaded), notes=notes)[0], x * y)
    assert notes == []


def test_a_module_that_observes_its_partitioning_keeps_a_clear_error() -> None:
    loaded = load_module(PARTITION_AWARE)
    with pytest.raises(TranslateError, match=r"cannot run this module on 4 devices: parameter 0 .*all_reduce"):
        run(loaded, [f32(4, 6)], plan_devices(loaded))


def test_validate_runs_reference_and_candidate_unsharded_alike() -> None:
    ours = hlo_translate.hlo_to_stablehlo(UNEVEN)
    comparison = validate_modules(UNEVEN, ours)
    assert comparison.ok, comparison.report()
    assert len(comparison.notes) == 2
    assert comparison.notes[0].startswith("reference ran on 1 device with its shardings removed")
    assert comparison.notes[1] == "candidate ran on 1 device with its shardings removed: the reference ran so"
    assert "note: reference ran on 1 device" in comparison.report()


def test_validate_still_catches_a_wrong_unsharded_candidate() -> None:
    wrong = hlo_translate.hlo_to_stablehlo(UNEVEN.replace("multiply(p, q)", "subtract(p, q)"))
    comparison = validate_modules(UNEVEN, wrong)
    assert not comparison.ok and comparison.notes


def test_stablehlo_with_uneven_shardings_runs_unsharded() -> None:
    ours = hlo_translate.hlo_to_stablehlo(UNEVEN)
    assert "mhlo.sharding" in ours  # the shardings are there to be removed
    x, y = f32(5, 7), f32(5, 7)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        out = execute(ours, [x, y])
    np.testing.assert_array_equal(out[0], x * y)
    assert any("shardings removed" in str(w.message) for w in caught)


def test_cli_validate_says_it_ran_unsharded(tmp_path: Path) -> None:
    (tmp_path / "uneven.hlo").write_text(UNEVEN)
    result = CliRunner().invoke(app, ["validate", str(tmp_path / "uneven.hlo")])
    assert result.exit_code == 0, result.output
    assert "OK: all 1 outputs match" in result.stdout
    assert "note: reference ran on 1 device with its shardings removed" in result.stdout
