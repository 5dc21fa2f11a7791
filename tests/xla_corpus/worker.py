"""A worker process for calls into XLA that may abort the process (a C++ CHECK, a segfault).

The parent sends one JSON request a line on the worker's stdin and reads one JSON answer a line from its
stdout; a worker that dies (or runs past its time) answers `{"status": "crashed"}` or `{"status": "timeout"}`
and is started again for the next request.

    >>> with Worker() as w:                                    # doctest: +SKIP
    ...     w.call("parse", text="HloModule m\\nENTRY e { ROOT p = f32[] parameter(0) }")
    {'status': 'ok', ...}

Requests: `parse` (XLA's parser: does it read the text?) and `check` (tests.xla_corpus.checks on one module).
"""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[2]


class Worker:
    """One worker process, restarted after a crash or a timeout."""

    def __init__(self, timeout_s: float = 120.0) -> None:
        self.timeout_s = timeout_s
        self._proc: subprocess.Popen[bytes] | None = None
        self._buffer = b""

    def __enter__(self) -> Worker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _start(self) -> subprocess.Popen[bytes]:
        env = dict(os.environ)
        # tests/conftest.py's device setup, for modules that run on 8 host devices
        env.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=8")
        env["TF_CPP_MIN_LOG_LEVEL"] = env.get("TF_CPP_MIN_LOG_LEVEL", "3")
        return subprocess.Popen(
            [sys.executable, "-m", "tests.xla_corpus.worker"],
            cwd=REPO_ROOT,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            bufsize=0,
        )

    def call(self, op: str, **request: Any) -> dict[str, Any]:
        if self._proc is None or self._proc.poll() is not None:
            self._proc = self._start()
            self._buffer = b""
        proc = self._proc
        assert proc.stdin is not None and proc.stdout is not None
        try:
            data = memoryview((json.dumps({"op": op, **request}) + "\n").encode())
            while data:  # a raw pipe may take part of a long request at a time
                data = data[proc.stdin.write(data) or 0 :]
        except BrokenPipeError:
            self._kill()
            return {"status": "crashed", "message": "the worker died before the request"}
        deadline = time.monotonic() + self.timeout_s
        progress: dict[str, Any] | None = None
        while (line := self._read_line(proc, deadline)) is not None:
            answer: dict[str, Any] = json.loads(line)
            if "progress" not in answer:
                return answer
            progress = answer["progress"]
        # The pipe also ends when the worker dies, a moment before the OS reports its exit: only the deadline
        # tells a timeout from a crash.
        timed_out = time.monotonic() >= deadline
        if not timed_out:
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                timed_out = True
        self._kill()
        lost: dict[str, Any] = {
            "status": "timeout" if timed_out else "crashed",
            "message": f"XLA ran past {self.timeout_s:.0f} s"
            if timed_out
            else f"the worker process died (exit {proc.returncode})",
        }
        if progress is not None:
            lost["progress"] = progress
        return lost

    def _read_line(self, proc: subprocess.Popen[bytes], deadline: float) -> str | None:
        """The worker's next line, or None when it dies or `deadline` passes. Reads the pipe unbuffered
        (os.read into our own buffer): a buffered reader may hold a line that select() then never reports."""
        assert proc.stdout is not None
        fd = proc.stdout.fileno()
        while b"\n" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                return None
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                return None
            self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line.decode()

    def _kill(self) -> None:
        if self._proc is not None:
            if self._proc.poll() is None:
                self._proc.kill()
            self._proc.wait()
            self._proc = None

    def close(self) -> None:
        if self._proc is not None and self._proc.poll() is None:
            assert self._proc.stdin is not None
            self._proc.stdin.close()
            try:
                self._proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                pass
        self._kill()


def _parse(text: str) -> dict[str, Any]:
    from jaxlib import _hlo

    try:
        _hlo.hlo_module_from_text(text)
    except Exception as err:
        return {"status": "refused", "message": str(err).splitlines()[0][:300] if str(err) else ""}
    return {"status": "ok"}


def _check(module_id: str, answers: Any) -> dict[str, Any]:
    from tests.xla_corpus.checks import run_checks

    def report(progress: dict[str, Any]) -> None:
        # what the parent keeps if XLA aborts the process in the step named by progress["running"]
        answers.write(json.dumps({"progress": progress}) + "\n")
        answers.flush()

    return {"status": "ok", "results": run_checks(module_id, report)}


def main() -> None:
    # Answers go to a private copy of stdout: whatever XLA's C++ prints to fd 1 goes to stderr instead.
    answers = os.fdopen(os.dup(1), "w", buffering=1)
    os.dup2(2, 1)
    import jax  # noqa: F401  (quiets XLA's logging, sets up the CPU platform before jaxlib starts)

    handlers = {"parse": lambda r: _parse(r["text"]), "check": lambda r: _check(r["id"], answers)}
    for line in sys.stdin:
        request = json.loads(line)
        answer = handlers[request["op"]](request)
        answers.write(json.dumps(answer) + "\n")
        answers.flush()


if __name__ == "__main__":
    main()
