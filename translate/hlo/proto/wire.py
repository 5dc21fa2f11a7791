"""The protobuf wire format, written and read by hand on the hot paths (varints, tags, length-delimited fields)."""

from __future__ import annotations

import re
from operator import attrgetter
from typing import Any

from google.protobuf import descriptor_pb2, descriptor_pool, message_factory
from google.protobuf.message import DecodeError, Message

from hlo_translate.proto import hlo_pb2

LENGTHS = [bytes((n,)) for n in range(128)] + [bytes((n & 0x7F | 0x80, n >> 7)) for n in range(128, 1 << 14)]


def varint(value: int) -> bytes:
    if 0 <= value < 16384:
        return LENGTHS[value]
    value &= 0xFFFFFFFFFFFFFFFF  # negative int64: ten-byte two's complement, as protobuf writes it
    out = bytearray()
    while value > 0x7F:
        out.append((value & 0x7F) | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


LENGTH_DELIMITED_TAGS = {n: varint((n << 3) | 2) for n in (1, 2, 3, 4, 7, 8, 36, 37, 38, 68, 82)}
ID_TAG = varint(35 << 3)
OPERAND_IDS_TAG = LENGTH_DELIMITED_TAGS[36]
NAME_TAG = LENGTH_DELIMITED_TAGS[1]
PARAMETER_NUMBER_TAG = varint(9 << 3)
# HloModuleProto's computations (3); HloComputationProto's id (5), root id (6) and fusion flag (7).
COMPUTATION_TAG = LENGTH_DELIMITED_TAGS[3]
PARAMETER_NUMBER = attrgetter("parameter_number")
CALLED_IDS_TAG = LENGTH_DELIMITED_TAGS[38]
PROGRAM_SHAPE_TAG = LENGTH_DELIMITED_TAGS[4]
COMPUTATION_ID_TAG = varint(5 << 3)
ROOT_ID_TAG = varint(6 << 3)
IS_FUSION_FIELD = varint(7 << 3) + b"\x01"


VARINT_RE = re.compile(rb"[\x80-\xff]*[\x00-\x7f]")


def varints(values: list[int]) -> list[bytes]:
    """The varint of each int64 in `values`, encoded by protobuf in one call (a packed repeated field)."""
    if not values:
        return []
    data = hlo_pb2.HloInstructionProto(operand_ids=values).SerializeToString()
    assert data.startswith(OPERAND_IDS_TAG), data[:4]
    length = VARINT_RE.match(data, len(OPERAND_IDS_TAG))
    assert length is not None, data[:12]
    return VARINT_RE.findall(data, length.end())


def wire_field(number: int, data: bytes) -> bytes:
    """A length-delimited field (string, bytes, message, packed repeated)."""
    size = len(data)
    return b"".join((LENGTH_DELIMITED_TAGS[number], LENGTHS[size] if size < 16384 else varint(size), data))


def field_numbers(data: bytes) -> set[int] | None:
    """The field numbers of `data` if it is a sequence of whole protobuf fields (no groups), else None."""
    numbers = set()
    at, size = 0, len(data)
    while at < size:
        tag, at = _read_varint(data, at)
        kind = tag & 7
        if kind == 0:
            _, at = _read_varint(data, at)
        elif kind == 2:
            length, at = _read_varint(data, at)
            at += length
        elif kind in (1, 5):
            at += 8 if kind == 1 else 4
        else:
            return None
        if at > size or tag < 8:
            return None
        numbers.add(tag >> 3)
    return numbers


def _read_varint(data: bytes, at: int) -> tuple[int, int]:
    """The varint at `at` and where it ends (past the data's end when it is cut off)."""
    value = shift = 0
    while at < len(data):
        byte = data[at]
        value |= (byte & 0x7F) << shift
        at += 1
        if byte < 0x80:
            return value, at
        shift += 7
    return value, len(data) + 1


# An id field (35, a varint of at most ten bytes): the first in an instruction's bytes is its id's candidate
ID_FIELD = re.compile(rb"\x98\x02([\x80-\xff]{0,9}[\x00-\x7f])").search


def decode_varints(encoded: list[bytes]) -> list[int] | None:
    """The int64 of each varint in `encoded`, decoded by protobuf in one call (a packed repeated field);
    None where protobuf refuses them."""
    payload = b"".join(encoded)
    try:
        message = hlo_pb2.HloInstructionProto.FromString(OPERAND_IDS_TAG + varint(len(payload)) + payload)
    except (DecodeError, RuntimeError, ValueError):
        return None
    values = list(message.operand_ids)
    return values if len(values) == len(encoded) else None


def _lazy_module_message() -> type[Message]:
    """HloModuleProto with each computation's instructions kept as bytes (HloComputationProto's other fields,
    and every other field of the module, as our schema reads them): reading a module parses no instruction.
    Its types are added to protobuf's default pool beside our schema's, so that its fields hold our generated
    message classes (a schedule read from it is an hlo_pb2.HloScheduleProto)."""
    schema = hlo_pb2.DESCRIPTOR
    file = descriptor_pb2.FileDescriptorProto(
        name="hlo_translate/proto/lazy_module.proto",
        package="hlo_translate.lazy",
        syntax="proto3",
        dependency=[schema.name, *(dependency.name for dependency in schema.dependencies)],
    )
    module = file.message_type.add()
    hlo_pb2.HloModuleProto.DESCRIPTOR.CopyToProto(module)
    computation = file.message_type.add()
    hlo_pb2.HloComputationProto.DESCRIPTOR.CopyToProto(computation)
    module.name, computation.name = "Module", "Computation"
    del module.nested_type[:], module.enum_type[:]  # (their fields name our schema's own types)
    for field in module.field:
        if field.number == 3:  # computations
            field.type_name = ".hlo_translate.lazy.Computation"
    for field in computation.field:
        if field.number == 2:  # instructions
            field.type = descriptor_pb2.FieldDescriptorProto.TYPE_BYTES
            field.ClearField("type_name")
    pool = descriptor_pool.Default()
    pool.AddSerializedFile(file.SerializeToString())
    return message_factory.GetMessageClass(pool.FindMessageTypeByName("hlo_translate.lazy.Module"))


LAZY_MODULE = _lazy_module_message()
_INSTRUCTIONS_TAG = LENGTH_DELIMITED_TAGS[2]


def instruction_bytes(module_bytes: bytes) -> list[list[bytes]] | None:
    """Each computation's instructions as written in `module_bytes` (an HloModuleProto's), sliced out in C
    by `LAZY_MODULE`, or None where protobuf refuses them."""
    try:
        module: Any = LAZY_MODULE.FromString(module_bytes)  # (a message class made at run time)
    except (DecodeError, RuntimeError, ValueError):
        return None
    return [list(computation.instructions) for computation in module.computations]  # (each read makes bytes)


def instruction_in_module(data: bytes) -> hlo_pb2.HloInstructionProto:
    """The HloInstructionProto in `data`, parsed as deep as it lies in a module (protobuf's nesting limit
    counts from the message parsed: alone, an instruction nested too deep for its module would pass)."""
    computation = _INSTRUCTIONS_TAG + varint(len(data)) + data
    module = hlo_pb2.HloModuleProto.FromString(COMPUTATION_TAG + varint(len(computation)) + computation)
    return module.computations[0].instructions[0]
