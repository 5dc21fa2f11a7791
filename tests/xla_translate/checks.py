"""The checks of issue 26 on one piece of XLA's translate tests, XLA's converters, parser and CPU runtime as the
oracles (run inside a worker process, `tests.xla_translate.worker`: XLA may abort on what it is handed).

    >>> run_checks("xla/hlo/translate/tests/stablehlo.mlir:3")            # doctest: +SKIP
    {'oracle': 'pass', 'export': 'pass', 'reread': 'pass', 'execute': 'skip: custom-call', 'messages': {}}

An export piece (StableHLO/MHLO -> HLO):
- oracle: XLA's converter (`mlir_module_to_xla_computation`, with the piece's tuple flags) translates it;
  where it refuses, the piece asks nothing of us and every check is `skip: XLA refuses`;
- export: ours translates it to HLO text and proto;
- reread: XLA's parser reads our text, and XLA's proto reader our proto;
- execute: where XLA's CPU runs the module (no custom calls, collectives, host transfers, random numbers,
  loops), our HLO and XLA's HLO give the same outputs on the same random inputs.

An import piece (HLO -> StableHLO):
- oracle: XLA's parser reads the text and XLA's importer (`hlo_to_stablehlo`) converts it; else every check is
  `skip: ...`;
- import: ours (`read_hlo` with its verifier, then `hlo_to_stablehlo`) gives StableHLO that jaxlib parses and
  verifies, without any `mhlo.*` op;
- roundtrip: that StableHLO exports back to HLO with the same instructions up to names.

Each check is `pass`, `fail` (a one-line message in `messages`) or `skip: <why>`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from tests.xla_corpus.checks import MAX_INPUT_ELEMENTS, NOT_RUNNABLE
from tests.xla_translate import pieces

# Opcodes XLA's CPU compiler aborts on (jaxlib 0.12: scan fails a CHECK in its loop-fusion emitter).
CPU_ABORTS = frozenset({"scan"})
EXPORT_CHECKS = ("export", "reread", "execute")
IMPORT_CHECKS = ("import", "roundtrip")
CHECKS = ("oracle", *EXPORT_CHECKS, *IMPORT_CHECKS)


class Refused(Exception):
    """The oracle refuses the piece: nothing is asked of us."""


def _first_line(err: BaseException) -> str:
    text = str(err).strip()
    line = text.splitlines()[0] if text else ""
    return f"{type(err).__name__}: {line}"[:400]


def run_checks(piece_id: str, report: Callable[[dict[str, Any]], None] = lambda progress: None) -> dict[str, Any]:
    """Every check of the module docstring on the piece `piece_id`. Before each step `report` gets
    `{"running": <step>, "results": <the results so far>}` (the worker passes it on: XLA may abort)."""
    piece = pieces()[piece_id]
    names = EXPORT_CHECKS if piece["direction"] == "export" else IMPORT_CHECKS
    results: dict[str, Any] = {name: "skip: an earlier check failed" for name in ("oracle", *names)}
    messages: dict[str, str] = {}
    results["messages"] = messages
    state: dict[str, Any] = {}

    def attempt(name: str, step: Callable[[], str | None]) -> bool:
        report({"running": name, "results": dict(results)})
        try:
            outcome = step()
        except Refused as err:
            for later in names:
                results[later] = "skip: XLA refuses"
            results[name], messages[name] = "refuses", str(err)[:400]
            return False
        except Exception as err:  # a failed check: record it, skip the ones that need it
            results[name], messages[name] = "fail", _first_line(err)
            return False
        results[name] = outcome or "pass"
        return True

    text, flags = piece["text"], piece["flags"]
    if piece["direction"] == "export":
        if attempt("oracle", lambda: state.update(xla=_xla_export(text, flags))):
            if attempt("export", lambda: state.update(ours=_export(text, flags))):
                if attempt("reread", lambda: _reread(state["ours"])):
                    attempt("execute", lambda: _execute(state["xla"], state["ours"], report))
    elif attempt("oracle", lambda: _xla_import(text)):
        if attempt("import", lambda: state.update(ours=_import(text))):
            attempt("roundtrip", lambda: _round_trip(state["ours"]))
    return results


def _xla_export(text: str, flags: dict[str, bool]) -> str:
    """XLA's HLO of the piece, printed in full (constants and all)."""
    import jax  # noqa: F401  (quiets XLA's logging)
    from jaxlib import _hlo, _jax

    try:
        computation = _jax.mlir.mlir_module_to_xla_computation(text, **flags)
    except Exception as err:
        raise Refused(_first_line(err)) from err
    options = _hlo.HloPrintOptions()
    options.print_large_constants = True
    proto = computation.as_serialized_hlo_module_proto()
    return str(_hlo.HloModule.from_serialized_hlo_module_proto(proto).to_string(options))


def _export(text: str, flags: dict[str, bool]) -> dict[str, Any]:
    import hlo_translate
    from hlo_translate.hlo.io import HloFormat

    module = hlo_translate.stablehlo_to_hlo(text, **flags)
    return {
        "module": module,
        "text": hlo_translate.write_hlo(module, HloFormat.TEXT).decode(),
        "proto": hlo_translate.write_hlo(module, HloFormat.PROTO),
    }


def _reread(ours: dict[str, Any]) -> None:
    from jaxlib import _hlo

    _hlo.hlo_module_from_text(ours["text"])
    _hlo.HloModule.from_serialized_hlo_module_proto(ours["proto"])


def _execute(xla_text: str, ours: dict[str, Any], report: Callable[[dict[str, Any]], None]) -> str | None:
    """None when our HLO computes what XLA's computes; `skip: ...` where XLA's CPU cannot run XLA's HLO."""
    from hlo_translate.execution import compare_outputs, load_module, plan_devices, resolve_inputs, run
    from tests.xla_corpus.checks import _widened

    module = ours["module"]
    opcodes = {i.opcode for c in module.computations for i in c.instructions}
    unrunnable = sorted(opcodes & (NOT_RUNNABLE | CPU_ABORTS))
    if unrunnable:
        return f"skip: {unrunnable[0]}"
    try:
        reference = load_module(xla_text)
        if sum(math.prod(spec.shape) for spec in reference.parameters) > MAX_INPUT_ELEMENTS:
            return "skip: inputs too large"
        plan = plan_devices(reference)
        arguments = resolve_inputs(reference.parameters, None, 0)
        report({"running": "execute-reference", "results": {}})
        expected = run(reference, arguments, plan)
    except Exception as err:  # XLA's own HLO: what its CPU (or JAX's device placement) refuses asks nothing of us
        return "skip: XLA's CPU cannot run XLA's HLO (" + _first_line(err)[:120] + ")"
    report({"running": "execute-candidate", "results": {}})
    actual = run(load_module(ours["text"]), arguments, plan)
    comparison = compare_outputs(_widened(expected), _widened(actual))
    if not comparison.ok:
        raise AssertionError(" ".join(comparison.report(3).split()))
    return None


def _is_proto_text(text: str) -> bool:
    """Whether the piece is an HloModuleProto (or an HloProto around one) in protobuf text format, as some
    of XLA's import tests are written, rather than HLO text."""
    from hlo_translate.hlo.io import HloFormat, detect_hlo_format

    return detect_hlo_format(text.encode()) is HloFormat.PROTO_TEXT


def _xla_module_proto(text: str) -> bytes:
    """The piece as XLA reads it, serialized: HLO text through XLA's parser; protobuf text through the
    protobuf schema (ours is wire-compatible with XLA's) and XLA's proto reader."""
    from google.protobuf import text_format
    from jaxlib import _hlo

    from hlo_translate.proto import hlo_pb2

    if not _is_proto_text(text):
        return bytes(_hlo.hlo_module_from_text(text).as_serialized_hlo_module_proto())
    wrapped = text.lstrip().startswith("hlo_module")
    message = text_format.Parse(text, hlo_pb2.HloProto() if wrapped else hlo_pb2.HloModuleProto())
    module = message.hlo_module if wrapped else message
    return bytes(
        _hlo.HloModule.from_serialized_hlo_module_proto(module.SerializeToString()).as_serialized_hlo_module_proto()
    )


def _xla_import(text: str) -> None:
    import jax  # noqa: F401  (quiets XLA's logging)
    from jaxlib import _jax

    try:
        proto = _xla_module_proto(text)
    except Exception as err:
        raise Refused("XLA's parser: " + _first_line(err)) from err
    try:
        _jax.mlir.hlo_to_stablehlo(proto)
    except Exception as err:
        raise Refused("XLA's importer: " + _first_line(err)) from err


def _import(text: str) -> dict[str, Any]:
    import hlo_translate
    from tests.dumps.checks import _verified_without_mhlo

    module, verified = _read_as_xla_would(text)
    stablehlo: str = hlo_translate.hlo_to_stablehlo(module)
    _verified_without_mhlo(stablehlo)
    return {"module": module, "stablehlo": stablehlo, "verified": verified}


def _read_as_xla_would(text: str) -> tuple[Any, bool]:
    """Our module of `text`, read with our verifier. Where our verifier refuses it, XLA's must refuse it too
    (XLA's verdict: tests/support/xla_verdict.py, whose route through XLA's importer cannot judge some rules;
    for those our refusal stands as XLA's HloVerifier's); then it is read without the verifier, as
    `verify=False` converts whatever XLA's parser takes. Returns the module and whether our verifier took it."""
    import hlo_translate
    from hlo_translate.hlo.verify import Violation
    from tests.support.xla_verdict import stricter_than_oracle, xla_verdict, xla_verdict_proto

    data = text.encode()  # bytes: HLO text or protobuf text, whichever the piece is
    try:
        return hlo_translate.read_hlo(data), True
    except Violation as err:
        proto = _is_proto_text(text)
        if not stricter_than_oracle(err.rule, err.opcode or "", proto=proto):
            verdict = xla_verdict_proto(_xla_module_proto(text)) if proto else xla_verdict(text)
            if verdict.accepted is not False:
                raise AssertionError(f"our verifier refuses what XLA's verifier accepts: {err}") from None
    return hlo_translate.read_hlo(data, verify=False), False


def _round_trip(ours: dict[str, Any]) -> str | None:
    """None when the StableHLO exports back to the same instructions; a skip where XLA's verifier (and ours)
    refuse the module: our exporter writes only HLO our verifier takes, so it refuses to write such a module
    back, or writes its valid form (a broadcast of a size-1 dimension as reshape and broadcast)."""
    from hlo_translate.errors import TranslateError
    from tests.xla_corpus.checks import _round_trip as same_instructions_back

    try:
        same_instructions_back(ours["module"], ours["stablehlo"])
    except (TranslateError, AssertionError) as err:
        if ours["verified"]:
            raise
        return "skip: an invalid module (XLA's verifier refuses it too) is not written back as it is: " + _first_line(
            err
        )
    return None
