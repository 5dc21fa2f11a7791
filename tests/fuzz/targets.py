"""The entry points under test: each takes one input (bytes of a given kind) and runs it through.

Runs inside a worker process (`tests.fuzz.worker`); `run_case` turns what happened into a Result.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import sys
import tempfile
import traceback
from collections.abc import Callable
from pathlib import Path

from tests.fuzz import oracle
from tests.fuzz.outcomes import Outcome, Result
from tests.fuzz.seeds import Kind

HLO_KINDS = (Kind.HLO_TEXT, Kind.HLO_PROTO, Kind.HLO_PROTO_TEXT)
MLIR_KINDS = (Kind.MLIR_TEXT, Kind.MLIR_BYTECODE)
# One line: file[:line[:col]]: error: ... (or internal error, which the CLI reports with exit 1)
_CLI_LINE = re.compile(r"^[^\n]+?: (?:internal )?error: [^\n]*\n?$")
_RULE = re.compile(r" \[([a-z][a-z0-9-]*)\]$")  # how a Violation of our verifier ends its message


def _read_hlo(data: bytes, kind: Kind) -> None:
    from hlo_translate import read_hlo

    read_hlo(data)


def _write_hlo(data: bytes, kind: Kind) -> None:
    """Read, then write every form; what we wrote must read back (a refusal there is marked `read_back`)."""
    from hlo_translate import HloFormat, TranslateError, read_hlo, write_hlo

    module = read_hlo(data)
    for fmt in HloFormat:
        written = write_hlo(module, fmt)
        try:
            read_hlo(written, fmt)
        except TranslateError as err:
            err.read_back = True  # (an attribute of ours on the exception, for _classify)
            raise


def _hlo_to_stablehlo(data: bytes, kind: Kind) -> None:
    from hlo_translate import hlo_to_stablehlo

    hlo_to_stablehlo(data)


def _stablehlo_to_hlo(data: bytes, kind: Kind) -> None:
    from hlo_translate import HloFormat, stablehlo_to_hlo, write_hlo

    module = stablehlo_to_hlo(data)
    write_hlo(module, HloFormat.TEXT)
    write_hlo(module, HloFormat.PROTO)


def _import_shardings(data: bytes, kind: Kind) -> None:
    from hlo_translate import import_shardings

    import_shardings(data)


def _export_shardings(data: bytes, kind: Kind) -> None:
    from hlo_translate import export_shardings

    export_shardings(data)


TARGETS: dict[str, tuple[tuple[Kind, ...], Callable[[bytes, Kind], None]]] = {
    "read_hlo": (HLO_KINDS, _read_hlo),
    "write_hlo": (HLO_KINDS, _write_hlo),
    "hlo_to_stablehlo": (HLO_KINDS, _hlo_to_stablehlo),
    "stablehlo_to_hlo": (MLIR_KINDS, _stablehlo_to_hlo),
    "import_shardings": (MLIR_KINDS, _import_shardings),
    "export_shardings": (MLIR_KINDS, _export_shardings),
    "cli": (HLO_KINDS + MLIR_KINDS, None),  # run by _run_cli
    "stablehlo_spellings": ((Kind.MLIR_TEXT,), None),  # run by _run_spelling; inputs from tests.fuzz.spellings
}
SPELLING_TARGETS = ("stablehlo_spellings",)
CLI_VERBS = {
    True: ("convert-hlo", "hlo-to-stablehlo"),
    False: ("stablehlo-to-hlo", "import-shardings", "export-shardings"),
}


def _where(err: BaseException) -> str:
    """The innermost frame of our package in the traceback: `module:function`."""
    frames = [
        f
        for f in traceback.extract_tb(err.__traceback__)
        if "hlo_translate" in f.filename
        or f"{os.sep}translate{os.sep}" in f.filename
        or f"{os.sep}cli{os.sep}" in f.filename
    ]
    if not frames:
        return "?"
    f = frames[-1]
    path = Path(f.filename)
    return f"{path.parent.name}/{path.name}:{f.name}"


def _classify(err: BaseException) -> Result:
    from hlo_translate.errors import InternalError, TranslateError

    message = str(err).splitlines()[0][:300] if str(err) else ""
    if isinstance(err, InternalError):
        cause = err.__cause__ or err.__context__ or err
        return Result(Outcome.INTERNAL, f"internal {type(cause).__name__} at {_where(cause)}", message)
    if isinstance(err, TranslateError):
        if err.location is None:
            return Result(Outcome.UNLOCATED, f"unlocated at {_where(err)}", message)
        return Result(
            Outcome.ERROR,
            "",
            message,
            (getattr(err, "rule", None) or "", getattr(err, "opcode", None) or "*"),
            getattr(err, "read_back", False),
        )
    return Result(Outcome.RAW, f"{type(err).__name__} at {_where(err)}", message)


def _run_cli(data: bytes, kind: Kind, verb_index: int) -> Result:
    from hlo_translate.cli import main as cli_main

    verbs = CLI_VERBS[kind.is_hlo]
    verb = verbs[verb_index % len(verbs)]
    with tempfile.TemporaryDirectory(prefix="fuzz-cli-") as tmp:
        source = Path(tmp) / f"input{kind.suffix}"
        source.write_bytes(data)
        argv = ["hlo-translate", verb, str(source), "-o", str(Path(tmp) / "out")]
        stderr = io.StringIO()
        code: object = 0
        old_argv = sys.argv
        sys.argv = argv
        try:
            with contextlib.redirect_stderr(stderr), contextlib.redirect_stdout(io.StringIO()):
                cli_main.main()
        except SystemExit as exit_:
            code = exit_.code
        finally:
            sys.argv = old_argv
    text = stderr.getvalue()
    if code in (0, None):
        return Result(Outcome.OK)
    if code == 2 and _CLI_LINE.match(text) and " internal error: " not in text:
        # our verifier's rule ends the line (`... [entry-layout]`); the opcode is not in it
        rule = _RULE.search(text.strip())
        return Result(Outcome.ERROR, "", text.strip()[:300], (rule.group(1) if rule else "", "*"))
    first = text.strip().splitlines()[0] if text.strip() else ""
    kind_of = first.split("internal error: ", 1)[-1].split(":", 1)[0][:60] if code == 1 else "format"
    return Result(Outcome.CLI, f"cli {verb} exit {code} {kind_of}", text.strip()[:300])


def _hlo_text_of(data: bytes) -> str:
    from hlo_translate import HloFormat, stablehlo_to_hlo, write_hlo

    return write_hlo(stablehlo_to_hlo(data), HloFormat.TEXT).decode()


def _jaxlib_print(data: bytes) -> bytes | None:
    """jaxlib's print of the module `data` spells (locations kept: they are the spelled text's), or None where
    jaxlib's parser or verifier refuses it."""
    from jaxlib.mlir import ir

    from hlo_translate.mlir.context import make_context

    with make_context():
        try:
            module = ir.Module.parse(data)
        except (ir.MLIRError, ValueError):
            return None
        return module.operation.get_asm(enable_debug_info=True, large_elements_limit=None).encode()


_DIGITS = re.compile(r"\d+")


def _run_spelling(data: bytes) -> Result:
    """Convert a valid spelling (tests.fuzz.spellings) and jaxlib's print of it: the two must convert alike.
    jaxlib parses the spelled text only after our converter did (what our guard refuses may crash jaxlib)."""
    from hlo_translate.errors import InternalError, TranslateError

    def convert(text: bytes) -> str | TranslateError | Result:
        try:
            return _hlo_text_of(text)
        except RecursionError as err:
            return Result(Outcome.RAW, f"RecursionError at {_where(err)}", "maximum recursion depth exceeded")
        except TranslateError as err:
            return err if not isinstance(err, InternalError) and err.location is not None else _classify(err)
        except Exception as err:
            return _classify(err)

    ours = convert(data)
    if isinstance(ours, Result):
        return ours
    printed = _jaxlib_print(data)
    if printed is None:  # not valid after all: nothing to compare
        return Result(Outcome.OK) if isinstance(ours, str) else _classify(ours)
    theirs = convert(printed)
    if isinstance(theirs, Result):
        return Result(Outcome.SPELLING, f"jaxlib's print of a valid spelling: {theirs.signature}", theirs.message)
    if isinstance(ours, str) and isinstance(theirs, str):
        if ours == theirs:
            return Result(Outcome.OK)
        return Result(Outcome.SPELLING, "a valid spelling converts to other HLO than jaxlib's print of it")
    if isinstance(ours, TranslateError) and isinstance(theirs, TranslateError):
        return _classify(ours)  # refused either way (the messages may name other places)
    refused = ours if isinstance(ours, TranslateError) else theirs
    which = "a valid spelling" if refused is ours else "jaxlib's print of a valid spelling"
    return Result(Outcome.SPELLING, f"{which} is refused: {_DIGITS.sub('N', refused.message)[:80]}", str(refused)[:300])


def run_case(target: str, kind: Kind, data: bytes, variant: int = 0) -> Result:
    """Run one input through `target`; `variant` picks the CLI verb."""
    if target == "cli":
        return _run_cli(data, kind, variant)
    if target in SPELLING_TARGETS:
        return _run_spelling(data)
    if target in oracle.ORACLE_TARGETS:
        return oracle.xla_result(
            kind,
            data,
            compile_module=target == "xla-compile",
            parse_only=target == "xla-parse",
            reprint=target == "xla-reprint",
        )
    _, fn = TARGETS[target]
    try:
        fn(data, kind)
    except RecursionError as err:  # before Exception: Python's own limit, a bug of ours either way
        return Result(Outcome.RAW, f"RecursionError at {_where(err)}", "maximum recursion depth exceeded")
    except Exception as err:  # classifying every exception is the point
        return _classify(err)
    return Result(Outcome.OK)


def warm_up() -> None:
    """Import what every target needs once, so that the first case's time limit is not spent importing."""
    import hlo_translate.cli.main
    import hlo_translate.export
    import hlo_translate.import_
    import hlo_translate.shardy  # noqa: F401
    from hlo_translate.mlir.context import make_context

    make_context()
