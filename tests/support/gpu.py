"""Whether a CUDA GPU is usable by JAX here (for the `gpu`-marked tests)."""

from __future__ import annotations

import functools
import importlib.util


@functools.cache
def no_gpu_reason() -> str | None:
    """Why GPU tests cannot run here, or None when a CUDA device is usable."""
    if not any(importlib.util.find_spec(name) for name in ("jax_cuda13_plugin", "jax_cuda12_plugin")):
        return "no CUDA GPU: jax's CUDA plugin is not installed (pip install 'jax[cuda13]')"
    import jax

    try:
        jax.devices("cuda")
    except RuntimeError as err:
        return f"no CUDA GPU visible to JAX: {str(err).splitlines()[0]}"
    return None


def cuda_device_count() -> int:
    """The CUDA devices JAX sees (0 without a usable GPU)."""
    if no_gpu_reason():
        return 0
    import jax

    return len(jax.devices("cuda"))
