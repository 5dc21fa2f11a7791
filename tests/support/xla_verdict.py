"""XLA's verdict on an HLO text: does XLA's parser accept it, and does XLA's HLO verifier?

jaxlib 0.12 has no call that runs `HloVerifier` on a module directly: `hlo_module_from_text` runs only the
parser (`ParseAndReturnUnverifiedModule`), and the PJRT client compiles only MLIR. So the verifier half is
reached the way a jaxlib user reaches it: XLA's importer (`hlo_to_stablehlo`), the StableHLO verifier on the
result, then a CPU compile, which rebuilds the HLO with XlaBuilder (shape inference on every op) and runs
`HloVerifier` before its first pass. A compile failure that is not a verification failure (say, a custom-call
target CPU lacks) does not count as a rejection.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

# Compile errors that come from checking the module (XlaBuilder's shape inference, HloVerifier), not from a
# backend that cannot run it (UNIMPLEMENTED, NOT_FOUND: a custom-call target CPU lacks, send on CPU).
# An MLIR diagnostic at a line of the module (`UNKNOWN: -:23:7: error: ...`) is the compile's own verifier.
_VERIFY_ERROR = re.compile(r"\[hlo verifier\]|^INVALID_ARGUMENT|^UNKNOWN: -:\d+:\d+: error:")


# Checks XLA's HloVerifier makes that the oracle's route cannot show: XLA's importer drops the entry computation
# layout and takes these instructions' result types from their operands or callees, so a wrong declared shape
# never reaches the verifier. Our verifier rejects them as XLA's verifier does (hlo_verifier.cc:
# VerifyEntryComputationLayout, HandleGetTupleElement, HandleTuple, HandleCall, HandleFusion, HandleConditional,
# HandleWhile;
# shape_inference.cc's InferConvolveShape for the window).
STRICTER_THAN_ORACLE: dict[tuple[str, str], str] = {
    ("entry-layout", "*"): "the importer drops entry_computation_layout",
    ("shape", "get-tuple-element"): "the importer types a get-tuple-element from its operand",
    ("shape", "tuple"): "the importer types a tuple from its operands",
    ("shape", "call"): "the importer types a call from its callee",
    ("shape", "fusion"): "the importer types a fusion from its fused computation",
    ("signature", "fusion"): "the importer builds a fusion's region from the fused computation alone",
    ("signature", "call"): "the importer builds a call from the callee alone",
    ("signature", "conditional"): "the importer types a conditional from its branches",
    ("shape", "while"): "the importer types a while from its operand",
    ("shape", "all-gather-done"): "the importer types a *-done from its start",
    ("shape", "all-gather-start"): "the importer builds an all-gather-start from its operand, dropping the "
    "declared operand slot of its shape",
    ("shape", "all-reduce-start"): "the importer builds an all-reduce-start from its operands, dropping its "
    "declared shape (HloVerifier infers it: InferAllReduceStartShape)",
    ("shape", "collective-permute-start"): "the importer builds a collective-permute-start from its operand, "
    "dropping its declared shape (HloVerifier infers it: InferCollectivePermuteStartShape)",
    ("shape", "recv-done"): "the importer types a recv-done from its recv (HloVerifier's HandleRecvDone compares "
    "the two)",
    ("shape", "broadcast"): "the importer writes a broadcast as broadcast_in_dim, which expands a dimension of "
    "size 1; HloVerifier's HandleBroadcast wants each operand dimension of its result dimension's size",
    ("async-shape", "async-start"): "the importer builds an async-start from its computation and operands, "
    "dropping the declared operand slot",
    ("collective-mode", "*"): "HloVerifier rejects use_global_device_ids without a channel (its collective group "
    "mode); the route reaches the verifier only for modules that compile on CPU",
    ("bitcast-size", "bitcast"): "HloVerifier checks a bitcast's size only layout-sensitively (after layout "
    "assignment, in every compile); the route misses it where it does not compile",
    ("window", "convolution"): "StableHLO's convolution has no window size: the importer takes it from the kernel",
    ("type", "convolution"): "the importer converts a convolution's operands of mixed element types (f32 and "
    "c64, say) to one type first",
}


# The same for module protos, whose route has no compile (so no HloVerifier at all): checks XLA's proto reader
# and importer leave to the verifier.
STRICTER_THAN_PROTO_ORACLE: dict[tuple[str, str], str] = {
    ("alias", "*"): "XLA's proto reader and importer take an input_output_alias entry that names no subshape of "
    "its parameter; HloVerifier refuses it (hlo_input_output_alias_config.cc, IndexIsValid)",
}


def stricter_than_oracle(rule: str, opcode: str, *, proto: bool = False) -> bool:
    """Whether our verifier's refusal by `rule` of an `opcode` instruction is one this route cannot judge
    (`proto`: for a module proto, which takes the route without a compile)."""
    tables = (STRICTER_THAN_ORACLE, STRICTER_THAN_PROTO_ORACLE) if proto else (STRICTER_THAN_ORACLE,)
    return any((rule, opcode) in table or (rule, "*") in table for table in tables)


@dataclass(frozen=True)
class Verdict:
    accepted: bool | None  # None: not judged (XLA's compile aborted after the checks had passed)
    stage: str  # "parser", "import", "stablehlo-verifier", "compile", "ok", "ok-not-compiled"
    message: str = ""


def xla_verdict(text: str, *, compile_module: bool = True) -> Verdict:
    """XLA's verdict on HLO `text` (see the module docstring for the route)."""
    import jax  # noqa: F401  (quiets XLA's logging before jaxlib starts)
    from jaxlib import _hlo

    try:
        module = _hlo.hlo_module_from_text(text)
    except Exception as err:  # jaxlib raises its own error types
        return Verdict(False, "parser", _first_line(err))
    return _verdict_of_module(module, text if compile_module else None)


def xla_verdict_proto(data: bytes) -> Verdict:
    """XLA's verdict on a serialized HloModuleProto: XLA's proto reader (`HloModule::CreateFromProto`), then
    the importer and the StableHLO verifier as for text (no compile: the proto carries no replica count)."""
    import jax  # noqa: F401  (quiets XLA's logging before jaxlib starts)
    from jaxlib import _hlo

    try:
        module = _hlo.HloModule.from_serialized_hlo_module_proto(data)
    except Exception as err:  # jaxlib raises its own error types
        return Verdict(False, "proto-reader", _first_line(err))
    return _verdict_of_module(module, None)


def _verdict_of_module(module, text: str | None) -> Verdict:  # a jaxlib HloModule
    """The stages after parsing: XLA's importer, the StableHLO verifier, and (given the text) a compile."""
    from jax._src.interpreters import mlir as jax_mlir
    from jaxlib import _jax
    from jaxlib.mlir import ir

    try:
        bytecode = _jax.mlir.hlo_to_stablehlo(module.as_serialized_hlo_module_proto())
    except Exception as err:
        return Verdict(False, "import", _first_line(err))
    try:
        with jax_mlir.make_ir_context():
            parsed = ir.Module.parse(bytecode)
            mlir_text = str(parsed) if text is not None else ""
    except Exception as err:
        return Verdict(False, "stablehlo-verifier", _first_line(err))
    if text is None:
        return Verdict(True, "ok-not-compiled")
    try:
        _compile(mlir_text, text)
    except Exception as err:
        message = _first_line(err)
        if _VERIFY_ERROR.search(message):
            return Verdict(False, "compile", message)
        return Verdict(True, "ok-not-compiled", message)
    return Verdict(True, "ok")


def _compile(mlir_text: str, hlo_text: str) -> None:
    import jax
    from jaxlib import _jax

    header = hlo_text.split("\n", 1)[0]
    replicas = _header_int(header, "replica_count")
    partitions = _header_int(header, "num_partitions")
    devices = jax.devices()
    if replicas * partitions > len(devices):
        raise RuntimeError(f"needs {replicas * partitions} devices")
    chosen = devices[: replicas * partitions]
    options = _jax.CompileOptions()
    options.num_replicas = replicas
    options.num_partitions = partitions
    options.executable_build_options.use_spmd_partitioning = partitions > 1
    options.device_assignment = _jax.DeviceAssignment.create(
        np.array([d.id for d in chosen]).reshape(replicas, partitions)
    )
    chosen[0].client.compile_and_load(mlir_text, _jax.DeviceList(tuple(chosen)), options)


def _header_int(header: str, key: str) -> int:
    match = re.search(rf"\b{key}=(\d+)", header)
    return int(match.group(1)) if match else 1


def _first_line(err: BaseException) -> str:
    """The first two lines of XLA's message, at most 300 characters, quoted strings past 40 characters cut: an
    MLIR diagnostic puts the op's location first (file names, a fuzzed path of any length), and what XLA said
    must stay in the 300 (the oracle's XLA_LIMITS read it; fuzz seed 157)."""
    lines = [line.strip() for line in str(err).splitlines() if line.strip()]
    return _LONG_QUOTED.sub(r'"\1..."', " ".join(lines[:2]))[:300]


_LONG_QUOTED = re.compile(r'"([^"]{40})[^"]+"')


class VerdictWorker:
    """XLA's verdicts from a worker process: XLA's parser and builders can abort the process on bad input
    (a C++ CHECK), which then counts as a rejection ("crash") and the worker is restarted."""

    def __init__(self) -> None:
        self._proc = None

    def __enter__(self) -> VerdictWorker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def verdict(self, text: str, *, compile_module: bool = True) -> Verdict:
        import json

        proc = self._start()
        try:
            proc.stdin.write(json.dumps({"text": text, "compile": compile_module}) + "\n")
            proc.stdin.flush()
            line = proc.stdout.readline()
        except (BrokenPipeError, OSError):
            line = ""
        if not line:
            self.close()
            if compile_module:
                # Where did it abort? Before the compile, that is XLA's parser or importer rejecting the input;
                # inside it (a CHECK in a pass such as Shardy's), the verifier's verdict is unknown.
                before = self.verdict(text, compile_module=False)
                if before.accepted:
                    return Verdict(None, "compile-crash", "XLA's compile aborted the process")
                return before
            return Verdict(False, "crash", "XLA aborted the process")
        reply = json.loads(line)
        return Verdict(reply["accepted"], reply["stage"], reply["message"])

    def _start(self):  # a subprocess.Popen
        import os
        import subprocess
        import sys
        from pathlib import Path

        if self._proc is None or self._proc.poll() is not None:
            env = {**os.environ, "TF_CPP_MIN_LOG_LEVEL": "3"}
            env.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=8")
            self._proc = subprocess.Popen(
                [sys.executable, "-m", "tests.support.xla_verdict"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
                cwd=Path(__file__).resolve().parents[2],
                env=env,
            )
        return self._proc

    def close(self) -> None:
        if self._proc is not None:
            if self._proc.poll() is None:
                self._proc.stdin.close()
                self._proc.wait(timeout=30)
            self._proc = None


def _serve() -> None:
    """The worker's loop: one JSON request per line on stdin, one verdict per line on stdout."""
    import json
    import sys

    for line in sys.stdin:
        request = json.loads(line)
        verdict = xla_verdict(request["text"], compile_module=request["compile"])
        sys.stdout.write(
            json.dumps({"accepted": verdict.accepted, "stage": verdict.stage, "message": verdict.message}) + "\n"
        )
        sys.stdout.flush()


if __name__ == "__main__":
    _serve()
