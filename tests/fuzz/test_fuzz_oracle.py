"""The fuzz oracle's rejected-valid column (tests/fuzz/oracle.py): where we refuse what XLA's reader takes,
the case is rejected-valid only when XLA's own route would go on with it; refusals that route cannot see,
or that XLA meets too on what the entry point asks next, leave the case unjudged.
"""

from __future__ import annotations

import pytest

from tests.fuzz.oracle import Judge
from tests.fuzz.outcomes import Outcome
from tests.fuzz.seeds import Kind

_hlo = pytest.importorskip("jaxlib._hlo")

MODULE = """HloModule m, entry_computation_layout={(f32[2,3]{1,0})->f32[2,3]{1,0}}

ENTRY e {
  p = f32[2,3]{1,0} parameter(0)
  ROOT n = f32[2,3]{1,0} negate(p)
}
"""


def _proto():  # an HloModuleProto
    from hlo_translate.proto import hlo_pb2

    return hlo_pb2.HloModuleProto.FromString(_hlo.hlo_module_from_text(MODULE).as_serialized_hlo_module_proto())


@pytest.fixture(scope="module")
def judge():
    with Judge() as j:
        yield j


def test_an_unnamed_module_is_read_but_its_text_reads_back_for_no_one(judge: Judge) -> None:
    """XLA's proto reader takes an empty module name, and prints it as `HloModule ,`, which its own parser
    refuses as ours does: write_hlo's refusal to read back our text is no verdict against us."""
    proto = _proto()
    proto.name = ""
    data = proto.SerializeToString()
    assert judge.run("read_hlo", Kind.HLO_PROTO, data).outcome is Outcome.OK
    result = judge.run("write_hlo", Kind.HLO_PROTO, data)
    assert result.outcome is Outcome.ERROR and "expected a module name" in result.message, result
    assert result.signature.startswith("unjudged XLA cannot read back its own output"), result


def test_the_clis_verifier_refusal_keeps_its_rule(judge: Judge) -> None:
    """An entry layout that disagrees with the entry: XLA's proto reader keeps it (HloVerifier refuses it), so
    through the CLI too the refusal is one XLA's route cannot see, as through read_hlo."""
    proto = _proto()
    proto.host_program_shape.result.element_type = 2  # PRED
    data = proto.SerializeToString()
    for target in ("read_hlo", "cli"):
        result = judge.run(target, Kind.HLO_PROTO, data)
        assert result.outcome is Outcome.ERROR and "[entry-layout]" in result.message, result
        assert result.signature == "unjudged XLA's route cannot see our refusal [entry-layout] of *", result


def test_an_alias_of_no_parameter_subshape_in_a_proto_is_beyond_the_proto_route(judge: Judge) -> None:
    """XLA's proto reader and importer take it, HloVerifier refuses it; the proto route has no compile."""
    proto = _proto()
    alias = proto.input_output_alias.entries.add()
    alias.parameter_number = 0
    alias.parameter_shape_index.append(1)
    result = judge.run("read_hlo", Kind.HLO_PROTO, proto.SerializeToString())
    assert result.outcome is Outcome.ERROR and "[alias]" in result.message, result
    assert result.signature == "unjudged XLA's route cannot see our refusal [alias] of *", result


CALL_OF_ANOTHER_SHAPE = """HloModule m

f {
  ROOT q = f32[2] parameter(0)
}

ENTRY e {
  p = f32[2] parameter(0)
  ROOT c = f32[3] call(p), to_apply=f
}
"""


def test_the_clis_refusal_takes_its_opcode_from_read_hlo(judge: Judge) -> None:
    """A call whose shape is not its callee's: XLA's importer types the call from the callee, so its route
    cannot see what HloVerifier refuses; the CLI's line names the rule only, read_hlo's refusal the opcode."""
    for target in ("read_hlo", "cli"):
        result = judge.run(target, Kind.HLO_TEXT, CALL_OF_ANOTHER_SHAPE.encode())
        assert result.outcome is Outcome.ERROR and "[shape]" in result.message, result
        assert result.signature == "unjudged XLA's route cannot see our refusal [shape] of call", result


def test_an_all_gather_starts_operand_slot_is_beyond_the_route(judge: Judge) -> None:
    text = """HloModule m, replica_count=8
ENTRY e {
  p = f32[8]{0} parameter(0)
  s = (s32[8]{0}, f32[32]{0}) all-gather-start(p), replica_groups=[2,4]<=[8], dimensions={0}
  ROOT d = f32[32]{0} all-gather-done(s)
}
"""
    result = judge.run("read_hlo", Kind.HLO_TEXT, text.encode())
    assert result.outcome is Outcome.ERROR and "all-gather-start input s32[8] differs from f32[8]" in result.message
    assert result.signature == "unjudged XLA's route cannot see our refusal [shape] of all-gather-start", result


def test_a_shardy_sharding_on_an_unknown_mesh_is_beyond_the_route(judge: Judge) -> None:
    """XLA's importer keeps `xla.sdy.*` frontend attributes as strings (and the oracle's compile runs no Shardy
    import); we read them as Shardy's attributes, and refuse a sharding on a mesh the module lacks."""
    text = """HloModule m, frontend_attributes={xla.sdy.meshes={other = #sdy.mesh<["x"=2]>}}
ENTRY e {
  ROOT p = f32[4] parameter(0), frontend_attributes={xla.sdy.sharding="#sdy.sharding<@mesh, [{\\"x\\"}]>"}
}
"""
    result = judge.run("hlo_to_stablehlo", Kind.HLO_TEXT, text.encode())
    assert result.outcome is Outcome.ERROR and "mesh" in result.message, result
    assert result.signature == "unjudged XLA's route keeps Shardy's attributes as strings", result


def test_a_convolution_of_mixed_element_types_is_beyond_the_route(judge: Judge) -> None:
    """XLA's importer converts f32 × c64 operands to one type before the compile's HloVerifier sees them."""
    text = """HloModule m
ENTRY e {
  a = f32[1,4,4,1]{3,2,1,0} parameter(0)
  b = c64[2,2,1,1]{3,2,1,0} parameter(1)
  ROOT c = f32[1,3,3,1]{3,2,1,0} convolution(a, b), window={size=2x2}, dim_labels=b01f_01io->b01f
}
"""
    result = judge.run("read_hlo", Kind.HLO_TEXT, text.encode())
    assert result.outcome is Outcome.ERROR and "mixes element types" in result.message, result
    assert result.signature == "unjudged XLA's route cannot see our refusal [type] of convolution", result


def test_our_limit_on_devices_is_no_verdict(judge: Judge) -> None:
    """A replica group mesh of 2^32 devices: XLA's parser takes it, we refuse past MAX_DEVICES (2^20)."""
    text = """HloModule m, replica_count=8
ENTRY e {
  p = f32[8]{0} parameter(0)
  ROOT a = f32[8]{0} all-gather(p), replica_groups=mesh['x'=65536,'y'=65536] {'x'}, dimensions={0}
}
"""
    result = judge.run("read_hlo", Kind.HLO_TEXT, text.encode())
    assert result.outcome is Outcome.ERROR and "hlo-translate supports" in result.message, result
    assert result.signature == "unjudged our limit on the number of devices", result


def test_a_computation_id_past_2_31_is_beyond_the_route(judge: Judge) -> None:
    """XLA's reader takes computation id 2^31; the proto it writes for its importer then numbers the
    instructions from 2^63, negative, and its importer refuses them: no verdict on the module (seed 139)."""
    proto = _proto()
    proto.computations[0].id = proto.entry_computation_id = 2**31
    result = judge.run("read_hlo", Kind.HLO_PROTO, proto.SerializeToString())
    assert result.outcome is Outcome.OK, result
    assert result.signature.startswith("unjudged import: INTERNAL: RET_CHECK failure"), result
