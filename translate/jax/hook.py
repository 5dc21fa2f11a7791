"""The one patch of JAX's compile path: every module JAX compiles passes through a function of ours.

jax 0.12 hands every module to the backend in `jax._src.compiler.backend_compile_and_load(backend,
module, executable_devices, options, host_callbacks)` (pjit, pmap, eager ops and `Lowered.compile()`
alike). The persistent compilation cache would answer before that function is reached, so while the
patch is in place the cache key is None (JAX then compiles without reading or writing its cache).
Both attributes are set and restored here, and nowhere else.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

#: What the patch calls instead of JAX's function: (JAX's own function, its arguments) -> executable.
Compile = Callable[..., Any]
Interceptor = Callable[[Compile, Any, Any, Any, Any, Any], Any]

_lock = threading.Lock()
_originals: dict[str, Any] = {}


def install(interceptor: Interceptor) -> None:
    """Route JAX's compiles through `interceptor(jax_compile, backend, module, devices, options, callbacks)`.

    Installing again replaces the interceptor; JAX's own functions are remembered once.
    """
    from jax._src import compiler

    with _lock:
        if not _originals:
            _originals["backend_compile_and_load"] = compiler.backend_compile_and_load
            _originals["_get_cache_key"] = compiler._get_cache_key
        jax_compile = _originals["backend_compile_and_load"]

        def backend_compile_and_load(
            backend: Any, module: Any, executable_devices: Any, options: Any, host_callbacks: Any
        ) -> Any:
            return interceptor(jax_compile, backend, module, executable_devices, options, host_callbacks)

        backend_compile_and_load.__wrapped__ = jax_compile  # type: ignore[attr-defined]
        compiler.backend_compile_and_load = backend_compile_and_load
        compiler._get_cache_key = _no_cache_key


def uninstall() -> None:
    """Put JAX's own functions back (nothing happens when the patch is not in place)."""
    from jax._src import compiler

    with _lock:
        for name, original in _originals.items():
            setattr(compiler, name, original)
        _originals.clear()


def installed() -> bool:
    """Whether JAX's compiles go through an interceptor now."""
    return bool(_originals)


def _no_cache_key(*args: Any, **kwargs: Any) -> None:
    """No persistent-cache key: a cached executable would skip our converters."""
    return None
