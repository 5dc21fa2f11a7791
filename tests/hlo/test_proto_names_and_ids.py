"""How a module proto names instructions and computations, as XLA's proto reader reads them.

Names: XLA's reader sanitizes each module, computation and instruction name (`sanitized_name`: a byte other
than a letter, digit, '_', '.' or '-' becomes '_', ...), and then wants them unique; its printed text names them
so. (Fuzz seed 137: a name with a space or a newline, which our printed text then could not read back.)

Ids: an instruction is named by local id, as XLA's proto reader does.

XLA's reader keys a computation's instructions by the low 32 bits of their ids and looks up each operand,
root, control predecessor and scheduled id by its low 32 bits among that computation's instructions; the
high half (the computation, in the ids XLA writes) is not looked at, so two computations may hold the same
id. A schedule's sequence for a computation id the module lacks is dropped; an execution thread without
any sequence needs none. (Fuzz seeds 113 and 131: inputs XLA read and we refused.)

Oracle: jaxlib's XLA. Each case mutates a module XLA wrote, checks that XLA reads it, and that the module
we read means what XLA's does: XLA's printed text of the input and of the proto we write are the same.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from jax.errors import JaxRuntimeError  # what jaxlib's HLO readers raise

import hlo_translate
from hlo_translate import HloFormat, TranslateError
from hlo_translate.proto import hlo_pb2

_hlo = pytest.importorskip("jaxlib._hlo")

MODULE = """HloModule m, is_scheduled=true, entry_computation_layout={(f32[2]{0})->f32[]}

sum {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}

ENTRY e {
  p = f32[2]{0} parameter(0)
  n = f32[2]{0} negate(p)
  x = f32[2]{0} exponential(n), control-predecessors={n}
  z = f32[] constant(0)
  ROOT r = f32[] reduce(x, z), dimensions={0}, to_apply=sum
}
"""

HIGH = 7 << 32  # a high half no computation of MODULE has


def _xla_proto() -> hlo_pb2.HloModuleProto:
    return hlo_pb2.HloModuleProto.FromString(_hlo.hlo_module_from_text(MODULE).as_serialized_hlo_module_proto())


def _entry(proto: hlo_pb2.HloModuleProto) -> hlo_pb2.HloComputationProto:
    return next(c for c in proto.computations if c.id == proto.entry_computation_id)


def _instr(proto: hlo_pb2.HloModuleProto, name: str) -> hlo_pb2.HloInstructionProto:
    return next(i for c in proto.computations for i in c.instructions if i.name == name)


def _local(uid: int) -> int:
    return uid & 0xFFFFFFFF


def _operand_with_another_high_half(proto: hlo_pb2.HloModuleProto) -> None:
    x = _instr(proto, "x")
    x.operand_ids[0] = HIGH | _local(x.operand_ids[0])


def _operand_by_local_id_alone(proto: hlo_pb2.HloModuleProto) -> None:
    x = _instr(proto, "x")
    x.operand_ids[0] = _local(x.operand_ids[0])


def _root_by_local_id_alone(proto: hlo_pb2.HloModuleProto) -> None:
    _entry(proto).root_id = _local(_entry(proto).root_id)


def _root_is_another_instruction(proto: hlo_pb2.HloModuleProto) -> None:
    """The root id names `x` (by local id): `r` stays, unused; the schedule is left out (it would hold r)."""
    _entry(proto).root_id = _local(_instr(proto, "x").id)
    proto.ClearField("schedule")
    proto.host_program_shape.result.dimensions.append(2)  # the entry now returns f32[2]
    proto.host_program_shape.result.is_dynamic_dimension.append(False)
    proto.host_program_shape.result.layout.minor_to_major.append(0)


def _control_predecessor_with_another_high_half(proto: hlo_pb2.HloModuleProto) -> None:
    x = _instr(proto, "x")
    x.control_predecessor_ids[0] = HIGH | _local(x.control_predecessor_ids[0])


def _same_ids_in_two_computations(proto: hlo_pb2.HloModuleProto) -> None:
    """Every id without its high half: `sum`'s a, b, s and the entry's p, n, x share ids 0, 1, 2."""
    for comp in proto.computations:
        comp.root_id = _local(comp.root_id)
        for instr in comp.instructions:
            instr.id = _local(instr.id)
            instr.operand_ids[:] = [_local(i) for i in instr.operand_ids]
            instr.control_predecessor_ids[:] = [_local(i) for i in instr.control_predecessor_ids]


def _control_predecessor_named_by_another_computations_id(proto: hlo_pb2.HloModuleProto) -> None:
    """`sum`'s `a` by its whole id: its local id is the entry's `p`'s, which XLA takes (not `a`)."""
    _instr(proto, "x").control_predecessor_ids[0] = _instr(proto, "a").id


def _scheduled_ids_with_another_high_half(proto: hlo_pb2.HloModuleProto) -> None:
    for sequence in proto.schedule.sequences.values():
        sequence.instruction_ids[:] = [HIGH | _local(i) for i in sequence.instruction_ids]


def _sequence_for_a_computation_the_module_lacks(proto: hlo_pb2.HloModuleProto) -> None:
    proto.schedule.sequences[99].instruction_ids.extend([1, 2, 3])


def _schedule_without_sequences(proto: hlo_pb2.HloModuleProto) -> None:
    proto.schedule.ClearField("sequences")


def _schedule_without_the_reducers_sequence(proto: hlo_pb2.HloModuleProto) -> None:
    """The reducer runs on another thread, which no sequence names: XLA checks only scheduled threads."""
    reducer = next(c for c in proto.computations if c.name == "sum")
    reducer.execution_thread = "side"
    del proto.schedule.sequences[reducer.id]


CASES: dict[str, Callable[[hlo_pb2.HloModuleProto], None]] = {
    f.__name__.lstrip("_"): f
    for f in (
        _operand_with_another_high_half,
        _operand_by_local_id_alone,
        _root_by_local_id_alone,
        _root_is_another_instruction,
        _control_predecessor_with_another_high_half,
        _control_predecessor_named_by_another_computations_id,
        _same_ids_in_two_computations,
        _scheduled_ids_with_another_high_half,
        _sequence_for_a_computation_the_module_lacks,
        _schedule_without_sequences,
        _schedule_without_the_reducers_sequence,
    )
}


@pytest.mark.parametrize("case", CASES)
def test_we_read_what_xla_reads(case: str) -> None:
    proto = _xla_proto()
    CASES[case](proto)
    data = proto.SerializeToString()
    expected = _hlo.HloModule.from_serialized_hlo_module_proto(data).to_string()
    ours = hlo_translate.write_hlo(hlo_translate.read_hlo(data), HloFormat.PROTO)
    assert _hlo.HloModule.from_serialized_hlo_module_proto(ours).to_string() == expected


def test_the_root_by_local_id_is_that_instruction() -> None:
    proto = _xla_proto()
    _root_is_another_instruction(proto)
    module = hlo_translate.read_hlo(proto.SerializeToString())
    assert module.entry.root.name == "x"
    assert [i.name for i in module.entry.instructions] == ["p", "n", "x", "z", "r"]


def test_a_control_predecessor_is_looked_up_in_its_own_computation() -> None:
    proto = _xla_proto()
    _control_predecessor_named_by_another_computations_id(proto)
    module = hlo_translate.read_hlo(proto.SerializeToString())
    x = next(i for i in module.entry.instructions if i.name == "x")
    assert [i.name for i in x.control_predecessors] == ["p"]


def _refused_by_xla(proto: hlo_pb2.HloModuleProto) -> bool:
    try:
        _hlo.HloModule.from_serialized_hlo_module_proto(proto.SerializeToString())
    except Exception:  # jaxlib raises its own error types
        return True
    return False


@pytest.mark.parametrize(
    "what, message",
    [
        ("operand", r"'x': operand id 30064771081 is not defined before its use in this computation"),
        ("control predecessor", r"'x': control predecessor id 30064771081 is not an instruction of this computation"),
        ("root", r"root id 30064771081 of computation e is unknown"),
    ],
)
def test_an_unknown_local_id_is_refused(what: str, message: str) -> None:
    """Local id 9: no instruction of the entry has it (whatever the high half)."""
    proto = _xla_proto()
    if what == "root":
        _entry(proto).root_id = HIGH | 9
    elif what == "operand":
        _instr(proto, "x").operand_ids[0] = HIGH | 9
    else:
        _instr(proto, "x").control_predecessor_ids[0] = HIGH | 9
    assert _refused_by_xla(proto)
    with pytest.raises(TranslateError, match=message):
        hlo_translate.read_hlo(proto.SerializeToString())


def test_one_instruction_scheduled_twice_by_two_ids_is_refused() -> None:
    proto = _xla_proto()
    sequence = proto.schedule.sequences[proto.entry_computation_id]
    sequence.instruction_ids[1] = HIGH | _local(sequence.instruction_ids[0])
    assert _refused_by_xla(proto)
    with pytest.raises(TranslateError, match="the schedule of computation e has 5 instructions, not its 5"):
        hlo_translate.read_hlo(proto.SerializeToString())


def test_the_same_id_twice_in_one_computation_is_refused() -> None:
    proto = _xla_proto()
    _instr(proto, "n").id = _instr(proto, "p").id
    assert _refused_by_xla(proto)
    with pytest.raises(TranslateError, match="'n': duplicate instruction id 4294967296 in computation e"):
        hlo_translate.read_hlo(proto.SerializeToString())


@pytest.mark.parametrize("predecessor", ["x", "r"])
def test_a_control_predecessor_read_later_is_refused(predecessor: str) -> None:
    """XLA's reader looks a control predecessor up among the instructions read before (`x` itself, `r` after)."""
    proto = _xla_proto()
    _instr(proto, "x").control_predecessor_ids[0] = _instr(proto, predecessor).id
    assert _refused_by_xla(proto)
    with pytest.raises(TranslateError, match=f"'x': control predecessor {predecessor} is not defined before its use"):
        hlo_translate.read_hlo(proto.SerializeToString())


@pytest.mark.parametrize(
    "name, sanitized",
    [
        ("p\n%ram", "p__ram"),
        ("slice.((", "slice.__"),
        ("a b", "a_b"),
        ("1abc", "_abc"),
        ("\u00e9", "a_"),
        ("%q", "_q"),
        ("f32", "f32_"),
        ("token", "token_"),
        ("__x", "a_x"),
        ("__xla_y", "__xla_y"),
        ("tuple", "tuple"),
    ],
)
def test_names_are_sanitized_as_xla_reads_them(name: str, sanitized: str) -> None:
    for where in ("instruction", "computation", "module"):
        proto = _xla_proto()
        if where == "instruction":
            _instr(proto, "n").name = name
        elif where == "computation":
            next(c for c in proto.computations if c.name == "sum").name = name
        else:
            proto.name = name
        data = proto.SerializeToString()
        expected = _hlo.HloModule.from_serialized_hlo_module_proto(data).to_string()
        module = hlo_translate.read_hlo(data)
        names = {
            "instruction": [i.name for i in module.instructions()],
            "computation": [c.name for c in module.computations],
            "module": [module.name],
        }[where]
        assert sanitized in names, (where, names)
        for fmt in (HloFormat.PROTO, HloFormat.TEXT):
            ours = hlo_translate.write_hlo(module, fmt)
            back = hlo_translate.read_hlo(ours, fmt)  # (our text names it as it reads back)
            assert back.name == module.name
        written = hlo_translate.write_hlo(module, HloFormat.PROTO)
        assert _hlo.HloModule.from_serialized_hlo_module_proto(written).to_string() == expected


def test_names_alike_once_sanitized_are_refused() -> None:
    proto = _xla_proto()
    _instr(proto, "p").name, _instr(proto, "n").name = "a b", "a_b"
    assert _refused_by_xla(proto)
    with pytest.raises(
        TranslateError, match="instruction name 'a_b' is used twice in the module \\(as XLA's reader sanitizes"
    ):
        hlo_translate.read_hlo(proto.SerializeToString())


def _varint(value: int) -> bytes:
    out = bytearray()
    value &= (1 << 64) - 1
    while True:
        out.append(value & 0x7F | (0x80 if value > 0x7F else 0))
        value >>= 7
        if not value:
            return bytes(out)


def _field(number: int, payload: bytes) -> bytes:
    return _varint(number << 3 | 2) + _varint(len(payload)) + payload


@pytest.mark.parametrize("keyed", [True, False])
def test_a_schedule_entry_with_a_field_protobuf_python_does_not_know(keyed: bool) -> None:
    """Each map entry of the schedule carries an unknown field (76): protobuf's Python reader sets such an entry
    aside as unknown, XLA's C++ reader reads it (fuzz seed 137: we took the schedule for empty). Without its
    key, an entry is computation 0's (`sum`), which the entry's sequence then leaves out: XLA refuses."""
    proto = _xla_proto()
    entries = b""
    for cid, sequence in proto.schedule.sequences.items():
        key = _varint(1 << 3) + _varint(cid) if keyed else b""
        ids = b"".join(_varint(i) for i in sequence.instruction_ids)
        entries += _field(1, key + _field(2, _field(1, ids)) + _field(76, b"\x08\x01"))
    proto.ClearField("schedule")
    data = proto.SerializeToString() + _field(7, entries)
    if keyed:
        expected = _hlo.HloModule.from_serialized_hlo_module_proto(data).to_string()
        ours = hlo_translate.write_hlo(hlo_translate.read_hlo(data), HloFormat.PROTO)
        assert _hlo.HloModule.from_serialized_hlo_module_proto(ours).to_string() == expected
    else:
        with pytest.raises(JaxRuntimeError):
            _hlo.HloModule.from_serialized_hlo_module_proto(data)
        with pytest.raises(TranslateError, match="the schedule of computation sum has 5 instructions, not its 3"):
            hlo_translate.read_hlo(data)


FUSION = """HloModule m, is_scheduled=true, entry_computation_layout={(f32[2]{0})->f32[2]{0}}

f {
  a = f32[2]{0} parameter(0)
  ROOT n = f32[2]{0} negate(a)
}

ENTRY e {
  p = f32[2]{0} parameter(0)
  ROOT x = f32[2]{0} fusion(p), kind=kLoop, calls=f
}
"""


@pytest.mark.parametrize("sequence", ["whole", "partial"])
def test_a_fusion_computations_sequence(sequence: str) -> None:
    """XLA's reader needs no sequence for a fusion computation and keeps one without checking it (fuzz seed
    139: we refused any). A whole one reads as XLA reads it; one that leaves out the parameter XLA takes too,
    and then prints the computation without it (text no parser reads back): that one we refuse."""
    proto = hlo_pb2.HloModuleProto.FromString(_hlo.hlo_module_from_text(FUSION).as_serialized_hlo_module_proto())
    fused = next(c for c in proto.computations if c.name == "f")
    ids = [i.id for i in fused.instructions]
    proto.schedule.sequences[fused.id].instruction_ids.extend(ids if sequence == "whole" else ids[1:])
    data = proto.SerializeToString()
    expected = _hlo.HloModule.from_serialized_hlo_module_proto(data).to_string()
    if sequence == "whole":
        ours = hlo_translate.write_hlo(hlo_translate.read_hlo(data), HloFormat.PROTO)
        assert _hlo.HloModule.from_serialized_hlo_module_proto(ours).to_string() == expected
    else:
        assert "%a = " not in expected
        with pytest.raises(TranslateError, match="the schedule of computation f has 1 instructions, not its 2"):
            hlo_translate.read_hlo(data)


DEAD = """HloModule m, is_scheduled=true, entry_computation_layout={(f32[2]{0})->f32[2]{0}}

dead {
  a = f32[2]{0} parameter(0)
  ROOT n = f32[2]{0} negate(a)
}

ENTRY e {
  p = f32[2]{0} parameter(0)
  ROOT x = f32[2]{0} exponential(p)
}
"""


def test_a_computation_the_entry_does_not_call_needs_no_sequence() -> None:
    """XLA's schedule covers the computations the entry calls (seed 137: a fusion body made the entry, its
    caller left uncalled); `dead` here has none, and reads as XLA reads it."""
    proto = hlo_pb2.HloModuleProto.FromString(_hlo.hlo_module_from_text(DEAD).as_serialized_hlo_module_proto())
    del proto.schedule.sequences[next(c.id for c in proto.computations if c.name == "dead")]
    data = proto.SerializeToString()
    expected = _hlo.HloModule.from_serialized_hlo_module_proto(data).to_string()
    ours = hlo_translate.write_hlo(hlo_translate.read_hlo(data), HloFormat.PROTO)
    assert _hlo.HloModule.from_serialized_hlo_module_proto(ours).to_string() == expected
