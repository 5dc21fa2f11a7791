"""The exporter reads plain file positions and unknown locations through the bindings' accessors
(no printing); every other location through its printed form. Both must give the same answer."""

from __future__ import annotations

import pytest
from jaxlib.mlir import ir

import hlo_translate
from hlo_translate.errors import SourceLocation
from hlo_translate.mlir.context import make_context, parse_module
from hlo_translate.mlir.locations import LocationInfo, location_info, parse_location, source_location

LOCATIONS = [
    '"a.py":5:11',
    '"a.py":5:11 to :30',
    '"a.py":5:11 to 7:2',
    '"-":3:10',
    '"":1:1',
    '"dir/with space/\\22quoted\\22.py":12:0',
    '"caf\\C3\\A9.py":2:4',
    "unknown",
    '"jit(f)/add"("a.py":5:11)',
    '"add.3"("jit(f)/add"("a.py":5:11))',
    'callsite("f"("a.py":5:11) at "<module>"("b.py":6:4))',
]


@pytest.mark.parametrize("loc", LOCATIONS)
def test_accessor_path_matches_printed_path(loc: str) -> None:
    text = (
        "func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {\n"
        f"  %0 = stablehlo.negate %a : tensor<2xf32> loc({loc})\n"
        "  return %0 : tensor<2xf32>\n}\n"
    )
    with make_context():
        module = parse_module(text)
        op = module.body.operations[0].regions[0].blocks[0].operations[0]
        assert location_info(op.location) == parse_location(str(op.location))


def test_file_position_becomes_metadata() -> None:
    text = (
        "func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {\n"
        '  %0 = stablehlo.negate %a : tensor<2xf32> loc("dir/a.py":5:11)\n'
        "  %1 = stablehlo.abs %0 : tensor<2xf32> loc(unknown)\n"
        "  return %1 : tensor<2xf32>\n}\n"
    )
    hlo = hlo_translate.stablehlo_to_hlo(text)
    by_opcode = {i.opcode: i for i in hlo.entry.instructions}
    meta = by_opcode["negate"].metadata
    assert (meta.source_file, meta.source_line, meta.op_name) == ("dir/a.py", 5, "")
    assert by_opcode["abs"].metadata is None
    # Text parsed from a string: MLIR's "-" file is no source file, only a position in that text.
    minus = _minus_location()
    assert isinstance(minus, ir.FileLineColLoc) and minus.filename == "-"
    assert location_info(minus) == LocationInfo(input_position=(1, 1))


def _minus_location():
    with make_context():
        module = parse_module("func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {\n  return %a : tensor<2xf32>\n}\n")
        return module.body.operations[0].location


@pytest.mark.parametrize(
    ("loc", "expected"),
    [
        ('"a.py":5:11', SourceLocation("a.py", 5, 11)),
        # Text parsed from a string ("-") keeps its position, whatever wraps it.
        ('"-":3:10', SourceLocation("<input>", 3, 10)),
        ('"add.3"("jit(f)/add"("-":3:10))', SourceLocation("<input>", 3, 10)),
        # The callee's frame first, as XLA reports it.
        ('callsite("f"("a.py":5:11) at "<module>"("b.py":6:4))', SourceLocation("a.py", 5, 11)),
        ("unknown", None),
        ('"jit(f)/add"', None),
    ],
)
def test_source_location_of_an_op(loc: str, expected: SourceLocation | None) -> None:
    text = (
        "func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {\n"
        f"  %0 = stablehlo.negate %a : tensor<2xf32> loc({loc})\n"
        "  return %0 : tensor<2xf32>\n}\n"
    )
    with make_context():
        module = parse_module(text)  # kept alive: its ops die with it
        op = module.body.operations[0].regions[0].blocks[0].operations[0]
        assert source_location(op.location) == expected
        assert source_location(str(op.location)) == expected


# Text that spells no location: every op sits at its position in the text, which the exporter then does not read
# (`export_module(positions_only=True)`). The same text as bytes takes the path that reads every location.
UNLOCATED = """
module @m attributes {mhlo.num_partitions = 2 : i32} {
  func.func private @twice(%x: tensor<4xf32>) -> tensor<4xf32> {
    %0 = stablehlo.add %x, %x : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
  func.func @main(%a: tensor<4xf32> {mhlo.sharding = "{devices=[2]<=[2]}"}, %b: tensor<f32>) -> tensor<f32> {
    %0 = call @twice(%a) : (tensor<4xf32>) -> tensor<4xf32>
    %1 = stablehlo.reduce(%0 init: %b) applies stablehlo.add across dimensions = [0]
      : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
    %2 = chlo.tan %1 : tensor<f32> -> tensor<f32>
    return %2 : tensor<f32>
  }
}
"""


@pytest.mark.parametrize(
    "text",
    [UNLOCATED, UNLOCATED.replace("chlo.tan %1 : tensor<f32> -> tensor<f32>", "stablehlo.tanh %1 : tensor<f32>")],
)
def test_unlocated_text_exports_as_its_bytes_do(text: str) -> None:
    from_text = hlo_translate.stablehlo_to_hlo(text)
    from_bytes = hlo_translate.stablehlo_to_hlo(text.encode())
    for fmt in (hlo_translate.HloFormat.TEXT, hlo_translate.HloFormat.PROTO):
        assert hlo_translate.write_hlo(from_text, fmt) == hlo_translate.write_hlo(from_bytes, fmt)


def test_a_location_spelled_with_a_space_is_read() -> None:
    # `loc` and `(` are two tokens of MLIR's grammar: `loc (` is a location too.
    text = (
        "func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {\n"
        '  %0 = stablehlo.negate %a : tensor<2xf32> loc ("neg.7"("jit(f)/neg"("a.py":5:11)))\n'
        "  return %0 : tensor<2xf32>\n}\n"
    )
    root = hlo_translate.stablehlo_to_hlo(text).entry.root
    assert root.name == "neg.7"
    assert root.metadata is not None and root.metadata.op_name == "jit(f)/neg"
