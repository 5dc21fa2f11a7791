"""Text forms of XLA's own test files (issue 26) that XLA's parser reads and ours must read to the same module:
XLA's parse of our printed text, and XLA's load of our HloModuleProto, are the module XLA parses from the
original (compared as serialized protos after renumbering ids, `tests/support/hlo_compare.py`).
"""

from __future__ import annotations

import pytest
from jax.errors import JaxRuntimeError  # what jaxlib's HLO readers raise

from hlo_translate import read_hlo
from hlo_translate.errors import TranslateError
from hlo_translate.hlo.proto import module_from_proto_bytes, module_to_proto_bytes
from hlo_translate.hlo.text import parse_hlo_text, print_hlo_text
from tests.support.hlo_compare import assert_same_module, xla_module_from_proto, xla_module_from_text

_REDUCER = """add {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}
"""

# form -> text XLA's parser reads
ACCEPTED = {
    # an instruction without its result shape: XLA's parser infers it (its `CanInferShape` opcodes)
    "inferred_pad_transpose_dot_concatenate": """HloModule m
ENTRY e {
  p = f32[2,3]{0,1} parameter(0)
  q = bf16[3,4] parameter(1)
  c = f32[] constant(0)
  pd = pad(p, c), padding=1_1x0_2_1
  t = transpose(p), dimensions={1,0}
  t2 = transpose(q), dimensions={1,0}
  d = dot(p, q), lhs_contracting_dims={1}, rhs_contracting_dims={0}
  cc = concatenate(p, p), dimensions={0}
  r = reverse(p), dimensions={0}
  ROOT r2 = tuple(pd, t, t2, d, cc, r)
}
""",
    "inferred_batch_dot": """HloModule m
ENTRY e {
  p = f32[5,2,3] parameter(0)
  q = f32[5,3,4] parameter(1)
  ROOT d = dot(p, q), lhs_batch_dims={0}, lhs_contracting_dims={2}, rhs_batch_dims={0}, rhs_contracting_dims={1}
}
""",
    "inferred_reduce_and_reduce_window": _REDUCER
    + """ENTRY e {
  p = f32[4,6]{0,1} parameter(0)
  z = f32[] constant(0)
  r = reduce(p, z), dimensions={1}, to_apply=add
  w = reduce-window(p, z), window={size=2x3 stride=2x1 pad=0_1x1_1}, to_apply=add
  ROOT t = tuple(r, w)
}
""",
    "inferred_convolution": """HloModule m
ENTRY e {
  x = f32[1,8,8,3] parameter(0)
  k = f32[3,3,3,16] parameter(1)
  ROOT c = convolution(x, k), window={size=3x3 stride=2x2 pad=1_1x1_1}, dim_labels=b01f_01io->b01f
}
""",
    "inferred_while_call_conditional_sort": """HloModule m
cond {
  p = (s32[], f32[2]{0}) parameter(0)
  i = get-tuple-element(p), index=0
  n = s32[] constant(3)
  ROOT lt = compare(i, n), direction=LT
}
body {
  p = (s32[], f32[2]) parameter(0)
  i = get-tuple-element(p), index=0
  one = s32[] constant(1)
  j = add(i, one)
  v = get-tuple-element(p), index=1
  ROOT t = tuple(j, v)
}
callee {
  a = f32[2] parameter(0)
  ROOT n = f32[2]{0} negate(a)
}
less {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT lt = compare(a, b), direction=LT
}
ENTRY e {
  x = f32[2] parameter(0)
  z = s32[] constant(0)
  init = tuple(z, x)
  w = while(init), condition=cond, body=body
  c = call(x), to_apply=callee
  b = pred[] parameter(1)
  k = conditional(b, x, x), true_computation=callee, false_computation=callee
  s = sort(x), dimensions={0}, to_apply=less
  ROOT t = tuple(w, c, k, s)
}
""",
    "inferred_broadcast_and_dimension_sizes": """HloModule m
ENTRY e {
  p = f32[3] parameter(0)
  b = broadcast(p), dimensions={2}
  g = get-dimension-size(p), dimensions={0}
  ROOT t = tuple(b, g)
}
""",
    # a bare value for an array constant: XLA sets the first element to it, the others to zero
    "scalar_literal_for_an_array": """HloModule m
ENTRY e {
  a = bf16[4,3] constant(0.)
  b = f32[2,3] constant(7)
  c = pred[2] constant(true)
  d = s32[2,2]{0,1} constant(-5)
  ROOT t = tuple(a, b, c, d)
}
""",
    # buffer shapes `b(f32[4,16])`: results, parameters, tuple elements, operand shapes
    "buffer_shapes": """HloModule m
ENTRY e {
  p = (s32[], b(f32[4,16]{0,1})) parameter(0)
  b0 = b(f32[4,16]{0,1}) get-tuple-element(p), index=1
  c = b(f32[4, 16]) custom-call(b(f32[4,16]{0,1}) b0), custom_call_target="foo", output_to_operand_aliasing={{}: (0, {})}, api_version=API_VERSION_TYPED_FFI
  i = s32[] get-tuple-element(p), index=0
  ROOT t = (b(f32[4,16]), s32[]) tuple(c, i)
}
""",
    # a computation's body right after its result shape: the brace is no layout
    "body_brace_right_after_the_result_shape": """HloModule m
ENTRY e (p: f32[2,3]) -> f32[2,3]{
  ROOT p = f32[2,3]{1,0} parameter(0)
}
""",
    # a layout after a space: XLA's lexer skips it (a brace followed by an integer or ':' is a layout's)
    "layout_after_a_space": """HloModule m
ENTRY e (p: f32[2,3] {0,1}) -> f32[3,2] {
  p = f32[2,3] {0, 1} parameter(0)
  ROOT b = f32[3,2] {1,0} bitcast(p)
}
""",
    # computations written in place, `to_apply={...}`: XLA names them `_` (made unique) and lists each
    # before its caller, an async wrapper right after the computation it wraps
    "inline_computations": """HloModule m
ENTRY e {
  p = f32[4] parameter(0)
  z = f32[] constant(0)
  r = reduce(p, z), dimensions={0}, to_apply={
    a = f32[] parameter(0)
    b = f32[] parameter(1)
    ROOT s = add(a, b)
  }
  c = call(r), to_apply={
    x = f32[] parameter(0)
    ROOT n = call(x), to_apply={
      y = f32[] parameter(0)
      ROOT m = negate(y)
    }
  }
  s = ((f32[]), f32[], s32[]) call-start(c), to_apply={
    x = f32[] parameter(0)
    ROOT n = f32[] exponential(x)
  }, async_execution_thread="thread"
  d = f32[] call-done(s)
  ROOT t = tuple(r, c, d)
}
""",
    # a tuple `outfeed_shape` ending its line, the next line starting with a tuple shape
    "tuple_outfeed_shape": """HloModule m
ENTRY e {
  token0 = token[] after-all()
  infeed = ((u32[3]{0}, pred[]), token[]) infeed(token0)
  data = (u32[3]{0}, pred[]) get-tuple-element(infeed), index=0
  outfeed = token[] outfeed(data, token0), outfeed_shape=(u32[3]{0}, pred[])
  ROOT infeed.1 = ((u32[3]{0}, pred[]), token[]) infeed(token0)
}
""",
    # `?` in dim_labels: a dimension the convolution does not name
    "unnamed_convolution_dimensions": """HloModule m
ENTRY e {
  x = f32[1,2,3,4,5] parameter(0)
  k = f32[1,2,3,5,6] parameter(1)
  ROOT r = f32[1,2,1,3,6] convolution(x, k), window={size=2x3}, dim_labels=?b01f_0?1io->b01?f
}
""",
    # what XLA's proto writer sets though the text leaves it out: an outfeed's shape (its operand's), a
    # dot's dimension numbers (none)
    "outfeed_without_its_shape_and_dot_without_dimensions": """HloModule m
ENTRY e {
  p = f32[2]{0} parameter(0)
  s = f32[] parameter(1)
  t = token[] after-all()
  o = token[] outfeed(p, t)
  ROOT d = f32[2] dot(p, s)
}
""",
    # a convolution's sparsity config (`sparsity` is num_non_zero x block_size), and a scan, whose
    # is_associative XLA's parser makes false when the text leaves it out
    "sparsity_config_and_scan": """HloModule m
add {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  s = f32[] add(a, b)
  ROOT t = (f32[], f32[]) tuple(s, s)
}
ENTRY e {
  x = f32[1,2] parameter(0)
  k = f32[2,2] parameter(1)
  c = f32[1,2] convolution(x, k), dim_labels=bf_io->bf,
    sparsity_config={lhs={sparsity=1x2 dimension=1} rhs={sparsity=3x4 dimension=0 stride=1}}
  v = f32[4] parameter(2)
  i = f32[] parameter(3)
  s = (f32[4], f32[]) scan(v, i), dimensions={0}, num_carries=1, to_apply=add
  ROOT t = tuple(c, s)
}
""",
    # original values: a leaf without an original array `{}`, and a synthetic call
    "original_values_empty_leaf_and_synthetic_call": """HloModule m
incr {
  x = f32[] parameter(0)
  ROOT n = f32[] negate(x)
}
ENTRY e {
  p = ((f32[], f32[3]{0}), f32[2,3]) parameter(0), origin={(({}, {"v2"}), {"v3"})}
  a = f32[] parameter(1)
  c = f32[] call(a), to_apply=incr, origin={[synthetic_call]}
  ROOT t = tuple(p, c)
}
""",
    # shapes XLA's parser makes whatever the text declares: a send's of its operand, a recv's of its declared
    # data, `token[]` for send-done and outfeed
    "shapes_xla_makes_for_send_recv_outfeed": """HloModule m
ENTRY e {
  p = f32[2,3]{1,0} parameter(0)
  tk = token[] after-all()
  s = (f32[2,3]{0,1}, u32[], token[]) send(p, tk), channel_id=1
  sd = token[] send-done(s), channel_id=1
  r = (f32[4]{0}) recv(tk), channel_id=2
  rd = (f32[4], token[]) recv-done(r), channel_id=2
  o = () outfeed(p, tk)
  ROOT t = token[] after-all(sd, o)
}
""",
    # a constant's shape is its literal's: static, without `E(4)`
    "constant_shape_is_its_literals": """HloModule m
ENTRY e {
  a = s4[2,4]{1,0:E(4)} constant({{0,1,2,3},{4,5,5,4}})
  b = f32[<=3]{0:S(1)} constant({1,2,3})
  ROOT t = tuple(a, b)
}
""",
    # a complex value whose real part is NaN is that NaN whole: `(nan, inf)` reads as (nan, nan)
    "complex_with_a_nan_real_part": """HloModule m
ENTRY e {
  a = c64[4] constant({(1, inf), (nan, inf), (-nan, 2), (nan(0x123), 1)})
  ROOT b = c128[] constant((nan, -inf))
}
""",
    # output_to_operand_aliasing on an async start stays on the start (not on the op it wraps)
    "aliasing_on_an_async_start": """HloModule m
async_computation {
  p0 = f32[2,3] parameter(0)
  ROOT abs = f32[2,3] abs(p0)
}
ENTRY main {
  p0 = f32[2,3] parameter(0)
  start = ((f32[2,3]), f32[2,3], s32[]) call-start(p0),
    to_apply=async_computation,
    output_to_operand_aliasing={{1}: (0, {})}
  ROOT done = f32[2,3] call-done(start)
}
""",
    # ... but on the custom call a custom-call-start wraps, which has one of its own
    "aliasing_on_a_custom_call_start": """HloModule m
ENTRY e {
  p0 = f32[10] parameter(0)
  b0 = b(f32[10]) custom-call(p0), custom_call_target="Pin", output_to_operand_aliasing={{}: (0, {})}
  s = ((b(f32[10])), b(f32[10])) custom-call-start(b0), custom_call_target="foo", output_to_operand_aliasing={{}: (0, {})}
  d = b(f32[10]) custom-call-done(s)
  ROOT v = f32[10]{0} custom-call(d), custom_call_target="Unpin", output_to_operand_aliasing={{}: (0, {})}
}
""",
    "aliasing_on_a_fusion": """HloModule m
fused {
  p0 = f32[2,3] parameter(0)
  ROOT abs = f32[2,3] abs(p0)
}
ENTRY main {
  p0 = f32[2,3] parameter(0)
  ROOT f = f32[2,3] fusion(p0), kind=kLoop, calls=fused, output_to_operand_aliasing={{}: (0, {})}
}
""",
    # a memory space on a scalar's layout
    "memory_space_on_a_scalar": """HloModule m
ENTRY e {
  p = u32[]{:T(128)S(2)} parameter(0)
  ROOT c = u32[]{:S(1)} copy(p)
}
""",
    # an operand's declared shape may differ from its instruction's in which dimensions are dynamic
    "declared_operand_shape_dynamic_aside": """HloModule m
ENTRY e {
  p = s32[3] parameter(0)
  c = s32[] constant(2)
  d = s32[<=3] set-dimension-size(p, c), dimensions={0}
  ROOT r = s32[<=6] concatenate(s32[<=3] p, s32[3] d), dimensions={0}
}
""",
    # a bare attribute value ends with its token: the next instruction may follow on the same line
    "next_instruction_on_the_same_line": """HloModule m
Sum {
  x = f32[] parameter(0)
  y = f32[] parameter(1)
  ROOT add = f32[] add(x, y)
}
ENTRY e {
  p = f32[2,2,3,4] parameter(0)
  z = f32[] constant(0)
  reduce = f32[2,2,3] reduce(p, z), dimensions={3},
  to_apply=Sum transpose = f32[2,2,3]{2,1,0} transpose(reduce),
  dimensions={0,1,2} ROOT bitcast = f32[2,2,3]{2,1,0} bitcast(transpose)
}
""",
    # a custom call's tuple literal, each element with its shape
    "custom_call_tuple_literal": """HloModule m
ENTRY e {
  c = f32[1]{0} constant({12345})
  ROOT r = f32[1,2,3]{0,2,1} custom-call(f32[1]{0} c), custom_call_target="foo", literal=( s32[4]{0} {4, 128, 128, 3}, pred[4]{0} {1, 0, 0, 0} )
}
""",
    "inferred_batch_norm_topk_scatter_fft": """HloModule m
add {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}
ge {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT c = pred[] compare(a, b), direction=GE
}
ENTRY e {
  x = f32[2,3,4]{0,1,2} parameter(0)
  s = f32[3] parameter(1)
  t = batch-norm-training(x, s, s), epsilon=0.001, feature_index=1
  i = batch-norm-inference(x, s, s, s, s), epsilon=0.001, feature_index=1
  g = batch-norm-grad(x, s, s, s, x), epsilon=0.001, feature_index=1
  k = topk(x), k=2, largest=true
  idx = s32[2,1] parameter(2)
  upd = f32[2,3,4] parameter(3)
  sc = scatter(x, idx, upd), update_window_dims={1,2}, inserted_window_dims={0}, scatter_dims_to_operand_dims={0}, index_vector_dim=1, to_apply=add
  z = f32[] constant(0)
  src = f32[1,3,4] parameter(4)
  sas = select-and-scatter(x, src, z), window={size=2x1x1 stride=2x1x1}, select=ge, scatter=add
  r = f32[4,8] parameter(5)
  rf = fft(r), fft_type=RFFT, fft_length={8}
  c = c64[4,5] parameter(6)
  irf = fft(c), fft_type=IRFFT, fft_length={8}
  f = fft(c), fft_type=FFT, fft_length={5}
  ROOT tup = tuple(t, i, g, k, sc, sas, rf, irf, f)
}
""",
    "inferred_scan": """HloModule m
body {
  x = f32[3] parameter(0)
  c = f32[] parameter(1)
  y = f32[3] negate(x)
  ROOT t = (f32[3], f32[]) tuple(y, c)
}
ENTRY e {
  v = f32[4,3] parameter(0)
  i = f32[] parameter(1)
  ROOT s = scan(v, i), dimensions={0}, num_carries=1, to_apply=body
}
""",
    # an operand written as a shape alone is dropped in a module: XLA's parser fails to read it as a name and
    # as a nested instruction, and reads on at the ',' (xla/hlo/separate_compilation/hlo_module_splitting_test)
    "operand_of_a_shape_alone_dropped": """HloModule m
ENTRY e {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  x = f32[] add(f32[] a, f32[], b)
  ROOT y = f32[] add(f32[], x, f32[] b, f32[])
}
""",
    # ... and in a single instruction, a parameter `_N` each
    "single_instruction_operands_of_a_shape_alone": "r = f32[4] add(f32[4], f32[4] _0)\n",
    # XLA's lexer reads the opcode and its '(' as two tokens, the element type and its '[' too; a shape and the
    # opcode need no space between them (hlo_rematerialization_test, coalescing_analysis_test,
    # space_to_batch_converter_test)
    "space_or_none_between_tokens": """HloModule m
ENTRY e {
  a = s32 [2] parameter(0)
  b = f32[2]negate(f32 [2]{0} parameter(1))
  t = (s32[2], f32 [2])tuple (s32 [2] a, b)
  u = tuple /* c */ (a, add (a, s32[2] negate (a)))
  ROOT r = (s32 [2], (s32[2], f32[2]), (s32[2], s32[2]))tuple(a, t, u)
}
""",
    # XLA's parser takes negative and repeated device ids (its verifier refuses them: hlo_verifier_test)
    "negative_and_repeated_device_ids": """HloModule m
ENTRY e {
  p = f32[4,2] parameter(0), sharding={maximal device=-1}
  q = f32[4,2] copy(p), sharding={devices=[2,1]0,0}
  ROOT r = f32[4,2] copy(q), sharding={devices=[2,1]1,-3}
}
""",
    # a shape inferred from a send/recv's is of the shape XLA's parser made it, not the one written
    # (import_async.hlo, collective_ops_utils_test, gpu layout_assignment_test)
    "inferred_from_send_and_recv": """HloModule m
ENTRY e {
  data = f32[64] parameter(0)
  tok = token[] after-all()
  recv = (f32[64,2]{0,1}, u32[], token[]) recv(tok), channel_id=2
  done = (f32[64,3], token[]) recv-done(recv), channel_id=2
  g = get-tuple-element(done), index=0
  send = (f32[64], u32[], token[]) send(tok, data), channel_id=3
  send2 = (f32[64]{0}, u32[], token[]) send(data, tok), channel_id=4
  ROOT root = tuple(send, recv, g, send2)
}
""",
    # a sugar done (`negate-done`) whose shape is not compatible with the wrapped instruction's gives it its
    # own, layout and all; a generic async-done does not (hlo_verifier_test)
    "sugar_done_shape_to_the_wrapped_instruction": """HloModule m
w {
  a = f32[2,3] parameter(0)
  ROOT n = f32[3,2] negate(a)
}
ENTRY e {
  p = f32[2,3] parameter(0)
  st1 = ((f32[2,3]), f32[3,2], u32[]) custom-call-start(p), custom_call_target="foo"
  dn1 = f32[2,3] custom-call-done(st1)
  st2 = ((f32[2,3]), f32[3,2], u32[]) negate-start(p)
  up2 = ((f32[2,3]), f32[3,2], u32[]) negate-update(st2)
  dn2 = s32[4,5]{0,1} negate-done(up2)
  st3 = ((f32[2,3]), f32[3,2], u32[]) negate-start(p)
  dn3 = f32[3,2]{0,1} negate-done(st3)
  st4 = ((f32[2,3]), f32[3,2], u32[]) async-start(p), calls=w
  dn4 = f32[7] negate-done(st4)
  st5 = ((f32[2,3]), f32[3,2], u32[]) negate-start(p)
  dn5 = f32[7] async-done(st5)
  ROOT t = tuple(dn1, dn2, dn3, dn4, dn5)
}
""",
}


def _xla_proto(text: str) -> bytes:
    return xla_module_from_text(text).as_serialized_hlo_module_proto()


@pytest.mark.parametrize("name", sorted(ACCEPTED))
def test_text_of_xla_tests_reads_to_the_module_xla_reads(name: str) -> None:
    text = ACCEPTED[name]
    reference = _xla_proto(text)
    ours = parse_hlo_text(text)
    assert_same_module(reference, _xla_proto(print_hlo_text(ours)))
    assert_same_module(reference, xla_module_from_proto(module_to_proto_bytes(ours)).as_serialized_hlo_module_proto())
    assert_same_module(reference, _xla_proto(print_hlo_text(module_from_proto_bytes(reference))))


# form -> (text XLA's parser refuses, our one-line message)
REJECTED = {
    "scalar_literal_for_an_empty_array": (
        "HloModule m\nENTRY e {\n  ROOT c = f32[0,3] constant(7)\n}\n",
        "a single value cannot fill the empty array f32[0,3]",
    ),
    "scalar_literal_for_a_complex_array": (
        "HloModule m\nENTRY e {\n  ROOT c = c64[2] constant((1,2))\n}\n",
        "bad constant",
    ),
}


@pytest.mark.parametrize("name", sorted(REJECTED))
def test_text_xla_refuses_is_refused_in_one_line(name: str) -> None:
    text, message = REJECTED[name]
    with pytest.raises(JaxRuntimeError):
        xla_module_from_text(text)
    with pytest.raises(TranslateError) as info:
        parse_hlo_text(text)
    assert message in str(info.value) and "\n" not in str(info.value), str(info.value)


@pytest.mark.parametrize("dims,size", [("1048576,1048576", "8192.0 GiB"), ("2147483647,2147483647,4", "")])
def test_a_single_value_for_an_array_too_big_to_hold_is_one_line(dims: str, size: str) -> None:
    """A few characters (`constant(6.25)`) can ask for any number of elements: beyond what the machine can
    allocate, an input error in one line (it was an internal MemoryError). Not given to XLA's parser, which
    would try to allocate it."""
    with pytest.raises(TranslateError) as info:
        parse_hlo_text(f"HloModule m\nENTRY e {{\n  ROOT c = f64[{dims}] constant(6.25)\n}}\n")
    message = str(info.value)
    assert f"a single value for f64[{dims}] needs {size}" in message and "\n" not in message, message
    assert info.value.op == "c"


@pytest.mark.parametrize("done", ["send-done", "recv-done"])
def test_a_done_without_its_send_or_recv_is_refused_in_a_proto(done: str) -> None:
    """XLA's text parser takes a send-done / recv-done whose operand is no send / recv, its proto reader
    refuses it (a RET_CHECK); ours read alike: the text read, its proto (XLA's own) refused in one line."""
    result = "token[]" if done == "send-done" else "(f32[2], token[])"
    text = f"""HloModule m
ENTRY e {{
  p = (f32[2], u32[], token[]) parameter(0)
  ROOT d = {result} {done}(p), channel_id=1
}}
"""
    proto = _xla_proto(text)
    assert parse_hlo_text(text).entry.root.opcode == done
    with pytest.raises(JaxRuntimeError):
        xla_module_from_proto(proto)
    with pytest.raises(TranslateError) as info:
        module_from_proto_bytes(proto)
    assert f"a {done} must take the context of a {done[:4]}" in str(info.value) and "\n" not in str(info.value)


def test_a_sugar_done_of_another_shape_is_refused_on_the_wrapped_instruction() -> None:
    """XLA's parser gives a sugar done's shape to the instruction it wraps, which then disagrees with its
    operands: our verifier refuses the module there, as XLA's route does (its StableHLO verifier names the
    wrapped `negate`), and reads it without the verifier."""
    text = """HloModule m
ENTRY e {
  x = f32[4] parameter(0)
  s = ((f32[4]), f32[4], s32[]) negate-start(x)
  ROOT r = f32[5] negate-done(s)
}
"""
    with pytest.raises(TranslateError) as info:
        read_hlo(text)
    assert "'negate': result shape f32[5] differs from the inferred f32[4]" in str(info.value)
    wrapped = read_hlo(text, verify=False).entry.root.operands[0].attributes["calls"][0].root
    assert (wrapped.opcode, wrapped.shape.to_text(False)) == ("negate", "f32[5]")
