"""The emit loop's shortcut for instructions without attributes (`importer.PLAIN_NAMES`): it takes the op name
registered beside a one-op form instead of calling the form, so the two must agree for every such opcode,
and a module imported with the shortcut must be the module imported without it."""

from __future__ import annotations

import pytest
from jaxlib.mlir import ir

import hlo_translate
from hlo_translate.hlo.ir import HloInstruction, PrimitiveType, Shape
from hlo_translate.hlo.text import parse_hlo_text
from hlo_translate.import_ import importer
from hlo_translate.mlir.context import make_context

F32 = Shape.array(PrimitiveType.F32, (2, 3))

# Elementwise ops without attributes (and a reshape, whose form looks at the attributes it carries), as
# JAX writes them: the shortcut's common case.
MODULE = """HloModule m
ENTRY e {
  a = f32[2,3] parameter(0)
  b = f32[2,3] parameter(1)
  s = f32[2,3] add(a, b)
  m = f32[2,3] multiply(s, a)
  n = f32[2,3] negate(m)
  x = f32[2,3] exponential(n)
  d = f32[2,3] divide(x, b)
  r = f32[3,2] reshape(d)
  c = f32[3,2] reshape(d), inferred_dimension=0
  ROOT t = (f32[3,2], f32[3,2]) tuple(r, c)
}"""


def test_there_are_plain_names() -> None:
    assert {"add", "multiply", "negate", "reshape"} <= set(importer.PLAIN_NAMES)


@pytest.mark.parametrize("opcode", sorted(importer.PLAIN_NAMES))
def test_plain_name_is_what_the_form_gives(opcode: str) -> None:
    form, name = importer.PLAIN_NAMES[opcode]
    assert form is importer.SIMPLE[opcode]
    assert form(HloInstruction("x", opcode, F32)) == (name, None)


def test_a_form_patched_in_is_called() -> None:
    """The plain name holds only while the opcode's form is the one registered with it."""
    with make_context(), ir.Location.unknown():
        plain = importer.ModuleImporter(parse_hlo_text(MODULE))._plain_names
        assert plain["negate"] == "stablehlo.negate"
    patched = {**importer.SIMPLE, "negate": lambda instr: ("stablehlo.abs", None)}
    with pytest.MonkeyPatch.context() as monkeypatch, make_context(), ir.Location.unknown():
        monkeypatch.setattr(importer, "SIMPLE", patched)
        plain = importer.ModuleImporter(parse_hlo_text(MODULE))._plain_names
    assert "negate" not in plain and plain["add"] == "stablehlo.add"


def test_import_is_the_same_without_the_shortcut(monkeypatch: pytest.MonkeyPatch) -> None:
    with_shortcut = hlo_translate.hlo_to_stablehlo(MODULE)
    assert "stablehlo.exponential" in with_shortcut and "inferred_dimension" in with_shortcut
    monkeypatch.setattr(importer, "PLAIN_NAMES", {})
    assert hlo_translate.hlo_to_stablehlo(MODULE) == with_shortcut
