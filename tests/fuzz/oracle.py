"""XLA as the oracle for HLO inputs: what we accept, XLA must accept too.

For a case on an HLO input (read_hlo, write_hlo, hlo_to_stablehlo, the CLI's HLO verbs), XLA judges the
same input: HLO text through XLA's parser, a binary or text proto through XLA's proto reader
(`HloModule.from_serialized_hlo_module_proto`; proto text is made binary by protobuf's own text format
reader first), then XLA's importer (`hlo_to_stablehlo`) and the StableHLO verifier on its result.
By default there is no CPU compile (which would run XLA's HloVerifier): it costs 10-100x the rest per case;
`--oracle-compile` adds it for HLO text.

The verdict runs in a worker process of its own (`tests.fuzz.worker`, target `xla`), since XLA's parser
aborts the process on some inputs (say, a gap in parameter numbers): an abort, like a hang, is a rejection.

    ours accept, XLA rejects -> accepted-invalid (a bug)
    ours reject, XLA accepts -> rejected-valid (reported, not a bug; XLA's parser or proto reader first, which
                             costs a fifth of the whole route, since most mutated inputs are rejected; where it
                             accepts, XLA's whole route with a CPU compile for HLO text, since most of our
                             refusals past the parser are HloVerifier's too; `--rejected-sample K` asks about
                             1 in K of them, by a hash of the input)

Some of XLA's refusals are limits of its importer or proto loader, not of HLO: XLA's text parser accepts
pipelined send/recv and pipelined async pairs (a `*-done` whose operand comes through a while loop), but its
proto loader wants a recv-done's operand to be the recv itself, and its importer an async-start's user to be
the done. The same goes for the importer's refusals of in-place or combined collective-permutes, async
all-reduces of several operands, a recv of a tuple, a static value returned where the entry says bounded-dynamic
(XLA's verifier ignores dynamic flags when it compares shapes), and a count of `spmd_parameters_shardings` other
than the entry's parameters (a config field XLA's proto reader does not check).
Those verdicts (`XLA_LIMITS`) are not judgements: the case keeps our own outcome.

write_hlo also reads back what we wrote. Where we refuse our own output, XLA is asked the same of its own (its
text and proto of the module, read back): some modules its proto reader takes print as text no parser reads
(an empty module or computation name prints as `HloModule ,` or `% {`), and then the case is unjudged.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Callable

from tests.fuzz.outcomes import Outcome, Result
from tests.fuzz.seeds import Kind
from tests.fuzz.worker import Worker
from tests.support.xla_verdict import stricter_than_oracle

XLA_LIMITS = re.compile(
    r"(Recv|Send)Done must take the context operand from (Recv|Send)|"
    r"\*-start requires \*-done as input|"
    r"'mhlo.all_to_all' op attribute 'replica_groups' failed to satisfy constraint|"
    # HLO has in-place and combined collective-permutes (several operands), StableHLO not
    r"'stablehlo.collective_permute' op requires a single operand|"
    # an all-reduce-start of several operands is HLO; the importer has no async tuple form
    r"Async tuple all-reduce is not supported in StableHLO|"
    # HLO's recv takes any data shape (a tuple, say); StableHLO's results are tensors
    r"'stablehlo.recv' op result #\d+ must be variadic of statically shaped tensor|"
    # XLA's verifier compares shapes ignoring which dimensions are dynamic (ShapeUtil::
    # Compatible); the importer's function type keeps the bound and refuses the mix
    r"doesn't match function result type \('tensor<[^']*#stablehlo\.bounds|"
    r"return operand \d+ \('tensor<[^']*#stablehlo\.bounds[^']*'\) doesn't match function result|"
    # a module config field XLA's proto reader keeps unchecked; only the importer compares
    r"op spmd_parameters_sharding: main has \d+ arguments, but spmd_parameters_sharding|"
    # XLA's text reader keeps bytes that are not UTF-8 (`\xe1`) in names; the importer takes
    # the module as a serialized proto, whose string fields cannot hold them
    r"^import: .*Failed to deserialize HloModuleProto|"  # (searched in `stage: message`)
    # XLA numbers a computation's instructions from its id shifted 32 bits left: from id 2^31
    # up, the proto XLA writes for its importer has negative ids, which the importer refuses
    r"^import: .*Instruction with negative id"
)
# Our refusals of Shardy's frontend attributes (`xla.sdy.sharding`, `xla.sdy.meshes`, ...: Shardy's attributes
# carried as strings through HLO): XLA's importer keeps them as strings and the oracle's CPU compile runs no
# Shardy import, whose parse and verifier (unknown mesh or axis, malformed text) would refuse them.
SHARDY_STRINGS = re.compile(
    r"invalid Shardy attribute|xla\.sdy\.meshes is not a dictionary|"
    r"names an unknown mesh|which is not in its mesh| - unknown (mesh|axis name)\b"
)
# Our own documented limit (translate/hlo/tile_assignment.py MAX_DEVICES): a mesh or tile assignment of more
# devices than we build arrays for is refused, whatever XLA says.
OUR_LIMITS = re.compile(r"devices, more than the \d+ hlo-translate supports")
# XLA's parser takes seconds on some inputs (deeply nested tuple shapes) and hangs on others (huge
# dimensions): past this, XLA has no verdict (`unjudged`).
ORACLE_TIMEOUT_S = 6.0
JUDGED_TARGETS = ("read_hlo", "write_hlo", "hlo_to_stablehlo", "cli")
ORACLE_TARGETS = ("xla", "xla-compile", "xla-parse", "xla-reprint")  # pseudo-targets run by the worker


def is_judged(target: str, kind: Kind) -> bool:
    """Whether XLA judges this case's input (HLO inputs of the HLO entry points)."""
    return target in JUDGED_TARGETS and kind.is_hlo


def xla_result(
    kind: Kind, data: bytes, *, compile_module: bool = False, parse_only: bool = False, reprint: bool = False
) -> Result:
    """XLA's verdict as a Result (in the worker): OK when XLA accepts, ERROR when it rejects, OK with the
    signature `unjudged` when it cannot say (see XLA_LIMITS); the message is `stage: what XLA said`.
    `parse_only`: XLA's parser or proto reader alone; `reprint`: that, then XLA reads back its own text and
    proto of the module (what write_hlo asks of us)."""
    from tests.support.xla_verdict import xla_verdict, xla_verdict_proto

    if kind is Kind.HLO_TEXT:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            return Result(Outcome.ERROR, "", "input: not UTF-8")
        if parse_only or reprint:
            return _parse_only(lambda _hlo: _hlo.hlo_module_from_text(text), reprint)
        verdict = xla_verdict(text, compile_module=compile_module)
    else:
        module = _module_proto(kind, data)
        if module is None:
            return Result(Outcome.ERROR, "", "proto: no HloModuleProto (nor a wrapper of one) in the input")
        if parse_only or reprint:
            return _parse_only(lambda _hlo: _hlo.HloModule.from_serialized_hlo_module_proto(module), reprint)
        verdict = xla_verdict_proto(module)
    message = f"{verdict.stage}: {verdict.message}"
    if verdict.accepted is None or XLA_LIMITS.search(message):
        return Result(Outcome.OK, "unjudged", message)
    return Result(Outcome.OK if verdict.accepted else Outcome.ERROR, "", message)


def warm_up() -> None:
    """What an oracle worker needs, imported once (a restart after an XLA abort pays it again)."""
    import jax  # noqa: F401
    from jax._src.interpreters import mlir  # noqa: F401
    from jaxlib import _hlo, _jax  # noqa: F401


def _parse_only(load: Callable[[object], object], reprint: bool = False) -> Result:
    import jax  # noqa: F401  (quiets XLA's logging before jaxlib starts)
    from jaxlib import _hlo

    stage = "parser"
    try:
        module = load(_hlo)
        if reprint:
            stage = "reprint"
            _hlo.hlo_module_from_text(module.to_string())
            _hlo.HloModule.from_serialized_hlo_module_proto(module.as_serialized_hlo_module_proto())
    except Exception as err:  # jaxlib raises its own error types
        return Result(Outcome.ERROR, "", f"{stage}: {str(err).strip().splitlines()[0][:200] if str(err) else ''}")
    return Result(Outcome.OK, "", f"{stage}: ok")


def _module_proto(kind: Kind, data: bytes) -> bytes | None:
    """The serialized HloModuleProto in `data` (a module, or an HloProto / HloSnapshot /
    HloUnoptimizedSnapshot holding one), read by protobuf alone; a module itself is passed on unchanged."""
    from google.protobuf import text_format
    from google.protobuf.message import DecodeError

    from hlo_translate.proto import hlo_pb2

    wrappers = (
        (hlo_pb2.HloModuleProto, lambda m: m),
        (hlo_pb2.HloProto, lambda m: m.hlo_module),
        (hlo_pb2.HloSnapshot, lambda m: m.hlo.hlo_module),
        (hlo_pb2.HloUnoptimizedSnapshot, lambda m: m.hlo_module),
    )
    for message_type, module_of in wrappers:
        message = message_type()
        try:
            if kind is Kind.HLO_PROTO:
                message.ParseFromString(data)
            else:
                text_format.Parse(data.decode("utf-8", errors="replace"), message)
        except (DecodeError, text_format.ParseError, RuntimeError, ValueError):
            continue
        module = module_of(message)
        if module.computations:
            return (
                data
                if message_type is hlo_pb2.HloModuleProto and kind is Kind.HLO_PROTO
                else module.SerializeToString()
            )
    return None


def combine(ours: Result, xla: Result) -> Result:
    """The case's outcome given our result and XLA's (OK/ERROR, or CRASH/HANG: XLA aborted or hung)."""
    if xla.outcome is Outcome.HANG:
        xla = Result(Outcome.OK, "unjudged", f"hang: XLA did not answer in {ORACLE_TIMEOUT_S:.0f} s")
    elif xla.outcome not in (Outcome.OK, Outcome.ERROR, Outcome.CRASH):  # the oracle's own failure
        xla = Result(Outcome.OK, "unjudged", f"oracle: {xla.signature}")
    if xla.signature == "unjudged":
        return Result(ours.outcome, f"unjudged {_normalize(xla.message)}", ours.message)
    xla_accepts = xla.outcome is Outcome.OK
    if ours.outcome is Outcome.OK and not xla_accepts:
        stage, _, message = _xla_message(xla).partition(": ")
        return Result(
            Outcome.ACCEPTED_INVALID,
            f"accepted-invalid [xla {stage}] {_normalize(message)}",
            f"XLA {stage}: {message}"[:300],
        )
    if ours.outcome is Outcome.ERROR and xla_accepts:
        return Result(Outcome.REJECTED_VALID, f"rejected-valid {_normalize(ours.message)}", ours.message)
    return ours


def _xla_message(xla: Result) -> str:
    if xla.outcome is Outcome.CRASH:
        return f"abort: {xla.signature}"
    return xla.message or "?: ?"


_NAMES = re.compile(r"%?[A-Za-z_][\w.\-]*\.\d+|%[\w.\-]+|\"[^\"]*\"")


def _normalize(message: str) -> str:
    """A message without its variable parts (names, numbers, positions), so that equal causes group."""
    message = message.split(" error: ", 1)[-1]  # past `file:line:col:` or XLA's `was parsing L:C:`
    message = re.sub(r"^INVALID_ARGUMENT: |\(external/[^)]*\) ", "", message)
    message = _NAMES.sub("X", message)
    message = re.sub(r"\d+", "N", message)
    return message[:90]


class Judge:
    """Our worker and XLA's side by side: runs a case, and where XLA judges it, combines both answers.

    Only cases we answered (OK or a TranslateError) are judged; a crash, hang or raw exception of ours is
    a bug whatever XLA thinks.
    """

    def __init__(self, *, oracle: bool = True, compile_module: bool = False, rejected_sample: int = 1):
        self._rejected_sample = rejected_sample  # ask XLA about 1 in this many of the inputs we refuse
        self._ours = Worker()
        self._xla = Worker(role="xla") if oracle else None
        self._oracle_target = "xla-compile" if compile_module else "xla"

    def run(self, target: str, kind: Kind, data: bytes, variant: int = 0, timeout: float = 20.0) -> Result:
        ours = self._ours.run(target, kind, data, variant, timeout)
        if self._xla is None or not is_judged(target, kind) or ours.outcome not in (Outcome.OK, Outcome.ERROR):
            return ours
        timeout = min(timeout, ORACLE_TIMEOUT_S)
        if ours.outcome is Outcome.ERROR:  # the rejected-valid column: XLA's parser first (most refuse there)
            if zlib.crc32(data) % self._rejected_sample:
                return ours
            parsed = self._xla.run("xla-parse", kind, data, 0, timeout)
            if parsed.outcome is not Outcome.OK:
                return combine(ours, parsed)
            if ours.read_back:
                # write_hlo refused reading back what we wrote: XLA can only be asked the same of its own
                # output (an empty module or computation name, say, prints as text that no parser reads)
                reprinted = self._xla.run("xla-reprint", kind, data, 0, timeout)
                if reprinted.outcome is not Outcome.OK:
                    return Result(
                        ours.outcome,
                        "unjudged XLA cannot read back its own output of this module "
                        f"either ({_normalize(reprinted.message or reprinted.signature)})",
                        ours.message,
                        ours.refusal,
                        ours.read_back,
                    )
            if SHARDY_STRINGS.search(ours.message):
                return Result(
                    ours.outcome,
                    "unjudged XLA's route keeps Shardy's attributes as strings",
                    ours.message,
                    ours.refusal,
                    ours.read_back,
                )
            if OUR_LIMITS.search(ours.message):
                return Result(
                    ours.outcome,
                    "unjudged our limit on the number of devices",
                    ours.message,
                    ours.refusal,
                    ours.read_back,
                )
            if target == "cli" and ours.refusal[0] and ours.refusal[1] == "*":
                # the CLI's line names our verifier's rule, not the opcode: read_hlo's refusal of the same
                # input (the CLI's verbs read it first) has both
                again = self._ours.run("read_hlo", kind, data, 0, timeout)
                if again.outcome is Outcome.ERROR and again.refusal[0] == ours.refusal[0]:
                    ours = Result(ours.outcome, ours.signature, ours.message, again.refusal)
            # XLA's parser accepts: what we refused may still be what XLA's HLO verifier refuses (result
            # shapes, layouts), which only a compile runs (HLO text; protos take XLA's importer route), except
            # for the checks that route cannot show (the entry's layout, shapes the importer re-derives)
            if stricter_than_oracle(*ours.refusal, proto=kind is not Kind.HLO_TEXT):
                rule, opcode = ours.refusal
                return Result(
                    ours.outcome,
                    f"unjudged XLA's route cannot see our refusal [{rule}] of {opcode}",
                    ours.message,
                    ours.refusal,
                )
            return combine(ours, self._xla.run("xla-compile", kind, data, 0, timeout))
        xla = self._xla.run(self._oracle_target, kind, data, 0, timeout)
        if xla.outcome is Outcome.CRASH and self._xla.run("xla-parse", kind, data, 0, timeout).outcome is Outcome.OK:
            # XLA's parser accepts and a later stage (its importer) died: XLA's bug, not a verdict
            xla = Result(Outcome.OK, "unjudged", f"import: XLA's importer crashed ({xla.signature})")
        return combine(ours, xla)

    def stop(self) -> None:
        self._ours.close()
        if self._xla is not None:
            self._xla.close()

    def __enter__(self) -> Judge:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
