"""StableHLO -> HLO exporter: differential tests against XLA and JAX, and golden pairs.

For each small JAX program (tests/export/export_programs.py) we lower with JAX, export with us, print HLO
text, and check three things against oracles we did not write:
  (a) XLA's HLO parser accepts our text;
  (b) our opcodes are XLA's own translation's opcodes (plumbing and documented rewrites aside);
  (c) XLA runs our HLO to the same outputs as JAX runs the program.
Golden pairs `golden/export/<name>.mlir` -> `<name>.hlo` pin the exact text of each handler.
"""

from __future__ import annotations

import collections
import re

import numpy as np
import pytest

import hlo_translate
from hlo_translate.errors import TranslateError
from hlo_translate.hlo.ir import BINARY_ELEMENTWISE, UNARY_ELEMENTWISE, HloModule
from hlo_translate.hlo.text import print_hlo_text
from tests.export.export_programs import Program, programs
from tests.support import paths

GOLDEN = paths.GOLDEN / "export"

# Instructions that only carry values around; XLA's converter and ours place them differently.
PLUMBING = frozenset({"tuple", "get-tuple-element", "copy", "parameter", "call"})
# XLA's converter first runs StableHLO simplification: constants are folded, sunk into regions and
# deduplicated, no-op converts and reshapes removed, iotas canonicalised to rank-1 iota + broadcast.
# These opcodes may appear in one translation and not in the other.
FOLDED = frozenset({"constant", "broadcast", "reshape", "convert", "iota", "transpose"})
# Cheap ops the simplifier folds (on constant operands) or drops (no-op pads and slices): XLA's
# translation may have fewer of them than ours, never more.
SIMPLIFIABLE = (
    UNARY_ELEMENTWISE
    | BINARY_ELEMENTWISE
    | {"select", "clamp", "concatenate", "slice", "pad", "reverse", "dynamic-slice", "dynamic-update-slice"}
) - {"convert"}

_OPCODE_RE = re.compile(r"\s([a-z][a-z0-9\-]*)\(")


def opcodes(hlo_text: str) -> collections.Counter[str]:
    """The multiset of opcodes in HLO text (one instruction per line, as XLA and we print)."""
    counts: collections.Counter[str] = collections.Counter()
    for line in hlo_text.splitlines():
        head, eq, rest = line.partition(" = ")
        if not eq or line.lstrip().startswith(("HloModule", "//")):
            continue
        m = _OPCODE_RE.search(" " + rest)
        if m:
            counts[m.group(1)] += 1
    return counts


def export_module_of(mlir_text: str, **options: bool) -> HloModule:
    """The public path: parse, the passes before export (Shardy, CHLO), export."""
    import hlo_translate

    return hlo_translate.stablehlo_to_hlo(mlir_text, **options)


def export_text(mlir_text: str, **options: bool) -> str:
    return print_hlo_text(export_module_of(mlir_text, **options))


# Opcodes XLA keeps even when their results are unused (MLIR does not erase a func.call either).
SIDE_EFFECTS = frozenset({"outfeed", "infeed", "send", "send-done", "recv", "recv-done", "after-all", "call"})


def live_opcodes(module: HloModule) -> collections.Counter[str]:
    """Opcodes of the instructions that reach a computation's root (or have side effects), in the
    computations the entry reaches, each once: XLA's converter removes dead code, we keep what we
    were given."""
    counts: collections.Counter[str] = collections.Counter()
    pending = [module.entry]
    seen: set[str] = set()
    while pending:
        comp = pending.pop()
        if comp.name in seen:
            continue
        seen.add(comp.name)
        roots = [comp.root] + [
            i for i in comp.instructions if i.opcode in SIDE_EFFECTS or i.attributes.get("custom_call_has_side_effect")
        ]
        live: set[int] = set()
        stack = list(roots)
        while stack:
            instr = stack.pop()
            if id(instr) in live:
                continue
            live.add(id(instr))
            counts[instr.opcode] += 1
            stack.extend(instr.operands)
            pending.extend(instr.called_computations())
    return counts


def xla_translation(mlir_text: str) -> str:
    from jaxlib import _jax

    computation = _jax.mlir.mlir_module_to_xla_computation(mlir_text, use_tuple_args=False, return_tuple=False)
    return computation.as_hlo_text()


def opcode_differences(ours: HloModule, theirs: str) -> list[str]:
    """Why our live opcodes disagree with XLA's translation (empty when they agree)."""
    a, b = live_opcodes(ours), opcodes(theirs)
    problems = []
    for op in sorted(set(a) | set(b)):
        if op in PLUMBING or op in FOLDED or a[op] == b[op]:
            continue
        if op in SIMPLIFIABLE and b[op] <= a[op]:
            continue
        problems.append(f"{op}: ours {a[op]}, XLA {b[op]}")
    return problems


# Opcode differences explained by XLA's pre-export rewrites, per program.
KNOWN_OPCODE_DIFFERENCES: dict[str, set[str]] = {
    # XLA's complex-math expander rewrites complex exp/abs/multiply into real arithmetic before export.
    "complex_ops": {
        "complex",
        "exponential",
        "sine",
        "cosine",
        "real",
        "imag",
        "divide",
        "sqrt",
        "atan2",
        "log",
        "log-plus-one",
        "exponential-minus-one",
        "compare",
        "multiply",
        "select",
        "add",
        "subtract",
        "abs",
        "maximum",
        "minimum",
        "and",
        "or",
        "not",
    },
}

_PROGRAMS = programs()


@pytest.fixture(scope="module")
def lapack() -> None:
    from jax._src.lax import linalg

    linalg.initialize_lapack()


@pytest.mark.parametrize("program", _PROGRAMS, ids=[p.name for p in _PROGRAMS])
def test_jax_program(program: Program, lapack: None) -> None:
    import jax
    from jaxlib import _hlo

    from hlo_translate.execution import compare_outputs, execute

    mlir_text = jax.jit(program.fn).lower(*program.args).as_text(debug_info=True)
    module = export_module_of(mlir_text)
    ours = print_hlo_text(module)
    # (a) XLA's parser accepts it (it raises on any error).
    _hlo.hlo_module_from_text(ours)
    # (b) same opcodes as XLA's own translation.
    problems = [
        p
        for p in opcode_differences(module, xla_translation(mlir_text))
        if p.split(":")[0] not in KNOWN_OPCODE_DIFFERENCES.get(program.name, set())
    ]
    assert not problems, "\n".join(problems) + "\n" + ours
    # (c) same outputs as JAX.
    expected = [np.asarray(x) for x in jax.tree.leaves(jax.jit(program.fn)(*program.args))]
    actual = execute(ours, list(program.args))
    comparison = compare_outputs(expected, actual)
    assert comparison.ok, comparison.report()


def test_tuple_options() -> None:
    """use_tuple_args/return_tuple: one tuple parameter, a tuple root, and XLA still accepts it."""
    from jaxlib import _hlo

    text = (
        "func.func @main(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {\n"
        "  %0 = stablehlo.add %a, %b : tensor<2xf32>\n  return %0 : tensor<2xf32>\n}"
    )
    hlo = export_text(text, use_tuple_args=True, return_tuple=True)
    assert "entry_computation_layout={((f32[2]{0}, f32[2]{0}))->(f32[2]{0})}" in hlo
    _hlo.hlo_module_from_text(hlo)


@pytest.mark.parametrize("name", sorted(p.stem for p in GOLDEN.glob("*.mlir")))
def test_golden(name: str) -> None:
    """The exact text of each handler's output; XLA parses it and agrees on the opcodes."""
    from jaxlib import _hlo

    mlir = (GOLDEN / f"{name}.mlir").read_text()
    expected = (GOLDEN / f"{name}.hlo").read_text()
    module = export_module_of(mlir)
    ours = print_hlo_text(module)
    assert ours == expected
    _hlo.hlo_module_from_text(ours)
    assert not opcode_differences(module, xla_translation(mlir))


ERRORS = {
    "unsupported op": (
        "func.func private @g(%a: tensor<4xf32>) -> tensor<4xf32> {\n  return %a : tensor<4xf32>\n}\n"
        "func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
        "  %f = func.constant @g : (tensor<4xf32>) -> tensor<4xf32>\n"
        "  %0 = func.call_indirect %f(%a) : (tensor<4xf32>) -> tensor<4xf32>\n"
        "  return %0 : tensor<4xf32>\n}",
        "'func.constant': unsupported op",
    ),
    "no main": ("func.func @f() { return }", "no function named 'main'"),
    "einsum with an ellipsis": (
        "func.func @main(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {\n"
        '  %0 = "stablehlo.einsum"(%a, %a) {einsum_config = "...b,bc->...c"} : '
        "(tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>\n  return %0 : tensor<4x4xf32>\n}",
        "'stablehlo.einsum': einsum_config '...b,bc->...c'",
    ),
}

# A sharding naming devices the module lacks (XLA's verifier refuses the HLO) is the input's fault; the
# rule is the verifier's own (translate/hlo/verify/shardings.py device_problem).
_PARTITIONED = (
    "module attributes {mhlo.num_partitions = 4 : i32} {\n"
    "func.func @main(%a: tensor<8xf32> ARG) -> (tensor<8xf32> RES) {\n"
    "  %0 = stablehlo.negate %a OP : tensor<8xf32>\n  return %0 : tensor<8xf32>\n}}"
)


def _partitioned(arg: str = "", op: str = "", res: str = "") -> str:
    return _PARTITIONED.replace(" ARG", arg).replace(" OP", op).replace(" RES", res)


ERRORS.update(
    {
        "argument sharding of more devices than partitions": (
            _partitioned(arg=' {mhlo.sharding = "{devices=[8]<=[8]}"}'),
            "'Arg_0.1': sharding {devices=[8]<=[8]} names 8 devices, the module has 4 partitions",
        ),
        "op sharding of a maximal device beyond the partitions": (
            _partitioned(op=' {mhlo.sharding = "{maximal device=5}"}'),
            "<input>:3:8: error: 'stablehlo.negate': maximal device 5 is not one of the module's 4 partitions",
        ),
        "result sharding of fewer devices than partitions": (
            _partitioned(res=' {mhlo.sharding = "{devices=[2]<=[2]}"}'),
            "'results of @main': sharding {devices=[2]<=[2]} names 2 devices, the module has 4 partitions",
        ),
        # The bindings cut a DictAttr key at a NUL byte: read by name, the cut key is missing.
        "frontend attribute key with a NUL byte": (
            _partitioned(op=' {mhlo.frontend_attributes = {"a\\00b" = "x"}}'),
            "<input>:3:8: error: 'stablehlo.negate': a dictionary attribute has a key with a NUL byte",
        ),
        "frontend attribute keys that agree up to a NUL byte": (
            _partitioned(op=' {mhlo.frontend_attributes = {"a\\00b" = "x", a = "y"}}'),
            "'stablehlo.negate': a dictionary attribute repeats a key (or holds a NUL byte)",
        ),
        # Types whose HLO shape the verifier refuses are the input's fault (the exporter asks shape_problem).
        "a type of more bytes than int64 counts": (
            "func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\n  %t = stablehlo.create_token : !stablehlo.token\n"
            '  %r:2 = "stablehlo.recv"(%t) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 3>, '
            "is_host_transfer = true}> : (!stablehlo.token) -> (tensor<2147483648x2147483648x22xi32>, "
            "!stablehlo.token)\n  return %a : tensor<4xf32>\n}",
            "<input>:3:10: error: 'stablehlo.recv': the size of s32[2147483648,2147483648,22] in bytes overflows int64",
        ),
        # An mhlo async bundle's xla_shape only adds layouts to its type.
        "async_start xla_shape other than its bundle": (
            'func.func private @copy_(%a: tensor<4xf32>) -> tensor<4xf32> attributes {execution_thread = "main"} {\n'
            "  %0 = mhlo.copy %a : tensor<4xf32>\n"
            "  return %0 : tensor<4xf32>\n}\nfunc.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
            '  %0 = "mhlo.async_start"(%a) <{called_computation = @copy_, execution_thread = "main"}> '
            '{xla_shape = "(f32[4]{0}, f32[8]{0}, u32[])"} : (tensor<4xf32>) -> '
            "!mhlo.async_bundle<tensor<4xf32>, tensor<4xf32>, tensor<ui32>>\n"
            '  %1 = "mhlo.async_done"(%0) : (!mhlo.async_bundle<tensor<4xf32>, tensor<4xf32>, tensor<ui32>>) -> '
            "tensor<4xf32>\n  return %1 : tensor<4xf32>\n}",
            "'mhlo.async_start': xla_shape (f32[4], f32[8], u32[]) is not the bundle's shape (f32[4], f32[4], u32[])",
        ),
    }
)


def test_mhlo_async_start_keeps_the_layouts_of_its_xla_shape() -> None:
    """xla_shape agreeing with the bundle type (layouts aside) gives the copy-start its layouts."""
    text = ERRORS["async_start xla_shape other than its bundle"][0].replace("tensor<4xf32>", "tensor<2x3xf32>")
    text = text.replace("(f32[4]{0}, f32[8]{0}, u32[])", "(f32[2,3]{0,1}, f32[2,3]{1,0}, u32[])")
    assert "copy-start.1 = (f32[2,3]{0,1}, f32[2,3]{1,0}, u32[]) copy-start(" in export_text(text)


def test_sharding_devices_unchecked_with_one_partition() -> None:
    """With one partition XLA checks no device ids (nor does our verifier): the sharding is written as is."""
    text = _partitioned(arg=' {mhlo.sharding = "{devices=[8]<=[8]}"}').replace("= 4 : i32", "= 1 : i32")
    assert "sharding={devices=[8]<=[8]}" in export_text(text)


@pytest.mark.parametrize("case", sorted(ERRORS))
def test_errors(case: str) -> None:
    text, message = ERRORS[case]
    with pytest.raises(TranslateError) as info:
        export_text(text)
    assert message in str(info.value)
    assert "\n" not in str(info.value)


def test_unsupported_op_names_its_location() -> None:
    text = (
        "func.func private @g(%a: tensor<4xf32>) -> tensor<4xf32> {\n  return %a : tensor<4xf32>\n}\n"
        "func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
        '  %f = func.constant @g : (tensor<4xf32>) -> tensor<4xf32> loc("model.py":12:3)\n'
        "  %0 = func.call_indirect %f(%a) : (tensor<4xf32>) -> tensor<4xf32>\n"
        "  return %0 : tensor<4xf32>\n}"
    )
    with pytest.raises(TranslateError) as info:
        export_text(text)
    assert str(info.value) == "model.py:12:3: error: 'func.constant': unsupported op"


def regenerate_golden() -> None:
    """Rewrite every golden/export/*.hlo from its .mlir (read each diff before keeping it)."""
    for mlir_path in sorted(GOLDEN.glob("*.mlir")):
        mlir_path.with_suffix(".hlo").write_text(export_text(mlir_path.read_text()))


if __name__ == "__main__":
    regenerate_golden()


@pytest.mark.parametrize("split,concat", [(0, 1), (1, 0), (2, 0), (0, 2), (1, 2)])
def test_all_to_all_across_dimensions_runs_like_xla(split: int, concat: int) -> None:
    """split_dimension != concat_dimension: all-to-all + reshape + transpose + reshape, run on 4 replicas."""
    import hlo_translate
    from hlo_translate.execution import validate_modules

    dims = [4, 8, 12]
    out = list(dims)
    out[split] //= 4
    out[concat] *= 4
    shape = "x".join(map(str, dims))
    result = "x".join(map(str, out))
    source = f"""module @m attributes {{mhlo.num_replicas = 4 : i32}} {{
  func.func @main(%a: tensor<{shape}xf32>) -> tensor<{result}xf32> {{
    %0 = "stablehlo.all_to_all"(%a) <{{split_dimension = {split} : i64, concat_dimension = {concat} : i64,
        split_count = 4 : i64, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>}}>
        : (tensor<{shape}xf32>) -> tensor<{result}xf32>
    return %0 : tensor<{result}xf32>
  }}
}}"""
    ours = hlo_translate.write_hlo(hlo_translate.stablehlo_to_hlo(source)).decode()
    assert "all-to-all(" in ours and "transpose(" in ours
    comparison = validate_modules(source, ours)
    assert comparison.ok, comparison.report()


@pytest.mark.parametrize("op", ["broadcast_in_dim", "dynamic_broadcast_in_dim"])
def test_size_one_dimensions_broadcast_as_xla_requires(op: str) -> None:
    # StableHLO stretches a size-1 dimension; HLO's broadcast maps equal sizes only (XLA's verifier
    # rejects anything else), so the size-1 dimension is reshaped away first.
    shape_operand = ", %s" if op == "dynamic_broadcast_in_dim" else ""
    shape_type = ", tensor<3xi64>" if op == "dynamic_broadcast_in_dim" else ""
    mlir = (
        "func.func @main(%a: tensor<1x3xf32>) -> tensor<2x4x3xf32> {\n"
        "  %s = stablehlo.constant dense<[2, 4, 3]> : tensor<3xi64>\n"
        f"  %0 = stablehlo.{op} %a{shape_operand}, dims = [1, 2] : (tensor<1x3xf32>{shape_type}) -> tensor<2x4x3xf32>\n"
        "  return %0 : tensor<2x4x3xf32>\n}\n"
    )
    hlo = print_hlo_text(hlo_translate.stablehlo_to_hlo(mlir))
    assert "reshape(" in hlo and "dimensions={2}" in hlo
    x = np.arange(3, dtype=np.float32).reshape(1, 3)
    (out,) = hlo_translate.execute(hlo, [x])
    np.testing.assert_array_equal(out, np.broadcast_to(x, (2, 4, 3)))


# XLA's export test of infeed (tensorflow/tensorflow, third_party/xla/xla/hlo/translate/tests/stablehlo.mlir,
# Apache-2.0): a layout entry `[0]` for a scalar result. XLA writes `pred[]`; we wrote the layout {0} onto
# pred[] and our verifier refused our own output (an internal error).
XLA_INFEED_TEST = """func.func @main(%arg0: !stablehlo.token) -> tuple<tuple<tensor<3x3xi32>, tensor<i1>>, !stablehlo.token> {
  %0:3 = "stablehlo.infeed"(%arg0) {infeed_config = "foobar", layout=[[0, 1], [0]]} : (!stablehlo.token) -> (tensor<3x3xi32>, tensor<i1>, !stablehlo.token)
  %1 = "stablehlo.tuple"(%0#0, %0#1) : (tensor<3x3xi32>, tensor<i1>) -> tuple<tensor<3x3xi32>, tensor<i1>>
  %2 = "stablehlo.tuple"(%1, %0#2) : (tuple<tensor<3x3xi32>, tensor<i1>>, !stablehlo.token) -> tuple<tuple<tensor<3x3xi32>, tensor<i1>>, !stablehlo.token>
  func.return %2 : tuple<tuple<tensor<3x3xi32>, tensor<i1>>, !stablehlo.token>
}
"""


def test_infeed_layout_of_a_scalar_result_is_its_only_layout() -> None:
    shape = "((s32[3,3]{0,1}, pred[]), token[]) infeed("
    assert shape in xla_translation(XLA_INFEED_TEST)
    assert shape in export_text(XLA_INFEED_TEST)
    scalar = XLA_INFEED_TEST.replace("tensor<3x3xi32>", "tensor<i32>").replace("[[0, 1], [0]]", "[[], [0]]")
    assert "((s32[], pred[]), token[]) infeed(" in export_text(scalar)


def test_infeed_layout_that_does_not_order_the_dimensions_is_an_input_error() -> None:
    text = XLA_INFEED_TEST.replace("tensor<i1>", "tensor<3xi1>").replace("[[0, 1], [0]]", "[[0, 1], [0, 1]]")
    with pytest.raises(
        TranslateError,
        match=r"^<input>:2:10: error: 'stablehlo.infeed': the layout of infeed "
        r"result 1 \{0,1\} is not a permutation of the dimensions of pred\[3\]$",
    ):
        export_module_of(text)


def test_a_sharding_of_another_rank_is_an_input_error() -> None:
    # fuzz (seed 28, mutations of golden/import/attributes.mlir): a tiled sharding on a scalar argument was
    # written as it stood, and our verifier refused our own HLO (an internal error); XLA's verifier refuses it
    main = (
        "module attributes {mhlo.num_partitions = 2 : i32} {\n  func.func @main(%arg0: tensor<4xf32>ARG) -> "
        'tensor<4xf32> {\n    %0 = stablehlo.multiply %arg0, %arg0 {mhlo.sharding = "OP"} : tensor<4xf32>\n'
        "    return %0 : tensor<4xf32>\n  }\n}\n"
    )
    cases = {
        main.replace("ARG", ', %arg1: tensor<f32> {mhlo.sharding = "{devices=[2]<=[2]}"}').replace(
            "OP", "{replicated}"
        ): r"^<input>: error: 'Arg_1\.1': sharding \{devices=\[2\]<=\[2\]\} tiles 1 dimensions of the rank-0 f32\[\]$",
        main.replace("ARG", "").replace(
            "OP", "{devices=[2,1]<=[2]}"
        ): r"^<input>:3:10: error: 'stablehlo.multiply': sharding \{devices=\[2,1\]<=\[2\]\} tiles 2 dimensions "
        r"of the rank-1 f32\[4\]$",
    }
    for text, message in cases.items():
        with pytest.raises(TranslateError, match=message) as info:
            export_module_of(text)
        assert type(info.value) is TranslateError
    assert export_module_of(main.replace("ARG", "").replace("OP", "{devices=[2]<=[2]}")).entry.root is not None
