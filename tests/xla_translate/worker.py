"""The worker process the checks of tests/xla_translate run in (XLA may abort on a piece it is handed): the
protocol of tests/xla_corpus/worker.py (one JSON request a line in, one JSON answer a line out), with one
request, `check` (tests.xla_translate.checks on one piece).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

from tests.xla_corpus.worker import REPO_ROOT
from tests.xla_corpus.worker import Worker as CorpusWorker


class Worker(CorpusWorker):
    """tests.xla_corpus's worker, running this module's requests."""

    def _start(self) -> subprocess.Popen[bytes]:
        env = dict(os.environ)
        env.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=8")
        env["TF_CPP_MIN_LOG_LEVEL"] = env.get("TF_CPP_MIN_LOG_LEVEL", "3")
        return subprocess.Popen(
            [sys.executable, "-m", "tests.xla_translate.worker"],
            cwd=REPO_ROOT,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            bufsize=0,
        )


def _check(piece_id: str, answers: Any) -> dict[str, Any]:
    from tests.xla_translate.checks import run_checks

    def report(progress: dict[str, Any]) -> None:
        # what the parent keeps if XLA aborts the process in the step named by progress["running"]
        answers.write(json.dumps({"progress": progress}) + "\n")
        answers.flush()

    return {"status": "ok", "results": run_checks(piece_id, report)}


def main() -> None:
    # Answers go to a private copy of stdout: whatever XLA's C++ prints to fd 1 goes to stderr instead.
    answers = os.fdopen(os.dup(1), "w", buffering=1)
    os.dup2(2, 1)
    import jax  # noqa: F401  (quiets XLA's logging, sets up the CPU platform before jaxlib starts)

    for line in sys.stdin:
        request = json.loads(line)
        answers.write(json.dumps(_check(request["id"], answers)) + "\n")
        answers.flush()


if __name__ == "__main__":
    main()
