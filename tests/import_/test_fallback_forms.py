"""HLO that StableHLO cannot say as written imports as the lossless `custom_call @"xla.<opcode>"`.

Each module below is valid for XLA's parser but holds one instruction whose typed StableHLO op the
StableHLO verifier (or the importer itself) refuses: mixed element types, duplicate source-target
pairs, a send without a channel, a tuple or s4 constant, ... (docs/import.md, "Opcodes StableHLO has
no op for"). For each: the import verifies (jaxlib's own parser reads it back), the refused instruction
and only it is the fallback form, the exporter gives the same module back, and XLA's parser reads the
HLO text we write. Modules our HLO verifier refuses (most mixed-type ones: XLA's verifier does too)
are still carried losslessly; `stablehlo_to_hlo`, which verifies what it writes, then reports the
input's instruction as a one-line TranslateError.

The project's own corpora must never need the fallback: it would hide a bug of the importer.
"""

from __future__ import annotations

import re

import pytest
from jaxlib.mlir import ir

import hlo_translate
from hlo_translate.async_forms import FALLBACK_OPCODES, NO_FALLBACK_OPCODES
from hlo_translate.errors import InternalError, TranslateError
from hlo_translate.hlo.io import HloFormat
from hlo_translate.hlo.ir import HloModule
from hlo_translate.import_.importer import ModuleImporter
from hlo_translate.mlir.context import make_context, module_to_text
from tests.support.hlo_compare import signature, xla_module_from_text

# The custom form, `stablehlo.custom_call @xla.add(`, and the generic one, `call_target_name = "xla.add"`.
_FALLBACK_CALL = re.compile(r'stablehlo\.custom_call @"?xla\.([a-z0-9\-]+)"?\(|call_target_name = "xla\.([a-z0-9\-]+)"')


def fallback_opcodes(stablehlo: str) -> list[str]:
    """The opcodes of the `xla.<opcode>` fallback custom calls in `stablehlo`, in order."""
    return [custom or generic for custom, generic in _FALLBACK_CALL.findall(stablehlo)]


MODULES: dict[str, str] = {
    "maximum_mixed": """\
HloModule maximum_mixed

ENTRY e {
  a = bf16[4] parameter(0)
  b = f32[4] parameter(1)
  ROOT m = f32[4] maximum(a, b)
}
""",
    "broadcast_convert": """\
HloModule broadcast_convert

ENTRY e {
  p = f32[] parameter(0)
  ROOT b = bf16[4] broadcast(p), dimensions={}
}
""",
    "all_reduce_mixed": """\
HloModule all_reduce_mixed, replica_count=2

add_f32 {
  x = f32[] parameter(0)
  y = f32[] parameter(1)
  ROOT s = f32[] add(x, y)
}

ENTRY e {
  p = bf16[4] parameter(0)
  ROOT ar = bf16[4] all-reduce(p), replica_groups={{0,1}}, to_apply=add_f32
}
""",
    "convolution_pred": """\
HloModule convolution_pred

ENTRY e {
  lhs = f32[1,2,4] parameter(0)
  rhs = pred[1,2,3] parameter(1)
  ROOT c = f32[1,3,4] convolution(lhs, rhs), window={size=1}, dim_labels=0fb_0io->0fb
}
""",
    "dynamic_slice_mixed": """\
HloModule dynamic_slice_mixed

ENTRY e {
  p = f32[8,8] parameter(0)
  i = s32[] parameter(1)
  j = s64[] parameter(2)
  ROOT ds = f32[2,2] dynamic-slice(p, i, j), dynamic_slice_sizes={2,2}
}
""",
    "rng_mixed": """\
HloModule rng_mixed

ENTRY e {
  a = f32[] parameter(0)
  b = f16[] parameter(1)
  ROOT r = f32[4] rng(a, b), distribution=rng_uniform
}
""",
    "after_all_array": """\
HloModule after_all_array

ENTRY e {
  p = f32[] parameter(0)
  ROOT t = token[] after-all(p)
}
""",
    "permute_duplicate_pairs": """\
HloModule permute_duplicate_pairs, num_partitions=4

ENTRY e {
  p = f32[4] parameter(0)
  ROOT cp = f32[4] collective-permute(p), channel_id=1, source_target_pairs={{0,1},{0,2},{3,0}}
}
""",
    "global_ids_no_groups": """\
HloModule global_ids_no_groups, replica_count=2

add_f32 {
  x = f32[] parameter(0)
  y = f32[] parameter(1)
  ROOT s = f32[] add(x, y)
}

ENTRY e {
  p = f32[4] parameter(0)
  ROOT ar = f32[4] all-reduce(p), channel_id=1, replica_groups={}, use_global_device_ids=true, to_apply=add_f32
}
""",
    "send_without_channel": """\
HloModule send_without_channel

ENTRY e {
  p = f32[4] parameter(0)
  t = token[] after-all()
  s = (f32[4], u32[], token[]) send(p, t)
  ROOT d = token[] send-done(s)
}
""",
    "get_dimension_size_s64": """\
HloModule get_dimension_size_s64

ENTRY e {
  p = f32[4,<=8] parameter(0)
  ROOT g = s64[] get-dimension-size(p), dimensions={1}
}
""",
    "topk_smallest": """\
HloModule topk_smallest

ENTRY e {
  p = f32[4,8] parameter(0)
  ROOT t = (f32[4,2], s32[4,2]) topk(p), k=2, largest=false
}
""",
    "while_mixed_body": """\
HloModule while_mixed_body

cond {
  s = (s32[], f32[4]) parameter(0)
  i = s32[] get-tuple-element(s), index=0
  n = s32[] constant(3)
  ROOT lt = pred[] compare(i, n), direction=LT
}

body {
  s = (s32[], f32[4]) parameter(0)
  i = s32[] get-tuple-element(s), index=0
  one = s32[] constant(1)
  j = s32[] add(i, one)
  x = f32[4] get-tuple-element(s), index=1
  h = bf16[4] convert(x)
  y = f32[4] maximum(h, x)
  ROOT t = (s32[], f32[4]) tuple(j, y)
}

ENTRY e {
  p = f32[4] parameter(0)
  z = s32[] constant(0)
  init = (s32[], f32[4]) tuple(z, p)
  w = (s32[], f32[4]) while(init), condition=cond, body=body
  ROOT r = f32[4] get-tuple-element(w), index=1
}
""",
}

# The instructions each module imports in the fallback form.
EXPECTED_FALLBACK: dict[str, list[str]] = {
    "maximum_mixed": ["maximum"],
    "broadcast_convert": ["broadcast"],
    "all_reduce_mixed": ["all-reduce"],
    "convolution_pred": ["convolution"],
    "dynamic_slice_mixed": ["dynamic-slice"],
    "rng_mixed": ["rng"],
    "after_all_array": ["after-all"],
    "permute_duplicate_pairs": ["collective-permute"],
    "global_ids_no_groups": ["all-reduce"],
    "send_without_channel": ["send", "send-done"],
    "get_dimension_size_s64": ["get-dimension-size"],
    "topk_smallest": ["topk"],
    "while_mixed_body": ["maximum"],
}

# The modules our HLO verifier (like XLA's) accepts: `stablehlo_to_hlo` gives them back.
VERIFIED = frozenset({"send_without_channel", "topk_smallest"})


def _import(name: str) -> tuple[HloModule, str]:
    text = MODULES[name]
    xla_module_from_text(text)  # XLA's parser takes it
    module = hlo_translate.read_hlo(text, verify=False)
    return module, hlo_translate.hlo_to_stablehlo(module)


def _export_unverified(stablehlo: str) -> HloModule:
    """The exporter's module, without the check of the HLO it writes (`stablehlo_to_hlo`'s default)."""
    return hlo_translate.stablehlo_to_hlo(stablehlo, verify=False)


@pytest.mark.parametrize("name", sorted(MODULES))
def test_the_refused_instruction_imports_in_the_fallback_form(name: str) -> None:
    _, stablehlo = _import(name)
    assert fallback_opcodes(stablehlo) == EXPECTED_FALLBACK[name]
    with make_context():  # jaxlib's parser, which verifies what it reads
        ir.Module.parse(stablehlo).operation.verify()


@pytest.mark.parametrize("name", sorted(MODULES))
def test_the_fallback_form_exports_the_same_module(name: str) -> None:
    module, stablehlo = _import(name)
    back = _export_unverified(stablehlo)
    assert signature(back) == signature(module)
    xla_module_from_text(hlo_translate.write_hlo(back, HloFormat.TEXT).decode())


@pytest.mark.parametrize("name", sorted(MODULES))
def test_stablehlo_to_hlo_gives_the_module_back_or_names_its_invalid_instruction(name: str) -> None:
    module, stablehlo = _import(name)
    if name in VERIFIED:
        assert signature(hlo_translate.stablehlo_to_hlo(stablehlo)) == signature(module)
        return
    with pytest.raises(TranslateError) as raised:
        hlo_translate.stablehlo_to_hlo(stablehlo)
    assert not isinstance(raised.value, InternalError)
    assert "the xla.* custom call's attributes" in str(raised.value)


def test_a_module_that_verifies_has_no_fallback() -> None:
    text = """\
HloModule plain

ENTRY e {
  a = f32[4] parameter(0)
  b = f32[4] parameter(1)
  ROOT m = f32[4] maximum(a, b)
}
"""
    assert fallback_opcodes(hlo_translate.hlo_to_stablehlo(hlo_translate.read_hlo(text))) == []


def test_a_refusal_no_fallback_cures_stays_a_one_line_error() -> None:
    # A tuple whose shape is not its operands': no op stands for a tuple, so nothing can be carried.
    text = """\
HloModule bad_tuple

ENTRY e {
  p = f32[3] parameter(0)
  ROOT t = (f32[3], f32[2]) tuple(p, p)
}
"""
    with pytest.raises(TranslateError) as raised:
        hlo_translate.hlo_to_stablehlo(hlo_translate.read_hlo(text, verify=False))
    assert not isinstance(raised.value, InternalError)
    assert "\n" not in str(raised.value)


def _generated_modules():
    from tests.corpus import hlo_modules

    try:
        return hlo_modules()
    except Exception:
        return []


@pytest.mark.slow
def test_the_generated_corpus_imports_without_fallback() -> None:
    """JAX's modules (and XLA's optimized ones) are StableHLO's own: a fallback there is our bug."""
    modules = _generated_modules()
    if not modules:
        pytest.skip("the generated corpus is not available")
    needed = {}
    for path in modules:
        stablehlo = hlo_translate.hlo_to_stablehlo(hlo_translate.read_hlo(path.read_text(), verify=False))
        unexpected = [op for op in fallback_opcodes(stablehlo) if op not in FALLBACK_OPCODES]
        if unexpected:
            needed[f"{path.parent.name}/{path.name}"] = unexpected
    assert needed == {}


# Every kind of called computation: the carrier must name each under its attribute.
EVERY_CALLED_COMPUTATION = """\
HloModule every_form, replica_count=2

add {
  x = f32[] parameter(0)
  y = f32[] parameter(1)
  ROOT s = f32[] add(x, y)
}

ge {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT c = pred[] compare(a, b), direction=GE
}

less {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT c = pred[] compare(a, b), direction=LT
}

cond {
  s = (s32[], f32[4]) parameter(0)
  i = s32[] get-tuple-element(s), index=0
  n = s32[] constant(3)
  ROOT lt = pred[] compare(i, n), direction=LT
}

body {
  s = (s32[], f32[4]) parameter(0)
  i = s32[] get-tuple-element(s), index=0
  one = s32[] constant(1)
  j = s32[] add(i, one)
  x = f32[4] get-tuple-element(s), index=1
  y = f32[4] negate(x)
  ROOT t = (s32[], f32[4]) tuple(j, y)
}

branch0 {
  p = f32[4] parameter(0)
  ROOT n = f32[4] negate(p)
}

branch1 {
  p = f32[4] parameter(0)
  ROOT e = f32[4] exponential(p)
}

fused {
  p = f32[4] parameter(0)
  ROOT a = f32[4] abs(p)
}

ENTRY e {
  p = f32[4] parameter(0)
  k = s32[] parameter(1)
  z = s32[] constant(0)
  init = (s32[], f32[4]) tuple(z, p)
  w = (s32[], f32[4]) while(init), condition=cond, body=body
  wx = f32[4] get-tuple-element(w), index=1
  c = f32[4] conditional(k, wx, wx), branch_computations={branch0, branch1}
  f = f32[4] fusion(c), kind=kLoop, calls=fused
  call = f32[4] call(f), to_apply=fused
  m = f32[4] map(call, p), dimensions={0}, to_apply=add
  zero = f32[] constant(0)
  r = f32[] reduce(m, zero), dimensions={0}, to_apply=add
  sorted = f32[4] sort(m), dimensions={0}, to_apply=less
  rw = f32[2] reduce-window(sorted, zero), window={size=2 stride=2}, to_apply=add
  idx = s32[1,1] constant({{1}})
  upd = f32[1] constant({5})
  sc = f32[4] scatter(sorted, idx, upd), update_window_dims={}, inserted_window_dims={0}, scatter_dims_to_operand_dims={0}, index_vector_dim=1, to_apply=add
  sas = f32[4] select-and-scatter(sc, rw, zero), window={size=2 stride=2}, select=ge, scatter=add
  ar = f32[4] all-reduce(sas), replica_groups={{0,1}}, to_apply=add
  cc = f32[4] custom-call(ar), custom_call_target="foo", called_computations={fused}
  t = (f32[4], s32[]) tuple(cc, k)
  ROOT out = (f32[], (f32[4], s32[]), f32[2]) tuple(r, t, rw)
}
"""


def _all_in_fallback_form(module: HloModule) -> str:
    """`module` imported with every instruction that is an op of its own in the fallback form."""
    ids = frozenset(id(i) for c in module.computations for i in c.instructions if i.opcode not in NO_FALLBACK_OPCODES)
    with make_context(), ir.Location.unknown():
        result = ModuleImporter(module, fallback=ids).run()
        result.operation.verify()
        return module_to_text(result)


def test_any_opcode_comes_back_from_the_fallback_form() -> None:
    xla_module_from_text(EVERY_CALLED_COMPUTATION)
    module = hlo_translate.read_hlo(EVERY_CALLED_COMPUTATION)
    stablehlo = _all_in_fallback_form(module)
    assert {"while", "conditional", "fusion", "call", "map", "sort", "scatter", "select-and-scatter"} <= set(
        fallback_opcodes(stablehlo)
    )
    back = hlo_translate.stablehlo_to_hlo(stablehlo)
    assert signature(back) == signature(module)
    xla_module_from_text(hlo_translate.write_hlo(back, HloFormat.TEXT).decode())


@pytest.mark.slow
def test_the_generated_corpus_comes_back_from_the_fallback_form() -> None:
    """Every 10th module of the generated corpus, every instruction in the fallback form, exports back to
    the same module: the carrier is lossless for whatever JAX and XLA's passes write."""
    modules = _generated_modules()[::10]
    if not modules:
        pytest.skip("the generated corpus is not available")
    differ = []
    for path in modules:
        module = hlo_translate.read_hlo(path.read_text(), verify=False)
        if signature(hlo_translate.stablehlo_to_hlo(_all_in_fallback_form(module))) != signature(module):
            differ.append(f"{path.parent.name}/{path.name}")
    assert differ == []


def test_a_reducer_of_a_shared_form_keeps_its_fallback() -> None:
    """Reducers of one form are built once and copied (importer.py's templates): one holding an instruction
    in the fallback form is built on its own, the other stays plain."""
    text = """\
HloModule templates

add_a {
  x = f32[] parameter(0)
  y = f32[] parameter(1)
  ROOT s = f32[] add(x, y)
}

add_b {
  x = f32[] parameter(0)
  y = f32[] parameter(1)
  ROOT s = f32[] add(x, y)
}

ENTRY e {
  p = f32[8] parameter(0)
  z = f32[] constant(0)
  r1 = f32[] reduce(p, z), dimensions={0}, to_apply=add_a
  r2 = f32[] reduce(p, z), dimensions={0}, to_apply=add_b
  ROOT t = (f32[], f32[]) tuple(r1, r2)
}
"""
    module = hlo_translate.read_hlo(text)
    add_b = next(c for c in module.computations if c.name == "add_b")
    assert add_b.root is not None
    with make_context(), ir.Location.unknown():
        result = ModuleImporter(module, fallback=frozenset({id(add_b.root)})).run()
        result.operation.verify()
        stablehlo = module_to_text(result)
    assert fallback_opcodes(stablehlo) == ["add"]
    assert signature(hlo_translate.stablehlo_to_hlo(stablehlo)) == signature(module)


def test_the_cli_converts_an_invalid_module_both_ways_with_no_verify(tmp_path) -> None:
    """`--no-verify` converts what XLA's parser takes (an after-all of an array, which XLA's verifier refuses) and
    writes it back; without it, each direction is a one-line error and a non-zero exit."""
    from click.testing import CliRunner

    from hlo_translate.cli.main import app

    source = tmp_path / "m.hlo"
    source.write_text(MODULES["after_all_array"])
    runner = CliRunner()
    refused = runner.invoke(app, ["hlo-to-stablehlo", str(source)])
    assert refused.exit_code != 0 and len(refused.output.strip().splitlines()) == 1, refused.output
    mlir = tmp_path / "m.mlir"
    done = runner.invoke(app, ["hlo-to-stablehlo", "--no-verify", str(source), "-o", str(mlir)])
    assert done.exit_code == 0, done.output
    refused = runner.invoke(app, ["stablehlo-to-hlo", str(mlir)])
    assert refused.exit_code != 0 and "after-all" in refused.output, refused.output
    back = tmp_path / "back.hlo"
    done = runner.invoke(app, ["stablehlo-to-hlo", "--no-verify", str(mlir), "-o", str(back)])
    assert done.exit_code == 0, done.output
    want = signature(hlo_translate.read_hlo(MODULES["after_all_array"], verify=False))
    assert signature(hlo_translate.read_hlo(back.read_text(), verify=False)) == want
    converted = runner.invoke(
        app, ["convert-hlo", "--no-verify", "--emit", "proto", str(source), "-o", str(tmp_path / "m.pb")]
    )
    assert converted.exit_code == 0, converted.output
