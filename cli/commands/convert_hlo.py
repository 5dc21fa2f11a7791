"""`hlo-translate convert-hlo`: HLO text <-> binary HloModuleProto <-> proto text."""

from __future__ import annotations

import click

from hlo_translate.cli.common import convert_paths, read_input, write_output

_SUFFIX = {"text": ".hlo", "proto": ".pb", "proto-text": ".pbtxt"}


@click.command("convert-hlo")
@click.argument("inputs", nargs=-1, required=True)
@click.option("-o", "--output", default=None, help="Output file ('-' for stdout), or a directory for many inputs.")
@click.option("--emit", type=click.Choice(["text", "proto", "proto-text"]), default="text", show_default=True)
def command(inputs: tuple[str, ...], output: str | None, emit: str) -> None:
    """Convert HLO modules between text, binary proto and proto text (input form detected from content).

    A directory argument converts every file in it into the -o directory.
    """
    from hlo_translate import HloFormat, read_hlo, write_hlo

    def convert_one(path: str, out: str | None) -> None:
        module = read_hlo(read_input(path))
        write_output(out, write_hlo(module, HloFormat(emit)))

    convert_paths(inputs, output, _SUFFIX[emit], convert_one)
