"""Every kind of StableHLO input a caller may hold, turned into a module we may change.

    >>> with open_stablehlo("func.func @main() { return }") as module:
    ...     module.operation.name
    'builtin.module'

The kinds, and what each means:

- ``str``: MLIR text (never a file name: a ``str`` that looks like a path and does not parse says so);
- ``bytes``: MLIR bytecode, a StableHLO portable artifact (VHLO bytecode, what ``jax.export`` writes
  in ``Exported.mlir_module_serialized``), or MLIR text as UTF-8;
- ``pathlib.Path`` (any ``os.PathLike``): a file holding any of the above;
- ``jaxlib.mlir.ir.Module`` (or its ``builtin.module`` operation): used in the caller's context;
- a JAX ``Lowered`` (``jax.jit(f).lower(...)``) or ``Exported`` (``jax.export.export(...)(...)``).

The caller's object is never changed: modules that already live in a context are cloned, unless the
caller asks for the change to happen in place.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from jaxlib.mlir import ir
from jaxlib.mlir._mlir_libs import _stablehlo

from hlo_translate.errors import ArgumentTypeError, SourceLocation, TranslateError
from hlo_translate.mlir import guard
from hlo_translate.mlir.bindings import is_bytecode, make_context
from hlo_translate.mlir.context import parse_module

_PORTABLE_PRODUCER = b"StableHLO_v"
_PATH_SUFFIXES = (".mlir", ".mlirbc", ".bc", ".stablehlo", ".txt")


def describe_kinds() -> str:
    """The accepted kinds, for error messages."""
    return (
        "MLIR text (str), MLIR bytecode or a portable artifact (bytes), a pathlib.Path, "
        "a jaxlib.mlir.ir.Module, or a JAX Lowered/Exported"
    )


@contextlib.contextmanager
def open_stablehlo(source: Any, *, in_place: bool = False, context: ir.Context | None = None) -> Iterator[Any]:
    """The StableHLO module `source` denotes, inside its context (entered for the `with` block).

    Text, bytes and files are parsed into `context` (a fresh one when None). A module that already
    lives in a context (an `ir.Module`, a JAX `Lowered`) stays in it and is cloned first, unless
    `in_place` is True.
    """
    existing = _existing_module(source)
    if existing is not None:
        module_op = existing.operation if isinstance(existing, ir.Module) else existing
        with module_op.context:
            guard.check_module_strings(module_op)
            yield module_op if in_place else module_op.clone()
        return
    data, name = _source_bytes(source)
    ctx = context if context is not None else make_context()
    with ctx:
        yield _parse(data, name, ctx, text_given=isinstance(source, str))


def _existing_module(source: Any) -> ir.Module | ir.Operation | None:
    """The MLIR module object behind `source`, when it is one already (module, operation, Lowered)."""
    if isinstance(source, ir.Module):
        return source
    if isinstance(source, ir.OpView | ir.Operation):
        op = source.operation
        if op.name != "builtin.module":
            raise ArgumentTypeError(f"expected a builtin.module operation, got '{op.name}'")
        return op
    compiler_ir = getattr(source, "compiler_ir", None)
    if callable(compiler_ir) and not hasattr(source, "mlir_module_serialized"):  # a JAX Lowered
        module = compiler_ir("stablehlo")
        if not isinstance(module, ir.Module):
            raise ArgumentTypeError(
                f"{type(source).__name__}.compiler_ir('stablehlo') gave {type(module).__name__}, not an MLIR module"
            )
        return module
    return None


def _source_bytes(source: Any) -> tuple[bytes, str]:
    """The bytes of a text, bytes, path or JAX `Exported` source, and the name errors give it."""
    if isinstance(source, str):
        return source.encode("utf-8"), "<input>"
    if isinstance(source, bytes | bytearray | memoryview):
        return bytes(source), "<input>"
    if isinstance(source, os.PathLike):
        path = Path(source)
        try:
            return path.read_bytes(), str(path)
        except OSError as err:
            raise TranslateError(
                f"cannot read StableHLO input: {err.strerror}", location=SourceLocation(str(path))
            ) from None
    serialized = getattr(source, "mlir_module_serialized", None)  # a JAX Exported
    if isinstance(serialized, bytes):
        return serialized, f"<{type(source).__name__}>"
    raise ArgumentTypeError(f"cannot read StableHLO from {type(source).__name__}: expected {describe_kinds()}")


def is_portable_artifact(data: bytes) -> bool:
    """A StableHLO portable artifact: MLIR bytecode whose producer is `StableHLO_vX.Y.Z`."""
    if not is_bytecode(data):
        return False
    # The header: magic, a one-byte (varint) bytecode version, then the NUL-terminated producer.
    return data[5 : 5 + len(_PORTABLE_PRODUCER)] == _PORTABLE_PRODUCER


def _parse(data: bytes, name: str, context: ir.Context, *, text_given: bool) -> ir.Module:
    if is_portable_artifact(data):
        return _deserialize(data, name, context)
    try:
        module = parse_module(data, name)
    except TranslateError as err:
        if text_given and _looks_like_path(data):
            raise TranslateError(
                f"{err.message} (the str was parsed as MLIR text; pass a pathlib.Path to read a file)",
                op=err.op,
                location=err.location,
            ) from None
        raise
    if any(op.operation.name.startswith("vhlo.") for op in module.body.operations):
        return _deserialize(data, name, context)  # a portable artifact in text form
    return module


def _deserialize(data: bytes, name: str, context: ir.Context) -> ir.Module:
    """A portable artifact (VHLO) -> StableHLO, through the StableHLO deserializer in jaxlib."""
    if is_bytecode(data):  # the deserializer reads bytecode as trustingly as the parser does
        guard.check_bytecode(data)
        guard.probe_bytecode(data, portable=True)
    try:
        return _stablehlo.deserialize_portable_artifact(context, data)
    except (ir.MLIRError, ValueError, RuntimeError) as err:
        message = str(err).splitlines()[0] if str(err) else type(err).__name__
        raise TranslateError(
            f"cannot read the StableHLO portable artifact: {message}", location=SourceLocation(name)
        ) from None


def _looks_like_path(data: bytes) -> bool:
    text = data.decode("utf-8", errors="replace").strip()
    if not text or "\n" in text or len(text) > 4096 or "{" in text:
        return False
    return text.endswith(_PATH_SUFFIXES) or "/" in text or os.path.exists(text)


__all__ = ["open_stablehlo", "is_portable_artifact", "describe_kinds"]
