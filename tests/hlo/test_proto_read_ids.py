"""Instruction ids and operands read from a binary HloModuleProto's bytes: an id field's bytes that appear
inside another field, and operand ids of other widths than the instruction's own, read as XLA reads them."""

from __future__ import annotations

import pytest

from hlo_translate import read_hlo
from hlo_translate.hlo.io import HloFormat
from hlo_translate.hlo.proto import module_to_proto_bytes
from hlo_translate.proto import hlo_pb2
from tests.support.hlo_compare import assert_same_module, xla_module_from_proto, xla_module_from_text

TEXT = """HloModule m
ENTRY e {
  p0 = f32[4] parameter(0)
  p1 = f32[4] parameter(1)
  a = f32[4] add(p0, p1)
  n = f32[4] negate(a)
  ROOT b = f32[4] multiply(n, p1)
}
"""


def _proto() -> hlo_pb2.HloModuleProto:
    return hlo_pb2.HloModuleProto.FromString(xla_module_from_text(TEXT).as_serialized_hlo_module_proto())


def _assert_read_as_xla_reads(proto: hlo_pb2.HloModuleProto) -> None:
    data = proto.SerializeToString()
    ours = read_hlo(data, HloFormat.PROTO)
    assert [i.unique_id for i in ours.entry.instructions] == [i.id for i in proto.computations[0].instructions]
    reference = xla_module_from_proto(data).as_serialized_hlo_module_proto()
    assert_same_module(reference, xla_module_from_proto(module_to_proto_bytes(ours)).as_serialized_hlo_module_proto())


def test_id_field_bytes_inside_metadata_are_not_the_id() -> None:
    # U+0618 is b"\xd8\x98" in UTF-8: the op name's bytes hold b"\x98\x02\x05", an id field of 5, before the id
    proto = _proto()
    for instr in proto.computations[0].instructions:
        instr.metadata.op_name = "\u0618\x02\x05"
    assert b"\x98\x02\x05" in proto.SerializeToString()
    _assert_read_as_xla_reads(proto)


@pytest.mark.parametrize("p0_id, p1_id, add_id", [(1, 16384, 200), (16384, 1, 200), (1, 2, 300), (300, 301, 3)])
def test_operand_ids_of_other_widths(p0_id: int, p1_id: int, add_id: int) -> None:
    # (varints of 1, 2 and 3 bytes: two operands as wide in all as two of the add's own id, split elsewhere)
    proto = _proto()
    comp = proto.computations[0]
    renamed = {}
    for instr, new in zip(comp.instructions, (p0_id, p1_id, add_id, 400, 401)):
        renamed[instr.id] = new
        instr.id = new
    for instr in comp.instructions:
        instr.operand_ids[:] = [renamed[i] for i in instr.operand_ids]
    comp.root_id = renamed[comp.root_id]
    _assert_read_as_xla_reads(proto)
