"""`hlo-translate export-shardings`: Shardy `sdy.mesh` + `sdy.sharding` -> GSPMD `mhlo.sharding`."""

from __future__ import annotations

import click

from hlo_translate import export_shardings
from hlo_translate.cli.common import BATCH_EPILOG, conversion_options, convert_paths
from hlo_translate.cli.conversion import Conversion
from hlo_translate.cli.sniff import InputKind


@click.command("export-shardings", epilog=BATCH_EPILOG)
@conversion_options
def command(
    inputs: tuple[str, ...], output: str | None, jobs: int | None, strict: bool, exclude: tuple[str, ...]
) -> None:
    """Rewrite the Shardy shardings of StableHLO modules (MLIR text or bytecode) as GSPMD strings.

    sdy.manual_computation becomes the mhlo form of shard_map (custom calls around a call of
    @shmap_body); sdy.mesh ops are dropped.
    """

    def convert(data: bytes) -> str:
        return export_shardings(data)

    convert_paths(
        inputs, output, Conversion(InputKind.STABLEHLO, convert, ".mlir"), jobs=jobs, strict=strict, exclude=exclude
    )
