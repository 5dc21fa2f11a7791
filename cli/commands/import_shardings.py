"""`hlo-translate import-shardings`: GSPMD `mhlo.sharding` -> Shardy `sdy.mesh` + `sdy.sharding`."""

from __future__ import annotations

import click

from hlo_translate import import_shardings
from hlo_translate.cli.common import BATCH_EPILOG, conversion_options, convert_paths
from hlo_translate.cli.conversion import Conversion
from hlo_translate.cli.sniff import InputKind


@click.command("import-shardings", epilog=BATCH_EPILOG)
@conversion_options
def command(
    inputs: tuple[str, ...], output: str | None, jobs: int | None, strict: bool, exclude: tuple[str, ...]
) -> None:
    """Rewrite the GSPMD shardings of StableHLO modules (MLIR text or bytecode) as Shardy.

    One mesh is inferred for the whole module; the mhlo form of shard_map becomes
    sdy.manual_computation, and XLA's xla.sdy.* round-trip attributes are lifted back.
    """

    def convert(data: bytes) -> str:
        return import_shardings(data)

    convert_paths(
        inputs, output, Conversion(InputKind.STABLEHLO, convert, ".mlir"), jobs=jobs, strict=strict, exclude=exclude
    )
