"""Small builders of MLIR attributes from HLO attribute values, and the attributes every op may carry."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from jaxlib.mlir import ir
from jaxlib.mlir.dialects import stablehlo

from hlo_translate.errors import TranslateError
from hlo_translate.hlo.attributes import Enum, FrontendAttributes, RawAttr
from hlo_translate.hlo.ir import HloInstruction

# The keywords of StableHLO's enum attributes. MLIR's builders abort the whole process
# (`LLVM ERROR: Invalid value`) on any other word, so `enum_attr` checks it first.
ENUM_WORDS: dict[type, tuple[str, ...]] = {
    stablehlo.ComparisonDirectionAttr: ("EQ", "NE", "GE", "GT", "LE", "LT"),
    stablehlo.ComparisonTypeAttr: ("NOTYPE", "FLOAT", "TOTALORDER", "SIGNED", "UNSIGNED"),
    stablehlo.RngDistributionAttr: ("UNIFORM", "NORMAL"),
    stablehlo.RngAlgorithmAttr: ("DEFAULT", "THREE_FRY", "PHILOX"),
    stablehlo.FftTypeAttr: ("FFT", "IFFT", "RFFT", "IRFFT"),
    stablehlo.TransposeAttr: ("NO_TRANSPOSE", "TRANSPOSE", "ADJOINT"),
    stablehlo.PrecisionAttr: ("DEFAULT", "HIGH", "HIGHEST"),
}


def enum_attr(kind: type, word: str, what: str, op: str | None = None) -> ir.Attribute:
    """`kind.get(word)` for a StableHLO enum attribute, after checking `word` is one of its keywords."""
    if word not in ENUM_WORDS[kind]:
        raise TranslateError(f"unknown {what} '{word[:40]}' (expected one of {', '.join(ENUM_WORDS[kind])})",
                             op=op)
    return kind.get(word)


def i64_array(values: Sequence[int]) -> ir.Attribute:
    """`array<i64: ...>` (StableHLO's dimension lists)."""
    return ir.DenseI64ArrayAttr.get([int(v) for v in values])


def bool_array(values: Sequence[bool]) -> ir.Attribute:
    return ir.DenseBoolArrayAttr.get([bool(v) for v in values])


def i64(value: int) -> ir.Attribute:
    return ir.IntegerAttr.get(ir.IntegerType.get_signless(64), int(value))


def i32(value: int) -> ir.Attribute:
    return ir.IntegerAttr.get(ir.IntegerType.get_signless(32), int(value))


def string(value: str) -> ir.Attribute:
    return ir.StringAttr.get(value)


def dense_i64(array: np.ndarray) -> ir.Attribute:
    """`dense<...> : tensor<AxBxi64>` (replica groups, padding, source-target pairs)."""
    array = np.ascontiguousarray(array, dtype=np.int64)
    tensor = ir.RankedTensorType.get(list(array.shape), ir.IntegerType.get_signless(64))
    return ir.DenseElementsAttr.get(array, type=tensor.element_type, shape=list(array.shape)) \
        if array.size else ir.DenseElementsAttr.get(array.reshape(-1), type=tensor)


def dense_index(values: Sequence[int]) -> ir.Attribute:
    """`dense<[...]> : tensor<Nxindex>` (layouts, as XLA's importer writes them)."""
    text = ", ".join(map(str, values))
    return ir.Attribute.parse(f"dense<[{text}]> : tensor<{len(values)}xindex>" if values
                              else "dense<> : tensor<0xindex>")


def precision_config(instr: HloInstruction, operands: int) -> ir.Attribute | None:
    """`operand_precision={high,default}` as an array of `#stablehlo<precision ...>`."""
    precisions = instr.attributes.get("operand_precision")
    if not precisions:
        return None
    names = [p.name.upper() if isinstance(p, Enum) else str(p).upper() for p in precisions]
    return ir.ArrayAttr.get([enum_attr(stablehlo.PrecisionAttr, n, "operand precision", instr.name)
                             for n in names[:operands]])


def frontend_attributes(attrs: FrontendAttributes) -> ir.Attribute:
    return ir.DictAttr.get({k: ir.StringAttr.get(v) for k, v in attrs.items})


def sharding_text(value: object) -> str:
    if isinstance(value, RawAttr):
        return value.text
    to_text = getattr(value, "to_text", None)
    return to_text() if to_text is not None else str(value)


def attach_common(operation: ir.Operation, instr: HloInstruction) -> None:
    """Frontend attributes and sharding, the way XLA's importer keeps them on StableHLO ops."""
    fa = instr.frontend_attributes
    if fa is not None and operation.name == "stablehlo.composite":
        # The composite.* entries became the composite's own attributes.
        fa = FrontendAttributes(tuple((k, v) for k, v in fa.items if not k.startswith("composite.")))
    if fa is not None and fa.items:
        operation.attributes["mhlo.frontend_attributes"] = frontend_attributes(fa)
    sharding = instr.attributes.get("sharding")
    if sharding is not None:
        operation.attributes["mhlo.sharding"] = ir.StringAttr.get(sharding_text(sharding))
    # A backend_config the StableHLO op has no slot for (while's known_trip_count, ...) rides along as
    # `xla.backend_config` and the exporter writes it back (docs/import.md).
    config = instr.attributes.get("backend_config")
    if config and "backend_config" not in operation.attributes and "xla.backend_config" not in operation.attributes:
        text = config.text if isinstance(config, RawAttr) else str(config)
        operation.attributes["xla.backend_config"] = ir.StringAttr.get(text)
