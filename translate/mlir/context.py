"""MLIR contexts and module I/O over jaxlib's bindings (stablehlo, chlo, mhlo, sdy, func registered).

>>> with make_context():
...     module = parse_module("func.func @main() { return }")
>>> "func.func @main" in module_to_text(module)
True
"""

from __future__ import annotations

import re

from jaxlib.mlir import ir

from hlo_translate.errors import SourceLocation, TranslateError
from hlo_translate.mlir import guard

# Re-exported: the package reads a context and bytecode from here (`bindings.py` is the leaf that
# `guard.py` needs too).
from hlo_translate.mlir.bindings import is_bytecode as is_bytecode
from hlo_translate.mlir.bindings import make_context as make_context
from hlo_translate.mlir.bindings import module_to_bytecode as module_to_bytecode
from hlo_translate.mlir.locations import location_name, source_location


def first_diagnostic(err: ir.MLIRError) -> str:
    """The first line of the first error an MLIRError carries (an op's verifier, an attribute's parser)."""
    diagnostics = getattr(err, "error_diagnostics", None) or []
    text = diagnostics[0].message if diagnostics else str(err)
    return text.strip().splitlines()[0] if text.strip() else "rejected by MLIR"


def parse_module(data: str | bytes, source: str = "<input>") -> ir.Module:
    """Parse MLIR text or bytecode in the current context and verify it.

    Errors become one-line TranslateErrors with the first diagnostic's location. The input is
    checked first (`guard`): what could crash or hang jaxlib's parser never reaches it.
    """
    if isinstance(data, bytes) and is_bytecode(data):
        guard.check_bytecode(data)
        guard.probe_bytecode(data)
    else:
        if isinstance(data, bytes):
            try:
                data = data.decode("utf-8")
            except UnicodeDecodeError as err:
                raise TranslateError(
                    f"MLIR text is not UTF-8 (byte {err.start})", location=SourceLocation(source)
                ) from None
        guard.check_text(data, source)
    try:
        return ir.Module.parse(data)
    except ir.MLIRError as err:
        if isinstance(data, str) and _SPARSE_ENCODING in str(err):
            return _parse_with_sparse_encodings(data, source)
        raise _mlir_error(err, source) from None
    except (ValueError, RuntimeError) as err:  # the bytecode reader's own refusals
        raise TranslateError(
            f"cannot read the MLIR module: {str(err).splitlines()[0] if str(err) else err!r}",
            location=SourceLocation(source),
        ) from None
    except MemoryError:
        # MLIR's readers trust a count, size or index in the input (a bytecode section's entry count, the
        # result number in `%0#2147483648`) and fail to allocate for it (std::bad_alloc)
        what = "bytecode" if isinstance(data, bytes) else "text"
        raise TranslateError(
            f"cannot read the MLIR {what}: a count or index in it is larger than memory holds",
            location=SourceLocation(source),
        ) from None


# jaxlib's MLIR bindings do not register the sparse_tensor dialect, whose `#sparse_tensor.encoding` XLA's export
# tests put on tensor types; XLA's converter reads such a tensor as dense, as `typemap.shape_from_mlir` reads
# any encoding other than bounds.
_SPARSE_ENCODING = '#"sparse_tensor"<"encoding<'
_DIALECT_ATTRIBUTE = re.compile(r"#([A-Za-z_][\w$]*)\.")


def _parse_with_sparse_encodings(data: str, source: str) -> ir.Module:
    """`data` read with sparse_tensor encodings kept as opaque attributes: MLIR takes unregistered dialects
    for this one parse, and anything else of one (an op, an attribute) is refused as before."""
    context = ir.Context.current
    assert context is not None  # the module parsed once already, in this context
    context.allow_unregistered_dialects = True
    try:
        module = ir.Module.parse(data)
    except ir.MLIRError as err:
        raise _mlir_error(err, source) from None
    finally:
        context.allow_unregistered_dialects = False
    from hlo_translate.shardy.mlir_util import walk  # (the rare path: only a module with a sparse encoding)

    for op in walk(module.operation):
        if not context.is_registered_operation(op.name):
            raise _refused(op, f"op '{op.name}' of an unregistered dialect", source)
        for name in op.attributes:
            unknown = sorted(_unregistered(context, str(op.attributes[name])))
            if unknown:
                raise _refused(op, f"attribute {name} holds one of the unregistered dialect '{unknown[0]}'", source)
    return module


def _refused(op: ir.Operation, message: str, source: str) -> TranslateError:
    where = source_location(str(op.location), unnamed=source) or SourceLocation(source)
    return TranslateError(message, op=op.name, location=where)


def _unregistered(context: ir.Context, text: str) -> set[str]:
    """The dialects other than sparse_tensor whose attributes `text` (an attribute as MLIR prints it) names
    and the context does not know."""
    unknown = set()
    for namespace in set(_DIALECT_ATTRIBUTE.findall(text)) - {"sparse_tensor"}:
        try:
            context.dialects[namespace]
        except IndexError:
            unknown.add(namespace)
    return unknown


def verify(module: ir.Module, source: str = "<output>") -> None:
    try:
        module.operation.verify()
    except ir.MLIRError as err:
        raise _mlir_error(err, source) from None


def _mlir_error(err: ir.MLIRError, source: str) -> TranslateError:
    diagnostics = getattr(err, "error_diagnostics", None) or []
    if diagnostics:
        first = diagnostics[0]
        where = str(first.location)
        location = source_location(where, unnamed=source) or SourceLocation(source)
        return TranslateError(first.message.splitlines()[0], op=location_name(where), location=location)
    return TranslateError(str(err).splitlines()[0], location=SourceLocation(source))


def module_to_text(module: ir.Module, *, debug_info: bool = False) -> str:
    """MLIR assembly; the generic op form when the custom form would drop something (see below)."""
    # get_asm gives a str unless binary=True (the stubs say object).
    text = str(module.operation.get_asm(enable_debug_info=debug_info, large_elements_limit=None))
    if _COMPACT_REDUCE in text and _compact_reduce_drops_attributes(module):
        text = str(
            module.operation.get_asm(
                enable_debug_info=debug_info, large_elements_limit=None, print_generic_op_form=True
            )
        )
    return text


# jaxlib's printer writes a `stablehlo.reduce` whose body is one commutative op as
# `reduce(...) applies stablehlo.add ...`, a form with no room for that op's attributes (a region-root
# `mhlo.sharding` in XLA's dumps): they would be silently lost, so such a module prints in generic form.
_COMPACT_REDUCE = ") applies "


def _compact_reduce_drops_attributes(module: ir.Module) -> bool:
    found = False

    def visit(op: ir.Operation) -> ir.WalkResult:
        nonlocal found
        if op.name == "stablehlo.reduce":
            body = list(op.regions[0].blocks[0].operations)
            if len(body) == 2 and len(body[0].attributes) > 0:
                found = True
                return ir.WalkResult.INTERRUPT
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit)
    return found
