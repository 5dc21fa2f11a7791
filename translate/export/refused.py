"""Ops jaxlib's StableHLO dialect registers that have no HLO equivalent: each refused with its reason.

The op-registry test (tests/test_stablehlo_ops.py) requires every registered op to have a handler or an
entry here, and docs/export.md lists these entries.
"""

from __future__ import annotations

from jaxlib.mlir import ir

from hlo_translate.errors import TranslateError
from hlo_translate.export.context import Builder
from hlo_translate.export.registry import handles
from hlo_translate.hlo.ir import HloInstruction

REFUSED: dict[str, str] = {
    "stablehlo.uniform_quantize": "quantized element types have no HLO type; lower them to integer "
    "arithmetic first (StableHLO's quantization legalization)",
    "stablehlo.uniform_dequantize": "quantized element types have no HLO type; lower them to integer "
    "arithmetic first (StableHLO's quantization legalization)",
    "stablehlo.collective_reduce": "HLO has no reduce-to-one collective opcode, and XLA's converter "
    "has no mapping for it",
}


@handles(*REFUSED)
def _refused(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    raise TranslateError(f"no HLO equivalent: {REFUSED[op.name]}")
