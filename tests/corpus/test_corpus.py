"""Sanity of the generated corpus: size, completeness, partitions, arrays, coverage.

The corpus is what the parser, exporter, importer and execution suites stand on,
so these checks hold it to what they assume.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import ml_dtypes
import numpy as np
import pytest

from tests.corpus import (
    DEVICE_FLAG,
    HLO_FILES,
    REPO_ROOT,
    SPMD_TEXT_FILES,
    TEXT_FILES,
    corpus_dir,
    entries,
    hlo_modules,
    summary,
)
from tests.corpus.arrays import load_arrays, save_arrays

HLO_DTYPES = {
    "pred": np.bool_,
    "s8": np.int8,
    "s16": np.int16,
    "s32": np.int32,
    "s64": np.int64,
    "u8": np.uint8,
    "u16": np.uint16,
    "u32": np.uint32,
    "u64": np.uint64,
    "f16": np.float16,
    "bf16": ml_dtypes.bfloat16,
    "f32": np.float32,
    "f64": np.float64,
    "c64": np.complex64,
    "c128": np.complex128,
}
_ENTRY_COMPUTATION = re.compile(r"^ENTRY [^\n]*\{\n(.*?)^\}", re.M | re.S)
_PARAMETER = re.compile(r"= [^\n]* parameter\((\d+)\)")


def _entry_parameter_count(hlo_text: str) -> int:
    body = _ENTRY_COMPUTATION.search(hlo_text)
    assert body, "no ENTRY computation"
    return len(set(_PARAMETER.findall(body.group(1))))


def test_corpus_has_at_least_250_programs_and_few_skips():
    s = summary()
    assert len(s["generated"]) >= 250
    assert len(s["skipped"]) <= 5, s["skipped"]
    assert len(entries()) == len(s["generated"])


def test_at_least_200_hlo_modules_all_with_full_constants():
    modules = hlo_modules()
    assert len(modules) >= 200
    elided = [m for m in modules if "{...}" in m.read_text()]
    assert not elided, elided[:5]


def test_every_entry_has_all_its_files():
    for entry in entries():
        names = TEXT_FILES + ("inputs.npz", "outputs.npz", "meta.json")
        if entry.is_spmd:
            names += SPMD_TEXT_FILES
        for name in names:
            path = entry.path / name
            assert path.is_file() and path.stat().st_size > 0, f"{entry.name}: {name}"
        assert entry.stablehlo().lstrip().startswith("module @")
        assert entry.hlo().startswith("HloModule ")
        assert entry.optimized_hlo().startswith("HloModule ")


def test_spmd_entries_have_8_partitions_and_others_1():
    spmd = entries("spmd")
    assert len(spmd) >= 30
    for entry in spmd:
        assert (entry.num_partitions, entry.num_replicas) == (8, 1), entry.name
        assert "mhlo.num_partitions = 8" in entry.stablehlo(), entry.name
        assert "mhlo.num_partitions = 8" in entry.stablehlo_gspmd(), entry.name
        assert "num_partitions=8" in entry.optimized_hlo().splitlines()[0], entry.name
        assert "sdy.mesh" in entry.stablehlo() and "sdy." not in entry.stablehlo_gspmd()
        assert len(entry.input_shardings) == len(entry.inputs()), entry.name
    for entry in entries():
        if not entry.is_spmd:
            assert entry.num_partitions == 1, entry.name


def test_inputs_match_meta_and_hlo_parameters():
    for entry in entries():
        inputs, meta = entry.inputs(), entry.meta()
        assert [list(a.shape) for a in inputs] == [m["shape"] for m in meta["inputs"]]
        assert [np.dtype(HLO_DTYPES[m["dtype"]]) for m in meta["inputs"]] == [a.dtype for a in inputs], entry.name
        assert _entry_parameter_count(entry.hlo()) == len(inputs), entry.name


def test_outputs_loadable_with_their_element_types():
    for entry in entries():
        outputs, meta = entry.outputs(), entry.meta()
        assert len(outputs) == len(meta["outputs"]) >= 1, entry.name
        for array, spec in zip(outputs, meta["outputs"]):
            assert list(array.shape) == spec["shape"], entry.name
            expected = HLO_DTYPES.get(spec["dtype"]) or getattr(ml_dtypes, spec["dtype"])
            assert array.dtype == np.dtype(expected), entry.name


def test_bf16_survives_npz(tmp_path):
    arrays = [
        np.array([1.5, -2.0], ml_dtypes.bfloat16),
        np.arange(3, dtype=np.uint64),
        np.array(True),
        np.array([0.5], ml_dtypes.float8_e4m3fn),
    ]
    save_arrays(tmp_path / "a.npz", arrays)
    loaded = load_arrays(tmp_path / "a.npz")
    assert [a.dtype for a in loaded] == [a.dtype for a in arrays]
    assert all(np.array_equal(a, b) for a, b in zip(loaded, arrays))


def test_catalog_covers_required_areas():
    required = [
        "unary",
        "binary",
        "compare",
        "convert",
        "bitcast_convert",
        "reduce_precision",
        "iota",
        "broadcast",
        "reshape",
        "transpose",
        "slice",
        "dynamic_slice",
        "dynamic_update_slice",
        "concatenate",
        "pad",
        "rev",
        "gather",
        "scatter",
        "out_of_bounds",
        "select",
        "clamp",
        "dot",
        "precision",
        "batch",
        "conv",
        "1d",
        "2d",
        "3d",
        "dilation",
        "feature_groups",
        "batch_groups",
        "transposed",
        "reduce",
        "variadic",
        "reduce_window",
        "cumulative",
        "select_and_scatter",
        "sort",
        "top_k",
        "map",
        "while",
        "fori",
        "scan",
        "conditional",
        "switch",
        "custom_jvp",
        "custom_vjp",
        "grad",
        "rng",
        "threefry",
        "rbg",
        "random_bits",
        "fft",
        "linalg",
        "cholesky",
        "triangular_solve",
        "qr",
        "eigh",
        "svd",
        "lu",
        "special",
        "erf",
        "lgamma",
        "digamma",
        "erf_inv",
        "transformer",
        "mlp",
        "jit_sharding",
        "shard_map",
        "psum",
        "all_gather",
        "psum_scatter",
        "all_to_all",
        "ppermute",
        "axis_index",
        "pmax",
        "pmin",
        "x64",
        "lapack",
        "collectives",
        "chlo",
    ]
    for tag in required:
        assert entries(tag), tag
    with pytest.raises(ValueError):
        entries("no_such_tag")


def test_elementwise_programs_span_every_cpu_dtype():
    seen = {spec["dtype"] for e in entries("elementwise") for spec in e.meta()["inputs"]}
    assert set(HLO_DTYPES) <= seen


def test_spmd_meshes_and_collectives():
    meshes = {tuple(e.meta()["mesh"]["shape"]) for e in entries("spmd")}
    assert {(8,), (2, 4), (4, 2), (2, 2, 2)} <= meshes
    collectives = {c for e in entries("shard_map") for c in e.meta()["collectives"]}
    assert {"all-reduce", "all-gather", "reduce-scatter", "all-to-all", "collective-permute"} <= collectives
    # jit-sharded programs get their collectives from the SPMD partitioner.
    assert any(e.meta()["optimized_collectives"] for e in entries("jit_sharding"))


def test_linalg_entries_use_lapack_custom_calls():
    for entry in entries("linalg"):
        assert entry.needs_lapack and entry.has_custom_calls, entry.name
        assert any(t.startswith("lapack_") for t in entry.meta()["custom_call_targets"])


def test_xla_parses_every_hlo_module():
    # XLA's own parser is the oracle that these texts are well formed; run it in a
    # subprocess because a parser CHECK failure would abort the test process.
    script = (
        "import sys\nfrom jaxlib import _hlo\nbad = []\n"
        "for path in sys.stdin.read().split():\n"
        "    try:\n        _hlo.hlo_module_from_text(open(path).read())\n"
        "    except Exception as e:\n        bad.append(path + ': ' + str(e)[:200])\n"
        "print('\\n'.join(bad))\nsys.exit(1 if bad else 0)\n"
    )
    paths = "\n".join(str(p) for p in hlo_modules())
    result = subprocess.run([sys.executable, "-c", script], input=paths, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]


def test_generation_is_deterministic(tmp_path):
    if os.environ.get("HLO_TRANSLATE_CORPUS"):
        pytest.skip("corpus generated elsewhere: nothing to regenerate against")
    names = [
        "convert_bf16",
        "scatter_mode_drop_f32",
        "threefry_normal_f32",
        "eigh_c128",
        "shard_map_psum_scatter_tiled_2x4",
        "sharded_matmul_contracting_2x4",
    ]
    env = dict(os.environ, XLA_FLAGS=DEVICE_FLAG, JAX_PLATFORMS="cpu")
    args = [sys.executable, "-m", "tests.corpus.generate", str(tmp_path / "c")]
    for name in names:
        args += ["--only", name]
    subprocess.run(args, cwd=REPO_ROOT, env=env, check=True, capture_output=True, timeout=600)
    regenerated = sorted(p for p in (tmp_path / "c").iterdir() if p.is_dir())
    assert len(regenerated) >= len(names)
    for directory in regenerated:
        original = corpus_dir() / directory.name
        for path in sorted(directory.iterdir()):
            assert path.read_bytes() == (original / path.name).read_bytes(), (
                f"{directory.name}/{path.name} differs between two generations"
            )
    assert json.loads((tmp_path / "c" / "summary.json").read_text())["skipped"] == {}


def test_hlo_module_paths_are_hlo_files():
    modules = hlo_modules()
    assert {p.name for p in modules} == set(HLO_FILES)
    assert all(p.is_relative_to(Path(corpus_dir())) for p in modules)
