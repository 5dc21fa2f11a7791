"""`hlo-translate demo`: the main job on the bundled examples (golden/), saying what happened."""

from __future__ import annotations

import importlib.resources
import os
from collections import Counter
from pathlib import Path

import click

import hlo_translate
from hlo_translate.hlo.ir import HloComputation
from hlo_translate.hlo.text import parse_hlo_text, print_hlo_text


def _bundled_examples() -> Path:
    """The examples shipped with the package (`hlo_translate.golden`, the repository's golden/)."""
    return Path(str(importlib.resources.files("hlo_translate.golden")))


def _status(ok: bool) -> str:
    return click.style("ok", fg="green") if ok else click.style("FAILED", fg="red")


def _run_check(reference: str, ours: str) -> tuple[bool, str]:
    """Run ours next to the reference; an example XLA cannot run here at all is only translated."""
    # Lazy: jax and XLA load when the command runs, not with the CLI.
    from hlo_translate.execution import execute, validate_modules

    try:
        verdict = validate_modules(reference, ours)
    except Exception:  # run the original alone to tell whose failure it is
        try:
            execute(reference)
        except Exception as err:  # e.g. a custom call with no CPU implementation
            return True, "translated; not runnable on this machine: " + str(err).splitlines()[0][:60]
        raise
    if verdict.ok:
        return True, f"{len(verdict.outputs)} outputs match"
    return False, verdict.report(max_lines=3).replace("\n", "; ")


_PLUMBING = frozenset({"tuple", "get-tuple-element", "parameter"})


def _inline_opcodes(computation: HloComputation) -> Counter[str]:
    counts: Counter[str] = Counter()
    for instr in computation.instructions:
        if instr.opcode not in _PLUMBING:
            counts[instr.opcode] += 1
        for value in instr.attributes.values():
            called = value if isinstance(value, tuple) else (value,)
            for callee in called:
                if isinstance(callee, HloComputation):
                    counts += _inline_opcodes(callee)
    return counts


def _async_round_trip(hlo: str) -> tuple[bool, str]:
    """The same instructions (tuple plumbing aside) after the round trip, and the same StableHLO again."""
    # Lazy: jaxlib's XLA loads only here.
    from jaxlib import _hlo  # type: ignore[attr-defined]  # no stubs for jaxlib's private _hlo

    def opcodes(text: str) -> Counter[str]:
        """As XLA reads the module (async sugar spelled out), a called computation counted at each
        call site (StableHLO regions are inline: a reducer shared by two ops comes back as two)."""
        module = parse_hlo_text(_hlo.hlo_module_from_text(text).to_string())
        return _inline_opcodes(module.entry)

    mlir = hlo_translate.hlo_to_stablehlo(hlo, locations=False)
    back = print_hlo_text(hlo_translate.stablehlo_to_hlo(mlir))
    same = opcodes(back) == opcodes(hlo) and hlo_translate.hlo_to_stablehlo(back, locations=False) == mlir
    async_ops = sum(
        1
        for i in parse_hlo_text(hlo).instructions()
        if i.opcode.endswith(("-start", "-done", "-update")) or i.opcode in ("send", "recv")
    )
    kept = "the same instructions and StableHLO" if same else "DIFFERENT after the round trip"
    return same, f"{async_ops} async/p2p instructions; {kept}"


@click.command("demo")
@click.option(
    "--examples",
    type=click.Path(exists=True, file_okay=False),
    default=None,
    help="Folder with export/*.mlir, import/*.hlo and async/*.hlo examples (default: the bundled ones).",
)
def command(examples: str | None) -> None:
    """Translate the bundled examples both ways, check them with XLA, and run them."""
    os.environ.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=8")
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")  # XLA's C++ logs would drown the report
    # Lazy: jaxlib's XLA loads only here (after XLA_FLAGS is set above).
    from jaxlib import _hlo  # type: ignore[attr-defined]  # no stubs for jaxlib's private _hlo

    folder = Path(examples) if examples else _bundled_examples()
    failures = 0
    ran = [0]
    click.echo("StableHLO -> HLO (ours), checked by XLA's parser and by running ours next to XLA's translation:")
    for source in sorted((folder / "export").glob("*.mlir")):
        try:
            module = hlo_translate.stablehlo_to_hlo(source.read_text())
            text = print_hlo_text(module)
            _hlo.hlo_module_from_text(text)
            ok, detail = _run_check(source.read_text(), text)
            ran[0] += "outputs match" in detail
            detail = f"{module.instruction_count()} HLO instructions; {detail}"
        except Exception as err:  # the demo reports every example, whatever happens
            ok, detail = False, str(err).splitlines()[0]
        failures += not ok
        click.echo(f"  {_status(ok):>6}  {source.name:<28} {detail}")
    click.echo("HLO -> StableHLO (ours), verified by MLIR, run next to the original HLO:")
    for source in sorted((folder / "import").glob("*.hlo")):
        try:
            mlir = hlo_translate.hlo_to_stablehlo(source.read_text())
            ok, detail = _run_check(source.read_text(), mlir)
            ran[0] += "outputs match" in detail
            detail = f"{mlir.count(' = stablehlo.')} StableHLO ops; {detail}"
        except Exception as err:
            ok, detail = False, str(err).splitlines()[0]
        failures += not ok
        click.echo(f"  {_status(ok):>6}  {source.name:<28} {detail}")
    click.echo("Async and point-to-point, HLO -> StableHLO -> HLO -> StableHLO (ours), HLO read back by XLA's parser:")
    for source in sorted((folder / "async").glob("*.hlo")):
        try:
            ok, detail = _async_round_trip(source.read_text())
        except Exception as err:
            ok, detail = False, str(err).splitlines()[0]
        failures += not ok
        click.echo(f"  {_status(ok):>6}  {source.name:<36} {detail}")
    total = sum(
        len(list((folder / sub).glob(pattern)))
        for sub, pattern in (("export", "*.mlir"), ("import", "*.hlo"), ("async", "*.hlo"))
    )
    click.echo(
        f"{total - failures} of {total} examples translated correctly; {ran[0]} of them also ran on XLA CPU "
        f"to the same outputs as the original."
    )
    if failures:
        raise SystemExit(1)
