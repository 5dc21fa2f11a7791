"""The proto writer's own wire-format pieces: instruction ids made without protobuf, and modules whose
shape takes the less common paths (a computation past 16,384 instructions, ids past one byte, a scheduled
module, fusion and threaded computations). XLA is the oracle: it reads our bytes, and our proto equals the
one it writes for the same text, field by field (ids renumbered by name, as in test_proto_opcodes.py)."""

from __future__ import annotations

import pytest

from hlo_translate.hlo.proto.writer import _instruction_ids, module_to_proto_bytes
from hlo_translate.hlo.text import parse_hlo_text
from hlo_translate.proto import hlo_pb2
from tests.hlo.test_proto_opcodes import canonical
from tests.support.hlo_compare import xla_module_from_proto, xla_module_from_text


def _protobuf_varints(values: list[int]) -> bytes:
    """The varints of `values` as protobuf writes them: a packed int64 field (operand_ids, a two-byte tag)
    without its tag and length."""
    data = hlo_pb2.HloInstructionProto(operand_ids=values).SerializeToString()[2:]
    length_end = next(n for n, byte in enumerate(data) if byte < 0x80) + 1
    return data[length_end:]


@pytest.mark.parametrize(
    "counts",
    [[], [0], [1], [3], [0, 2], [2, 0, 3], [16385], [3] * 200 + [20000], [0] * (1 << 20) + [3], [0] * 127 + [129, 1]],
)
def test_instruction_ids_are_protobufs_varints(counts: list[int]) -> None:
    values = [(n << 32) + k for n, count in enumerate(counts) for k in range(count)]
    ours = _instruction_ids(counts)
    assert len(ours) == len(values)
    assert b"".join(ours) == (_protobuf_varints(values) if values else b"")
    assert all(ours)  # one bytes object per id, none empty


def _chain(name: str, length: int) -> str:
    """A computation of `length` instructions: two parameters and adds, each of the last and a parameter."""
    lines = [f"  {name}0 = f32[] parameter(0)", f"  {name}1 = f32[] parameter(1)"]
    lines += [f"  {name}{k} = f32[] add({name}{k - 1}, {name}{k % 2})" for k in range(2, length)]
    lines[-1] = "  ROOT" + lines[-1][1:]
    return "\n".join(lines)


CASES = {
    # the entry is the second computation and has more instructions than the id tables hold
    "large_entry": f"""HloModule m
add {{
{_chain("r", 3)}
}}
ENTRY e {{
{_chain("a", 17000)}
}}
""",
    # 200 computations: computation ids of two bytes, each called by a reduce of the entry
    "many_computations": "HloModule m\n"
    + "".join(f"add{n} {{\n{_chain(f'r{n}_', 3)}\n}}\n" for n in range(200))
    + "ENTRY e {\n  p = f32[8] parameter(0)\n  z = f32[] constant(0)\n"
    + "".join(f"  sum{n} = f32[] reduce(p, z), dimensions={{0}}, to_apply=add{n}\n" for n in range(200))
    + "  ROOT t = ("
    + ", ".join("f32[]" for _ in range(200))
    + ") tuple("
    + ", ".join(f"sum{n}" for n in range(200))
    + ")\n}\n",
    "scheduled_fusion_and_threads": """HloModule m, is_scheduled=true
fused {
  x = f32[4] parameter(0)
  ROOT n = f32[4] negate(x)
}
wrapped {
  y = f32[4] parameter(0)
  ROOT e = f32[4] exponential(y)
}, execution_thread="side"
ENTRY e {
  p = f32[4] parameter(0)
  f = f32[4] fusion(p), kind=kLoop, calls=fused
  s = ((f32[4]), f32[4], s32[]) async-start(f), async_execution_thread="side", calls=wrapped
  d = f32[4] async-done(s)
  ROOT r = f32[4] add(d, f), control-predecessors={s}
}
""",
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_our_proto_is_xlas(name: str) -> None:
    text = CASES[name]
    ours = module_to_proto_bytes(parse_hlo_text(text))
    xla_module_from_proto(ours)  # XLA's reader accepts it
    assert canonical(ours) == canonical(xla_module_from_text(text).as_serialized_hlo_module_proto())
