"""proto-read's reuse of alike instructions (`_alike_entry`) reads what reading each instruction does.

Instructions whose serialized protos differ only in name, id, operands (and called computations) share
one reading of their opcode, shape and attributes. Here XLA writes the protos, and every module is read
twice: with the reuse and with every instruction read one by one; the modules must be the same.
"""

from __future__ import annotations

import pytest

from hlo_translate import TranslateError
from hlo_translate.hlo.proto import reader as proto_io
from hlo_translate.hlo.text import print_hlo_text
from hlo_translate.proto import hlo_pb2

_jaxlib_hlo = pytest.importorskip("jaxlib._hlo")

MODULE = """HloModule alike, entry_computation_layout={(f32[4,2]{1,0}, f32[4,2]{1,0}, s32[])->(f32[4], f32[4], f32[4,2], pred[4,2], s32[])}

max {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT m = f32[] maximum(a, b)
}

sum {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}

cond {
  p = s32[] parameter(0)
  ten = s32[] constant(10)
  ROOT lt = pred[] compare(p, ten), direction=LT
}

body {
  p = s32[] parameter(0)
  one = s32[] constant(1)
  ROOT next = s32[] add(p, one)
}

ENTRY main {
  x = f32[4,2]{1,0} parameter(0)
  y = f32[4,2]{1,0} parameter(1)
  n = s32[] parameter(2)
  add.1 = f32[4,2]{1,0} add(x, y)
  add.2 = f32[4,2]{1,0} add(add.1, y), metadata={op_name="jit(f)/add" source_file="f.py" source_line=3}
  add.3 = f32[4,2]{1,0} add(add.2, add.1), control-predecessors={add.2}
  add.4 = f32[4,2]{1,0} add(add.3, x), frontend_attributes={b="2",a="1"}
  zero = f32[] constant(0)
  r.1 = f32[4] reduce(add.4, zero), dimensions={1}, to_apply=max
  r.2 = f32[4] reduce(add.3, zero), dimensions={1}, to_apply=sum
  r.3 = f32[4] reduce(add.2, zero), dimensions={1}, to_apply=max, control-predecessors={r.1, r.2}
  lt.1 = pred[4,2]{1,0} compare(x, y), direction=LT
  lt.2 = pred[4,2]{1,0} compare(y, x), direction=LT
  w = s32[] while(n), condition=cond, body=body
  ROOT t = (f32[4], f32[4], f32[4,2], pred[4,2], s32[]) tuple(r.1, r.2, add.4, lt.2, w)
}
"""


def _read_both(proto: hlo_pb2.HloModuleProto, monkeypatch: pytest.MonkeyPatch):
    reused = proto_io.module_from_proto(proto)
    with monkeypatch.context() as patch:
        patch.setattr(proto_io, "_alike_entry", lambda key, ip: False)
        one_by_one = proto_io.module_from_proto(proto)
    return reused, one_by_one


def _assert_same(reused, one_by_one, printable: bool = True) -> None:
    if printable:
        assert print_hlo_text(reused) == print_hlo_text(one_by_one)
    for a, b in zip(reused.instructions(), one_by_one.instructions(), strict=True):
        assert (a.name, a.opcode, a.shape, a.parameter_number, a.unique_id) == (
            b.name,
            b.opcode,
            b.shape,
            b.parameter_number,
            b.unique_id,
        )
        assert [o.name for o in a.operands] == [o.name for o in b.operands]
        assert list(a.attributes) == list(b.attributes)
        for key, value in a.attributes.items():
            other = b.attributes[key]
            if key in ("to_apply", "body", "condition"):
                assert [c.name for c in _tuple(value)] == [c.name for c in _tuple(other)], (a.name, key)
            elif key == "control-predecessors":
                assert [i.name for i in value] == [i.name for i in other]
            else:
                assert value == other, (a.name, key)


def _tuple(value) -> tuple:
    return value if isinstance(value, tuple) else (value,)


def _xla_proto() -> hlo_pb2.HloModuleProto:
    data = _jaxlib_hlo.hlo_module_from_text(MODULE).as_serialized_hlo_module_proto()
    return hlo_pb2.HloModuleProto.FromString(data)


def test_alike_instructions_read_as_one_by_one(monkeypatch: pytest.MonkeyPatch) -> None:
    reads = []
    read = proto_io._instruction_attributes
    with monkeypatch.context() as patch:
        patch.setattr(proto_io, "_instruction_attributes", lambda *args: reads.append(1) or read(*args))
        proto_io.module_from_proto(_xla_proto())
    reused, one_by_one = _read_both(_xla_proto(), monkeypatch)
    assert 0 < len(reads) < len(list(reused.instructions())) - 2  # (add.4, r.2, r.3, the params reused)
    _assert_same(reused, one_by_one)
    entry = {i.name: i for i in reused.entry.instructions}
    # each reduce keeps its own reducer, and alike instructions their own attribute dicts
    assert [entry[r].attributes["to_apply"].name for r in ("r.1", "r.2", "r.3")] == ["max", "sum", "max"]
    assert [i.name for i in entry["r.3"].control_predecessors] == ["r.1", "r.2"]
    assert entry["add.1"].attributes is not entry["add.4"].attributes
    assert "metadata" in entry["add.2"].attributes and "metadata" not in entry["add.1"].attributes


def test_id_bytes_inside_another_field(monkeypatch: pytest.MonkeyPatch) -> None:
    """An instruction whose backend_config holds the bytes of its own id field is still split right."""
    proto = _xla_proto()
    entry = next(c for c in proto.computations if c.id == proto.entry_computation_id)
    instr = next(i for i in entry.instructions if i.name == "add.4")
    fields = hlo_pb2.HloInstructionProto(id=instr.id).SerializeToString()
    instr.backend_config = b"x" + fields + hlo_pb2.HloInstructionProto(operand_ids=[5]).SerializeToString()
    reused, one_by_one = _read_both(proto, monkeypatch)
    _assert_same(reused, one_by_one)
    add4 = next(i for i in reused.entry.instructions if i.name == "add.4")
    assert add4.attributes["backend_config"].encode("utf-8", "surrogateescape") == instr.backend_config
    assert add4.unique_id == instr.id


def test_called_computations_of_another_count(monkeypatch: pytest.MonkeyPatch) -> None:
    """Alike calls with a different number of called computations are read on their own."""
    proto = _xla_proto()
    entry = next(c for c in proto.computations if c.id == proto.entry_computation_id)
    sum_id = next(c.id for c in proto.computations if c.name == "sum")
    r3 = next(i for i in entry.instructions if i.name == "r.3")
    r3.called_computation_ids.append(sum_id)
    reused, one_by_one = _read_both(proto, monkeypatch)
    _assert_same(reused, one_by_one, printable=False)  # (a reduce of two reducers has no text form)
    assert [c.name for c in next(i for i in reused.entry.instructions if i.name == "r.3").attributes["to_apply"]] == [
        "max",
        "sum",
    ]


def _xla_refuses(proto: hlo_pb2.HloModuleProto) -> bool:
    try:
        _jaxlib_hlo.HloModule.from_serialized_hlo_module_proto(proto.SerializeToString())
    except Exception:  # jaxlib raises its own error types
        return True
    return False


@pytest.mark.parametrize("case", ["self", "later", "unknown", "own attributes"])
def test_called_computation_must_be_listed_before_its_caller(case: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """XLA's proto reader builds computations in list order: a call of itself, of a later one or of an id
    the proto does not hold is refused (with and without the reuse of alike instructions)."""
    proto = _xla_proto()
    ids = {c.name: c.id for c in proto.computations}
    entry = next(c for c in proto.computations if c.id == proto.entry_computation_id)
    if case == "self":  # the reducer `sum`'s own add calls `sum`
        caller = next(c for c in proto.computations if c.name == "sum")
        instr, target = caller.instructions[-1], ids["sum"]
    elif case == "later":  # `max`'s maximum calls `body`, listed after it
        caller = next(c for c in proto.computations if c.name == "max")
        instr, target = caller.instructions[-1], ids["body"]
    elif case == "unknown":
        instr, target = next(i for i in entry.instructions if i.name == "r.2"), max(ids.values()) + 7
    else:  # an add (attributes read at once) calling a later computation
        instr, target = next(i for i in entry.instructions if i.name == "add.4"), ids["main"]
    del instr.called_computation_ids[:]
    instr.called_computation_ids.append(target)
    assert _xla_refuses(proto)
    for alike in (True, False):
        with monkeypatch.context() as patch:
            if not alike:
                patch.setattr(proto_io, "_alike_entry", lambda key, ip: False)
            with pytest.raises(TranslateError, match=f"'{instr.name}': called computation id {target} "):
                proto_io.module_from_proto(proto)


def test_called_computation_listed_before_is_read() -> None:
    """The ids need not grow with the list: only the order of the list counts, as for XLA."""
    proto = _xla_proto()
    shift = {c.id: 1000 - c.id for c in proto.computations}
    for comp in proto.computations:
        comp.id = shift[comp.id]
        for instr in comp.instructions:
            called = [shift[c] for c in instr.called_computation_ids]
            del instr.called_computation_ids[:]
            instr.called_computation_ids.extend(called)
    proto.entry_computation_id = shift[proto.entry_computation_id]
    proto.ClearField("schedule")
    assert not _xla_refuses(proto)
    module = proto_io.module_from_proto(proto)
    assert {i.name: i.attributes["to_apply"].name for i in module.entry.instructions if i.opcode == "reduce"} == {
        "r.1": "max",
        "r.2": "sum",
        "r.3": "max",
    }


@pytest.mark.parametrize("name", ["sum", "main", ""])
def test_computation_names_are_unique(name: str) -> None:
    """Computations sharing a name: XLA's proto reader refuses the module (fuzz seed 97), and so do we."""
    proto = _xla_proto()
    first, second = [c for c in proto.computations if c.name != name][:2]
    first.name = second.name = name
    assert _xla_refuses(proto)
    with pytest.raises(TranslateError, match=f"two computations are named '{name}'"):
        proto_io.module_from_proto(proto)


@pytest.mark.parametrize("low", [0x7FFFFFFF, 0x80000000, 0xFFFFFFFF])
def test_an_id_whose_low_half_is_no_local_index_is_refused(low: int) -> None:
    """XLA takes an instruction id's low 32 bits as an int32 index into its computation (and sizes a list by
    it plus one): from 2^31 - 1 up it refuses the module (fuzz seed 97). Far but valid ones it reads."""
    for value, refused in ((low, True), (1000, False)):
        proto = _xla_proto()
        entry = next(c for c in proto.computations if c.id == proto.entry_computation_id)
        instr = entry.instructions[0]
        old, new = instr.id, (instr.id >> 32 << 32) | value
        for other in entry.instructions:
            other.operand_ids[:] = [new if o == old else o for o in other.operand_ids]
            other.control_predecessor_ids[:] = [new if o == old else o for o in other.control_predecessor_ids]
        instr.id = new
        if entry.root_id == old:
            entry.root_id = new
        proto.ClearField("schedule")
        assert _xla_refuses(proto) == refused, hex(value)
        if refused:
            with pytest.raises(TranslateError, match=f"has low 32 bits {value}"):
                proto_io.module_from_proto(proto)
        else:
            proto_io.module_from_proto(proto)


ENUMS = """HloModule enums

ENTRY main {
  x = f32[4,8] parameter(0)
  k = u64[2] parameter(1)
  c = f32[4,8] custom-call(x), custom_call_target="foo", api_version=API_VERSION_STATUS_RETURNING
  f = c64[4,5] fft(x), fft_type=RFFT, fft_length={8}
  r = (u64[2], u32[4]) rng-bit-generator(k), algorithm=rng_philox
  ROOT t = (f32[4,8], c64[4,5], (u64[2], u32[4])) tuple(c, f, r)
}
"""


@pytest.mark.parametrize(
    ("name", "field"), [("c", "custom_call_api_version"), ("f", "fft_type"), ("r", "rng_algorithm")]
)
def test_an_enum_number_the_schema_does_not_define_is_refused_at_its_instruction(name: str, field: str) -> None:
    """An enum field holding a number its enum does not define (fuzz seed 101: api_version -1) is an input
    error naming the instruction, not a ValueError from protobuf's Name()."""
    proto = hlo_pb2.HloModuleProto.FromString(_jaxlib_hlo.hlo_module_from_text(ENUMS).as_serialized_hlo_module_proto())
    instr = next(i for c in proto.computations for i in c.instructions if i.name == name)
    setattr(instr, field, -1)
    with pytest.raises(TranslateError, match=f"'{name}': {field} -1 is not a value XLA defines"):
        proto_io.module_from_proto(proto)


def _varint(value: int) -> bytes:
    out = bytearray()
    while value > 0x7F:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


def _fields(data: bytes) -> list[tuple[int, bytes, bytes | None]]:
    """Each field of `data` as (number, its whole bytes, its payload when length-delimited)."""
    fields, at = [], 0
    while at < len(data):
        start, tag, shift = at, 0, 0
        while True:
            byte = data[at]
            tag |= (byte & 0x7F) << shift
            at, shift = at + 1, shift + 7
            if byte < 0x80:
                break
        payload = None
        if tag & 7 == 2:
            size, shift = 0, 0
            while True:
                byte = data[at]
                size |= (byte & 0x7F) << shift
                at, shift = at + 1, shift + 7
                if byte < 0x80:
                    break
            payload, at = data[at : at + size], at + size
        elif tag & 7 == 0:
            while data[at] >= 0x80:
                at += 1
            at += 1
        else:
            at += 8 if tag & 7 == 1 else 4
        fields.append((tag >> 3, data[start:at], payload))
    return fields


def _delimited(number: int, payload: bytes) -> bytes:
    return _varint(number << 3 | 2) + _varint(len(payload)) + payload


def _rewrite_instructions(data: bytes, rewrite) -> bytes:
    """The module's bytes with each instruction's fields (number, whole field) passed through `rewrite`."""
    out = []
    for number, whole, payload in _fields(data):
        if number == 3 and payload is not None:  # a computation
            body = []
            for inner, inner_whole, instruction in _fields(payload):
                if inner == 2 and instruction is not None:
                    fields = [(n, w) for n, w, _ in _fields(instruction)]
                    inner_whole = _delimited(2, b"".join(w for _, w in rewrite(fields)))
                body.append(inner_whole)
            whole = _delimited(3, b"".join(body))
        out.append(whole)
    return b"".join(out)


@pytest.mark.parametrize(
    "layout",
    [
        "name last",  # no longer first: each instruction read on its own
        "name twice",  # protobuf keeps the last: the name written first is not the instruction's
        "operands split",  # two packed operand fields, which protobuf joins
        "fields reversed",
        "calls first",  # control predecessors and called computations before the id: in the likeness key
    ],
)
def test_instructions_as_written_read_as_their_messages(layout: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """proto-read slices each instruction out of the module's bytes as written (not as protobuf would write it
    again): bytes laid out otherwise read as their parsed messages do."""

    def rewrite(fields: list[tuple[int, bytes]]) -> list[tuple[int, bytes]]:
        if layout == "name last":
            return [f for f in fields if f[0] != 1] + [f for f in fields if f[0] == 1]
        if layout == "name twice":
            name = next(_fields(w)[0][2] for n, w in fields if n == 1)
            return [*fields, (1, _delimited(1, name + b".x"))]
        if layout == "operands split":
            split = []
            for n, w in fields:
                ids = _fields(w)[0][2] if n == 36 else None
                first = next((k + 1 for k, byte in enumerate(ids or b"") if byte < 0x80), 0)  # the first id's end
                if ids is not None and first < len(ids):
                    split += [(36, _delimited(36, ids[:first])), (36, _delimited(36, ids[first:]))]
                else:
                    split.append((n, w))
            return split
        if layout == "calls first":
            early = [f for f in fields if f[0] in (37, 38)]
            return fields[:1] + early + [f for f in fields[1:] if f not in early]
        return fields[::-1]

    data = _rewrite_instructions(_xla_proto().SerializeToString(), rewrite)
    assert data != _xla_proto().SerializeToString()
    as_written = proto_io.module_from_proto_bytes(data)
    reused, one_by_one = _read_both(hlo_pb2.HloModuleProto.FromString(data), monkeypatch)
    _assert_same(as_written, reused)
    _assert_same(as_written, one_by_one)
    names = [i.name for i in as_written.entry.instructions]
    assert ("add.1.x" in names) == (layout == "name twice")


def test_our_proto_keeps_control_predecessors() -> None:
    """Our writer puts called computation and control predecessor ids after the instruction's other fields
    (before the id in the bytes): reading them back keeps every control predecessor."""
    from hlo_translate.hlo.proto import module_to_proto_bytes
    from hlo_translate.hlo.text import parse_hlo_text

    text = print_hlo_text(parse_hlo_text(MODULE))
    again = print_hlo_text(proto_io.module_from_proto_bytes(module_to_proto_bytes(parse_hlo_text(MODULE))))

    def preceded(printed: str) -> list[tuple[str, str]]:  # (instruction, its control predecessors)
        lines = [line for line in printed.splitlines() if "control-predecessors" in line]
        return [(line.split(" = ")[0].strip(), line.split("control-predecessors=")[1]) for line in lines]

    assert preceded(again) == preceded(text) and len(preceded(text)) == 2


def test_bytes_read_lazily_read_as_the_whole_message(monkeypatch: pytest.MonkeyPatch) -> None:
    """Binary bytes are read with the instructions parsed only where needed: the module is the one read from
    the whole parsed message, with and without the reuse of alike instructions."""
    data = _xla_proto().SerializeToString()
    lazily = proto_io.module_from_proto_bytes(data)
    _assert_same(lazily, proto_io.module_from_proto(hlo_pb2.HloModuleProto.FromString(data)))
    with monkeypatch.context() as patch:
        patch.setattr(proto_io, "_alike_entry", lambda key, ip: False)
        _assert_same(lazily, proto_io.module_from_proto_bytes(data))


@pytest.mark.parametrize("damage", ["operand cut", "name not UTF-8", "called id cut"])
def test_an_alike_instruction_protobuf_refuses_is_refused(damage: str) -> None:
    """An instruction alike to one parsed but for bytes protobuf refuses (a varint cut short, a name that is not
    UTF-8) makes the module no valid proto, as when the whole module is parsed at once."""
    entry = next(c for c in _xla_proto().computations if c.name == "main")
    later_reduce = [i.name for i in entry.instructions if i.name in ("r.1", "r.2")][1]  # (alike to the first)
    target = later_reduce

    def rewrite(fields: list[tuple[int, bytes]]) -> list[tuple[int, bytes]]:
        name = next(_fields(w)[0][2] for n, w in fields if n == 1)
        if name != target.encode():
            return fields
        if damage == "name not UTF-8":
            return [(1, _delimited(1, b"r.\xff")) if n == 1 else (n, w) for n, w in fields]
        number = 36 if damage == "operand cut" else 38
        return [(n, _delimited(n, _fields(w)[0][2] + b"\x80")) if n == number else (n, w) for n, w in fields]

    data = _rewrite_instructions(_xla_proto().SerializeToString(), rewrite)
    with pytest.raises(Exception):  # noqa: B017  (protobuf's own error types)
        hlo_pb2.HloModuleProto.FromString(data)
    with pytest.raises(TranslateError, match="input is not a valid HloModuleProto"):
        proto_io.module_from_proto_bytes(data)
