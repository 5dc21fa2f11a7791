"""Compare two runs' outputs: exact for integers and booleans, per-dtype tolerances for floats."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from hlo_translate.execution.signature import spec_of


@dataclass(frozen=True, slots=True)
class Tolerance:
    """|actual - expected| <= atol + rtol * |expected| counts as equal."""

    rtol: float
    atol: float


# Two compilations of the same computation may fuse and reassociate differently.
_FIXED_TOLERANCES = {"float64": Tolerance(1e-9, 1e-12), "float32": Tolerance(1e-5, 1e-5)}


def tolerance_for(dtype: np.dtype) -> Tolerance | None:
    """The default tolerance for `dtype` (complex: that of its parts); None means exact."""
    dtype = np.dtype(dtype)
    if dtype.kind == "c":
        dtype = np.dtype(np.float32 if dtype == np.complex64 else np.float64)
    if dtype.kind in "biu":
        return None
    if dtype.name in _FIXED_TOLERANCES:
        return _FIXED_TOLERANCES[dtype.name]
    import ml_dtypes

    eps = float(ml_dtypes.finfo(dtype).eps)  # 16-bit and narrower floats: a few units in the last place
    return Tolerance(min(4 * eps, 0.5), min(4 * eps, 0.5))


class Verdict(enum.Enum):
    MATCH = "match"
    VALUES_DIFFER = "values differ"
    SHAPE_DIFFERS = "shape differs"
    DTYPE_DIFFERS = "dtype differs"


@dataclass(frozen=True, slots=True)
class OutputComparison:
    """How one output of the candidate compares with the reference's."""

    index: int
    verdict: Verdict
    expected_type: str
    actual_type: str
    mismatched: int = 0
    total: int = 0
    max_abs_error: float = 0.0
    max_rel_error: float = 0.0
    first_mismatch: tuple[int, ...] | None = None
    expected_value: str = ""
    actual_value: str = ""

    @property
    def ok(self) -> bool:
        return self.verdict is Verdict.MATCH

    def describe(self) -> str:
        """One line: `out1 f32[8]: 2 of 8 elements differ; first at [3]: expected 1.5, got -1.5`."""
        head = f"out{self.index} {self.expected_type}"
        if self.verdict is Verdict.SHAPE_DIFFERS or self.verdict is Verdict.DTYPE_DIFFERS:
            return f"{head}: {self.verdict.value}, got {self.actual_type}"
        errors = f"max abs err {self.max_abs_error:.3g}, max rel err {self.max_rel_error:.3g}"
        if self.ok:
            return f"{head}: ok ({errors})"
        where = ",".join(map(str, self.first_mismatch or ()))
        return (
            f"{head}: {self.mismatched} of {self.total} elements differ ({errors}); "
            f"first at [{where}]: expected {self.expected_value}, got {self.actual_value}"
        )


@dataclass(frozen=True, slots=True)
class Comparison:
    """The outcome of comparing all outputs (plus problems that belong to no single output)."""

    outputs: tuple[OutputComparison, ...] = ()
    problems: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()  # how the modules ran, where it is not the plain way (they ran unsharded, ...)

    @property
    def ok(self) -> bool:
        return not self.problems and all(output.ok for output in self.outputs)

    def report(self, max_lines: int = 20) -> str:
        """A one-screen summary: a verdict line, then problems and mismatches before matches."""
        failed = [o for o in self.outputs if not o.ok]
        if self.ok:
            head = f"OK: all {len(self.outputs)} outputs match"
        else:
            head = f"MISMATCH: {len(failed)} of {len(self.outputs)} outputs differ"
            if self.problems:
                head += f", {len(self.problems)} other problem{'s' * (len(self.problems) > 1)}"
        lines = [
            *(f"note: {note}" for note in self.notes),
            *self.problems,
            *(o.describe() for o in failed),
            *(o.describe() for o in self.outputs if o.ok),
        ]
        if len(lines) > max_lines:
            hidden = len(lines) - (max_lines - 1)
            lines = lines[: max_lines - 1] + [f"... and {hidden} more lines"]
        return "\n".join([head, *("  " + line for line in lines)])


def compare_outputs(
    expected: Sequence[np.ndarray],
    actual: Sequence[np.ndarray],
    *,
    rtol: float | None = None,
    atol: float | None = None,
    accumulation: int = 1,
) -> Comparison:
    """Compare `actual` with `expected` output by output; `rtol`/`atol` override the dtype defaults.

    `accumulation` is the most terms one output element may sum (a dot's contraction, a convolution's window
    times its input features, a reduction): two compilations may add them in another order, and the rounding
    errors of a sum of n terms grow with n times the terms' size. Float tolerances widen by
    `accumulation * eps * max|expected|` of each output for that (nothing for 1, the default).

    >>> compare_outputs([np.array([1.0, np.nan])], [np.array([1.0, np.nan])]).ok
    True
    """
    problems: tuple[str, ...] = ()
    if len(expected) != len(actual):
        problems = (f"expected {len(expected)} outputs, got {len(actual)}",)
    outputs = tuple(
        _compare_one(i, np.asarray(e), np.asarray(a), rtol, atol, accumulation)
        for i, (e, a) in enumerate(zip(expected, actual))
    )
    return Comparison(outputs, problems)


def _compare_one(
    index: int, expected: np.ndarray, actual: np.ndarray, rtol: float | None, atol: float | None, accumulation: int
) -> OutputComparison:
    expected_type, actual_type = str(spec_of(expected)), str(spec_of(actual))
    if expected.shape != actual.shape:
        return OutputComparison(index, Verdict.SHAPE_DIFFERS, expected_type, actual_type)
    if expected.dtype != actual.dtype:
        return OutputComparison(index, Verdict.DTYPE_DIFFERS, expected_type, actual_type)
    tolerance = tolerance_for(expected.dtype)
    if tolerance is not None and (rtol is not None or atol is not None):
        tolerance = Tolerance(tolerance.rtol if rtol is None else rtol, tolerance.atol if atol is None else atol)
    if tolerance is not None and accumulation > 1:
        tolerance = Tolerance(tolerance.rtol, tolerance.atol + _accumulation_error(expected, accumulation))
    equal, abs_error, rel_error = _elementwise(expected, actual, tolerance)
    mismatched = int(equal.size - np.count_nonzero(equal))
    first = None
    expected_value = actual_value = ""
    if mismatched:
        first = tuple(int(i) for i in np.unravel_index(int(np.argmin(equal.ravel())), equal.shape))
        expected_value, actual_value = str(expected[first]), str(actual[first])
    return OutputComparison(
        index,
        Verdict.VALUES_DIFFER if mismatched else Verdict.MATCH,
        expected_type,
        actual_type,
        mismatched=mismatched,
        total=int(equal.size),
        max_abs_error=_max(abs_error),
        max_rel_error=_max(rel_error),
        first_mismatch=first,
        expected_value=expected_value,
        actual_value=actual_value,
    )


def _elementwise(
    expected: np.ndarray, actual: np.ndarray, tolerance: Tolerance | None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per element: equal?, absolute error, relative error (errors over finite pairs only)."""
    if tolerance is None:  # integers and booleans: exact
        equal = expected == actual
        if expected.dtype == np.bool_:
            difference = (expected != actual).astype(np.float64)
        else:
            difference = np.abs(expected.astype(np.float64) - actual.astype(np.float64))
        return equal, difference, difference / np.maximum(np.abs(expected.astype(np.float64)), 1)
    if expected.dtype.kind == "c":  # complex: both parts must match
        parts = [
            _elementwise(
                np.ascontiguousarray(getattr(expected, part)), np.ascontiguousarray(getattr(actual, part)), tolerance
            )
            for part in ("real", "imag")
        ]
        return parts[0][0] & parts[1][0], np.maximum(parts[0][1], parts[1][1]), np.maximum(parts[0][2], parts[1][2])
    e, a = expected.astype(np.float64), actual.astype(np.float64)
    finite = np.isfinite(e) & np.isfinite(a)
    with np.errstate(invalid="ignore", over="ignore", divide="ignore"):
        abs_error = np.where(finite, np.abs(a - e), 0.0)
        rel_error = np.where(finite & (e != 0), abs_error / np.abs(e), 0.0)
        close = abs_error <= tolerance.atol + tolerance.rtol * np.abs(np.where(finite, e, 0.0))
    # NaN equals NaN; infinities must agree in sign; a finite value never equals a non-finite one.
    same_special = (np.isnan(e) & np.isnan(a)) | (np.isinf(e) & (e == a))
    return (finite & close) | same_special, abs_error, rel_error


def _accumulation_error(expected: np.ndarray, accumulation: int) -> float:
    """How far two summation orders of `accumulation` terms may drift apart, on the scale of the output."""
    import ml_dtypes

    dtype = expected.dtype
    if dtype.kind == "c":  # the precision of its parts
        dtype = np.dtype(np.float32 if dtype == np.complex64 else np.float64)
    eps = float(ml_dtypes.finfo(dtype).eps)
    magnitude = np.abs(expected[np.isfinite(expected)]) if expected.size else np.zeros(0)
    return accumulation * eps * (float(magnitude.max()) if magnitude.size else 0.0)


def _max(values: np.ndarray) -> float:
    return float(values.max()) if values.size else 0.0
