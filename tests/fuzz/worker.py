"""A persistent fuzz worker: reads cases from stdin, answers Results on stdout, one at a time.

`Worker` is the parent's handle: it starts the process, sends one case, and turns a death into
a CRASH and a missed deadline into a HANG (killing the process; the next case starts a new one).
The child's stderr goes to a log file, where faulthandler writes the Python stack of a crash or
hang so that the failure can be located. The parent owns a scratch folder (the log and the child's
TMPDIR, so also the CLI cases' temp dirs) and removes it on `close`, whatever became of the child.
"""

from __future__ import annotations

import os
import pickle
import re
import select
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

from tests.fuzz.outcomes import Outcome, Result
from tests.fuzz.seeds import REPO_ROOT, Kind

_HEADER = struct.Struct("<I")
_FRAME = re.compile(r'File "([^"]+)", line \d+ in (\w+)')
_NATIVE = re.compile(
    r"(LLVM ERROR: [^\n]{0,80}|Check failed: [^\n]{0,80}|Assertion [^\n]{0,80}|"
    r"terminate called [^\n]{0,80})"
)


def _send(stream, obj: object) -> None:
    payload = pickle.dumps(obj)
    stream.write(_HEADER.pack(len(payload)) + payload)
    stream.flush()


def _read_exact(fd: int, n: int) -> bytes | None:
    chunks, left = [], n
    while left:
        chunk = os.read(fd, left)
        if not chunk:
            return None
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def _receive(fd: int) -> object | None:
    header = _read_exact(fd, _HEADER.size)
    if header is None:
        return None
    payload = _read_exact(fd, _HEADER.unpack(header)[0])
    return None if payload is None else pickle.loads(payload)


def _serve(role: str) -> None:
    """The child's loop. Output of the library (or jaxlib's C++) on fd 1 would corrupt the protocol,
    so the protocol keeps a private copy of fd 1 and fd 1 is pointed at stderr."""
    import faulthandler
    import logging

    logging.disable(logging.CRITICAL)
    protocol = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    faulthandler.enable(sys.stderr)
    from tests.fuzz import oracle, targets

    if role == "xla":
        oracle.warm_up()
    else:
        targets.warm_up()
    _send(protocol, "ready")
    while (request := _receive(0)) is not None:
        target, kind, data, variant, timeout = request
        print(f"--- case {target} {kind.value}", file=sys.stderr, flush=True)
        faulthandler.dump_traceback_later(timeout, exit=False)
        result = targets.run_case(target, kind, data, variant)
        faulthandler.cancel_dump_traceback_later()
        _send(protocol, result)


def _native_signature(log: str) -> str:
    """Where a dead or stuck worker was: the innermost frame of ours in faulthandler's dump,
    and the native message (LLVM ERROR, Check failed) if there is one."""
    where = "?"
    for path, function in _FRAME.findall(log):  # faulthandler lists the innermost frame first
        p = Path(path)
        if "hlo_translate" in path or p.parent.name in (
            "mlir",
            "hlo",
            "export",
            "import_",
            "shardy",
            "chlo",
            "translate",
            "cli",
            "commands",
        ):
            where = f"{p.parent.name}/{p.name}:{function}"
            break
    native = _NATIVE.search(log)
    message = re.sub(r"\d+", "N", native.group(1))[:60] if native else ""
    return f"at {where}" + (f" [{message}]" if message else "")


class Worker:
    """A worker process that survives across cases and is restarted when it dies or hangs."""

    def __init__(self, log_dir: Path | None = None, role: str = "ours"):
        self._role = role  # "ours" or "xla" (the oracle: warms up jaxlib instead of hlo_translate)
        self._owns_log_dir = log_dir is None  # a folder of our own is removed on close
        self._log_dir = Path(log_dir or tempfile.mkdtemp(prefix="fuzz-worker-"))
        self._log_dir.mkdir(parents=True, exist_ok=True)
        self._tmp_dir = self._log_dir / "tmp"  # the child's TMPDIR: what a killed child leaves stays in here
        self._proc: subprocess.Popen | None = None
        self._log_path = self._log_dir / f"worker-{id(self)}.log"
        self.starts = 0

    def _start(self) -> None:
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(REPO_ROOT), os.environ.get("PYTHONPATH")])))
        env.setdefault("JAX_PLATFORMS", "cpu")
        self._tmp_dir.mkdir(exist_ok=True)
        env["TMPDIR"] = str(self._tmp_dir)
        log = open(self._log_path, "ab")
        self._proc = subprocess.Popen(
            [sys.executable, "-m", "tests.fuzz.worker", self._role],
            cwd=REPO_ROOT,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=log,
        )
        log.close()
        self.starts += 1
        ready = self._wait(120.0)
        if ready != "ready":
            raise RuntimeError(f"fuzz worker failed to start; see {self._log_path}")

    def _wait(self, timeout: float) -> object | None:
        assert self._proc is not None and self._proc.stdout is not None
        fd = self._proc.stdout.fileno()
        readable, _, _ = select.select([fd], [], [], timeout)
        if not readable:
            raise TimeoutError
        return _receive(fd)

    def run(self, target: str, kind: Kind, data: bytes, variant: int = 0, timeout: float = 20.0) -> Result:
        if self._proc is None or self._proc.poll() is not None:
            self._start()
        assert self._proc is not None and self._proc.stdin is not None
        offset = self._log_path.stat().st_size
        try:
            _send(self._proc.stdin, (target, kind, data, variant, max(1.0, timeout - 1.0)))
            result = self._wait(timeout)
        except TimeoutError:
            self.stop()
            return Result(Outcome.HANG, f"hang {target} {_native_signature(self._tail(offset))}")
        except BrokenPipeError:
            result = None
        if result is None:
            code = self._proc.wait()
            self._proc = None
            name = signal.Signals(-code).name if code < 0 else f"exit {code}"
            tail = self._tail(offset)
            return Result(Outcome.CRASH, f"crash {name} {_native_signature(tail)}", tail[-400:])
        assert isinstance(result, Result)
        return result

    def _tail(self, offset: int) -> str:
        with open(self._log_path, "rb") as log:
            log.seek(offset)
            return log.read()[-20000:].decode("utf-8", errors="replace")

    def stop(self) -> None:
        if self._proc is not None:
            self._proc.kill()
            self._proc.wait()
            self._proc = None

    @property
    def scratch(self) -> Path:
        """The folder this worker's log and its child's temp files live in."""
        return self._log_dir

    def close(self) -> None:
        """Stops the child and removes the scratch folder (when this worker made it)."""
        self.stop()
        shutil.rmtree(self._tmp_dir if not self._owns_log_dir else self._log_dir, ignore_errors=True)

    def __enter__(self) -> Worker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


if __name__ == "__main__":
    _serve(sys.argv[1] if len(sys.argv) > 1 else "ours")
