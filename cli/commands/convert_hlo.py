"""`hlo-translate convert-hlo`: HLO text <-> binary HloModuleProto <-> proto text."""

from __future__ import annotations

import click

from hlo_translate import HloFormat, read_hlo, write_hlo
from hlo_translate.cli.common import BATCH_EPILOG, conversion_options, convert_paths, no_verify_option
from hlo_translate.cli.conversion import Conversion
from hlo_translate.cli.sniff import InputKind

_SUFFIX = {"text": ".hlo", "proto": ".pb", "proto-text": ".pbtxt"}


@click.command("convert-hlo", epilog=BATCH_EPILOG)
@conversion_options
@click.option("--emit", type=click.Choice(["text", "proto", "proto-text"]), default="text", show_default=True)
@no_verify_option()
def command(
    inputs: tuple[str, ...],
    output: str | None,
    jobs: int | None,
    strict: bool,
    exclude: tuple[str, ...],
    emit: str,
    no_verify: bool,
) -> None:
    """Convert HLO modules between text, binary proto and proto text (input form detected from content).

    A directory argument converts every HLO file in it into the -o directory.
    """

    def convert(data: bytes) -> bytes:
        return write_hlo(read_hlo(data, verify=not no_verify), HloFormat(emit))

    convert_paths(
        inputs,
        output,
        Conversion(InputKind.HLO, convert, _SUFFIX[emit], binary=emit == "proto"),
        jobs=jobs,
        strict=strict,
        exclude=exclude,
    )
