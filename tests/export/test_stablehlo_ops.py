"""Every op jaxlib's `stablehlo` and `chlo` dialects register has an export, or a documented refusal.

The op list comes from jaxlib's generated Python op classes (one `OPERATION_NAME` per registered op),
so a jaxlib that adds an op fails this test until the op gets a handler or a refusal. The deprecated
ops also have golden pairs in golden/export/ (tests/export/test_export.py checks their text,
tests/execution/test_golden_execution.py runs them against XLA's own translation); the ones XLA refuses are run
here against numpy.
"""

from __future__ import annotations

import inspect

import numpy as np
import pytest

import hlo_translate
from hlo_translate.errors import TranslateError
from tests.support.paths import REPO_ROOT as ROOT

GOLDEN = ROOT / "golden" / "export"
DOCS = ROOT / "docs" / "export.md"

# The spec's deprecated ops and the golden file that shows each one's export.
DEPRECATED_GOLDEN = {
    "stablehlo.einsum": "deprecated_einsum",
    "stablehlo.torch_index_select": "deprecated_torch_index_select",
    "stablehlo.dot": "deprecated_ops",
    "stablehlo.broadcast": "deprecated_ops",
    "stablehlo.create_token": "deprecated_ops",
    "stablehlo.real_dynamic_slice": "deprecated_ops",
    "stablehlo.get_tuple_element": "deprecated_ops",
    "stablehlo.tuple": "deprecated_ops",
    "tensor.cast": "deprecated_ops",
    "func.call": "deprecated_ops",
    "stablehlo.cross-replica-sum": "deprecated_cross_replica_sum",
}


def registered_ops(dialect: str) -> list[str]:
    """The op names of a dialect, from jaxlib's generated op classes."""
    import importlib

    module = importlib.import_module(f"jaxlib.mlir.dialects.{dialect}")
    return sorted(
        {
            cls.OPERATION_NAME
            for cls in vars(module).values()
            if inspect.isclass(cls) and isinstance(getattr(cls, "OPERATION_NAME", None), str)
        }
    )


def test_registry_lists_the_dialects() -> None:
    stablehlo, chlo = registered_ops("stablehlo"), registered_ops("chlo")
    assert len(stablehlo) > 100 and "stablehlo.add" in stablehlo and "stablehlo.einsum" in stablehlo
    assert len(chlo) > 40 and "chlo.erf_inv" in chlo


def test_every_stablehlo_op_has_an_export() -> None:
    from hlo_translate.export.context import TERMINATORS
    from hlo_translate.export.registry import HANDLERS

    missing = [op for op in registered_ops("stablehlo") if op not in HANDLERS and op not in TERMINATORS]
    assert not missing, f"ops with neither a handler nor a documented refusal: {missing}"


def test_every_chlo_op_has_a_decomposition_or_an_opcode() -> None:
    from hlo_translate.chlo import DIRECT_MAPPED, RULES
    from hlo_translate.export.registry import HANDLERS

    missing = [op for op in registered_ops("chlo") if op not in RULES and not (op in DIRECT_MAPPED and op in HANDLERS)]
    assert not missing, f"CHLO ops with neither a decomposition nor an HLO opcode: {missing}"


def test_refusals_are_documented_and_one_line() -> None:
    from hlo_translate.export.refused import REFUSED

    docs = DOCS.read_text()
    for name, reason in REFUSED.items():
        assert f"`{name}`" in docs, name
        assert reason.split(";")[0] in " ".join(docs.split()), name
    text = (
        "func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
        '  %0 = "stablehlo.collective_reduce"(%a) ({\n'
        "  ^bb0(%x: tensor<f32>, %y: tensor<f32>):\n    %s = stablehlo.add %x, %y : tensor<f32>\n"
        "    stablehlo.return %s : tensor<f32>\n  }) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} "
        ": (tensor<4xf32>) -> tensor<4xf32>\n"
        "  return %0 : tensor<4xf32>\n}"
    )
    with pytest.raises(TranslateError) as info:
        hlo_translate.stablehlo_to_hlo(text)
    assert str(info.value) == (
        "<input>:2:8: error: 'stablehlo.collective_reduce': no HLO equivalent: "
        + REFUSED["stablehlo.collective_reduce"]
    )


@pytest.mark.parametrize("op", sorted(DEPRECATED_GOLDEN))
def test_deprecated_op_has_a_golden_example(op: str) -> None:
    mlir = (GOLDEN / f"{DEPRECATED_GOLDEN[op]}.mlir").read_text()
    spelled = op.removeprefix("stablehlo.")
    assert f"stablehlo.{spelled}" in mlir or f'"{op}"' in mlir or f" {op} " in mlir
    assert (GOLDEN / f"{DEPRECATED_GOLDEN[op]}.hlo").exists()


def _run(text: str, *inputs: np.ndarray) -> list[np.ndarray]:
    return hlo_translate.execute(hlo_translate.write_hlo(hlo_translate.stablehlo_to_hlo(text)).decode(), list(inputs))


@pytest.mark.parametrize(
    "config,shape,expected",
    [
        ("ab->b", (2, 3), lambda a: a.sum(0)),
        ("ab->ba", (2, 3), lambda a: a.T),
        ("abc->ca", (2, 3, 4), lambda a: a.sum(1).T),
        ("ab->", (2, 3), lambda a: a.sum()),
        ("ab->ab", (2, 3), lambda a: a),
    ],
)
def test_unary_einsum_runs_like_numpy(config: str, shape: tuple[int, ...], expected) -> None:
    """XLA's converter refuses `unary_einsum`; numpy's einsum is the reference."""
    a = np.arange(np.prod(shape), dtype=np.float32).reshape(shape) - 3
    out = expected(a)
    out_type = "tensor<" + "".join(f"{d}x" for d in out.shape) + "f32>"
    in_type = "tensor<" + "".join(f"{d}x" for d in shape) + "f32>"
    text = (
        f"func.func @main(%a: {in_type}) -> {out_type} {{\n"
        f'  %0 = "stablehlo.unary_einsum"(%a) {{einsum_config = "{config}"}} : ({in_type}) -> {out_type}\n'
        f"  return %0 : {out_type}\n}}"
    )
    [result] = _run(text, a)
    np.testing.assert_allclose(result, np.einsum(config, a))


def test_einsum_runs_like_numpy() -> None:
    a = np.arange(24, dtype=np.float32).reshape(2, 3, 4) / 7
    b = np.arange(120, dtype=np.float32).reshape(2, 5, 4, 3) / 11
    text = (
        "func.func @main(%a: tensor<2x3x4xf32>, %b: tensor<2x5x4x3xf32>) -> tensor<5x2xf32> {\n"
        '  %0 = "stablehlo.einsum"(%a, %b) {einsum_config = "zab,zcbd->cz"} : '
        "(tensor<2x3x4xf32>, tensor<2x5x4x3xf32>) -> tensor<5x2xf32>\n  return %0 : tensor<5x2xf32>\n}"
    )
    [result] = _run(text, a, b)
    np.testing.assert_allclose(result, np.einsum("zab,zcbd->cz", a, b), rtol=1e-5)


def test_torch_index_select_with_batch_dims_runs_like_torch() -> None:
    """`batch_dims = 1`: row i of the result picks from row i of the operand (torch.gather-like)."""
    operand = np.arange(15, dtype=np.float32).reshape(5, 3)
    index = np.array([[0, 2], [1, 1], [2, 0], [0, 0], [1, 2]], np.int32)
    text = (
        "func.func @main(%e: tensor<5x3xf32>, %j: tensor<5x2xi32>) -> tensor<5x2xf32> {\n"
        '  %0 = "stablehlo.torch_index_select"(%e, %j) {dim = 1 : i64, batch_dims = 1 : i64} : '
        "(tensor<5x3xf32>, tensor<5x2xi32>) -> tensor<5x2xf32>\n  return %0 : tensor<5x2xf32>\n}"
    )
    [result] = _run(text, operand, index)
    np.testing.assert_array_equal(result, np.take_along_axis(operand, index, axis=1))


@pytest.mark.parametrize(
    "config,message",
    [
        ("ab,bc->ac,", "is not '<letters>,<letters>-><letters>'"),
        ("aab,bc->ac", "a letter repeated within one operand"),
        ("ab,bc->az", "an output letter names no operand dimension"),
    ],
)
def test_einsum_configs_we_refuse(config: str, message: str) -> None:
    text = (
        "func.func @main(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {\n"
        f'  %0 = "stablehlo.einsum"(%a, %b) {{einsum_config = "{config}"}} : '
        "(tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>\n  return %0 : tensor<2x4xf32>\n}"
    )
    with pytest.raises(TranslateError) as info:
        hlo_translate.stablehlo_to_hlo(text)
    assert message in str(info.value) and "\n" not in str(info.value)


def test_tensor_cast_to_a_dynamic_type_asks_for_input_shapes() -> None:
    text = (
        "func.func @main(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {\n"
        "  %0 = tensor.cast %a : tensor<2x3xf32> to tensor<?x3xf32>\n"
        "  %1 = tensor.cast %0 : tensor<?x3xf32> to tensor<2x3xf32>\n"
        "  return %1 : tensor<2x3xf32>\n}"
    )
    with pytest.raises(TranslateError) as info:
        hlo_translate.stablehlo_to_hlo(text)
    assert "'tensor.cast'" in str(info.value)
