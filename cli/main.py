"""The `hlo-translate` command line.

Start-up stays light: every subcommand lives in its own module under `cli.commands` and is
imported only when it runs, so `hlo-translate --help` never loads jax or protobuf.
"""

from __future__ import annotations

import importlib

import click

from hlo_translate.cli.common import quiet_on_closed_pipe, report_internal_error

# command name -> module under cli.commands that defines `command` (a click.Command)
COMMANDS: dict[str, str] = {
    "convert-hlo": "convert_hlo",
    "stablehlo-to-hlo": "stablehlo_to_hlo",
    "hlo-to-stablehlo": "hlo_to_stablehlo",
    "import-shardings": "import_shardings",
    "export-shardings": "export_shardings",
    "run": "run",
    "validate": "validate",
    "verify": "verify",
    "demo": "demo",
}

_HELP: dict[str, str] = {
    "convert-hlo": "Convert HLO between text, binary proto and proto text.",
    "stablehlo-to-hlo": "Translate StableHLO (MLIR text or bytecode) to HLO.",
    "hlo-to-stablehlo": "Translate HLO (text or proto) to StableHLO.",
    "import-shardings": "Turn GSPMD mhlo.sharding attributes into Shardy sdy.mesh/sdy.sharding.",
    "export-shardings": "Turn Shardy shardings into GSPMD mhlo.sharding attributes.",
    "run": "Compile a module with XLA and run it.",
    "validate": "Translate with us and with XLA, run both, compare outputs.",
    "verify": "Check HLO modules the way XLA's parser and verifier do.",
    "demo": "Run the main job on the bundled examples and say what happened.",
}


class LazyGroup(click.Group):
    """A click group whose subcommands are imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in COMMANDS:
            return None
        module = importlib.import_module(f"hlo_translate.cli.commands.{COMMANDS[name]}")
        return module.command

    def make_context(self, *args, **kwargs) -> click.Context:
        with quiet_on_closed_pipe():  # `--help | head -1` included
            return super().make_context(*args, **kwargs)

    def invoke(self, ctx: click.Context):
        with quiet_on_closed_pipe():
            return super().invoke(ctx)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, _HELP.get(name, "")) for name in self.list_commands(ctx)]
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


EPILOG = """\b
Exit status: 0 success; 1 internal error (a bug in hlo-translate: please report it with the input);
2 bad input or usage (one line on stderr: file:line:column: error: 'op': message); 141 (quietly)
when the reader of stdout or stderr closed the pipe (`... | head -1`), as coreutils.

\b
Shell completion (bash; zsh and fish alike):
  eval "$(_HLO_TRANSLATE_COMPLETE=bash_source hlo-translate)"
"""


def _print_version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    """`--version`: hlo-translate, the jaxlib it runs on, and the StableHLO version that jaxlib targets."""
    if not value or ctx.resilient_parsing:
        return
    # Lazy: importlib.metadata is slow to import and only --version needs it.
    from importlib.metadata import PackageNotFoundError, version

    def of(dist: str) -> str:
        try:
            return version(dist)
        except PackageNotFoundError:
            return "not installed"

    try:
        # Lazy: jaxlib only for --version.
        from jaxlib.mlir._mlir_libs import _stablehlo

        stablehlo = f"{_stablehlo.get_current_version()} (oldest readable {_stablehlo.get_minimum_version()})"
    except ImportError:
        stablehlo = "unknown (jaxlib missing)"
    click.echo(f"hlo-translate {of('hlo-translate')}\njaxlib {of('jaxlib')}\nStableHLO {stablehlo}")
    ctx.exit()


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]}, epilog=EPILOG)
@click.option(
    "--version",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=_print_version,
    help="Show the versions of hlo-translate, jaxlib and StableHLO, and exit.",
)
def app() -> None:
    """Translate between StableHLO (MLIR) and XLA HLO (text and HloModuleProto)."""


def main() -> None:
    """The console script: run the app; an unexpected exception is an internal error (exit 1)."""
    try:
        app(standalone_mode=True)
    except Exception as err:  # anything click did not handle is a bug of ours
        report_internal_error(err)


if __name__ == "__main__":
    main()
