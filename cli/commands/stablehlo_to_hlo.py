"""`hlo-translate stablehlo-to-hlo`: StableHLO (MLIR text or bytecode) -> HLO."""

from __future__ import annotations

import click

from hlo_translate import HloFormat, stablehlo_to_hlo, write_hlo
from hlo_translate.cli.common import BATCH_EPILOG, conversion_options, convert_paths, no_verify_option
from hlo_translate.cli.conversion import Conversion
from hlo_translate.cli.sniff import InputKind

_SUFFIX = {"text": ".hlo", "proto": ".pb", "proto-text": ".pbtxt"}


@click.command("stablehlo-to-hlo", epilog=BATCH_EPILOG)
@conversion_options
@click.option("--emit", type=click.Choice(["text", "proto", "proto-text"]), default="text", show_default=True)
@click.option("--use-tuple-args", is_flag=True, help="Pass the entry parameters as one tuple.")
@click.option("--return-tuple", is_flag=True, help="Always return a tuple from the entry computation.")
@click.option(
    "--input-shapes",
    default=None,
    metavar="SHAPES",
    help="Static shapes of @main's arguments, e.g. 'f32[8,4],s32[8]': refines a shape-polymorphic module.",
)
@no_verify_option("Write the HLO without checking it with the HLO verifier (the way back of --no-verify imports).")
def command(
    inputs: tuple[str, ...],
    output: str | None,
    jobs: int | None,
    strict: bool,
    exclude: tuple[str, ...],
    emit: str,
    use_tuple_args: bool,
    return_tuple: bool,
    input_shapes: str | None,
    no_verify: bool,
) -> None:
    """Translate StableHLO modules to HLO text or HloModuleProto.

    A directory argument converts every StableHLO file in it into the -o directory.
    """

    def convert(data: bytes) -> bytes:
        module = stablehlo_to_hlo(
            data,
            use_tuple_args=use_tuple_args,
            return_tuple=return_tuple,
            input_shapes=input_shapes,
            verify=not no_verify,
        )
        return write_hlo(module, HloFormat(emit))

    convert_paths(
        inputs,
        output,
        Conversion(InputKind.STABLEHLO, convert, _SUFFIX[emit], binary=emit == "proto"),
        jobs=jobs,
        strict=strict,
        exclude=exclude,
    )
