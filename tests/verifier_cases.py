"""Hand-written HLO modules for the verifier: each valid one, and each broken in one way that XLA rejects.

`CASES` maps a case id to (HLO text, the rule our verifier names, or None for a valid module). The same
table is checked against XLA's verdict in tests/test_verifier_xla.py.
"""

from __future__ import annotations


def entry(*lines: str, header: str = "", computations: str = "") -> str:
    """A module whose ENTRY holds `lines` (the last one is the root)."""
    body = "\n".join(f"  {'ROOT ' if i == len(lines) - 1 else ''}{line}" for i, line in enumerate(lines))
    return f"HloModule m{header}\n\n{computations}ENTRY main {{\n{body}\n}}\n"


ADD = "add {\n  a = f32[] parameter(0)\n  b = f32[] parameter(1)\n  ROOT s = f32[] add(a, b)\n}\n\n"
LESS = "less {\n  a = f32[] parameter(0)\n  b = f32[] parameter(1)\n" \
       "  ROOT lt = pred[] compare(a, b), direction=LT\n}\n\n"
COND = "cond {\n  s = (s32[], f32[4]) parameter(0)\n  i = s32[] get-tuple-element(s), index=0\n" \
       "  n = s32[] constant(3)\n  ROOT lt = pred[] compare(i, n), direction=LT\n}\n\n"
BODY = "body {\n  s = (s32[], f32[4]) parameter(0)\n  i = s32[] get-tuple-element(s), index=0\n" \
       "  x = f32[4] get-tuple-element(s), index=1\n  one = s32[] constant(1)\n  j = s32[] add(i, one)\n" \
       "  y = f32[4] negate(x)\n  ROOT t = (s32[], f32[4]) tuple(j, y)\n}\n\n"

P = "p = f32[2,3] parameter(0)"
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
    "select-ok": (entry("c = pred[2,3] parameter(0)", "p = f32[2,3] parameter(1)",
                        "r = f32[2,3] select(c, p, p)"), None),
    "select-scalar-predicate": (entry("c = pred[] parameter(0)", "p = f32[2,3] parameter(1)",
                                      "r = f32[2,3] select(c, p, p)"), None),
    "select-predicate-dims": (entry("c = pred[3] parameter(0)", "p = f32[2,3] parameter(1)",
                                    "r = f32[2,3] select(c, p, p)"), "shape"),
    "unknown-attribute": (entry(P, "r = f32[2,3] negate(p), foo=1"), "attribute"),
    "foreign-attribute": (entry(P, "r = f32[2,3] negate(p), dimensions={0}"), "attribute"),
    # data movement
    "broadcast-ok": (entry("p = f32[3] parameter(0)", "r = f32[2,3] broadcast(p), dimensions={1}"), None),
    "broadcast-scalar-no-dims": (entry("p = f32[] parameter(0)", "r = f32[2,3] broadcast(p)"), None),
    "broadcast-missing-dims": (entry("p = f32[3] parameter(0)", "r = f32[2,3] broadcast(p)"), "attribute"),
    "broadcast-size-mismatch": (entry("p = f32[3] parameter(0)", "r = f32[2,3] broadcast(p), dimensions={0}"),
                                "shape"),
    "reshape-ok": (entry(P, "r = f32[6] reshape(p)"), None),
    "reshape-count": (entry(P, "r = f32[7] reshape(p)"), "shape"),
    "transpose-ok": (entry(P, "r = f32[3,2] transpose(p), dimensions={1,0}"), None),
    "transpose-wrong": (entry(P, "r = f32[2,3] transpose(p), dimensions={1,0}"), "shape"),
    "transpose-not-permutation": (entry(P, "r = f32[2,2] transpose(p), dimensions={0,0}"), "attribute"),
    "slice-ok": (entry(P, "r = f32[1,2] slice(p), slice={[1:2], [0:3:2]}"), None),
    "slice-out-of-bounds": (entry(P, "r = f32[1,4] slice(p), slice={[1:2], [0:4]}"), "attribute"),
    "dynamic-slice-ok": (entry(P, "i = s32[] parameter(1)",
                               "r = f32[1,3] dynamic-slice(p, i, i), dynamic_slice_sizes={1,3}"), None),
    "dynamic-slice-index-count": (entry(P, "i = s32[] parameter(1)",
                                        "r = f32[1,3] dynamic-slice(p, i), dynamic_slice_sizes={1,3}"),
                                  "operand-count"),
    "concatenate-ok": (entry(P, Q, "r = f32[4,3] concatenate(p, q), dimensions={0}"), None),
    "concatenate-wrong": (entry(P, Q, "r = f32[5,3] concatenate(p, q), dimensions={0}"), "shape"),
    "pad-ok": (entry(P, "z = f32[] constant(0)", "r = f32[5,3] pad(p, z), padding=1_1_1x0_0"), None),
    "pad-wrong": (entry(P, "z = f32[] constant(0)", "r = f32[4,3] pad(p, z), padding=1_1_1x0_0"), "shape"),
    "iota-ok": (entry("r = s32[4,2] iota(), iota_dimension=1"), None),
    "iota-missing-dimension": (entry("r = s32[4,2] iota()"), "attribute"),
    "iota-dimension-range": (entry("r = s32[4,2] iota(), iota_dimension=2"), "attribute"),
    "get-tuple-element-range": (entry(P, "t = (f32[2,3]) tuple(p)", "r = f32[2,3] get-tuple-element(t), index=1"),
                                "attribute"),
    # layouts and shapes
    "layout-rank": (entry("p = f32[2,3]{0} parameter(0)", "r = f32[2,3] negate(p)"), "layout"),
    "layout-repeat": (entry("p = f32[2,3]{0,0} parameter(0)", "r = f32[2,3] negate(p)"), "layout"),
    "negative-dimension": (entry("p = f32[-2] parameter(0)", "r = f32[-2] negate(p)"), "layout"),
    "entry-layout-ok": (entry(P, "r = f32[2,3] negate(p)",
                              header=", entry_computation_layout={(f32[2,3]{1,0})->f32[2,3]{0,1}}"), None),
    "entry-layout-mismatch": (entry(P, "r = f32[2,3] negate(p)",
                                    header=", entry_computation_layout={(f32[3,3]{1,0})->f32[2,3]{1,0}}"),
                              "entry-layout"),
    "entry-layout-count": (entry(P, "r = f32[2,3] negate(p)",
                                 header=", entry_computation_layout={()->f32[2,3]{1,0}}"), "entry-layout"),
    "entry-layout-twice": (entry(P, "r = f32[2,3] negate(p)",
                                 header=", entry_computation_layout={(f32[2,3]{1,0})->f32[2,3]{1,0}}"
                                        ", entry_computation_layout={(f32[2,3]{1,0})->f32[2,3]{1,0}}"), "parse"),
    # reductions and contractions
    "reduce-ok": (entry(P, "z = f32[] constant(0)", "r = f32[3] reduce(p, z), dimensions={0}, to_apply=add",
                        computations=ADD), None),
    "reduce-wrong": (entry(P, "z = f32[] constant(0)", "r = f32[2] reduce(p, z), dimensions={0}, to_apply=add",
                           computations=ADD), "shape"),
    "reduce-no-dimensions": (entry(P, "z = f32[] constant(0)", "r = f32[3] reduce(p, z), to_apply=add",
                                   computations=ADD), "attribute"),
    "reduce-window-ok": (entry(P, "z = f32[] constant(0)",
                               "r = f32[1,2] reduce-window(p, z), window={size=2x2}, to_apply=add",
                               computations=ADD), None),
    "reduce-window-wrong": (entry(P, "z = f32[] constant(0)",
                                  "r = f32[2,2] reduce-window(p, z), window={size=2x2}, to_apply=add",
                                  computations=ADD), "shape"),
    "dot-ok": (entry(P, "q = f32[3,4] parameter(1)",
                     "r = f32[2,4] dot(p, q), lhs_contracting_dims={1}, rhs_contracting_dims={0}"), None),
    "dot-contracting-mismatch": (entry(P, "q = f32[4,4] parameter(1)",
                                       "r = f32[2,4] dot(p, q), lhs_contracting_dims={1}, rhs_contracting_dims={0}"),
                                 "shape"),
    "convolution-ok": (entry("x = f32[1,4,4,2] parameter(0)", "w = f32[2,2,2,3] parameter(1)",
                             "r = f32[1,3,3,3] convolution(x, w), window={size=2x2}, dim_labels=b01f_01io->b01f"),
                       None),
    "convolution-wrong": (entry("x = f32[1,4,4,2] parameter(0)", "w = f32[2,2,2,3] parameter(1)",
                                "r = f32[1,4,4,3] convolution(x, w), window={size=2x2}, "
                                "dim_labels=b01f_01io->b01f"), "shape"),
    "sort-ok": (entry("p = f32[5] parameter(0)", "r = f32[5] sort(p), dimensions={0}, to_apply=less",
                      computations=LESS), None),
    "sort-comparator": (entry("p = s32[5] parameter(0)", "r = s32[5] sort(p), dimensions={0}, to_apply=less",
                              computations=LESS), "signature"),
    # control flow
    "while-ok": (entry("x = f32[4] parameter(0)", "i = s32[] constant(0)", "s = (s32[], f32[4]) tuple(i, x)",
                       "r = (s32[], f32[4]) while(s), condition=cond, body=body", computations=COND + BODY), None),
    "while-state-mismatch": (entry("x = f32[5] parameter(0)", "i = s32[] constant(0)",
                                   "s = (s32[], f32[5]) tuple(i, x)",
                                   "r = (s32[], f32[5]) while(s), condition=cond, body=body",
                                   computations=COND + BODY), "signature"),
    "call-ok": (entry("a = f32[] parameter(0)", "r = f32[] call(a, a), to_apply=add", computations=ADD), None),
    "call-arity": (entry("a = f32[] parameter(0)", "r = f32[] call(a), to_apply=add", computations=ADD),
                   "signature"),
    # collectives and asynchronous pairs
    "all-reduce-ok": (entry("p = f32[8] parameter(0)",
                            "r = f32[8] all-reduce(p), replica_groups={{0,1},{2,3}}, to_apply=add",
                            header=", replica_count=4", computations=ADD), None),
    "all-reduce-repeated-replica": (entry("p = f32[8] parameter(0)",
                                          "r = f32[8] all-reduce(p), replica_groups={{0,1},{1,3}}, to_apply=add",
                                          header=", replica_count=4", computations=ADD), "replica-groups"),
    "all-gather-ok": (entry("p = f32[2,3] parameter(0)",
                            "r = f32[4,3] all-gather(p), replica_groups={{0,1},{2,3}}, dimensions={0}",
                            header=", replica_count=4"), None),
    "all-gather-wrong": (entry("p = f32[2,3] parameter(0)",
                               "r = f32[6,3] all-gather(p), replica_groups={{0,1},{2,3}}, dimensions={0}",
                               header=", replica_count=4"), "shape"),
    "all-gather-no-dimensions": (entry("p = f32[2,3] parameter(0)",
                                       "r = f32[4,3] all-gather(p), replica_groups={{0,1},{2,3}}",
                                       header=", replica_count=4"), "attribute"),
    "collective-permute-repeated-target": (entry("p = f32[4] parameter(0)",
                                                 "r = f32[4] collective-permute(p), source_target_pairs={{0,1},{2,1}}",
                                                 header=", replica_count=4"), "source-target-pairs"),
    "send-recv-ok": (entry("x = f32[4] parameter(0)", "t = token[] after-all()",
                           "s = (f32[4], u32[], token[]) send(x, t), channel_id=1",
                           "sd = token[] send-done(s), channel_id=1",
                           "rv = (f32[4], u32[], token[]) recv(t), channel_id=2",
                           "rd = (f32[4], token[]) recv-done(rv), channel_id=2",
                           "r = f32[4] get-tuple-element(rd), index=0"), None),
    "send-done-two-operands": (entry("x = f32[4] parameter(0)", "t = token[] after-all()",
                                     "s = (f32[4], u32[], token[]) send(x, t), channel_id=1",
                                     "sd = token[] send-done(s, s), channel_id=1", "r = f32[4] copy(x)"),
                               "operand-count"),
    "async-ok": (entry("x = f32[4] parameter(0)", "s = ((f32[4]), f32[4], s32[]) negate-start(x)",
                       "r = f32[4] negate-done(s)"), None),
    "async-done-shape": (entry("x = f32[4] parameter(0)", "s = ((f32[4]), f32[4], s32[]) negate-start(x)",
                               "r = f32[5] negate-done(s)"), "shape"),
    # other shape rules
    "batch-norm-training-ok": (entry("x = f32[2,3] parameter(0)", "s = f32[3] parameter(1)",
                                     "r = (f32[2,3], f32[3], f32[3]) batch-norm-training(x, s, s), epsilon=0.001, "
                                     "feature_index=1"), None),
    "batch-norm-training-wrong": (entry("x = f32[2,3] parameter(0)", "s = f32[3] parameter(1)",
                                        "r = (f32[2,3], f32[2], f32[2]) batch-norm-training(x, s, s), epsilon=0.001, "
                                        "feature_index=1"), "shape"),
    "topk-ok": (entry("x = f32[2,8] parameter(0)", "r = (f32[2,3], s32[2,3]) topk(x), k=3"), None),
    "topk-wrong": (entry("x = f32[2,8] parameter(0)", "r = (f32[2,4], s32[2,4]) topk(x), k=3"), "shape"),
    "replica-id-wrong": (entry("r = s32[] replica-id()"), "shape"),
    "fft-ok": (entry("x = f32[4,8] parameter(0)", "r = c64[4,5] fft(x), fft_type=RFFT, fft_length={8}"), None),
    "fft-wrong": (entry("x = f32[4,8] parameter(0)", "r = c64[4,8] fft(x), fft_type=RFFT, fft_length={8}"), "shape"),
    "scatter-ok": (entry("x = f32[5,3] parameter(0)", "i = s32[4,1] parameter(1)", "u = f32[4,3] parameter(2)",
                         "r = f32[5,3] scatter(x, i, u), update_window_dims={1}, inserted_window_dims={0}, "
                         "scatter_dims_to_operand_dims={0}, index_vector_dim=1, to_apply=add", computations=ADD), None),
    "scatter-update-mismatch": (entry("x = f32[5,3] parameter(0)", "i = s32[4,1] parameter(1)",
                                      "u = f32[2,3] parameter(2)",
                                      "r = f32[5,3] scatter(x, i, u), update_window_dims={1}, inserted_window_dims={0}, "
                                      "scatter_dims_to_operand_dims={0}, index_vector_dim=1, to_apply=add",
                                      computations=ADD), "shape"),
    "gather-ok": (entry("x = f32[5,3] parameter(0)", "i = s32[4,1] parameter(1)",
                        "r = f32[4,3] gather(x, i), offset_dims={1}, collapsed_slice_dims={0}, start_index_map={0}, "
                        "index_vector_dim=1, slice_sizes={1,3}"), None),
    "gather-wrong": (entry("x = f32[5,3] parameter(0)", "i = s32[4,1] parameter(1)",
                           "r = f32[4,2] gather(x, i), offset_dims={1}, collapsed_slice_dims={0}, "
                           "start_index_map={0}, index_vector_dim=1, slice_sizes={1,3}"), "shape"),
}
