"""`hlo-translate stablehlo-to-hlo`: StableHLO (MLIR text or bytecode) -> HLO."""

from __future__ import annotations

import click

from hlo_translate.cli.common import convert_paths, read_input, write_output

_SUFFIX = {"text": ".hlo", "proto": ".pb", "proto-text": ".pbtxt"}


@click.command("stablehlo-to-hlo")
@click.argument("inputs", nargs=-1, required=True)
@click.option("-o", "--output", default=None, help="Output file ('-' for stdout), or a directory for many inputs.")
@click.option("--emit", type=click.Choice(["text", "proto", "proto-text"]), default="text", show_default=True)
@click.option("--use-tuple-args", is_flag=True, help="Pass the entry parameters as one tuple.")
@click.option("--return-tuple", is_flag=True, help="Always return a tuple from the entry computation.")
@click.option("--input-shapes", default=None, metavar="SHAPES",
              help="Static shapes of @main's arguments, e.g. 'f32[8,4],s32[8]': refines a shape-polymorphic module.")
def command(inputs: tuple[str, ...], output: str | None, emit: str, use_tuple_args: bool,
            return_tuple: bool, input_shapes: str | None) -> None:
    """Translate StableHLO modules to HLO text or HloModuleProto."""
    from hlo_translate import HloFormat, stablehlo_to_hlo, write_hlo

    def convert_one(path: str, out: str | None) -> None:
        module = stablehlo_to_hlo(read_input(path), use_tuple_args=use_tuple_args, return_tuple=return_tuple,
                                  input_shapes=input_shapes)
        write_output(out, write_hlo(module, HloFormat(emit)))

    convert_paths(inputs, output, _SUFFIX[emit], convert_one)
