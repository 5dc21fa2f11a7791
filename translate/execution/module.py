"""Bring a module into the one form jaxlib 0.12's PJRT client compiles (MLIR), and read what it needs.

HLO goes through XLA's own parser and HLO importer here: that is the runtime's way in (the client
accepts only MLIR), not a translation of ours.
"""

from __future__ import annotations

import enum
import math
import re
from dataclasses import dataclass, replace
from typing import Any

from hlo_translate.errors import TranslateError
from hlo_translate.execution.signature import TensorSpec, mlir_tensor_spec

_MLIR_BYTECODE_MAGIC = b"ML\xefR"
_CONTROL_CHARACTERS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")


class ModuleFormat(enum.Enum):
    """The four ways a module can reach `execute`."""

    HLO_TEXT = "HLO text"
    HLO_PROTO = "HloModuleProto"  # or an HloProto / HloSnapshot / HloUnoptimizedSnapshot holding one
    MLIR_TEXT = "MLIR text"
    MLIR_BYTECODE = "MLIR bytecode"

    @property
    def is_hlo(self) -> bool:
        return self in (ModuleFormat.HLO_TEXT, ModuleFormat.HLO_PROTO)


@dataclass(frozen=True, slots=True)
class LoadedModule:
    """A module ready to compile, with what execution needs to know about it.

    `num_partitions`/`num_replicas` are what the module itself declares (None when it says nothing,
    as an HloModuleProto never does); `sharding_devices` is how many devices its sharding
    annotations name, the fallback when nothing is declared.
    """

    format: ModuleFormat
    payload: str | bytes
    parameters: tuple[TensorSpec, ...]
    results: tuple[TensorSpec, ...]
    num_partitions: int | None
    num_replicas: int | None
    sharding_devices: int | None
    uses_shardy: bool
    uses_lapack: bool


ModuleLike = str | bytes | LoadedModule


def detect_format(data: str | bytes) -> ModuleFormat:
    """Which of HLO text, HloModuleProto, MLIR text or MLIR bytecode `data` is.

    >>> detect_format("HloModule m\\nENTRY e { ROOT p = f32[] parameter(0) }")
    <ModuleFormat.HLO_TEXT: 'HLO text'>
    """
    if isinstance(data, bytes) and data.startswith(_MLIR_BYTECODE_MAGIC):
        return ModuleFormat.MLIR_BYTECODE
    text = data if isinstance(data, str) else _as_text(data)
    head = _first_line(text) if text is not None else ""
    if head.startswith(("HloModule", "ENTRY ")):  # XLA reads a module without its header too
        return ModuleFormat.HLO_TEXT
    if head.startswith(("module", "#", "func.func", "builtin.module", "sdy.mesh", '"builtin.module"')):
        return ModuleFormat.MLIR_TEXT
    # A serialized HloModuleProto opens with its name, field 1: tag byte 0x0a.
    if isinstance(data, bytes) and (text is None or data.startswith(b"\n")):
        return ModuleFormat.HLO_PROTO
    raise TranslateError(
        "cannot tell the input format: expected HLO text ('HloModule ...'), "
        "an HloModuleProto, or StableHLO as MLIR text or bytecode"
    )


def load_module(module: ModuleLike) -> LoadedModule:
    """Parse `module` (HLO text, HloModuleProto bytes, MLIR text or bytecode) for execution."""
    if isinstance(module, LoadedModule):
        return module
    if not isinstance(module, (str, bytes)):
        raise TypeError(f"expected str or bytes, got {type(module).__name__}")
    fmt = detect_format(module)
    if fmt is ModuleFormat.MLIR_TEXT and isinstance(module, bytes):
        module = module.decode("utf-8")
    if fmt.is_hlo:
        return _load_hlo(module, fmt)
    return _load_mlir(module, fmt)


def _as_text(data: bytes) -> str | None:
    """`data` as text when it is printable UTF-8 (a binary proto almost never is)."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    return None if _CONTROL_CHARACTERS.search(text) else text


def _first_line(text: str) -> str:
    """The first line that is neither blank nor a `//` comment, stripped."""
    for line in text.splitlines():
        stripped = line.strip()
        if stripped and not stripped.startswith("//"):
            return stripped
    return ""


# ---------------------------------------------------------------- HLO


def _load_hlo(module: str | bytes, fmt: ModuleFormat) -> LoadedModule:
    import jax  # noqa: F401  (imported first, jax quiets XLA's INFO logging)
    from jaxlib import _hlo, _jax  # type: ignore[attr-defined]  # no stubs for jaxlib's private _hlo

    num_partitions = num_replicas = None
    try:
        if fmt is ModuleFormat.HLO_TEXT:
            text = module if isinstance(module, str) else module.decode("utf-8")
            header = _first_line(text)
            num_partitions = _header_int(header, "num_partitions")
            num_replicas = _header_int(header, "replica_count")
            hlo_module = _hlo.hlo_module_from_text(text)
        else:
            hlo_module = _hlo.HloModule.from_serialized_hlo_module_proto(_module_proto_bytes(module))
        # XlaComputation wants the program shape that a round trip through HloModule fills in.
        computation = _hlo.XlaComputation(hlo_module.as_serialized_hlo_module_proto())
        mlir_text = _jax.mlir.xla_computation_to_mlir_module(computation)
    except _jax.JaxRuntimeError as err:
        raise TranslateError(f"XLA cannot read this {fmt.value}: {_first_lines(err)}") from err
    loaded = _load_mlir(mlir_text, fmt)
    # The proto behind the import carries no module config; the HLO header is the only source.
    return replace(loaded, num_partitions=num_partitions, num_replicas=num_replicas)


def _module_proto_bytes(data: str | bytes) -> bytes:
    """The HloModuleProto inside binary `data`, which may be an HloProto (XLA's `*.hlo.pb` dumps),
    HloSnapshot or HloUnoptimizedSnapshot around it."""
    from hlo_translate.hlo.proto import HloProtoKind, unwrap_module_proto

    raw = data.encode() if isinstance(data, str) else data
    module, kind = unwrap_module_proto(raw)
    return raw if kind is HloProtoKind.MODULE else module.SerializeToString()


def _header_int(header: str, key: str) -> int | None:
    match = re.search(rf"\b{key}=(\d+)", header)
    return int(match.group(1)) if match else None


# ---------------------------------------------------------------- MLIR


def _load_mlir(module: str | bytes, fmt: ModuleFormat) -> LoadedModule:
    """Parse MLIR text or bytecode (or a VHLO portable artifact) and describe it."""
    from jax._src.interpreters import mlir as jax_mlir
    from jaxlib.mlir import ir
    from jaxlib.mlir.dialects import stablehlo

    with jax_mlir.make_ir_context() as context:
        try:
            parsed = ir.Module.parse(module)
            if any(op.operation.name.startswith("vhlo.") for op in parsed.body.operations):
                parsed = stablehlo.deserialize_portable_artifact(context, module)
        except ir.MLIRError as err:
            raise TranslateError(f"cannot parse the {fmt.value}: {_mlir_diagnostics(err)}") from err
        text = module if isinstance(module, str) else str(parsed)
        # (the text first: most modules name no `xla.` target, and they need not load the exporter)
        if ("@xla." in text or '@"xla.' in text) and _holds_our_carriers(parsed):
            # Our importer's `xla.<opcode>` carriers are HLO instructions only our exporter writes back: XLA
            # compiles the HLO of that exporter (docs/import.md, "the fallback form").
            return _load_through_our_exporter(text, fmt)
        parameters, results = _signature(parsed)
        attributes = parsed.operation.attributes
        _check_entry_layouts(attributes, len(parameters))
        return LoadedModule(
            format=fmt,
            payload=module,
            parameters=parameters,
            results=results,
            num_partitions=_int_attribute(attributes, "mhlo.num_partitions"),
            num_replicas=_int_attribute(attributes, "mhlo.num_replicas"),
            sharding_devices=sharding_device_count(text),
            uses_shardy=re.search(r"\bsdy\.|xla\.sdy\.", text) is not None,
            uses_lapack="lapack_" in text,
        )


def _holds_our_carriers(parsed: Any) -> bool:
    """Whether a custom call of `parsed` is one our exporter writes back as an HLO instruction
    (`xla.<opcode>`, `xla.rng_get_and_update_state`, ...; XLA's own `xla.sdy.*` aside)."""
    from jaxlib.mlir import ir

    import hlo_translate.export  # noqa: F401  (its modules register the handlers)
    from hlo_translate.export.registry import CUSTOM_CALL_HANDLERS

    found = False

    def visit(op: ir.Operation) -> ir.WalkResult:
        nonlocal found
        if op.name == "stablehlo.custom_call":
            target = ir.StringAttr(op.attributes["call_target_name"]).value
            if target.startswith("xla.") and not target.startswith("xla.sdy.") and CUSTOM_CALL_HANDLERS.get(target):
                found = True
                return ir.WalkResult.INTERRUPT
        return ir.WalkResult.ADVANCE

    parsed.operation.walk(visit)
    return found


def _load_through_our_exporter(text: str, fmt: ModuleFormat) -> LoadedModule:
    from hlo_translate.export.pipeline import export_stablehlo
    from hlo_translate.hlo.io import HloFormat, write_hlo

    # verify=False: XLA judges what it compiles (a module read without the verifier comes back as written)
    exported = export_stablehlo(text, use_tuple_args=False, return_tuple=False, input_shapes=None, verify=False)
    hlo = write_hlo(exported, HloFormat.TEXT)
    return replace(_load_hlo(hlo, ModuleFormat.HLO_TEXT), format=fmt)


def _signature(parsed: Any) -> tuple[tuple[TensorSpec, ...], tuple[TensorSpec, ...]]:
    from jaxlib.mlir import ir

    entry = _entry_function(parsed)
    function_type = ir.FunctionType(ir.TypeAttr(entry.attributes["function_type"]).value)
    return (
        tuple(_spec(t, f"parameter {i}") for i, t in enumerate(function_type.inputs)),
        tuple(_spec(t, f"result {i}") for i, t in enumerate(function_type.results)),
    )


def _entry_function(parsed: Any) -> Any:
    """`func.func @main`, or the only public function."""
    from jaxlib.mlir import ir

    functions = [op for op in parsed.body.operations if op.operation.name == "func.func"]
    public = []
    for function in functions:
        if ir.StringAttr(function.attributes["sym_name"]).value == "main":
            return function
        visibility = function.attributes["sym_visibility"] if "sym_visibility" in function.attributes else None
        if visibility is None or ir.StringAttr(visibility).value == "public":
            public.append(function)
    if len(public) == 1:
        return public[0]
    raise TranslateError("no entry function: expected func.func @main or a single public function")


def _spec(mlir_type: Any, what: str) -> TensorSpec:
    from jaxlib.mlir import ir

    if mlir_type.typeid != ir.RankedTensorType.static_typeid:
        raise TranslateError(
            f"{what} has type {mlir_type}; execution supports only tensors (no tuples or tokens in the entry signature)"
        )
    ranked = ir.RankedTensorType(mlir_type)
    return mlir_tensor_spec(str(mlir_type), list(ranked.shape), str(ranked.element_type), what)


def _check_entry_layouts(attributes: Any, parameters: int) -> None:
    """Refuse entry parameter layouts XLA cannot take: XLA's compiler reads them by position, one flat layout per
    parameter, without checking, and crashes the process on a nested list (one per tuple parameter) or a short
    one."""
    from jaxlib.mlir import ir

    name = "mhlo.xla_entry_computation_parameter_layouts"
    if name not in attributes:
        return
    entries = list(ir.ArrayAttr(attributes[name]))
    nested = sum(1 for entry in entries if entry.typeid == ir.ArrayAttr.static_typeid)
    if nested or len(entries) != parameters:
        what = f"{len(entries)} entries ({nested} of them lists)" if nested else f"{len(entries)} entries"
        raise TranslateError(
            f"{name} has {what} for {parameters} entry parameters: XLA would crash compiling it "
            "(it expects one flat layout per parameter)"
        )


def _int_attribute(attributes: Any, name: str) -> int | None:
    from jaxlib.mlir import ir

    return ir.IntegerAttr(attributes[name]).value if name in attributes else None


def _mlir_diagnostics(err: Any) -> str:
    messages = [f"{d.location}: {d.message}" for d in getattr(err, "error_diagnostics", [])]
    return "; ".join(messages) or str(err)


def _first_lines(err: BaseException, count: int = 3) -> str:
    lines = [line.strip() for line in str(err).splitlines() if line.strip()]
    return " ".join(lines[:count])


# ---------------------------------------------------------------- sharding hints

_TILED = re.compile(r"devices=\[([0-9,]+)\]")
_MAXIMAL = re.compile(r"maximal device=(\d+)")
_SDY_MESH = re.compile(r"mesh\s*(?:@[\w.$-]+\s*=\s*)?<\[([^\]]*)\](?:\s*,\s*device_ids=\[([0-9, ]*)\])?")


def sharding_device_count(text: str) -> int | None:
    """How many devices the sharding annotations in `text` name (GSPMD or Shardy), None if none.

    >>> sharding_device_count('sharding={devices=[4,2]<=[8]}')
    8
    """
    counts = [math.prod(int(d) for d in m.group(1).split(",") if d) for m in _TILED.finditer(text)]
    counts += [int(m.group(1)) + 1 for m in _MAXIMAL.finditer(text)]
    for mesh in _SDY_MESH.finditer(text):
        sizes = [int(size) for size in re.findall(r"=\s*(\d+)", mesh.group(1))]
        counts.append(math.prod(sizes))
        if mesh.group(2):
            counts.append(max(int(d) for d in mesh.group(2).split(",")) + 1)
    return max(counts) if counts else None
