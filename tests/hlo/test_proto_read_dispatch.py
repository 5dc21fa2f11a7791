"""proto-read's fast path (`OWN_ATTRIBUTES` + `generic_attributes`) reads what the full reader does.

The full reader (`_attributes_from_proto`) is checked against XLA by test_proto*.py and test_hlo_corpus.py;
here every opcode of the fast path, carrying its own fields and every generic one, must give the same
attributes in the same order through both paths.
"""

from __future__ import annotations

import pytest

from hlo_translate.hlo.ir import OPCODES, HloInstruction
from hlo_translate.hlo.proto import attribute_readers, shape_from_proto
from hlo_translate.proto import hlo_pb2, xla_data_pb2


def _instruction(opcode: str, generic: bool) -> hlo_pb2.HloInstructionProto:
    p = hlo_pb2.HloInstructionProto(name="x.1", opcode=opcode, id=7)
    p.shape.element_type = xla_data_pb2.F32
    p.shape.dimensions.extend([4, 2])
    p.shape.layout.minor_to_major.extend([1, 0])
    p.metadata.SetInParent()
    p.frontend_attributes.SetInParent()
    p.statistics_viz.SetInParent()
    if opcode in ("broadcast", "transpose", "reverse", "concatenate", "reshape"):
        p.dimensions.extend([1, 0])
    if opcode == "slice":
        p.slice_dimensions.add(start=0, limit=4, stride=2)
    if opcode == "pad":
        p.padding_config.dimensions.add(edge_padding_low=1, edge_padding_high=2, interior_padding=0)
    if opcode == "parameter":
        p.parameter_replication.replicated_at_leaf_buffers.extend([True])
    if generic:
        p.metadata.op_name = "jit(f)/add"
        p.metadata.source_line = 3
        p.frontend_attributes.map["b"] = "2"
        p.frontend_attributes.map["a"] = "1"
        p.statistics_viz.stat_index_to_visualize = 1
        p.statistics_viz.statistics.add(stat_name="stat-0", stat_val=60.0)
        p.backend_config = b'{"x":1}'
        p.sharding.type = xla_data_pb2.OpSharding.REPLICATED
        p.result_accuracy.mode = xla_data_pb2.ResultAccuracy.HIGHEST
        element = p.original_value.elements.add()
        element.original_array.instruction_name = "y"
    return p


@pytest.mark.parametrize("generic", [False, True], ids=["bare", "generic"])
@pytest.mark.parametrize("opcode", sorted(attribute_readers.OWN_ATTRIBUTES))
def test_fast_path_matches_full_reader(opcode: str, generic: bool) -> None:
    p = _instruction(opcode, generic)
    instr = HloInstruction(p.name, opcode, shape_from_proto(p.shape))
    fast = attribute_readers.generic_attributes(p, instr, attribute_readers.OWN_ATTRIBUTES[opcode](p))
    full = attribute_readers.attributes_from_proto(p, {}, [])
    assert list(fast.items()) == list(full.items())
    if generic:
        assert {
            "metadata",
            "frontend_attributes",
            "statistics",
            "backend_config",
            "sharding",
            "origin",
            "result_accuracy",
        } <= fast.keys()


def test_fast_path_opcodes_are_known() -> None:
    assert attribute_readers.OWN_ATTRIBUTES.keys() <= OPCODES
