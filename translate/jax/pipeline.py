"""What a module JAX compiles goes through in each mode, with the time each step takes.

- ``roundtrip``: our StableHLO -> HLO, then our HLO -> StableHLO: no XLA converter in the loop;
- ``export``: our StableHLO -> HLO, then XLA's own importer (``hlo_to_stablehlo``): our exporter alone;
- ``xla``: XLA's exporter (``mlir_module_to_xla_computation``) and XLA's importer: the reference that
  tells a failure of ours from one of XLA's importer (it fails some sharded programs whatever feeds it).

The result is a module in JAX's own context, handed to JAX's backend as JAX would hand its own.
"""

from __future__ import annotations

import enum
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from jaxlib.mlir import ir

    from hlo_translate.hlo.ir import HloModule


class Mode(enum.Enum):
    """Which converters stand between JAX's lowering and its backend."""

    ROUNDTRIP = "roundtrip"
    EXPORT = "export"
    XLA = "xla"


class Step(enum.Enum):
    """A step of a mode, timed apart: ours, or XLA's (the cost a user would not pay with ours alone)."""

    OUR_EXPORT = "our export"
    OUR_IMPORT = "our import"
    XLA_EXPORT = "XLA's export"
    XLA_IMPORT = "XLA's import"


@dataclass
class Converted:
    """A module after its trip: what the backend gets, the HLO in between, the seconds of each step."""

    module: ir.Module
    hlo: HloModule | None = None
    xla_hlo_proto: bytes | None = None
    seconds: dict[Step, float] = field(default_factory=dict)


class StepFailed(Exception):
    """A step refused the module: `step` says whose converter, `cause` is the converter's own error."""

    def __init__(self, step: Step, cause: BaseException):
        super().__init__(f"{step.value}: {cause}")
        self.step = step
        self.cause = cause


def convert(module: ir.Module, mode: Mode) -> Converted:
    """`module` (JAX's, never changed) through `mode`'s converters, as a new module in its context."""
    converted = Converted(module=module)
    if mode is Mode.XLA:
        proto = _timed(converted, Step.XLA_EXPORT, _xla_export, module)
        converted.xla_hlo_proto = proto
        converted.module = _timed(converted, Step.XLA_IMPORT, _xla_import_proto, proto, module.context)
        return converted
    converted.hlo = _timed(converted, Step.OUR_EXPORT, _our_export, module)
    if mode is Mode.EXPORT:
        converted.module = _timed(converted, Step.XLA_IMPORT, _xla_import, converted.hlo, module.context)
    else:
        converted.module = _timed(converted, Step.OUR_IMPORT, _our_import, converted.hlo, module.context)
    return converted


def _timed(converted: Converted, step: Step, fn: Any, *args: Any) -> Any:
    start = time.perf_counter()
    try:
        return fn(*args)
    except Exception as err:
        raise StepFailed(step, err) from err
    finally:
        converted.seconds[step] = converted.seconds.get(step, 0.0) + time.perf_counter() - start


def _our_export(module: ir.Module) -> HloModule:
    from hlo_translate import stablehlo_to_hlo

    return stablehlo_to_hlo(module)


def _our_import(hlo: HloModule, context: ir.Context) -> ir.Module:
    from hlo_translate import hlo_to_stablehlo

    return hlo_to_stablehlo(hlo, emit="module", context=context)


def _xla_import(hlo: HloModule, context: ir.Context) -> ir.Module:
    from hlo_translate.hlo.io import HloFormat, write_hlo

    return _xla_import_proto(write_hlo(hlo, HloFormat.PROTO), context)


def _xla_import_proto(proto: bytes, context: ir.Context) -> ir.Module:
    from jaxlib import _jax
    from jaxlib.mlir import ir

    return ir.Module.parse(_jax.mlir.hlo_to_stablehlo(proto), context=context)


def _xla_export(module: ir.Module) -> bytes:
    """XLA's StableHLO -> HloModuleProto."""
    from jaxlib import _jax

    from hlo_translate.mlir.context import module_to_bytecode

    computation = _jax.mlir.mlir_module_to_xla_computation(
        module_to_bytecode(module), use_tuple_args=False, return_tuple=False
    )
    return computation.as_serialized_hlo_module_proto()
