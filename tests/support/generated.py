"""Test data generated once by a script and cached under `.cache/<kind>/<key>` (the JAX corpus, the XLA dumps).

A directory is complete when its `summary.json` exists. Generation runs in a fresh process into a scratch
folder renamed into place, under a file lock so that parallel test workers never race; afterwards the
directories of other keys that nobody is generating are removed. An environment variable may point at a
directory generated elsewhere.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]


def is_complete(directory: Path) -> bool:
    return (directory / "summary.json").is_file()


def generated_dir(kind: str, key: str, module: str, override_env: str, env: dict[str, str] | None = None) -> Path:
    """`.cache/<kind>/<key>`, made by `python -m <module> DIR` (with `env` added) when missing."""
    override = os.environ.get(override_env)
    if override:
        assert is_complete(Path(override)), f"{override_env}={override} has no summary.json"
        return Path(override)
    root = REPO_ROOT / ".cache" / kind
    root.mkdir(parents=True, exist_ok=True)
    target = root / key
    if is_complete(target):
        return target
    with open(root / f"{target.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # another worker may be generating it right now
        if not is_complete(target):
            _generate_into(target, module, env or {})
            _remove_stale(root, keep=target.name)
    return target


def _generate_into(target: Path, module: str, extra_env: dict[str, str]) -> None:
    scratch = target.with_name(f"{target.name}.tmp-{os.getpid()}")
    shutil.rmtree(scratch, ignore_errors=True)
    env = {**os.environ, **extra_env}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO_ROOT), env.get("PYTHONPATH")]))
    result = subprocess.run(
        [sys.executable, "-m", module, str(scratch)], cwd=REPO_ROOT, env=env, capture_output=True, text=True
    )
    if result.returncode != 0 or not is_complete(scratch):
        raise RuntimeError(f"{module} failed (exit {result.returncode}):\n{result.stderr[-4000:]}")
    shutil.rmtree(target, ignore_errors=True)  # an incomplete leftover
    scratch.rename(target)


def _remove_stale(root: Path, keep: str) -> None:
    """Deletes the directories of other keys that nobody is generating."""
    for lock_path in root.glob("*.lock"):
        name = lock_path.name.removesuffix(".lock")
        if name == keep:
            continue
        with open(lock_path, "w") as lock:
            try:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                continue  # being generated right now
            shutil.rmtree(root / name, ignore_errors=True)
            lock_path.unlink(missing_ok=True)
