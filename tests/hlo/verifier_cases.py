"""Hand-written HLO modules for the verifier: each valid one, and each broken in one way that XLA rejects.

`CASES` maps a case id to (HLO text, the rule our verifier names, or None for a valid module). The same
table is checked against XLA's verdict in tests/hlo/test_verifier_xla.py.
"""

from __future__ import annotations


def entry(*lines: str, header: str = "", computations: str = "") -> str:
    """A module whose ENTRY holds `lines` (the last one is the root)."""
    body = "\n".join(f"  {'ROOT ' if i == len(lines) - 1 else ''}{line}" for i, line in enumerate(lines))
    return f"HloModule m{header}\n\n{computations}ENTRY main {{\n{body}\n}}\n"


ADD = "add {\n  a = f32[] parameter(0)\n  b = f32[] parameter(1)\n  ROOT s = f32[] add(a, b)\n}\n\n"
ADD1 = "add1 {\n  a = f32[] parameter(0)\n  b = f32[] parameter(1)\n  s = f32[] add(a, b)\n  ROOT t = (f32[]) tuple(s)\n}\n\n"
LESS = (
    "less {\n  a = f32[] parameter(0)\n  b = f32[] parameter(1)\n  ROOT lt = pred[] compare(a, b), direction=LT\n}\n\n"
)
COND = (
    "cond {\n  s = (s32[], f32[4]) parameter(0)\n  i = s32[] get-tuple-element(s), index=0\n"
    "  n = s32[] constant(3)\n  ROOT lt = pred[] compare(i, n), direction=LT\n}\n\n"
)
BODY = (
    "body {\n  s = (s32[], f32[4]) parameter(0)\n  i = s32[] get-tuple-element(s), index=0\n"
    "  x = f32[4] get-tuple-element(s), index=1\n  one = s32[] constant(1)\n  j = s32[] add(i, one)\n"
    "  y = f32[4] negate(x)\n  ROOT t = (s32[], f32[4]) tuple(j, y)\n}\n\n"
)

P = "p = f32[2,3] parameter(0)"

# A batched gather/scatter: x's dimension 0 pairs with i's dimension 0.
BXI = ("x = f32[2,5,3] parameter(0)", "i = s32[2,4,1] parameter(1)")
GATHER_B = (
    "offset_dims={{2}}, collapsed_slice_dims={{1}}, operand_batching_dims={{0}}, {idx}, start_index_map={map}, "
    "index_vector_dim=2, slice_sizes={{1,1,3}}"
)
SCATTER_B = (
    "update_window_dims={{2}}, inserted_window_dims={{1}}, input_batching_dims={{0}}, {idx}, "
    "scatter_dims_to_operand_dims={map}, index_vector_dim=2, to_apply=add"
)
Q = "q = f32[2,3] parameter(1)"

CASES: dict[str, tuple[str, str | None]] = {
    # elementwise
    "add-ok": (entry(P, Q, "r = f32[2,3] add(p, q)"), None),
    "add-wrong-shape": (entry(P, Q, "r = f32[3,2] add(p, q)"), "shape"),
    "add-implicit-broadcast": (entry(P, "q = f32[3] parameter(1)", "r = f32[2,3] add(p, q)"), "shape"),
    "add-mixed-types": (entry(P, "q = s32[2,3] parameter(1)", "r = f32[2,3] add(p, q)"), "type"),
    "negate-two-operands": (entry(P, "r = f32[2,3] negate(p, p)"), "operand-count"),
    "compare-ok": (entry(P, Q, "r = pred[2,3] compare(p, q), direction=GT"), None),
    "compare-no-direction": (entry(P, Q, "r = pred[2,3] compare(p, q)"), "attribute"),
    "compare-not-pred": (entry(P, Q, "r = f32[2,3] compare(p, q), direction=GT"), "shape"),
    "convert-ok": (entry(P, "r = s32[2,3] convert(p)"), None),
    "convert-wrong-dims": (entry(P, "r = s32[3,2] convert(p)"), "shape"),
    "select-ok": (
        entry("c = pred[2,3] parameter(0)", "p = f32[2,3] parameter(1)", "r = f32[2,3] select(c, p, p)"),
        None,
    ),
    "select-scalar-predicate": (
        entry("c = pred[] parameter(0)", "p = f32[2,3] parameter(1)", "r = f32[2,3] select(c, p, p)"),
        None,
    ),
    "select-predicate-dims": (
        entry("c = pred[3] parameter(0)", "p = f32[2,3] parameter(1)", "r = f32[2,3] select(c, p, p)"),
        "shape",
    ),
    "unknown-attribute": (entry(P, "r = f32[2,3] negate(p), foo=1"), "attribute"),
    "foreign-attribute": (entry(P, "r = f32[2,3] negate(p), dimensions={0}"), "attribute"),
    # data movement
    "broadcast-ok": (entry("p = f32[3] parameter(0)", "r = f32[2,3] broadcast(p), dimensions={1}"), None),
    "broadcast-scalar-no-dims": (entry("p = f32[] parameter(0)", "r = f32[2,3] broadcast(p)"), None),
    "broadcast-missing-dims": (entry("p = f32[3] parameter(0)", "r = f32[2,3] broadcast(p)"), "attribute"),
    "broadcast-size-mismatch": (entry("p = f32[3] parameter(0)", "r = f32[2,3] broadcast(p), dimensions={0}"), "shape"),
    "reshape-ok": (entry(P, "r = f32[6] reshape(p)"), None),
    "reshape-count": (entry(P, "r = f32[7] reshape(p)"), "shape"),
    "transpose-ok": (entry(P, "r = f32[3,2] transpose(p), dimensions={1,0}"), None),
    "transpose-wrong": (entry(P, "r = f32[2,3] transpose(p), dimensions={1,0}"), "shape"),
    "transpose-not-permutation": (entry(P, "r = f32[2,2] transpose(p), dimensions={0,0}"), "attribute"),
    "slice-ok": (entry(P, "r = f32[1,2] slice(p), slice={[1:2], [0:3:2]}"), None),
    "slice-out-of-bounds": (entry(P, "r = f32[1,4] slice(p), slice={[1:2], [0:4]}"), "attribute"),
    "dynamic-slice-ok": (
        entry(P, "i = s32[] parameter(1)", "r = f32[1,3] dynamic-slice(p, i, i), dynamic_slice_sizes={1,3}"),
        None,
    ),
    "dynamic-slice-index-count": (
        entry(P, "i = s32[] parameter(1)", "r = f32[1,3] dynamic-slice(p, i), dynamic_slice_sizes={1,3}"),
        "operand-count",
    ),
    "concatenate-ok": (entry(P, Q, "r = f32[4,3] concatenate(p, q), dimensions={0}"), None),
    "concatenate-wrong": (entry(P, Q, "r = f32[5,3] concatenate(p, q), dimensions={0}"), "shape"),
    "pad-ok": (entry(P, "z = f32[] constant(0)", "r = f32[5,3] pad(p, z), padding=1_1_1x0_0"), None),
    "pad-wrong": (entry(P, "z = f32[] constant(0)", "r = f32[4,3] pad(p, z), padding=1_1_1x0_0"), "shape"),
    "iota-ok": (entry("r = s32[4,2] iota(), iota_dimension=1"), None),
    "iota-missing-dimension": (entry("r = s32[4,2] iota()"), "attribute"),
    "iota-dimension-range": (entry("r = s32[4,2] iota(), iota_dimension=2"), "attribute"),
    "get-tuple-element-range": (
        entry(P, "t = (f32[2,3]) tuple(p)", "r = f32[2,3] get-tuple-element(t), index=1"),
        "attribute",
    ),
    # layouts and shapes
    "layout-rank": (entry("p = f32[2,3]{0} parameter(0)", "r = f32[2,3] negate(p)"), "layout"),
    "layout-repeat": (entry("p = f32[2,3]{0,0} parameter(0)", "r = f32[2,3] negate(p)"), "layout"),
    "negative-dimension": (entry("p = f32[-2] parameter(0)", "r = f32[-2] negate(p)"), "layout"),
    "entry-layout-ok": (
        entry(P, "r = f32[2,3] negate(p)", header=", entry_computation_layout={(f32[2,3]{1,0})->f32[2,3]{0,1}}"),
        None,
    ),
    "entry-layout-mismatch": (
        entry(P, "r = f32[2,3] negate(p)", header=", entry_computation_layout={(f32[3,3]{1,0})->f32[2,3]{1,0}}"),
        "entry-layout",
    ),
    "entry-layout-count": (
        entry(P, "r = f32[2,3] negate(p)", header=", entry_computation_layout={()->f32[2,3]{1,0}}"),
        "entry-layout",
    ),
    "entry-layout-twice": (
        entry(
            P,
            "r = f32[2,3] negate(p)",
            header=", entry_computation_layout={(f32[2,3]{1,0})->f32[2,3]{1,0}}"
            ", entry_computation_layout={(f32[2,3]{1,0})->f32[2,3]{1,0}}",
        ),
        "parse",
    ),
    # reductions and contractions
    "reduce-ok": (
        entry(P, "z = f32[] constant(0)", "r = f32[3] reduce(p, z), dimensions={0}, to_apply=add", computations=ADD),
        None,
    ),
    "reduce-wrong": (
        entry(P, "z = f32[] constant(0)", "r = f32[2] reduce(p, z), dimensions={0}, to_apply=add", computations=ADD),
        "shape",
    ),
    "reduce-no-dimensions": (
        entry(P, "z = f32[] constant(0)", "r = f32[3] reduce(p, z), to_apply=add", computations=ADD),
        "attribute",
    ),
    "reduce-window-ok": (
        entry(
            P,
            "z = f32[] constant(0)",
            "r = f32[1,2] reduce-window(p, z), window={size=2x2}, to_apply=add",
            computations=ADD,
        ),
        None,
    ),
    "reduce-window-wrong": (
        entry(
            P,
            "z = f32[] constant(0)",
            "r = f32[2,2] reduce-window(p, z), window={size=2x2}, to_apply=add",
            computations=ADD,
        ),
        "shape",
    ),
    # one accumulator in a 1-tuple, from the reducer or as the result: XLA takes either, and both
    "reduce-one-tuple-ok": (
        entry(
            P, "z = f32[] constant(0)", "r = (f32[3]) reduce(p, z), dimensions={0}, to_apply=add1", computations=ADD1
        ),
        None,
    ),
    "reduce-one-tuple-reducer": (
        entry(P, "z = f32[] constant(0)", "r = f32[3] reduce(p, z), dimensions={0}, to_apply=add1", computations=ADD1),
        None,
    ),
    "reduce-one-tuple-result": (
        entry(P, "z = f32[] constant(0)", "r = (f32[3]) reduce(p, z), dimensions={0}, to_apply=add", computations=ADD),
        None,
    ),
    "reduce-one-tuple-wrong": (
        entry(
            P, "z = f32[] constant(0)", "r = (f32[2]) reduce(p, z), dimensions={0}, to_apply=add1", computations=ADD1
        ),
        "shape",
    ),
    "reduce-window-one-tuple-ok": (
        entry(
            P,
            "z = f32[] constant(0)",
            "r = (f32[1,2]) reduce-window(p, z), window={size=2x2}, to_apply=add1",
            computations=ADD1,
        ),
        None,
    ),
    "dot-ok": (
        entry(
            P, "q = f32[3,4] parameter(1)", "r = f32[2,4] dot(p, q), lhs_contracting_dims={1}, rhs_contracting_dims={0}"
        ),
        None,
    ),
    "dot-contracting-mismatch": (
        entry(
            P, "q = f32[4,4] parameter(1)", "r = f32[2,4] dot(p, q), lhs_contracting_dims={1}, rhs_contracting_dims={0}"
        ),
        "shape",
    ),
    "convolution-ok": (
        entry(
            "x = f32[1,4,4,2] parameter(0)",
            "w = f32[2,2,2,3] parameter(1)",
            "r = f32[1,3,3,3] convolution(x, w), window={size=2x2}, dim_labels=b01f_01io->b01f",
        ),
        None,
    ),
    "convolution-wrong": (
        entry(
            "x = f32[1,4,4,2] parameter(0)",
            "w = f32[2,2,2,3] parameter(1)",
            "r = f32[1,4,4,3] convolution(x, w), window={size=2x2}, dim_labels=b01f_01io->b01f",
        ),
        "shape",
    ),
    "sort-ok": (
        entry("p = f32[5] parameter(0)", "r = f32[5] sort(p), dimensions={0}, to_apply=less", computations=LESS),
        None,
    ),
    "sort-comparator": (
        entry("p = s32[5] parameter(0)", "r = s32[5] sort(p), dimensions={0}, to_apply=less", computations=LESS),
        "signature",
    ),
    # control flow
    "while-ok": (
        entry(
            "x = f32[4] parameter(0)",
            "i = s32[] constant(0)",
            "s = (s32[], f32[4]) tuple(i, x)",
            "r = (s32[], f32[4]) while(s), condition=cond, body=body",
            computations=COND + BODY,
        ),
        None,
    ),
    "while-state-mismatch": (
        entry(
            "x = f32[5] parameter(0)",
            "i = s32[] constant(0)",
            "s = (s32[], f32[5]) tuple(i, x)",
            "r = (s32[], f32[5]) while(s), condition=cond, body=body",
            computations=COND + BODY,
        ),
        "signature",
    ),
    "call-ok": (entry("a = f32[] parameter(0)", "r = f32[] call(a, a), to_apply=add", computations=ADD), None),
    "call-arity": (entry("a = f32[] parameter(0)", "r = f32[] call(a), to_apply=add", computations=ADD), "signature"),
    # collectives and asynchronous pairs
    "all-reduce-ok": (
        entry(
            "p = f32[8] parameter(0)",
            "r = f32[8] all-reduce(p), replica_groups={{0,1},{2,3}}, to_apply=add",
            header=", replica_count=4",
            computations=ADD,
        ),
        None,
    ),
    "all-reduce-repeated-replica": (
        entry(
            "p = f32[8] parameter(0)",
            "r = f32[8] all-reduce(p), replica_groups={{0,1},{1,3}}, to_apply=add",
            header=", replica_count=4",
            computations=ADD,
        ),
        "replica-groups",
    ),
    "all-gather-ok": (
        entry(
            "p = f32[2,3] parameter(0)",
            "r = f32[4,3] all-gather(p), replica_groups={{0,1},{2,3}}, dimensions={0}",
            header=", replica_count=4",
        ),
        None,
    ),
    "all-gather-wrong": (
        entry(
            "p = f32[2,3] parameter(0)",
            "r = f32[6,3] all-gather(p), replica_groups={{0,1},{2,3}}, dimensions={0}",
            header=", replica_count=4",
        ),
        "shape",
    ),
    "all-gather-no-dimensions": (
        entry(
            "p = f32[2,3] parameter(0)",
            "r = f32[4,3] all-gather(p), replica_groups={{0,1},{2,3}}",
            header=", replica_count=4",
        ),
        "attribute",
    ),
    # one gather/scatter dimension exactly, one split dimension at most (XLA's parser and proto reader)
    "all-gather-two-dimensions": (
        entry(
            "p = f32[2,3] parameter(0)",
            "r = f32[4,3] all-gather(p), replica_groups={{0,1},{2,3}}, dimensions={0,1}",
            header=", replica_count=4",
        ),
        "attribute",
    ),
    "reduce-scatter-two-dimensions": (
        entry(
            "p = f32[4,3] parameter(0)",
            "r = f32[2,3] reduce-scatter(p), replica_groups={{0,1},{2,3}}, dimensions={0,1}, to_apply=add",
            header=", replica_count=4",
            computations=ADD,
        ),
        "attribute",
    ),
    "all-to-all-two-split-dimensions": (
        entry(
            "p = f32[4,2] parameter(0)",
            "r = f32[4,2] all-to-all(p), replica_groups={{0,1},{2,3}}, dimensions={0,1}",
            header=", replica_count=4",
        ),
        "attribute",
    ),
    "collective-permute-repeated-target": (
        entry(
            "p = f32[4] parameter(0)",
            "r = f32[4] collective-permute(p), source_target_pairs={{0,1},{2,1}}",
            header=", replica_count=4",
        ),
        "source-target-pairs",
    ),
    "send-recv-ok": (
        entry(
            "x = f32[4] parameter(0)",
            "t = token[] after-all()",
            "s = (f32[4], u32[], token[]) send(x, t), channel_id=1",
            "sd = token[] send-done(s), channel_id=1",
            "rv = (f32[4], u32[], token[]) recv(t), channel_id=2",
            "rd = (f32[4], token[]) recv-done(rv), channel_id=2",
            "r = f32[4] get-tuple-element(rd), index=0",
        ),
        None,
    ),
    "send-done-two-operands": (
        entry(
            "x = f32[4] parameter(0)",
            "t = token[] after-all()",
            "s = (f32[4], u32[], token[]) send(x, t), channel_id=1",
            "sd = token[] send-done(s, s), channel_id=1",
            "r = f32[4] copy(x)",
        ),
        "operand-count",
    ),
    "async-ok": (
        entry("x = f32[4] parameter(0)", "s = ((f32[4]), f32[4], s32[]) negate-start(x)", "r = f32[4] negate-done(s)"),
        None,
    ),
    # (a generic done: XLA's parser gives a sugar `negate-done`'s shape to the wrapped negate, which the verifier
    # then refuses, an instruction the text does not write)
    "async-done-shape": (
        entry("x = f32[4] parameter(0)", "s = ((f32[4]), f32[4], s32[]) negate-start(x)", "r = f32[5] async-done(s)"),
        "shape",
    ),
    # other shape rules
    "batch-norm-training-ok": (
        entry(
            "x = f32[2,3] parameter(0)",
            "s = f32[3] parameter(1)",
            "r = (f32[2,3], f32[3], f32[3]) batch-norm-training(x, s, s), epsilon=0.001, feature_index=1",
        ),
        None,
    ),
    "batch-norm-training-wrong": (
        entry(
            "x = f32[2,3] parameter(0)",
            "s = f32[3] parameter(1)",
            "r = (f32[2,3], f32[2], f32[2]) batch-norm-training(x, s, s), epsilon=0.001, feature_index=1",
        ),
        "shape",
    ),
    "topk-ok": (entry("x = f32[2,8] parameter(0)", "r = (f32[2,3], s32[2,3]) topk(x), k=3"), None),
    "topk-wrong": (entry("x = f32[2,8] parameter(0)", "r = (f32[2,4], s32[2,4]) topk(x), k=3"), "shape"),
    "replica-id-wrong": (entry("r = s32[] replica-id()"), "shape"),
    "fft-ok": (entry("x = f32[4,8] parameter(0)", "r = c64[4,5] fft(x), fft_type=RFFT, fft_length={8}"), None),
    "fft-wrong": (entry("x = f32[4,8] parameter(0)", "r = c64[4,8] fft(x), fft_type=RFFT, fft_length={8}"), "shape"),
    "scatter-ok": (
        entry(
            "x = f32[5,3] parameter(0)",
            "i = s32[4,1] parameter(1)",
            "u = f32[4,3] parameter(2)",
            "r = f32[5,3] scatter(x, i, u), update_window_dims={1}, inserted_window_dims={0}, "
            "scatter_dims_to_operand_dims={0}, index_vector_dim=1, to_apply=add",
            computations=ADD,
        ),
        None,
    ),
    "scatter-update-mismatch": (
        entry(
            "x = f32[5,3] parameter(0)",
            "i = s32[4,1] parameter(1)",
            "u = f32[2,3] parameter(2)",
            "r = f32[5,3] scatter(x, i, u), update_window_dims={1}, inserted_window_dims={0}, "
            "scatter_dims_to_operand_dims={0}, index_vector_dim=1, to_apply=add",
            computations=ADD,
        ),
        "shape",
    ),
    "gather-ok": (
        entry(
            "x = f32[5,3] parameter(0)",
            "i = s32[4,1] parameter(1)",
            "r = f32[4,3] gather(x, i), offset_dims={1}, collapsed_slice_dims={0}, start_index_map={0}, "
            "index_vector_dim=1, slice_sizes={1,3}",
        ),
        None,
    ),
    "gather-wrong": (
        entry(
            "x = f32[5,3] parameter(0)",
            "i = s32[4,1] parameter(1)",
            "r = f32[4,2] gather(x, i), offset_dims={1}, collapsed_slice_dims={0}, "
            "start_index_map={0}, index_vector_dim=1, slice_sizes={1,3}",
        ),
        "shape",
    ),
    # bitcast-convert counts a pred as 1 bit (fuzz seed 109: pred[2,6] -> u8[2,6] was accepted)
    "bitcast-convert-pred-bits-ok": (entry("x = pred[2,6,8] parameter(0)", "r = u8[2,6] bitcast-convert(x)"), None),
    "bitcast-convert-pred-as-byte": (entry("x = pred[2,6] parameter(0)", "r = u8[2,6] bitcast-convert(x)"), "shape"),
    # bitcast keeps the byte size, a tuple's being its index table (fuzz seed 137: a tuple result was accepted)
    "bitcast-ok": (entry(P, "r = f32[6] bitcast(p)"), None),
    "bitcast-other-size": (entry(P, "r = f32[5] bitcast(p)"), "bitcast-size"),
    "bitcast-to-tuple": (entry("x = f32[8,8] parameter(0)", "r = (f32[8,8]) bitcast(x)"), "bitcast-size"),
    # batching dimensions and dimension lists (the fuzz campaign of seed 83 found both scatter rules missing)
    "gather-batched-ok": (
        entry(
            *BXI, "r = f32[2,4,3] gather(x, i), " + GATHER_B.format(idx="start_indices_batching_dims={0}", map="{1}")
        ),
        None,
    ),
    "gather-batching-sizes-differ": (
        entry(*BXI, "r = f32[2,4,3] gather(x, i), " + GATHER_B.format(idx="start_indices_batching_dims={}", map="{1}")),
        "attribute",
    ),
    "gather-batching-in-index-map": (
        entry(
            *BXI, "r = f32[2,4,3] gather(x, i), " + GATHER_B.format(idx="start_indices_batching_dims={0}", map="{0}")
        ),
        "attribute",
    ),
    "gather-batching-index-vector": (
        entry(
            *BXI, "r = f32[2,4,3] gather(x, i), " + GATHER_B.format(idx="start_indices_batching_dims={2}", map="{1}")
        ),
        "attribute",
    ),
    "gather-collapsed-unsorted": (
        entry(
            "x = f32[5,4,3] parameter(0)",
            "i = s32[6,2] parameter(1)",
            "r = f32[6,3] gather(x, i), offset_dims={1}, collapsed_slice_dims={1,0}, "
            "start_index_map={0,1}, index_vector_dim=1, slice_sizes={1,1,3}",
        ),
        "attribute",
    ),
    "scatter-batched-ok": (
        entry(
            *BXI,
            "u = f32[2,4,3] parameter(2)",
            "r = f32[2,5,3] scatter(x, i, u), " + SCATTER_B.format(idx="scatter_indices_batching_dims={0}", map="{1}"),
            computations=ADD,
        ),
        None,
    ),
    "scatter-batching-sizes-differ": (
        entry(
            *BXI,
            "u = f32[2,4,3] parameter(2)",
            "r = f32[2,5,3] scatter(x, i, u), " + SCATTER_B.format(idx="scatter_indices_batching_dims={}", map="{1}"),
            computations=ADD,
        ),
        "attribute",
    ),
    "scatter-batching-in-index-map": (
        entry(
            *BXI,
            "u = f32[2,4,3] parameter(2)",
            "r = f32[2,5,3] scatter(x, i, u), " + SCATTER_B.format(idx="scatter_indices_batching_dims={0}", map="{0}"),
            computations=ADD,
        ),
        "attribute",
    ),
    "scatter-index-map-count": (
        entry(
            "x = f32[5,3] parameter(0)",
            "i = s32[4,1] parameter(1)",
            "u = f32[4,3] parameter(2)",
            "r = f32[5,3] scatter(x, i, u), update_window_dims={1}, inserted_window_dims={0}, "
            "scatter_dims_to_operand_dims={}, index_vector_dim=1, to_apply=add",
            computations=ADD,
        ),
        "attribute",
    ),
    "scatter-window-unsorted": (
        entry(
            "x = f32[5,3,3] parameter(0)",
            "i = s32[4,1] parameter(1)",
            "u = f32[4,3,3] parameter(2)",
            "r = f32[5,3,3] scatter(x, i, u), update_window_dims={2,1}, "
            "inserted_window_dims={0}, scatter_dims_to_operand_dims={0}, index_vector_dim=1, "
            "to_apply=add",
            computations=ADD,
        ),
        "attribute",
    ),
}

R6 = (
    "x = f32[8,4] parameter(0)",
    "o = f32[16,4] parameter(1)",
    "io = s64[2] parameter(2)",
    "ss = s64[2] parameter(3)",
    "oo = s64[2] parameter(4)",
    "rs = s64[2] parameter(5)",
)
RAGGED = "ragged-all-to-all(x, o, io, ss, oo, rs), replica_groups={{0,1}}"
CC2 = ("a = f32[2] parameter(0)", "b = f32[3] parameter(1)")
SCALED = (
    "a = f32[2,3] parameter(0)",
    "b = f32[3,4] parameter(1)",
    "sa = f32[2,3] parameter(2)",
    "sb = f32[3,4] parameter(3)",
)
NEG = "neg {\n  a = f32[] parameter(0)\n  ROOT n = f32[] negate(a)\n}\n\n"
V = "v = f32[8] parameter(0)"

# Attribute sets, custom-call checks, shardings and the opcodes XLA's parser knows beyond the common ones.
CASES.update(
    {
        # attributes the parser lists per opcode
        "acos-result-accuracy": (entry(P, "r = f32[2,3] acos(p), result_accuracy={mode=highest}"), None),
        "dot-sparsity-attribute": (
            entry(
                "a = f32[2,8] parameter(0)",
                "b = f32[4,4] parameter(1)",
                "m = u16[2,1] parameter(2)",
                "r = f32[2,4] dot(a, b, m), lhs_contracting_dims={1}, rhs_contracting_dims={0}, sparsity=L.1@2:4",
            ),
            "attribute",
        ),
        "dot-three-operands": (
            entry(
                P,
                "q = f32[3,4] parameter(1)",
                "r = f32[2,4] dot(p, q, q), lhs_contracting_dims={1}, rhs_contracting_dims={0}",
            ),
            "operand-count",
        ),
        "conditional-pred-branch-list": (
            entry(
                "c = pred[] parameter(0)",
                "a = f32[] parameter(1)",
                "r = f32[] conditional(c, a, a), branch_computations={neg, neg}",
                computations=NEG,
            ),
            "attribute",
        ),
        "all-reduce-mode-ok": (
            entry(
                "p = f32[8] parameter(0)",
                "r = f32[8] all-reduce(p), replica_groups={{0,1}}, "
                "channel_id=1, to_apply=add, mode=cross_replica_and_partition",
                header=", replica_count=2",
                computations=ADD,
            ),
            None,
        ),
        "all-reduce-mode-unknown": (
            entry(
                "p = f32[8] parameter(0)",
                "r = f32[8] all-reduce(p), replica_groups={{0,1}}, to_apply=add, mode=foo",
                header=", replica_count=2",
                computations=ADD,
            ),
            "attribute",
        ),
        "collective-broadcast-dynamic-root-scalar": (
            entry(
                V,
                "q = s32[] parameter(1)",
                "r = f32[8] collective-broadcast(v, q), replica_groups={{0,1}}, has_dynamic_root=true",
                header=", replica_count=2",
            ),
            "operand",
        ),
        "collective-broadcast-dynamic-root-shape": (
            entry(
                V,
                "q = s32[1] parameter(1)",
                "r = (f32[8], s32[1]) collective-broadcast(v, q), replica_groups={{0,1}}, has_dynamic_root=true",
                header=", replica_count=2",
            ),
            "shape",
        ),
        "collective-reduce-no-reducer": (
            entry(V, "r = f32[8] collective-reduce(v), replica_groups={{0,1}}", header=", replica_count=2"),
            "attribute",
        ),
        "collective-reduce-shape": (
            entry(
                V,
                "r = f32[9] collective-reduce(v), replica_groups={{0,1}}, to_apply=add",
                header=", replica_count=2",
                computations=ADD,
            ),
            "shape",
        ),
        "scan-ok": (
            entry(
                "a = f32[4] parameter(0)",
                "r = f32[4] scan(a), dimensions={0}, num_carries=0, to_apply=neg",
                computations=NEG,
            ),
            None,
        ),
        "scan-no-reducer": (
            entry("a = f32[4] parameter(0)", "r = f32[4] scan(a), dimensions={0}, num_carries=0"),
            "attribute",
        ),
        "shuffle-ok": (entry(P, "r = f32[2,3] shuffle(p), dimensions={0}, mode=rotate, shifts={1}"), None),
        "shuffle-no-mode": (entry(P, "r = f32[2,3] shuffle(p), dimensions={0}"), "attribute"),
        "shuffle-no-shifts": (entry(P, "r = f32[2,3] shuffle(p), dimensions={0}, mode=rotate"), "attribute"),
        "shuffle-two-operands": (
            entry(P, "r = f32[2,3] shuffle(p, p), dimensions={0}, mode=rotate, shifts={1}"),
            "operand-count",
        ),
        "shuffle-shape": (entry(P, "r = f32[3,3] shuffle(p), dimensions={0}, mode=rotate, shifts={1}"), "shape"),
        "scaled-dot-ok": (
            entry(*SCALED, "r = f32[2,4] scaled-dot(a, b, sa, sb), lhs_contracting_dims={1}, rhs_contracting_dims={0}"),
            None,
        ),
        "scaled-dot-three-operands": (
            entry(*SCALED[:3], "r = f32[2,4] scaled-dot(a, b, sa), lhs_contracting_dims={1}, rhs_contracting_dims={0}"),
            "operand-count",
        ),
        "scaled-dot-shape": (
            entry(*SCALED, "r = f32[2,5] scaled-dot(a, b, sa, sb), lhs_contracting_dims={1}, rhs_contracting_dims={0}"),
            "shape",
        ),
        # ragged-all-to-all: (input, output, input_offsets, send_sizes, output_offsets, recv_sizes) -> output
        "ragged-all-to-all-ok": (entry(*R6, "r = f32[16,4] " + RAGGED, header=", replica_count=2"), None),
        "ragged-all-to-all-shape": (entry(*R6, "r = f32[8,4] " + RAGGED, header=", replica_count=2"), "shape"),
        "ragged-all-to-all-five-operands": (
            entry(
                *R6,
                "r = f32[16,4] ragged-all-to-all(x, o, io, ss, oo), replica_groups={{0,1}}",
                header=", replica_count=2",
            ),
            "operand-count",
        ),
        "ragged-all-to-all-sizes-differ": (
            entry(*R6[:5], "rs = s64[3] parameter(5)", "r = f32[16,4] " + RAGGED, header=", replica_count=2"),
            "shape",
        ),
        "ragged-all-to-all-offsets-rank": (
            entry(
                *R6[:2],
                "io = s64[] parameter(2)",
                "ss = s64[] parameter(3)",
                "oo = s64[] parameter(4)",
                "rs = s64[] parameter(5)",
                "r = f32[16,4] " + RAGGED,
                header=", replica_count=2",
            ),
            "shape",
        ),
        # custom-call
        "custom-call-layout-constraints-ok": (
            entry(
                *CC2,
                'r = f32[2]{0} custom-call(a, b), custom_call_target="foo", '
                "operand_layout_constraints={f32[2]{0}, f32[3]{0}}",
            ),
            None,
        ),
        "custom-call-layout-constraint-shape": (
            entry(
                *CC2,
                'r = f32[2]{0} custom-call(a, b), custom_call_target="foo", '
                "operand_layout_constraints={f32[2]{0}, f32[4]{0}}",
            ),
            "attribute",
        ),
        "custom-call-layout-constraint-type": (
            entry(
                *CC2,
                'r = f32[2]{0} custom-call(a, b), custom_call_target="foo", '
                "operand_layout_constraints={f32[2]{0}, s32[3]{0}}",
            ),
            "attribute",
        ),
        "custom-call-aliasing-ok": (
            entry(
                *CC2,
                'r = (f32[2], f32[3]) custom-call(a, b), custom_call_target="foo", '
                "output_to_operand_aliasing={{0}: (0, {}), {1}: (1, {})}",
            ),
            None,
        ),
        "custom-call-aliasing-operand": (
            entry(
                *CC2, 'r = f32[2] custom-call(a, b), custom_call_target="foo", output_to_operand_aliasing={{}: (2, {})}'
            ),
            "attribute",
        ),
        "custom-call-aliasing-output-index": (
            entry(
                *CC2,
                'r = f32[2] custom-call(a, b), custom_call_target="foo", output_to_operand_aliasing={{1}: (0, {})}',
            ),
            "attribute",
        ),
        "custom-call-aliasing-operand-index": (
            entry(
                *CC2,
                'r = f32[2] custom-call(a, b), custom_call_target="foo", output_to_operand_aliasing={{}: (0, {0})}',
            ),
            "attribute",
        ),
        "custom-call-aliasing-shape": (
            entry(
                *CC2, 'r = f32[2] custom-call(a, b), custom_call_target="foo", output_to_operand_aliasing={{}: (1, {})}'
            ),
            "attribute",
        ),
        "custom-call-api-version-ok": (
            entry(
                *CC2,
                'r = f32[2] custom-call(a, b), custom_call_target="foo", '
                "api_version=API_VERSION_STATUS_RETURNING_UNIFIED",
            ),
            None,
        ),
        "custom-call-api-version-unspecified": (
            entry(*CC2, 'r = f32[2] custom-call(a, b), custom_call_target="foo", api_version=API_VERSION_UNSPECIFIED'),
            "attribute",
        ),
        "custom-call-api-version-unknown": (
            entry(*CC2, 'r = f32[2] custom-call(a, b), custom_call_target="foo", api_version=API_VERSION_FOO'),
            "attribute",
        ),
        "custom-call-schedule-ok": (
            entry(*CC2, 'r = f32[2] custom-call(a, b), custom_call_target="foo", schedule=SCHEDULE_EARLIEST'),
            None,
        ),
        "custom-call-schedule-unknown": (
            entry(*CC2, 'r = f32[2] custom-call(a, b), custom_call_target="foo", schedule=SCHEDULE_FOO'),
            "attribute",
        ),
        "custom-call-to-apply-and-called": (
            entry(
                *CC2,
                'r = f32[2] custom-call(a, b), custom_call_target="foo", to_apply=add, called_computations={add}',
                computations=ADD,
            ),
            None,
        ),
        # shardings
        "sharding-ok": (entry(V, "r = f32[8] negate(v), sharding={devices=[2]1,0}", header=", num_partitions=2"), None),
        "sharding-partial-ok": (
            entry(
                V,
                "r = f32[8] negate(v), sharding={devices=[2,2]0,1,2,3 last_tile_dim_replicate}",
                header=", num_partitions=4",
            ),
            None,
        ),
        "sharding-one-partition-any-devices": (
            entry(V, "r = f32[8] negate(v), sharding={devices=[4]0,1,2,3}", header=", replica_count=2"),
            None,
        ),
        "sharding-more-devices": (
            entry(V, "r = f32[8] negate(v), sharding={devices=[4]0,1,2,3}", header=", num_partitions=2"),
            "sharding",
        ),
        "sharding-fewer-devices": (
            entry(V, "r = f32[8] negate(v), sharding={devices=[2]0,1}", header=", num_partitions=4"),
            "sharding",
        ),
        "sharding-device-id": (
            entry(V, "r = f32[8] negate(v), sharding={devices=[2]0,3}", header=", num_partitions=2"),
            "sharding",
        ),
        "sharding-iota-devices": (
            entry(
                "v = f32[8] parameter(0), sharding={devices=[4]<=[4]}",
                "r = f32[8] negate(v)",
                header=", num_partitions=2",
            ),
            "sharding",
        ),
        "sharding-maximal-device": (
            entry(V, "r = f32[8] negate(v), sharding={maximal device=2}", header=", num_partitions=2"),
            "sharding",
        ),
        "sharding-tuple-element-device": (
            entry(
                V,
                "r = (f32[8], f32[8]) tuple(v, v), sharding={{replicated}, {maximal device=3}}",
                header=", num_partitions=2",
            ),
            "sharding",
        ),
        "sharding-tile-rank": (entry(V, "r = f32[8] negate(v), sharding={devices=[2,1]0,1}"), "sharding"),
        # XLA's parser takes negative and repeated device ids, its verifier refuses them with one partition too
        "sharding-negative-maximal-device": (
            entry(V, "r = f32[8] negate(v), sharding={maximal device=-1}"),
            "sharding",
        ),
        "sharding-negative-device": (entry(V, "r = f32[8] negate(v), sharding={devices=[2]0,-1}"), "sharding"),
        "sharding-repeated-device": (entry(V, "r = f32[8] negate(v), sharding={devices=[2]1,1}"), "sharding"),
        "sharding-tuple-count": (entry(V, "r = (f32[8], f32[8]) tuple(v, v), sharding={{replicated}}"), "sharding"),
        "sharding-tuple-on-array": (entry(V, "r = f32[8] negate(v), sharding={{replicated}}"), "sharding"),
    }
)

SCAN_BODY = (
    "addc {\n  x = f32[] parameter(0)\n  c = f32[] parameter(1)\n  s = f32[] add(x, c)\n"
    "  ROOT t = (f32[], f32[]) tuple(s, s)\n}\n\n"
)
RDOT = ("a = f32[8,3] parameter(0)", "b = f32[2,3,4] parameter(1)", "g = s32[2] parameter(2)")
RDOT_DIMS = "lhs_contracting_dims={1}, rhs_contracting_dims={1}, lhs_ragged_dims={0}, rhs_group_dims={0}"
SIZES = ("a = f32[6] parameter(0)", "d = s32[] parameter(1)", "e = s32[] parameter(2)")

# Opcodes whose shape rules came after the first table: each valid, and broken in a way XLA rejects.
CASES.update(
    {
        "dynamic-reshape-ok": (entry(*SIZES, "r = f32[2,3] dynamic-reshape(a, d, e)"), None),
        "dynamic-reshape-size-count": (entry(*SIZES, "r = f32[6] dynamic-reshape(a, d, e)"), "operand-count"),
        "dynamic-reshape-elements": (entry(*SIZES, "r = f32[2,4] dynamic-reshape(a, d, e)"), "shape"),
        "dynamic-reshape-type": (entry(*SIZES, "r = s32[2,3] dynamic-reshape(a, d, e)"), "type"),
        "rng-ok": (
            entry(
                "a = f32[] parameter(0)", "b = f32[] parameter(1)", "r = f32[3,4] rng(a, b), distribution=rng_uniform"
            ),
            None,
        ),
        "rng-type": (
            entry(
                "a = f32[] parameter(0)", "b = f32[] parameter(1)", "r = s32[3,4] rng(a, b), distribution=rng_uniform"
            ),
            "operand",
        ),
        "rng-not-scalar": (
            entry(
                "a = f32[2] parameter(0)", "b = f32[] parameter(1)", "r = f32[3,4] rng(a, b), distribution=rng_uniform"
            ),
            "operand",
        ),
        "rng-get-and-update-state-ok": (entry("r = u64[2] rng-get-and-update-state(), delta=1"), None),
        "rng-get-and-update-state-shape": (entry("r = u64[3] rng-get-and-update-state(), delta=1"), "shape"),
        "ragged-dot-ok": (entry(*RDOT, "r = f32[8,4] ragged-dot(a, b, g), " + RDOT_DIMS), None),
        "ragged-dot-contracting-ok": (
            entry(
                "a = f32[8,6] parameter(0)",
                "b = f32[6,4] parameter(1)",
                "g = s32[2] parameter(2)",
                "r = f32[2,8,4] ragged-dot(a, b, g), "
                "lhs_contracting_dims={1}, rhs_contracting_dims={0}, lhs_ragged_dims={1}",
            ),
            None,
        ),
        "ragged-dot-shape": (entry(*RDOT, "r = f32[8,5] ragged-dot(a, b, g), " + RDOT_DIMS), "shape"),
        "ragged-dot-groups": (
            entry(*RDOT[:2], "g = s32[3] parameter(2)", "r = f32[8,4] ragged-dot(a, b, g), " + RDOT_DIMS),
            "shape",
        ),
        "ragged-dot-contracting-sizes": (
            entry(RDOT[0], "b = f32[2,5,4] parameter(1)", RDOT[2], "r = f32[8,4] ragged-dot(a, b, g), " + RDOT_DIMS),
            "shape",
        ),
        "scan-carry-ok": (
            entry(
                "a = f32[4] parameter(0)",
                "z = f32[] constant(0)",
                "r = (f32[4], f32[]) scan(a, z), dimensions={0}, num_carries=1, to_apply=addc",
                computations=SCAN_BODY,
            ),
            None,
        ),
        "scan-output-shape": (
            entry(
                "a = f32[4] parameter(0)",
                "z = f32[] constant(0)",
                "r = (f32[5], f32[]) scan(a, z), dimensions={0}, num_carries=1, to_apply=addc",
                computations=SCAN_BODY,
            ),
            "shape",
        ),
        "scan-carry-type": (
            entry(
                "a = f32[4] parameter(0)",
                "z = f32[] constant(0)",
                "r = (f32[4], s32[]) scan(a, z), dimensions={0}, num_carries=1, to_apply=addc",
                computations=SCAN_BODY,
            ),
            "shape",
        ),
        "scan-dimension-range": (
            entry(
                "a = f32[4] parameter(0)",
                "r = f32[4] scan(a), dimensions={1}, num_carries=0, to_apply=neg",
                computations=NEG,
            ),
            "attribute",
        ),
        "scan-parameter-count": (
            entry(
                "a = f32[4] parameter(0)",
                "r = f32[4] scan(a), dimensions={0}, num_carries=0, to_apply=addc",
                computations=SCAN_BODY,
            ),
            "signature",
        ),
    }
)

X2 = "x = f32[2] parameter(0)"
SQUARE = "a = f32[2,2] parameter(0)"

CASES.update(
    {
        # element types per elementwise opcode (the whole table: test_verifier_xla.py's type sweep)
        "sine-integer": (entry("x = s32[2] parameter(0)", "r = s32[2] sine(x)"), "type"),
        "floor-complex": (entry("x = c64[2] parameter(0)", "r = c64[2] floor(x)"), "type"),
        "not-float": (entry(X2, "r = f32[2] not(x)"), "type"),
        "and-pred-ok": (entry("x = pred[2] parameter(0)", "r = pred[2] and(x, x)"), None),
        "shift-left-float": (entry(X2, "r = f32[2] shift-left(x, x)"), "type"),
        "abs-unsigned": (entry("x = u32[2] parameter(0)", "r = u32[2] abs(x)"), "type"),
        "negate-unsigned-ok": (entry("x = u32[2] parameter(0)", "r = u32[2] negate(x)"), None),
        "subtract-pred": (entry("x = pred[2] parameter(0)", "r = pred[2] subtract(x, x)"), "type"),
        "add-pred-ok": (entry("x = pred[2] parameter(0)", "r = pred[2] add(x, x)"), None),
        "reduce-precision-exponent": (
            entry(X2, "r = f32[2] reduce-precision(x), exponent_bits=0, mantissa_bits=2"),
            "attribute",
        ),
        "iota-pred": (entry("r = pred[4] iota(), iota_dimension=0"), "type"),
        # matrices and tokens
        "cholesky-batch-ok": (entry("x = f32[4,3,3] parameter(0)", "r = f32[4,3,3] cholesky(x), lower=true"), None),
        "cholesky-not-square": (entry("x = f32[2,3] parameter(0)", "r = f32[2,3] cholesky(x), lower=true"), "shape"),
        "cholesky-integer": (entry("x = s32[3,3] parameter(0)", "r = s32[3,3] cholesky(x), lower=true"), "shape"),
        "triangular-solve-right-ok": (
            entry(
                "a = f32[4,4] parameter(0)",
                "b = f32[2,4] parameter(1)",
                "r = f32[2,4] triangular-solve(a, b), left_side=false, lower=true, transpose_a=NO_TRANSPOSE",
            ),
            None,
        ),
        "triangular-solve-shared-dimension": (
            entry(
                "a = f32[3,3] parameter(0)",
                "b = f32[2,4] parameter(1)",
                "r = f32[2,4] triangular-solve(a, b), left_side=true, lower=true, transpose_a=NO_TRANSPOSE",
            ),
            "shape",
        ),
        "triangular-solve-batch": (
            entry(
                "a = f32[3,2,2] parameter(0)",
                "b = f32[5,2,4] parameter(1)",
                "r = f32[5,2,4] triangular-solve(a, b), left_side=true, lower=true, transpose_a=NO_TRANSPOSE",
            ),
            "shape",
        ),
        "triangular-solve-types": (
            entry(
                "a = f64[2,2] parameter(0)",
                "b = f32[2,4] parameter(1)",
                "r = f32[2,4] triangular-solve(a, b), left_side=true, lower=true, transpose_a=NO_TRANSPOSE",
            ),
            "shape",
        ),
        "triangular-solve-transpose-invalid": (
            entry(
                "a = f32[2,2] parameter(0)",
                "b = f32[2,4] parameter(1)",
                "r = f32[2,4] triangular-solve(a, b), left_side=true, lower=true, transpose_a=TRANSPOSE_INVALID",
            ),
            "attribute",
        ),
        "infeed-not-token": (entry(X2, "r = (f32[2], token[]) infeed(x)"), "operand"),
        "outfeed-not-token": (entry(X2, "r = token[] outfeed(x, x), outfeed_shape=f32[2]"), "operand"),
    }
)

CASES.update(
    {
        # replica groups hold each participant of the collective's mode once; source-target pairs within the module
        "all-reduce-groups-short": (
            entry(
                V,
                "r = f32[8] all-reduce(v), replica_groups={{0,1}}, to_apply=add",
                header=", replica_count=4",
                computations=ADD,
            ),
            "replica-groups",
        ),
        "all-reduce-groups-gap": (
            entry(V, "r = f32[8] all-reduce(v), replica_groups={{0,2}}, to_apply=add", computations=ADD),
            "replica-groups",
        ),
        "all-reduce-iota-groups-short": (
            entry(
                V,
                "r = f32[8] all-reduce(v), replica_groups=[1,2]<=[2], to_apply=add",
                header=", replica_count=4",
                computations=ADD,
            ),
            "replica-groups",
        ),
        "all-reduce-global-ids-short": (
            entry(
                V,
                "r = f32[8] all-reduce(v), channel_id=1, use_global_device_ids=true, "
                "replica_groups={{0,1}}, to_apply=add",
                header=", replica_count=2, num_partitions=2",
                computations=ADD,
            ),
            "replica-groups",
        ),
        "all-reduce-global-ids-ok": (
            entry(
                V,
                "r = f32[8] all-reduce(v), channel_id=1, use_global_device_ids=true, "
                "replica_groups={{0,1},{2,3}}, to_apply=add",
                header=", replica_count=2, num_partitions=2",
                computations=ADD,
            ),
            None,
        ),
        "all-to-all-partitions-short": (
            entry(
                V,
                "r = f32[8] all-to-all(v), channel_id=1, replica_groups={{0,1}}, dimensions={0}",
                header=", replica_count=2, num_partitions=4",
            ),
            "replica-groups",
        ),
        "all-to-all-partitions-ok": (
            entry(
                V,
                "r = f32[8] all-to-all(v), channel_id=1, replica_groups={{0,1},{2,3}}, dimensions={0}",
                header=", replica_count=2, num_partitions=4",
            ),
            None,
        ),
        "collective-broadcast-gap-ok": (entry(V, "r = f32[8] collective-broadcast(v), replica_groups={{0,2}}"), None),
        "collective-permute-target-range": (
            entry(V, "r = f32[8] collective-permute(v), source_target_pairs={{0,3}}", header=", replica_count=2"),
            "source-target-pairs",
        ),
        "collective-permute-partition-range": (
            entry(
                V,
                "r = f32[8] collective-permute(v), channel_id=1, source_target_pairs={{0,3}}",
                header=", replica_count=4, num_partitions=2",
            ),
            "source-target-pairs",
        ),
        "collective-permute-one-replica-ok": (
            entry(V, "r = f32[8] collective-permute(v), source_target_pairs={{0,3}}"),
            None,
        ),
    }
)

CASES.update(
    {
        # found by the full sweep
        "scatter-float-indices": (
            entry(
                "x = f32[5,3] parameter(0)",
                "i = f32[4,1] parameter(1)",
                "u = f32[4,3] parameter(2)",
                "r = f32[5,3] scatter(x, i, u), update_window_dims={1}, inserted_window_dims={0}, "
                "scatter_dims_to_operand_dims={0}, index_vector_dim=1, to_apply=add",
                computations=ADD,
            ),
            "type",
        ),
        "convolution-mixed-types": (
            entry(
                "x = s32[1,4,4,2] parameter(0)",
                "w = f32[2,2,2,3] parameter(1)",
                "r = f32[1,3,3,3] convolution(x, w), window={size=2x2}, dim_labels=b01f_01io->b01f",
            ),
            "type",
        ),
        "convolution-mixed-precision-ok": (
            entry(
                "x = bf16[1,4,4,2] parameter(0)",
                "w = f32[2,2,2,3] parameter(1)",
                "r = f32[1,3,3,3] convolution(x, w), window={size=2x2}, dim_labels=b01f_01io->b01f",
            ),
            None,
        ),
        "all-gather-start-no-operand": (
            entry(
                "p = f32[2] parameter(0)",
                "s = (f32[2], f32[4]) all-gather-start(), replica_groups={{0,1}}, dimensions={0}",
                "r = f32[4] all-gather-done(s)",
                header=", replica_count=2",
            ),
            "operand-count",
        ),
        "token-with-dimensions": (entry("t = token[2] after-all()", "r = f32[2] constant({1, 2})"), "parse"),
        # XLA's InferFftShape ties only RFFT's and IRFFT's innermost dimensions to fft_length
        "fft-any-complex-operand-ok": (
            entry("x = c64[1,1,1,1] parameter(0)", "r = c64[1,1,1,1] fft(x), fft_type=FFT, fft_length={1,0,1}"),
            None,
        ),
        "fft-real-operand": (
            entry("x = f32[4,8] parameter(0)", "r = f32[4,8] fft(x), fft_type=FFT, fft_length={8}"),
            "shape",
        ),
        "rfft-zero-length-keeps-the-dimension-ok": (
            entry("x = f32[4,0] parameter(0)", "r = c64[4,0] fft(x), fft_type=RFFT, fft_length={0}"),
            None,
        ),
        "irfft-zero-sized-ok": (
            entry("x = c64[4,0] parameter(0)", "r = f32[4,0] fft(x), fft_type=IRFFT, fft_length={0}"),
            None,
        ),
        # XLA's shard count comes from the shapes; it must be the subgroup size unless that is 1 (a group of one
        # replica with a channel: replicas x partitions, 1 x 1 without num_partitions)
        "all-gather-shard-count-from-the-shapes-ok": (
            entry(
                "p = f32[10,20] parameter(0)",
                "r = f32[10,80] all-gather(p), replica_groups={{0}}, channel_id=1, dimensions={1}",
            ),
            None,
        ),
        "reduce-scatter-shard-count-from-the-shapes-ok": (
            entry(
                "p = f32[4,8] parameter(0)",
                "r = f32[4,4] reduce-scatter(p), replica_groups={{0}}, channel_id=1, dimensions={1}, to_apply=add",
                computations=ADD,
            ),
            None,
        ),
        "reduce-scatter-over-replicas-and-partitions-ok": (
            entry(
                "p = f32[32] parameter(0)",
                "r = f32[2] reduce-scatter(p), replica_groups={{0,1,2,3}}, channel_id=1, dimensions={0}, to_apply=add",
                header=", num_partitions=4",
                computations=ADD,
            ),
            None,
        ),
        "all-gather-shard-count-not-the-group": (
            entry(
                "p = f32[16,10] parameter(0)",
                "r = f32[16,10] all-gather(p), replica_groups={{0,1},{2,3}}, dimensions={0}",
            ),
            "shape",
        ),
    }
)
