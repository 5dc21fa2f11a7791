"""The async correspondence between StableHLO and HLO, written once and read by both converters.

StableHLO has one async form: `stablehlo.async_start` (a region holding one collective or slice op,
returning `!stablehlo.future<T>`) awaited by `stablehlo.async_done`. HLO has several; which one a region
op maps to is this table:

| op in the async_start region   | HLO start / done                                   | start shape                 |
|--------------------------------|----------------------------------------------------|-----------------------------|
| all_reduce                     | all-reduce-start / all-reduce-done                 | `result`                    |
| all_gather                     | all-gather-start / all-gather-done                 | `(operand, result)`         |
| collective_permute             | collective-permute-start / collective-permute-done | `(operand, result, ctx...)` |
| reduce_scatter, all_to_all,    | async-start `calls=` (a computation holding the    | `((operands...), result,    |
| collective_broadcast, slice,   | op) / async-done                                   |   ctx...)`                  |
| dynamic_slice,                 |                                                    |                             |
| dynamic_update_slice           |                                                    |                             |

A start shape other than the canonical one (extra context elements such as `u32[]`, or non-default
layouts) travels in the `xla_shape` attribute of `stablehlo.async_start`, as XLA's importer writes it; the
execution thread of a generic bundle travels in `xla.execution_thread`.

Everything StableHLO's verifier rejects in that form (bundles over fusions, custom calls or several ops,
`async-update`s, `copy-start`, tuple-shaped collectives, pipelined send/recv) is spelled as a custom call
named after the HLO opcode: `stablehlo.custom_call @"xla.<opcode>"` (see `FALLBACK_PREFIX`).

    >>> form = FORMS["stablehlo.all_gather"]
    >>> form.start, form.done
    ('all-gather-start', 'all-gather-done')
    >>> from hlo_translate.hlo.text import parse_shape
    >>> start_shape(form, [parse_shape("f32[2]")], parse_shape("f32[8]")).to_text()
    '(f32[2], f32[8])'
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from hlo_translate.errors import TranslateError
from hlo_translate.hlo.ir import Shape, with_default_layouts


class StartShape(enum.Enum):
    """How the start instruction's shape is made from the operands and the result."""

    RESULT = "result"  # all-reduce-start
    OPERAND_RESULT = "(operand, result)"  # all-gather-start, collective-permute-start
    BUNDLE = "((operands...), result)"  # async-start


@dataclass(frozen=True, slots=True)
class AsyncForm:
    region_op: str  # the StableHLO op inside async_start
    opcode: str  # the HLO opcode of that op (inside the wrapped computation, for bundles)
    start: str
    done: str
    shape: StartShape

    @property
    def is_bundle(self) -> bool:
        return self.shape == StartShape.BUNDLE


def _bundle(region_op: str, opcode: str) -> AsyncForm:
    return AsyncForm(region_op, opcode, "async-start", "async-done", StartShape.BUNDLE)


FORMS: dict[str, AsyncForm] = {
    form.region_op: form
    for form in (
        AsyncForm("stablehlo.all_reduce", "all-reduce", "all-reduce-start", "all-reduce-done", StartShape.RESULT),
        AsyncForm(
            "stablehlo.all_gather", "all-gather", "all-gather-start", "all-gather-done", StartShape.OPERAND_RESULT
        ),
        AsyncForm(
            "stablehlo.collective_permute",
            "collective-permute",
            "collective-permute-start",
            "collective-permute-done",
            StartShape.OPERAND_RESULT,
        ),
        _bundle("stablehlo.reduce_scatter", "reduce-scatter"),
        _bundle("stablehlo.all_to_all", "all-to-all"),
        _bundle("stablehlo.collective_broadcast", "collective-broadcast"),
        _bundle("stablehlo.slice", "slice"),
        _bundle("stablehlo.dynamic_slice", "dynamic-slice"),
        _bundle("stablehlo.dynamic_update_slice", "dynamic-update-slice"),
    )
}

# Dedicated HLO start opcode -> its form; wrapped opcode of a generic bundle -> its form.
BY_START: dict[str, AsyncForm] = {f.start: f for f in FORMS.values() if not f.is_bundle}
BY_WRAPPED_OPCODE: dict[str, AsyncForm] = {f.opcode: f for f in FORMS.values() if f.is_bundle}
DONE_OF: dict[str, str] = {
    "all-reduce-start": "all-reduce-done",
    "all-gather-start": "all-gather-done",
    "collective-permute-start": "collective-permute-done",
    "async-start": "async-done",
    "async-update": "async-done",
    "copy-start": "copy-done",
    "send": "send-done",
    "recv": "recv-done",
}

# JAX 0.12's async collectives: custom_call @"<kind>-start" / @"<kind>-done" with a JSON config.
JAX_ASYNC_CONFIG_ATTR = "async_collective_config"
JAX_START_TARGETS: dict[str, str] = {
    "all-reduce-start": "stablehlo.all_reduce",
    "all-gather-start": "stablehlo.all_gather",
    "collective-permute-start": "stablehlo.collective_permute",
    "reduce-scatter-start": "stablehlo.reduce_scatter",
    "all-to-all-start": "stablehlo.all_to_all",
}
JAX_DONE_TARGETS = frozenset(t.replace("-start", "-done") for t in JAX_START_TARGETS)

# The fallback spelling: custom_call @"xla.<opcode>". Its operands and results are the HLO instruction's
# (a tuple-shaped result is its leaves, except an async bundle that only flows to the next step of its
# chain, one tuple-typed value; send/recv bundles are flattened so they can cross loops); called
# computations are listed in `called_computations` (with the attribute each is under in
# `FALLBACK_COMPUTATION_ATTRIBUTES` where `CALLED_COMPUTATION_ATTR` does not say it), a constant's literal is
# its HLO text in `FALLBACK_LITERAL`, every other attribute is kept as HLO text in `xla.attributes`.
# The importer writes the opcodes below so by design; any other instruction it writes so only where
# StableHLO cannot say it as written (`translate.import_.fallback`).
FALLBACK_PREFIX = "xla."
FALLBACK_ATTRIBUTES = "xla.attributes"
FALLBACK_COMPUTATION_ATTRIBUTES = "xla.computation_attributes"
FALLBACK_LITERAL = "xla.literal"
# Computation attributes whose value is a list, even of one computation (`calls={f}`).
LIST_COMPUTATION_ATTRS = frozenset({"calls", "branch_computations", "called_computations"})
# Instructions that are no op of their own on import (values are trees): never in the fallback form.
NO_FALLBACK_OPCODES = frozenset({"parameter", "tuple", "get-tuple-element"})
FALLBACK_OPCODES = frozenset(
    {
        "async-start",
        "async-update",
        "async-done",
        "copy-start",
        "copy-done",
        "all-reduce-start",
        "all-reduce-done",
        "all-gather-start",
        "all-gather-done",
        "collective-permute-start",
        "collective-permute-done",
        "send",
        "send-done",
        "recv",
        "recv-done",
        # Forms StableHLO's collective_permute and reduce_scatter cannot say: in place (input, output, start
        # indices, slice_sizes) and combined (several operands, one tuple result).
        "collective-permute",
        "reduce-scatter",
        # Opcodes with no StableHLO op (XLA's own importer writes mhlo.* or chlo.* ops we do not emit):
        # the custom call stands for the instruction exactly, attributes in their HLO text.
        "scan",
        "scaled-dot",
        "ragged-dot",
        "mulhi",
        "shuffle",
        "collective-reduce",
        # A sharding domain (an identity to StableHLO) kept as written; only XLA's passes make them.
        "domain",
    }
)
# The fallback opcodes that compute a final value (not an async or send/recv step).
PLAIN_FALLBACK_OPCODES = frozenset(
    {"scan", "scaled-dot", "ragged-dot", "mulhi", "shuffle", "collective-reduce", "domain"}
)
LEAF_OPCODES = frozenset({"send", "send-done", "recv", "recv-done"})


# Fallback opcodes whose one operand is an async or send/recv bundle.
BUNDLE_CONSUMERS = frozenset(
    {
        "async-update",
        "async-done",
        "copy-done",
        "all-reduce-done",
        "all-gather-done",
        "collective-permute-done",
        "send-done",
        "recv-done",
    }
)


def implied_bundle(opcode: str, leaves: Sequence[Shape]) -> Shape:
    """The bundle an update or done reading these leaves stands for unless it names another: for a
    send-done/recv-done `(data, u32[], token[])`, the data one array or a tuple of the arrays; for
    the async chains the flat tuple of the leaves."""
    if opcode in ("send-done", "recv-done") and len(leaves) >= 3:
        data = list(leaves[:-2])
        shape = Shape.tuple_of([data[0] if len(data) == 1 else Shape.tuple_of(data), *leaves[-2:]])
    else:
        shape = Shape.tuple_of(list(leaves))
    return shape.without_layouts()


# The fallback opcodes whose result is an async bundle, one tuple value unless it is pipelined.
BUNDLE_STARTS = frozenset(
    {"async-start", "async-update", "copy-start", "all-reduce-start", "all-gather-start", "collective-permute-start"}
)


def has_leaf_results(opcode: str) -> bool:
    """Whether the fallback op of `opcode` returns the leaves of its HLO value (a final value, or a
    send/recv bundle, which may cross loops) rather than one tuple value (an async bundle)."""
    return opcode not in BUNDLE_STARTS


# The attribute name under which each fallback opcode lists its called computation.
CALLED_COMPUTATION_ATTR: dict[str, str] = {
    "async-start": "calls",
    "all-reduce-start": "to_apply",
    "reduce-scatter": "to_apply",
    "scan": "to_apply",
    "collective-reduce": "to_apply",
}


def start_shape(form: AsyncForm, operands: Sequence[Shape], result: Shape, context: Sequence[Shape] = ()) -> Shape:
    """The HLO shape of the start instruction of `form` (layouts as given)."""
    if form.shape == StartShape.RESULT:
        if context:
            raise TranslateError(f"{form.start} carries no context")
        return result
    if form.shape == StartShape.OPERAND_RESULT:
        if len(operands) != 1:
            raise TranslateError(f"{form.start} takes one operand, got {len(operands)}")
        return Shape.tuple_of([operands[0], result, *context])
    return Shape.tuple_of([Shape.tuple_of(list(operands)), result, *context])


def context_of(form: AsyncForm, given: Shape, operands: Sequence[Shape], result: Shape) -> list[Shape] | None:
    """The context elements of a start shape `given`, or None when it is not a start shape of `form`.

    Layouts are ignored in the comparison: only the structure decides.
    """
    prefix = start_shape(form, operands, result)
    if form.shape == StartShape.RESULT:
        return [] if given.without_layouts() == prefix.without_layouts() else None
    if not given.is_tuple or len(given.tuple_shapes) < 2:
        return None
    head = Shape.tuple_of(list(given.tuple_shapes[:2]))
    if head.without_layouts() != prefix.without_layouts():
        return None
    return list(given.tuple_shapes[2:])


__all__ = [
    "AsyncForm",
    "StartShape",
    "FORMS",
    "BY_START",
    "BY_WRAPPED_OPCODE",
    "DONE_OF",
    "JAX_START_TARGETS",
    "JAX_DONE_TARGETS",
    "JAX_ASYNC_CONFIG_ATTR",
    "FALLBACK_PREFIX",
    "FALLBACK_ATTRIBUTES",
    "FALLBACK_COMPUTATION_ATTRIBUTES",
    "FALLBACK_LITERAL",
    "LIST_COMPUTATION_ATTRS",
    "NO_FALLBACK_OPCODES",
    "BUNDLE_STARTS",
    "FALLBACK_OPCODES",
    "PLAIN_FALLBACK_OPCODES",
    "LEAF_OPCODES",
    "BUNDLE_CONSUMERS",
    "implied_bundle",
    "has_leaf_results",
    "CALLED_COMPUTATION_ATTR",
    "start_shape",
    "context_of",
    "with_default_layouts",
]
