"""Random numbers, tokens, infeed/outfeed, CHLO ops with an HLO opcode, composites."""

from __future__ import annotations

from jaxlib.mlir import ir

from hlo_translate.errors import TranslateError
from hlo_translate.export import mlir_attrs as A
from hlo_translate.export.collectives import tuple_all_to_all
from hlo_translate.export.context import Builder
from hlo_translate.export.layouts import with_minor_to_major
from hlo_translate.export.module import function_computation
from hlo_translate.export.registry import handles, handles_custom_call
from hlo_translate.hlo.ir import Enum, FrontendAttributes, HloInstruction, Shape
from hlo_translate.markers import (
    RNG_STATE_TARGET,
    STOCHASTIC_CONVERT_TARGET,
    TUPLE_ALL_TO_ALL,
    UNSTABLE_TOPK,
    XLA_SHAPE,
)

_RNG_ALGORITHMS = {"DEFAULT": "rng_default", "THREE_FRY": "rng_three_fry", "PHILOX": "rng_philox"}
_DISTRIBUTIONS = {"UNIFORM": "rng_uniform", "NORMAL": "rng_normal"}


@handles("stablehlo.rng_bit_generator")
def _rng_bit_generator(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    algorithm = _RNG_ALGORITHMS[A.enum_word(op.attributes["rng_algorithm"])]
    instr = b.add("rng-bit-generator", b.result_shape(op), b.operands(op), {"algorithm": Enum(algorithm)})
    return b.split(op, instr)


@handles("stablehlo.rng")
def _rng(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    # The third operand (the result shape as a tensor) is implied by the HLO result shape.
    low, high = b.operands(op)[:2]
    distribution = _DISTRIBUTIONS[A.enum_word(op.attributes["rng_distribution"])]
    return [b.add("rng", b.result_shape(op), [low, high], {"distribution": Enum(distribution)})]


@handles("stablehlo.create_token")
def _create_token(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    return [b.add("after-all", Shape.token(), [])]


@handles("stablehlo.infeed")
def _infeed(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    # HLO infeed returns (data tuple, token); StableHLO returns the data values then the token.
    shapes = [b.shape(r) for r in list(op.results)[:-1]]
    layouts = A.get(op, "layout")
    if layouts is not None:
        # `layout = [[1, 0], ...]`: the minor-to-major order of each data result.
        entries = A.elements(layouts)
        if len(entries) != len(shapes):
            raise TranslateError(f"infeed has {len(shapes)} data results but {len(entries)} layouts")
        # A scalar has one layout, whatever its entry says: XLA's converter writes `pred[]` for `[0]` (its
        # export test `layout=[[0, 1], [0]]` of tensor<3x3xi32>, tensor<i1>); an array's entry must order its
        # dimensions (XLA's verifier refuses any other layout).
        shapes = [
            with_minor_to_major(s, A.i64_list(e), f"the layout of infeed result {i}") if s.rank else s
            for i, (s, e) in enumerate(zip(shapes, entries))
        ]
    attrs = {"infeed_config": A.raw_string(A.get(op, "infeed_config"))} if A.get(op, "infeed_config") else {}
    if _reads_one_array(op, shapes):  # imported from an infeed of (array, token)
        infeed = b.add("infeed", Shape.tuple_of([shapes[0], Shape.token()]), b.operands(op), attrs)
        return [b.gte(infeed, 0), b.gte(infeed, 1)]
    data = Shape.tuple_of(shapes)
    infeed = b.add("infeed", Shape.tuple_of([data, Shape.token()]), b.operands(op), attrs)
    values = b.gte(infeed, 0)
    results = [b.gte(values, i) for i in range(len(data.tuple_shapes))]
    return results + [b.gte(infeed, 1)]


def _reads_one_array(op: ir.Operation, shapes: list[Shape]) -> bool:
    """Whether `xla_shape` gives the infeed the HLO shape (array, token): its one data result, untupled."""
    given = A.hlo_shape(op, XLA_SHAPE)
    if given is None:
        return False
    expected = Shape.tuple_of([shapes[0], Shape.token()]) if len(shapes) == 1 else None
    # Anything else is XLA's own `xla_shape` (the layouts of a tuple infeed), read with the layouts.
    return expected is not None and given.without_layouts() == expected.without_layouts()


@handles("stablehlo.outfeed")
def _outfeed(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    operands = b.operands(op)
    # One array, not a tuple, where the importer marked it so (docs/import.md).
    untupled = len(operands) == 2 and not A.boolean(A.get(op, "xla.tuple"), True)
    data = operands[0] if untupled else b.tuple(operands[:-1])
    # XLA prints the data shape with its layout as outfeed_shape.
    attrs: dict[str, object] = {"outfeed_shape": data.shape}
    if A.get(op, "outfeed_config"):
        attrs["outfeed_config"] = A.raw_string(A.get(op, "outfeed_config"))
    return [b.add("outfeed", Shape.token(), [data, operands[-1]], attrs)]


@handles("chlo.top_k")
def _top_k(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    # chlo.top_k is stable and takes the largest: XLA writes both on its topk (an imported unstable one: largest).
    attrs = {"k": A.integer(op.attributes["k"]), "largest": True, "is_stable": True}
    if UNSTABLE_TOPK in op.attributes:
        del attrs["is_stable"]
    instr = b.add("topk", b.result_shape(op), b.operands(op), attrs)
    return b.split(op, instr)


@handles("stablehlo.composite")
def _composite(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    """A composite is a `call` to its decomposition, marked `is_composite=true` with its name,
    attributes and version as frontend attributes (XLA's convention); the importer's composite for a
    tuple all-to-all is that all-to-all."""
    if A.string(op.attributes["name"]) == TUPLE_ALL_TO_ALL:
        return tuple_all_to_all(b, op)
    comp = function_computation(b.ctx, A.symbol(op.attributes["decomposition"]))
    composite_attrs = A.get(op, "composite_attributes")
    frontend = FrontendAttributes(
        (
            ("composite.attributes", str(composite_attrs) if composite_attrs is not None else "{}"),
            ("composite.name", A.string(op.attributes["name"])),
            ("composite.version", str(A.integer(A.get(op, "version"), 0))),
        )
    )
    instr = b.add("call", comp.root.shape, b.operands(op), {"to_apply": comp, "is_composite": True})
    other = instr.attributes.get("frontend_attributes")
    if other is not None:  # the op's own mhlo.frontend_attributes come first, as XLA sorts them
        frontend = FrontendAttributes(tuple(sorted(other.items + frontend.items)))
    instr.attributes["frontend_attributes"] = frontend
    return b.split(op, instr)


@handles_custom_call(RNG_STATE_TARGET)
def _rng_get_and_update_state(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    """The importer's form of `rng-get-and-update-state` (docs/import.md)."""
    delta = A.get(op, "xla.delta")
    if delta is None:
        raise TranslateError("xla.rng_get_and_update_state needs an xla.delta attribute")
    return [b.add("rng-get-and-update-state", b.result_shape(op), [], {"delta": A.integer(delta)})]


@handles_custom_call(STOCHASTIC_CONVERT_TARGET)
def _stochastic_convert(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    """The importer's form of `stochastic-convert(operand, random)` (docs/import.md)."""
    if len(op.operands) != 2 or len(op.results) != 1:
        raise TranslateError("xla.stochastic_convert takes (operand, random bits) and returns one value")
    return [b.add("stochastic-convert", b.result_shape(op), b.operands(op))]
