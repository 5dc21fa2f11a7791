"""Binary HLO protos as XLA writes them: an HloModuleProto, or an HloProto (`*.hlo.pb` in XLA's dumps),
HloSnapshot or HloUnoptimizedSnapshot around one. Which one a file is, is told from the bytes; a wrong
reading must never yield an empty or garbled module."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from jax.errors import JaxRuntimeError  # what jaxlib's HLO readers raise

from hlo_translate import read_hlo
from hlo_translate.errors import TranslateError
from hlo_translate.hlo.proto import HloProtoKind, module_from_proto_bytes, module_to_proto_bytes, unwrap_module_proto
from hlo_translate.hlo.text import parse_hlo_text, print_hlo_text
from hlo_translate.proto import hlo_pb2
from tests.support.hlo_compare import assert_same_module, xla_module_from_proto, xla_module_from_text

PROGRAM = """
import jax, jax.numpy as jnp
def f(x, y):
    z = jnp.sort(jnp.tanh(x @ y) + 1.0, axis=0)
    k = jax.random.normal(jax.random.key(0), (4,))
    return jax.lax.fori_loop(0, 3, lambda i, c: c * 2.0, z) + k
jax.jit(f)(jnp.ones((4, 4)), jnp.ones((4, 4))).block_until_ready()
"""


@pytest.fixture(scope="module")
def dump(tmp_path_factory) -> Path:
    """XLA's dump of a small jit program (text and `.hlo.pb`, before and after optimizations)."""
    out = tmp_path_factory.mktemp("dump")
    env = {
        **os.environ,
        "XLA_FLAGS": f"--xla_dump_to={out} --xla_dump_hlo_as_text --xla_dump_hlo_as_proto",
        "JAX_PLATFORMS": "cpu",
    }
    subprocess.run([sys.executable, "-c", PROGRAM], env=env, check=True, capture_output=True, timeout=300)
    return out


def _module_bytes(path: Path) -> bytes:
    """XLA's own reading of a dumped HloProto's module."""
    return xla_module_from_proto(
        hlo_pb2.HloProto.FromString(path.read_bytes()).hlo_module.SerializeToString()
    ).as_serialized_hlo_module_proto()


def test_dumped_hlo_pb_files_are_hlo_protos_read_whole(dump: Path) -> None:
    files = sorted(dump.glob("*.hlo.pb"))
    assert len(files) >= 4
    for path in files:
        module, kind = unwrap_module_proto(path.read_bytes())
        assert kind is HloProtoKind.HLO_PROTO and module.computations, path.name
        reference = _module_bytes(path)
        ours = module_from_proto_bytes(path.read_bytes())
        # our proto carries every field, the device assignment that text has no form for included
        assert_same_module(
            reference, xla_module_from_proto(module_to_proto_bytes(ours)).as_serialized_hlo_module_proto()
        )
        text_reference = hlo_pb2.HloModuleProto.FromString(reference)
        text_reference.ClearField("device_assignment")
        assert_same_module(
            text_reference.SerializeToString(),
            xla_module_from_text(print_hlo_text(ours)).as_serialized_hlo_module_proto(),
        )


def test_dumped_text_files_are_the_module_xla_parses(dump: Path) -> None:
    files = [p for p in sorted(dump.glob("*.txt")) if p.name.endswith("optimizations.txt")]
    assert len(files) >= 4
    assert any("#" in p.read_text().split("ENTRY")[-1] for p in files)  # XLA printed `%t#N` operands
    for path in files:
        text = path.read_text()
        reference = xla_module_from_text(text).as_serialized_hlo_module_proto()
        assert_same_module(
            reference, xla_module_from_text(print_hlo_text(parse_hlo_text(text))).as_serialized_hlo_module_proto()
        )


def test_dump_files_that_are_not_modules_are_refused(dump: Path) -> None:
    others = [
        p for p in sorted(dump.iterdir()) if p.is_file() and not p.name.endswith((".hlo.pb", "optimizations.txt"))
    ]
    assert others
    for path in others:
        with pytest.raises(TranslateError):
            module_from_proto_bytes(path.read_bytes())


MODULE_TEXT = """HloModule m
ENTRY e {
  p = f32[4] parameter(0)
  ROOT n = f32[4] negate(p)
}
"""


def test_every_wrapper_is_read_to_the_same_module() -> None:
    module = hlo_pb2.HloModuleProto.FromString(xla_module_from_text(MODULE_TEXT).as_serialized_hlo_module_proto())
    buffers = hlo_pb2.BufferAssignmentProto()
    buffers.buffer_allocations.add(index=0, size=16, is_entry_computation_parameter=True)
    inputs = hlo_pb2.HloInputs()
    literal = inputs.arguments.add()
    literal.shape.element_type = 11
    literal.shape.dimensions.append(4)
    literal.f32s.extend([1, 2, 3, 4])
    wrapped = {
        HloProtoKind.MODULE: module,
        HloProtoKind.HLO_PROTO: hlo_pb2.HloProto(hlo_module=module, buffer_assignment=buffers),
        HloProtoKind.SNAPSHOT: hlo_pb2.HloSnapshot(
            hlo=hlo_pb2.HloProto(hlo_module=module), arguments=[literal], execution_platform="Host"
        ),
        HloProtoKind.UNOPTIMIZED_SNAPSHOT: hlo_pb2.HloUnoptimizedSnapshot(
            hlo_module=module, partitions=[inputs], version=1
        ),
    }
    for kind, message in wrapped.items():
        data = message.SerializeToString()
        found, found_kind = unwrap_module_proto(data)
        assert found == module and found_kind is kind
        ours = xla_module_from_proto(module_to_proto_bytes(read_hlo(data))).as_serialized_hlo_module_proto()
        assert_same_module(module.SerializeToString(), ours)


def _with_unknown_field(message, raw: bytes):
    """`message` with `raw` (a serialized field our schema does not define) appended, as another XLA writes."""
    merged = type(message)()
    merged.MergeFromString(message.SerializeToString() + raw)
    return merged


# Field 120 (a varint): a number no XLA schema uses yet, what a newer XLA's new field looks like.
NEW_FIELD = bytes([0xC0, 0x07, 0x07])
# Field 51 (precision_config, a message) with a varint's wire type: skipped as unknown by both readers.
WRONG_WIRE_TYPE = bytes([0x98, 0x03, 0x01])


@pytest.mark.parametrize("raw", [NEW_FIELD, WRONG_WIRE_TYPE])
@pytest.mark.parametrize("where", ["module", "computation", "instruction"])
@pytest.mark.parametrize("wrapper", [HloProtoKind.MODULE, HloProtoKind.HLO_PROTO])
def test_fields_unknown_to_our_schema_are_skipped_as_xla_skips_them(
    raw: bytes, where: str, wrapper: HloProtoKind
) -> None:
    module = hlo_pb2.HloModuleProto.FromString(xla_module_from_text(MODULE_TEXT).as_serialized_hlo_module_proto())
    if where == "module":
        module = _with_unknown_field(module, raw)
    else:
        comp = module.computations[0]
        if where == "computation":
            comp.CopyFrom(_with_unknown_field(comp, raw))
        else:
            comp.instructions[-1].CopyFrom(_with_unknown_field(comp.instructions[-1], raw))
    data = (module if wrapper is HloProtoKind.MODULE else hlo_pb2.HloProto(hlo_module=module)).SerializeToString()
    found, kind = unwrap_module_proto(data)
    assert kind is wrapper
    xla = xla_module_from_proto(module.SerializeToString()).as_serialized_hlo_module_proto()
    ours = xla_module_from_proto(module_to_proto_bytes(read_hlo(data))).as_serialized_hlo_module_proto()
    assert_same_module(xla, ours)


ALL_REDUCE = """HloModule m, replica_count=2
add {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}
ENTRY e {
  p = f32[4] parameter(0)
  ROOT r = f32[4] all-reduce(p), replica_groups={{0,1}}, to_apply=add
}
"""


def _all_reduce_proto(**fields: int) -> bytes:
    module = hlo_pb2.HloModuleProto.FromString(xla_module_from_text(ALL_REDUCE).as_serialized_hlo_module_proto())
    for comp in module.computations:
        for instr in comp.instructions:
            if instr.opcode == "all-reduce":
                for name, value in fields.items():
                    setattr(instr, name, value)
    return module.SerializeToString()


def test_an_older_protos_all_reduce_id_is_the_channel_id_as_xla_reads_it() -> None:
    data = _all_reduce_proto(all_reduce_id=5)
    xla = xla_module_from_proto(data)
    assert "channel_id=5" in xla.to_string()
    ours = read_hlo(data)
    assert ours.entry.root.attributes["channel_id"] == 5
    assert_same_module(
        xla.as_serialized_hlo_module_proto(),
        xla_module_from_proto(module_to_proto_bytes(ours)).as_serialized_hlo_module_proto(),
    )


def test_all_reduce_id_beside_a_channel_id_is_refused_as_xla_refuses_it() -> None:
    data = _all_reduce_proto(all_reduce_id=5, channel_id=2)
    with pytest.raises(JaxRuntimeError, match="both channel_id"):
        xla_module_from_proto(data)
    with pytest.raises(TranslateError, match="both channel_id and all_reduce_id"):
        read_hlo(data)


@pytest.mark.parametrize(
    "data",
    [
        b"",
        hlo_pb2.HloProto(buffer_assignment=hlo_pb2.BufferAssignmentProto()).SerializeToString(),
        hlo_pb2.HloModuleProto(name="m", entry_computation_name="e").SerializeToString(),
        hlo_pb2.HloSnapshot(execution_platform="Host").SerializeToString(),
        b"\x0a\x03abc\x12\x01e",
    ],
)
def test_no_module_is_an_error_not_an_empty_module(data: bytes) -> None:
    with pytest.raises(TranslateError, match="not a valid HloModuleProto"):
        module_from_proto_bytes(data)


def test_cli_run_accepts_dumped_hlo_protos(dump: Path, tmp_path: Path) -> None:
    """`hlo-translate run` reads the dump's `.hlo.pb` (an HloProto) and an HloSnapshot of the same module,
    and runs them to what the dump's HLO text runs to."""
    from click.testing import CliRunner

    from hlo_translate.cli.main import app

    proto_path = next(p for p in sorted(dump.glob("*jit_f*before_optimizations.hlo.pb")))
    text_path = proto_path.with_name(proto_path.name.replace(".hlo.pb", ".txt"))
    module = hlo_pb2.HloProto.FromString(proto_path.read_bytes()).hlo_module
    snapshot = tmp_path / "snapshot.pb"
    snapshot.write_bytes(hlo_pb2.HloSnapshot(hlo=hlo_pb2.HloProto(hlo_module=module)).SerializeToString())
    outputs = []
    for path in (text_path, proto_path, snapshot):
        result = CliRunner().invoke(app, ["run", str(path), "--seed", "3"])
        assert result.exit_code == 0, result.output
        outputs.append(result.stdout)
    assert outputs[0] == outputs[1] == outputs[2] and "out0" in outputs[0]


def test_wrappers_in_protobuf_text_format() -> None:
    from google.protobuf import text_format

    module = hlo_pb2.HloModuleProto.FromString(xla_module_from_text(MODULE_TEXT).as_serialized_hlo_module_proto())
    for message in (
        hlo_pb2.HloProto(hlo_module=module),
        hlo_pb2.HloSnapshot(hlo=hlo_pb2.HloProto(hlo_module=module)),
        hlo_pb2.HloUnoptimizedSnapshot(hlo_module=module, version=1),
    ):
        ours = read_hlo(text_format.MessageToString(message))
        assert_same_module(
            module.SerializeToString(),
            xla_module_from_proto(module_to_proto_bytes(ours)).as_serialized_hlo_module_proto(),
        )


@pytest.mark.parametrize("earlier_problem", [False, True], ids=["alone", "after-a-duplicate-name"])
def test_an_instruction_without_opcode_is_not_a_module(earlier_problem: bool) -> None:
    """A single reading's opcodes are looked at while its instructions are read: an instruction without one
    is still "not a module", even when the reader would stop at another instruction's problem first."""
    module = hlo_pb2.HloModuleProto.FromString(
        module_to_proto_bytes(
            parse_hlo_text(
                "HloModule m\n\nENTRY e {\n  a = f32[] parameter(0)\n  b = f32[] negate(a)\n  ROOT c = f32[] negate(b)\n}\n"
            )
        )
    )
    instructions = module.computations[0].instructions
    instructions[2].opcode = ""
    if earlier_problem:
        instructions[1].name = instructions[0].name
    with pytest.raises(TranslateError, match="not a valid HloModuleProto"):
        module_from_proto_bytes(module.SerializeToString())
    with pytest.raises(TranslateError, match="not a valid HloModuleProto"):
        unwrap_module_proto(module.SerializeToString())
    instructions[2].opcode = "negate"  # whole again: the reader's own error (or none) is the answer
    if earlier_problem:
        with pytest.raises(TranslateError, match="used twice"):
            module_from_proto_bytes(module.SerializeToString())
    else:
        assert module_from_proto_bytes(module.SerializeToString()).entry.root.name == "c"
