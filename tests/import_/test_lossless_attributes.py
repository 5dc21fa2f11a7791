"""HLO facts StableHLO has no field or type for come back from HLO -> StableHLO -> HLO (issue 26): tuple and
sub-byte constants, HLO attributes carried in `xla.attributes` (a fusion's aliasing, a reshape's inferred
dimension, a convolution's sparsity), a topk without `is_stable`, a batch norm's f32 epsilon, the f8 dot presets,
a custom-call's `to_apply`, aliasing on an async-start, FFTs and gathers whose shapes XLA infers from the shapes.

Oracle: XLA's parser reads the module we write back to the module it reads from the original text (compared as
instruction multisets up to names, literals included: tests.support.hlo_compare.signature), and the StableHLO
between parses and verifies in jaxlib without any `mhlo.*` op.
"""

from __future__ import annotations

import pytest

import hlo_translate
from hlo_translate.errors import InternalError, TranslateError
from tests.support.hlo_compare import signature, xla_module_from_text

TUPLE_CONSTANT = """HloModule m
ENTRY e {
  c = (f32[2,1], (s32[], f32[3])) constant(({ {1}, {2} }, (7, {2.5, -0, 4})))
  a = f32[2,1] get-tuple-element(c), index=0
  n = (s32[], f32[3]) get-tuple-element(c), index=1
  b = f32[3] get-tuple-element(n), index=1
  ROOT r = (f32[2,1], f32[3]) tuple(a, b)
}"""

TWO_TUPLE_CONSTANTS = """HloModule m
ENTRY e {
  c0 = (f32[], f32[]) constant((1, 2))
  c1 = (f32[], f32[]) constant((1, 2))
  x = f32[] get-tuple-element(c0), index=0
  y = f32[] get-tuple-element(c1), index=1
  ROOT r = f32[] add(x, y)
}"""

SUB_BYTE_CONSTANTS = """HloModule m
ENTRY e {
  a = s4[5] constant({-8, -1, 0, 3, 7})
  b = u4[3] constant({0, 9, 15})
  c = s2[2] constant({-2, 1})
  d = f4e2m1fn[3] constant({-6, 0.5, 1.5})
  ca = s8[5] convert(a)
  cb = s8[3] convert(b)
  ROOT r = (s8[5], s8[3], s2[2], f4e2m1fn[3]) tuple(ca, cb, c, d)
}"""

UNSTABLE_TOPK = """HloModule m
ENTRY e {
  p = f32[6,8] parameter(0)
  t = (f32[6,2], s32[6,2]) topk(p), k=2, largest=true
  s = (f32[6,2], s32[6,2]) topk(p), k=2, largest=true, is_stable=true
  ROOT r = ((f32[6,2], s32[6,2]), (f32[6,2], s32[6,2])) tuple(t, s)
}"""

BATCH_NORM = """HloModule m
ENTRY e {
  x = f32[2,2,1,2] parameter(0)
  s = f32[2] parameter(1)
  o = f32[2] parameter(2)
  ROOT b = (f32[2,2,1,2], f32[2], f32[2]) batch-norm-training(x, s, o), epsilon=0.001, feature_index=3
}"""

FUSION_ALIASING = """HloModule m
fused {
  p0 = f32[10] parameter(0)
  p1 = f32[10] parameter(1)
  ROOT a = f32[10] add(p0, p1)
}
ENTRY e {
  x = f32[10] parameter(0)
  y = f32[10] parameter(1)
  ROOT f = f32[10] fusion(x, y), kind=kLoop, calls=fused, output_to_operand_aliasing={{}: (0, {})}
}"""

RESHAPE_INFERRED = """HloModule m
ENTRY e {
  p = s32[12] parameter(0)
  n = s32[] constant(8)
  d = s32[<=12] set-dimension-size(p, n), dimensions={0}
  ROOT r = s32[2,<=3,2] reshape(d), inferred_dimension=1
}"""

SPARSE_CONVOLUTION = """HloModule m
ENTRY e {
  x = f32[1,2] parameter(0)
  w = f32[2,2] parameter(1)
  ROOT c = f32[1,2] convolution(x, w), dim_labels=bf_io->bf, sparsity_config={rhs={sparsity=3x4 dimension=0 stride=1}}
}"""

DOT_F8_PRESET = """HloModule m
ENTRY e {
  a = f32[2,2,2] parameter(0)
  b = f32[2,2,2] parameter(1)
  ROOT d = f32[2,2,2] dot(a, b), lhs_batch_dims={0}, lhs_contracting_dims={2}, rhs_batch_dims={0},
    rhs_contracting_dims={1}, algorithm=PRESET
}"""

CUSTOM_CALL_TO_APPLY = """HloModule m
add {
  a = s32[] parameter(0)
  b = s32[] parameter(1)
  ROOT s = s32[] add(a, b)
}
ENTRY e {
  c1 = s32[] constant(1)
  c2 = s32[] constant(2)
  ROOT r = s32[] custom-call(c1, c2), custom_call_target="foo", to_apply=add
}"""

ASYNC_START_ALIASING = """HloModule m
async_computation {
  p0 = f32[2,3] parameter(0)
  ROOT abs = f32[2,3] abs(p0)
}
ENTRY e {
  p0 = f32[2,3] parameter(0)
  start = ((f32[2,3]), f32[2,3], s32[]) call-start(p0), to_apply=async_computation,
    output_to_operand_aliasing={{1}: (0, {})}
  ROOT done = f32[2,3] call-done(start)
}"""

FFT_ANY_LENGTH = """HloModule m
ENTRY e {
  x = c64[1,1,1,1] parameter(0)
  ROOT f = c64[1,1,1,1] fft(x), fft_type=FFT, fft_length={1,0,1}
}"""

GATHER_OVER_THE_SHAPES = """HloModule m
add {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}
ENTRY e {
  p = f32[10,20] parameter(0)
  g = f32[10,80] all-gather(p), replica_groups={{0}}, channel_id=1, dimensions={1}
  ROOT s = f32[10,20] reduce-scatter(g), replica_groups={{0}}, channel_id=2, dimensions={1}, to_apply=add
}"""

ONE_OPERAND_TUPLE_ALL_TO_ALL = """HloModule m
ENTRY e {
  p = u32[2] parameter(0)
  a = (u32[2]) all-to-all(p), replica_groups={{0},{1}}
  ROOT g = u32[2] get-tuple-element(a), index=0
}"""

UNTUPLED_SHARDING = """HloModule m
add {
  a0 = f32[] parameter(0)
  a1 = f32[] parameter(1)
  b0 = f32[] parameter(2)
  b1 = f32[] parameter(3)
  r0 = f32[] add(a0, b0)
  r1 = f32[] add(a1, b1)
  ROOT t = (f32[], f32[]) tuple(r0, r1)
}
ENTRY e {
  x = f32[2,9] parameter(0)
  y = f32[2,9] parameter(1)
  i = s32[3,1] parameter(2)
  u = f32[3,9] parameter(3)
  v = f32[3,9] parameter(4)
  ROOT s = (f32[2,9], f32[2,9]) scatter(x, y, i, u, v), to_apply=add, update_window_dims={1},
    inserted_window_dims={0}, scatter_dims_to_operand_dims={0}, index_vector_dim=1, sharding={replicated}
}"""

# `statistics` on an instruction of any opcode (XLA's parser tests): carried in `xla.attributes`
STATISTICS = """HloModule m
ENTRY e {
  p = f32[4] parameter(0)
  c = f32[4] constant({1, 2, 3, 4}), statistics={visualizing_index=1,stat-1=33,stat-2=44}
  ROOT a = f32[4] add(p, c), statistics={visualizing_index=0,stat-0=5}
}"""

CASES = {
    "statistics": STATISTICS,
    "tuple-constant": TUPLE_CONSTANT,
    "two-equal-tuple-constants": TWO_TUPLE_CONSTANTS,
    "sub-byte-constants": SUB_BYTE_CONSTANTS,
    "unstable-topk": UNSTABLE_TOPK,
    "batch-norm-epsilon": BATCH_NORM,
    "fusion-aliasing": FUSION_ALIASING,
    "reshape-inferred-dimension": RESHAPE_INFERRED,
    "convolution-sparsity": SPARSE_CONVOLUTION,
    "dot-any-f8": DOT_F8_PRESET.replace("PRESET", "dot_any_f8_any_f8_f32"),
    "dot-any-f8-fast-accum": DOT_F8_PRESET.replace("PRESET", "dot_any_f8_any_f8_f32_fast_accum"),
    "custom-call-to-apply": CUSTOM_CALL_TO_APPLY,
    "async-start-aliasing": ASYNC_START_ALIASING,
    "fft-any-length": FFT_ANY_LENGTH,
    "gather-over-the-shapes": GATHER_OVER_THE_SHAPES,
    "one-operand-tuple-all-to-all": ONE_OPERAND_TUPLE_ALL_TO_ALL,
    "untupled-sharding": UNTUPLED_SHARDING,
}


def _as_xla_reads(text: str):
    """The module XLA's parser reads from `text`, printed by XLA (constants in full) and read back by ours."""
    from jaxlib import _hlo

    options = _hlo.HloPrintOptions.short_parsable()
    options.print_large_constants = True
    return hlo_translate.read_hlo(xla_module_from_text(text).to_string(options), verify=False)


def _round_trip(text: str):
    from tests.dumps.checks import _verified_without_mhlo

    stablehlo = hlo_translate.hlo_to_stablehlo(hlo_translate.read_hlo(text, verify=False))
    _verified_without_mhlo(stablehlo)
    return stablehlo, hlo_translate.stablehlo_to_hlo(stablehlo)


@pytest.mark.parametrize("case", sorted(CASES))
def test_round_trip_gives_the_module_back(case: str) -> None:
    text = CASES[case]
    _, back = _round_trip(text)
    assert signature(_as_xla_reads(hlo_translate.write_hlo(back).decode())) == signature(_as_xla_reads(text))


def test_a_tuple_constant_is_one_constant_per_leaf_in_stablehlo() -> None:
    stablehlo, back = _round_trip(TUPLE_CONSTANT)
    assert stablehlo.count("stablehlo.constant") == 3
    assert stablehlo.count("xla.tuple_constant") == 3
    constants = [i for i in back.entry.instructions if i.opcode == "constant"]
    assert [c.literal.to_text() for c in constants] == ["( { {1}, {2} }, ( 7, {2.5, -0, 4} ) )"]


def test_a_tuple_constant_is_built_from_its_leaves_as_they_are() -> None:
    """A leaf a pass changed gives its new value to the tuple constant; a leaf it dropped leaves the others plain
    constants (the tuple is no longer whole)."""
    stablehlo, _ = _round_trip(TWO_TUPLE_CONSTANTS)
    changed = stablehlo.replace("dense<2.000000e+00>", "dense<3.000000e+00>", 1)
    assert changed != stablehlo
    back = hlo_translate.stablehlo_to_hlo(changed)
    literals = sorted(i.literal.to_text() for i in back.entry.instructions if i.opcode == "constant")
    assert literals == ["( 1, 2 )", "( 1, 3 )"]
    dropped = "\n".join(line for line in stablehlo.splitlines() if not line.lstrip().startswith("%cst_0 ="))
    assert dropped.count("stablehlo.constant") == 3
    back = hlo_translate.stablehlo_to_hlo(dropped)
    shapes = sorted(i.shape.to_text() for i in back.entry.instructions if i.opcode == "constant")
    assert shapes == ["(f32[], f32[])", "f32[]"]


def test_sub_byte_constants_are_dense_sub_byte_tensors() -> None:
    stablehlo, _ = _round_trip(SUB_BYTE_CONSTANTS)
    assert "dense<[-8, -1, 0, 3, 7]> : tensor<5xi4>" in stablehlo
    assert "dense<[0, 9, 15]> : tensor<3xui4>" in stablehlo
    assert "tensor<2xi2>" in stablehlo and "tensor<3xf4E2M1FN>" in stablehlo


def test_an_unstable_topk_is_a_marked_chlo_top_k() -> None:
    stablehlo, _ = _round_trip(UNSTABLE_TOPK)
    assert stablehlo.count("chlo.top_k") == 2 and stablehlo.count("xla.unstable_topk") == 1


def test_the_f8_dot_presets_import_as_xla_imports_them() -> None:
    """XLA's importer: f8E5M2 operands, fast accumulation as allow_imprecise_accumulation."""
    for preset, imprecise in (("dot_any_f8_any_f8_f32", "false"), ("dot_any_f8_any_f8_f32_fast_accum", "true")):
        stablehlo, _ = _round_trip(DOT_F8_PRESET.replace("PRESET", preset))
        assert "lhs_precision_type = f8E5M2, rhs_precision_type = f8E5M2, accumulation_type = f32" in stablehlo
        assert f"allow_imprecise_accumulation = {imprecise}" in stablehlo


def test_a_carried_attribute_the_verifier_refuses_is_the_inputs_fault() -> None:
    """`xla.attributes` on any op is HLO text the input brings: the verifier's refusal is a TranslateError."""
    mlir = """func.func @main(%a: tensor<4xf32>) -> tensor<2x2xf32> {
  %c = stablehlo.reshape %a {xla.attributes = {window = "{size=2}"}} : (tensor<4xf32>) -> tensor<2x2xf32>
  return %c : tensor<2x2xf32>
}"""
    with pytest.raises(TranslateError, match="reshape takes no attribute 'window'") as caught:
        hlo_translate.stablehlo_to_hlo(mlir)
    assert not isinstance(caught.value, InternalError)


def test_a_bad_tuple_constant_marker_is_a_clear_error() -> None:
    mlir = """func.func @main() -> tensor<f32> {
  %c = stablehlo.constant {xla.tuple_constant = {name = "c", shape = "(f32[], f32[])", index = array<i64: 5>}} dense<1.0> : tensor<f32>
  return %c : tensor<f32>
}"""
    with pytest.raises(TranslateError, match="bad xla.tuple_constant"):
        hlo_translate.stablehlo_to_hlo(mlir)


def test_a_gather_over_other_than_its_groups_is_the_inputs_fault() -> None:
    """XLA's verifier wants a gather over exactly its subgroup (here the 16 replicas): the exporter refuses the
    other as the input's fault, not as an internal error on what it wrote."""
    mlir = """module attributes {mhlo.num_replicas = 16 : i32} {
  func.func @main(%a: tensor<128xf32>) -> tensor<512xf32> {
    %g = "stablehlo.all_gather"(%a) {all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]]> : tensor<1x16xi64>} : (tensor<128xf32>) -> tensor<512xf32>
    return %g : tensor<512xf32>
  }
}"""
    with pytest.raises(TranslateError, match="is over 4 devices, its groups over 16") as caught:
        hlo_translate.stablehlo_to_hlo(mlir)
    assert not isinstance(caught.value, InternalError)
