"""Elementwise and other one-to-one ops, driven by `translate.optable`, plus the few with attributes."""

from __future__ import annotations

import numpy as np
from jaxlib.mlir import ir

from hlo_translate.errors import TranslateError
from hlo_translate.hlo.ir import HloInstruction, comparison_type
from hlo_translate.import_ import attrs as A
from hlo_translate.import_.constants import dense_attr
from hlo_translate.import_.importer import HANDLERS, OpContext, register, register_simple, required
from hlo_translate.import_.trees import Tree, flatten, unflatten
from hlo_translate.markers import ADD_DEPENDENCY, CHLO_ELEMENTWISE_OPCODES, FROM_HLO_OPCODE
from hlo_translate.optable import BY_HLO

# One-to-one entries that need structure on import, handled below or in data_movement.
_STRUCTURED = {"stablehlo.tuple", "stablehlo.copy", "stablehlo.optimization_barrier", "stablehlo.after_all"}


def _one_to_one(stablehlo_name: str):
    def form(instr: HloInstruction) -> tuple[str, None]:
        return stablehlo_name, None

    return form


# One-to-one opcodes with an HLO attribute their StableHLO op has no field for: carried (`A.carried`).
_CARRIED = {"reshape": ("inferred_dimension",)}


def _one_to_one_carrying(stablehlo_name: str, names: tuple[str, ...]):
    def form(instr: HloInstruction) -> tuple[str, dict[str, ir.Attribute] | None]:
        # (most instructions have no attribute at all: nothing to look for)
        return stablehlo_name, (A.carried(instr, names) or None) if instr.attributes else None

    return form


for _opcode, _entry in BY_HLO.items():
    if _entry.stablehlo not in _STRUCTURED and not _entry.attrs:
        if _opcode in _CARRIED:
            register_simple(_opcode, plain=_entry.stablehlo)(_one_to_one_carrying(_entry.stablehlo, _CARRIED[_opcode]))
        else:
            register_simple(_opcode, plain=_entry.stablehlo)(_one_to_one(_entry.stablehlo))


# HLO opcodes whose StableHLO form is the CHLO op of the same name (XLA's importer writes `mhlo.<name>`, which
# is not StableHLO), marked FROM_HLO_OPCODE: the exporter writes the opcode back (docs/import.md), where it
# decomposes a producer's CHLO op as XLA's own pipeline does (docs/chlo.md).
def _marked_chlo(opcode: str):
    def form(instr: HloInstruction) -> tuple[str, dict[str, ir.Attribute]]:
        return f"chlo.{opcode}", {FROM_HLO_OPCODE: ir.UnitAttr.get()}

    return form


for _opcode in CHLO_ELEMENTWISE_OPCODES:
    if _opcode not in HANDLERS:
        register_simple(_opcode)(_marked_chlo(_opcode))
# XLA prints clz as `count-leading-zeros`; accept both spellings whichever the table uses.
for _spelling in ("count-leading-zeros", "clz"):
    if _spelling not in HANDLERS:
        register_simple(_spelling, plain="stablehlo.count_leading_zeros")(_one_to_one("stablehlo.count_leading_zeros"))


@register_simple("compare")
def compare(instr: HloInstruction) -> tuple[str, dict[str, ir.Attribute]]:
    direction = A.COMPARISON_DIRECTION.get(A.enum_word(required(instr, "direction")), instr.name)
    attributes = {"comparison_direction": direction}
    type_word, order_word = A.enum_word(instr.attributes.get("type")), A.enum_word(instr.attributes.get("order"))
    if type_word or order_word:  # neither: the element type's default, StableHLO's NOTYPE
        element_type = instr.operands[0].shape.element_type if instr.operands else instr.shape.element_type
        try:
            kind = comparison_type(element_type, type_word, order_word)
        except ValueError as err:
            raise TranslateError(str(err), op=instr.name) from None
        attributes["compare_type"] = A.COMPARISON_TYPE.get(kind, instr.name)
    return "stablehlo.compare", attributes


@register("reduce-precision")
def reduce_precision(ctx: OpContext) -> Tree:
    return ctx.single(
        "stablehlo.reduce_precision",
        ctx.values(),
        exponent_bits=A.i32(ctx.required("exponent_bits")),
        mantissa_bits=A.i32(ctx.required("mantissa_bits")),
    )


@register("iota")
def iota(ctx: OpContext) -> Tree:
    return ctx.single("stablehlo.iota", [], iota_dimension=A.i64(ctx.required("iota_dimension")))


@register("rng")
def rng(ctx: OpContext) -> Tree:
    from hlo_translate.hlo.ir import PrimitiveType, Shape

    distribution = A.enum_word(ctx.required("distribution")).replace("RNG_", "")
    shape_type = Shape.array(PrimitiveType.S64, (ctx.shape.rank,))
    dims_type = ir.RankedTensorType.get([ctx.shape.rank], ir.IntegerType.get_signless(64))
    dims = ctx.op(
        "stablehlo.constant",
        [],
        [dims_type],
        {"value": dense_attr(np.array(ctx.shape.dimensions, np.int64), shape_type)},
    ).result
    return ctx.single(
        "stablehlo.rng", [*ctx.values(), dims], rng_distribution=A.RNG_DISTRIBUTION.get(distribution, ctx.instr.name)
    )


@register("rng-bit-generator")
def rng_bit_generator(ctx: OpContext) -> Tree:
    algorithm = ctx.attr("algorithm")
    name = A.enum_word(algorithm).replace("RNG_", "") if algorithm is not None else "DEFAULT"
    _, tree = ctx.multi(
        "stablehlo.rng_bit_generator", ctx.values(), {"rng_algorithm": A.RNG_ALGORITHM.get(name, ctx.instr.name)}
    )
    return tree


@register("after-all")
def after_all(ctx: OpContext) -> Tree:
    if not ctx.operands:
        return ctx.single("stablehlo.create_token", [])
    return ctx.single("stablehlo.after_all", ctx.flat_operands())


@register("optimization-barrier", "opt-barrier")
def optimization_barrier(ctx: OpContext) -> Tree:
    # HLO's barrier takes and returns one tuple (or, rarely, one array); StableHLO's is variadic.
    op, tree = ctx.multi("stablehlo.optimization_barrier", flatten(ctx.operands[0]))
    if not ctx.shape.is_tuple:
        op.attributes["xla.tuple"] = ir.BoolAttr.get(False)
    return tree


@register("add-dependency")
def add_dependency(ctx: OpContext) -> Tree:
    # The data dependence on the token survives as an optimization barrier over (value, token).
    leaves = flatten(ctx.operands[0])
    token = ctx.value(1)
    op = ctx.op("stablehlo.optimization_barrier", [*leaves, token], [v.type for v in leaves] + [token.type])
    op.attributes[ADD_DEPENDENCY] = ir.UnitAttr.get()
    return unflatten(ctx.shape, iter(list(op.results)[:-1]))
