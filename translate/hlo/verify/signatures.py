"""What XLA's HLO parser accepts per opcode: operand counts, required and allowed attributes.

Facts from XLA's `hlo_parser.cc` (each opcode's attribute list and expected operand count); the parser
rejects an attribute not in the list and a missing required one.
"""

from __future__ import annotations

from dataclasses import dataclass

from hlo_translate.hlo.ir import BINARY_ELEMENTWISE, UNARY_ELEMENTWISE, HloComputation, HloInstruction
from hlo_translate.hlo.verify.core import fail, is_scalar

# Attributes the parser accepts on every instruction.
COMMON = frozenset(
    {
        "sharding",
        "frontend_attributes",
        "statistics",
        "parameter_replication",
        "control-predecessors",
        "origin",
        "metadata",
        "backend_config",
    }
)
_COLLECTIVE = frozenset({"replica_groups", "channel_id", "constrain_layout", "use_global_device_ids"})
_CHANNEL = frozenset({"channel_id", "is_host_transfer"})
_DOT_DIMS = frozenset(
    {"lhs_contracting_dims", "rhs_contracting_dims", "lhs_batch_dims", "rhs_batch_dims", "operand_precision"}
)
_CUSTOM_CALL = frozenset(
    {
        "custom_call_target",
        "window",
        "dim_labels",
        "feature_group_count",
        "batch_group_count",
        "operand_layout_constraints",
        "custom_call_has_side_effect",
        "to_apply",
        "called_computations",
        "output_to_operand_aliasing",
        "padding_type",
        "literal",
        "operand_precision",
        "schedule",
        "api_version",
    }
)
# Unary opcodes whose parser case also takes `result_accuracy`.
_WITH_ACCURACY = frozenset(
    {
        "exponential-minus-one",
        "log",
        "log-plus-one",
        "logistic",
        "sqrt",
        "cbrt",
        "rsqrt",
        "tanh",
        "erf",
        "sine",
        "cosine",
        "tan",
        "exponential",
        "acos",
        "acosh",
        "asin",
        "asinh",
        "atanh",
        "cosh",
        "sinh",
    }
)
# The group-mode spelling (`mode=cross_replica`) the reducing collectives take besides their flags.
_REDUCING = _COLLECTIVE | {"mode"}


@dataclass(frozen=True, slots=True)
class Signature:
    """Operand count (None: any; a tuple: at least [0], at most [1]) and attributes of one opcode."""

    operands: int | tuple[int, int] | None = None
    required: frozenset[str] = frozenset()
    optional: frozenset[str] = frozenset()


def _sig(operands: int | tuple[int, int] | None, required: str = "", optional: str | frozenset[str] = "") -> Signature:
    opt = optional if isinstance(optional, frozenset) else frozenset(optional.split())
    return Signature(operands, frozenset(required.split()), opt)


SIGNATURES: dict[str, Signature] = {
    **{op: _sig(1, optional="result_accuracy" if op in _WITH_ACCURACY else "") for op in UNARY_ELEMENTWISE},
    "reduce-precision": _sig(1, "exponent_bits mantissa_bits"),
    **{op: _sig(2) for op in BINARY_ELEMENTWISE},
    "compare": _sig(2, "direction", "type order"),
    "clamp": _sig(3),
    "select": _sig(3),
    "all-gather-done": _sig(1),
    "all-reduce-done": _sig(1),
    "collective-permute-done": _sig(1),
    "copy-done": _sig(1),
    "opt-barrier": _sig(1),
    "bitcast": _sig(1),
    "parameter": _sig(0),
    "constant": _sig(0),
    "iota": _sig(0, "iota_dimension"),
    "topk": _sig(1, "k", "largest is_stable"),
    "all-gather": _sig((1, 1 << 62), "dimensions", _COLLECTIVE),
    "all-gather-start": _sig((1, 1 << 62), "dimensions", _COLLECTIVE),
    "all-reduce": _sig(None, "to_apply", _REDUCING),
    "all-reduce-start": _sig(None, "to_apply", _REDUCING),
    "reduce-scatter": _sig((1, 1 << 62), "to_apply dimensions", _REDUCING),
    "collective-reduce": _sig(None, "to_apply", _COLLECTIVE | {"has_dynamic_root"}),
    "all-to-all": _sig(None, "", "replica_groups channel_id dimensions constrain_layout"),
    "ragged-all-to-all": _sig(None, "", "replica_groups channel_id dimensions"),
    "collective-broadcast": _sig(None, "replica_groups", "channel_id has_dynamic_root"),
    "collective-permute": _sig(None, "source_target_pairs", "channel_id slice_sizes"),
    "collective-permute-start": _sig(None, "source_target_pairs", "channel_id slice_sizes"),
    # XLA's parser keeps a wrapped op's aliasing on the async-start when the op has no such field
    "async-start": _sig(None, "calls", "async_execution_thread output_to_operand_aliasing"),
    "async-update": _sig(1, "", "calls async_execution_thread"),
    "async-done": _sig(1, "", "calls async_execution_thread"),
    "copy-start": _sig(1, "", "cross_program_prefetch_index"),
    "replica-id": _sig(0),
    "partition-id": _sig(0),
    "dynamic-reshape": _sig((1, 1 << 62)),
    "reshape": _sig(1, "", "inferred_dimension"),
    "after-all": _sig(None),
    "add-dependency": _sig(2),
    "sort": _sig((1, 1 << 62), "dimensions to_apply", "is_stable"),
    "tuple": _sig(None),
    "while": _sig(1, "condition body"),
    "recv": _sig(1, "", _CHANNEL),
    "recv-done": _sig(1, "", _CHANNEL),
    "send": _sig(2, "", _CHANNEL),
    "send-done": _sig(1, "", _CHANNEL),
    "get-tuple-element": _sig(1, "index"),
    "call": _sig(None, "to_apply", "is_composite"),
    "reduce-window": _sig((2, 1 << 62), "to_apply", "window"),
    "convolution": _sig(
        2,
        "dim_labels",
        "window feature_group_count batch_group_count operand_precision algorithm "
        "block_scaling_config convolution_kind sparsity_config",
    ),
    "fft": _sig(1, "fft_type fft_length"),
    "triangular-solve": _sig(2, "", "left_side lower unit_diagonal transpose_a"),
    "cholesky": _sig(1, "", "lower"),
    "broadcast": _sig(1, "", "dimensions"),  # required unless the operand is a scalar: see check_signature
    "concatenate": _sig((1, 1 << 62), "dimensions"),
    "map": _sig(None, "to_apply", "dimensions"),
    "reduce": _sig((2, 1 << 62), "to_apply dimensions"),
    "reverse": _sig(1, "dimensions"),
    "select-and-scatter": _sig(3, "select scatter", "window"),
    "slice": _sig(1, "slice"),
    "dynamic-slice": _sig((1, 1 << 62), "dynamic_slice_sizes"),
    "dynamic-update-slice": _sig((2, 1 << 62)),
    "transpose": _sig(1, "dimensions"),
    "batch-norm-training": _sig(3, "epsilon feature_index"),
    "batch-norm-inference": _sig(5, "epsilon feature_index"),
    "batch-norm-grad": _sig(5, "epsilon feature_index"),
    "pad": _sig(2, "padding"),
    "fusion": _sig(None, "calls kind", "output_to_operand_aliasing"),
    "infeed": _sig(1, "", "infeed_config"),
    "outfeed": _sig(2, "", "outfeed_config outfeed_shape"),
    "rng": _sig(None, "distribution"),
    "rng-get-and-update-state": _sig(0, "delta"),
    "rng-bit-generator": _sig(1, "algorithm"),
    "conditional": _sig((1, 1 << 62), "", "true_computation false_computation branch_computations"),
    "custom-call": _sig(None, "custom_call_target", _CUSTOM_CALL),
    "dot": _sig(None, "", _DOT_DIMS | {"algorithm", "block_scaling_config", "sparsity_config"}),
    "scaled-dot": _sig(4, "", _DOT_DIMS | {"algorithm"}),
    "ragged-dot": _sig(3, "", _DOT_DIMS | {"lhs_ragged_dims", "rhs_group_dims"}),
    "gather": _sig(
        2,
        "offset_dims collapsed_slice_dims start_index_map index_vector_dim slice_sizes",
        "indices_are_sorted operand_batching_dims start_indices_batching_dims",
    ),
    "scatter": _sig(
        (3, 1 << 62),
        "update_window_dims inserted_window_dims scatter_dims_to_operand_dims index_vector_dim to_apply",
        "indices_are_sorted unique_indices input_batching_dims scatter_indices_batching_dims",
    ),
    "domain": _sig(1, "domain"),
    "get-dimension-size": _sig(1, "dimensions"),
    "shuffle": _sig(1, "dimensions mode", "shifts"),
    "scan": _sig(None, "dimensions num_carries to_apply", "is_associative is_reverse"),
    "set-dimension-size": _sig(2, "dimensions"),
}


_PRED_BRANCHES = frozenset({"true_computation", "false_computation"})

# Every attribute name each opcode accepts.
_ALLOWED: dict[str, frozenset[str]] = {op: COMMON | sig.required | sig.optional for op, sig in SIGNATURES.items()}


def allowed_attributes(opcode: str) -> frozenset[str] | None:
    """The attribute names XLA's parser accepts on `opcode` (None: not tabulated)."""
    return _ALLOWED.get(opcode)


def check_signature(instr: HloInstruction) -> None:
    """Operand count and attribute names of `instr` as XLA's parser checks them."""
    sig = SIGNATURES.get(instr.opcode)
    if sig is None:
        return  # an opcode whose parser case we have not tabulated: not checked
    _check_operand_count(instr, sig)
    required = sig.required
    if instr.opcode == "broadcast" and instr.operands and not is_scalar(instr.operands[0].shape):
        required = required | {"dimensions"}
    allowed = _ALLOWED[instr.opcode]
    if instr.opcode == "conditional" and instr.operands:
        # The parser's attribute list depends on the branch index: pred takes the two named branches only.
        branches = (
            _PRED_BRANCHES
            if instr.operands[0].shape.element_type.name == "PRED"
            else frozenset({"branch_computations"})
        )
        required = required | branches
        allowed = COMMON | branches
    for name in instr.attributes:
        if name not in allowed:
            raise fail(instr, "attribute", f"{instr.opcode} takes no attribute '{name}'")
    missing = required.difference(instr.attributes)
    if missing:
        raise fail(instr, "attribute", f"{instr.opcode} needs the attribute '{min(missing)}'")
    to_apply = instr.attributes.get("to_apply")
    if to_apply is not None and not isinstance(to_apply, HloComputation):
        # (a proto naming several called computations; XLA's proto reader wants exactly one)
        count = len(to_apply) if isinstance(to_apply, tuple) else "no"
        raise fail(instr, "attribute", f"{instr.opcode} takes one to_apply computation, not {count}")


def _check_operand_count(instr: HloInstruction, sig: Signature) -> None:
    count = len(instr.operands)
    if sig.operands is None:
        return
    low, high = (sig.operands, sig.operands) if isinstance(sig.operands, int) else sig.operands
    if not low <= count <= high:
        expected = str(low) if low == high else f"at least {low}" if high >= 1 << 62 else f"{low} to {high}"
        raise fail(instr, "operand-count", f"{instr.opcode} takes {expected} operands, not {count}")
