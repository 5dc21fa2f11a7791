"""Route every JAX compile through hlo-translate's converters: a test suite or a model zoo as a check.

    >>> import hlo_translate.jax
    >>> with hlo_translate.jax.through(mode="roundtrip") as summary:   # doctest: +SKIP
    ...     jax.jit(f)(x)              # StableHLO -> our HLO -> our StableHLO -> XLA's backend
    >>> print(summary.report())                                          # doctest: +SKIP

Modes (`Mode`): ``roundtrip`` (our export, then our import: no XLA converter in the loop), ``export``
(our export, then XLA's own importer: our exporter alone), ``xla`` (XLA's exporter and importer: the
reference for failures of XLA's importer). `enable()`/`disable()` are the process-wide switch; JAX's
persistent compilation cache is bypassed while it is on, and JAX's in-memory caches are cleared when it
is switched, so that every function compiles anew. The patch of JAX sits in `hlo_translate.jax.hook`.
Nothing here is imported by `import hlo_translate`.
"""

from __future__ import annotations

import atexit
import contextlib
import enum
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from hlo_translate.errors import TranslateError
from hlo_translate.jax import hook
from hlo_translate.jax.pipeline import Mode, StepFailed, convert
from hlo_translate.jax.record import CompiledModule, Keeper, Summary, backend_cause, module_name, refusal_cause

__all__ = [
    "Mode",
    "OnRefusal",
    "Summary",
    "ModuleRefused",
    "enable",
    "disable",
    "through",
    "jax_path",
    "summary",
    "active_mode",
    "scope",
    "keep",
]


class OnRefusal(enum.Enum):
    """What a refused module (or one XLA's backend rejects after our converters) does."""

    FAIL = "fail"  # the compile fails with the converter's error
    FALLBACK = "fallback"  # JAX's own path compiles it; the summary counts it


class ModuleRefused(TranslateError):
    """A converter of the mode refused a module JAX compiles (the converter's error is the cause)."""


@dataclass
class _Session:
    mode: Mode
    on_refusal: OnRefusal
    keeper: Keeper | None
    summary: Summary
    lock: threading.Lock = field(default_factory=threading.Lock)
    scope: list[CompiledModule] | None = None


_sessions: list[_Session] = []  # the active one last; `through` nests


def enable(
    mode: str | Mode = "roundtrip",
    *,
    on_refusal: str | OnRefusal = "fail",
    keep_dir: str | Path | None = None,
    report_at_exit: bool = False,
) -> Summary:
    """Route every JAX compile of this process through `mode`'s converters until `disable()`.

    `on_refusal`: "fail" (the compile raises `ModuleRefused`) or "fallback" (JAX's own path compiles the
    module, counted). `keep_dir`: a folder for the modules refused or rejected (JAX's StableHLO, our HLO,
    the error). `report_at_exit`: write the summary to stderr when the process ends. Returns the live
    `Summary`.
    """
    session = _Session(
        mode=Mode(mode),
        on_refusal=OnRefusal(on_refusal),
        keeper=Keeper(Path(keep_dir)) if keep_dir is not None else None,
        summary=Summary(Mode(mode)),
    )
    _activate(session)
    if report_at_exit:
        atexit.register(_report_at_exit, session.summary, sys.stderr)
    return session.summary


def disable() -> Summary | None:
    """Give JAX its own compile path back (or the session `enable` replaced); returns the ended summary."""
    if not _sessions:
        return None
    ended = _sessions.pop()
    if _sessions:
        _install(_sessions[-1])
    else:
        hook.uninstall()
    _clear_jax_caches()
    return ended.summary


@contextlib.contextmanager
def through(
    mode: str | Mode = "roundtrip", *, on_refusal: str | OnRefusal = "fail", keep_dir: str | Path | None = None
) -> Iterator[Summary]:
    """`enable` for a `with` block; yields the block's live `Summary`; what was on before comes back."""
    summary = enable(mode, on_refusal=on_refusal, keep_dir=keep_dir)
    try:
        yield summary
    finally:
        disable()


@contextlib.contextmanager
def jax_path() -> Iterator[None]:
    """JAX's own compile path inside the block (a reference run); the active session resumes after it."""
    if not _sessions:
        yield
        return
    session = _sessions[-1]
    hook.uninstall()
    _clear_jax_caches()
    try:
        yield
    finally:
        _install(session)
        _clear_jax_caches()


def summary() -> Summary | None:
    """The live summary of the active session (None when compiles take JAX's own path)."""
    return _sessions[-1].summary if _sessions else None


def active_mode() -> Mode | None:
    """The mode JAX's compiles go through now, or None."""
    return _sessions[-1].mode if _sessions else None


@contextlib.contextmanager
def scope() -> Iterator[list[CompiledModule]]:
    """Collect the modules compiled inside the block (a test, say), to keep them if it fails."""
    if not _sessions:
        yield []
        return
    session = _sessions[-1]
    modules: list[CompiledModule] = []
    previous, session.scope = session.scope, modules
    try:
        yield modules
    finally:
        session.scope = previous


def keep(modules: list[CompiledModule], label: str) -> list[Path]:
    """Write `modules` into the active session's keep folder (nothing without one); returns the folders."""
    if not _sessions or _sessions[-1].keeper is None:
        return []
    session = _sessions[-1]
    assert session.keeper is not None
    folders = [session.keeper.keep(module, f"{label}-{module_name(module.original)}") for module in modules]
    with session.lock:
        session.summary.kept += folders
    return folders


# ---------------------------------------------------------------- the interceptor


def _activate(session: _Session) -> None:
    _sessions.append(session)
    _install(session)
    _clear_jax_caches()


def _install(session: _Session) -> None:
    def intercept(
        jax_compile: hook.Compile, backend: Any, module: Any, devices: Any, options: Any, callbacks: Any
    ) -> Any:
        return _compile(session, jax_compile, backend, module, devices, options, callbacks)

    hook.install(intercept)


def _compile(
    session: _Session, jax_compile: hook.Compile, backend: Any, module: Any, devices: Any, options: Any, callbacks: Any
) -> Any:
    summary = session.summary
    with session.lock:
        summary.modules += 1
    try:
        converted = convert(module, session.mode)
    except StepFailed as failure:
        cause = refusal_cause(failure)
        _account(session, converted=None, seconds={}, refused=cause)
        _keep_failed(session, CompiledModule(module, None, error=str(failure)))
        if session.on_refusal is OnRefusal.FALLBACK:
            return _fall_back(session, jax_compile, backend, module, devices, options, callbacks)
        raise ModuleRefused(
            f"hlo-translate ({session.mode.value}) refused module '{module_name(module)}': {cause}"
        ) from failure.cause
    start = time.perf_counter()
    try:
        executable = jax_compile(backend, converted.module, devices, options, callbacks)
    except Exception as err:
        cause = backend_cause(err)
        _account(
            session, converted=None, seconds=converted.seconds, rejected=cause, backend=time.perf_counter() - start
        )
        _keep_failed(session, CompiledModule(module, converted, error=str(err)))
        if session.on_refusal is OnRefusal.FALLBACK:
            return _fall_back(session, jax_compile, backend, module, devices, options, callbacks)
        err.add_note(
            f"hlo-translate ({session.mode.value}) converted module '{module_name(module)}' before XLA's "
            "backend compiled it"
        )
        raise
    _account(
        session,
        converted=CompiledModule(module, converted),
        seconds=converted.seconds,
        backend=time.perf_counter() - start,
    )
    return executable


def _account(
    session: _Session,
    *,
    converted: CompiledModule | None,
    seconds: dict,
    refused: str | None = None,
    rejected: str | None = None,
    backend: float = 0.0,
) -> None:
    summary = session.summary
    with session.lock:
        for step, spent in seconds.items():
            summary.seconds[step] = summary.seconds.get(step, 0.0) + spent
        summary.backend_seconds += backend
        if refused is not None:
            summary.refused[refused] += 1
        if rejected is not None:
            summary.rejected[rejected] += 1
        if converted is not None:
            summary.compiled += 1
            if session.scope is not None:
                session.scope.append(converted)


def _fall_back(session: _Session, jax_compile: hook.Compile, *args: Any) -> Any:
    with session.lock:
        session.summary.fell_back += 1
    return jax_compile(*args)


def _keep_failed(session: _Session, module: CompiledModule) -> None:
    if session.keeper is not None:
        folder = session.keeper.keep(module, module_name(module.original))
        with session.lock:
            session.summary.kept.append(folder)


def _clear_jax_caches() -> None:
    """Functions compiled before the switch compile anew (through the new path) when next called."""
    import jax

    jax.clear_caches()


def _report_at_exit(summary: Summary, stream: TextIO) -> None:
    stream.write(summary.report() + "\n")
