"""`mhlo.*` ops that producers leave in their StableHLO (TensorFlow's `stablehlo` stage keeps `mhlo.erf`).

Every op of jaxlib's mhlo dialect gets one of:
- the handler of its StableHLO twin (`mhlo.add` -> `stablehlo.add`'s), given the op through a view that
  spells mhlo's attributes the StableHLO way (`#mhlo.gather<...>` -> `#stablehlo.gather<...>`;
  mhlo's dense integer attributes are read by the same `mlir_attrs` helpers as StableHLO's arrays);
- an HLO opcode of its own (`erf`, `cosh`, `sinh`, `acos`, ..., `topk`, `add-dependency`, `bitcast`,
  `stochastic-convert`, `rng-get-and-update-state`), as XLA's converter writes them;
- an expansion (`exp2` -> `power(2, x)`, `log2` -> `log(x) / log(2)`: XLA's converter refuses both);
- a refusal with its reason (`REFUSED`), listed in docs/producers.md.
"""

from __future__ import annotations

import math
import re

from jaxlib.mlir import ir
from jaxlib.mlir.dialects import _mhlo_ops_gen as generated
from jaxlib.mlir.dialects import stablehlo

from hlo_translate.errors import TranslateError
from hlo_translate.export import mlir_attrs as A
from hlo_translate.export.context import Builder
from hlo_translate.export.linalg import dot_dimension_attrs
from hlo_translate.export.regions import flat_computation
from hlo_translate.export.registry import HANDLERS, Handler, handles
from hlo_translate.hlo.ir import Enum, HloInstruction, OutputOperandAlias, Shape
from hlo_translate.hlo.literal import Literal

# mhlo ops with an HLO opcode and no StableHLO twin (XLA's converter writes the same opcodes).
OWN_OPCODES: dict[str, str] = {
    "mhlo.erf": "erf",
    "mhlo.acos": "acos",
    "mhlo.acosh": "acosh",
    "mhlo.asin": "asin",
    "mhlo.asinh": "asinh",
    "mhlo.atanh": "atanh",
    "mhlo.cosh": "cosh",
    "mhlo.sinh": "sinh",
    "mhlo.bitcast": "bitcast",
    "mhlo.add_dependency": "add-dependency",
    "mhlo.stochastic_convert": "stochastic-convert",
    "mhlo.mulhi": "mulhi",
}

# mhlo ops we refuse, and why (docs/producers.md lists them).
REFUSED: dict[str, str] = {
    "mhlo.domain": "an XLA-internal sharding domain marker",
    "mhlo.async_update": "generic async bundles are XLA-internal (see docs/async.md)",
    "mhlo.collective_reduce": "not an HLO instruction (XLA's converter refuses it too)",
    "mhlo.minimum_broadcast_shapes": "a shape computation on dynamic shapes (refine shapes first)",
    "mhlo.trace": "removed from XLA; it has no HLO instruction",
    "mhlo.uniform_quantize": "quantized types have no HLO element type",
    "mhlo.uniform_dequantize": "quantized types have no HLO element type",
}


class _StableHloView:
    """An mhlo op as its StableHLO twin's handler reads it: the twin's name, attributes respelled."""

    def __init__(self, op: ir.Operation, name: str):
        self._op = op
        self.name = name
        self.attributes = _Attributes(op)

    @property
    def operation(self) -> _StableHloView:
        return self

    def __getattr__(self, item: str):
        return getattr(self._op, item)

    def __str__(self) -> str:
        return str(self._op)


class _Attributes:
    """`op.attributes` with `#mhlo...` attributes reparsed in their `#stablehlo...` spelling."""

    def __init__(self, op: ir.Operation):
        self._attributes = op.attributes

    def __contains__(self, name: str) -> bool:
        return name in self._attributes

    def __getitem__(self, name: str | int) -> ir.Attribute | ir.NamedAttribute:
        if isinstance(name, str):
            return _respelled(self._attributes[name])
        return self._attributes[name]  # by index: a NamedAttribute

    def __len__(self) -> int:
        return len(self._attributes)

    def __iter__(self):
        return iter(self._attributes)


# mhlo spells some enums `#mhlo.rng_algorithm<DEFAULT>`, StableHLO `#stablehlo<rng_algorithm DEFAULT>`
_ENUM_RE = re.compile(r"#mhlo\.(rng_algorithm|rng_distribution)<(\w+)>")


def _respelled(attr: ir.Attribute) -> ir.Attribute:
    text = str(attr)
    if "#mhlo" not in text:
        return attr
    text = _ENUM_RE.sub(r"#stablehlo<\1 \2>", text)
    try:
        return ir.Attribute.parse(text.replace("#mhlo.", "#stablehlo.").replace("#mhlo<", "#stablehlo<"))
    except ir.MLIRError:
        return attr  # no StableHLO spelling: the twin's handler sees mhlo's own


def _twin(twin_handler: Handler, twin_name: str) -> Handler:
    def handler(b: Builder, op: ir.Operation) -> list[HloInstruction]:
        return twin_handler(b, _StableHloView(op, twin_name))

    handler.__name__ = f"export_{twin_name.replace('.', '_')}_from_mhlo"
    return handler


def _own_opcode(opcode: str) -> Handler:
    def handler(b: Builder, op: ir.Operation) -> list[HloInstruction]:
        return b.split(op, b.add(opcode, b.result_shape(op), b.operands(op)))

    handler.__name__ = f"export_{opcode}"
    return handler


def _refused(reason: str) -> Handler:
    def handler(b: Builder, op: ir.Operation) -> list[HloInstruction]:
        raise TranslateError(f"not supported: {reason}")

    return handler


@handles("mhlo.topk")
def _topk(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    attrs = {"k": A.integer(op.attributes["k"]), "largest": A.boolean(A.get(op, "largest"), True)}
    return b.split(op, b.add("topk", b.result_shape(op), b.operands(op), attrs))


@handles("mhlo.scan")
def _scan(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    """`scan(inputs..., inits...)`: the body maps (input elements..., carries...) to (output elements...,
    carries...); the result is (outputs..., final carries...), as XLA's converter writes it."""
    num_inits = list(ir.DenseI32ArrayAttr(op.attributes["operandSegmentSizes"]))[1]
    attrs: dict[str, object] = {
        "dimensions": (A.integer(op.attributes["dimension"]),),
        "num_carries": num_inits,
        "to_apply": flat_computation(b, op.regions[0]),
    }
    for flag in ("is_associative", "is_reverse"):
        value = A.get(op, flag)
        if value is not None and (flag == "is_associative" or A.boolean(value)):
            attrs[flag] = A.boolean(value)
    return b.split(op, b.add("scan", b.result_shape(op), b.operands(op), attrs))


_RAGGED_DIMS = re.compile(r"(lhs_ragged|rhs_group)_dimensions = \[([\d, ]*)\]")


@handles("mhlo.ragged_dot")
def _ragged_dot(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    """`ragged-dot(lhs, rhs, group_sizes)` with the dot's dimensions and the ragged and group dimensions
    (mhlo has no Python binding for `#mhlo.ragged_dot<...>`: its dot part is read in StableHLO's spelling)."""
    text = str(op.attributes["ragged_dot_dimension_numbers"])
    dot = re.search(r"#mhlo\.dot<[^>]*>", text)
    if dot is None:
        raise TranslateError(f"cannot read ragged_dot_dimension_numbers {text[:120]}")
    attrs = dot_dimension_attrs(A.dot_dims(ir.Attribute.parse(dot.group(0).replace("#mhlo.dot<", "#stablehlo.dot<"))))
    ragged = dict(_RAGGED_DIMS.findall(text[dot.end() :]))
    for key, name in (("lhs_ragged", "lhs_ragged_dims"), ("rhs_group", "rhs_group_dims")):
        if key in ragged:
            attrs[name] = tuple(int(d) for d in ragged[key].replace(" ", "").split(",") if d)
    precisions = (
        A.precision_list(_respelled(op.attributes["precision_config"])) if A.has(op, "precision_config") else []
    )
    if precisions and any(p != "DEFAULT" for p in precisions):
        attrs["operand_precision"] = tuple(Enum(p.lower()) for p in precisions)
    return [b.add("ragged-dot", b.result_shape(op), b.operands(op), attrs)]


_FUSION_KIND = re.compile(r"#mhlo<fusion_kind (k\w+)>")


@handles("mhlo.fusion")
def _fusion(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    """`fusion(operands), kind=..., calls=<the region>`, as XLA's converter writes an mhlo.fusion (XLA's own
    tests write them; our importer writes a fusion as a call marked `xla.fusion_kind` instead)."""
    kind = _FUSION_KIND.fullmatch(str(op.attributes["fusion_kind"])) if A.has(op, "fusion_kind") else None
    if kind is None:
        raise TranslateError("an mhlo.fusion needs a fusion_kind (#mhlo<fusion_kind kLoop>)")
    attrs: dict[str, object] = {"kind": Enum(kind.group(1))}
    aliases = (
        [stablehlo.OutputOperandAlias(a) for a in A.elements(_respelled(op.attributes["output_operand_aliases"]))]
        if A.has(op, "output_operand_aliases")
        else []
    )
    if aliases:
        attrs["output_to_operand_aliasing"] = tuple(
            OutputOperandAlias(tuple(a.output_tuple_indices), a.operand_index, tuple(a.operand_tuple_indices))
            for a in aliases
        )
    attrs["calls"] = (flat_computation(b, op.regions[0], "fused_computation"),)
    return b.split(op, b.add("fusion", b.result_shape(op), b.operands(op), attrs))


@handles("mhlo.xla.rng_get_and_update_state")
def _rng_state(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    return [b.add("rng-get-and-update-state", b.result_shape(op), [], {"delta": A.integer(op.attributes["delta"])})]


def _scalar_like(b: Builder, value: float, shape: Shape) -> HloInstruction:
    scalar = Shape(shape.element_type, ())
    constant = b.constant(Literal.scalar(shape.element_type, value), scalar)
    return b.add("broadcast", shape, [constant], {"dimensions": ()})


@handles("mhlo.exp2")
def _exp2(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    """2^x as `power(2, x)` (exact at integers, as exp2 is)."""
    shape = b.result_shape(op)
    if not shape.element_type.is_float:
        raise TranslateError("exp2 of a non-float type")
    return [b.add("power", shape, [_scalar_like(b, 2.0, shape), b.value(op.operands[0])])]


@handles("mhlo.log2")
def _log2(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    """log2(x) as `log(x) / log(2)`."""
    shape = b.result_shape(op)
    if not shape.element_type.is_float:
        raise TranslateError("log2 of a non-float type")
    log = b.add("log", shape, [b.value(op.operands[0])])
    return [b.add("divide", shape, [log, _scalar_like(b, math.log(2.0), shape)])]


def mhlo_op_names() -> list[str]:
    """Every op jaxlib's mhlo dialect registers (its generated Python bindings list them)."""
    return sorted(
        {
            cls.OPERATION_NAME
            for cls in vars(generated).values()
            if isinstance(cls, type) and hasattr(cls, "OPERATION_NAME")
        }
    )


def register_mhlo() -> None:
    """Give every registered mhlo op without a handler one (called after every other family): its own
    opcode, or a refusal with the reason, or else its StableHLO twin's handler."""
    for opcode_op, opcode in OWN_OPCODES.items():
        if opcode_op not in HANDLERS:
            HANDLERS.add(opcode_op, _own_opcode(opcode))
    for name, reason in REFUSED.items():
        if name not in HANDLERS:
            HANDLERS.add(name, _refused(reason))
    for name in mhlo_op_names():
        twin = "stablehlo." + name.removeprefix("mhlo.")
        if name not in HANDLERS and twin in HANDLERS:
            HANDLERS.add(name, _twin(HANDLERS[twin], twin))
