"""What a session of compiles through hlo-translate counts, and the modules it keeps for a look later."""

from __future__ import annotations

import collections
import re
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hlo_translate.jax.pipeline import Converted, Mode, Step, StepFailed

if TYPE_CHECKING:
    from jaxlib.mlir import ir

#: How many causes a report lists before it says "... and N more".
_REPORT_CAUSES = 12


@dataclass
class Summary:
    """The counts of one session: modules compiled, refused by cause, and where the time went.

    `modules`: every module JAX handed to its backend while the session was on; `compiled`: those that
    went through the mode's converters and compiled; `refused`: a converter refused the module (the cause
    names the step and the converter's message); `rejected`: the converters gave a module XLA's backend
    would not compile; `fell_back`: refused or rejected modules compiled by JAX's own path instead.
    """

    mode: Mode
    modules: int = 0
    compiled: int = 0
    refused: collections.Counter[str] = field(default_factory=collections.Counter)
    rejected: collections.Counter[str] = field(default_factory=collections.Counter)
    fell_back: int = 0
    seconds: dict[Step, float] = field(default_factory=dict)
    backend_seconds: float = 0.0
    kept: list[Path] = field(default_factory=list)

    @property
    def ours_seconds(self) -> float:
        """Seconds spent in hlo-translate's own converters."""
        return sum(self.seconds.get(step, 0.0) for step in (Step.OUR_EXPORT, Step.OUR_IMPORT))

    def report(self) -> str:
        """A few lines for a terminal: the counts, the time, then the causes, the most frequent first."""
        lines = [
            f"hlo-translate ({self.mode.value}): {self.modules} modules, {self.compiled} compiled through "
            f"{_route(self.mode)}, {sum(self.refused.values())} refused, "
            f"{sum(self.rejected.values())} rejected by XLA's backend, {self.fell_back} fell back to JAX's path"
        ]
        steps = ", ".join(f"{step.value} {seconds:.1f} s" for step, seconds in self.seconds.items())
        lines.append(f"  time: {steps or 'none'}; XLA's backend compile {self.backend_seconds:.1f} s")
        for title, causes in (("refused", self.refused), ("rejected by XLA's backend", self.rejected)):
            if causes:
                lines.append(f"  {title}:")
                lines += [f"    {count:5d}  {cause}" for cause, count in causes.most_common(_REPORT_CAUSES)]
                if len(causes) > _REPORT_CAUSES:
                    lines.append(f"    ... and {len(causes) - _REPORT_CAUSES} more causes")
        if self.kept:
            lines.append(f"  kept {len(self.kept)} modules in {self.kept[0].parent}")
        return "\n".join(lines)

    def as_dict(self) -> dict[str, Any]:
        """The summary as plain data (for JSON)."""
        return {
            "mode": self.mode.value,
            "modules": self.modules,
            "compiled": self.compiled,
            "refused": dict(self.refused),
            "rejected": dict(self.rejected),
            "fell_back": self.fell_back,
            "seconds": {step.value: seconds for step, seconds in self.seconds.items()},
            "ours_seconds": self.ours_seconds,
            "backend_seconds": self.backend_seconds,
            "kept": [str(path) for path in self.kept],
        }


def _route(mode: Mode) -> str:
    return {
        Mode.ROUNDTRIP: "our export and our import",
        Mode.EXPORT: "our export and XLA's import",
        Mode.XLA: "XLA's export and import",
    }[mode]


def refusal_cause(failure: StepFailed) -> str:
    """One line naming the step and the error, without the input's location (so that causes group)."""
    cause = failure.cause
    message = getattr(cause, "message", None) or _first_line(str(cause))
    op = getattr(cause, "op", None)
    kind = "internal error" if type(cause).__name__ == "InternalError" else type(cause).__name__
    # HLO instruction names differ by a number from module to module (custom-call.2, custom-call.5):
    # without it, one cause is counted once however many modules it stops.
    what = f"'{re.sub(r'[.]\d+$', '', op)}': " if op else ""
    return _one_line(f"{failure.step.value}: {kind}: {what}{message}")


def backend_cause(err: BaseException) -> str:
    """The backend's error as one line (its first line carries XLA's status and message)."""
    return _one_line(f"{type(err).__name__}: {_first_line(str(err))}")


def _first_line(text: str) -> str:
    lines = text.strip().splitlines()
    return lines[0] if lines else ""


def _one_line(text: str, limit: int = 200) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


@dataclass
class CompiledModule:
    """A module of the current scope (a test, say): JAX's, and what our converters made of it."""

    original: ir.Module
    converted: Converted | None
    error: str | None = None


class Keeper:
    """Writes modules to a directory, one folder each: JAX's StableHLO, the HLO, the converted module, why."""

    def __init__(self, directory: Path):
        self.directory = directory
        self._count = 0
        self._lock = threading.Lock()

    def keep(self, module: CompiledModule, label: str) -> Path:
        with self._lock:
            self._count += 1
            folder = self.directory / f"{self._count:05d}-{_file_name(label)}"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "jax.mlir").write_text(_asm(module.original))
        converted = module.converted
        if converted is not None and converted.hlo is not None:
            from hlo_translate.hlo.io import HloFormat, write_hlo

            (folder / "ours.hlo").write_bytes(write_hlo(converted.hlo, HloFormat.TEXT))
        if converted is not None and converted.xla_hlo_proto is not None:
            (folder / "xla.hlo.pb").write_bytes(converted.xla_hlo_proto)
        if converted is not None and converted.module is not module.original:
            (folder / "converted.mlir").write_text(_asm(converted.module))
        if module.error:
            (folder / "error.txt").write_text(module.error + "\n")
        return folder


def module_name(module: ir.Module) -> str:
    from jaxlib.mlir import ir

    try:
        return ir.StringAttr(module.operation.attributes["sym_name"]).value
    except (KeyError, ValueError):
        return "module"


def _asm(module: ir.Module) -> str:
    return str(module.operation.get_asm(enable_debug_info=True, large_elements_limit=None))


def _file_name(label: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", label)[:120].strip("_.") or "module"
