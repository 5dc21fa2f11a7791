"""`hlo-translate run`: compile a module with XLA, run it, save or show the outputs."""

from __future__ import annotations

import click
import numpy as np

from hlo_translate.cli.common import execution_options, read_input, user_errors, write_output


@click.command("run")
@execution_options("Where XLA runs the module.")
@click.option("-o", "--output", help="Write the outputs to this .npz (out0..outN); default: print them.")
@click.option(
    "--coordinator",
    metavar="HOST:PORT",
    help="Run as one process of a multi-process group whose process 0 listens here.",
)
@click.option("--num-processes", type=click.IntRange(min=1), help="Processes in the group.")
@click.option("--process-id", type=click.IntRange(min=0), help="This process's index in the group.")
@click.option(
    "--local-devices", type=click.IntRange(min=1), help="CPU devices this process brings to the group (default 1)."
)
def command(
    module_path: str,
    platform: str,
    num_devices: int | None,
    inputs_path: str | None,
    seed: int,
    output: str | None,
    coordinator: str | None,
    num_processes: int | None,
    process_id: int | None,
    local_devices: int | None,
) -> None:
    """Compile IN (HLO text or proto, StableHLO text or bytecode) with XLA and run it.

    SPMD modules run on num_partitions devices: inputs are global arrays, split by the
    parameter shardings, and outputs are gathered back into global arrays. To run one program
    across hosts, start the same command on every host with --coordinator, --num-processes and
    --process-id; process 0 writes the outputs.
    """
    # Lazy: jax and XLA load when the command runs, not with the CLI.
    from hlo_translate.execution import arrays_to_npz, execute, initialize_distributed

    group = (coordinator, num_processes, process_id)
    if any(value is not None for value in group) and not all(value is not None for value in group):
        raise click.UsageError("--coordinator, --num-processes and --process-id go together")
    with user_errors(module_path):
        data = read_input(module_path)
        inputs = read_input(inputs_path) if inputs_path else None
        if coordinator is not None:
            initialize_distributed(
                coordinator, num_processes, process_id, platform=platform, local_devices=local_devices
            )
        outputs = execute(data, inputs, platform=platform, num_devices=num_devices, seed=seed)
    if process_id:  # only process 0 of a group reports
        return
    if output is not None:
        write_output(output, arrays_to_npz(outputs, "out"))
        return
    for index, value in enumerate(outputs):
        click.echo(
            f"out{index}: {_type_name(value)} = {np.array2string(value, threshold=64, edgeitems=3, max_line_width=100)}"
        )


def _type_name(value: np.ndarray) -> str:
    # Lazy: the execution package loads jax.
    from hlo_translate.execution import TensorSpec

    return str(TensorSpec(tuple(value.shape), value.dtype))
