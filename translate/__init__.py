"""hlo-translate: lossless translation between StableHLO (MLIR) and XLA HLO.

The public API is a handful of functions; each imports what it needs when called, so
`import hlo_translate` stays cheap (jaxlib's MLIR bindings and XLA load only when needed). Each checks
its arguments first: a wrong type or value is an `ArgumentError` (also a TypeError or ValueError).

    >>> import hlo_translate
    >>> hlo = hlo_translate.read_hlo("HloModule m\\nENTRY e { ROOT p = f32[] parameter(0) }")
    >>> hlo.entry.root.opcode
    'parameter'

Inputs: a `str` is always text (MLIR or HLO), `bytes` any binary or text form (detected from the
content), a `pathlib.Path` a file; StableHLO may also be a `jaxlib.mlir.ir.Module` (used in its own
context and never changed) or a JAX `Lowered`/`Exported`.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from hlo_translate.errors import (
    ArgumentError,
    ArgumentTypeError,
    ArgumentValueError,
    InternalError,
    SourceLocation,
    TranslateError,
    public_api,
)
from hlo_translate.gc_pause import without_cyclic_gc
from hlo_translate.hlo import io as hlo_io
from hlo_translate.hlo.io import HloFormat, detect_hlo_format
from hlo_translate.hlo.ir import HloModule

if TYPE_CHECKING:
    from jaxlib.mlir import ir

__all__ = [
    "TranslateError",
    "InternalError",
    "ArgumentError",
    "SourceLocation",
    "HloFormat",
    "detect_hlo_format",
    "read_hlo",
    "write_hlo",
    "verify",
    "stablehlo_to_hlo",
    "hlo_to_stablehlo",
    "import_shardings",
    "export_shardings",
    "execute",
    "EMIT_KINDS",
]

#: What `hlo_to_stablehlo` can return: MLIR text (str), MLIR bytecode (bytes), an `ir.Module`, or a
#: StableHLO portable artifact (VHLO bytecode, bytes) for a chosen StableHLO version.
EMIT_KINDS = ("text", "bytecode", "module", "portable")
# What the HLO readers take: text, bytes in any form, a file.
_HLO_SOURCES = (str, bytes, bytearray, memoryview, os.PathLike)


@without_cyclic_gc
@public_api
def read_hlo(data: str | bytes | os.PathLike, fmt: HloFormat | None = None, *, verify: bool = True) -> HloModule:
    """Parse an HLO module from text, binary proto or proto text (detected when `fmt` is None).

    A `str` is HLO text (never a file name); `bytes` any form; a `pathlib.Path` names a file. With
    `verify` (the default) the module must pass the HLO verifier: what XLA rejects is a TranslateError
    naming the instruction, the rule and, for text, the line.
    """
    _check_type("data", data, _HLO_SOURCES, "str, bytes or a pathlib.Path")
    _check_type("fmt", fmt, (HloFormat, type(None)), "an HloFormat or None")
    _check_flag("verify", verify)
    return hlo_io.read_hlo(data, fmt, verify=verify)


@without_cyclic_gc
@public_api
def write_hlo(module: HloModule, fmt: HloFormat = HloFormat.TEXT) -> bytes:
    """`module` in form `fmt` (TEXT, PROTO or PROTO_TEXT), always as bytes.

    >>> write_hlo(read_hlo("HloModule m\\nENTRY e { ROOT p = f32[] parameter(0) }")).decode().split(",")[0]
    'HloModule m'
    """
    _check_type("module", module, (HloModule,), "an HloModule")
    _check_type("fmt", fmt, (HloFormat,), "an HloFormat")
    return hlo_io.write_hlo(module, fmt)


@without_cyclic_gc
@public_api
def verify(module: str | bytes | os.PathLike | HloModule) -> None:
    """Raise TranslateError (naming the instruction and the rule) unless XLA would accept `module`.

    `module` is HLO text, a binary or text HloModuleProto, a `pathlib.Path`, or our IR.
    """
    from hlo_translate.hlo.verify import verify_module

    _check_type("module", module, (*_HLO_SOURCES, HloModule), "HLO (str, bytes, a pathlib.Path) or an HloModule")
    if isinstance(module, HloModule):
        verify_module(module)
    else:
        hlo_io.read_hlo(module, verify=True)


@without_cyclic_gc
@public_api
def stablehlo_to_hlo(
    source: Any,
    *,
    use_tuple_args: bool = False,
    return_tuple: bool = False,
    input_shapes: str | None = None,
    verify: bool = True,
) -> HloModule:
    """Translate a StableHLO module to our HLO IR (`hlo_translate.hlo.ir.HloModule`).

    `source` is MLIR text (str), bytecode or a portable artifact (bytes), a `pathlib.Path`, an
    `ir.Module` (cloned in its own context: the caller's module is never changed), or a JAX
    `Lowered`/`Exported`. Shardy shardings are turned into GSPMD ones, with XLA's `xla.sdy.*` round-trip
    form beside them (docs/shardings.md), and CHLO ops are decomposed on the way, on our copy. Write the
    result with `write_hlo(module, HloFormat.TEXT | PROTO | PROTO_TEXT)`.

        >>> hlo = stablehlo_to_hlo("func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {"
        ...                        " %0 = stablehlo.negate %a : tensor<2xf32> return %0 : tensor<2xf32> }")
        >>> hlo.entry.root.opcode
        'negate'

    `input_shapes` (`"f32[8,4],s32[8]"`, one static shape per argument of @main) refines a
    shape-polymorphic module (`tensor<?x4xf32>` arguments, as `jax.export` writes them) to static
    shapes first, checking its shape assertions (docs/export.md).

    With `verify` (the default) the HLO written must pass the HLO verifier, and the exporter refuses collectives
    whose groups XLA's verifier refuses: what fails is a TranslateError. `verify=False` writes the module as it
    is (the way back of HLO read with `read_hlo(..., verify=False)`: what XLA's parser takes comes back).
    """
    _check_flag("use_tuple_args", use_tuple_args)
    _check_flag("verify", verify)
    _check_flag("return_tuple", return_tuple)
    _check_type("input_shapes", input_shapes, (str, type(None)), "a str like 'f32[8,4],s32[8]' or None")
    from hlo_translate.export.pipeline import export_stablehlo

    return export_stablehlo(
        source, use_tuple_args=use_tuple_args, return_tuple=return_tuple, input_shapes=input_shapes, verify=verify
    )


@without_cyclic_gc
@public_api
def hlo_to_stablehlo(
    source: str | bytes | os.PathLike | HloModule,
    *,
    emit: str = "text",
    locations: bool = True,
    context: ir.Context | None = None,
    target_version: str | None = None,
    shardings: str | None = None,
    verify: bool = True,
) -> Any:
    """Translate an HLO module (text, binary or text proto, a `pathlib.Path`, or our IR) to StableHLO.

    `emit` chooses the result:
    - "text": MLIR assembly (str), with locations (instruction names and metadata, so that a round
      trip keeps them) unless `locations` is False;
    - "bytecode": MLIR bytecode (bytes), always with locations;
    - "module": an `ir.Module` built in `context` (a fresh context when None), for a pipeline that
      goes on in MLIR without a text round trip;
    - "portable": a StableHLO portable artifact (VHLO bytecode, bytes) for `target_version`
      ("1.9.0"; default: the newest jaxlib writes), readable by any consumer within the compatibility window.

    `shardings` chooses the sharding form: "sdy" (Shardy; GSPMD shardings imported with mesh
    inference), "gspmd" (`mhlo.sharding` strings), or None (what the input carries: XLA's Shardy
    round-trip form, `xla.sdy.*`, becomes Shardy again).

    `verify=False` reads HLO given as text or bytes without the HLO verifier (`read_hlo(..., verify=False)`):
    what XLA's parser takes converts, instructions StableHLO refuses as written in the lossless
    `xla.<opcode>` form (docs/import.md); `stablehlo_to_hlo(..., verify=False)` writes them back.

        >>> print(hlo_to_stablehlo("HloModule m\\nENTRY e { ROOT p = f32[] parameter(0) }", locations=False))
        module @m {
          func.func @main(%arg0: tensor<f32>) -> tensor<f32> {
            return %arg0 : tensor<f32>
          }
        }
        <BLANKLINE>
    """
    _check_type("source", source, (*_HLO_SOURCES, HloModule), "HLO (str, bytes, a pathlib.Path) or an HloModule")
    if emit not in EMIT_KINDS:
        raise ArgumentValueError(f"emit must be one of {', '.join(EMIT_KINDS)}; got {emit!r}")
    _check_flag("locations", locations)
    _check_flag("verify", verify)
    if target_version is not None and emit != "portable":
        raise ArgumentValueError("target_version applies to emit='portable' only")
    if context is not None and emit != "module":
        raise ArgumentValueError("context applies to emit='module' only")
    # Lazy (here and below): jaxlib's MLIR bindings load on the first translation, not on import.
    from jaxlib.mlir import ir
    from jaxlib.mlir._mlir_libs import _stablehlo

    from hlo_translate.import_ import import_module
    from hlo_translate.mlir.context import make_context, module_to_bytecode, module_to_text
    from hlo_translate.mlir.portable import portable_version
    from hlo_translate.shardy import SHARDING_FORMS, choose_shardings, has_only_meshless_sdy_calls

    _check_type("context", context, (ir.Context, type(None)), "a jaxlib.mlir.ir.Context or None")
    if shardings is not None and shardings not in SHARDING_FORMS:
        raise ArgumentValueError(f"shardings must be one of {', '.join(SHARDING_FORMS)} or None; got {shardings!r}")

    version = portable_version(target_version)  # checked before the work: the newest when None
    hlo = source if isinstance(source, HloModule) else hlo_io.read_hlo(source, verify=verify)
    ctx = context if context is not None else make_context()
    if context is None:
        # One thread while building: every attribute, type and location made through the bindings is
        # uniqued in the context, and with threading on each lookup goes through a per-thread cache
        # and locks as well (~0.5 us of each new name location). The import runs on one thread anyway.
        ctx.enable_multithreading(False)
    with ctx:
        module = import_module(hlo, ctx)
        choose_shardings(module, shardings, meshless_calls=has_only_meshless_sdy_calls(hlo))
        if emit == "module":
            if context is None:  # the caller's passes may use threads
                ctx.enable_multithreading(True)
            return module
        if emit == "bytecode":
            return module_to_bytecode(module)
        if emit == "portable":
            return _stablehlo.serialize_portable_artifact(module, version)
        return module_to_text(module, debug_info=locations)


def _check_flag(name: str, value: object) -> None:
    _check_type(name, value, (bool,), "a bool")


def _check_type(name: str, value: object, types: tuple[type, ...], expected: str) -> None:
    """The caller's misuse, said up front: `value` (argument `name`) must be one of `types`."""
    if not isinstance(value, types):
        raise ArgumentTypeError(f"{name} must be {expected}, not {type(value).__name__}")


@public_api
def import_shardings(source: Any) -> str:
    """GSPMD `mhlo.sharding` attributes of a StableHLO module -> Shardy `sdy.mesh` + `sdy.sharding`.

    `source` is any StableHLO input `stablehlo_to_hlo` takes; returns MLIR text.
    """
    from hlo_translate.shardy import import_shardings as _impl

    return _impl(source)


@public_api
def export_shardings(source: Any) -> str:
    """Shardy shardings of a StableHLO module -> GSPMD `mhlo.sharding` strings.

    `source` is any StableHLO input `stablehlo_to_hlo` takes; returns MLIR text.
    """
    from hlo_translate.shardy import export_shardings as _impl

    return _impl(source)


def execute(module: str | bytes, inputs=None, **options):
    """Compile `module` (HLO or StableHLO) with XLA and run it; see `hlo_translate.execution.execute`.

    >>> execute("HloModule m\\nENTRY e { p = f32[2] parameter(0)\\n ROOT n = f32[2] negate(p) }",
    ...         [np.array([1, 2], np.float32)])            # doctest: +SKIP
    [array([-1., -2.], dtype=float32)]
    """
    from hlo_translate.execution import execute as _impl

    return _impl(module, inputs, **options)
