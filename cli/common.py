"""What every subcommand shares: reading inputs, atomic outputs, one-line errors, many files."""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import click

from hlo_translate.errors import InternalError, TranslateError

EXIT_INTERNAL_ERROR = 1
EXIT_USER_ERROR = 2


def execution_options(platform_help: str) -> Callable[[Callable], Callable]:
    """The IN argument and the options `run` and `validate` share: platform, devices, inputs, seed."""

    def decorate(fn: Callable) -> Callable:
        for option in reversed((
            click.argument("module_path", metavar="IN"),
            click.option("--platform", type=click.Choice(["cpu", "cuda"]), default="cpu", show_default=True,
                         help=platform_help),
            click.option("--num-devices", type=click.IntRange(min=1),
                         help="SPMD partitions, when IN does not declare num_partitions."),
            click.option("--inputs", "inputs_path", type=click.Path(dir_okay=False),
                         help=".npz with the arguments (arg0..argN); default: generated from --seed."),
            click.option("--seed", type=int, default=0, show_default=True, help="Seed for generated arguments."),
        )):
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


def write_output(path: str | None, data: bytes | str) -> None:
    """Write `data` to `path` atomically (temp file in the same folder, then rename); '-'/None is stdout."""
    payload = data.encode() if isinstance(data, str) else data
    if path in (None, "-"):
        sys.stdout.buffer.write(payload)
        sys.stdout.buffer.flush()
        return
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _naming(err: TranslateError, source: str | None) -> TranslateError:
    """`err` naming `source` as its file, unless it already names a real one."""
    if source is not None and source != "-" and (err.location is None or err.location.file == "<input>"):
        return err.with_file(source)
    return err


def fail(err: TranslateError, source: str | None = None) -> None:
    """Print `err` as one line on stderr and exit: status 1 for an internal error, 2 for bad input."""
    click.echo(str(_naming(err, source)), err=True)
    sys.exit(EXIT_INTERNAL_ERROR if isinstance(err, InternalError) else EXIT_USER_ERROR)


def report_internal_error(err: BaseException, source: str | None = None) -> None:
    """An exception that is not a TranslateError is a bug of ours: one line, exit status 1.

    Set HLO_TRANSLATE_TRACEBACK=1 to see the traceback.
    """
    if os.environ.get("HLO_TRANSLATE_TRACEBACK"):
        import traceback

        traceback.print_exception(err)
    message = f"{type(err).__name__}: {err}".splitlines()[0] if str(err) else type(err).__name__
    fail(InternalError(message), source)


@contextlib.contextmanager
def user_errors(source: str | None = None) -> Iterator[None]:
    """Turn TranslateError into a one-line message and exit status 2."""
    try:
        yield
    except TranslateError as err:
        fail(err, source)
    except (click.exceptions.Exit, click.ClickException, KeyboardInterrupt):
        raise
    except Exception as err:  # noqa: BLE001 - not the input's fault: a bug of ours
        report_internal_error(err, source)


def convert_paths(inputs: tuple[str, ...], output: str | None, suffix: str,
                  convert_one: Callable[[str, str | None], None]) -> None:
    """Run `convert_one(input, output)` for each input; a directory input converts every file in it.

    With one plain file the output is `output` (stdout when None). With a directory, or several
    inputs, `output` names a directory and each result is written there as `<stem><suffix>`.
    Progress goes to a bar on stderr (only on a TTY); errors are reported per file and the exit
    status is 2 when any file failed.
    """
    files: list[Path] = []
    many = len(inputs) > 1
    for item in inputs:
        path = Path(item)
        if item != "-" and path.is_dir():
            many = True
            files.extend(sorted(p for p in path.rglob("*") if p.is_file() and not p.name.startswith(".")))
        else:
            files.append(path)
    if not many:
        with user_errors(inputs[0]):
            convert_one(inputs[0], output)
        return
    if output is None:
        raise click.UsageError("converting several files needs -o DIRECTORY")
    out_dir = Path(output)
    failures = 0
    from tqdm import tqdm  # only for directory-wide work

    for path in tqdm(files, desc="converting", unit="file", disable=not sys.stderr.isatty()):
        try:
            convert_one(str(path), str(out_dir / (path.name.split(".")[0] + suffix)))
        except TranslateError as err:
            failures += 1
            click.echo(str(_naming(err, str(path))), err=True)
    click.echo(f"converted {len(files) - failures} of {len(files)} files into {out_dir}", err=True)
    if failures:
        sys.exit(EXIT_USER_ERROR)
