"""`hlo-translate hlo-to-stablehlo`: HLO (text, proto, proto text) -> StableHLO."""

from __future__ import annotations

import click

from hlo_translate.cli.common import convert_paths, read_input, write_output


@click.command("hlo-to-stablehlo")
@click.argument("inputs", nargs=-1, required=True)
@click.option("-o", "--output", default=None, help="Output file ('-' for stdout), or a directory for many inputs.")
@click.option("--emit", type=click.Choice(["text", "bytecode"]), default="text", show_default=True)
@click.option("--shardings", type=click.Choice(["sdy", "gspmd"]), default=None,
              help="Sharding form of the output: Shardy (sdy dialect, meshes inferred from GSPMD shardings) "
                   "or GSPMD (mhlo.sharding). Default: the form the input carries.")
def command(inputs: tuple[str, ...], output: str | None, emit: str, shardings: str | None) -> None:
    """Translate HLO modules to StableHLO (MLIR text or bytecode)."""
    from hlo_translate import hlo_to_stablehlo

    def convert_one(path: str, out: str | None) -> None:
        write_output(out, hlo_to_stablehlo(read_input(path), emit=emit, shardings=shardings))

    convert_paths(inputs, output, ".mlirbc" if emit == "bytecode" else ".mlir", convert_one)
