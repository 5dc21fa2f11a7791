"""Original values (`origin={...}`): which arrays of the unoptimized program an instruction computes, and the
module's recovery table (their text forms are in `hlo.text.original_value`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # (the module holds its recovery table: a type only)
    from hlo_translate.hlo.ir.module import HloModule


@dataclass(frozen=True, slots=True)
class OriginalArray:
    shape_index: tuple[int, ...]  # where in the instruction's shape
    instruction_name: str
    array_index: tuple[int, ...] = ()  # which array of the original instruction


@dataclass(frozen=True, slots=True)
class RecoveryEntry:
    """One entry of the module's `origin_recovery_table`: an original array that the optimized module no
    longer computes (`old`), the one it computes instead (`new`), and the module recovering the first from
    the second, if any."""

    old: OriginalArray
    new: OriginalArray
    module: HloModule | None = None
