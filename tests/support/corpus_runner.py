"""One loop for the corpus reports (tests/xla_corpus, tests/xla_translate): each id checked in a worker process."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any, Protocol


class CheckWorker(Protocol):
    def call(self, op: str, **request: Any) -> dict[str, Any]: ...


def run_checks(
    ids: list[str],
    workers: int,
    make_worker: Callable[[], AbstractContextManager[CheckWorker]],
    results: Path | None = None,
) -> dict[str, dict[str, Any]]:
    """Every id's `check` answer, from `workers` worker processes (each from `make_worker`) side by side; each
    answer is appended to `results` (JSON lines) as it comes, so that a run cut short leaves what it did."""
    chunks = [ids[k::workers] for k in range(workers)]
    out = results.open("w") if results else None
    lock = threading.Lock()

    def run(chunk: list[str]) -> list[tuple[str, dict[str, Any]]]:
        done = []
        with make_worker() as worker:
            for item in chunk:
                done.append((item, worker.call("check", id=item)))
                if out is not None:
                    with lock:
                        out.write(json.dumps({"id": item, **done[-1][1]}) + "\n")
                        out.flush()
        return done

    try:
        with ThreadPoolExecutor(workers) as pool:
            return {item: answer for part in pool.map(run, chunks) for item, answer in part}
    finally:
        if out is not None:
            out.close()
