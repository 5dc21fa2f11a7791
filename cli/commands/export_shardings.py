"""`hlo-translate export-shardings`: Shardy `sdy.mesh` + `sdy.sharding` -> GSPMD `mhlo.sharding`."""

from __future__ import annotations

import click

from hlo_translate.cli.common import convert_paths, read_input, write_output


@click.command("export-shardings")
@click.argument("inputs", nargs=-1, required=True)
@click.option("-o", "--output", default=None, help="Output file ('-' for stdout), or a directory for many inputs.")
def command(inputs: tuple[str, ...], output: str | None) -> None:
    """Rewrite the Shardy shardings of StableHLO modules (MLIR text or bytecode) as GSPMD strings.

    sdy.manual_computation becomes the mhlo form of shard_map (custom calls around a call of
    @shmap_body); sdy.mesh ops are dropped.
    """
    from hlo_translate import export_shardings

    def convert_one(path: str, out: str | None) -> None:
        write_output(out, export_shardings(read_input(path)))

    convert_paths(inputs, output, ".mlir", convert_one)
