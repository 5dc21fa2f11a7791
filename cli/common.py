"""What every subcommand shares: reading inputs, atomic outputs, one-line errors, many files."""

from __future__ import annotations

import contextlib
import functools
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import click

from hlo_translate.cli.messages import as_internal_error, naming
from hlo_translate.errors import InternalError, SourceLocation, TranslateError

if TYPE_CHECKING:
    from hlo_translate.cli.conversion import Conversion

EXIT_INTERNAL_ERROR = 1
EXIT_USER_ERROR = 2
# stdout or stderr was a pipe whose reader went away (`... | head -1`): the status a shell reports for
# coreutils there, 128 + SIGPIPE. (click itself exits 1, which is our internal error.)
EXIT_CLOSED_PIPE = 141


def execution_options(platform_help: str) -> Callable[[Callable], Callable]:
    """The IN argument and the options `run` and `validate` share: platform, devices, inputs, seed."""

    def decorate(fn: Callable) -> Callable:
        for option in reversed(
            (
                click.argument("module_path", metavar="IN"),
                click.option(
                    "--platform",
                    type=click.Choice(["cpu", "cuda"]),
                    default="cpu",
                    show_default=True,
                    help=platform_help,
                ),
                click.option(
                    "--num-devices",
                    type=click.IntRange(min=1),
                    help="SPMD partitions, when IN does not declare num_partitions.",
                ),
                click.option(
                    "--inputs",
                    "inputs_path",
                    type=click.Path(dir_okay=False),
                    help=".npz with the arguments (arg0..argN); default: generated from --seed.",
                ),
                click.option("--seed", type=int, default=0, show_default=True, help="Seed for generated arguments."),
            )
        ):
            fn = option(fn)
        return fn

    return decorate


def read_input(path: str) -> bytes:
    """The bytes of `path`, or of stdin for '-'."""
    if path == "-":
        return sys.stdin.buffer.read()
    try:
        return Path(path).read_bytes()
    except OSError as err:
        raise TranslateError(f"cannot read input: {err.strerror}") from err


def write_output(path: str | None, data: bytes | str, *, make_parents: bool = False) -> None:
    """Write `data` to `path` atomically (temp file in the same folder, then rename); '-'/None is stdout.

    The folder of `path` must exist unless `make_parents` (batch mode creates the mirrored
    subfolders inside its output directory); a path that cannot be written is a TranslateError
    naming it.
    """
    payload = data.encode() if isinstance(data, str) else data
    if path in (None, "-"):
        _write_stdout(payload)
        return
    import tempfile  # lazy: shutil, random and the compression modules come with it (start-up)

    target = Path(path)
    try:
        if make_parents:
            target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    except OSError as err:
        raise _cannot_write(path, err) from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
        os.chmod(tmp, 0o666 & ~_umask())  # mkstemp's 0600 is for the temp file, not for the output
        os.replace(tmp, target)
    except BaseException as err:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(err, OSError):
            raise _cannot_write(path, err) from None
        raise


def _write_stdout(payload: bytes) -> None:
    """All of `payload` to stdout, or BrokenPipeError. CPython's buffered write can return a short count
    without raising when the reader closes the pipe mid-write (the rest would be lost, exit status 0);
    writing the rest raises."""
    view = memoryview(payload)
    while view:
        written = sys.stdout.buffer.write(view)
        if not written:
            raise BrokenPipeError("stdout accepts nothing more")
        view = view[written:]
    sys.stdout.buffer.flush()


@contextlib.contextmanager
def quiet_on_closed_pipe() -> Iterator[None]:
    """A closed stdout or stderr pipe ends the program quietly with EXIT_CLOSED_PIPE, as coreutils do."""
    try:
        yield
    except BrokenPipeError:
        # what is still buffered for the closed pipe goes nowhere, so that the interpreter's last flush
        # does not complain
        devnull = os.open(os.devnull, os.O_WRONLY)
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(OSError, ValueError, AttributeError):
                os.dup2(devnull, stream.fileno())
        os.close(devnull)
        sys.exit(EXIT_CLOSED_PIPE)


@functools.cache
def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _cannot_write(path: str, err: OSError) -> TranslateError:
    return TranslateError(f"cannot write the output: {err.strerror or err}", location=SourceLocation(path))


def check_output_file(path: str | None, binary: bool) -> None:
    """Refuse, before any work, an -o that cannot name the output file of a single input.

    A directory, a missing folder (never created for one output file, as a shell redirection would
    not), or binary output to a terminal without an explicit `-o -`.
    """
    if path is None:
        if binary and sys.stdout.isatty():
            raise TranslateError(
                "refusing to write binary output to a terminal; give -o FILE, or -o - to write it to stdout anyway",
                location=SourceLocation("<stdout>"),
            )
        return
    if path == "-":
        return
    target = Path(path)
    if target.is_dir():
        raise TranslateError(
            "-o names a directory, but one input writes one file (give a file name; "
            "a directory of inputs fills a directory)",
            location=SourceLocation(path),
        )
    if not target.parent.is_dir():
        raise TranslateError(
            f"the folder {target.parent} of -o does not exist (it is not created)", location=SourceLocation(path)
        )


def check_output_dir(path: str | None) -> Path:
    """The -o of a batch: a directory, created if missing (its own folder must exist)."""
    if path is None or path == "-":
        raise click.UsageError("converting several files, or a directory, needs -o DIRECTORY")
    target = Path(path)
    if target.exists() and not target.is_dir():
        raise TranslateError("-o names a file, but several inputs need a directory", location=SourceLocation(path))
    if not target.exists() and not target.parent.is_dir():
        raise TranslateError(
            f"the folder {target.parent} of -o does not exist (it is not created)", location=SourceLocation(path)
        )
    return target


def fail(err: TranslateError, source: str | None = None) -> None:
    """Print `err` as one line on stderr and exit: status 1 for an internal error, 2 for bad input."""
    click.echo(str(naming(err, source)), err=True)
    sys.exit(EXIT_INTERNAL_ERROR if isinstance(err, InternalError) else EXIT_USER_ERROR)


def report_internal_error(err: BaseException, source: str | None = None) -> None:
    """An exception that is not a TranslateError is a bug of ours: one line, exit status 1.

    Set HLO_TRANSLATE_TRACEBACK=1 to see the traceback.
    """
    fail(as_internal_error(err), source)


@contextlib.contextmanager
def user_errors(source: str | None = None) -> Iterator[None]:
    """Turn TranslateError into a one-line message and exit status 2."""
    try:
        yield
    except TranslateError as err:
        fail(err, source)
    except (click.exceptions.Exit, click.ClickException, KeyboardInterrupt, BrokenPipeError):
        raise
    except Exception as err:  # not the input's fault: a bug of ours
        report_internal_error(err, source)


BATCH_EPILOG = """\b
Several inputs, or a directory: -o names the output directory (created if missing; the folder it is
in must exist). A directory's files that hold no module of the input kind are skipped and counted
(--strict: an error each). Names and subfolders are mirrored; only the final format extension is
replaced (x.before_optimizations.txt -> x.before_optimizations.mlir; .hlo.pb counts as one). Two
inputs that would write one output (a dump's x.txt and x.hlo.pb) stop the batch before anything is
written: --exclude one kind ('*.txt' keeps the protos, with full constants). One input: -o names
the file, whose folder must exist; binary output is not written to a terminal unless -o - asks.

\b
Exit status: 0 all converted; 2 bad input or usage (a file failed); 1 internal error (a bug);
141 the reader of stderr (or stdout) closed the pipe.
"""


def no_verify_option(help_text: str = "") -> Callable[[Callable], Callable]:
    """`--no-verify`: convert what XLA's parser takes, without the HLO verifier (docs/cli.md)."""
    return click.option(
        "--no-verify",
        "no_verify",
        is_flag=True,
        help=help_text
        or "Convert what XLA's parser takes without the HLO verifier (test snippets, half-built modules).",
    )


def conversion_options(fn: Callable) -> Callable:
    """The inputs and output options every converting verb shares, batch mode included."""
    for option in reversed(
        (
            click.argument("inputs", nargs=-1, required=True),
            click.option(
                "-o",
                "--output",
                default=None,
                metavar="PATH",
                help="Output file ('-' for stdout); for several inputs or a directory, the output directory.",
            ),
            click.option(
                "-j",
                "--jobs",
                type=click.IntRange(min=1),
                default=None,
                metavar="N",
                help="Worker processes for several inputs [default: the number of cores].",
            ),
            click.option(
                "--strict",
                is_flag=True,
                help="In a directory, a file that holds no module of the input kind is an error "
                "(default: skipped and counted).",
            ),
            click.option(
                "--exclude",
                multiple=True,
                metavar="GLOB",
                help="Leave out the files of a directory whose name or relative path matches GLOB (repeatable).",
            ),
        )
    ):
        fn = option(fn)
    return fn


def convert_paths(
    inputs: tuple[str, ...],
    output: str | None,
    conversion: Conversion,
    *,
    jobs: int | None = None,
    strict: bool = False,
    exclude: tuple[str, ...] = (),
) -> None:
    """Convert one input to `output` (stdout when None), or many inputs into the `output` directory.

    A directory input converts the files in it that hold the verb's kind of module, mirroring
    their names and subfolders (see `cli.batch`). Exit status 2 when any file failed, 1 when any
    failure was an internal error.
    """
    if len(inputs) == 1 and (inputs[0] == "-" or not Path(inputs[0]).is_dir()):
        source = inputs[0]
        with user_errors(source):
            check_output_file(output, conversion.binary)
            write_output(output, conversion.convert(read_input(source)))
        return
    if "-" in inputs:
        raise click.UsageError("'-' (stdin) cannot be one of several inputs")
    from hlo_translate.cli import batch  # multiprocessing and tqdm: for batch mode only

    with user_errors():
        out_dir = check_output_dir(output)
        plan = batch.plan(inputs, out_dir, conversion, exclude)
        out_dir.mkdir(exist_ok=True)
    status = batch.run(
        plan,
        conversion,
        jobs or batch.default_jobs(),
        strict,
        lambda target, data: write_output(target, data, make_parents=True),
    )
    sys.exit(status)
