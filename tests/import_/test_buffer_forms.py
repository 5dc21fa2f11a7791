"""Buffers `b(...)` and attributes StableHLO's printer or verifier would lose come back from HLO -> StableHLO ->
HLO as they were read (issue 26; the forms of `xla/service/hlo_verifier_test.cc`, `layout_assignment_test.cc`,
`gpu/custom_call_test.cc`, `hlo_cse_test.cc`, `collective_pipeliner_test.cc` and XLA's `hlo_to_mhlo` tests;
an explicit `result_accuracy={mode=default}` is the same module as none, to XLA):

- a custom call's buffer result no alias names (StableHLO refuses it), an async start or done over buffers, an
  elementwise op on buffers: the fallback form, the buffer typed as its array, `b(...)` in `xla_shape`;
- a Pin's or Unpin's aliasing as written (none included), a custom call's layouts of buffers;
- a send's or recv's `backend_config`, a broadcast of a size-1
  dimension to a larger one, a `Sharding` custom call with `xla.sdy.sharding` and no `sharding=`.

Oracle: XLA's parser reads the module we write back to the module it reads from the original text (instruction
multisets up to names: tests.support.hlo_compare.signature; layouts checked on XLA's own printing), and the
StableHLO between parses and verifies in jaxlib without any `mhlo.*` op.
"""

from __future__ import annotations

import re

import pytest

import hlo_translate
from hlo_translate.hlo.ir import HloModule
from tests.support.hlo_compare import normalized, signature, xla_module_from_text

UNALIASED_BUFFER_RESULT = """HloModule m
ENTRY e {
  p0 = f32[32] parameter(0)
  b = b(f32[32]) custom-call(p0), custom_call_target="Pin", output_to_operand_aliasing={{}: (0, {})}
  call0 = b(f32[32]) custom-call(b), custom_call_target="start_send", output_to_operand_aliasing={{}: (0, {})}
  call1 = (b(f32[16]), b(f32[32]), token[]) custom-call(call0), custom_call_target="end_send",
    output_to_operand_aliasing={{1}: (0, {})}, custom_call_has_side_effect=true
  ROOT c = f32[32] copy(p0)
}"""

ASYNC_OVER_BUFFERS = """HloModule m
ENTRY e {
  p0 = f32[10] parameter(0)
  b0 = b(f32[10]) custom-call(p0), custom_call_target="Pin", output_to_operand_aliasing={{}: (0, {})}
  start = ((b(f32[10])), b(f32[10])) custom-call-start(b0), custom_call_target="foo"
  done = b(f32[10]) custom-call-done(start)
  ROOT v = f32[10] custom-call(done), custom_call_target="Unpin", output_to_operand_aliasing={{}: (0, {})}
}"""

ASYNC_CALL_OVER_BUFFERS = """HloModule m
update {
  pa = b(s32[4]) parameter(0)
  ROOT va = b(s32[4]) custom-call(pa), custom_call_target="update", output_to_operand_aliasing={{}: (0, {})},
    api_version=API_VERSION_TYPED_FFI
}
ENTRY e {
  p0 = s32[4] parameter(0)
  b0 = b(s32[4]) custom-call(p0), custom_call_target="Pin", output_to_operand_aliasing={{}: (0, {})}
  start = ((b(s32[4])), b(s32[4])) async-start(b0), calls=update, frontend_attributes={_xla_stream_annotation="1"}
  done = b(s32[4]) async-done(start), frontend_attributes={_xla_stream_annotation="1"}
  ROOT v = s32[4] custom-call(done), custom_call_target="Unpin", output_to_operand_aliasing={{}: (0, {})}
}"""

# invalid (XLA's verifier wants an array), but XLA's parser reads it
ADD_OF_BUFFERS = """HloModule m
ENTRY e {
  p0 = f32[32] parameter(0)
  a = b(f32[32]) custom-call(p0), custom_call_target="Pin", output_to_operand_aliasing={{}: (0, {})}
  b = b(f32[32]) add(a, a)
  ROOT c = f32[32] custom-call(b), custom_call_target="Unpin", output_to_operand_aliasing={{}: (0, {})}
}"""

PIN_LAYOUT = """HloModule m
ENTRY e {
  init = s32[2,8] parameter(0)
  b0 = b(s32[2,8]{0,1}) custom-call(init), custom_call_target="Pin", output_to_operand_aliasing={{}: (0, {})},
    operand_layout_constraints={s32[2,8]{0,1}}
  b1 = b(s32[2,8]) custom-call(b0), custom_call_target="CallBack_AddOne", output_to_operand_aliasing={{}: (0, {})}
  ROOT v = s32[2,8] custom-call(b1), custom_call_target="Unpin", output_to_operand_aliasing={{}: (0, {})}
}"""

BUFFER_OPERAND_LAYOUT = """HloModule m
ENTRY e {
  init = s32[2,8] parameter(0)
  b0 = b(s32[2,8]) custom-call(init), custom_call_target="Pin", output_to_operand_aliasing={{}: (0, {})}
  b1 = b(s32[2,8]{0,1}) custom-call(b0), custom_call_target="CallBack_AddOne", output_to_operand_aliasing={{}: (0, {})},
    operand_layout_constraints={b(s32[2,8]{0,1})}
  ROOT v = s32[2,8] custom-call(b1), custom_call_target="Unpin", output_to_operand_aliasing={{}: (0, {})}
}"""

PIN_WITHOUT_ALIAS = """HloModule m
ENTRY e {
  p0 = f32[32] parameter(0)
  a = b(f32[32]) custom-call(p0), custom_call_target="Pin"
  ROOT b = f32[32] custom-call(a), custom_call_target="Unpin", output_to_operand_aliasing={{}:(0, {})}
}"""

UNPIN_WITHOUT_ALIAS = """HloModule m
ENTRY e {
  p0 = f32[32] parameter(0)
  a = b(f32[32]) custom-call(p0), custom_call_target="Pin", output_to_operand_aliasing={{}:(0, {})}
  ROOT b = f32[32] custom-call(a), custom_call_target="Unpin"
}"""

DEFAULT_ACCURACY = """HloModule m
ENTRY e {
  p = f32[] parameter(0)
  ROOT e = f32[] exponential(p), result_accuracy={mode=DEFAULT}
}"""

SEND_RECV_CONFIGS = """HloModule m
ENTRY e {
  a = f32[2] parameter(0)
  t = token[] after-all()
  s = (f32[2], u32[], token[]) send(a, t), channel_id=5, is_host_transfer=true, backend_config={"x":1}
  sd = token[] send-done(s), channel_id=5, is_host_transfer=true
  r = (f32[2], u32[], token[]) recv(sd), channel_id=6, is_host_transfer=true, backend_config={"y":2}
  rd = (f32[2], token[]) recv-done(r), channel_id=6, is_host_transfer=true
  ROOT g = f32[2] get-tuple-element(rd), index=0
}"""

# invalid (XLA's verifier wants equal sizes), but XLA's parser reads it (XLA's hlo_to_mhlo/tests/while.hlo)
BROADCAST_OF_SIZE_ONE = """HloModule m
ENTRY e {
  p = f32[1] parameter(0)
  q = f32[3] parameter(1)
  b = f32[3] broadcast(p), dimensions={0}
  ROOT a = f32[3] add(q, b)
}"""

SDY_ONLY_SHARDING = """HloModule m, frontend_attributes={xla.sdy.meshes={mesh = #sdy.mesh<["model"=2, "data"=8]>}}
ENTRY e {
  c = s32[1]{0} constant({0})
  k0 = s32[1]{0} custom-call(c), custom_call_target="Sharding",
    frontend_attributes={xla.sdy.sharding="#sdy.sharding_per_value<[<@mesh, [{\\"data\\"}]>]>"}
  k1 = s32[1]{0} custom-call(c), custom_call_target="Sharding",
    frontend_attributes={xla.sdy.sharding="#sdy.sharding_per_value<[<@mesh, [{}]>]>"}
  ROOT t = (s32[1]{0}, s32[1]{0}) tuple(k0, k1)
}"""

# name -> (module, whether XLA's verifier takes it: the exporter's verifier then runs too)
CASES = {
    "unaliased-buffer-result": (UNALIASED_BUFFER_RESULT, True),
    "async-over-buffers": (ASYNC_OVER_BUFFERS, True),
    "async-call-over-buffers": (ASYNC_CALL_OVER_BUFFERS, True),
    "add-of-buffers": (ADD_OF_BUFFERS, False),
    "pin-layout": (PIN_LAYOUT, True),
    "buffer-operand-layout": (BUFFER_OPERAND_LAYOUT, True),
    "pin-without-alias": (PIN_WITHOUT_ALIAS, True),
    "unpin-without-alias": (UNPIN_WITHOUT_ALIAS, True),
    "default-result-accuracy": (DEFAULT_ACCURACY, True),
    "send-recv-backend-configs": (SEND_RECV_CONFIGS, True),
    "broadcast-of-size-one": (BROADCAST_OF_SIZE_ONE, False),
    "sdy-only-sharding": (SDY_ONLY_SHARDING, True),
}


def _round_trip(text: str, verify: bool) -> tuple[str, HloModule]:
    from tests.dumps.checks import _verified_without_mhlo

    stablehlo = hlo_translate.hlo_to_stablehlo(hlo_translate.read_hlo(text, verify=False))
    _verified_without_mhlo(stablehlo)
    return stablehlo, hlo_translate.stablehlo_to_hlo(stablehlo, verify=verify)


def _xla_text(text: str) -> str:
    from jaxlib import _hlo

    options = _hlo.HloPrintOptions.short_parsable()
    options.print_large_constants = True
    return str(xla_module_from_text(text).to_string(options))


def _as_xla_reads(text: str) -> HloModule:
    """The module XLA's parser reads from `text`, printed by XLA and read back by ours."""
    return hlo_translate.read_hlo(_xla_text(text), verify=False)


@pytest.mark.parametrize("case", sorted(CASES))
def test_round_trip_gives_the_module_back(case: str) -> None:
    text, valid = CASES[case]
    _, back = _round_trip(text, verify=valid)
    assert signature(_as_xla_reads(hlo_translate.write_hlo(back).decode())) == signature(_as_xla_reads(text))


def _line(text: str, needle: str) -> str:
    return next(line for line in text.splitlines() if needle in line)


def test_an_unaliased_buffer_result_is_its_array_with_the_buffer_in_xla_shape() -> None:
    stablehlo, back = _round_trip(UNALIASED_BUFFER_RESULT, verify=True)
    end_send = _line(stablehlo, "end_send")
    assert 'xla_shape = "(b(f32[16]), b(f32[32]), token[])"' in end_send
    assert "-> (tensor<16xf32>, tensor<32xf32>, !stablehlo.token)" in end_send
    # the aliased ones stay typed custom calls of memrefs
    assert "stablehlo.custom_call @start_send" in stablehlo and "-> memref<32xf32>" in _line(stablehlo, "start_send")
    written = hlo_translate.write_hlo(back).decode()
    assert "(b(f32[16]{0}), b(f32[32]{0}), token[]) custom-call(" in _xla_text(written)


def test_a_function_returning_a_buffer_as_its_array_says_so_in_its_type() -> None:
    stablehlo, _ = _round_trip(ASYNC_OVER_BUFFERS, verify=True)
    wrapped = _line(stablehlo, "func.func private")
    assert "(%arg0: memref<10xf32>" in wrapped and wrapped.rstrip(" {").endswith("-> tensor<10xf32>")


def test_layouts_of_buffers_come_back() -> None:
    """A Pin's layout constraint stays typed (its result a strided memref); a buffer operand's constraint
    keeps the buffer's layout."""
    stablehlo, back = _round_trip(PIN_LAYOUT, verify=True)
    pin = _line(stablehlo, "@Pin")
    assert "result_layouts = [dense<[0, 1]>" in pin and "memref<2x8xi32, strided<[1, 2]>>" in pin
    written = _xla_text(hlo_translate.write_hlo(back).decode())
    assert "s32[2,8]{0,1}" in _line(written, 'custom_call_target="Pin"')
    _, back = _round_trip(BUFFER_OPERAND_LAYOUT, verify=True)
    written = _xla_text(hlo_translate.write_hlo(back).decode())
    assert "operand_layout_constraints={b(s32[2,8]{0,1})}" in _line(written, "CallBack_AddOne")


@pytest.mark.parametrize("text,target", [(PIN_WITHOUT_ALIAS, "Pin"), (UNPIN_WITHOUT_ALIAS, "Unpin")])
def test_a_pin_or_unpin_without_alias_comes_back_without(text: str, target: str) -> None:
    stablehlo, back = _round_trip(text, verify=True)
    assert 'xla.attributes = {output_to_operand_aliasing = "{}"}' in _line(stablehlo, f"@{target}(")
    written = _xla_text(hlo_translate.write_hlo(back).decode())
    assert "output_to_operand_aliasing" not in _line(written, f'custom_call_target="{target}"')
    other = "Unpin" if target == "Pin" else "Pin"
    assert "output_to_operand_aliasing={{}: (0, {})}" in _line(written, f'custom_call_target="{other}"')


def test_xla_reads_an_explicit_default_result_accuracy_as_none() -> None:
    """Why the round trip may write no `result_accuracy={mode=default}` (hlo_compare's normalization): XLA's
    parser keeps none, its proto is that of the module without it."""
    without = DEFAULT_ACCURACY.replace(", result_accuracy={mode=DEFAULT}", "")
    assert without != DEFAULT_ACCURACY
    protos = [normalized(xla_module_from_text(t).as_serialized_hlo_module_proto()) for t in (DEFAULT_ACCURACY, without)]
    assert protos[0] == protos[1]
    stablehlo, _ = _round_trip(DEFAULT_ACCURACY, verify=True)
    assert "stablehlo.exponential" in stablehlo


def test_a_send_or_recv_backend_config_is_the_starts() -> None:
    _, back = _round_trip(SEND_RECV_CONFIGS, verify=True)
    written = _xla_text(hlo_translate.write_hlo(back).decode())
    assert 'backend_config={"x":1}' in _line(written, " send(")
    assert 'backend_config={"y":2}' in _line(written, " recv(")
    assert "backend_config" not in _line(written, "send-done(") + _line(written, "recv-done(")


def test_a_broadcast_of_a_size_one_dimension_is_a_marked_broadcast_in_dim() -> None:
    stablehlo, back = _round_trip(BROADCAST_OF_SIZE_ONE, verify=False)
    assert "xla.broadcast_as_written" in _line(stablehlo, "stablehlo.broadcast_in_dim")
    assert sorted(i.opcode for i in back.entry.instructions) == ["add", "broadcast", "parameter", "parameter"]
    # StableHLO's own broadcast of a size-1 dimension is still a reshape and a broadcast, as XLA's builder has it
    plain = stablehlo.replace("xla.broadcast_as_written", "xla.other")
    again = hlo_translate.stablehlo_to_hlo(plain)
    assert sorted(i.opcode for i in again.entry.instructions) == [
        "add",
        "broadcast",
        "parameter",
        "parameter",
        "reshape",
    ]


def test_a_sharding_custom_call_with_only_its_sdy_sharding_comes_back_without_sharding() -> None:
    stablehlo, back = _round_trip(SDY_ONLY_SHARDING, verify=True)
    assert stablehlo.count("sdy.sharding_constraint") == 2 and stablehlo.count("xla.sdy_only_sharding") == 2
    written = _xla_text(hlo_translate.write_hlo(back).decode())
    calls = [line for line in written.splitlines() if 'custom_call_target="Sharding"' in line]
    assert len(calls) == 2 and not any(re.search(r"\bsharding=\{", line) for line in calls)
    # the GSPMD form (shardings="gspmd") keeps the sharding: the constraint is not lost there
    gspmd = hlo_translate.hlo_to_stablehlo(hlo_translate.read_hlo(SDY_ONLY_SHARDING, verify=False), shardings="gspmd")
    assert gspmd.count("mhlo.sharding") >= 2 and "xla.sdy_only_sharding" not in gspmd
