"""The few calls into jaxlib's MLIR bindings every other module builds on: a context with our
dialects, and a module's bytecode. A leaf: `context.py` (parsing, printing) and `guard.py` (input
checks, which probe bytecode in a context of their own) both import it.

    >>> with make_context():
    ...     is_bytecode(module_to_bytecode(ir.Module.create()))
    True
"""

from __future__ import annotations

import io

from jaxlib.mlir import ir
from jaxlib.mlir._mlir_libs import _jax_mlir_ext
from jaxlib.mlir.dialects import chlo, mhlo, sdy, stablehlo

BYTECODE_MAGIC = b"ML\xefR"


def make_context() -> ir.Context:
    """A fresh context with every dialect a StableHLO program from JAX or XLA may use."""
    context = ir.Context()
    registry = ir.DialectRegistry()
    _jax_mlir_ext.register_dialects(registry)
    context.append_dialect_registry(registry)
    context.load_all_available_dialects()
    sdy.register_dialect(context)
    mhlo.register_mhlo_dialect(context)
    chlo.register_dialect(context)
    stablehlo.register_dialect(context)
    return context


def is_bytecode(data: bytes) -> bool:
    """Whether `data` is MLIR bytecode (rather than MLIR text)."""
    return data.startswith(BYTECODE_MAGIC)


def module_to_bytecode(module: ir.Module | ir.Operation) -> bytes:
    """The module's MLIR bytecode, as jaxlib writes it."""
    buffer = io.BytesIO()
    module.operation.write_bytecode(buffer)
    return buffer.getvalue()
