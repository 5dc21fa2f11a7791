"""The printer makes some texts once per printing pass (a scalar constant's by element type and bits, an
attribute's by name and value, a metadata record's by object and by value) and a shape keeps its own
printed text: no line may print another line's text. XLA's parse of our text is the oracle."""

from __future__ import annotations

import dataclasses

from hlo_translate.hlo.ir import OpMetadata, PrimitiveType, Shape
from hlo_translate.hlo.text import instruction_text, parse_hlo_text, print_hlo_text
from tests.support.hlo_compare import assert_same_module, xla_module_from_text

# Constants equal as numbers but not as bits or types, attributes with one value under two names, metadata
# records alike but for one field, a root that is not the last line.
MANY_ALIKE = """HloModule m
r {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b), metadata={op_name="r/add" source_file="a.py" source_line=1}
}
ENTRY e {
  x = f32[4,4] parameter(0)
  c0 = f32[] constant(0), metadata={op_name="c" source_file="a.py" source_line=1}
  c1 = f32[] constant(-0), metadata={op_name="c" source_file="a.py" source_line=2}
  c2 = f16[] constant(0), metadata={op_name="c" source_file="b.py" source_line=1}
  c3 = f16[] constant(-0), metadata={op_name="c" source_file="a.py" source_line=1}
  c4 = f32[] constant(nan)
  c5 = f32[] constant(-nan(0x7fffff))
  c6 = bf16[] constant(1)
  c7 = s32[] constant(0)
  c8 = pred[] constant(true)
  c9 = pred[] constant(false)
  b0 = f32[4,4] broadcast(c0), dimensions={}, metadata={op_name="c" source_file="a.py" source_line=1}
  d = f32[4,4] dot(x, b0), lhs_contracting_dims={1}, rhs_contracting_dims={0}
  t = f32[4,4] transpose(d), dimensions={1,0}
  u = f32[4,4] transpose(t), dimensions={0,1}
  ROOT o = f32[4] reduce(u, c0), dimensions={1}, to_apply=r, metadata={op_name="c" source_line=1}
  n = f32[4,4] negate(x), metadata={op_name="c" source_file="a.py" source_line=1 source_column=3}
}
"""


def test_texts_made_once_per_pass_are_each_lines_own() -> None:
    printed = print_hlo_text(parse_hlo_text(MANY_ALIKE))
    assert "  ROOT o = f32[4] reduce(u, c0)" in printed and "  n = f32[4,4] negate(x)" in printed
    assert_same_module(
        xla_module_from_text(MANY_ALIKE).as_serialized_hlo_module_proto(),
        xla_module_from_text(printed).as_serialized_hlo_module_proto(),
    )


def test_metadata_records_shared_distinct_or_replaced() -> None:
    module = parse_hlo_text(MANY_ALIKE)
    entry = module.computations[-1]
    by_name = {i.name: i for i in entry.instructions}
    # The parser shares one record per distinct text; the exporter makes one per location: give `b0` an equal
    # record of its own and `d` a new one, then print again.
    assert by_name["c0"].attributes["metadata"] is by_name["b0"].attributes["metadata"]
    by_name["b0"].attributes["metadata"] = dataclasses.replace(by_name["b0"].attributes["metadata"])
    by_name["d"].attributes["metadata"] = OpMetadata(op_name="new", source_line=9)
    lines = {line.split(" = ")[0].strip(): line for line in print_hlo_text(module).splitlines() if " = " in line}
    assert lines["b0"].endswith(', metadata={op_name="c" source_file="a.py" source_line=1}')
    assert lines["d"].endswith(', metadata={op_name="new" source_line=9}')
    assert lines["c1"].endswith(', metadata={op_name="c" source_file="a.py" source_line=2}')
    by_name["d"].attributes["metadata"] = OpMetadata(op_name="newer")
    assert instruction_text(by_name["d"]) == (
        'd = f32[4,4] dot(x, b0), lhs_contracting_dims={1}, rhs_contracting_dims={0}, metadata={op_name="newer"}'
    )


def test_a_shapes_printed_text_is_not_part_of_its_value() -> None:
    fresh = Shape.array(PrimitiveType.F32, (2, 3))
    printed = Shape.array(PrimitiveType.F32, (2, 3))
    assert printed.to_text() == "f32[2,3]"
    assert printed == fresh and hash(printed) == hash(fresh) and repr(printed) == repr(fresh)
    assert dataclasses.replace(printed, dimensions=(4, 5)).to_text() == "f32[4,5]"
    assert [f.name for f in dataclasses.fields(Shape) if f.init] == [
        "element_type",
        "dimensions",
        "dynamic",
        "layout",
        "tuple_shapes",
    ]


SLICES_AND_PADS = """HloModule m
ENTRY e {
  x = f32[4,4] parameter(0)
  z = f32[] constant(0)
  sa = f32[2,4] slice(x), slice={[0:2], [0:4]}
  sb = f32[2,4] slice(x), slice={[0:2], [0:4]}
  sc = f32[2,4] slice(x), slice={[0:2], [0:4]}
  p0 = f32[6,4] pad(x, z), padding=1_1x0_0
  p1 = f32[6,4] pad(x, z), padding=1_1x0_0
  ROOT t = (f32[2,4], f32[2,4], f32[2,4], f32[6,4], f32[6,4]) tuple(sa, sb, sc, p0, p1)
}
"""


def test_record_values_shared_distinct_or_replaced() -> None:
    """The parser shares one slice (and padding) value per distinct text, which the printer prints once per
    object: a line given a value of its own, equal or not, prints its own."""
    module = parse_hlo_text(SLICES_AND_PADS)
    by_name = {i.name: i for i in module.entry.instructions}
    assert by_name["sa"].attributes["slice"] is by_name["sc"].attributes["slice"]
    assert by_name["p0"].attributes["padding"] is by_name["p1"].attributes["padding"]
    assert print_hlo_text(module) == print_hlo_text(parse_hlo_text(print_hlo_text(module)))
    sa = by_name["sa"].attributes["slice"]
    by_name["sb"].attributes["slice"] = tuple(dataclasses.replace(d) for d in sa)  # equal, not the same
    by_name["sc"].attributes["slice"] = (dataclasses.replace(sa[0], start=2, limit=4), sa[1])
    p0 = by_name["p0"].attributes["padding"]
    by_name["p1"].attributes["padding"] = dataclasses.replace(p0, dimensions=p0.dimensions[::-1])
    by_name["p1"].shape = Shape.array(PrimitiveType.F32, (4, 6))
    lines = {line.split(" = ")[0].strip(): line for line in print_hlo_text(module).splitlines() if " = " in line}
    assert lines["sa"].endswith("slice={[0:2], [0:4]}") and lines["sb"].endswith("slice={[0:2], [0:4]}")
    assert lines["sc"].endswith("slice={[2:4], [0:4]}")
    assert lines["p0"].endswith("padding=1_1x0_0") and lines["p1"].endswith("padding=0_0x1_1")
