"""The converters' less common corners, each checked against an oracle nobody here wrote.

Oracles: XLA's HLO parser (`hlo_module_from_text`), XLA's own StableHLO → HLO converter
(`mlir_module_to_xla_computation`), execution on XLA CPU (`hlo_translate.execution`), and jaxlib's MLIR
verifier (every import is verified). docs/import.md states the forms checked here.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from jaxlib import _hlo, _jax

import hlo_translate
from hlo_translate.execution.runtime import execute
from hlo_translate.hlo.text import parse_hlo_text, print_hlo_text

PLUMBING = {"tuple", "get-tuple-element", "parameter", "copy"}


def _options() -> _hlo.HloPrintOptions:
    options = _hlo.HloPrintOptions.short_parsable()
    options.print_metadata = True
    return options


def ours(mlir: str) -> str:
    return print_hlo_text(hlo_translate.stablehlo_to_hlo(mlir))


def xla(mlir: str) -> str:
    computation = _jax.mlir.mlir_module_to_xla_computation(mlir, use_tuple_args=False, return_tuple=False)
    module = _hlo.HloModule.from_serialized_hlo_module_proto(computation.as_serialized_hlo_module_proto())
    return module.to_string(_options())


def xla_reads(hlo: str) -> str:
    """XLA's parser accepts `hlo`; its own printing of it."""
    return _hlo.hlo_module_from_text(hlo).to_string(_options())


def opcodes(hlo: str) -> Counter:
    return Counter(i.opcode for i in parse_hlo_text(hlo).instructions() if i.opcode not in PLUMBING)


def round_trip(hlo: str) -> tuple[str, str]:
    """(our StableHLO, our HLO after HLO → StableHLO → HLO).

    The import is verified by jaxlib's MLIR verifier and holds no mhlo op (`import_module` checks)."""
    mlir = hlo_translate.hlo_to_stablehlo(hlo)
    return mlir, ours(mlir)


# -- importer ---------------------------------------------------------------------------------------

NAMES = """HloModule names, is_scheduled=true

ENTRY main {
  x = f32[4] parameter(0), metadata={op_name="x"}
  y = f32[4] parameter(1)
  sum.7 = f32[4] add(x, y), metadata={op_name="jit(f)/add" source_file="model.py" source_line=12}
  lit = f32[] constant(2)
  b.2 = f32[4] broadcast(lit), dimensions={}
  ROOT prod = f32[4] multiply(sum.7, b.2), metadata={source_file="model.py" source_line=13}
}
"""


def test_names_metadata_and_schedule_survive_the_round_trip() -> None:
    _, back = round_trip(NAMES)
    ours_module, original = parse_hlo_text(xla_reads(back)), parse_hlo_text(NAMES)
    assert ours_module.is_scheduled
    assert [i.name for i in ours_module.entry.instructions] == [i.name for i in original.entry.instructions]
    for a, b in zip(ours_module.entry.instructions, original.entry.instructions):
        assert (a.metadata.op_name if a.metadata else None) == (b.metadata.op_name if b.metadata else None), a.name
    inputs = [np.arange(4, dtype=np.float32), np.ones(4, np.float32)]
    np.testing.assert_array_equal(execute(back, inputs)[0], execute(NAMES, inputs)[0])


def test_entry_parameter_frontend_attributes_survive() -> None:
    hlo = """HloModule m
ENTRY main {
  p = f32[8] parameter(0), frontend_attributes={xla.sdy.sharding="#sdy.sharding<@mesh, [{\\"x\\"}]>"}
  ROOT n = f32[8] negate(p)
}"""
    mlir, back = round_trip(hlo)
    assert "mhlo.frontend_attributes = {xla.sdy.sharding" in mlir
    # XLA's converter reads the argument attribute as we write it back. (Not with xla.sdy.sharding:
    # without an sdy mesh in the module XLA's converter aborts the process.)
    other = round_trip(hlo.replace("xla.sdy.sharding", "tag"))[0]
    assert "frontend_attributes={tag=" in xla(other).split("parameter(0)")[1].splitlines()[0]
    param = parse_hlo_text(xla_reads(back)).entry.parameters[0]
    assert param.frontend_attributes.as_dict() == parse_hlo_text(hlo).entry.parameters[0].frontend_attributes.as_dict()


ONE_TUPLES = """HloModule m
t {
  a = f32[4] parameter(0)
  ROOT r = (f32[4]) tuple(a)
}
f {
  a = f32[4] parameter(0)
  n = f32[4] negate(a)
  ROOT r = (f32[4]) tuple(n)
}
ENTRY main {
  p = pred[] parameter(0)
  x = f32[4] parameter(1)
  c = (f32[4]) conditional(p, x, x), true_computation=t, false_computation=f
  g = f32[4] get-tuple-element(c), index=0
  b = f32[4] opt-barrier(g)
  ROOT s = f32[4] sine(b)
}"""


def test_one_tuple_conditional_and_array_barrier_keep_their_shapes() -> None:
    _, back = round_trip(ONE_TUPLES)
    shapes = {i.opcode: i.shape.without_layouts().to_text() for i in parse_hlo_text(xla_reads(back)).instructions()}
    assert shapes["conditional"] == "(f32[4])" and shapes["opt-barrier"] == "f32[4]"
    x = np.arange(4, dtype=np.float32)
    for pred in (True, False):
        inputs = [np.array(pred), x]
        np.testing.assert_allclose(execute(back, inputs)[0], execute(ONE_TUPLES, inputs)[0])


LOOP_STATES = {
    # XLA's pipelining carries nested tuples around loops; XLA also allows one array as the state.
    "nested": """HloModule m
cond { p = (s32[], (f32[4], (f32[4], s32[]))) parameter(0)
  i = s32[] get-tuple-element(p), index=0
  n = s32[] constant(3)
  ROOT lt = pred[] compare(i, n), direction=LT }
body { p = (s32[], (f32[4], (f32[4], s32[]))) parameter(0)
  i = s32[] get-tuple-element(p), index=0
  one = s32[] constant(1)
  j = s32[] add(i, one)
  pair = (f32[4], (f32[4], s32[])) get-tuple-element(p), index=1
  a = f32[4] get-tuple-element(pair), index=0
  inner = (f32[4], s32[]) get-tuple-element(pair), index=1
  b = f32[4] get-tuple-element(inner), index=0
  c = f32[4] add(a, b)
  inner2 = (f32[4], s32[]) tuple(c, j)
  pair2 = (f32[4], (f32[4], s32[])) tuple(b, inner2)
  ROOT t = (s32[], (f32[4], (f32[4], s32[]))) tuple(j, pair2) }
ENTRY main { x = f32[4] parameter(0)
  y = f32[4] parameter(1)
  z = s32[] constant(0)
  inner = (f32[4], s32[]) tuple(y, z)
  pair = (f32[4], (f32[4], s32[])) tuple(x, inner)
  init = (s32[], (f32[4], (f32[4], s32[]))) tuple(z, pair)
  w = (s32[], (f32[4], (f32[4], s32[]))) while(init), condition=cond, body=body
  pw = (f32[4], (f32[4], s32[])) get-tuple-element(w), index=1
  iw = (f32[4], s32[]) get-tuple-element(pw), index=1
  ROOT r = f32[4] get-tuple-element(iw), index=0 }""",
    "array": """HloModule m
cond { p = f32[4] parameter(0)
  e = f32[1] slice(p), slice={[0:1]}
  r = f32[] reshape(e)
  limit = f32[] constant(10)
  ROOT lt = pred[] compare(r, limit), direction=LT }
body { p = f32[4] parameter(0)
  one = f32[] constant(1)
  ones = f32[4] broadcast(one), dimensions={}
  ROOT n = f32[4] add(p, ones) }
ENTRY main { x = f32[4] parameter(0)
  ROOT w = f32[4] while(x), condition=cond, body=body }""",
    "empty_tuple_inside": """HloModule m
cond { p = (s32[], ()) parameter(0)
  i = s32[] get-tuple-element(p), index=0
  n = s32[] constant(2)
  ROOT lt = pred[] compare(i, n), direction=LT }
body { p = (s32[], ()) parameter(0)
  i = s32[] get-tuple-element(p), index=0
  one = s32[] constant(1)
  j = s32[] add(i, one)
  e = () tuple()
  ROOT t = (s32[], ()) tuple(j, e) }
ENTRY main { z = s32[] constant(0)
  e = () tuple()
  init = (s32[], ()) tuple(z, e)
  w = (s32[], ()) while(init), condition=cond, body=body
  ROOT r = s32[] get-tuple-element(w), index=0 }""",
}


@pytest.mark.parametrize("name", sorted(LOOP_STATES))
def test_loop_state_shapes_survive_and_run(name: str) -> None:
    """A loop state that is not a flat tuple keeps its shape (`xla_shape` on `stablehlo.while`): the
    HLO written back has XLA's while of the same shape, and runs to the original's outputs."""
    hlo = LOOP_STATES[name]
    mlir, back = round_trip(hlo)
    assert "xla_shape" in mlir
    while_shapes = [
        i.shape.without_layouts().to_text()
        for i in parse_hlo_text(xla_reads(back)).instructions()
        if i.opcode == "while"
    ]
    original = [i.shape.without_layouts().to_text() for i in parse_hlo_text(hlo).instructions() if i.opcode == "while"]
    assert while_shapes == original
    x, y = np.arange(4, dtype=np.float32), np.full(4, 0.5, np.float32)
    inputs = [x, y][: len(parse_hlo_text(hlo).entry.parameters)]
    for got, want in zip(execute(back, inputs), execute(hlo, inputs)):
        np.testing.assert_array_equal(got, want)


def test_a_flat_loop_state_carries_no_shape_marker() -> None:
    mlir, _ = round_trip(
        LOOP_STATES["nested"].replace("(s32[], (f32[4], (f32[4], s32[])))", "(s32[], f32[4])").split("cond {")[0]
        + """cond { p = (s32[], f32[4]) parameter(0)
  ROOT f = pred[] constant(false) }
body { ROOT p = (s32[], f32[4]) parameter(0) }
ENTRY main { x = f32[4] parameter(0)
  z = s32[] constant(0)
  init = (s32[], f32[4]) tuple(z, x)
  w = (s32[], f32[4]) while(init), condition=cond, body=body
  ROOT r = f32[4] get-tuple-element(w), index=1 }"""
    )
    assert "stablehlo.while" in mlir and "xla_shape" not in mlir


def test_a_loop_state_shape_that_does_not_hold_the_operands_is_a_clear_error() -> None:
    mlir, _ = round_trip(LOOP_STATES["nested"])
    bad = mlir.replace('xla_shape = "(s32[], (f32[4], (f32[4], s32[])))"', 'xla_shape = "(s32[], (f32[4], f32[4]))"')
    assert bad != mlir
    with pytest.raises(
        hlo_translate.TranslateError,
        match=r"xla_shape \(s32\[\], \(f32\[4\], f32\[4\]\)\) does "
        r"not hold the loop's operands",
    ):
        ours(bad)


SIGNATURES = {
    # The entry takes a tuple and returns a nested tuple (a tuple parameter cannot be fed to the runner:
    # XLA's reading of both modules is the oracle).
    "tuple_parameter_and_nested_root": """HloModule m
ENTRY main { p = (f32[4], (f32[4], s32[])) parameter(0)
  a = f32[4] get-tuple-element(p), index=0
  inner = (f32[4], s32[]) get-tuple-element(p), index=1
  b = f32[4] get-tuple-element(inner), index=0
  i = s32[] get-tuple-element(inner), index=1
  c = f32[4] add(a, b)
  one = (s32[]) tuple(i)
  t = (f32[4], (s32[])) tuple(b, one)
  ROOT r = (f32[4], (f32[4], (s32[]))) tuple(c, t) }""",
    # A called computation takes a tuple and returns a 1-tuple, read by get-tuple-element.
    "call_with_tuple_parameter_and_one_tuple_root": """HloModule m
f { q = (f32[4], f32[4]) parameter(0)
  x = f32[4] get-tuple-element(q), index=0
  y = f32[4] get-tuple-element(q), index=1
  m = f32[4] multiply(x, y)
  ROOT r = (f32[4]) tuple(m) }
ENTRY main { a = f32[4] parameter(0)
  b = f32[4] parameter(1)
  t = (f32[4], f32[4]) tuple(a, b)
  c = (f32[4]) call(t), to_apply=f
  ROOT v = f32[4] get-tuple-element(c), index=0 }""",
}


@pytest.mark.parametrize("name", sorted(SIGNATURES))
def test_tuple_parameters_and_nested_roots_survive(name: str) -> None:
    """Computations whose parameters are tuples, or whose root is a nested or 1-tuple, keep their
    signature (`xla.signature` on the function): the same module to XLA after the round trip."""
    from tests.collectives.test_async import same_hlo

    hlo = SIGNATURES[name]
    mlir, back = round_trip(hlo)
    assert "xla.signature" in mlir
    same_hlo(hlo, back)


def test_a_call_with_a_tuple_parameter_runs_like_the_original() -> None:
    hlo = SIGNATURES["call_with_tuple_parameter_and_one_tuple_root"]
    _, back = round_trip(hlo)
    inputs = [np.arange(4, dtype=np.float32), np.full(4, 0.5, np.float32)]
    np.testing.assert_array_equal(execute(back, inputs)[0], execute(hlo, inputs)[0])


def test_a_signature_that_does_not_hold_the_function_types_is_a_clear_error() -> None:
    mlir, _ = round_trip(SIGNATURES["call_with_tuple_parameter_and_one_tuple_root"])
    bad = mlir.replace(
        'xla.signature = "((f32[4], f32[4])) -> (f32[4])"', 'xla.signature = "((f32[4], f32[8])) -> (f32[4])"'
    )
    assert bad != mlir
    with pytest.raises(
        hlo_translate.TranslateError,
        match=r"xla.signature '\(\(f32\[4\], f32\[8\]\)\) -> \(f32\[4\]\)' "
        r"does not hold the function's types",
    ):
        ours(bad)


FEEDS = """HloModule m
ENTRY main {
  t = token[] after-all()
  in = ((f32[2,3]{0,1}, s32[]), token[]) infeed(t), infeed_config="cfg"
  d = (f32[2,3]{0,1}, s32[]) get-tuple-element(in), index=0
  v = f32[2,3]{0,1} get-tuple-element(d), index=0
  t2 = token[] get-tuple-element(in), index=1
  out = token[] outfeed(v, t2), outfeed_shape=f32[2,3]{0,1}, outfeed_config="o"
  ROOT r = f32[2,3] negate(v)
}"""


def test_infeed_and_outfeed_with_configs_and_layouts() -> None:
    mlir, back = round_trip(FEEDS)
    assert "stablehlo.infeed" in mlir and "stablehlo.outfeed" in mlir
    for text in (xla_reads(back), xla(mlir)):  # our export, and XLA's converter of our import
        module = parse_hlo_text(text)
        feed = next(i for i in module.instructions() if i.opcode == "infeed")
        assert feed.attributes["infeed_config"] == "cfg"
        assert feed.shape.tuple_shapes[0].tuple_shapes[0].to_text() == "f32[2,3]{0,1}"
        out = next(i for i in module.instructions() if i.opcode == "outfeed")
        assert out.attributes["outfeed_config"] == "o"
    # Ours keeps the outfeed's data operand an array, as it was (XLA's converter makes it a tuple).
    out = next(i for i in parse_hlo_text(back).instructions() if i.opcode == "outfeed")
    assert not out.operands[0].shape.is_tuple
    assert opcodes(xla_reads(back)) == opcodes(FEEDS)


@pytest.mark.parametrize(
    "hlo, target",
    [
        (
            "HloModule m\nENTRY e {\n  ROOT s = u64[2] rng-get-and-update-state(), delta=8\n}",
            "xla.rng_get_and_update_state",
        ),
        (
            "HloModule m\nENTRY e {\n  x = f32[4] parameter(0)\n  r = u32[4] parameter(1)\n"
            "  ROOT c = bf16[4] stochastic-convert(x, r)\n}",
            "xla.stochastic_convert",
        ),
    ],
)
def test_opcodes_without_stablehlo_op_come_back(hlo: str, target: str) -> None:
    mlir, back = round_trip(hlo)
    assert f"stablehlo.custom_call @{target}" in mlir
    original, again = parse_hlo_text(hlo).entry.root, parse_hlo_text(xla_reads(back)).entry.root
    assert (again.opcode, again.shape.without_layouts().to_text()) == (
        original.opcode,
        original.shape.without_layouts().to_text(),
    )
    assert again.attributes.get("delta") == original.attributes.get("delta")


def test_dynamic_reshape_round_trip() -> None:
    hlo = """HloModule m
ENTRY e {
  x = f32[12] parameter(0)
  a = s32[] parameter(1)
  b = s32[] constant(3)
  ROOT r = f32[<=4,3] dynamic-reshape(x, a, b)
}"""
    mlir, back = round_trip(hlo)
    assert "stablehlo.dynamic_reshape" in mlir
    assert opcodes(xla_reads(back)) == opcodes(hlo)
    assert parse_hlo_text(back).entry.root.shape.to_text() == "f32[<=4,3]{1,0}"


COMPOSITE = """HloModule m
decomposition {
  a = f32[4] parameter(0)
  ROOT t = f32[4] tanh(a)
}
ENTRY e {
  x = f32[4] parameter(0)
  ROOT c = f32[4] call(x), to_apply=decomposition, is_composite=true, frontend_attributes={composite.attributes={n = 1 : i32},composite.name="my.tanh",composite.version="2"}
}"""


def test_composite_call_becomes_stablehlo_composite() -> None:
    mlir, back = round_trip(COMPOSITE)
    assert 'stablehlo.composite "my.tanh"' in mlir and "version = 2" in mlir
    for text in (xla_reads(back), xla(mlir)):  # XLA's converter writes the same call back
        call = parse_hlo_text(text).entry.root
        assert call.opcode == "call" and call.attributes.get("is_composite")
        assert call.frontend_attributes.as_dict() == parse_hlo_text(COMPOSITE).entry.root.frontend_attributes.as_dict()


def test_unused_instructions_of_hlo_are_kept() -> None:
    hlo = """HloModule m
ENTRY e {
  x = f32[4] parameter(0)
  unused = f32[4] sine(x)
  ROOT n = f32[4] negate(x)
}"""
    mlir, back = round_trip(hlo)
    assert "xla.keep" in mlir
    assert opcodes(xla_reads(back)) == opcodes(hlo)


# -- exporter -------------------------------------------------------------------------------------

DYNAMIC = """
func.func @main(%x: tensor<4xf32>, %m: tensor<2x5xf32>, %k: tensor<1x3x6x6xf32>, %w: tensor<2x3x3x3xf32>)
    -> (tensor<3x4xf32>, tensor<2x2xf32>, tensor<4x9xf32>, tensor<2x3xf32>, tensor<1x2x5x5xf32>, tensor<2x2xf32>, tensor<4xf32>) {
  %s34 = stablehlo.constant dense<[3, 4]> : tensor<2xi32>
  %s22 = stablehlo.constant dense<[2, 2]> : tensor<2xi64>
  %b = stablehlo.dynamic_broadcast_in_dim %x, %s34, dims = [1] : (tensor<4xf32>, tensor<2xi32>) -> tensor<3x4xf32>
  %i = stablehlo.dynamic_iota %s22, dim = 1 : (tensor<2xi64>) -> tensor<2x2xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %lo = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  %hi = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  %in = stablehlo.constant dense<[0, 0]> : tensor<2xi64>
  %p = stablehlo.dynamic_pad %m, %zero, %lo, %hi, %in : (tensor<2x5xf32>, tensor<f32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<4x9xf32>
  %idx = stablehlo.constant dense<[[0], [1]]> : tensor<2x1xi32>
  %sizes = stablehlo.constant dense<[1, 3]> : tensor<2xi32>
  %g = "stablehlo.dynamic_gather"(%m, %idx, %sizes) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>} : (tensor<2x5xf32>, tensor<2x1xi32>, tensor<2xi32>) -> tensor<2x3xf32>
  %c = CONVOLUTION
  %st = stablehlo.constant dense<[0, 1]> : tensor<2xi64>
  %li = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  %one = stablehlo.constant dense<1> : tensor<2xi64>
  %r = stablehlo.real_dynamic_slice %m, %st, %li, %one : (tensor<2x5xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<2x2xf32>
  %s4 = stablehlo.constant dense<[4]> : tensor<1xi32>
  %d = stablehlo.dynamic_reshape %x, %s4 : (tensor<4xf32>, tensor<1xi32>) -> tensor<4xf32>
  return %b, %i, %p, %g, %c, %r, %d : tensor<3x4xf32>, tensor<2x2xf32>, tensor<4x9xf32>, tensor<2x3xf32>, tensor<1x2x5x5xf32>, tensor<2x2xf32>, tensor<4xf32>
}"""


CONV_ATTRS = (
    "dimension_numbers = #stablehlo.conv<[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]>, "
    "feature_group_count = 1 : i64, batch_group_count = 1 : i64"
)
DYNAMIC_CONV = (
    '"stablehlo.dynamic_conv"(%k, %w, %pad) {' + CONV_ATTRS + "} : (tensor<1x3x6x6xf32>, "
    "tensor<2x3x3x3xf32>, tensor<2x2xi32>) -> tensor<1x2x5x5xf32>\n"
    "  %pad = stablehlo.constant dense<[[1, 0], [0, 1]]> : tensor<2x2xi32>"
)
STATIC_CONV = (
    '"stablehlo.convolution"(%k, %w) {padding = dense<[[1, 0], [0, 1]]> : tensor<2x2xi64>, '
    + CONV_ATTRS
    + "} : (tensor<1x3x6x6xf32>, tensor<2x3x3x3xf32>) -> tensor<1x2x5x5xf32>"
)


def test_dynamic_ops_with_static_shapes_run_like_xlas_conversion() -> None:
    """Each dynamic op runs like XLA's conversion of it; dynamic_conv, which XLA's converter rejects,
    like XLA's conversion of the same static convolution."""
    # The constant must come first: move the %pad definition before its use.
    dynamic_conv = DYNAMIC_CONV.split("\n")
    ours_text = DYNAMIC.replace("  %c = CONVOLUTION", dynamic_conv[1] + "\n  %c = " + dynamic_conv[0])
    xla_text = DYNAMIC.replace("CONVOLUTION", STATIC_CONV)
    hlo = ours(ours_text)
    assert "dynamic" not in hlo
    rng = np.random.default_rng(0)
    inputs = [rng.standard_normal(s).astype(np.float32) for s in ((4,), (2, 5), (1, 3, 6, 6), (2, 3, 3, 3))]
    for got, want in zip(execute(xla_reads(hlo), inputs), execute(xla(xla_text), inputs)):
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


def test_dynamic_op_without_static_shape_is_a_clear_error() -> None:
    text = """func.func @main(%x: tensor<4xf32>, %s: tensor<2xi32>) -> tensor<?x4xf32> {
  %b = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [1] : (tensor<4xf32>, tensor<2xi32>) -> tensor<?x4xf32>
  return %b : tensor<?x4xf32>
}"""
    with pytest.raises(hlo_translate.TranslateError, match="dynamic_broadcast_in_dim.*dynamic result type"):
        ours(text)


REAL_DYNAMIC_SLICE = """func.func @main(%a: tensor<2x3xf32>) -> tensor<2x2xf32> {
  %s = stablehlo.constant dense<START> : tensor<2xi64>
  %l = stablehlo.constant dense<LIMIT> : tensor<2xi64>
  %t = stablehlo.constant dense<STRIDE> : tensor<2xi64>
  %r = stablehlo.real_dynamic_slice %a, %s, %l, %t : (tensor<2x3xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}"""


@pytest.mark.parametrize(
    "start,limit,stride,message",
    [
        ("[0, 1]", "[2, 3]", "3", "result shape f32[2,2] differs from the inferred f32[1,1]"),
        ("[0, 5]", "[2, 7]", "1", "slice range [5:7:1] of dimension 1 (size 3) is out of bounds"),
    ],
)
def test_real_dynamic_slice_whose_constants_disagree_with_its_type_is_an_input_error(
    start: str, limit: str, stride: str, message: str
) -> None:
    """MLIR's verifier leaves the constant operands unchecked; the slice they make must be the result type."""
    text = REAL_DYNAMIC_SLICE.replace("START", start).replace("LIMIT", limit).replace("STRIDE", stride)
    with pytest.raises(hlo_translate.TranslateError) as info:
        ours(text)
    assert not isinstance(info.value, hlo_translate.InternalError)
    assert (
        "5:8: error: 'stablehlo.real_dynamic_slice': its constant start, limit and strides do not slice "
        "f32[2,3] to its result type"
        in str(info.value)
        and message in str(info.value)
    ), str(info.value)


def test_bounded_dynamic_reshape_exports_as_dynamic_reshape() -> None:
    text = """func.func @main(%x: tensor<12xf32>, %s: tensor<2xi32>) -> tensor<?x3xf32, #stablehlo.bounds<4, ?>> {
  %r = stablehlo.dynamic_reshape %x, %s : (tensor<12xf32>, tensor<2xi32>) -> tensor<?x3xf32, #stablehlo.bounds<4, ?>>
  return %r : tensor<?x3xf32, #stablehlo.bounds<4, ?>>
}"""
    root = parse_hlo_text(xla_reads(ours(text))).entry.root
    assert root.opcode == "dynamic-reshape" and len(root.operands) == 3


def test_entry_layouts_and_module_aliases_match_xla() -> None:
    text = """module @m attributes {mhlo.xla_entry_computation_parameter_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[1, 0]> : tensor<2xindex>], mhlo.xla_entry_computation_result_layout = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], mhlo.input_output_alias = [{alias = {kind = "may_alias", parameter_index = array<i64>, parameter_number = 0 : i64}, output_index = array<i64: 0>}]} {
  func.func public @main(%w: tensor<2x3xf32>, %s: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
    %n = stablehlo.negate %w : tensor<2x3xf32>
    return %n, %s : tensor<2x3xf32>, tensor<2x3xf32>
  }
}"""
    got, want = parse_hlo_text(xla_reads(ours(text))), parse_hlo_text(xla(text))
    assert got.entry_computation_layout == want.entry_computation_layout
    assert got.input_output_alias == want.input_output_alias


def test_layout_mode_sets_the_entry_layout() -> None:
    text = """func.func public @main(%w: tensor<2x3xf32> {mhlo.layout_mode = "{0,1}"}) -> (tensor<2x3xf32> {mhlo.layout_mode = "default"}) {
  return %w : tensor<2x3xf32>
}"""
    layout = parse_hlo_text(xla_reads(ours(text))).entry_computation_layout
    assert [s.to_text() for s in layout.parameters] == ["f32[2,3]{0,1}"]
    assert layout.result.to_text() == "f32[2,3]{1,0}"


def test_dead_code_is_dropped_like_xla_does() -> None:
    text = """module @m {
  func.func private @g(%a: tensor<4xf32>) -> tensor<4xf32> {
    %0 = stablehlo.negate %a : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
  func.func public @main(%w: tensor<4xf32>) -> tensor<4xf32> {
    %0 = stablehlo.custom_call @foo(%w) : (tensor<4xf32>) -> tensor<4xf32>
    %1 = func.call @g(%w) : (tensor<4xf32>) -> tensor<4xf32>
    %2 = stablehlo.custom_call @bar(%w) {has_side_effect = true} : (tensor<4xf32>) -> tensor<4xf32>
    %3 = stablehlo.sine %w : tensor<4xf32>
    %4 = stablehlo.cosine %3 : tensor<4xf32>
    %t = stablehlo.create_token : !stablehlo.token
    return %w : tensor<4xf32>
  }
}"""
    assert opcodes(ours(text)) == opcodes(xla(text))


def test_infeed_layout_attribute_matches_xla() -> None:
    text = """func.func @main(%t: !stablehlo.token) -> (tensor<2x3xf32>, tensor<3x2xf32>, !stablehlo.token) {
  %0:3 = "stablehlo.infeed"(%t) {infeed_config = "cfg", layout = [[0, 1], [1, 0]]} : (!stablehlo.token) -> (tensor<2x3xf32>, tensor<3x2xf32>, !stablehlo.token)
  return %0#0, %0#1, %0#2 : tensor<2x3xf32>, tensor<3x2xf32>, !stablehlo.token
}"""

    def infeed_shape(hlo: str) -> str:
        return next(i for i in parse_hlo_text(hlo).instructions() if i.opcode == "infeed").shape.to_text()

    assert infeed_shape(xla_reads(ours(text))) == infeed_shape(xla(text))


ASYNC_RECV = """func.func @recv_0(%token: !mhlo.token) -> (tensor<3x4xi32>, !mhlo.token) attributes {execution_thread = "main"} {
  %0:2 = "mhlo.recv"(%token) {channel_handle = #mhlo.channel_handle<handle = 5, type = 3>, is_host_transfer = true}
    : (!mhlo.token) -> (tensor<3x4xi32>, !mhlo.token)
  func.return %0#0, %0#1 : tensor<3x4xi32>, !mhlo.token
}
func.func @main(%token: !mhlo.token) -> (tensor<3x4xi32>, !mhlo.token) {
  %0 = "mhlo.async_start"(%token) {called_computation = @recv_0, execution_thread = "main", SHARDING}
    : (!mhlo.token) -> !mhlo.async_bundle<!mhlo.token, tuple<tensor<3x4xi32>, !mhlo.token>, tensor<i32>>
  %1, %2 = "mhlo.async_done"(%0) {mhlo.sharding = "{{maximal device=0}, {maximal device=0}}"}
    : (!mhlo.async_bundle<!mhlo.token, tuple<tensor<3x4xi32>, !mhlo.token>, tensor<i32>>) -> (tensor<3x4xi32>, !mhlo.token)
  return %1, %2 : tensor<3x4xi32>, !mhlo.token
}"""


def test_an_async_recv_sharded_as_its_recv_is_the_plain_recv_xla_writes() -> None:
    """XLA's export test (export_async.mlir): an mhlo.async_start over a lone recv whose sharding names the
    recv's three leaves is written as XLA's converter writes it, a plain recv and recv-done."""
    mlir = ASYNC_RECV.replace(
        "SHARDING", 'mhlo.sharding = "{{maximal device=0}, {maximal device=0}, {maximal device=0}}"'
    )
    text = ours(mlir)
    entry = Counter(i.opcode for i in parse_hlo_text(text).entry.instructions if i.opcode not in PLUMBING)
    reference = Counter(i.opcode for i in parse_hlo_text(xla(mlir)).entry.instructions if i.opcode not in PLUMBING)
    assert entry == reference == Counter({"recv": 1, "recv-done": 1})  # XLA keeps the callee as well
    assert "async-start" not in text and "recv(Arg" in text and "channel_id=5, is_host_transfer=true" in text
    xla_reads(text)


def test_an_async_recv_without_that_sharding_stays_an_async_bundle() -> None:
    text = ours(ASYNC_RECV.replace(", SHARDING", ""))
    assert "async-start" in text and "async-done" in text
    xla_reads(text)
