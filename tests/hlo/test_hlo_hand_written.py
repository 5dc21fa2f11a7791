"""The HLO world on hand-written modules for what JAX does not emit on CPU (tiled layouts, every sharding
form, async ops, send/recv, feeds, domains, aliasing, ...): our text and our proto, both ways, are the same
module as XLA's own parse (tests/support/hlo_compare.py)."""

from __future__ import annotations

import pytest
from jax.errors import JaxRuntimeError  # what jaxlib's HLO readers raise

from hlo_translate.errors import TranslateError
from hlo_translate.hlo.proto import module_from_proto_bytes, module_to_proto_bytes
from hlo_translate.hlo.text import parse_hlo_text, print_hlo_text
from tests.hlo.test_proto import HAND_WRITTEN
from tests.support.hlo_compare import assert_same_module, xla_module_from_proto, xla_module_from_text
from tests.support.paths import GOLDEN

OUTFEED = """HloModule m
ENTRY e {
  p = f32[4]{0} parameter(0)
  tok = token[] after-all()
  ROOT o = token[] outfeed(p, tok), outfeed_shape=f32[4]{0}, outfeed_config="cfg"
}
"""
# XLA's parser gives the wrapped instruction the metadata, frontend attributes, backend config, statistics
# and origin of the async instructions, the last that writes one winning; the sharding stays on each.
ASYNC_ATTRIBUTES_ON_WRAPPED = """HloModule m
wrapped {
  p = f32[4] parameter(0)
  ROOT n = f32[4] negate(p), metadata={op_name="wrapped"}, frontend_attributes={w="1"}, backend_config="w"
}
ENTRY e {
  x = f32[4] parameter(0)
  s = ((f32[4]), f32[4]) async-start(x), calls=wrapped, metadata={op_name="start"}, statistics={visualizing_index=1,stat-1=33}, origin={{"x"}}
  u = ((f32[4]), f32[4]) async-update(s), metadata={op_name="update" source_line=3}, backend_config="u"
  ROOT d = f32[4] async-done(u), metadata={op_name="done"}, frontend_attributes={d="1"}, sharding={maximal device=1}
}
"""
GOLDEN_ASYNC = GOLDEN / "async"
# The async and point-to-point golden modules (in-place and combined collective-permute, pipelines, ...).
CASES = {
    **HAND_WRITTEN,
    "outfeed_shape": OUTFEED,
    "async_attributes_on_wrapped": ASYNC_ATTRIBUTES_ON_WRAPPED,
    **{f"async_{path.stem}": path.read_text() for path in sorted(GOLDEN_ASYNC.glob("*.hlo"))},
}
# What our proto writer does not know yet: a clear error naming the attribute, never a silent drop.
PROTO_GAPS: dict[str, str] = {}
# Modules XLA reads from text but whose proto (its own serialization included) its loader refuses: our
# proto, read back, must be the same module to XLA's text parser.
XLA_PROTO_LOADER_REFUSES = {"async_send_recv_pipelined": "RecvDone must take the context operand from Recv"}
# Syntax we reject with a clear message instead of guessing what XLA builds.
TEXT_GAPS: dict[str, str] = {}


@pytest.mark.parametrize("name", sorted(CASES))
def test_text_and_proto_both_ways(name: str) -> None:
    text = CASES[name]
    reference = xla_module_from_text(text).as_serialized_hlo_module_proto()
    if name in TEXT_GAPS:
        with pytest.raises(TranslateError, match=TEXT_GAPS[name]):
            parse_hlo_text(text)
        return
    ours = parse_hlo_text(text)
    assert_same_module(reference, xla_module_from_text(print_hlo_text(ours)).as_serialized_hlo_module_proto())
    if name in PROTO_GAPS:
        with pytest.raises(TranslateError, match=PROTO_GAPS[name]):
            module_to_proto_bytes(ours)
        return
    if name in XLA_PROTO_LOADER_REFUSES:
        with pytest.raises(JaxRuntimeError, match=XLA_PROTO_LOADER_REFUSES[name]):
            xla_module_from_proto(reference)
        with pytest.raises(TranslateError, match="must take the context of a"):  # and so does ours
            module_from_proto_bytes(module_to_proto_bytes(ours))
        return
    assert_same_module(reference, xla_module_from_proto(module_to_proto_bytes(ours)).as_serialized_hlo_module_proto())
    back = print_hlo_text(module_from_proto_bytes(reference))
    assert_same_module(reference, xla_module_from_text(back).as_serialized_hlo_module_proto())


REPEATED_NAMES = """HloModule m
f {
  x = f32[] parameter(0)
  x.1 = f32[] negate(x)
  ROOT r = f32[] add(x, x.1)
}
g {
  x = f32[] parameter(0)
  x.2 = f32[] negate(x)
  ROOT r = f32[] multiply(x, x.2)
}
ENTRY main {
  x = f32[] parameter(0)
  r.0 = f32[] call(x), to_apply=f
  r = f32[] call(r.0), to_apply=g
  ROOT x.1 = f32[] add(r, x)
}
"""


def test_repeated_names_are_made_unique_as_xla_does() -> None:
    """XLA's parser renames repeated instruction names module-wide (its proto loader requires unique
    names); ours gives every instruction the name XLA gives it."""
    from hlo_translate.proto import hlo_pb2

    theirs = hlo_pb2.HloModuleProto.FromString(xla_module_from_text(REPEATED_NAMES).as_serialized_hlo_module_proto())
    ours = parse_hlo_text(REPEATED_NAMES)
    expected = {c.name: sorted(i.name for i in c.instructions) for c in theirs.computations}
    assert {c.name: sorted(i.name for i in c.instructions) for c in ours.computations} == expected
    assert expected["main"] != ["r", "r.0", "x", "x.1"]  # XLA did rename: the test is not vacuous
    assert_same_module(
        xla_module_from_text(REPEATED_NAMES).as_serialized_hlo_module_proto(),
        xla_module_from_proto(module_to_proto_bytes(ours)).as_serialized_hlo_module_proto(),
    )


# Each name alone is kept by the uniquifier's shortcut only if no other spelling can meet it.
SUFFIX_NAMES = """HloModule m
f.00 {
  a.01 = f32[] parameter(0)
  ROOT b.0 = f32[] negate(a.01)
}
ENTRY main {
  b = f32[] parameter(0)
  c.7 = f32[] call(b), to_apply=f.00
  d.12345678901234567890 = f32[] negate(c.7)
  ROOT r = f32[] add(d.12345678901234567890, b)
}
"""


def test_names_with_zero_or_long_suffixes_are_renamed_as_xla_does() -> None:
    """`a.01` alone, `b.0` next to `b`, computation `f.00`: XLA renames them; all names distinct otherwise."""
    from hlo_translate.proto import hlo_pb2

    theirs = hlo_pb2.HloModuleProto.FromString(xla_module_from_text(SUFFIX_NAMES).as_serialized_hlo_module_proto())
    ours = parse_hlo_text(SUFFIX_NAMES)
    expected = {c.name: sorted(i.name for i in c.instructions) for c in theirs.computations}
    assert {c.name: sorted(i.name for i in c.instructions) for c in ours.computations} == expected
    assert "f.00" not in expected and "a.01" not in expected["f.0"]  # XLA did rename: not vacuous


@pytest.mark.parametrize(
    "names",
    [
        ["a", "a.1", "a.2", "b.10", ".5", "x.y", "a.b.3"],
        ["a", "a.0"],
        ["a.1", "a.01"],
        ["a.00"],
        ["a.0"],
        ["a.12345678901234567890", "a"],
        ["a", "a"],
        ["r.1", "r", "r.1"],
        ["0", "0.0", "1.1"],
        ["a.9", "a.10", "a.1.0"],
    ],
)
def test_uniquifier_shortcut_only_skips_names_it_would_keep(names: list[str]) -> None:
    from hlo_translate.hlo.text.parser_rules import NameUniquifier, _uniquifier_may_rename

    uniquifier = NameUniquifier()
    renamed = [uniquifier.unique(name) for name in names]
    assert _uniquifier_may_rename(names) or renamed == names
