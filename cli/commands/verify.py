"""`hlo-translate verify`: check HLO modules the way XLA's parser and HLO verifier do."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from hlo_translate import TranslateError, verify
from hlo_translate.cli.common import EXIT_USER_ERROR, read_input, user_errors
from hlo_translate.cli.sniff import InputKind, holds


@click.command("verify")
@click.argument("inputs", nargs=-1, required=True)
@click.option("-q", "--quiet", is_flag=True, help="Print nothing for modules that pass.")
def command(inputs: tuple[str, ...], quiet: bool) -> None:
    """Verify HLO modules (text, binary proto or proto text): exit 0 when every one is valid.

    A directory argument verifies every HLO module in it (other files are passed over).

    A module XLA would reject gets one line: file:line:col: error: 'instruction': what is wrong [rule].
    """
    files = [p for item in inputs for p in _files(item)]
    if len(files) == 1:
        with user_errors(files[0]):
            verify(read_input(files[0]))
        if not quiet:
            click.echo(f"{files[0]}: ok")
        return
    failures = 0
    for path in files:
        try:
            verify(read_input(path))
        except TranslateError as err:
            failures += 1
            click.echo(
                str(err.with_file(path) if err.location is None or err.location.file == "<input>" else err), err=True
            )
            continue
        if not quiet:
            click.echo(f"{path}: ok")
    click.echo(f"{len(files) - failures} of {len(files)} modules valid", err=True)
    if failures:
        sys.exit(EXIT_USER_ERROR)


def _files(item: str) -> list[str]:
    """`item`, or the HLO modules of directory `item` (other files, as in XLA's dump folders, passed over)."""
    path = Path(item)
    if item != "-" and path.is_dir():
        return [
            str(p)
            for p in sorted(path.rglob("*"))
            if p.is_file() and not p.name.startswith(".") and holds(p, InputKind.HLO)
        ]
    return [item]
