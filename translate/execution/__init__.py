"""Run modules on XLA and compare the results: the numeric oracle behind `run` and `validate`.

    >>> from hlo_translate.execute import execute, validate_modules
    >>> outputs = execute(hlo_text)                        # doctest: +SKIP
    >>> validate_modules(hlo_text, our_stablehlo).ok       # doctest: +SKIP
    True

Importing this package is cheap: jax and jaxlib are imported when a module is first loaded.
"""

from hlo_translate.execution.compare import (
    Comparison,
    OutputComparison,
    Tolerance,
    Verdict,
    compare_outputs,
    tolerance_for,
)
from hlo_translate.execution.distributed import initialize_distributed, run_multiprocess
from hlo_translate.execution.inputs import arrays_to_npz, generate_inputs, read_npz, resolve_inputs
from hlo_translate.execution.module import LoadedModule, ModuleFormat, detect_format, load_module
from hlo_translate.execution.oracle import xla_hlo_to_stablehlo, xla_stablehlo_to_hlo
from hlo_translate.execution.runtime import PLATFORMS, DevicePlan, execute, plan_devices, run
from hlo_translate.execution.signature import TensorSpec
from hlo_translate.execution.validate import validate_modules

__all__ = [
    "PLATFORMS",
    "Comparison",
    "DevicePlan",
    "LoadedModule",
    "ModuleFormat",
    "OutputComparison",
    "TensorSpec",
    "Tolerance",
    "Verdict",
    "arrays_to_npz",
    "compare_outputs",
    "detect_format",
    "execute",
    "generate_inputs",
    "initialize_distributed",
    "load_module",
    "plan_devices",
    "read_npz",
    "resolve_inputs",
    "run",
    "run_multiprocess",
    "tolerance_for",
    "validate_modules",
    "xla_hlo_to_stablehlo",
    "xla_stablehlo_to_hlo",
]
