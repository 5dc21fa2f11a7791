"""Small builders of MLIR attributes from HLO attribute values, and the attributes every op may carry."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

import numpy as np
from jaxlib.mlir import ir
from jaxlib.mlir.dialects import stablehlo

from hlo_translate.errors import TranslateError
from hlo_translate.hlo.ir import (
    COMPARISON_DIRECTIONS,
    STABLEHLO_COMPARISON_TYPES,
    FrontendAttributes,
    HloInstruction,
    RawAttr,
    ResultAccuracy,
)
from hlo_translate.hlo.text import print_attribute
from hlo_translate.markers import CUSTOM_CALL_ATTRIBUTES, ORIGINAL_VALUE, UNTUPLED_SHARDING

# Attributes of one import, by the HLO value they were built from (`memo_scope`, around
# `ModuleImporter.run`): a module repeats the same dimension lists and dot numbers thousands of times,
# and MLIR uniques attributes, so the second build through the bindings would give the same object.
_MEMO: ContextVar[dict[Hashable, Any] | None] = ContextVar("hlo_translate_import_attributes", default=None)


@contextmanager
def memo_scope() -> Iterator[None]:
    """Within this block (one import, one MLIR context), `memo` keeps what it builds."""
    token = _MEMO.set({})
    try:
        yield
    finally:
        _MEMO.reset(token)


def memo[*Ts, T](key: Hashable, build: Callable[[*Ts], T], *args: *Ts) -> T:
    """`build(*args)`, once per `key` within a `memo_scope` (every time outside one). What it returns is
    shared: callers must not change it. (The arguments rather than a closure: the callers run once per
    instruction, and a lambda with its cells costs more than the look-up.)"""
    known = _MEMO.get()
    if known is None:
        return build(*args)
    try:
        return known[key]
    except KeyError:
        value = known[key] = build(*args)
        return value
    except TypeError:  # a list inside the key (an HloModule built by hand): built, not remembered
        return build(*args)


def i64_array(values: Sequence[int]) -> ir.Attribute:
    """`array<i64: ...>` (StableHLO's dimension lists)."""
    if type(values) is tuple:  # the parsers' dimension lists: hashable, worth remembering
        return memo(("i64_array", values), _dense_i64_array, values)
    return _dense_i64_array(values)


def _dense_i64_array(values: Sequence[int]) -> ir.Attribute:
    return ir.DenseI64ArrayAttr.get([int(v) for v in values])


def bool_array(values: Sequence[bool]) -> ir.Attribute:
    return ir.DenseBoolArrayAttr.get([bool(v) for v in values])


def i64(value: int) -> ir.Attribute:
    return ir.IntegerAttr.get(ir.IntegerType.get_signless(64), int(value))


def i32(value: int) -> ir.Attribute:
    return ir.IntegerAttr.get(ir.IntegerType.get_signless(32), int(value))


def string(value: str) -> ir.Attribute:
    """A StringAttr of `value`'s bytes: a proto's bytes field (backend_config, ...) need not be UTF-8, and is
    read with its other bytes kept as surrogates, which the bindings' `get(str)` refuses."""
    return ir.StringAttr.get(value.encode("utf-8", "surrogateescape"))


def dense_i64(array: np.ndarray) -> ir.Attribute:
    """`dense<...> : tensor<AxBxi64>` (replica groups, padding, source-target pairs)."""
    array = np.ascontiguousarray(array, dtype=np.int64)
    tensor = ir.RankedTensorType.get(list(array.shape), ir.IntegerType.get_signless(64))
    return (
        ir.DenseElementsAttr.get(array, type=tensor.element_type, shape=list(array.shape))
        if array.size
        else ir.DenseElementsAttr.get(array.reshape(-1), type=tensor)
    )


def dense_index(values: Sequence[int]) -> ir.Attribute:
    """`dense<[...]> : tensor<Nxindex>` (layouts, as XLA's importer writes them)."""
    text = ", ".join(map(str, values))
    return ir.Attribute.parse(
        f"dense<[{text}]> : tensor<{len(values)}xindex>" if values else "dense<> : tensor<0xindex>"
    )


@dataclass(frozen=True)
class StablehloEnum:
    """A StableHLO enum attribute and the words it accepts: its builder aborts the process on any
    other word (`LLVM ERROR: Invalid value`), so every word is checked here first."""

    what: str
    builder: str
    words: frozenset[str]

    def get(self, word: str, op: str) -> ir.Attribute:
        """`#stablehlo<... word>`, or a TranslateError naming instruction `op` for an unknown word."""
        if word not in self.words:
            raise TranslateError(
                f"unknown {self.what} '{word}' (expected one of {', '.join(sorted(self.words))})", op=op
            )
        return getattr(stablehlo, self.builder).get(word)


COMPARISON_DIRECTION = StablehloEnum("comparison direction", "ComparisonDirectionAttr", COMPARISON_DIRECTIONS)
COMPARISON_TYPE = StablehloEnum("comparison type", "ComparisonTypeAttr", STABLEHLO_COMPARISON_TYPES | {"NOTYPE"})
PRECISION = StablehloEnum("precision", "PrecisionAttr", frozenset({"DEFAULT", "HIGH", "HIGHEST"}))
FFT_TYPE = StablehloEnum("fft type", "FftTypeAttr", frozenset({"FFT", "IFFT", "RFFT", "IRFFT"}))
RNG_DISTRIBUTION = StablehloEnum("rng distribution", "RngDistributionAttr", frozenset({"UNIFORM", "NORMAL"}))
RNG_ALGORITHM = StablehloEnum("rng algorithm", "RngAlgorithmAttr", frozenset({"DEFAULT", "THREE_FRY", "PHILOX"}))
TRANSPOSE = StablehloEnum("transpose", "TransposeAttr", frozenset({"NO_TRANSPOSE", "TRANSPOSE", "ADJOINT"}))


def enum_word(value: object) -> str | None:
    """The bare word of an enum attribute (`LT`, `TOTAL`, `rng_philox`), upper-cased; None when absent."""
    if value is None:
        return None
    word = getattr(value, "name", None) or getattr(value, "text", None) or str(value)
    return word.strip().upper()


def precision_config(instr: HloInstruction, operands: int) -> ir.Attribute | None:
    """`operand_precision={high,default}` as an array of `#stablehlo<precision ...>`."""
    precisions = instr.attributes.get("operand_precision")
    if not precisions:
        return None
    names = [enum_word(p) or "" for p in precisions]  # no entry is None: "" would be refused as unknown
    return ir.ArrayAttr.get([PRECISION.get(n, instr.name) for n in names[:operands]])


def frontend_attributes(attrs: FrontendAttributes) -> ir.Attribute:
    if any(not k for k, _ in attrs.items):  # an MLIR dictionary cannot hold an empty name (its reader aborts)
        raise TranslateError("a frontend attribute has an empty name")
    return ir.DictAttr.get({k: string(v) for k, v in attrs.items})


def sharding_text(value: object) -> str:
    if isinstance(value, RawAttr):
        return value.text
    to_text = getattr(value, "to_text", None)
    return to_text() if to_text is not None else str(value)


def result_accuracy(value: ResultAccuracy) -> ir.Attribute:
    """`result_accuracy={tolerance={atol=0,rtol=0,ulps=10}}` (or `{mode=highest}`) as StableHLO's
    `#stablehlo.result_accuracy<...>`, as XLA's importer writes it."""
    mode = (value.mode or "tolerance").upper()
    return ir.Attribute.parse(
        f"#stablehlo.result_accuracy<atol = {float(value.atol)!r}, rtol = {float(value.rtol)!r}, "
        f"ulps = {int(value.ulps)}, mode = #stablehlo.result_accuracy_mode<{mode}>>"
    )


def attach_common(operation: ir.Operation, instr: HloInstruction) -> None:
    """Frontend attributes and sharding, the way XLA's importer keeps them on StableHLO ops."""
    fa = instr.frontend_attributes
    if fa is not None and operation.name == "stablehlo.composite":
        # The composite.* entries became the composite's own attributes.
        fa = FrontendAttributes(tuple((k, v) for k, v in fa.items if not k.startswith("composite.")))
    if fa is not None and fa.items:
        operation.attributes["mhlo.frontend_attributes"] = frontend_attributes(fa)
    if "statistics" in instr.attributes:
        carry_statistics(operation, instr)
    sharding = instr.attributes.get("sharding")
    if sharding is not None:
        operation.attributes["mhlo.sharding"] = ir.StringAttr.get(sharding_text(sharding))
        if instr.shape.is_tuple and not getattr(sharding, "is_tuple", True):
            operation.attributes[UNTUPLED_SHARDING] = ir.UnitAttr.get()
    accuracy = instr.attributes.get("result_accuracy")
    if isinstance(accuracy, ResultAccuracy):
        operation.attributes["result_accuracy"] = result_accuracy(accuracy)
    # The instruction's original value (`origin={{"add"}}`), as XLA's importer keeps it.
    origin = instr.attributes.get("origin")
    if origin is not None and ORIGINAL_VALUE not in operation.attributes:
        operation.attributes[ORIGINAL_VALUE] = string(print_attribute("origin", origin))
    # A backend_config the StableHLO op has no slot for (while's known_trip_count, ...) rides along as
    # `xla.backend_config` and the exporter writes it back (docs/import.md).
    carry_backend_config(operation, instr)


def carry_backend_config(operation: ir.Operation, instr: HloInstruction) -> None:
    """The instruction's backend_config as `xla.backend_config`, unless the op has a slot for it."""
    config = instr.attributes.get("backend_config")
    if config and "backend_config" not in operation.attributes and "xla.backend_config" not in operation.attributes:
        text = config.text if isinstance(config, RawAttr) else str(config)
        operation.attributes["xla.backend_config"] = string(text)


def carry_statistics(operation: ir.Operation, instr: HloInstruction) -> None:
    """An instruction's `statistics={...}` (any opcode; StableHLO has no field for it) joins the op's
    `xla.attributes`, which the exporter writes back, unless the op's form already carries it."""
    carried_now = (
        operation.attributes[CUSTOM_CALL_ATTRIBUTES] if CUSTOM_CALL_ATTRIBUTES in operation.attributes else None
    )
    entries = {}
    if carried_now is not None:
        table = ir.DictAttr(carried_now)
        entries = {table[i].name: table[i].attr for i in range(len(table))}
    if "statistics" not in entries:
        entries["statistics"] = string(print_attribute("statistics", instr.attributes["statistics"]))
        operation.attributes[CUSTOM_CALL_ATTRIBUTES] = ir.DictAttr.get(entries)


def carried(instr: HloInstruction, names: Sequence[str]) -> dict[str, ir.Attribute]:
    """`{xla.attributes: {name = "<HLO text>"}}` for those of `names` the instruction has: HLO attributes its
    StableHLO op has no field for, which the exporter writes back (`markers.CUSTOM_CALL_ATTRIBUTES`)."""
    said = {name: string(print_attribute(name, instr.attributes[name])) for name in names if name in instr.attributes}
    return {CUSTOM_CALL_ATTRIBUTES: ir.DictAttr.get(said)} if said else {}
