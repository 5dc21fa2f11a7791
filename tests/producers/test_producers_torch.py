"""The PyTorch corpus (tests/producers/torch, written by `make corpus-torch` with torch-mlir).

Every model: our export of torch-mlir's StableHLO (text, and the same module as bytecode) runs on XLA CPU
to torch's eager outputs, and survives HLO -> StableHLO -> HLO (structurally equal, see
tests/import_/test_roundtrip.py, and still computing torch's outputs). XLA's own converter refuses most of these
modules (`dense_resource` weights), so execution is the oracle.
"""

from __future__ import annotations

from pathlib import Path

import ml_dtypes
import numpy as np
import pytest

import hlo_translate
from hlo_translate.execution import compare_outputs, execute
from hlo_translate.hlo.text import parse_hlo_text, print_hlo_text
from tests.import_.test_roundtrip import signature
from tests.support.paths import TESTS

CORPUS = TESTS / "producers" / "torch"
MODELS = sorted(p.stem for p in CORPUS.glob("*.mlir"))


def load_case(folder: Path, name: str) -> tuple[str, list[np.ndarray], list[np.ndarray]]:
    """The module text, inputs and expected outputs of one corpus entry."""
    text = (folder / f"{name}.mlir").read_text()
    with np.load(folder / f"{name}.npz") as npz:
        arrays = {k: npz[k] for k in npz.files}
    inputs = [_restore(arrays[f"in{i}"], text, i) for i in range(sum(k.startswith("in") for k in arrays))]
    outputs = [arrays[f"out{i}"] for i in range(sum(k.startswith("out") for k in arrays))]
    return text, inputs, outputs


def _restore(array: np.ndarray, text: str, index: int) -> np.ndarray:
    # bf16 arrays are stored as their uint16 bit patterns (numpy's npz has no bfloat16)
    if array.dtype == np.uint16 and "bf16" in text.split("func.func @main(", 1)[1].split(")", 1)[0].split(",")[index]:
        return array.view(ml_dtypes.bfloat16)
    return array


def _bf16(expected: list[np.ndarray], actual: list[np.ndarray]) -> list[np.ndarray]:
    return [
        e.view(ml_dtypes.bfloat16) if e.dtype == np.uint16 and a.dtype == ml_dtypes.bfloat16 else e
        for e, a in zip(expected, actual)
    ]


def assert_runs_to(hlo_text: str, inputs: list[np.ndarray], expected: list[np.ndarray]) -> None:
    actual = execute(hlo_text, inputs)
    expected = _bf16(expected, actual)
    assert len(actual) == len(expected)
    comparison = compare_outputs(expected, actual)
    assert comparison.ok, comparison.report()


def test_corpus_size() -> None:
    assert len(MODELS) >= 15


@pytest.mark.parametrize("name", MODELS)
def test_torch_model(name: str) -> None:
    text, inputs, expected = load_case(CORPUS, name)
    hlo = hlo_translate.stablehlo_to_hlo(text)
    ours = print_hlo_text(hlo)
    assert_runs_to(ours, inputs, expected)
    # HLO -> StableHLO -> HLO: the same instructions, still torch's numbers
    back = print_hlo_text(hlo_translate.stablehlo_to_hlo(hlo_translate.hlo_to_stablehlo(ours)))
    assert signature(parse_hlo_text(back)) == signature(parse_hlo_text(ours))
    assert_runs_to(back, inputs, expected)


@pytest.mark.parametrize("name", MODELS)
def test_torch_model_bytecode_and_module(name: str) -> None:
    """The same module as MLIR bytecode (resources in the bytecode's own section) and as an `ir.Module`
    (cloned by the loader, resources with it) exports identically."""
    from hlo_translate.mlir.context import make_context, module_to_bytecode, parse_module

    text = (CORPUS / f"{name}.mlir").read_text()
    expected = print_hlo_text(hlo_translate.stablehlo_to_hlo(text))
    with make_context():
        module = parse_module(text)
        bytecode = module_to_bytecode(module)
        assert print_hlo_text(hlo_translate.stablehlo_to_hlo(module)) == expected
    assert print_hlo_text(hlo_translate.stablehlo_to_hlo(bytecode)) == expected
