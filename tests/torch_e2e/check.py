"""One case of torch-mlir's e2e suite (written by gen.py) through hlo-translate, and through XLA's converter.

A case is `NAME.mlir` (torch-mlir's StableHLO), `NAME.npz` (inputs `in*`, eager outputs `out*`) and
`NAME.json` (dtypes, kinds, which results are the user's). Each path runs on XLA CPU and is compared with
eager PyTorch by the suite's own rule (upstream's `ValueReport`: a tensor must have the same shape and
dtype and be `allclose(rtol=1e-3, atol=1e-7, equal_nan=True)`; a Python float within 1e-4 relative; an
int or bool equal). A plain scalar result comes back as the 0-d array of its type (see
translate/export/arith_tensor.py).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ml_dtypes
import numpy as np

import hlo_translate
from hlo_translate.execution import execute, xla_stablehlo_to_hlo
from hlo_translate.hlo.text import print_hlo_text

PATHS = ("ours", "roundtrip", "xla")


@dataclass
class Case:
    name: str
    text: str
    inputs: list[np.ndarray]
    expected: list[np.ndarray]
    record: dict[str, Any]


def load_records(folder: Path) -> list[dict[str, Any]]:
    """Every case gen.py recorded in `folder` (exported or not), by name."""
    records = []
    for path in sorted(folder.glob("*.json")):
        if path.name == "versions.json":
            continue
        records.extend(json.loads(path.read_text()))
    return records


def load_case(folder: Path, record: dict[str, Any]) -> Case:
    name = record["name"]
    with np.load(folder / f"{name}.npz") as npz:
        arrays = {k: npz[k] for k in npz.files}
    inputs = [_restore(arrays[f"in{i}"], d) for i, d in enumerate(record["inputs"])]
    expected = [_restore(arrays[f"out{i}"], o["dtype"]) for i, o in enumerate(record["outputs"])]
    return Case(name, (folder / f"{name}.mlir").read_text(), inputs, expected, record)


def _restore(array: np.ndarray, dtype: str) -> np.ndarray:
    # numpy's npz has no bfloat16: gen.py stores its bit pattern
    return array.view(ml_dtypes.bfloat16) if dtype == "bfloat16" else array


def compare(case: Case, outputs: list[np.ndarray]) -> str | None:
    """None when `outputs` (every result of `@main`) match eager PyTorch by the suite's rule, else why not."""
    # torch.export puts the mutated inputs and buffers first, the user's results last (torch-mlir's
    # importer keeps that order, whatever order `output_specs` lists them in)
    count = len(case.record["user_outputs"])
    user = outputs[len(outputs) - count :] if count <= len(outputs) else outputs
    if len(user) != len(case.expected):
        return f"{len(user)} results, eager PyTorch gave {len(case.expected)}"
    for i, (value, golden, spec) in enumerate(zip(user, case.expected, case.record["outputs"])):
        problem = _compare_one(np.asarray(value), golden, spec)
        if problem:
            return f"result {i}: {problem}"
    return None


def _compare_one(value: np.ndarray, golden: np.ndarray, spec: dict[str, str]) -> str | None:
    kind = spec["kind"]
    if kind in ("int", "bool"):
        if value.shape != () or value.dtype.kind not in "iub":
            return f"a {value.dtype}{list(value.shape)} array for a Python {kind}"
        return None if int(value) == int(golden) else f"{value} is not {golden}"
    if kind == "float":
        if value.shape != () or value.dtype.kind != "f":
            return f"a {value.dtype}{list(value.shape)} array for a Python float"
        g, v = float(golden), float(value)
        close = v == g if g == 0 else abs(v - g) / abs(g) <= 1e-4
        return None if close or (np.isnan(v) and np.isnan(g)) else f"{v!r} is not close to {g!r}"
    if value.shape != golden.shape:
        return f"shape {list(value.shape)} is not {list(golden.shape)}"
    if value.dtype != golden.dtype:
        return f"dtype {value.dtype} is not {golden.dtype}"
    if golden.dtype == np.bool_ or golden.dtype.kind in "iu":
        ok = bool(np.array_equal(value, golden))
    else:
        wide = np.complex128 if golden.dtype.kind == "c" else np.float64
        ok = bool(np.allclose(value.astype(wide), golden.astype(wide), rtol=1e-3, atol=1e-7, equal_nan=True))
    return None if ok else f"values differ (max |diff| {_max_diff(value, golden)})"


def _max_diff(value: np.ndarray, golden: np.ndarray) -> str:
    if value.size == 0:
        return "-"
    wide = np.complex128 if golden.dtype.kind == "c" else np.float64
    return f"{float(np.nanmax(np.abs(value.astype(wide) - golden.astype(wide)))):.3g}"


def run_path(case: Case, path: str) -> tuple[str, str]:
    """(outcome, detail) of one path: outcome is `pass`, `refused` (the converter said no), `error` (XLA
    could not compile or run what the converter wrote) or `mismatch` (it ran, to other numbers)."""
    try:
        if path == "xla":
            module: str | bytes = xla_stablehlo_to_hlo(case.text)
        else:
            module = print_hlo_text(hlo_translate.stablehlo_to_hlo(case.text))
            if path == "roundtrip":
                module = print_hlo_text(hlo_translate.stablehlo_to_hlo(hlo_translate.hlo_to_stablehlo(module)))
    except Exception as err:
        return "refused", _one_line(err)
    try:
        outputs = execute(module, case.inputs)
    except Exception as err:
        return "error", _one_line(err)
    problem = compare(case, outputs)
    return ("pass", "") if problem is None else ("mismatch", problem)


def _one_line(err: BaseException) -> str:
    text = str(err).strip()
    return (text.splitlines()[0] if text else type(err).__name__)[:300]
