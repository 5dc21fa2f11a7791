"""Attributes the importer leaves on StableHLO ops so that the exporter writes back the same HLO.

StableHLO has no word for some HLO facts (a loop state that is a nested tuple, the thread of an async
computation, frontend attributes of a done that differ from its start's). The importer records them in
these discardable attributes and the exporter honours them; other producers never need to write them.
docs/import.md lists them all with their meaning.
"""

from __future__ import annotations

# The HLO shape of an op's value where StableHLO's types alone do not say it (nesting, context
# elements of an async start), as XLA's own importer names it.
XLA_SHAPE = "xla_shape"
# The HLO shape of the async bundle an `xla.*-done`/`-update` reads as leaves (pipelined bundles),
# where the exporter cannot tell it from the leaves.
OPERAND_SHAPE = "xla.operand_shape"
# On a function whose computation has tuple parameters or a nested or 1-tuple root:
# "(<parameter shapes>) -> <root shape>", the function's arguments and results being their leaves.
SIGNATURE = "xla.signature"
# On a `stablehlo.custom_call` imported from an HLO custom-call whose target the exporter would read as
# something else (JAX's async collectives, `xla.*`): write it back as a custom-call.
PLAIN_CUSTOM_CALL = "xla.plain_custom_call"
# On a typed-FFI `stablehlo.custom_call` imported from HLO: the custom-call's `backend_config` text as
# it was written ("" where it had none), when MLIR prints the dictionary differently (`1.0 : f32` comes
# back as `1.000000e+00 : f32`); the exporter writes it back while the dictionary still reads as it.
BACKEND_CONFIG_TEXT = "xla.backend_config_text"
# An instruction's original value (`origin={...}` in HLO text) in its HLO text, as XLA's importer keeps it.
ORIGINAL_VALUE = "mhlo.original_value"
# On a CHLO op imported from the HLO opcode of the same name (`chlo.asin` from `asin`, ...): the exporter
# writes the opcode back instead of decomposing the op as XLA's pipeline does for producers' CHLO.
FROM_HLO_OPCODE = "xla.from_hlo_opcode"
# On the `stablehlo.optimization_barrier` over (value leaves..., token) an HLO add-dependency imports as:
# the exporter writes the add-dependency back.
ADD_DEPENDENCY = "xla.add_dependency"
# On a `custom_call @Sharding`: it stands for an HLO `copy` carrying a sharding (a resharding point), written
# back as that copy.
SHARDING_COPY = "xla.copy"
# The elementwise HLO opcodes that import as the CHLO op of the same name; with `scan`, every CHLO op the
# exporter writes back as an HLO opcode when imported from it.
CHLO_ELEMENTWISE_OPCODES = ("acos", "acosh", "asin", "asinh", "atanh", "cosh", "sinh")
CHLO_WITH_OPCODE = (*CHLO_ELEMENTWISE_OPCODES, "scan")
# On a `stablehlo.custom_call` imported from HLO: the custom-call's attributes StableHLO has no field for
# (a cuDNN convolution's `window`, `dim_labels`, ...), in their HLO text (as on the `xla.*` fallbacks).
CUSTOM_CALL_ATTRIBUTES = "xla.attributes"
# The execution thread of an async computation (absent for the main thread).
EXECUTION_THREAD = "xla.execution_thread"
# The frontend attributes of a send-done/recv-done where they differ from those of the send/recv.
DONE_FRONTEND_ATTRIBUTES = "xla.done_frontend_attributes"
# The sharding of a send-done/recv-done where it differs from the one derived from the send's/recv's
# (`hlo.p2p_sharding`); "" for none.
DONE_SHARDING = "xla.done_sharding"
# On a `stablehlo.recv` whose HLO recv-done is read by get-tuple-elements without frontend attributes
# (XLA's converter gives them the recv's; XLA's passes write them plain).
PLAIN_GET_TUPLE_ELEMENTS = "xla.plain_get_tuple_elements"
# On a `stablehlo.broadcast_in_dim` imported from an HLO broadcast that maps a size-1 operand dimension to a larger
# one (XLA's parser takes it, its verifier does not), unit: the exporter writes that one broadcast back, not the
# reshape and broadcast it writes for StableHLO's broadcast of a size-1 dimension.
BROADCAST_AS_WRITTEN = "xla.broadcast_as_written"
# On the last op of the reshape/transpose/bitcast_convert steps an HLO bitcast became: write one
# `bitcast` of the value the steps start from; the steps before it carry BITCAST_STEP.
BITCAST = "xla.bitcast"
BITCAST_STEP = "xla.bitcast_step"

# On each `stablehlo.constant` an HLO tuple constant imports as (one per leaf):
# `{name = "<the tuple constant>", shape = "<its HLO shape>", index = array<i64: <the leaf's tuple index>>}`;
# the exporter writes the leaves of one name in a block back as that one tuple constant.
TUPLE_CONSTANT = "xla.tuple_constant"

# On a `chlo.top_k` imported from an HLO topk without `is_stable` (unit attribute): the exporter writes none.
UNSTABLE_TOPK = "xla.unstable_topk"

# On an op made of an HLO instruction of tuple shape whose sharding is not a tuple sharding (`{replicated}` on a
# scatter of two results), unit: the exporter writes it so, where it would spread it over the leaves.
UNTUPLED_SHARDING = "xla.untupled_sharding"

# HLO control-predecessors: an op another op must follow gets `xla.control_id = N` (unique in the
# module); the op that follows lists them in `xla.control_predecessors = array<i64: N, ...>`.
CONTROL_ID = "xla.control_id"
CONTROL_PREDECESSORS = "xla.control_predecessors"

# The custom-call targets that move a value into a buffer (`b(...)` shape) and out of it.
BUFFER_BOUNDARY_TARGETS = frozenset({"Pin", "Unpin"})
# Custom-call targets standing for HLO opcodes StableHLO has no op for.
RNG_STATE_TARGET = "xla.rng_get_and_update_state"
STOCHASTIC_CONVERT_TARGET = "xla.stochastic_convert"
# The composite standing for HLO's tuple all-to-all (its decomposition: one stacked array all_to_all).
TUPLE_ALL_TO_ALL = "xla.tuple_all_to_all"
