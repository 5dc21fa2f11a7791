"""The checks of issue 26 on one module of XLA's test files, with XLA's parser, proto reader and CPU runtime as
oracles (run inside a worker process: `tests.xla_corpus.worker`, since XLA may abort).

    >>> run_checks("xla/hlo/parser/hlo_parser_test.cc:0")            # doctest: +SKIP
    {'read': 'pass', 'text': 'pass', 'proto': 'pass', 'import': 'pass', 'roundtrip': 'pass',
     'execute': 'skip: ...', 'verifier': 'pass', 'messages': {}}

CHECKS, each `pass`, `fail` (with a one-line message in `messages`) or `skip: <why>`:
- read: our text parser reads the module (without our verifier: XLA's parser runs none either);
- text: our text of it, read by XLA, is the module XLA reads from the test file (compared as XLA's own
  serialized proto, ids renumbered: tests.support.hlo_compare.normalized);
- proto: our HloModuleProto, read by XLA, is that module too (a skip where XLA's proto reader does not read XLA's
  own proto of the module back to it: it refuses pipelined send/recv, reads past short repeated fields);
- import: it imports to StableHLO that jaxlib parses and verifies, without any `mhlo.*` op;
- roundtrip: that StableHLO exports back to HLO (`verify=False`, as the module was read) with the same
  instructions up to names (hlo_compare.signature);
- execute: where XLA's CPU runs the test file's module (no custom calls, collectives, host transfers or random
  numbers), our StableHLO runs to the same outputs on random inputs. Both run the same way: SPMD modules whose
  shardings JAX cannot place run unsharded (hlo_translate.execution.unsharded). Floats compare within a
  tolerance grown by the longest sum in the module. Skipped where XLA's run is no oracle: it cannot run the
  module (or crashes, or runs past its time), a bitcast moves values between layouts (XLA's MLIR path runs it
  as a copy), a fusion passes a parameter through (XLA runs its other outputs to unwritten memory), or, after a
  mismatch, XLA's run of its other import of the module (HLO -> StableHLO) disagrees with the first.
`verifier` (informational, not a check) is our HLO verifier's verdict: many test modules are invalid on purpose.
`fallback` (informational, present where import passed) counts the instructions StableHLO could not say as written,
imported as the `custom_call @"xla.<opcode>"` carrier (docs/import.md), not counting the async forms made so by design.
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Callable
from typing import Any

from tests.xla_corpus import MODULES_FILE

CHECKS = ("read", "text", "proto", "import", "roundtrip", "execute")
# Instructions whose module XLA's CPU cannot run alone, or whose outputs are not a function of the inputs.
NOT_RUNNABLE = {
    "custom-call",
    "send",
    "send-done",
    "recv",
    "recv-done",
    "infeed",
    "outfeed",
    "rng",
    "rng-get-and-update-state",
    "all-reduce",
    "all-reduce-start",
    "all-reduce-done",
    "all-gather",
    "all-gather-start",
    "all-gather-done",
    "all-to-all",
    "ragged-all-to-all",
    "reduce-scatter",
    "collective-permute",
    "collective-permute-start",
    "collective-permute-done",
    "collective-broadcast",
    "async-start",
    "async-update",
    "async-done",
    "copy-start",
    "copy-done",
    "partition-id",
    "replica-id",
    "domain",
    "add-dependency",
    "after-all",
    "optimization-barrier",
    # a loop whose trip count comes from its inputs may never end on random ones (it did, in XLA's tests)
    "while",
}
MAX_INPUT_ELEMENTS = 1 << 22
MAX_OUTPUT_ELEMENTS = 1 << 25


@functools.cache
def corpus() -> dict[str, dict[str, Any]]:
    """Every module of modules.jsonl by id."""
    with MODULES_FILE.open() as lines:
        records = [json.loads(line) for line in lines]
    return {r["id"]: r for r in records}


def _first_line(err: BaseException) -> str:
    text = str(err).strip()
    line = text.splitlines()[0] if text else ""
    return f"{type(err).__name__}: {line}"[:400]


def run_checks(module_id: str, report: Callable[[dict[str, Any]], None] = lambda progress: None) -> dict[str, Any]:
    """Every check of the module docstring on the corpus module `module_id`. Before each step, `report` gets
    `{"running": <step>, "results": <the results so far>}` (the worker passes it on: XLA may abort the process);
    the steps are the checks, with execute in two: `execute-reference` (XLA runs the test file's module) and
    `execute-candidate` (XLA runs ours), and `proto-reference` (XLA reads back its own proto) before proto."""
    text = corpus()[module_id]["text"]
    results: dict[str, Any] = {name: "skip: an earlier check failed" for name in CHECKS}
    messages: dict[str, str] = {}
    results["messages"] = messages
    state: dict[str, Any] = {}

    def progress(running: str) -> None:
        report({"running": running, "results": dict(results)})

    def attempt(name: str, step: Any) -> bool:
        progress(name)
        try:
            outcome = step()
        except Exception as err:  # a failed check: record it and go on with the ones that do not need it
            results[name], messages[name] = "fail", _first_line(err)
            return False
        results[name] = outcome or "pass"
        return True

    progress("xla-parser")
    expected = _xla_proto(text)
    read_ok = attempt("read", lambda: state.update(ours=_read(text)))
    results["verifier"] = _verifier(state["ours"]) if read_ok else "skip"
    if read_ok:
        attempt("text", lambda: _same_from_text(expected, state["ours"]))
        attempt("proto", lambda: _same_from_proto(expected, state["ours"], progress))
        if attempt("import", lambda: state.update(stablehlo=_import(state["ours"]))):
            results["fallback"] = _fallback_count(state["stablehlo"])
            attempt("roundtrip", lambda: _round_trip(state["ours"], state["stablehlo"]))
            attempt("execute", lambda: _execute(text, state["ours"], state["stablehlo"], progress))
    return results


def _xla_proto(text: str) -> bytes:
    from jaxlib import _hlo

    return bytes(_hlo.hlo_module_from_text(text).as_serialized_hlo_module_proto())


def _read(text: str) -> Any:
    import hlo_translate

    return hlo_translate.read_hlo(text, verify=False)


def _verifier(ours: Any) -> str:
    from hlo_translate.errors import TranslateError
    from hlo_translate.hlo.verify import verify_module

    try:
        verify_module(ours)
    except TranslateError as err:
        return "refuses: " + str(err).splitlines()[0][:200]
    except Exception as err:
        return "crashes: " + _first_line(err)
    return "pass"


def _same_from_text(expected: bytes, ours: Any) -> None:
    from jaxlib import _hlo

    import hlo_translate
    from hlo_translate.hlo.io import HloFormat
    from tests.dumps.checks import _share_with_wrapped_as_text_does
    from tests.support.hlo_compare import diff, normalized

    want = normalized(expected)
    _share_with_wrapped_as_text_does(want)
    text = hlo_translate.write_hlo(ours, HloFormat.TEXT).decode()
    got = normalized(_hlo.hlo_module_from_text(text).as_serialized_hlo_module_proto())
    if got != want:
        raise AssertionError("our text differs: " + _first_difference(diff(want, got)))


def _same_from_proto(expected: bytes, ours: Any, progress: Callable[[str], None]) -> str | None:
    """None when XLA reads our proto to the module; `skip: ...` when XLA's proto reader does not even read back
    XLA's own proto of the test module to that module (it refuses what its text parser takes, e.g. pipelined
    send/recv, or reads past a short repeated field), so there is nothing fair to compare ours with."""
    from jaxlib import _hlo

    import hlo_translate
    from hlo_translate.hlo.io import HloFormat
    from tests.support.hlo_compare import diff, normalized

    want = normalized(expected)
    progress("proto-reference")  # XLA's reader may abort the process on XLA's own proto (a CHECK)
    try:
        again = normalized(_hlo.HloModule.from_serialized_hlo_module_proto(expected).as_serialized_hlo_module_proto())
    except Exception as err:  # XLA's reader refuses XLA's writer: say why, compare nothing
        return f"skip: XLA's proto reader refuses XLA's own proto of this module ({_first_line(err)[:200]})"
    progress("proto")
    if again != want:
        return (
            "skip: XLA's proto reader reads XLA's own proto of this module to another module ("
            + _first_difference(diff(want, again))[:200]
            + ")"
        )
    proto = hlo_translate.write_hlo(ours, HloFormat.PROTO)
    got = normalized(_hlo.HloModule.from_serialized_hlo_module_proto(proto).as_serialized_hlo_module_proto())
    if got != want:
        raise AssertionError("our proto differs: " + _first_difference(diff(want, got)))
    return None


def _first_difference(unified: str) -> str:
    """The first changed lines of a unified diff, on one line (the grouping key of the report)."""
    changed = [ln for ln in unified.splitlines()[2:] if ln[:1] in "+-" and not ln.startswith(("+++", "---"))]
    return " | ".join(ln.strip() for ln in changed[:4])[:300]


def _import(ours: Any) -> str:
    import hlo_translate
    from tests.dumps.checks import _verified_without_mhlo

    stablehlo: str = hlo_translate.hlo_to_stablehlo(ours)
    _verified_without_mhlo(stablehlo)
    return stablehlo


def _fallback_count(stablehlo: str) -> int:
    import re

    from hlo_translate.async_forms import FALLBACK_OPCODES

    # the custom form (`custom_call @xla.add(`) and the generic one (`call_target_name = "xla.add"`)
    found = re.findall(r'custom_call @"?xla\.([a-z0-9\-]+)"?\(|call_target_name = "xla\.([a-z0-9\-]+)"', stablehlo)
    return sum((custom or generic) not in FALLBACK_OPCODES for custom, generic in found)


def _round_trip(ours: Any, stablehlo: str) -> None:
    import hlo_translate
    from tests.support.hlo_compare import signature

    back = hlo_translate.stablehlo_to_hlo(stablehlo, verify=False)  # read without it too, as XLA's parser
    before, after = signature(ours), signature(back)
    if before != after:
        lost, gained = sorted((before - after).items())[:2], sorted((after - before).items())[:2]
        raise AssertionError(f"round trip lost {_brief(lost)}; gained {_brief(gained)}")


def _xla_text(text: str) -> str:
    """The test file's module as XLA prints it: with its `HloModule` header (lit tests may have none) and
    every constant in full."""
    from jaxlib import _hlo

    options = _hlo.HloPrintOptions()
    options.print_large_constants = True
    return str(_hlo.hlo_module_from_text(text).to_string(options))


def _widened(arrays: list[Any]) -> list[Any]:
    """Sub-byte integers (ml_dtypes int2/int4/uint2/uint4, numpy kind 'V') as 8-bit ones, which
    compare_outputs compares exactly; it has no rule for the former."""
    import numpy as np

    return [
        a.astype(np.int8 if a.dtype.name.startswith("int") else np.uint8)
        if a.dtype.kind == "V" and a.dtype.name.startswith(("int", "uint"))
        else a
        for a in arrays
    ]


def _brief(items: list[tuple[Any, int]]) -> str:
    return "[" + ", ".join(f"{key[0]} {key[1]} {key[2]}"[:160] for key, _ in items) + "]"


def _execute(text: str, ours: Any, stablehlo: str, progress: Callable[[str], None]) -> str | None:
    """None when our StableHLO computes what XLA computes from the test file; `skip: ...` where XLA's CPU cannot
    run the module (or it has no function of its inputs to compare)."""
    from hlo_translate.errors import TranslateError
    from hlo_translate.execution import compare_outputs, load_module, plan_devices, resolve_inputs, run

    opcodes = {i.opcode for c in ours.computations for i in c.instructions}
    unrunnable = sorted(opcodes & NOT_RUNNABLE)
    if unrunnable:
        return f"skip: {unrunnable[0]}"
    if _fusion_outputs_a_parameter(ours):
        return (
            "skip: a multi-output fusion that returns one of its parameters as it is, which XLA's CPU runs to "
            "values it never wrote (in its other outputs)"
        )
    if any("inferred_dimension" in i.attributes for c in ours.computations for i in c.instructions):
        return (
            "skip: a reshape of a dynamic dimension (`inferred_dimension`), whose padding XLA's CPU leaves "
            "undefined: its outputs vary from run to run"
        )
    if _bitcasts_across_layouts(ours):
        return (
            "skip: a bitcast between layouts (a transpose of the values), which XLA's run of its import of the "
            "module (the MLIR path jaxlib compiles) treats as a plain copy"
        )
    try:
        reference = load_module(_xla_text(text))
        plan = plan_devices(reference)
        if sum(math.prod(spec.shape) for spec in reference.parameters) > MAX_INPUT_ELEMENTS:
            return "skip: inputs too large"
        if sum(math.prod(spec.shape) for spec in reference.results) > MAX_OUTPUT_ELEMENTS:
            return "skip: outputs too large"  # two runs and a comparison of them would not fit in memory
        arguments = resolve_inputs(reference.parameters, None, 0)
        progress("execute-reference")
        notes: list[str] = []
        expected = run(reference, arguments, plan, notes=notes)
    except TranslateError as err:
        return "skip: XLA's CPU cannot run it (" + str(err).splitlines()[0][:120] + ")"
    progress("execute-candidate")
    # as validate_modules does: where the reference ran without its shardings, so does ours
    actual = run(load_module(stablehlo), arguments, plan, unsharded=notes[0] if notes else None)
    comparison = compare_outputs(_widened(expected), _widened(actual), accumulation=_accumulation(ours))
    if not comparison.ok:
        disagreement = _xla_disagrees_with_itself(text, arguments, plan, expected)
        if disagreement:
            return "skip: " + disagreement
        raise AssertionError(" ".join(comparison.report(3).split()))
    return None


def _fusion_outputs_a_parameter(ours: Any) -> bool:
    """Whether a fusion of the module returns one of its own parameters in a tuple, and that output is used."""
    for computation in ours.computations:
        for fusion in computation.instructions:
            if fusion.opcode != "fusion":
                continue
            root = fusion.called_computations()[0].root
            if root is None or root.opcode != "tuple":
                continue
            passed = {k for k, operand in enumerate(root.operands) if operand.opcode == "parameter"}
            if passed and passed & _used_outputs(computation, fusion):
                return True
    return False


def _used_outputs(computation: Any, producer: Any) -> set[int]:
    """The tuple elements of `producer` its users read (all of them when a user takes the whole tuple)."""
    used: set[int] = set()
    for user in computation.instructions:
        if not any(operand is producer for operand in user.operands):
            continue
        if user.opcode != "get-tuple-element":
            return set(range(len(producer.shape.tuple_shapes)))
        if _is_used(computation, user):  # a dead get-tuple-element reads nothing
            used.add(int(user.attributes["index"]))
    if computation.root is producer:
        return set(range(len(producer.shape.tuple_shapes)))
    return used


def _is_used(computation: Any, instruction: Any) -> bool:
    return computation.root is instruction or any(
        operand is instruction for user in computation.instructions for operand in user.operands
    )


def _bitcasts_across_layouts(ours: Any) -> bool:
    """Whether a bitcast of the module moves values: it reads its operand's bytes in another physical order
    than a reshape would (a transpose, for the same dimensions in another layout)."""
    for computation in ours.computations:
        for instruction in computation.instructions:
            if instruction.opcode != "bitcast" or not instruction.shape.is_array:
                continue
            source, result = instruction.operands[0].shape, instruction.shape
            if not source.is_array or source.layout is None or result.layout is None:
                continue
            orders = [_physical_order(shape) for shape in (source, result)]
            plain_reshape = all(order == sorted(order, reverse=True) for order in orders)
            same = tuple(source.dimensions) == tuple(result.dimensions) and orders[0] == orders[1]
            if not (plain_reshape or same):
                return True
    return False


def _physical_order(shape: Any) -> list[int]:
    """The dimensions of `shape` from minor to major, without those of size 1 (they do not move anything)."""
    return [d for d in shape.layout.minor_to_major if shape.dimensions[d] != 1]


def _accumulation(ours: Any) -> int:
    """The most terms one output element of a dot, convolution or reduction of the module sums."""
    sizes = [1]
    for computation in ours.computations:
        for instruction in computation.instructions:
            attributes = instruction.attributes
            if instruction.opcode == "dot":
                lhs = instruction.operands[0].shape.dimensions
                sizes.append(math.prod(lhs[d] for d in attributes.get("lhs_contracting_dims", ())))
            elif instruction.opcode == "convolution":
                kernel = instruction.operands[1].shape.dimensions
                output_features = kernel[attributes["dim_labels"].kernel_output_feature_dimension]
                sizes.append(math.prod(kernel) // max(output_features, 1))
            elif instruction.opcode == "reduce":
                operand = instruction.operands[0].shape
                if operand.is_array:
                    sizes.append(math.prod(operand.dimensions[d] for d in attributes.get("dimensions", ())))
            elif instruction.opcode == "reduce-window" and "window" in attributes:  # a scalar's has none
                sizes.append(math.prod(d.size for d in attributes["window"].dimensions))
    return max(sizes)


def _xla_disagrees_with_itself(text: str, arguments: Any, plan: Any, expected: list[Any]) -> str | None:
    """Why the reference is no oracle for this module, where XLA's run of its other import of the test module
    (its HLO -> StableHLO converter, instead of its HLO -> MHLO importer) computes other values: outputs that
    the module leaves undefined (past a dynamic size, an invalid FFT length) or that one of XLA's paths gets
    wrong. None where both agree (then a mismatch is ours)."""
    from hlo_translate.errors import TranslateError
    from hlo_translate.execution import compare_outputs, load_module, run, xla_hlo_to_stablehlo

    try:
        again = run(load_module(xla_hlo_to_stablehlo(_xla_text(text))), arguments, plan)
    except TranslateError:
        return None
    comparison = compare_outputs(_widened(expected), _widened(again))
    if comparison.ok:
        return None
    return "XLA's runs of its two imports of the module disagree: " + " ".join(comparison.report(2).split())[:200]
