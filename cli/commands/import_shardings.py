"""`hlo-translate import-shardings`: GSPMD `mhlo.sharding` -> Shardy `sdy.mesh` + `sdy.sharding`."""

from __future__ import annotations

import click

from hlo_translate.cli.common import convert_paths, read_input, write_output


@click.command("import-shardings")
@click.argument("inputs", nargs=-1, required=True)
@click.option("-o", "--output", default=None, help="Output file ('-' for stdout), or a directory for many inputs.")
def command(inputs: tuple[str, ...], output: str | None) -> None:
    """Rewrite the GSPMD shardings of StableHLO modules (MLIR text or bytecode) as Shardy.

    One mesh is inferred for the whole module; the mhlo form of shard_map becomes
    sdy.manual_computation, and XLA's xla.sdy.* round-trip attributes are lifted back.
    """
    from hlo_translate import import_shardings

    def convert_one(path: str, out: str | None) -> None:
        write_output(out, import_shardings(read_input(path)))

    convert_paths(inputs, output, ".mlir", convert_one)
