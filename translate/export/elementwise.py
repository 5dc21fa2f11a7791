"""Elementwise ops: every one-to-one op of `translate.optable`, plus compare and reduce_precision."""

from __future__ import annotations

from collections.abc import Callable

from jaxlib.mlir import ir

from hlo_translate.errors import TranslateError
from hlo_translate.export import mlir_attrs as A
from hlo_translate.export.context import Builder
from hlo_translate.export.registry import HANDLERS, handles
from hlo_translate.hlo.ir import Enum, HloInstruction, default_comparison_type
from hlo_translate.markers import BITCAST, BITCAST_STEP, CHLO_ELEMENTWISE_OPCODES, FROM_HLO_OPCODE
from hlo_translate.optable import ONE_TO_ONE, OneToOne


def _one_to_one(entry: OneToOne):
    def handler(b: Builder, op: ir.Operation) -> list[HloInstruction]:
        attrs = {
            hlo_name: A.integer(A.get(op, mlir_name)) for mlir_name, hlo_name in entry.attrs if A.has(op, mlir_name)
        }
        instr = b.add(entry.hlo, b.result_shape(op), b.operands(op), attrs)
        return b.split(op, instr)

    def plain(b: Builder, op: ir.Operation) -> list[HloInstruction]:
        # An op of no attributes and one array result (add, multiply, ...: a third of a model's ops): what
        # `handler` makes of it, with one read of the results instead of two.
        results = op.results
        if len(results) == 1:
            shape = b.ctx.shape_of(results[0].type)
            if not shape.is_tuple:
                return [b.add(entry.hlo, shape, b.operands(op))]
        return handler(b, op)

    chosen = handler if entry.attrs else plain
    chosen.__name__ = f"export_{entry.hlo}"
    return chosen


def export_one_to_one(entry: OneToOne, b: Builder, op: ir.Operation) -> list[HloInstruction]:
    """The table's export of `op`, for hand-written handlers that take over only some element types."""
    handler = _BUILT.get(entry)
    if handler is None:
        handler = _BUILT[entry] = _one_to_one(entry)
    return handler(b, op)


_BUILT: dict[OneToOne, Callable[[Builder, ir.Operation], list[HloInstruction]]] = {}  # entry -> its handler


@handles("stablehlo.reshape")
def _reshape(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    return b.split(op, b.add("reshape", b.result_shape(op), b.operands(op), {}))


@handles(BITCAST)
def _bitcast(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    """The last step of an HLO bitcast the importer decomposed (docs/import.md): one `bitcast` of the
    value its steps start from (the steps, now unused, are dropped as dead code)."""
    source = op.operands[0]
    while BITCAST_STEP in getattr(source.owner, "attributes", {}):
        source = source.owner.operands[0]
    return [b.add("bitcast", b.result_shape(op), [b.value(source)], {})]


def register_table() -> None:
    """Register a handler for each table entry that has no hand-written one (called last)."""
    for entry in ONE_TO_ONE:
        if entry.stablehlo not in HANDLERS:
            HANDLERS.add(entry.stablehlo, _one_to_one(entry))


_ORDER_OF_TYPE = {"TOTALORDER": "TOTAL", "WEAKORDER": "WEAK"}


@handles("stablehlo.compare")
def _compare(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    operands = b.operands(op)
    attrs = {"direction": Enum(A.enum_word(op.attributes["comparison_direction"]))}
    compare_type = A.enum_word(A.get(op, "compare_type"))
    if (
        compare_type is not None
        and compare_type != "NOTYPE"
        and compare_type != default_comparison_type(operands[0].shape.element_type)
    ):
        # XLA 0.12 spells a total-order float comparison `order=TOTAL` and a weak-order one `order=WEAK`
        # (NaNs equal to each other and above +inf, -0 == +0): it has no `type=` word for the latter
        order = _ORDER_OF_TYPE.get(compare_type)
        attrs.update({"order": Enum(order)} if order else {"type": Enum(compare_type)})
    return [b.add("compare", b.result_shape(op), operands, attrs)]


def _hlo_opcode(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    """A CHLO op imported from the HLO opcode of its name (`FROM_HLO_OPCODE`), which the CHLO pass left
    alone: that opcode. (A producer's CHLO op never reaches here: the pass decomposes it.)"""
    if FROM_HLO_OPCODE not in op.attributes:
        raise TranslateError(f"{op.name} reached the exporter undecomposed")
    return [b.add(op.name.removeprefix("chlo."), b.result_shape(op), b.operands(op), {})]


handles(*(f"chlo.{opcode}" for opcode in CHLO_ELEMENTWISE_OPCODES))(_hlo_opcode)


@handles("stablehlo.reduce_precision")
def _reduce_precision(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    attrs = {
        "exponent_bits": A.integer(op.attributes["exponent_bits"]),
        "mantissa_bits": A.integer(op.attributes["mantissa_bits"]),
    }
    return [b.add("reduce-precision", b.result_shape(op), b.operands(op), attrs)]


@handles("stablehlo.count_leading_zeros")
def _count_leading_zeros(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    # Hand-written because translate.optable spells the opcode `clz`; XLA's is `count-leading-zeros`.
    return [b.add("count-leading-zeros", b.result_shape(op), b.operands(op))]


@handles("chlo.square")
def _square(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    """JAX emits `chlo.square` for x**2. For real and integer types it is exactly multiply(x, x),
    which is what CHLO's own decomposition produces; the complex form needs more care."""
    (x,) = b.operands(op)
    if x.shape.element_type.is_complex:
        raise TranslateError("chlo.square of complex numbers is not supported yet")
    return [b.add("multiply", b.result_shape(op), [x, x])]
