"""XLA's own converters, used only as the reference side of `hlo-translate validate`.

Never a way to implement a translation: these are the oracle our converters are checked against.
"""

from __future__ import annotations

from hlo_translate.errors import TranslateError
from hlo_translate.execution.module import ModuleFormat, detect_format


def xla_stablehlo_to_hlo(mlir: str | bytes) -> bytes:
    """XLA's translation of StableHLO (MLIR text or bytecode) to a serialized HloModuleProto.

    The proto carries no module config: run it with the source's partition and replica counts.
    """
    import jax  # noqa: F401  (imported first, jax quiets XLA's INFO logging)
    from jaxlib import _jax

    try:
        computation = _jax.mlir.mlir_module_to_xla_computation(mlir, use_tuple_args=False, return_tuple=False)
    except (_jax.JaxRuntimeError, ValueError) as err:
        raise TranslateError(f"XLA's StableHLO to HLO converter rejected the input: {_one_line(err)}") from err
    return computation.as_serialized_hlo_module_proto()


def xla_hlo_to_stablehlo(hlo: str | bytes) -> bytes:
    """XLA's translation of HLO (text or HloModuleProto) to StableHLO bytecode."""
    import jax  # noqa: F401  (imported first, jax quiets XLA's INFO logging)
    from jaxlib import _hlo, _jax  # type: ignore[attr-defined]  # no stubs for jaxlib's private _hlo

    try:
        if detect_format(hlo) is ModuleFormat.HLO_TEXT:
            text = hlo if isinstance(hlo, str) else hlo.decode("utf-8")
            proto = _hlo.hlo_module_from_text(text).as_serialized_hlo_module_proto()
        else:
            proto = _hlo.HloModule.from_serialized_hlo_module_proto(hlo).as_serialized_hlo_module_proto()
        return _jax.mlir.hlo_to_stablehlo(proto)
    except (_jax.JaxRuntimeError, ValueError) as err:
        raise TranslateError(f"XLA's HLO to StableHLO converter rejected the input: {_one_line(err)}") from err


def _one_line(err: BaseException) -> str:
    return " ".join(line.strip() for line in str(err).splitlines()[:3] if line.strip())
