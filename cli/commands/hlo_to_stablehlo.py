"""`hlo-translate hlo-to-stablehlo`: HLO (text, proto, proto text) -> StableHLO."""

from __future__ import annotations

import click

from hlo_translate.cli.batch import Conversion
from hlo_translate.cli.common import BATCH_EPILOG, conversion_options, convert_paths
from hlo_translate.cli.sniff import InputKind


@click.command("hlo-to-stablehlo", epilog=BATCH_EPILOG)
@conversion_options
@click.option("--emit", type=click.Choice(["text", "bytecode"]), default="text", show_default=True)
def command(inputs: tuple[str, ...], output: str | None, jobs: int | None, strict: bool,
            exclude: tuple[str, ...], emit: str) -> None:
    """Translate HLO modules to StableHLO (MLIR text or bytecode).

    A directory argument converts every HLO file in it into the -o directory.
    """

    def convert(data: bytes) -> bytes | str:
        from hlo_translate import hlo_to_stablehlo

        return hlo_to_stablehlo(data, emit=emit)

    suffix = ".mlirbc" if emit == "bytecode" else ".mlir"
    convert_paths(inputs, output, Conversion(InputKind.HLO, convert, suffix, binary=emit == "bytecode"),
                  jobs=jobs, strict=strict, exclude=exclude)
