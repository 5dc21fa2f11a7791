"""`hlo-translate validate`: translate with us and with XLA, run both, compare the outputs."""

from __future__ import annotations

import sys
from typing import Any

import click

import hlo_translate
from hlo_translate.cli.common import execution_options, read_input, user_errors
from hlo_translate.errors import TranslateError

EXIT_MISMATCH = 1


@click.command("validate")
@execution_options("Where XLA runs both translations.")
@click.option("--rtol", type=float, help="Relative tolerance for floats (default: per dtype).")
@click.option("--atol", type=float, help="Absolute tolerance for floats (default: per dtype).")
def command(
    module_path: str,
    platform: str,
    num_devices: int | None,
    inputs_path: str | None,
    seed: int,
    rtol: float | None,
    atol: float | None,
) -> None:
    """Translate IN with hlo-translate and with XLA's own converter, run both, compare.

    StableHLO input is translated to HLO, HLO input to StableHLO. Exits 0 when every output
    matches, 1 on a mismatch, 2 when something could not be read, translated or run.
    """
    # Lazy: jax and XLA load when the command runs, not with the CLI.
    from hlo_translate.execution import load_module, plan_devices, validate_modules

    with user_errors(module_path):
        data = read_input(module_path)
        inputs = read_input(inputs_path) if inputs_path else None
        source = load_module(data)
        plan = plan_devices(source, num_devices)
        direction, reference, candidate = _translations(data, source.format)
        comparison = validate_modules(
            reference,
            candidate,
            inputs,
            platform=platform,
            num_devices=plan.num_partitions,
            num_replicas=plan.num_replicas,
            seed=seed,
            rtol=rtol,
            atol=atol,
        )
    click.echo(f"{direction}, ours against XLA's, on {plan.num_devices} {platform} device(s)")
    click.echo(comparison.report())
    if not comparison.ok:
        sys.exit(EXIT_MISMATCH)


def _translations(data: bytes, fmt: Any) -> tuple[str, Any, Any]:
    """(direction, XLA's translation, ours) of `data`, a module in format `fmt`."""
    # Lazy: the execution package loads jax.
    from hlo_translate.execution import ModuleFormat, xla_hlo_to_stablehlo, xla_stablehlo_to_hlo

    binary = fmt in (ModuleFormat.HLO_PROTO, ModuleFormat.MLIR_BYTECODE)
    source = data if binary else data.decode("utf-8")
    if fmt.is_hlo:
        return "HLO -> StableHLO", xla_hlo_to_stablehlo(source), _ours("hlo_to_stablehlo", source)
    ours = _ours("stablehlo_to_hlo", source)
    if not isinstance(ours, (str, bytes)):  # our HLO IR: its text keeps num_partitions/replica_count
        ours = hlo_translate.write_hlo(ours, hlo_translate.HloFormat.TEXT).decode()
    return "StableHLO -> HLO", xla_stablehlo_to_hlo(source), ours


def _ours(name: str, source: str | bytes) -> Any:
    """translate.<name>(source), what our converter returns.

    The converters are imported only now; while one is missing from this build, a clear error.
    """
    converter = getattr(hlo_translate, name, None)
    try:
        if converter is None:
            raise ImportError(name)
        translated = converter(source)
    except ImportError as err:
        raise TranslateError(
            f"validate needs hlo-translate's own converter translate.{name}, "
            f"which this build does not provide yet ({err})"
        ) from err
    return translated
