"""Wall time of converting a whole XLA dump directory with the CLI, one worker and all cores.

`python -m bench.batch DIR` prints the timings; `dump_directory_timings(DIR)` returns them.
Each timing is one call of `hlo-translate` in a subprocess, start-up included, as a user runs it.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# A dump written with --xla_dump_hlo_as_text and --xla_dump_hlo_as_proto holds every module twice
# (x.txt and x.hlo.pb would both write x.mlir): the lossless .hlo.pb files are the ones converted.
VERBS = (("convert-hlo", ("--emit", "proto", "--exclude", "*.txt")), ("hlo-to-stablehlo", ("--exclude", "*.txt")))


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def dump_directory_timings(directory: Path) -> list[tuple[str, float]]:
    """Seconds to convert every HLO file of `directory` with `convert-hlo` and `hlo-to-stablehlo`.

    Each verb runs with `-j 1` and with `-j <all cores>`; a label reads
    `hlo-to-stablehlo -j 2 [converted 60, skipped 217 that are not HLO, excluded 60, failed 0]`.
    Raises RuntimeError when a run ends without its summary line (a usage error, a crash).
    """
    timings = []
    for verb, options in VERBS:
        for jobs in sorted({1, _cores()}):
            with tempfile.TemporaryDirectory() as out:
                command = [
                    sys.executable,
                    "-m",
                    "hlo_translate.cli.main",
                    verb,
                    str(directory),
                    "-o",
                    out,
                    "-j",
                    str(jobs),
                    *options,
                ]
                start = time.perf_counter()
                result = subprocess.run(command, capture_output=True, text=True)
                seconds = time.perf_counter() - start
            summary = result.stderr.strip().splitlines()[-1] if result.stderr.strip() else ""
            if not summary.startswith("converted "):
                raise RuntimeError(f"{' '.join(command)} ended with status {result.returncode}: {summary}")
            timings.append((f"{verb} -j {jobs} [{summary}]", seconds))
    return timings


if __name__ == "__main__":
    for label, seconds in dump_directory_timings(Path(sys.argv[1])):
        print(f"{seconds:8.2f} s  {label}")
