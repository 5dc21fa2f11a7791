"""Which message a serialized HLO proto is: an HloModuleProto, or one of the wrappers XLA writes around it.

- `HloProto` (module + buffer assignment): what XLA's dumps write as `*.hlo.pb`;
- `HloSnapshot` (an HloProto with the arguments and result of one run);
- `HloUnoptimizedSnapshot` (a module with the inputs of each partition).

Binary protos carry no type, and all four open with field 1 holding bytes, so the bytes are decoded as each
message in turn and an interpretation is kept only if the module it yields is whole: computations whose
instructions all have an opcode, an entry computation that exists, no fields unknown to the message. Exactly
one module must survive (readings as several wrappers may agree on it); none, or different modules, is an
error, never a guess (a wrong guess would otherwise yield an empty or garbled module).

Fields unknown to our schema are what a newer XLA writes (a field added since), or an older one (a field
retired since): XLA's reader skips them. So when no reading is whole, the readings are tried again with
unknown fields allowed, and a module that is whole apart from them is read as XLA reads it, the unknown
fields skipped; the same rule applies (exactly one module, never a guess).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from typing import Any

from google.protobuf import text_format
from google.protobuf.message import DecodeError, Message
from google.protobuf.unknown_fields import UnknownFieldSet

from hlo_translate.errors import TranslateError
from hlo_translate.hlo.proto.wire import LAZY_MODULE
from hlo_translate.proto import hlo_pb2


class HloProtoKind(enum.Enum):
    MODULE = "HloModuleProto"
    HLO_PROTO = "HloProto"
    SNAPSHOT = "HloSnapshot"
    UNOPTIMIZED_SNAPSHOT = "HloUnoptimizedSnapshot"


_MESSAGES: dict[HloProtoKind, tuple[type[Message], Callable[[Any], hlo_pb2.HloModuleProto | None]]] = {
    HloProtoKind.MODULE: (hlo_pb2.HloModuleProto, lambda m: m),
    HloProtoKind.HLO_PROTO: (hlo_pb2.HloProto, lambda m: m.hlo_module if m.HasField("hlo_module") else None),
    HloProtoKind.SNAPSHOT: (
        hlo_pb2.HloSnapshot,
        lambda m: m.hlo.hlo_module if m.HasField("hlo") and m.hlo.HasField("hlo_module") else None,
    ),
    HloProtoKind.UNOPTIMIZED_SNAPSHOT: (
        hlo_pb2.HloUnoptimizedSnapshot,
        lambda m: m.hlo_module if m.HasField("hlo_module") else None,
    ),
}


def unwrap_module_proto(data: bytes, *, instructions: bool = True) -> tuple[hlo_pb2.HloModuleProto, HloProtoKind]:
    """The HloModuleProto in binary `data` (a module or a wrapper around one), and which message `data` is.

    Without `instructions`, a single reading's instructions are not looked at: the caller reads every one
    and, should that fail, asks `is_whole_module` before reporting its error (see module_from_proto_bytes).
    """
    readings = _readings(data, _MESSAGES)
    # One reading is kept exactly when it is whole apart from unknown fields, so those are looked for (in
    # every instruction) only to choose among several readings.
    found = (
        []
        if len(readings) == 1
        else [(module, kind) for message, module, kind in readings if _is_whole(message) and _is_whole_module(module)]
    )
    if not found:  # fields of another XLA version: whole apart from fields unknown to our schema
        look = instructions or len(readings) > 1
        found = [
            (module, kind)
            for _, module, kind in readings
            if _is_whole_module(module, unknown_fields=True, instructions=look)
        ]
    # An HloProto holding only its module is, byte for byte, an HloUnoptimizedSnapshot without inputs:
    # readings that agree on the module are one answer (the first kind listed names it).
    if found and all(module == found[0][0] for module, _ in found[1:]):
        return found[0]
    if not found:
        raise not_a_module_error()
    kinds = " and ".join(k.value for _, k in found)
    raise TranslateError(f"the binary proto reads as a whole module both as {kinds}; cannot tell which it is")


def lazy_module(data: bytes) -> Any | None:
    """Binary `data` read as `wire.LAZY_MODULE` (an HloModuleProto whose instructions stay bytes) when that is
    the reading unwrap_module_proto(data, instructions=False) keeps, should its instructions parse (the caller
    parses or checks each); None otherwise (a wrapper holding a module, or no whole module: unwrap decides)."""
    try:
        module = LAZY_MODULE.FromString(data)
    except (DecodeError, RuntimeError, ValueError):
        return None
    if _readings(data, _WRAPPERS):
        return None  # several readings: unwrap_module_proto chooses
    return module if _is_whole_module(module, unknown_fields=True, instructions=False) else None


_WRAPPERS = [kind for kind in HloProtoKind if kind is not HloProtoKind.MODULE]


def _readings(data: bytes, kinds: Iterable[HloProtoKind]) -> list[tuple[Message, hlo_pb2.HloModuleProto, HloProtoKind]]:
    """Each of `kinds` that binary `data` parses as and that holds a module: the message, its module, the kind."""
    readings = []
    for kind in kinds:
        message_type, module_of = _MESSAGES[kind]
        try:
            message = message_type.FromString(data)
        except (DecodeError, RuntimeError, ValueError):
            continue
        module = module_of(message)
        if module is not None:
            readings.append((message, module, kind))
    return readings


def not_a_module_error() -> TranslateError:
    names = ", ".join(k.value for k in HloProtoKind)
    return TranslateError(f"input is not a valid HloModuleProto (binary), nor an {names} holding one")


def is_whole_module(module: hlo_pb2.HloModuleProto) -> bool:
    """Whether `module` (the one reading of binary bytes) is whole apart from fields unknown to our schema."""
    return _is_whole_module(module, unknown_fields=True)


def unwrap_module_proto_text(text: str) -> tuple[hlo_pb2.HloModuleProto, HloProtoKind]:
    """The HloModuleProto in protobuf text format `text` (a module or a wrapper around one)."""
    problems = []
    for kind, (message_type, module_of) in _MESSAGES.items():
        message = message_type()
        try:
            text_format.Parse(text, message)
        except text_format.ParseError as err:
            problems.append(str(err))
            continue
        module = module_of(message)
        if module is not None and _is_whole_module(module):
            return module, kind
    raise TranslateError(f"not an HloModuleProto (or a wrapper of one) in text format: {problems[0]}")


def _is_whole(message: Message) -> bool:
    """No field of `message` itself is unknown to its type (bytes of another message would leave some)."""
    return len(UnknownFieldSet(message)) == 0


def _is_whole_module(
    module: hlo_pb2.HloModuleProto, *, unknown_fields: bool = False, instructions: bool = True
) -> bool:
    """Computations, each with instructions that all have an opcode (not looked at without `instructions`),
    and the entry among them; and, unless `unknown_fields`, no field unknown to the module, its computations
    or their instructions."""
    strict = not unknown_fields
    if not module.computations or strict and not _is_whole(module):
        return False
    ids = set()
    for comp in module.computations:
        if not comp.instructions or strict and not _is_whole(comp):
            return False
        ids.add(comp.id)
        if not instructions:
            continue
        for instr in comp.instructions:  # (inlined _is_whole: this loop sees every instruction)
            if not instr.opcode or strict and len(UnknownFieldSet(instr)):
                return False
    names = {c.name for c in module.computations}
    return module.entry_computation_id in ids or module.entry_computation_name in names
