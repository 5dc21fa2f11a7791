"""Batch mode, shared by every converting verb: many files or whole directories in one call.

- Names mirror the inputs: a directory's subfolders are kept and only the final format extension
  is replaced (`x.before_optimizations.txt` -> `x.before_optimizations.mlir`; `.hlo.pb` is one
  extension). Two inputs that would write the same output stop the batch before anything is written.
- Files of a directory that do not hold the verb's kind of module are skipped and counted
  (`--strict` makes each one an error); `--exclude GLOB` leaves files out by name.
- Conversions run in `-j N` forked worker processes. A worker that dies costs its input only
  (an internal error) and is replaced; each output depends on its input alone, so any `-j` gives
  the same files. The parent never imports jax, so forking it is cheap and safe.
- Errors print one line each above the progress bar (a bar only on a terminal); a summary line ends the run.
"""

from __future__ import annotations

import fnmatch
import multiprocessing
import os
import signal
import sys
import tempfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import IO

import click

from hlo_translate.cli.conversion import Conversion, Convert
from hlo_translate.cli.messages import as_internal_error, naming
from hlo_translate.cli.sniff import InputKind, holds
from hlo_translate.errors import InternalError, SourceLocation, TranslateError

# The extensions a module file is written with; the longest match is the one replaced.
FORMAT_EXTENSIONS = (".hlo.pb", ".pb", ".pbtxt", ".textproto", ".txt", ".hlo", ".mlir", ".mlirbc", ".bc")


@dataclass(frozen=True)
class Job:
    source: Path
    target: Path


@dataclass
class Plan:
    """The files of one batch: what to convert where, what was skipped or left out."""

    jobs: list[Job] = field(default_factory=list)
    skipped: list[Path] = field(default_factory=list)
    excluded: int = 0


@dataclass
class Tally:
    converted: int = 0
    failed: int = 0
    internal: int = 0


def default_jobs() -> int:
    """The number of cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def output_name(name: str, suffix: str) -> str:
    """`name` with its final format extension (if any) replaced by `suffix`.

    >>> output_name("m.before_optimizations.hlo.pb", ".mlir")
    'm.before_optimizations.mlir'
    """
    for extension in sorted(FORMAT_EXTENSIONS, key=len, reverse=True):
        if name.endswith(extension) and len(name) > len(extension):
            return name[: -len(extension)] + suffix
    return name + suffix


def plan(inputs: Iterable[str], out_dir: Path, conversion: Conversion, exclude: tuple[str, ...] = ()) -> Plan:
    """Map every input to its output under `out_dir`; raises TranslateError on a collision.

    Files named on the command line are converted whatever they hold; files found in a directory
    are converted only when they hold the verb's kind of module.
    """
    result = Plan()
    for item in inputs:
        path = Path(item)
        if not path.is_dir():
            result.jobs.append(Job(path, out_dir / output_name(path.name, conversion.suffix)))
            continue
        for source in _walk(path, out_dir):
            relative = source.relative_to(path)
            if any(
                fnmatch.fnmatch(relative.as_posix(), pattern) or fnmatch.fnmatch(source.name, pattern)
                for pattern in exclude
            ):
                result.excluded += 1
            elif not holds(source, conversion.kind):
                result.skipped.append(source)
            else:
                target = out_dir / relative.parent / output_name(relative.name, conversion.suffix)
                result.jobs.append(Job(source, target))
    _check_collisions(result.jobs)
    return result


def _walk(directory: Path, out_dir: Path) -> list[Path]:
    """The files under `directory`, sorted; hidden files and an output folder inside it are left out."""
    out = out_dir.resolve()
    found: list[Path] = []
    for root, dirs, files in os.walk(directory):
        here = Path(root)
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and (here / d).resolve() != out)
        found.extend(here / name for name in sorted(files) if not name.startswith("."))
    return found


def _check_collisions(jobs: list[Job]) -> None:
    """Two inputs that would write one output, or an output that would replace an input: an error
    naming the first such pair, how many outputs collide, and how to leave one of each pair out."""
    sources = {job.source.resolve(): job.source for job in jobs}
    first: dict[Path, Job] = {}
    collisions: list[tuple[Job, Job]] = []
    for job in jobs:
        key = job.target.resolve()
        if key in sources:
            raise TranslateError(
                f"the output {job.target} would replace the input {sources[key]}; nothing was written",
                location=SourceLocation(str(job.source)),
            )
        if key not in first:
            first[key] = job
        elif not any(earlier is first[key] for earlier, _ in collisions):
            collisions.append((first[key], job))
    if not collisions:
        return
    earlier, later = collisions[0]
    count = "the only collision" if len(collisions) == 1 else f"1 of {len(collisions)} collisions"
    raise TranslateError(
        f"{earlier.source} and {later.source} would both write {later.target} ({count}); "
        f"nothing was written; {_remedy(earlier.source, later.source)}",
        location=SourceLocation(str(later.source)),
    )


def _remedy(a: Path, b: Path) -> str:
    """How to leave one of each colliding pair out; XLA's text + proto dumps get the precise advice."""
    names = sorted((a.name, b.name), key=lambda name: name.endswith(".txt"))
    if names[0].endswith(".pb") and names[1].endswith(".txt"):
        return (
            "a dump written with --xla_dump_hlo_as_text and --xla_dump_hlo_as_proto holds each module "
            "twice: --exclude '*.txt' keeps the protos, which hold the full constants (text dumps may "
            "elide them)"
        )
    return "leave one of each pair out with --exclude GLOB"


def run(batch: Plan, conversion: Conversion, jobs: int, strict: bool, write: Callable[[str, bytes | str], None]) -> int:
    """Convert every job of `batch` with `jobs` workers, writing each result with `write(target, data)`.

    Returns the exit status: 1 when any failure was an internal error, else 2 when any file failed, else 0.
    """
    # Lazy: tqdm only when a progress bar is shown.
    from tqdm import tqdm

    tqdm.monitor_interval = 0  # no monitor thread: the parent forks workers while the bar is shown
    tally = Tally()
    with tqdm(
        total=len(batch.jobs),
        desc="converting",
        unit="file",
        file=sys.stderr,
        disable=not sys.stderr.isatty(),
        leave=False,
    ) as bar:

        def say(message: str) -> None:
            tqdm.write(message, file=sys.stderr)

        if strict:
            for path in batch.skipped:
                say(
                    str(
                        TranslateError(
                            f"not {_article(conversion.kind)} module (--strict)", location=SourceLocation(str(path))
                        )
                    )
                )
                tally.failed += 1
        for job, outcome in _outcomes(batch.jobs, conversion.convert, jobs):
            if isinstance(outcome, TranslateError):
                tally.failed += 1
                if isinstance(outcome, InternalError):
                    tally.internal += 1
                say(str(outcome))
            else:
                try:
                    write(str(job.target), outcome)
                    tally.converted += 1
                except TranslateError as err:
                    tally.failed += 1
                    say(str(err))
            bar.update()
    click.echo(summary(tally, 0 if strict else len(batch.skipped), batch.excluded, conversion.kind), err=True)
    if tally.internal:
        return 1
    return 2 if tally.failed else 0


def summary(tally: Tally, skipped: int, excluded: int, kind: InputKind) -> str:
    """The last line of a batch: `converted 123, skipped 217 that are not HLO, failed 2`."""
    parts = [f"converted {tally.converted}", f"skipped {skipped} that are not {kind.value}"]
    if excluded:
        parts.append(f"excluded {excluded}")
    failed = f"failed {tally.failed}"
    if tally.internal:
        failed += f" ({tally.internal} internal error{'s' if tally.internal > 1 else ''})"
    return ", ".join([*parts, failed])


def _article(kind: InputKind) -> str:
    return f"an {kind.value}" if kind is InputKind.HLO else f"a {kind.value}"


# -- workers ------------------------------------------------------------------------------------------

type Outcome = bytes | str | TranslateError


def convert_file(source: Path, convert: Convert) -> Outcome:
    """Convert one file; a failure comes back as a one-line error naming the file."""
    try:
        try:
            data = source.read_bytes()
        except OSError as err:
            raise TranslateError(f"cannot read input: {err.strerror}") from None
        return convert(data)
    except TranslateError as err:
        return naming(err, str(source))
    except Exception as err:  # not the input's fault: a bug of ours
        return as_internal_error(err).with_file(str(source))


def _outcomes(jobs: list[Job], convert: Convert, workers: int) -> Iterable[tuple[Job, Outcome]]:
    """Each job with its outcome, in the order they finish."""
    workers = min(workers, len(jobs))
    if workers == 0:
        return
    try:
        context = multiprocessing.get_context("fork")
    except ValueError:  # no fork on this platform: convert here, one file after another
        for job in jobs:
            yield job, convert_file(job.source, convert)
        return
    pool = _Pool(context, convert)
    pending = list(reversed(jobs))
    try:
        for _ in range(workers):
            pool.start()
        for worker in list(pool.idle):
            if pending:
                pool.give(worker, pending.pop())
        while pool.busy:
            for worker, job, outcome in pool.finished():
                yield job, outcome
                if pending:  # the next file, to this worker or to the one that replaces it
                    pool.give(worker if worker.process.is_alive() else pool.start(), pending.pop())
    finally:
        pool.close()


@dataclass(eq=False)
class _Worker:
    process: multiprocessing.process.BaseProcess
    conn: Connection
    stderr: IO[bytes]  # what the worker writes to fd 2 while converting (a crashing C++ library's last words)
    job: Job | None = None


class _Pool:
    """Forked workers, one job at a time each, so that a worker that dies costs only its own job."""

    def __init__(self, context, convert: Convert):
        self.context = context
        self.convert = convert
        self.workers: list[_Worker] = []

    @property
    def idle(self) -> list[_Worker]:
        return [w for w in self.workers if w.job is None and w.process.is_alive()]

    @property
    def busy(self) -> list[_Worker]:
        return [w for w in self.workers if w.job is not None]

    def start(self) -> _Worker:
        parent, child = self.context.Pipe()
        stderr = tempfile.TemporaryFile()
        process = self.context.Process(target=_serve, args=(child, self.convert, stderr.fileno()), daemon=True)
        process.start()
        child.close()
        worker = _Worker(process, parent, stderr)
        self.workers.append(worker)
        return worker

    def give(self, worker: _Worker, job: Job) -> None:
        worker.job = job
        try:
            worker.conn.send(job.source)
        except OSError:  # it died just now: `finished` reads its end of file and reports it
            pass

    def finished(self) -> list[tuple[_Worker, Job, Outcome]]:
        """Wait until some busy worker answers or dies; the jobs settled by it."""
        ready = wait([w.conn for w in self.busy])
        done = []
        for worker in [w for w in self.busy if w.conn in ready]:
            job = worker.job
            assert job is not None  # a busy worker holds a job
            worker.job = None
            try:
                outcome = worker.conn.recv()
            except (EOFError, OSError):
                outcome = self._died(worker, job)
            done.append((worker, job, outcome))
        return done

    def _died(self, worker: _Worker, job: Job) -> InternalError:
        worker.process.join()
        worker.conn.close()
        self.workers.remove(worker)
        code = worker.process.exitcode or 0
        how = f"signal {signal.Signals(-code).name}" if code < 0 else f"exit status {code}"
        last_words = _last_line(worker.stderr)
        worker.stderr.close()
        message = f"the worker converting this file died ({how})" + (f": {last_words}" if last_words else "")
        return InternalError(message, location=SourceLocation(str(job.source)))

    def close(self) -> None:
        """Stop the workers: idle ones are told to stop, busy ones (after Ctrl-C, say) are killed."""
        for worker in self.workers:
            if worker.job is not None:
                worker.process.kill()
            else:
                try:
                    worker.conn.send(None)
                except OSError:
                    pass
        for worker in self.workers:
            worker.process.join(timeout=5)
            if worker.process.is_alive():
                worker.process.kill()
                worker.process.join()
            worker.conn.close()
            worker.stderr.close()
        self.workers.clear()


def _last_line(log: IO[bytes], limit: int = 300) -> str:
    """The last non-empty line of a worker's stderr, shortened to `limit` characters."""
    size = os.fstat(log.fileno()).st_size
    tail = os.pread(log.fileno(), 4096, max(0, size - 4096)).decode("utf-8", errors="replace")
    lines = [line.strip() for line in tail.splitlines() if line.strip()]
    return lines[-1][:limit] if lines else ""


def _serve(conn: Connection, convert: Convert, stderr: int) -> None:
    """A worker: convert each path it is sent, answer with the outcome, stop at None.

    Its stderr goes to a file the parent reads only if the worker dies, so that nothing a library
    prints mixes with the parent's lines and progress bar.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    captured = not os.environ.get("HLO_TRANSLATE_TRACEBACK")  # who asks for tracebacks sees everything
    if captured:
        os.dup2(stderr, 2)
    while (source := conn.recv()) is not None:
        if captured:  # keep only what this input makes it write
            os.ftruncate(2, 0)
            os.lseek(2, 0, os.SEEK_SET)
        conn.send(convert_file(source, convert))
