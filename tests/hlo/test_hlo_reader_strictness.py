"""Inputs XLA refuses that our HLO readers once accepted or crashed on (fuzz campaign, seed 53).

Oracles: XLA's HLO text parser (`hlo_module_from_text`) and its proto reader
(`HloModule.from_serialized_hlo_module_proto`), both from jaxlib; each case checks XLA refuses too.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

import hlo_translate
from hlo_translate import HloFormat, TranslateError
from hlo_translate.hlo.text import parse_replica_groups
from hlo_translate.proto import hlo_pb2

_hlo = pytest.importorskip("jaxlib._hlo")

_TUPLE = """HloModule m
ENTRY e {
  p = f32[4]{0} parameter(0)
  q = f32[4]{0} parameter(1)
  ROOT t = (f32[4]{0}, f32[4]{0}) tuple(p, q)
}
"""

_ALL_REDUCE = """HloModule m, replica_count=8
add {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}
ENTRY e {
  p = f32[8]{0} parameter(0)
  ROOT r = f32[8]{0} all-reduce(p), replica_groups=[1,8]<=[8], to_apply=add
}
"""


def _xla_reads_proto(data: bytes) -> bool:
    """Whether XLA's proto reader takes `data`, run in a fresh process (it may abort on bad input; a fork of
    this multi-threaded process could deadlock)."""
    script = (
        "import sys\nfrom jaxlib import _hlo\n"
        "_hlo.HloModule.from_serialized_hlo_module_proto(sys.stdin.buffer.read())\n"
    )
    return subprocess.run([sys.executable, "-c", script], input=data, capture_output=True, timeout=120).returncode == 0


def _xla_parses_text(text: str) -> bool:
    try:
        _hlo.hlo_module_from_text(text)
        return True
    except Exception:
        return False


def _proto(text: str) -> hlo_pb2.HloModuleProto:
    return hlo_pb2.HloModuleProto.FromString(hlo_translate.write_hlo(hlo_translate.read_hlo(text), HloFormat.PROTO))


@pytest.mark.parametrize("layout", ["{0,}", "{0 ,}", "{1 0}", "{1,0:T(8,128,)}"])
def test_layout_lists_are_comma_separated_without_a_trailing_comma(layout: str) -> None:
    dims = "4" if layout.startswith("{0") else "16,128"
    text = f"HloModule m\nENTRY e {{\n  ROOT p = f32[{dims}]{layout} parameter(0)\n}}\n"
    assert not _xla_parses_text(text)
    with pytest.raises(TranslateError, match="expected"):
        hlo_translate.read_hlo(text)


def test_well_formed_layouts_still_read() -> None:
    text = "HloModule m\nENTRY e {\n  ROOT p = f32[16,128]{ 1 , 0:T(2,*)} parameter(0)\n}\n"
    assert _xla_parses_text(text)
    hlo_translate.read_hlo(text)


@pytest.mark.parametrize("field", ["dot_dimension_numbers", "precision_config"])
def test_dot_fields_on_a_plain_instruction_are_refused(field: str) -> None:
    proto = _proto(_TUPLE)
    assert _xla_reads_proto(proto.SerializeToString())
    root = next(i for i in proto.computations[0].instructions if i.opcode == "tuple")
    getattr(root, field).SetInParent()
    assert not _xla_reads_proto(proto.SerializeToString())
    with pytest.raises(TranslateError, match=f"tuple must not have a {field}"):
        hlo_translate.read_hlo(proto.SerializeToString())


@pytest.mark.parametrize("size", [0, -2])
def test_mesh_replica_groups_with_a_non_positive_axis_are_refused(size: int) -> None:
    proto = _proto(_ALL_REDUCE)
    ar = next(i for c in proto.computations for i in c.instructions if i.opcode == "all-reduce")
    ar.ClearField("collective_device_list")
    ar.ClearField("replica_groups")
    mesh = ar.mesh_axes_replica_group_list
    mesh.mesh.axes.add(name="x", size=size)
    mesh.mesh.axes.add(name="y", size=8)
    mesh.axes.add(mesh_axis_index=1)
    assert not _xla_reads_proto(proto.SerializeToString())
    with pytest.raises(TranslateError, match="mesh axis sizes must be positive"):
        hlo_translate.read_hlo(proto.SerializeToString())
    mesh.mesh.axes[0].size = 1  # the same with a positive size reads
    assert _xla_reads_proto(proto.SerializeToString())
    hlo_translate.read_hlo(proto.SerializeToString())


def test_mesh_replica_groups_text_with_a_zero_axis_is_refused() -> None:
    with pytest.raises(TranslateError, match="mesh axis sizes must be positive"):
        parse_replica_groups("mesh['x'=0,'y'=2] {'y'}")
    with pytest.raises(TranslateError, match="positive pre-size"):
        parse_replica_groups("mesh['x'=4] {'x':(0)2}")


def test_a_reducer_of_two_computations_is_an_input_error() -> None:
    proto = _proto(_ALL_REDUCE)
    ar = next(i for c in proto.computations for i in c.instructions if i.opcode == "all-reduce")
    ar.called_computation_ids.append(ar.called_computation_ids[0])
    assert not _xla_reads_proto(proto.SerializeToString())
    with pytest.raises(TranslateError, match="takes one to_apply computation, not 2"):
        hlo_translate.hlo_to_stablehlo(proto.SerializeToString())


def _xla_parses_text_in_child(text: str) -> bool:
    """Whether XLA's text parser takes `text`, run in a fresh process (it aborts on some bad meshes; a fork
    of this multi-threaded process could deadlock)."""
    script = "import sys\nfrom jaxlib import _hlo\n_hlo.hlo_module_from_text(sys.stdin.read())\n"
    return (
        subprocess.run(
            [sys.executable, "-c", script], input=text, capture_output=True, text=True, timeout=120
        ).returncode
        == 0
    )


_MESH_REFUSED = [
    ("mesh['x'=8] {'x':(0)2}", "positive pre-size"),
    ("mesh['x'=8] {'x':(1)1}", "size above 1"),
    ("mesh['x'=8] {'x':(1)8}", "below the size 8"),
    ("mesh['x'=8] {'x':(4)4}", "does not divide"),
    ("mesh['x'=8,'x'=1] {'x'}", "two axes named 'x'"),
    ("mesh['x'=8] {'y'}", "unknown mesh axis 'y'"),
    ("mesh['x'=2,'y'=4] {'x','x'}", "overlapping"),
    ("mesh['x'=8] {'x':(1)2,'x'}", "overlapping"),
    ("mesh['x'=8] {'x':(1)4,'x':(2)2}", "overlapping"),
    ("mesh['x'=12] {'x':(1)2,'x':(3)2}", "overlapping"),
]
_MESH_READ = [
    "mesh['x'=8] {'x':(2)4}",
    "mesh['x'=2,'y'=4] {'y','x'}",
    "mesh['x'=8] {'x':(2)2,'x':(1)2}",
    "mesh['x'=8] {'x':(1)2,'x':(4)2}",
    "mesh['x'=8,'y'=1] {'y'}",
]


@pytest.mark.parametrize(("groups", "message"), _MESH_REFUSED)
def test_bad_mesh_replica_groups_are_refused_where_they_are(groups: str, message: str) -> None:
    text = _ALL_REDUCE.replace("[1,8]<=[8]", groups)
    assert not _xla_parses_text_in_child(text)
    with pytest.raises(TranslateError, match=message) as caught:
        hlo_translate.read_hlo(text)
    assert "'r'" in str(caught.value)  # names the instruction


@pytest.mark.parametrize("groups", _MESH_READ)
def test_good_mesh_replica_groups_read(groups: str) -> None:
    text = _ALL_REDUCE.replace("[1,8]<=[8]", groups)
    assert _xla_parses_text_in_child(text)
    hlo_translate.read_hlo(text)


def test_a_computation_execution_thread_given_twice_is_refused() -> None:
    text = (
        'HloModule m\nc {\n  a = f32[8]{0} parameter(0)\n}, execution_thread="x", execution_thread="y"\n'
        "ENTRY e {\n  p = f32[8]{0} parameter(0)\n}\n"
    )
    assert not _xla_parses_text(text)
    assert _xla_parses_text(text.replace(', execution_thread="y"', ""))
    with pytest.raises(TranslateError, match="'execution_thread' given twice"):
        hlo_translate.read_hlo(text)


def test_ids_with_the_same_low_32_bits_in_one_computation_are_refused() -> None:
    proto = _proto(_TUPLE)
    comp = proto.computations[0]
    first, root = comp.instructions[0], comp.instructions[-1]
    for high, refused in ((1, True), (5, False)):
        root.id = comp.root_id = (high << 32) | (first.id if refused else 7)
        data = proto.SerializeToString()
        assert _xla_reads_proto(data) is not refused
        if refused:
            with pytest.raises(TranslateError, match="same low 32 bits"):
                hlo_translate.read_hlo(data)
        else:
            hlo_translate.read_hlo(data)


def test_a_bad_layout_in_operand_layout_constraints_is_refused() -> None:
    text = """HloModule m
ENTRY e {
  p = f32[3,2]{1,0} parameter(0)
  ROOT c = f32[3,2]{1,0} custom-call(p), custom_call_target="t", operand_layout_constraints={f32[3,2]{LAYOUT}}
}
"""
    hlo_translate.hlo_to_stablehlo(text.replace("LAYOUT", "0,1"))
    with pytest.raises(TranslateError, match="not a permutation"):
        hlo_translate.hlo_to_stablehlo(text.replace("LAYOUT", "4294967296,1"))


@pytest.mark.parametrize("size, refused", [(-1, True), (-5, True), (-(2**63), False), (-(2**63) + 1, False)])
def test_a_negative_tile_dimension_in_a_proto_is_refused(size: int, refused: bool) -> None:
    """XLA's proto reader refuses a negative tile dimension but the two it marks with (combine, match)."""
    proto = _proto("HloModule m\nENTRY e {\n  ROOT p = f32[16,128]{1,0:T(8,128)} parameter(0)\n}\n")
    proto.computations[0].instructions[0].shape.layout.tiles[0].dimensions[0] = size
    data = proto.SerializeToString()
    assert _xla_reads_proto(data) is not refused
    if refused:
        with pytest.raises(TranslateError, match=f"layout tile dimension {size} is negative"):
            hlo_translate.read_hlo(data)
    else:
        hlo_translate.read_hlo(data)
