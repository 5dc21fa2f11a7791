"""The `hlo-translate` command line.

Start-up stays light: every subcommand lives in its own module under `cli.commands` and is
imported only when it runs, so `hlo-translate --help` never loads jax or protobuf.
"""

from __future__ import annotations

import importlib

import click

# command name -> module under cli.commands that defines `command` (a click.Command)
COMMANDS: dict[str, str] = {
    "convert-hlo": "convert_hlo",
    "stablehlo-to-hlo": "stablehlo_to_hlo",
    "hlo-to-stablehlo": "hlo_to_stablehlo",
    "import-shardings": "import_shardings",
    "export-shardings": "export_shardings",
    "run": "run",
    "validate": "validate",
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
    "demo": "Run the main job on the bundled examples and say what happened.",
}


class LazyGroup(click.Group):
    """A click group whose subcommands are imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(name for name in COMMANDS if _module_exists(COMMANDS[name]))

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in COMMANDS or not _module_exists(COMMANDS[name]):
            return None
        module = importlib.import_module(f"cli.commands.{COMMANDS[name]}")
        return module.command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, _HELP.get(name, "")) for name in self.list_commands(ctx)]
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


def _module_exists(module: str) -> bool:
    return importlib.util.find_spec(f"cli.commands.{module}") is not None


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="hlo-translate")
def app() -> None:
    """Translate between StableHLO (MLIR) and XLA HLO (text and HloModuleProto)."""


def main() -> None:
    app()


if __name__ == "__main__":
    main()
