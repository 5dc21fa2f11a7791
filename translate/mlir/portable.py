"""StableHLO portable artifacts (VHLO bytecode): the versions jaxlib can write.

>>> portable_version("1.0.0") == "1.0.0"  # doctest: +SKIP
True
"""

from __future__ import annotations

from jaxlib.mlir._mlir_libs import _stablehlo

from hlo_translate.errors import ArgumentTypeError, ArgumentValueError


def portable_version(target: str | None) -> str:
    """`target` checked against the window jaxlib can write (its C++ must never see a bad version);
    the newest when None."""
    newest, oldest = _stablehlo.get_current_version(), _stablehlo.get_minimum_version()
    if target is None:
        return newest
    if not isinstance(target, str):
        raise ArgumentTypeError(f"target_version must be a str like '1.9.0', not {type(target).__name__}")
    wanted = _version(target)
    if wanted is None:
        raise ArgumentValueError(f"target_version must look like '1.9.0'; got {target!r}")
    low, high = _version(oldest), _version(newest)
    if low is None or high is None or not low <= wanted <= high:
        raise ArgumentValueError(
            f"target_version {target} is outside the versions jaxlib can write ({oldest} to {newest})"
        )
    return target


def _version(text: str) -> tuple[int, int, int] | None:
    parts = text.split(".")
    if len(parts) != 3 or not all(p.isdigit() and len(p) <= 6 for p in parts):
        return None
    return int(parts[0]), int(parts[1]), int(parts[2])
