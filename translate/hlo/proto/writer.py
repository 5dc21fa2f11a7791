"""IR -> HloModuleProto: our IR as a serialized HloModuleProto (ids assigned XLA-style)."""

from __future__ import annotations

from typing import Any

from google.protobuf import text_format

from hlo_translate.errors import TranslateError
from hlo_translate.hlo.ir import HloComputation, HloInstruction, HloModule, OpMetadata, RawAttr, RecoveryEntry, Shape
from hlo_translate.hlo.proto.attribute_writers import (
    ATTR_TO_PROTO,
    CALL_ATTRS,
    PRECISION_OPERANDS,
    RAW_TO_PROTO,
    READS_OPERANDS,
    write_xla_defaults,
)
from hlo_translate.hlo.proto.module_fields import stack_frames_to_proto
from hlo_translate.hlo.proto.shapes import shape_bytes, shape_to_proto
from hlo_translate.hlo.proto.wire import (
    CALLED_IDS_TAG,
    COMPUTATION_ID_TAG,
    COMPUTATION_TAG,
    ID_TAG,
    IS_FUSION_FIELD,
    LENGTH_DELIMITED_TAGS,
    LENGTHS,
    NAME_TAG,
    OPERAND_IDS_TAG,
    PARAMETER_NUMBER,
    PARAMETER_NUMBER_TAG,
    PROGRAM_SHAPE_TAG,
    ROOT_ID_TAG,
    varint,
    wire_field,
)
from hlo_translate.proto import hlo_pb2, xla_data_pb2

# ---------------------------------------------------------------------------------------------
# IR -> proto


def module_to_proto(module: HloModule) -> hlo_pb2.HloModuleProto:
    """Our IR as an HloModuleProto (ids assigned XLA-style: computation id in the high 32 bits)."""
    return hlo_pb2.HloModuleProto.FromString(module_to_proto_bytes(module))


def module_to_proto_bytes(module: HloModule) -> bytes:
    """Our IR as a serialized HloModuleProto.

    Computations and instructions are encoded straight to the wire format (most instructions are a
    name, an opcode, a shape, an id and operand ids: building message objects for them field by field
    costs several times more); attributes still go through HloInstructionProto and its writers, and
    the module's own fields through HloModuleProto. Concatenated encodings of one message merge, so
    the pieces are simply written one after the other. Instructions and computations are dict keys by
    identity.

    Everything is written into one buffer: each computation's body in place, its tag and length put in
    front of it once it is known. A module of a million instructions otherwise kept an object per
    instruction and copied its bytes twice (the computation's join, the module's), all of it memory
    fresh from the system: its page faults made the time per instruction grow with the module.
    """
    computations = module.computations
    comp_ids = {c: n for n, c in enumerate(computations)}
    instructions = [i for comp in computations for i in comp.instructions]
    ids = _instruction_ids([len(comp.instructions) for comp in computations])
    encoded_ids = dict(zip(instructions, ids))
    fusion_ids = {comp_ids[c] for i in instructions if i.opcode == "fusion" for c in i.called_computations()}
    out = bytearray(_module_fields(module, comp_ids, fusion_ids).SerializeToString(deterministic=True))
    pieces: dict[Any, Any] = {}  # shapes and metadata by id: the module keeps them alive meanwhile
    _computations_bytes(out, computations, comp_ids, encoded_ids, ids, fusion_ids, pieces)
    return bytes(out)


_FEW_IDS = 2000  # up to this many, a Python loop (~1 us an id) beats importing numpy (~50 ms)


def _instruction_ids(counts: list[int]) -> list[bytes]:
    """The varint of every instruction's id, XLA's `(computation number << 32) + position`, computation by
    computation (`counts`: each computation's instruction count), encoded in numpy for all at once.

    A row of ten bytes per id, the varint's bytes then zeros; numpy's fixed-width bytes drop trailing zeros
    when they become Python bytes, and only the varint of 0 ends in a zero byte (every other varint ends in
    its highest non-zero 7-bit group; the bytes before it have the continuation bit).

    A small module's ids are encoded one by one: importing numpy would cost more than the whole
    conversion (the CLI's start-up)."""
    if sum(counts) <= _FEW_IDS:
        return [varint((n << 32) + i) for n, count in enumerate(counts) for i in range(count)]
    import numpy  # lazy: a small module is read and written without numpy

    sizes = numpy.asarray(counts, dtype=numpy.int64)
    total = int(sizes.sum())
    computation = numpy.repeat(numpy.arange(len(counts), dtype=numpy.uint64), sizes)
    first = numpy.repeat(numpy.cumsum(sizes) - sizes, sizes)
    values = (computation << numpy.uint64(32)) + (numpy.arange(total, dtype=numpy.int64) - first).astype(numpy.uint64)
    groups = numpy.zeros((10, total), dtype=numpy.uint8)  # (a group a row: whole-row steps, no masked writes)
    for group in range(10):
        groups[group] = values & numpy.uint64(0x7F)
        values >>= numpy.uint64(7)
        more = values != 0
        if not more.any():
            break
        groups[group] |= more.view(numpy.uint8) << 7  # the continuation bit
    ids = groups.T.copy().view("S10").ravel().tolist()
    if total and counts[0]:
        ids[0] = b"\x00"  # the first computation's first instruction, id 0
    return ids


def _computations_bytes(
    out: bytearray,
    computations: list[HloComputation],
    comp_ids: dict[HloComputation, int],
    encoded_ids: dict[HloInstruction, bytes],
    ids: list[bytes],
    fusion_ids: set[int],
    pieces: dict[Any, Any],
) -> None:
    """Append each computation as a serialized HloComputationProto field (3) of the module to `out`, in one
    loop over all the module's instructions (a module of many small reducers spends much of its time on
    each computation's fixed steps: one function call per computation, not two).

    A computation is its name (1), its instructions (2), then the fields of `_computation_tail`. An
    instruction is its name (field 1), then a piece shared by every instruction alike to it (opcode, shape,
    metadata when it has none, and its other attributes: see `_attributed_piece`), then its id, operand ids
    and parameter number, each instruction's fields joined in one step (tags and lengths from tables, one
    and two operands without the join of a list). Metadata, called computations and control predecessors
    are written per instruction (`_attributed_bytes`)."""
    lengths, fields, names, operand_fields = LENGTHS, _INSTRUCTION_FIELDS, _NAME_FIELDS, _OPERAND_ID_FIELDS
    id_tag, parameter_tag, called_ids_tag, name_tag = ID_TAG, PARAMETER_NUMBER_TAG, CALLED_IDS_TAG, NAME_TAG
    limit, tables = len(lengths), len(fields)
    keyed_apart, reads_operands, opcode_defaults = _KEYED_APART, READS_OPERANDS, _OPCODE_DEFAULTS
    join = b"".join
    own_ids = iter(ids)  # every instruction's, in order (zip stops before taking one more)
    for n, comp in enumerate(computations):
        body = len(out)
        name = comp.name.encode()
        size = len(name)
        out += names[size] if size < tables else name_tag + varint(size)
        out += name
        params: list[HloInstruction] = []
        for instr, own_id in zip(comp.instructions, own_ids):
            opcode = instr.opcode
            attributes = instr.attributes
            if attributes or opcode in opcode_defaults or instr.literal is not None:
                piece = None
                if instr.literal is None and keyed_apart.isdisjoint(attributes):  # most: keyed in one step
                    key: tuple = (opcode, id(instr.shape), tuple(attributes.items()))
                    if opcode in reads_operands:
                        key += tuple([id(o.shape) for o in instr.operands])
                    try:
                        piece = pieces[key][2]
                    except KeyError:
                        known = _attributed_piece(instr, key, pieces)
                        piece = None if known is None else known[2]
                    except TypeError:  # an unhashable attribute value
                        pass
                elif (
                    instr.literal is None
                    and "metadata" not in attributes
                    and "control-predecessors" not in attributes
                    and len(called := [v for k, v in attributes.items() if k in keyed_apart]) == 1
                    and type(called[0]) is HloComputation
                ):  # one called computation (a reduce's to_apply): the shared piece, then its id (field 38), as
                    # `_attributed_bytes` writes it, without its general steps
                    key = (
                        opcode,
                        id(instr.shape),
                        tuple([item for item in attributes.items() if item[0] not in keyed_apart]),
                    )
                    if opcode in reads_operands:
                        key += tuple([id(o.shape) for o in instr.operands])
                    try:
                        known = pieces.get(key) or _attributed_piece(instr, key, pieces)
                    except TypeError:  # an unhashable attribute value
                        known = None
                    if known is not None:
                        called_id = varint(comp_ids[called[0]])
                        piece = join((known[2], called_ids_tag, lengths[len(called_id)], called_id))
                if piece is None:  # the whole instruction but its ids, its name included
                    piece = _attributed_bytes(instr, comp_ids, encoded_ids, pieces)
                    name = name_field = b""
                else:
                    name = instr.name.encode()
                    size = len(name)
                    name_field = names[size] if size < tables else name_tag + varint(size)
            else:  # what write_xla_defaults sets on an instruction of no particular opcode: three empty messages
                key = (opcode, id(instr.shape))
                try:
                    piece = pieces[key]
                except KeyError:
                    piece = pieces[key] = (
                        wire_field(2, opcode.encode()) + wire_field(3, shape_bytes(instr.shape)) + _EMPTY_DEFAULTS
                    )
                name = instr.name.encode()
                size = len(name)
                name_field = names[size] if size < tables else name_tag + varint(size)
            operands = instr.operands
            count = len(operands)
            number = instr.parameter_number
            if count:
                if count == 2:
                    operand_ids = encoded_ids[operands[0]] + encoded_ids[operands[1]]
                elif count == 1:
                    operand_ids = encoded_ids[operands[0]]
                else:
                    operand_ids = join([encoded_ids[o] for o in operands])
                size = len(operand_ids)
                field = operand_fields[size] if size < tables else OPERAND_IDS_TAG + varint(size)
                if number is None:
                    data = join((name_field, name, piece, id_tag, own_id, field, operand_ids))
                else:
                    encoded = lengths[number] if 0 <= number < limit else varint(number)
                    data = join((name_field, name, piece, id_tag, own_id, field, operand_ids, parameter_tag, encoded))
            elif number is None:
                data = join((name_field, name, piece, id_tag, own_id))
            else:
                encoded = lengths[number] if 0 <= number < limit else varint(number)
                data = join((name_field, name, piece, id_tag, own_id, parameter_tag, encoded))
            if opcode == "parameter":
                params.append(instr)
            size = len(data)
            out += fields[size] if size < tables else INSTRUCTION_TAG + varint(size)
            out += data
        out += _computation_tail(comp, n, params, encoded_ids, n in fusion_ids, pieces)
        out[body:body] = COMPUTATION_TAG + varint(len(out) - body)


def _computation_tail(
    comp: HloComputation,
    comp_id: int,
    params: list[HloInstruction],
    encoded_ids: dict[HloInstruction, bytes],
    is_fusion: bool,
    pieces: dict[Any, Any],
) -> bytes:
    """The fields of the HloComputationProto of `comp` past its instructions, serialized: program shape (4),
    id (5), root id (6), fusion flag (7), execution thread (8), as deterministic serialization orders them."""
    root = comp.root
    assert root is not None
    if len(params) > 1:
        params.sort(key=PARAMETER_NUMBER)
    # The program shape's parameter and result shapes (fields 1, 2), once per distinct set of shapes
    key = ("program", id(root.shape), *[id(p.shape) for p in params])
    shapes = pieces.get(key)
    if shapes is None:
        shapes = pieces[key] = b"".join(
            [wire_field(1, _shape_bytes_by_id(p.shape, pieces)) for p in params]
            + [wire_field(2, _shape_bytes_by_id(root.shape, pieces))]
        )
    parts = [shapes]
    for p in params:  # their names (field 3), the tag and length from a table
        name = p.name.encode()
        size = len(name)
        parts.append(_PARAMETER_NAME_FIELDS[size] + name if size < 4096 else wire_field(3, name))
    program = b"".join(parts)
    size = len(program)
    root_id = encoded_ids[root]
    return b"".join(
        (
            PROGRAM_SHAPE_TAG,
            LENGTHS[size] if size < 16384 else varint(size),
            program,
            COMPUTATION_ID_TAG + varint(comp_id) if comp_id else b"",
            ROOT_ID_TAG + root_id if root_id != b"\x00" else b"",
            IS_FUSION_FIELD if is_fusion else b"",
            wire_field(8, comp.execution_thread.encode()) if comp.execution_thread else b"",
        )
    )


def _attributed_piece(instr: HloInstruction, key: tuple, pieces: dict[Any, Any]) -> tuple[bytes, bytes, bytes] | None:
    """The serialized HloInstructionProto of `instr` past its name, without its metadata, ids, called
    computations and control predecessors, as (opcode and shape, the rest, both with an empty metadata
    between), kept in `pieces` under `key`; None where a writer set the opcode or shape (not reused).

    Deterministic serialization writes fields by number: name (1), opcode (2), shape (3), metadata (7),
    then the rest (8 and up). The rest depends only on the opcode, the shapes (the operands' only for
    `READS_OPERANDS`) and the other attributes: `key` holds these (`_split_attributes`)."""
    name = wire_field(1, instr.name.encode())
    head = wire_field(2, instr.opcode.encode()) + wire_field(3, shape_bytes(instr.shape))
    whole = _instruction_proto(instr, {k: v for k, v in instr.attributes.items() if k != "metadata"}).SerializeToString(
        deterministic=True
    )
    if not whole.startswith(name + head + _EMPTY_METADATA):
        return None
    rest = whole[len(name) + len(head) + len(_EMPTY_METADATA) :]
    known = pieces[key] = (head, rest, head + _EMPTY_METADATA + rest)
    return known


def _attributed_bytes(
    instr: HloInstruction,
    comp_ids: dict[HloComputation, int],
    encoded_ids: dict[HloInstruction, bytes],
    pieces: dict[Any, Any],
) -> bytes:
    """The HloInstructionProto of an instruction with metadata, called computations, control predecessors,
    a literal or an unhashable attribute, serialized (its id, operands and parameter number aside): the
    shared piece of `_attributed_piece` where it has one, with its metadata and the ids of its called
    computations and control predecessors (JAX gives every reduce a reducer of its own: they would make
    every key distinct)."""
    key, metadata, calls = _split_attributes(instr, comp_ids, encoded_ids)
    known = None
    if key is not None:
        try:
            known = pieces.get(key) or _attributed_piece(instr, key, pieces)
        except TypeError:  # an unhashable attribute value
            pass
    if known is None:
        return _instruction_proto(instr, instr.attributes).SerializeToString(deterministic=True) + calls
    head, rest, _ = known
    return b"".join(
        (
            wire_field(1, instr.name.encode()),
            head,
            _EMPTY_METADATA if metadata is None else _metadata_field(metadata, pieces),
            rest,
            calls,
        )
    )


def _metadata_field(metadata: OpMetadata, pieces: dict[Any, Any]) -> bytes:
    """The metadata field (7) of an instruction, serialized once per metadata object."""
    key = ("metadata", id(metadata))
    data = pieces.get(key)
    if data is None:
        data = pieces[key] = wire_field(
            7, metadata.to_proto(xla_data_pb2.OpMetadata).SerializeToString(deterministic=True)
        )
    return data


def _split_attributes(
    instr: HloInstruction, comp_ids: dict[HloComputation, int], encoded_ids: dict[HloInstruction, bytes]
) -> tuple[tuple | None, Any, bytes]:
    """What the proto of `instr` past its metadata depends on (shapes by identity; None for a large literal
    or a metadata of another type), its metadata, and its called computation ids (field 38) and control
    predecessor ids (37), serialized, in one pass over its attributes."""
    items = []
    metadata = called = None
    calls = 0
    for name, value in instr.attributes.items():
        if name not in _KEYED_APART:
            items.append((name, value))
        elif name == "metadata":
            metadata = value
        elif name != "control-predecessors" and value is not None:
            calls += 1
            called = value
    parts: list[bytes] = []
    if calls:
        if calls > 1:
            called = instr.called_computations()  # in XLA's order
        elif not isinstance(called, tuple):
            called = (called,)
        if called:
            ids = b"".join([varint(comp_ids[c]) for c in called])
            parts += (CALLED_IDS_TAG, varint(len(ids)), ids)
    predecessors = instr.attributes.get("control-predecessors")
    if predecessors:
        parts.append(wire_field(37, b"".join([encoded_ids[c] for c in predecessors])))
    key = None
    if metadata is None or type(metadata) is OpMetadata:
        opcode = instr.opcode
        key = (
            opcode,
            id(instr.shape),
            tuple(items),
            *([id(o.shape) for o in instr.operands] if opcode in READS_OPERANDS else ()),
        )
        if instr.literal is not None:
            literal = _literal_key(instr.literal)
            key = None if literal is None else (*key, literal)
    return key, metadata, b"".join(parts)


def _literal_key(literal: Any) -> tuple | None:
    """A small array literal by its shape (identity) and value bits, for `_split_attributes`'s key (the
    exporter makes thousands of scalar constants); None for a tuple or a larger array."""
    value = literal.value
    if type(value) is tuple or value.size > 16:
        return None
    return ("literal", id(literal.shape), value.tobytes())


def _instruction_proto(instr: HloInstruction, attributes: dict[str, Any]) -> hlo_pb2.HloInstructionProto:
    """The HloInstructionProto of `instr` with `attributes` (ids, operands and called computations aside)."""
    ip = hlo_pb2.HloInstructionProto(name=instr.name, opcode=instr.opcode)
    ip.shape.MergeFromString(shape_bytes(instr.shape))  # some writers read the shape
    write_xla_defaults(ip, instr)
    if instr.literal is not None:
        from hlo_translate.hlo.proto.literal import literal_to_proto  # numpy: only for a module with constants

        ip.literal.CopyFrom(literal_to_proto(instr.literal))
    try:
        for key, value in attributes.items():
            writer = RAW_TO_PROTO.get(key) if isinstance(value, RawAttr) else ATTR_TO_PROTO.get(key)
            if writer is None:
                raise TranslateError(f"attribute '{key}' cannot be written to HloModuleProto", op=instr.name)
            writer(ip, value, instr)
    except UnicodeEncodeError:  # bytes from a C escape in HLO text (`\xe1`) where the proto has a string
        raise TranslateError(
            f"attribute '{key}' holds bytes that are not UTF-8, which an HloModuleProto string cannot hold",
            op=instr.name,
        ) from None
    return ip


def _shape_bytes_by_id(shape: Shape, pieces: dict[Any, Any]) -> bytes:
    """`shape_bytes`, looked up by identity first (a Shape's own hash is computed in Python)."""
    data = pieces.get(id(shape))
    if data is None:
        data = pieces[id(shape)] = shape_bytes(shape)
    return data


# The protobuf wire format, for the few field kinds written directly (int64 varints, bytes, packed).

# The varint of every value below 16 Ki (most lengths, names' lengths, computation numbers), made once.


_EMPTY_METADATA = wire_field(7, b"")
# The tag and length of an instruction (a computation's field 2), of its name (field 1) and of its operand
# ids (field 36, packed), by the length: one table read instead of a tag and a varint each.
INSTRUCTION_TAG = LENGTH_DELIMITED_TAGS[2]
_INSTRUCTION_FIELDS = [INSTRUCTION_TAG + length for length in LENGTHS[:4096]]
_NAME_FIELDS = [NAME_TAG + length for length in LENGTHS[:4096]]
_OPERAND_ID_FIELDS = [OPERAND_IDS_TAG + length for length in LENGTHS[:4096]]
# The tag and length of a program shape's parameter name (field 3), likewise.
_PARAMETER_NAME_FIELDS = [LENGTH_DELIMITED_TAGS[3] + length for length in LENGTHS[:4096]]
# metadata, frontend attributes, statistics
_EMPTY_DEFAULTS = wire_field(7, b"") + wire_field(68, b"") + wire_field(82, b"")
# Opcodes for which write_xla_defaults sets more than the three empty messages.
_OPCODE_DEFAULTS = frozenset(
    {"convolution", "custom-call", "dot", "topk", "compare", "outfeed", "scan", *PRECISION_OPERANDS}
)
# Attributes kept out of `_attributed_bytes`'s one-step key: written per instruction, or made ids.
_KEYED_APART = CALL_ATTRS | {"metadata"}


def _module_fields(
    module: HloModule, comp_ids: dict[HloComputation, int], fusion_ids: set[int]
) -> hlo_pb2.HloModuleProto:
    """The HloModuleProto of `module` without its computations."""
    proto = hlo_pb2.HloModuleProto(name=module.name)
    assert module.entry is not None
    proto.entry_computation_name = module.entry.name
    proto.entry_computation_id = comp_ids[module.entry]
    layout = module.entry_layout()
    for shape in layout.parameters:
        shape_to_proto(shape, proto.host_program_shape.parameters.add())
    shape_to_proto(layout.result, proto.host_program_shape.result)
    # XLA names the host program shape's parameters by position, whatever the entry's parameters are called
    proto.host_program_shape.parameter_names.extend(f"p{n}" for n in range(len(layout.parameters)))
    proto.input_output_alias.SetInParent()
    proto.buffer_donor.SetInParent()
    proto.frontend_attributes.SetInParent()
    if module.is_scheduled:
        for comp in module.computations:
            if comp_ids[comp] in fusion_ids:
                continue  # XLA schedules only non-fusion computations
            first = comp_ids[comp] << 32
            proto.schedule.sequences[comp_ids[comp]].instruction_ids.extend(
                range(first, first + len(comp.instructions))
            )
    for alias in module.input_output_alias:
        e = proto.input_output_alias.entries.add()
        e.output_shape_index.extend(alias.output_index)
        e.parameter_number = alias.parameter_number
        e.parameter_shape_index.extend(alias.parameter_index)
        e.kind = hlo_pb2.Kind.MUST_ALIAS if alias.kind == "must-alias" else hlo_pb2.Kind.MAY_ALIAS
    for donor in module.buffer_donor:
        e = proto.buffer_donor.entries.add()
        e.parameter_number = donor.parameter_number
        e.parameter_shape_index.extend(donor.parameter_index)
    if module.frontend_attributes is not None:
        proto.frontend_attributes.SetInParent()
        for key, value in module.frontend_attributes.items:
            proto.frontend_attributes.map[key] = value
    if module.stack_frames is not None:
        stack_frames_to_proto(module.stack_frames, proto.stack_frame_index)
    for entry in module.original_value_recovery_table:
        _recovery_entry_to_proto(entry, proto.original_value_recovery_table.entries.add())
    if module.proto_only:
        proto.MergeFromString(module.proto_only)
    return proto


def module_to_proto_text(module: HloModule) -> str:
    return text_format.MessageToString(module_to_proto(module))


def _recovery_entry_to_proto(entry: RecoveryEntry, out: hlo_pb2.OriginalValueRecoveryTableProto.Entry) -> None:
    for array, target in ((entry.old, out.old_original_array), (entry.new, out.new_original_array)):
        target.instruction_name = array.instruction_name
        target.shape_index.extend(array.array_index)
    if entry.module is not None:
        out.recovery_module.CopyFrom(module_to_proto(entry.module))
