"""`hlo-translate hlo-to-stablehlo`: HLO (text, proto, proto text) -> StableHLO."""

from __future__ import annotations

import click

from hlo_translate import hlo_to_stablehlo
from hlo_translate.cli.common import BATCH_EPILOG, conversion_options, convert_paths, no_verify_option
from hlo_translate.cli.conversion import Conversion
from hlo_translate.cli.sniff import InputKind
from hlo_translate.errors import ArgumentError


@click.command("hlo-to-stablehlo", epilog=BATCH_EPILOG)
@conversion_options
@click.option(
    "--emit",
    type=click.Choice(["text", "bytecode", "portable"]),
    default="text",
    show_default=True,
    help="MLIR text, MLIR bytecode, or a StableHLO portable artifact (VHLO bytecode, as jax.export writes).",
)
@click.option(
    "--target-version",
    metavar="X.Y.Z",
    help="StableHLO version of a portable artifact (default: the newest jaxlib writes).",
)
@click.option(
    "--shardings",
    type=click.Choice(["sdy", "gspmd"]),
    default=None,
    help="Sharding form of the output: Shardy (sdy dialect, meshes inferred from GSPMD shardings) "
    "or GSPMD (mhlo.sharding). Default: the form the input carries.",
)
@no_verify_option()
def command(
    inputs: tuple[str, ...],
    output: str | None,
    jobs: int | None,
    strict: bool,
    exclude: tuple[str, ...],
    emit: str,
    target_version: str | None,
    shardings: str | None,
    no_verify: bool,
) -> None:
    """Translate HLO modules to StableHLO (MLIR text, bytecode or a portable artifact).

    A directory argument converts every HLO file in it into the -o directory.
    """
    if target_version is not None:
        if emit != "portable":
            raise click.UsageError("--target-version goes with --emit portable")
        from hlo_translate.mlir.portable import portable_version  # jaxlib: only when asked for

        try:
            portable_version(target_version)
        except ArgumentError as err:
            raise click.BadParameter(err.message, param_hint="--target-version") from None

    def convert(data: bytes) -> bytes | str:
        return hlo_to_stablehlo(
            data, emit=emit, target_version=target_version, shardings=shardings, verify=not no_verify
        )

    suffix = {"text": ".mlir", "bytecode": ".mlirbc", "portable": ".mlirbc"}[emit]
    convert_paths(
        inputs,
        output,
        Conversion(InputKind.HLO, convert, suffix, binary=emit != "text"),
        jobs=jobs,
        strict=strict,
        exclude=exclude,
    )
