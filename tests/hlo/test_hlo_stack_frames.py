"""The stack frame table is data in the IR: read from HLO text or a proto, written to either, as XLA does."""

from __future__ import annotations

from hlo_translate.hlo.ir import FileLocation, StackFrame, StackFrameIndex
from hlo_translate.hlo.proto import module_from_proto_bytes, module_to_proto_bytes
from hlo_translate.hlo.text import parse_hlo_text, print_hlo_text
from hlo_translate.proto import hlo_pb2
from tests.support.hlo_compare import assert_same_module, xla_module_from_text

# Two frames, the second called from the first; entries after blank lines, a record's fields in another order.
TEXT = """HloModule m
FileNames
1 "a.py"

2 "b.py"
FunctionNames
1 "f"
2 "g"
FileLocations
1 {file_name_id=1 function_name_id=1 line=3 end_line=3 column=1 end_column=9}
2 {line=7 file_name_id=2 function_name_id=2 end_line=8 column=2 end_column=4}
StackFrames
1 {file_location_id=1 parent_frame_id=0}
2 {file_location_id=2 parent_frame_id=1}

ENTRY e {
  ROOT p = f32[] parameter(0), metadata={op_name="p" stack_frame_id=2}
}
"""

EXPECTED = StackFrameIndex(
    file_names=("a.py", "b.py"),
    function_names=("f", "g"),
    file_locations=(FileLocation(1, 1, 3, 3, 1, 9), FileLocation(2, 2, 7, 8, 2, 4)),
    # the proto's numbering of parents: one less than the text's
    stack_frames=(StackFrame(1, -1), StackFrame(2, 0)),
)


def test_text_reads_as_typed_data() -> None:
    assert parse_hlo_text(TEXT).stack_frames == EXPECTED


def test_the_proto_holds_what_xla_writes_for_the_same_text() -> None:
    """Frame by frame as XLA reads the same text (XLA keeps only the frames in use, renumbered: compared by
    content, each instruction's chain of frames resolved)."""
    ours = module_to_proto_bytes(parse_hlo_text(TEXT))
    assert_same_module(xla_module_from_text(TEXT).as_serialized_hlo_module_proto(), ours)
    index = hlo_pb2.HloModuleProto.FromString(ours).stack_frame_index
    assert list(index.file_names) == ["a.py", "b.py"] and [f.parent_frame_id for f in index.stack_frames] == [-1, 0]


def test_proto_and_printed_text_read_back_to_the_same_data() -> None:
    module = parse_hlo_text(TEXT)
    assert module_from_proto_bytes(module_to_proto_bytes(module)).stack_frames == EXPECTED
    printed = print_hlo_text(module)
    assert parse_hlo_text(printed).stack_frames == EXPECTED
    assert 'FileNames\n1 "a.py"\n2 "b.py"\n\nFunctionNames' in printed  # sections as XLA prints them


def test_a_module_without_a_table_has_none() -> None:
    module = parse_hlo_text("HloModule m\nENTRY e {\n  ROOT p = f32[] parameter(0)\n}\n")
    assert module.stack_frames is None
    assert module_from_proto_bytes(module_to_proto_bytes(module)).stack_frames is None
