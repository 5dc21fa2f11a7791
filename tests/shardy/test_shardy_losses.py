"""What HLO -> StableHLO -> HLO used to lose (issue 15, section 2), and the forms of `mhlo.sharding`.

Oracles: XLA's HLO parser reads our HLO (instruction shardings and control predecessors compared as
XLA reads them), XLA's own StableHLO -> HLO converter (the shardings it writes for the same module),
XLA's HLO -> StableHLO importer (it must accept our HLO), and execution on XLA CPU against JAX.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

import hlo_translate
from hlo_translate.hlo.ir import HloModule
from hlo_translate.hlo.text import parse_hlo_text


def to_hlo(mlir: str) -> str:
    text = hlo_translate.write_hlo(hlo_translate.stablehlo_to_hlo(mlir), hlo_translate.HloFormat.TEXT)
    return text.decode() if isinstance(text, bytes) else text


def round_trip(hlo: str) -> str:
    """HLO -> our StableHLO (text without locations) -> our HLO."""
    return to_hlo(hlo_translate.hlo_to_stablehlo(hlo, locations=False))


def as_xla_reads(hlo: str) -> HloModule:
    """``hlo`` parsed by XLA, printed by XLA (constants in full), read back into our IR."""
    from jaxlib import _hlo

    options = _hlo.HloPrintOptions()
    options.print_large_constants = True
    return parse_hlo_text(_hlo.hlo_module_from_text(hlo).to_string(options))


def xla_translation(mlir: str) -> str:
    from jaxlib import _jax

    computation = _jax.mlir.mlir_module_to_xla_computation(mlir, use_tuple_args=False, return_tuple=False)
    return computation.as_hlo_text()


def shardings(module: HloModule, opcodes: set[str]) -> Counter:
    """(opcode, sharding as XLA prints it) of the entry's instructions with those opcodes."""
    return Counter(
        (i.opcode, i.attributes["sharding"].to_text() if "sharding" in i.attributes else None)
        for i in module.entry.instructions
        if i.opcode in opcodes
    )


# ---------------------------------------------------------------------------------------------
# send / recv shardings

P2P = {"send", "send-done", "recv", "recv-done"}

SEND_RECV = """HloModule m, num_partitions=2

ENTRY main {
  p = f32[4] parameter(0), sharding={manual}
  t = token[] after-all()
  s = (f32[4], u32[], token[]) send(p, t), channel_id=1, frontend_attributes={_xla_send_recv_source_target_pairs={{0,1}}}, sharding={{manual}, {manual}, {manual}}
  sd = token[] send-done(s), channel_id=1, frontend_attributes={_xla_send_recv_source_target_pairs={{0,1}}}, sharding={manual}
  r = (f32[4], u32[], token[]) recv(sd), channel_id=2, frontend_attributes={_xla_send_recv_source_target_pairs={{0,1}}}, sharding={{manual}, {manual}, {manual}}
  rd = (f32[4], token[]) recv-done(r), channel_id=2, frontend_attributes={_xla_send_recv_source_target_pairs={{0,1}}}, sharding={{manual}, {manual}}
  ROOT g = f32[4] get-tuple-element(rd), index=0, sharding={manual}
}
"""


def test_send_recv_shardings_survive() -> None:
    back = round_trip(SEND_RECV)
    assert shardings(as_xla_reads(back), P2P) == shardings(as_xla_reads(SEND_RECV), P2P)


def test_done_sharding_that_differs_survives() -> None:
    """A done whose sharding is not the one derived from its start's (here: none) is kept apart."""
    hlo = SEND_RECV.replace(", sharding={{manual}, {manual}}\n", "\n").replace(
        "send-done(s), channel_id=1, frontend_attributes={_xla_send_recv_source_target_pairs={{0,1}}}, sharding={manual}",
        "send-done(s), channel_id=1, frontend_attributes={_xla_send_recv_source_target_pairs={{0,1}}}, sharding={maximal device=1}",
    )
    mlir = hlo_translate.hlo_to_stablehlo(hlo, locations=False)
    assert "xla.done_sharding" in mlir
    assert shardings(as_xla_reads(to_hlo(mlir)), P2P) == shardings(as_xla_reads(hlo), P2P)


HOST = ("type = 2>, is_host_transfer = true", "type = 3>, is_host_transfer = true")
DEVICE = ("type = 1>, source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>",) * 2


@pytest.mark.parametrize(
    "send, recv, channels",
    [
        ('"{maximal device=0}"', '"{maximal device=1}"', HOST),
        ('"{manual}"', '"{{maximal device=1}, {maximal device=0}}"', DEVICE),
    ],
    ids=["one-each", "per-result-tuple"],
)
def test_send_recv_shardings_match_xla(send: str, recv: str, channels: tuple[str, str]) -> None:
    """One StableHLO sharding spread over send/recv, their dones and the data read, as XLA spreads it."""
    mlir = f"""module @m attributes {{mhlo.num_partitions = 2 : i32}} {{
  func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {{
    %0 = stablehlo.create_token : !stablehlo.token
    %1 = "stablehlo.send"(%arg0, %0) <{{channel_handle = #stablehlo.channel_handle<handle = 1, {channels[0]}}}> {{mhlo.sharding = {send}}} : (tensor<4xf32>, !stablehlo.token) -> !stablehlo.token
    %2:2 = "stablehlo.recv"(%1) <{{channel_handle = #stablehlo.channel_handle<handle = 2, {channels[1]}}}> {{mhlo.sharding = {recv}}} : (!stablehlo.token) -> (tensor<4xf32>, !stablehlo.token)
    return %2#0 : tensor<4xf32>
  }}
}}"""
    ours, theirs = as_xla_reads(to_hlo(mlir)), as_xla_reads(xla_translation(mlir))
    assert shardings(ours, P2P) == shardings(theirs, P2P)
    # The data read (XLA also writes the unused token read; our exporter drops dead code).
    assert ours.entry.root.attributes["sharding"].to_text() == theirs.entry.root.attributes["sharding"].to_text()


# ---------------------------------------------------------------------------------------------
# control-predecessors

CONTROL = """HloModule m

body {
  s = (s32[], f32[4]) parameter(0)
  i = s32[] get-tuple-element(s), index=0
  x = f32[4] get-tuple-element(s), index=1
  one = s32[] constant(1)
  j = s32[] add(i, one)
  y = f32[4] multiply(x, x), control-predecessors={j}
  ROOT r = (s32[], f32[4]) tuple(j, y)
}

cond {
  s = (s32[], f32[4]) parameter(0)
  i = s32[] get-tuple-element(s), index=0
  n = s32[] constant(3)
  ROOT lt = pred[] compare(i, n), direction=LT
}

ENTRY main {
  p = f32[4] parameter(0)
  a = f32[4] add(p, p)
  e = f32[4] exponential(p)
  m = f32[4] multiply(p, p), control-predecessors={a, e}
  zero = s32[] constant(0)
  init = (s32[], f32[4]) tuple(zero, m)
  w = (s32[], f32[4]) while(init), condition=cond, body=body
  y = f32[4] get-tuple-element(w), index=1
  ROOT t = (f32[4], f32[4]) tuple(a, y)
}
"""


def _control_edges(module: HloModule) -> set[tuple[str, str, tuple[str, ...]]]:
    """(computation kind, opcode, opcodes of its control predecessors) for every edge."""
    edges = set()
    for computation in module.computations:
        kind = "entry" if computation is module.entry else "other"
        for instr in computation.instructions:
            if instr.control_predecessors:
                edges.add((kind, instr.opcode, tuple(sorted(p.opcode for p in instr.control_predecessors))))
    return edges


def test_control_predecessors_survive() -> None:
    mlir = hlo_translate.hlo_to_stablehlo(CONTROL, locations=False)
    assert "xla.control_predecessors" in mlir
    back = to_hlo(mlir)
    assert (
        _control_edges(as_xla_reads(back))
        == _control_edges(as_xla_reads(CONTROL))
        == {("entry", "multiply", ("add", "exponential")), ("other", "multiply", ("add",))}
    )
    inputs = [np.arange(4, dtype=np.float32)]
    np.testing.assert_array_equal(hlo_translate.execute(back, inputs)[0], hlo_translate.execute(CONTROL, inputs)[0])


def test_unknown_control_predecessor_is_an_error() -> None:
    from hlo_translate.errors import TranslateError

    mlir = """func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.negate %a {xla.control_predecessors = array<i64: 5>} : tensor<4xf32>
  return %0 : tensor<4xf32>
}"""
    with pytest.raises(TranslateError) as err:
        to_hlo(mlir)
    assert "\n" not in str(err.value) and "stablehlo.negate" in str(err.value)


# ---------------------------------------------------------------------------------------------
# HLO that XLA's own importer must read back


def _xla_reads_back(hlo: str) -> None:
    from hlo_translate.execution.oracle import xla_hlo_to_stablehlo

    xla_hlo_to_stablehlo(hlo)  # raises on what XLA's HLO -> StableHLO step rejects


def test_approx_top_k_reads_back_in_xla() -> None:
    """JAX's approx_max_k (the fallback XLA's converter writes as sort and slices): XLA's importer
    reads our HLO (it rejects the ApproxTopK custom-call it would give an xla_shape), directly and
    after a round trip, and the HLO runs through XLA's usual path to JAX's values."""
    import jax

    x = np.random.default_rng(0).standard_normal((8, 32)).astype(np.float32)
    f = jax.jit(lambda v: jax.lax.approx_max_k(v, 4))
    ours = to_hlo(f.lower(x).as_text())
    assert "ApproxTopK" not in ours and "sort(" in ours
    _xla_reads_back(ours)
    again = round_trip(ours)
    assert "xla_shape" not in again
    _xla_reads_back(again)
    values, indices = hlo_translate.execute(again, [x])
    want_values, want_indices = f(x)
    np.testing.assert_array_equal(values, np.asarray(want_values))
    np.testing.assert_array_equal(indices, np.asarray(want_indices))


def test_scalar_pred_constant_has_no_layout() -> None:
    """XLA rejects `pred[]{0}`: a scalar pred constant is written without a layout, in text and proto."""
    mlir = """func.func @main(%a: tensor<i1>, %b: tensor<4xi1>) -> (tensor<i1>, tensor<4xi1>) {
  %c = stablehlo.constant dense<true> : tensor<i1>
  %d = stablehlo.constant dense<[true, false, true, false]> : tensor<4xi1>
  %0 = stablehlo.and %a, %c : tensor<i1>
  %1 = stablehlo.xor %b, %d : tensor<4xi1>
  return %0, %1 : tensor<i1>, tensor<4xi1>
}"""
    ours = to_hlo(mlir)
    assert "pred[]{" not in ours
    _xla_reads_back(ours)
    proto = hlo_translate.write_hlo(hlo_translate.stablehlo_to_hlo(mlir), hlo_translate.HloFormat.PROTO)
    from jaxlib import _hlo

    assert "pred[]{" not in _hlo.HloModule.from_serialized_hlo_module_proto(proto).to_string()
    a, b = np.array(False), np.array([True, True, False, False])
    got = hlo_translate.execute(round_trip(ours), [a, b])
    np.testing.assert_array_equal(got[0], a & True)
    np.testing.assert_array_equal(got[1], b ^ np.array([True, False, True, False]))


# ---------------------------------------------------------------------------------------------
# mhlo.sharding in every form XLA accepts


def _op_sharding_bytes() -> str:
    from hlo_translate.proto import xla_data_pb2

    message = xla_data_pb2.OpSharding(
        type=xla_data_pb2.OpSharding.OTHER, tile_assignment_dimensions=[2, 1], tile_assignment_devices=[1, 0]
    )
    return "".join(f"\\{c:02X}" for c in message.SerializeToString())


def _forms_module(value: str) -> str:
    return f"""module @m attributes {{mhlo.num_partitions = 2 : i32}} {{
  func.func @main(%a: tensor<4x4xf32> {{mhlo.sharding = {value}}}) -> (tensor<4x4xf32> {{mhlo.sharding = {value}}}) {{
    %0 = stablehlo.negate %a {{mhlo.sharding = {value}}} : tensor<4x4xf32>
    %1:2 = stablehlo.custom_call @foo(%0) {{mhlo.sharding = {value}}} : (tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>)
    %2 = stablehlo.tuple %1#0, %1#1 {{mhlo.sharding = "{{{{replicated}}, {{maximal device=1}}}}"}} : tuple<tensor<4x4xf32>, tensor<4x4xf32>>
    %3 = stablehlo.get_tuple_element %2[1] : (tuple<tensor<4x4xf32>, tensor<4x4xf32>>) -> tensor<4x4xf32>
    return %3 : tensor<4x4xf32>
  }}
}}"""


@pytest.mark.parametrize(
    "value", [_op_sharding_bytes(), "", "{devices=[1,2]0,1}"], ids=["opsharding-bytes", "empty", "text"]
)
def test_mhlo_sharding_forms_match_xla(value: str) -> None:
    """Serialized OpSharding bytes, the empty string (replicated) and text; a non-tuple sharding on a
    multi-result op and a tuple sharding on a tuple-typed value: our HLO has XLA's shardings."""
    mlir = _forms_module(f'"{value}"')
    opcodes = {"parameter", "negate", "custom-call"}
    ours, theirs = as_xla_reads(to_hlo(mlir)), as_xla_reads(xla_translation(mlir))
    assert shardings(ours, opcodes) == shardings(theirs, opcodes)
    assert ours.entry.root.attributes["sharding"].to_text() == theirs.entry.root.attributes["sharding"].to_text()
    # XLA folds the tuple its get-tuple-element reads; ours keeps it, with its tuple sharding.
    assert ("tuple", "{{replicated}, {maximal device=1}}") in shardings(ours, {"tuple"})


def test_malformed_mhlo_sharding_bytes_are_an_error() -> None:
    from hlo_translate.errors import TranslateError

    with pytest.raises(TranslateError) as err:
        to_hlo(_forms_module('"\\FF\\FF\\FF"'))
    assert "\n" not in str(err.value) and "OpSharding" in str(err.value)


# ---------------------------------------------------------------------------------------------
# A conditional branch that does not read every leaf of its tuple operand

CONDITIONAL = """HloModule m

b0 {
  t0 = (f32[4], f32[4], s32[]) parameter(0)
  x0 = f32[4] get-tuple-element(t0), index=0
  ROOT n0 = f32[4] negate(x0)
}

b1 {
  t1 = (f32[4], f32[4], s32[]) parameter(0)
  y1 = f32[4] get-tuple-element(t1), index=1
  ROOT a1 = f32[4] abs(y1)
}

b2 {
  t2 = (f32[4], f32[4]) parameter(0)
  x2 = f32[4] get-tuple-element(t2), index=0
  y2 = f32[4] get-tuple-element(t2), index=1
  ROOT d2 = f32[4] subtract(x2, y2)
}

ENTRY main {
  i = s32[] parameter(0)
  x = f32[4] parameter(1)
  y = f32[4] parameter(2)
  tu = (f32[4], f32[4], s32[]) tuple(x, y, i)
  pair = (f32[4], f32[4]) tuple(x, y)
  ROOT c = f32[4] conditional(i, tu, tu, pair), branch_computations={b0, b1, b2}
}
"""


def test_conditional_branch_keeps_unread_leaves() -> None:
    back = as_xla_reads(round_trip(CONDITIONAL))
    original = as_xla_reads(CONDITIONAL)
    conditional = next(i for i in back.entry.instructions if i.opcode == "conditional")
    expected = next(i for i in original.entry.instructions if i.opcode == "conditional")
    assert [o.shape.to_text() for o in conditional.operands] == [o.shape.to_text() for o in expected.operands]
    branches = {c.name: c for c in back.computations}
    called = [branches[str(getattr(c, "name", c))] for c in conditional.attributes["branch_computations"]]
    assert [c.parameters[0].shape.to_text() for c in called] == [
        "(f32[4]{0}, f32[4]{0}, s32[])",
        "(f32[4]{0}, f32[4]{0}, s32[])",
        "(f32[4]{0}, f32[4]{0})",
    ]
    x, y = np.arange(4, dtype=np.float32), np.full(4, -3, np.float32)
    for index in range(3):
        inputs = [np.array(index, np.int32), x, y]
        np.testing.assert_array_equal(
            hlo_translate.execute(round_trip(CONDITIONAL), inputs)[0], hlo_translate.execute(CONDITIONAL, inputs)[0]
        )
