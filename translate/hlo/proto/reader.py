"""HloModuleProto -> our IR, through our own schema in `proto/` (wire-compatible with XLA's).

    >>> from hlo_translate.hlo.proto import module_to_proto
    >>> from hlo_translate.hlo.text import parse_hlo_text
    >>> m = parse_hlo_text("HloModule m\\nENTRY e { ROOT p = f32[2] parameter(0) }")
    >>> module_from_proto(module_to_proto(m)).entry.root.shape.to_text()
    'f32[2]{0}'

Instructions are read in `module_from_proto`; their attributes in `attribute_readers` (the writers are in
`attribute_writers`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from google.protobuf.message import DecodeError
from google.protobuf.unknown_fields import UnknownFieldSet

from hlo_translate.errors import TranslateError
from hlo_translate.hlo.ir import (
    OPCODES,
    TYPE_NAMES,
    BufferDonor,
    ComputationLayout,
    FrontendAttributes,
    HloComputation,
    HloInstruction,
    HloModule,
    InputOutputAlias,
    OriginalArray,
    RecoveryEntry,
    Shape,
    is_default_order,
    shape_problem,
)
from hlo_translate.hlo.proto.attribute_readers import (
    OWN_ATTRIBUTES,
    attributes_from_proto,
    called_from_proto,
    generic_attributes,
)
from hlo_translate.hlo.proto.module_fields import proto_only_fields, stack_frames_from_proto
from hlo_translate.hlo.proto.shapes import shape_from_proto
from hlo_translate.hlo.proto.wire import (
    ID_FIELD,
    ID_TAG,
    LAZY_MODULE,
    LENGTH_DELIMITED_TAGS,
    OPERAND_IDS_TAG,
    VARINT_RE,
    decode_varints,
    field_numbers,
    instruction_bytes,
    instruction_in_module,
    varint,
    varints,
)
from hlo_translate.hlo.proto.wrappers import (
    HloProtoKind,
    is_whole_module,
    lazy_module,
    not_a_module_error,
    unwrap_module_proto,
    unwrap_module_proto_text,
)
from hlo_translate.proto import hlo_pb2


def _check_device_assignment(proto: hlo_pb2.HloModuleProto) -> None:
    """XLA's module config from a proto wants a device assignment of at least one replica and computation."""
    if not proto.HasField("device_assignment"):
        return
    assignment = proto.device_assignment
    if assignment.replica_count <= 0 or assignment.computation_count <= 0:
        raise TranslateError(
            f"device_assignment has {assignment.replica_count} replicas and "
            f"{assignment.computation_count} computations: both must be positive"
        )
    if len(assignment.computation_devices) != assignment.computation_count or any(
        len(c.replica_device_ids) != assignment.replica_count for c in assignment.computation_devices
    ):
        raise TranslateError(
            f"device_assignment lists devices for other than {assignment.computation_count} "
            f"computations of {assignment.replica_count} replicas each"
        )


def _check_literal_shape(ip: hlo_pb2.HloInstructionProto) -> None:
    """A constant's literal has a well-formed shape with a layout on every array, and that shape is the
    instruction's (dimensions, element types, minor_to_major), as XLA's proto reader requires."""
    if not ip.HasField("literal"):
        return
    literal_shape = shape_from_proto(ip.literal.shape)
    problem = shape_problem(literal_shape)
    if problem:
        raise TranslateError(f"the literal's shape: {problem}", op=ip.name)
    shape = shape_from_proto(ip.shape)
    if not _same_physical_shape(literal_shape, shape):
        missing = " (the instruction's shape has no layout)" if shape.is_array and shape.layout is None else ""
        raise TranslateError(
            f"the literal's shape {literal_shape.to_text()} is not the instruction's {shape.to_text()}{missing}",
            op=ip.name,
        )


def _same_physical_shape(a: Shape, b: Shape) -> bool:
    """Equal element types, dimensions and minor_to_major; both need a layout (XLA compares their presence)."""
    if a.is_tuple or b.is_tuple:
        return (
            a.is_tuple
            and b.is_tuple
            and len(a.tuple_shapes) == len(b.tuple_shapes)
            and all(_same_physical_shape(x, y) for x, y in zip(a.tuple_shapes, b.tuple_shapes))
        )
    if a.element_type != b.element_type or a.dimensions != b.dimensions:
        return False
    if not a.is_array:
        return True
    if a.layout is None:
        return False
    if not a.dimensions and a.layout.tail_padding_alignment_in_elements != 1:
        return False  # XLA's scalar literal has the default layout
    return b.layout is not None and a.layout.minor_to_major == b.layout.minor_to_major


def _instruction_attributes(
    instr: HloInstruction, ip: hlo_pb2.HloInstructionProto, comps: dict[int, HloComputation]
) -> dict[str, Any]:
    """The attributes of `instr`, read from its proto `ip` (control predecessors aside)."""
    own = OWN_ATTRIBUTES.get(instr.opcode)
    if own is not None:
        return generic_attributes(ip, instr, own(ip))
    attributes = attributes_from_proto(ip, comps, instr.operands)  # (called ids checked before: module_from_proto)
    order = attributes.get("order")
    if (
        instr.opcode == "compare"
        and order is not None
        and instr.operands
        and is_default_order(instr.operands[0].shape.element_type, order.name)
    ):
        del attributes["order"]  # XLA's proto always sets it; its text prints only a non-default one
    return attributes


# Instructions alike on the wire: a serialized HloInstructionProto is its name field, then `head` (the fields
# numbered below the id's), the id and operand_ids fields, then `tail` (the fields numbered above; its
# leading called_computation_ids field, if any, set apart). Two instructions with the same head and tail
# bytes differ only in name, id, operands and called computations, so their opcode, shape, parameter
# number and attributes are read from the proto once and reused (the called computations put in per
# instruction). `head` and `tail` are checked once to be whole fields without a name, id or operand_ids
# of their own: the serialized message then splits into its fields there and nowhere else. Opcodes whose
# attributes depend on their operands (compare's default order, a conditional's predicate branches) and
# constants (a literal each) are read one by one.
_NOT_ALIKE = frozenset({"constant", "compare", "conditional"})
_SPLIT_FIELDS = frozenset({1, 35, 36})  # name, id, operand_ids
_CONTROL_PREDECESSORS = 37
_CALLED_FIELD = 38
_CALLED_TAG = LENGTH_DELIMITED_TAGS[_CALLED_FIELD]


def _check_called_before(called: Sequence[int], position: dict[int, int], caller: int, name: str) -> None:
    """XLA's proto reader builds the computations in their order: an instruction of the `caller`-th may call
    only one listed before it."""
    for cid in called:
        if position.get(cid, caller) >= caller:
            where = "is unknown" if cid not in position else "is not listed before the computation calling it"
            raise TranslateError(f"called computation id {cid} {where}", op=name)


_LOCAL_ID_MASK = 0xFFFFFFFF  # an instruction id's low 32 bits: its local id (see module_from_proto)
_PLAIN_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.\-]*\Z").match
# in names each after a NUL: a character XLA's reader replaces, or a name's start it changes (two patterns: each
# alone scans fast)
_ODD_NAME_CHAR = re.compile(r"[^A-Za-z0-9_.\-\0]").search
_ODD_NAME_START = re.compile(r"\0(?:[^A-Za-z_]|__(?!xla_))").search
_NAME_BYTE = frozenset(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-")


def _sanitize_instruction_names(module: HloModule, names: set[str]) -> None:
    """Rename the instructions as XLA's reader names them (`sanitized_name`), which then wants them unique;
    `names`: the names as read, unique. (One scan of all the names: most need no change.)"""
    joined = "\0" + "\0".join(names)
    if (
        joined.count("\0") == len(names)
        and not _ODD_NAME_CHAR(joined)
        and not _ODD_NAME_START(joined)
        and TYPE_NAMES.isdisjoint(names)
    ):
        return
    seen: set[str] = set()
    for instr in module.instructions():
        instr.name = sanitized_name(instr.name)
        if instr.name in seen:
            raise TranslateError(
                f"instruction name '{instr.name}' is used twice in the module (as XLA's reader sanitizes names)",
                op=instr.name,
            )
        seen.add(instr.name)


def sanitized_name(name: str) -> str:
    """A module, computation or instruction name as XLA's proto reader makes it: each byte of its UTF-8
    other than a letter, digit, '_', '.' or '-' (and a first one other than a letter or '_') becomes '_', an
    element type's name gets a '_' after it, and a leading '__' (but '__xla_') becomes 'a_'.

    >>> sanitized_name("p ram"), sanitized_name("1abc"), sanitized_name("f32"), sanitized_name("é")
    ('p_ram', '_abc', 'f32_', 'a_')
    """
    if not name or (_PLAIN_NAME(name) and name not in TYPE_NAMES and not name.startswith("__")):
        return name
    raw = bytearray(name.encode())
    for i, byte in enumerate(raw):
        if byte not in _NAME_BYTE or (i == 0 and (byte in b"0123456789.-")):
            raw[i] = ord("_")
    result = raw.decode()
    if result in TYPE_NAMES:
        result += "_"
    if result.startswith("__") and not result.startswith("__xla_"):
        result = "a" + result[1:]
    return result


def _raise_id_problem(uid: int, local: dict[int, HloInstruction], computation: str, name: str) -> None:
    """Raise why `uid` cannot be the id of instruction `name` in a computation whose instructions read so far
    are `local` (by local id)."""
    if uid < 0:
        raise TranslateError(f"instruction id {uid} is negative", op=name)
    low = uid & _LOCAL_ID_MASK
    if low >= 0x7FFFFFFF:  # XLA reads the low half as an int32 index and sizes a list by it plus one
        raise TranslateError(
            f"instruction id {uid} has low 32 bits {low}: XLA takes them as a local "
            "index, which must be below 2^31 - 1",
            op=name,
        )
    if local[low].unique_id == uid:
        raise TranslateError(f"duplicate instruction id {uid} in computation {computation}", op=name)
    raise TranslateError(
        f"instruction id {uid} has the same low 32 bits ({low}) as another "
        f"instruction's id in computation {computation}",
        op=name,
    )


def _local_instructions(
    ids: Sequence[int], local: dict[int, HloInstruction], what: str, name: str
) -> list[HloInstruction]:
    """The instructions that `ids` name by their local ids among `local` (a computation's instructions
    read so far), in order; a `what` id naming none is an error at instruction `name`."""
    try:
        return [local[i & _LOCAL_ID_MASK] for i in ids]
    except KeyError:
        unknown = next(i for i in ids if i & _LOCAL_ID_MASK not in local)
        where = (
            "is not defined before its use in this computation"
            if what == "operand"
            else "is not an instruction of this computation"
        )
        raise TranslateError(f"{what} id {unknown} {where}", op=name) from None


def _instruction_shape(ip: hlo_pb2.HloInstructionProto) -> Shape:
    """The instruction's shape, which XLA's proto reader requires to be there (an absent one is not `()`)."""
    if not ip.HasField("shape"):
        raise TranslateError("the instruction has no shape", op=ip.name)
    return shape_from_proto(ip.shape)


@dataclass(eq=False, slots=True)
class _Alike:
    """What instructions alike on the wire share (see _alike_entry)."""

    opcode: str
    shape: Shape
    parameter_number: int
    preceded: bool  # has control predecessors
    attributes: dict[str, Any] | None  # read for the first one (None until then), copied for the others
    called_count: int  # how many computations the first one calls (read with its attributes)
    own: bool  # attributes of its own, needing no computation nor control predecessor: read at once
    plain: bool  # own, of a known opcode, neither a parameter nor the done of a transfer: nothing else to check
    calls: bool  # may call computations
    calls_apart: bool  # calls only in the called_computation_ids field set apart from the key (read from bytes)


def _alike_entry(key: tuple[bytes, bytes, bool], ip: hlo_pb2.HloInstructionProto) -> _Alike | bool:
    """What the instructions whose serialized (head, tail) is `key` share, read from `ip` (one of them);
    False when they are to be read one by one."""
    head, tail = (field_numbers(part) for part in key[:2])
    if head is None or tail is None or head & _SPLIT_FIELDS or tail & _SPLIT_FIELDS or ip.opcode in _NOT_ALIKE:
        return False
    # (bytes as written may hold any field before the id: the head is looked at too)
    preceded = _CONTROL_PREDECESSORS in tail or _CONTROL_PREDECESSORS in head
    elsewhere = _CALLED_FIELD in tail or _CALLED_FIELD in head
    calls = key[2] or elsewhere  # (the ids: checked one by one)
    own = ip.opcode in OWN_ATTRIBUTES and not preceded and not calls
    plain = own and ip.opcode in OPCODES and ip.opcode not in _DONE_OF_CONTEXT and ip.opcode != "parameter"
    return _Alike(
        ip.opcode,
        _instruction_shape(ip),
        ip.parameter_number,
        preceded,
        None,
        0,
        own,
        plain,
        calls,
        key[2] and not elsewhere,
    )


def _called_ids(payload: bytes, by_encoded_id: dict[bytes, int]) -> list[int] | None:
    """The computation ids packed in `payload` (a called_computation_ids field's), each as the varint of a
    computation's id; None where one is not (unknown, cut, or not as protobuf writes it: read the message)."""
    cid = by_encoded_id.get(payload)  # (most call one computation: the whole payload is its id)
    if cid is not None:
        return [cid]
    if payload and payload[-1] >= 128:
        return None
    try:
        return [by_encoded_id[i] for i in VARINT_RE.findall(payload)]
    except KeyError:
        return None


class _NotReadLazily(Exception):
    """A lazily read module (see module_from_proto_bytes) that is to be read as a whole message instead."""


class _InstructionMessages:
    """A computation's instructions of a lazily read module, each parsed from its bytes when first asked for."""

    __slots__ = ("_written", "_parsed")

    def __init__(self, written: list[bytes]) -> None:
        self._written = written
        self._parsed: dict[int, hlo_pb2.HloInstructionProto] = {}

    def __len__(self) -> int:
        return len(self._written)

    def __getitem__(self, n: int) -> hlo_pb2.HloInstructionProto:
        message = self._parsed.get(n)
        if message is None:
            message = self._parsed[n] = instruction_in_module(self._written[n])
        return message


# The done of a point-to-point transfer and the opcode its operand must have.
_DONE_OF_CONTEXT = {"send-done": "send", "recv-done": "recv"}


# (each computation's instructions' bytes; for each instruction, its candidate id, that id's varint bytes and where
# the first id field's tag is in its bytes, -1 where none is or not known)
_Instructions = tuple[list[list[bytes]], list[int], list[bytes], list[int]]


def _instructions_as_written(
    module_bytes: bytes, computations: list[hlo_pb2.HloComputationProto]
) -> _Instructions | None:
    """Each computation's instructions as written in `module_bytes` (an HloModuleProto's), and each
    instruction's candidate id (its first id field's value and bytes; 0 and b"\\0" without one), or None where
    they are not laid out one field per parsed message. Bytes as written may differ from protobuf's own
    serialization (field order, default values written): the likeness keys read from them are then only
    fewer alike, each key still standing for one parsed instruction but name and ids. No message object per
    instruction: those of a whole module cost ~0.4 us an instruction to make, read and free."""
    raw = instruction_bytes(module_bytes)
    if raw is None or len(raw) != len(computations):
        return None
    if any(len(written) != len(cp.instructions) for written, cp in zip(raw, computations)):
        return None
    return _with_candidate_ids(raw)


def _with_candidate_ids(raw: list[list[bytes]]) -> _Instructions | None:
    """Each computation's instructions' bytes `raw`, with each instruction's candidate id (see
    _instructions_as_written); None where protobuf refuses them."""
    matches = [ID_FIELD(data) for written in raw for data in written]
    # (b"\0" cannot follow an id tag where none matched: the reader's search for the id then fails)
    encoded = [match[1] if match else b"\0" for match in matches]
    ids = decode_varints(encoded)
    return None if ids is None else (raw, ids, encoded, [match.start() if match else -1 for match in matches])


def _instructions_serialized(computations: list[hlo_pb2.HloComputationProto]) -> _Instructions:
    """Each computation's instructions serialized again, with their ids (for a module not read from bytes)."""
    instructions = [list(cp.instructions) for cp in computations]
    ids = [ip.id for ips in instructions for ip in ips]
    return (
        [[ip.SerializeToString() for ip in ips] for ips in instructions],
        ids,
        varints(ids),
        [-1] * len(ids),
    )  # (one call for the module: each call builds a message)


def module_from_proto(proto: hlo_pb2.HloModuleProto, module_bytes: bytes | None = None) -> HloModule:
    """An HloModuleProto (XLA's or ours) as our IR; `module_bytes`, when given, are the bytes `proto` was
    read from (its instructions are then sliced out of them, not serialized again)."""
    module = HloModule(sanitized_name(proto.name))
    comps: dict[int, HloComputation] = {}
    # Each computation's instructions by local id: XLA resolves an operand, root, control predecessor or
    # scheduled id by its low 32 bits among the computation's own instructions (the high half, which names
    # the computation in the ids XLA writes, is not looked at; two computations may hold the same id).
    locals_by_computation: list[dict[int, HloInstruction]] = []
    names: set[str] = set()
    # (instruction, its computation's instruction messages and its place there, entry, its computation's place,
    # the bytes of its called ids where its entry has them set apart)
    pending: list[tuple[HloInstruction, Any, int, _Alike | None, int, bytes | None]] = []
    position: dict[int, int] = {}  # a computation id's place in the list: XLA's reader calls only earlier ones
    alike: dict[tuple[bytes, bytes, bool], _Alike | bool] = {}  # see _alike_entry
    _check_device_assignment(proto)
    computations = list(proto.computations)
    lazy = isinstance(proto, LAZY_MODULE)  # instructions as bytes, each parsed when first needed
    if lazy:
        written = _with_candidate_ids([list(cp.instructions) for cp in computations])
        if written is None:
            raise _NotReadLazily
    else:
        written = _instructions_as_written(module_bytes, computations) if module_bytes is not None else None
    raw, all_ids, all_encoded_ids, all_id_places = written or _instructions_serialized(computations)
    start = 0
    computation_names: set[str] = set()
    for k, cp in enumerate(computations):
        comp_name = sanitized_name(cp.name)
        if comp_name in computation_names:  # XLA's proto reader refuses it (a RET_CHECK)
            raise TranslateError(f"two computations are named '{comp_name}'")
        computation_names.add(comp_name)
        cid = cp.id
        comp = HloComputation(comp_name, [], None, False, None, cid)
        thread = cp.execution_thread
        if thread and thread != "main":
            comp.execution_thread = thread
        comps[cid] = comp
        module.computations.append(comp)
        local: dict[int, HloInstruction] = {}  # by local id (see locals_by_computation)
        locals_by_computation.append(local)
        local_ids: dict[bytes, HloInstruction] = {}  # the same, by their whole ids' varint bytes
        numbers: list[int] = []  # the parameters' numbers
        append = comp.instructions.append
        # (a message object made only for an instruction read one by one: ips[n])
        ips = _InstructionMessages(raw[k]) if lazy else cp.instructions
        stop = start + len(ips)
        ids, encoded_ids, id_places = all_ids[start:stop], all_encoded_ids[start:stop], all_id_places[start:stop]
        start = stop
        for n, (uid, encoded_id, id_at, data) in enumerate(zip(ids, encoded_ids, id_places, raw[k])):
            entry: Any = None  # an _Alike, False, or None
            width = len(encoded_id)
            if len(data) > 2 and data[0] == 10 and data[1] < 128:  # the name first, < 128 bytes
                name_end = 2 + data[1]
                # (the first id field past the name: the first found when past it, as no earlier one matched)
                at = id_at if id_at >= name_end else data.find(ID_TAG + encoded_id, name_end)
                if at > 0:
                    end = operands_at = at + 2 + width
                    try:  # (a tag at the very end: IndexError)
                        if data.startswith(OPERAND_IDS_TAG, end):
                            operands_at = end + 3
                            end = operands_at + data[end + 2] if data[end + 2] < 128 else -1
                            if end > len(data):  # (cut short: for the message to refuse)
                                end = -1
                        if end > 0 and data.startswith(_CALLED_TAG, end) and data[end + 2] < 128:
                            called_at = end + 3
                            called_end = called_at + data[end + 2]
                            # called ids apart (cut short: for the message to refuse)
                            key = (data[name_end:at], data[called_end:], True) if called_end <= len(data) else None
                        elif end > 0:
                            key = (data[name_end:at], data[end:], False)
                        else:
                            key = None
                    except IndexError:
                        key = None
                    if key is not None:
                        entry = alike.get(key)
                        if entry is None:
                            entry = alike[key] = _alike_entry(key, ips[n])
            operands = None
            if entry:
                name = data[2:name_end].decode()
                opcode = entry.opcode
                # The operands by their ids' bytes, as the id fields of this computation's instructions. Each
                # key is one whole varint, so a slice found among them is one: one or two operands as long as
                # the id are sliced out (no regex), others split by VARINT_RE.
                size = end - operands_at
                try:
                    if size == width:
                        operands = [local_ids[data[operands_at:end]]]
                    elif size == 2 * width:
                        split = operands_at + width
                        operands = [local_ids[data[operands_at:split]], local_ids[data[split:end]]]
                    elif not size:
                        operands = []
                    elif data[end - 1] < 128:  # (whole varints: a cut one is for the message to refuse)
                        operands = [local_ids[i] for i in VARINT_RE.findall(data, operands_at, end)]
                except KeyError:
                    pass  # (an unknown operand, or split elsewhere: read one by one below)
            else:
                ip = ips[n]
                name, opcode = ip.name, ip.opcode
                uid = ip.id  # (the id read from the bytes is only a candidate, confirmed by `entry`)
                encoded_id = varint(uid)
            low = uid & _LOCAL_ID_MASK
            if uid < 0 or low >= 0x7FFFFFFF or low in local:  # (one test for the common case)
                _raise_id_problem(uid, local, cp.name, name)
            plain = entry.plain if entry else False  # (a known opcode and no checks of its own: see _alike_entry)
            if not plain and opcode not in OPCODES:
                raise TranslateError(f"unknown opcode '{opcode}'", op=name)
            if not name:
                raise TranslateError(f"instruction id {uid} has no name")
            if name in names:  # XLA's module loader: names are unique in the whole module
                raise TranslateError(f"instruction name '{name}' is used twice in the module", op=name)
            names.add(name)
            if operands is None:
                operands = _local_instructions(ips[n].operand_ids, local, "operand", name)
            own = entry.attributes if entry and entry.own else None  # attributes of its own, read for one alike before
            if own is not None:  # (positional: a dataclass's keyword arguments cost ~0.1 us an instruction)
                instr = HloInstruction(name, opcode, entry.shape, operands, own.copy(), None, None, uid)
            else:
                shape = entry.shape if entry else _instruction_shape(ip)
                instr = HloInstruction(name, opcode, shape, operands, unique_id=uid)
            if plain:
                pass
            elif opcode in _DONE_OF_CONTEXT and (not operands or operands[0].opcode != _DONE_OF_CONTEXT[opcode]):
                # XLA's proto reader RET_CHECKs it (its text parser takes it: text alone cannot go through a proto)
                raise TranslateError(
                    f"a {opcode} must take the context of a {_DONE_OF_CONTEXT[opcode]} as its operand, "
                    f"not of a {operands[0].opcode if operands else 'nothing'}",
                    op=name,
                )
            elif opcode == "parameter":
                instr.parameter_number = entry.parameter_number if entry else ip.parameter_number
                numbers.append(instr.parameter_number)
            elif opcode == "constant":
                from hlo_translate.hlo.proto.literal import literal_from_proto  # numpy: for constants only

                _check_literal_shape(ip)
                instr.literal = literal_from_proto(ip.literal)
            local[low] = instr
            local_ids[encoded_id] = instr
            append(instr)
            if own is not None:
                pass
            elif entry and entry.own:  # attributes of its own: read now, once for all alike
                ip = ips[n]
                attributes = entry.attributes = generic_attributes(ip, instr, OWN_ATTRIBUTES[opcode](ip))
                instr.attributes = attributes.copy()
            else:
                called_bytes = data[called_at:called_end] if entry and entry.calls_apart else None
                pending.append((instr, ips, n, entry or None, k, called_bytes))
        root = local.get(cp.root_id & _LOCAL_ID_MASK)
        if root is None:
            raise TranslateError(f"root id {cp.root_id} of computation {cp.name} is unknown")
        # numbered 0..n-1, each once, exactly when parameter_problem finds nothing (which walks every instruction)
        if numbers and sorted(numbers) != list(range(len(numbers))):
            problem = comp.parameter_problem()
            assert problem is not None, comp.name
            raise TranslateError(problem[1], op=problem[0].name if problem[0] is not None else None)
        comp.root = root
        position.setdefault(cid, k)
    positions: dict[int, dict[int, int]] = {}  # a computation's instructions' places in its list, made on demand
    computation_ids = list(comps)
    by_encoded_id = dict(zip(varints(computation_ids), computation_ids))  # (as local_ids, for called ids)
    for instr, ips, n, entry, caller, called_bytes in pending:
        if entry and not entry.preceded and (attributes := entry.attributes) is not None:
            if not entry.calls:
                instr.attributes = attributes.copy()  # as the alike one read before: no message to make
                continue
            if called_bytes is not None and (read := _called_ids(called_bytes, by_encoded_id)) is not None:
                _check_called_before(read, position, caller, instr.name)
                if instr.opcode in OWN_ATTRIBUTES or len(read) == entry.called_count:  # (as below)
                    instr.attributes = attributes.copy()
                    if instr.opcode not in OWN_ATTRIBUTES:
                        called_from_proto(instr.opcode, [comps[c] for c in read], instr.attributes, False, instr.name)
                    continue
        ip = ips[n]
        if (not entry or entry.calls) and (called := ip.called_computation_ids):
            _check_called_before(called, position, caller, ip.name)
        if not entry:
            instr.attributes = _instruction_attributes(instr, ip, comps)
            predecessors = ip.control_predecessor_ids
        else:
            attributes = entry.attributes
            if attributes is None:
                attributes = entry.attributes = _instruction_attributes(instr, ip, comps)
                entry.called_count = len(ip.called_computation_ids)
                instr.attributes = attributes.copy()
            elif instr.opcode in OWN_ATTRIBUTES:  # (these read no called computations)
                instr.attributes = attributes.copy()
            elif not entry.calls:  # calls nothing, as the one read
                instr.attributes = attributes.copy()
            elif len(called) == entry.called_count:  # the same but the computations
                instr.attributes = attributes.copy()
                called_from_proto(instr.opcode, [comps[c] for c in called], instr.attributes, False, ip.name)
            else:
                instr.attributes = _instruction_attributes(instr, ip, comps)
            predecessors = ip.control_predecessor_ids if entry.preceded else None
        if predecessors:
            found = _local_instructions(predecessors, locals_by_computation[caller], "control predecessor", ip.name)
            if caller not in positions:
                positions[caller] = {id(i): n for n, i in enumerate(module.computations[caller].instructions)}
            order = positions[caller]
            late = next((p for p in found if order[id(p)] >= order[id(instr)]), None)
            if late is not None:  # XLA's reader looks it up among the instructions read before
                raise TranslateError(
                    f"control predecessor {late.name} is not defined before its use in this computation", op=ip.name
                )
            instr.attributes["control-predecessors"] = tuple(found)
    _sanitize_instruction_names(module, names)
    if proto.entry_computation_id not in comps:
        raise TranslateError("the module's entry computation is missing")
    if not proto.HasField("host_program_shape"):
        raise TranslateError("the module proto has no host_program_shape (XLA's loader needs it)")
    if len(proto.host_program_shape.parameter_names) != len(proto.host_program_shape.parameters):
        raise TranslateError(
            f"the host_program_shape has {len(proto.host_program_shape.parameters)} parameters "
            f"and {len(proto.host_program_shape.parameter_names)} parameter names"
        )
    module.entry = comps[proto.entry_computation_id]
    module.entry.is_entry = True
    if proto.HasField("host_program_shape"):
        hs = proto.host_program_shape
        module.entry_computation_layout = ComputationLayout(
            tuple(shape_from_proto(s) for s in hs.parameters), shape_from_proto(hs.result)
        )
    if proto.HasField("schedule"):
        module.is_scheduled = True
        _apply_schedule(
            proto.schedule,
            comps,
            module,
            {id(comp): local for comp, local in zip(module.computations, locals_by_computation)},
        )
    module.input_output_alias = tuple(
        InputOutputAlias(
            tuple(e.output_shape_index),
            e.parameter_number,
            tuple(e.parameter_shape_index),
            "must-alias" if e.kind == hlo_pb2.Kind.MUST_ALIAS else "may-alias",
        )
        for e in proto.input_output_alias.entries
    )
    outputs = [alias.output_index for alias in module.input_output_alias]
    if len(set(outputs)) != len(outputs):  # XLA's loader sets up one alias per output index
        twice = next(index for index in outputs if outputs.count(index) > 1)
        raise TranslateError(f"input_output_alias: output index {list(twice)} is aliased twice")
    module.buffer_donor = tuple(
        BufferDonor(e.parameter_number, tuple(e.parameter_shape_index)) for e in proto.buffer_donor.entries
    )
    if proto.frontend_attributes.map:
        module.frontend_attributes = FrontendAttributes(tuple(sorted(proto.frontend_attributes.map.items())))
    module.stack_frames = stack_frames_from_proto(proto.stack_frame_index)
    module.unique_id = proto.id
    module.original_value_recovery_table = tuple(
        _recovery_entry_from_proto(e) for e in proto.original_value_recovery_table.entries
    )
    module.proto_only = proto_only_fields(proto)
    return module


def _schedule_sequences(schedule: hlo_pb2.HloScheduleProto) -> dict[int, list[int]]:
    """The schedule's sequences by computation id, as XLA's C++ reader reads the map: protobuf's Python reader
    sets aside as unknown a map entry holding a field it does not know, which C++ reads, skipping that field
    (an entry without key is computation 0's)."""
    sequences = {cid: list(seq.instruction_ids) for cid, seq in schedule.sequences.items()}
    for field in UnknownFieldSet(schedule):  # type: ignore[attr-defined]  # (iterable; stubs lack __iter__)
        if field.field_number == 1 and field.wire_type == 2:
            try:
                entry = hlo_pb2.HloScheduleProto.SequencesEntry.FromString(field.data)
            except DecodeError:
                raise TranslateError("the schedule has a sequence entry that is no protobuf message") from None
            sequences[entry.key] = list(entry.value.instruction_ids)
    return sequences


def _apply_schedule(
    schedule: hlo_pb2.HloScheduleProto,
    comps: dict[int, HloComputation],
    module: HloModule,
    locals_of: dict[int, dict[int, HloInstruction]],
) -> None:
    """Order each computation as its sequence says, after XLA's checks on loading a schedule (it refuses the
    module otherwise): for each execution thread that has a sequence, a sequence per non-fusion computation
    of that thread, holding exactly that computation's instructions (named by local id, as operands are),
    each after its operands and control predecessors. XLA drops a sequence for a computation id the module
    lacks. It needs none for a fusion computation nor for one the entry does not call, and keeps one for either
    unchecked: we check it as the others (one that leaves out instructions, XLA's printed text leaves them out
    too). A computation without a sequence keeps the order the proto lists its instructions in.
    `locals_of`: each computation's instructions by local id, keyed by id() of the computation."""
    fusion = {id(c) for i in module.instructions() if i.opcode == "fusion" for c in i.called_computations()}
    sequenced: set[int] = set()  # id() of each computation with a sequence
    threads: set[str | None] = set()
    for cid, instruction_ids in _schedule_sequences(schedule).items():
        comp = comps.get(cid)
        if comp is None:
            continue
        threads.add(comp.execution_thread)
        local = locals_of[id(comp)]
        found = [local.get(uid & _LOCAL_ID_MASK) for uid in instruction_ids]
        if None in found or len(found) != len(local) or len({id(i) for i in found}) != len(found):
            raise TranslateError(
                f"the schedule of computation {comp.name} has {len(found)} instructions, not its {len(local)}"
            )
        order = cast(list[HloInstruction], found)
        position = {id(instr): n for n, instr in enumerate(order)}
        for instr in order:
            for before in (*instr.operands, *instr.control_predecessors):
                if position.get(id(before), len(order)) >= position[id(instr)]:
                    raise TranslateError(
                        f"scheduled before its operand or control predecessor {before.name}", op=instr.name
                    )
        comp.instructions = order
        sequenced.add(id(comp))
    for comp in module.reachable_computations():
        if id(comp) not in fusion and comp.execution_thread in threads and id(comp) not in sequenced:
            raise TranslateError(f"the schedule has no sequence for computation {comp.name}")


# ---------------------------------------------------------------------------------------------


def module_from_proto_bytes(data: bytes) -> HloModule:
    """Read a binary HloModuleProto, or an HloProto / HloSnapshot / HloUnoptimizedSnapshot holding one."""
    lazy = lazy_module(data)
    if lazy is not None:  # a module, and no wrapper holding one: its instructions parsed only where needed
        try:
            return module_from_proto(lazy, data)
        except Exception:  # (an error, or an instruction protobuf refuses: both for the reading below to say)
            pass  # (each instruction read lazily is parsed, or alike to one parsed: the module is all valid)
    proto, kind = unwrap_module_proto(data, instructions=False)  # (the instructions are looked at here)
    try:
        return module_from_proto(proto, data if kind is HloProtoKind.MODULE else None)
    except TranslateError:
        if not is_whole_module(proto):  # an instruction without an opcode: not a module after all
            raise not_a_module_error() from None
        raise


def module_from_proto_text(text: str) -> HloModule:
    """Read an HloModuleProto (or a wrapper holding one) in protobuf text format."""
    return module_from_proto(unwrap_module_proto_text(text)[0])


def _recovery_entry_from_proto(entry: hlo_pb2.OriginalValueRecoveryTableProto.Entry) -> RecoveryEntry:
    old, new = (
        (OriginalArray((), a.instruction_name, tuple(a.shape_index)))
        for a in (entry.old_original_array, entry.new_original_array)
    )
    module = module_from_proto(entry.recovery_module) if entry.HasField("recovery_module") else None
    return RecoveryEntry(old, new, module)
