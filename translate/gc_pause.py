"""Python's cyclic garbage collector paused while one call builds a large IR.

Parsing, importing or exporting a module creates hundreds of thousands of objects that all live on,
and each full collection the interpreter starts on the way walks every one of them: the time per
instruction grew with the module (about +15% from 10k to 100k instructions, docs/performance.md).
The IR holds no reference cycles to reclaim, so nothing is lost by collecting once the call returns. Code
that runs paused must not make cycles that hold MLIR objects (a nested function that calls itself, say): an
MLIR value in one keeps its module and context, all their C++ memory, until a later collection; over a loop
of calls that was hundreds of MB (tests/test_memory.py checks that every context is freed by reference
counts).

    >>> import gc
    >>> @without_cyclic_gc
    ... def build() -> bool:
    ...     return gc.isenabled()
    >>> build(), gc.isenabled()
    (False, True)
"""

from __future__ import annotations

import functools
import gc
from collections.abc import Callable


def without_cyclic_gc[**P, R](fn: Callable[P, R]) -> Callable[P, R]:
    """Run `fn` with the cyclic collector off (as it was after: a nested call leaves it off)."""

    @functools.wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        if not gc.isenabled():
            return fn(*args, **kwargs)
        gc.disable()
        try:
            return fn(*args, **kwargs)
        finally:
            gc.enable()

    return wrapper
