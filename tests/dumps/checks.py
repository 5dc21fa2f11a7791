"""The checks every file of the dump corpus passes (issue 13), against XLA's parser as the oracle.

A file is HLO when XLA's parser reads it: text through `hlo_module_from_text`, a `.pb` as an
`HloProto` (what `.hlo.pb` dumps are) or an `HloModuleProto`. For an HLO file:
1. we read it, and our text and our proto are the same module to XLA's parser as the file itself;
2. it imports to StableHLO that jaxlib parses and verifies, without any `mhlo.*` op;
3. it comes back to HLO with the same instructions, up to docs/import.md's normalizations
   (`tests.support.hlo_compare.signature`).
Any other file must be refused by our reader with a TranslateError (a clean skip), and a text dump
whose large constants XLA elided (`{...}`) must be refused, not read with invented values.
"""

from __future__ import annotations

import enum
import re

import hlo_translate
from hlo_translate.errors import TranslateError
from hlo_translate.hlo.io import HloFormat
from hlo_translate.proto import hlo_pb2
from tests.dumps import DumpFile
from tests.support.hlo_compare import diff, normalized, signature

# Module fields HLO text has no syntax for (a proto dump carries them; XLA's text parser cannot).
TEXT_LESS_FIELDS = ("device_assignment", "spmd_output_sharding", "spmd_parameters_shardings")
# Fields XLA's text parser copies from an async-start/update/done onto the instruction it wraps, the last of
# the chain that writes one winning (docs/hlo.md): a proto whose wrapped instruction differs has no exact text.
ASYNC_SHARED_FIELDS = ("metadata", "frontend_attributes", "backend_config", "statistics_viz", "original_value")
ELIDED_CONSTANT = re.compile(r"constant\(\{\.\.\.\}\)")


class Outcome(enum.Enum):
    CHECKED = "checked"
    SKIPPED = "skipped (not HLO)"
    REFUSED_ELIDED = "refused (elided constants)"


def xla_module_bytes(f: DumpFile) -> bytes | None:
    """The file as XLA's parser reads it (a serialized HloModuleProto), or None when it is not HLO."""
    from jaxlib import _hlo

    raw = f.path.read_bytes()
    if f.kind == "text":
        try:
            return _hlo.hlo_module_from_text(raw.decode()).as_serialized_hlo_module_proto()
        except Exception:
            return None
    module = _module_proto_in(raw)
    if module is None:
        return None
    try:
        return _hlo.HloModule.from_serialized_hlo_module_proto(module).as_serialized_hlo_module_proto()
    except Exception:
        return None


def _module_proto_in(raw: bytes) -> bytes | None:
    """The HloModuleProto inside an HloProto, or the bytes themselves if they are one."""
    from google.protobuf.message import DecodeError

    for message_type in (hlo_pb2.HloProto, hlo_pb2.HloModuleProto):
        try:
            message = message_type.FromString(raw)
        except DecodeError:
            continue
        module = message.hlo_module if message_type is hlo_pb2.HloProto else message
        if module.computations and module.entry_computation_name:
            return module.SerializeToString()
    return None


def check(f: DumpFile) -> Outcome:
    """Runs the checks above on one dump file; an AssertionError says which one failed."""
    expected = xla_module_bytes(f)
    raw = f.path.read_bytes()
    if expected is None:
        try:
            hlo_translate.read_hlo(raw)
        except TranslateError:
            return Outcome.SKIPPED
        raise AssertionError("XLA's parser does not read this file, but ours does")
    if f.kind == "text" and ELIDED_CONSTANT.search(raw.decode()):
        try:
            hlo_translate.read_hlo(raw)
        except TranslateError as err:
            assert "elided" in str(err), str(err)
            return Outcome.REFUSED_ELIDED
        raise AssertionError("a text dump with elided constants ({...}) was read")
    ours = hlo_translate.read_hlo(raw)
    _same_to_xla(expected, ours)
    stablehlo = hlo_translate.hlo_to_stablehlo(ours)
    _verified_without_mhlo(stablehlo)
    back = hlo_translate.stablehlo_to_hlo(stablehlo)
    before, after = signature(ours), signature(back)
    assert before == after, (
        f"round trip lost: {sorted((before - after).items())[:4]}\ngained: {sorted((after - before).items())[:4]}"
    )
    return Outcome.CHECKED


def _same_to_xla(expected: bytes, ours) -> None:
    """Our text and our proto, read by XLA, are the module XLA read from the file."""
    from jaxlib import _hlo

    want = normalized(expected)
    text = hlo_translate.write_hlo(ours, HloFormat.TEXT).decode()
    from_text = normalized(_hlo.hlo_module_from_text(text).as_serialized_hlo_module_proto())
    want_from_text = hlo_pb2.HloModuleProto()
    want_from_text.CopyFrom(want)
    for field in TEXT_LESS_FIELDS:
        want_from_text.ClearField(field)
    _share_with_wrapped_as_text_does(want_from_text)
    assert from_text == want_from_text, "our text differs:\n" + diff(want_from_text, from_text)
    proto = hlo_translate.write_hlo(ours, HloFormat.PROTO)
    from_proto = normalized(_hlo.HloModule.from_serialized_hlo_module_proto(proto).as_serialized_hlo_module_proto())
    assert from_proto == want, "our proto differs:\n" + diff(want, from_proto)


def _share_with_wrapped_as_text_does(module: hlo_pb2.HloModuleProto) -> None:
    """What XLA's text parser makes of the async chains of `module` (a normalized proto, changed in place)."""
    computations = {c.id: c for c in module.computations}
    instructions = {i.id: i for c in module.computations for i in c.instructions}
    wrapped_of: dict[int, hlo_pb2.HloInstructionProto] = {}
    for computation in module.computations:
        for instr in computation.instructions:
            if instr.opcode == "async-start" and instr.called_computation_ids:
                called = computations[instr.called_computation_ids[0]]
                wrapped_of[instr.id] = instructions[called.root_id]
            elif instr.opcode in ("async-update", "async-done") and instr.operand_ids[0] in wrapped_of:
                wrapped_of[instr.id] = wrapped_of[instr.operand_ids[0]]
            else:
                continue
            wrapped = wrapped_of[instr.id]
            if instr.backend_config:  # printed (and so copied) only when set
                wrapped.backend_config = instr.backend_config
            for field in ASYNC_SHARED_FIELDS:
                if field != "backend_config" and getattr(instr, field).ByteSize():
                    getattr(wrapped, field).CopyFrom(getattr(instr, field))


def _verified_without_mhlo(stablehlo: str) -> None:
    """jaxlib parses and verifies the module in a fresh context, and no op is from the mhlo dialect."""
    from jax._src.interpreters import mlir as jax_mlir
    from jaxlib.mlir import ir

    with jax_mlir.make_ir_context():
        module = ir.Module.parse(stablehlo)
        assert module.operation.verify()
        names: list[str] = []
        module.operation.walk(lambda op: names.append(op.name) or ir.WalkResult.ADVANCE)
    mhlo = sorted({n for n in names if n.startswith("mhlo.")})
    assert not mhlo, f"mhlo ops in the import: {mhlo}"
