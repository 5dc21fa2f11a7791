"""HLO strings that are bytes, not UTF-8 (a proto's bytes fields; a C escape like `\\xe1` in HLO text), on
import: kept byte for byte in a StringAttr where MLIR has one (backend_config, frontend attribute values),
a one-line input error where it has none (a metadata name becomes an MLIR location name, which must be
UTF-8; XLA cannot write such metadata to its proto either)."""

from __future__ import annotations

import pytest

from hlo_translate import TranslateError, hlo_to_stablehlo, read_hlo, write_hlo
from hlo_translate.hlo.io import HloFormat

MODULE = """HloModule m

fused {
  a = f32[4] parameter(0)
  ROOT n = f32[4] negate(a)
}

cond {
  c = (s32[]) parameter(0)
  i = s32[] get-tuple-element(c), index=0
  ten = s32[] constant(10)
  ROOT lt = pred[] compare(i, ten), direction=LT
}

body {
  b = (s32[]) parameter(0)
  j = s32[] get-tuple-element(b), index=0
  ROOT t = (s32[]) tuple(j)
}

ENTRY main {
  p = f32[4] parameter(0)
  k = s32[] parameter(1)
  f = f32[4] fusion(p), kind=kLoop, calls=fused, backend_config="\\xe1{}"
  t0 = (s32[]) tuple(k)
  w = (s32[]) while(t0), condition=cond, body=body, backend_config="\\xff"
  e = f32[4] exponential(f), frontend_attributes={x="\\xe1"}, backend_config="\\xfe"
  ROOT r = (f32[4], (s32[])) tuple(e, w)
}
"""


@pytest.mark.parametrize("form", ["text", "proto"])
def test_bytes_that_are_not_utf8_are_kept(form: str) -> None:
    text = MODULE if form == "text" else MODULE.replace(', frontend_attributes={x="\\xe1"}', "")
    lines = hlo_to_stablehlo(text if form == "text" else write_hlo(read_hlo(text), HloFormat.PROTO)).splitlines()

    def line_of(op: str) -> str:
        return next(line for line in lines if op in line)

    assert 'xla.backend_config = "\\E1{}"' in line_of("call @fused")
    assert 'backend_config = "\\FF"' in line_of("stablehlo.while")
    assert 'xla.backend_config = "\\FE"' in line_of("stablehlo.exponential")
    if form == "text":
        assert 'mhlo.frontend_attributes = {x = "\\E1"}' in line_of("stablehlo.exponential")


@pytest.mark.parametrize(
    "attribute, what",
    [
        ('frontend_attributes={x="\\xe1"}', "attribute 'frontend_attributes'"),
        ('metadata={op_name="\\xe1"}', "metadata op_name"),
    ],
)
def test_a_proto_string_cannot_hold_them(attribute: str, what: str) -> None:
    module = read_hlo(MODULE.replace('frontend_attributes={x="\\xe1"}', attribute))
    with pytest.raises(TranslateError, match=f"{what} holds bytes that are not UTF-8") as info:
        write_hlo(module, HloFormat.PROTO)
    assert type(info.value) is TranslateError


@pytest.mark.parametrize(
    "metadata, field",
    [('op_name="\\xe1"', "op_name"), ('op_name="a" source_file="\\xe1\\xff" source_line=2', "source_file")],
)
def test_a_metadata_name_that_is_not_utf8_is_an_input_error(metadata: str, field: str) -> None:
    text = MODULE.replace('frontend_attributes={x="\\xe1"}', f"metadata={{{metadata}}}")
    with pytest.raises(TranslateError) as info:
        hlo_to_stablehlo(text)
    message = str(info.value)
    assert "\n" not in message and type(info.value) is TranslateError
    assert f"'e': metadata {field} is not valid UTF-8: b'\\xe1" in message, message


CUSTOM_CALL = """HloModule m

ENTRY main {
  p = f32[4] parameter(0)
  ROOT c = f32[4] custom-call(p), custom_call_target="foo", backend_config="\\xff\\xfe\\x00z"
}
"""


FEEDS = """HloModule m

ENTRY main {
  tok = token[] after-all()
  in = ((f32[2]), token[]) infeed(tok), infeed_config="\\xe1z"
  d = (f32[2]) get-tuple-element(in), index=0
  t = token[] get-tuple-element(in), index=1
  ROOT out = token[] outfeed(d, t), outfeed_shape=(f32[2]{0}), outfeed_config="\\xffz"
}
"""


def _configs(proto_bytes: bytes) -> dict[str, tuple[bytes, ...]]:
    from hlo_translate.proto import hlo_pb2

    module = hlo_pb2.HloModuleProto.FromString(proto_bytes)
    return {
        i.opcode: (i.backend_config, i.infeed_config, i.outfeed_config)
        for c in module.computations
        for i in c.instructions
        if i.backend_config or i.infeed_config or i.outfeed_config
    }


@pytest.mark.parametrize(
    "hlo",
    [MODULE.replace(', frontend_attributes={x="\\xe1"}', ""), CUSTOM_CALL, FEEDS],
    ids=["fusion-while-exponential", "custom-call", "infeed-outfeed"],
)
def test_bytes_that_are_not_utf8_come_back_on_export(hlo: str) -> None:
    """HLO -> StableHLO text -> HLO keeps the bytes of a backend, infeed or outfeed config (the exporter reads
    such a string attribute as bytes): the proto written at the end holds the bytes of the proto read at the start."""
    from hlo_translate import stablehlo_to_hlo

    original = write_hlo(read_hlo(hlo), HloFormat.PROTO)
    configs = _configs(original)
    assert any(not b"".join(value).isascii() for value in configs.values())
    back = write_hlo(stablehlo_to_hlo(hlo_to_stablehlo(original)), HloFormat.PROTO)
    assert _configs(back) == configs


def test_custom_call_backend_config_bytes_as_xla_exports_them() -> None:
    """StableHLO text whose custom_call backend_config escapes bytes that are not UTF-8: ours and XLA's
    converter write the same bytes."""
    from jaxlib._jax import mlir as xla_mlir

    from hlo_translate import stablehlo_to_hlo

    text = """func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.custom_call @foo(%a) {backend_config = "\\FF\\FE\\00z"} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}"""
    xla = xla_mlir.mlir_module_to_xla_computation(text, use_tuple_args=False, return_tuple=False)
    ours = write_hlo(stablehlo_to_hlo(text), HloFormat.PROTO)
    assert (
        _configs(ours)
        == _configs(xla.as_serialized_hlo_module_proto())
        == {"custom-call": (b"\xff\xfe\x00z", b"", b"")}
    )


@pytest.mark.parametrize("section, entry", [("FileNames", '"/src/a\\xe1.py"'), ("FunctionNames", '"f\\xff"')])
def test_a_stack_frame_name_that_is_not_utf8_cannot_go_to_a_proto(section: str, entry: str) -> None:
    """HLO text reads `\\xe1` in a stack frame table's names as the byte; the proto's names are strings: an
    input error on one line (an internal UnicodeEncodeError before; found by the fuzz mutator string_escape)."""
    names = {"FileNames": '"/src/a.py"', "FunctionNames": '"f"'} | {section: entry}
    text = f"""HloModule m
FileNames
1 {names["FileNames"]}
FunctionNames
1 {names["FunctionNames"]}
FileLocations
1 {{file_name_id=1 function_name_id=1 line=1 end_line=1 column=1 end_column=1}}
StackFrames
1 {{file_location_id=1 parent_frame_id=0}}
ENTRY e {{
  ROOT p = f32[2] parameter(0), metadata={{stack_frame_id=1}}
}}
"""
    module = read_hlo(text)
    expected = f"stack frame table {section} entry .* holds bytes that are not UTF-8"
    with pytest.raises(TranslateError, match=expected) as info:
        write_hlo(module, HloFormat.PROTO)
    assert type(info.value) is TranslateError and "\n" not in str(info.value)


@pytest.mark.parametrize("form", ["text", "proto"])
def test_a_typed_ffi_backend_config_that_is_not_utf8_is_an_input_error(form: str) -> None:
    """A typed-FFI custom call's backend_config is MLIR attribute text, which MLIR reads as UTF-8: bytes that are
    not (a proto's bytes field, or a C escape in HLO text) are the instruction's one-line error (fuzz seed 173:
    an internal UnicodeEncodeError in the guard that checks that text)."""
    hlo = (
        "HloModule m\nENTRY e {\n  p = f32[2] parameter(0)\n  ROOT c = f32[2] custom-call(p), "
        'custom_call_target="f", api_version=API_VERSION_TYPED_FFI, backend_config="{a = \\xfa}"\n}\n'
    )
    source = hlo if form == "text" else write_hlo(read_hlo(hlo), HloFormat.PROTO)
    with pytest.raises(TranslateError, match=r"'c': backend_config: the text is not UTF-8") as info:
        hlo_to_stablehlo(source)
    assert type(info.value) is TranslateError and "\n" not in str(info.value)
