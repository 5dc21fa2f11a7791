"""The MLIR text guard's fast path (a few C passes) never passes text that the token scanner refuses."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hlo_translate.mlir import guard

_PIECES = ["(", ")", "[", "]", "{", "}", "<", ">", "->", '"', '\\"', "//", "\n", " ", "7", "1" * 30, "x"]


@settings(max_examples=3000)
@given(st.lists(st.sampled_from(_PIECES), max_size=400))
def test_the_fast_path_passes_only_what_the_scanner_passes(pieces: list[str]) -> None:
    data = "".join(pieces).encode()
    small = 4
    original = guard.MAX_NESTING
    guard.MAX_NESTING = small  # a small limit, so that random text reaches it often
    try:
        if guard._surely_fine(guard._stripped(data)):
            assert guard._token_problem(data) is None
    finally:
        guard.MAX_NESTING = original


def test_deep_nesting_is_still_refused_where_it_happens() -> None:
    limit = guard.MAX_NESTING
    for text in [
        "x = " + "[" * (limit + 1),
        "(" * limit + ")" * limit + "<" * (limit + 1),
        "{" * (limit - 1) + '"' + "(" * 10 + '"' + "(" * 2,
        "(" * (limit // 2) + ")" * 5 + "(" * (limit // 2 + 6),
    ]:
        data = text.encode()
        assert not guard._surely_fine(guard._stripped(data))
        assert guard._problem(data)[0] == f"nesting deeper than {limit} levels"


def test_text_at_the_limit_and_strings_and_arrows_pass() -> None:
    limit = guard.MAX_NESTING
    for text in [
        "(" * limit + ")" * limit,
        '"' + "(" * 1000 + '"',
        "(a) -> " * 1000,
        "// " + "[" * 999,
        ")" * 500 + "(" * limit,
    ]:
        assert guard._surely_fine(guard._stripped(text.encode())), text[:20]
        assert guard._problem(text.encode()) is None


def test_long_numbers_go_to_the_scanner() -> None:
    data = b"dense<" + b"9" * (guard.MAX_DIGITS + 1) + b">"
    assert not guard._surely_fine(guard._stripped(data))
    assert guard._problem(data)[0] == f"number with more than {guard.MAX_DIGITS} digits"
    assert guard._problem(b'"' + b"9" * 100 + b'"') is None


def test_a_location_where_an_attribute_value_belongs_is_refused() -> None:
    # jaxlib's bindings cannot hand a location attribute to Python: a TypeError, or an abort in a callback
    refused = {
        b"func.func @f() attributes {x = loc(unknown)} { return }": ("a location (loc)", 31),
        b'func.func @f() attributes {x = [1, loc("a":1:2)]} { return }': ("a location (loc)", 35),
        b'#loc1 = loc("a":1:2)\nfunc.func @f() attributes {x = #loc1} { return }': ("location alias #loc1", 52),
    }
    for text, (what, offset) in refused.items():
        problem = guard._problem(text)
        assert problem is not None and problem[0].startswith(what) and problem[1] == offset, text


def test_locations_where_locations_belong_pass() -> None:
    text = (
        b'#loc1 = loc("a":1:2)\n#loc2 = loc(fused[#loc1, #loc1])\n'
        b'func.func @f(%a: tensor<f32> loc("x":1:1)) attributes {x = "= loc("} {\n'
        b"  return loc(fused[#loc1, #loc2])\n} loc(#loc3)\n#loc3 = loc(callsite(#loc1 at #loc2))\n"
    )
    assert guard._problem(text) is None


def test_stablehlo_to_hlo_refuses_a_location_as_a_result_attribute() -> None:
    import pytest

    import hlo_translate
    from hlo_translate.errors import TranslateError

    text = (
        "func.func @main(%a: tensor<f32>) -> (tensor<f32> {jax.result_info = loc(unknown)}) {\n"
        "  return %a : tensor<f32>\n}\n"
    )
    with pytest.raises(TranslateError, match=r"^<input>:1:69: error: a location \(loc\) where an attribute"):
        hlo_translate.stablehlo_to_hlo(text)


def test_a_location_as_an_attribute_in_bytecode_is_an_input_error() -> None:
    # the text check does not see bytecode: the exporter's attribute readers refuse it instead of aborting
    import io

    import pytest
    from jaxlib.mlir import ir

    import hlo_translate
    from hlo_translate.errors import InternalError, TranslateError
    from hlo_translate.mlir.context import make_context

    texts = {
        "func.func @main(%a: tensor<f32>) -> (tensor<f32> {jax.result_info = loc(unknown)}) {\n"
        "  return %a : tensor<f32>\n}": "a dictionary attribute holds a location",
        "module attributes {mhlo.num_replicas = loc(unknown)} {\n  func.func @main() { return }\n}": "attribute mhlo.num_replicas holds a location",
    }
    # a location inside a list (`[#loc3]`): the bindings cannot cast the list's entry either
    main = "func.func @main(%a: tensor<f32>) -> tensor<f32> {\n  return %a : tensor<f32>\n}"
    for name in (
        "mhlo.xla_entry_computation_parameter_layouts",
        "mhlo.xla_entry_computation_result_layout",
        "mhlo.input_output_alias",
    ):
        texts[f'#loc3 = loc("a")\nmodule attributes {{{name} = [#loc3]}} {{\n{main}\n}}'] = (
            r'a list attribute holds a location, not a value: \[loc\("a"\)\]'
        )
    assert len(texts) == 5
    for text, message in texts.items():
        with make_context():
            buffer = io.BytesIO()
            ir.Module.parse(text).operation.write_bytecode(buffer)
        with pytest.raises(TranslateError, match=message) as info:
            hlo_translate.stablehlo_to_hlo(buffer.getvalue())
        assert not isinstance(info.value, InternalError)


# A value used before its definition, the definition inside a region nested below, then a syntax error: a
# seed-59 fuzz campaign's SIGABRT, minimized. jaxlib's parser leaves its heap corrupted and a later parse aborts.
FORWARD_INTO_A_REGION = """      sdy.return %2 : tensor<2x2x2xbf16>
    %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {"y"}]>] out_shardings=[<@mesh, [{"x"}, {}, {}]>] manual_axes={"x", "y"} (%arg1: tensor<2x2xbf16>) {
      %2 = "stablehlo.all_gather"(%1) <{all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<2x1x2xbf16>) -> tensor<2x2x2xbf16>
  }
"""


def test_a_use_before_its_definition_is_parsed_in_a_child_first_and_refused_there() -> None:
    import pytest

    from hlo_translate.errors import TranslateError

    assert guard._problems(FORWARD_INTO_A_REGION.encode()) == (None, ("%2 is used before its definition", 17))
    # MLIR's own diagnostic, from the child's parse: this process never parsed the text
    with pytest.raises(TranslateError, match=r"^<input>:4:4: error: expected ':'$"):
        guard.check_text(FORWARD_INTO_A_REGION)


def test_a_valid_forward_reference_across_blocks_is_parsed() -> None:
    # legal MLIR (`^bb2` dominates `^bb1`, printed after it): the child parses it, then this process does
    from hlo_translate.mlir.context import make_context, parse_module

    text = """func.func @main(%a: tensor<f32>) -> tensor<f32> {
  cf.br ^bb2
^bb1:
  return %x : tensor<f32>
^bb2:
  %x = stablehlo.add %a, %a : tensor<f32>
  cf.br ^bb1
}"""
    assert guard._problems(text.encode())[1] is not None
    with make_context():
        assert "cf.br ^bb2" in str(parse_module(text))


NAMED_RESULTS = """func.func @main(%arg0: tensor<4x4xf32>) -> (tensor<4x2xf32>, tensor<4x2xi32>) {
  %values, %indices = chlo.top_k(%arg0, k = 2) : tensor<4x4xf32> -> (tensor<4x2xf32>, tensor<4x2xi32>)
  %c = stablehlo.constant dense<1.0> : tensor<4x2xf32>
  %1 = stablehlo.add %c, %values : tensor<4x2xf32>
  %2 = stablehlo.add %indices, %indices : tensor<4x2xi32>
  return %1, %2 : tensor<4x2xf32>, tensor<4x2xi32>
}
"""


def test_named_results_are_definitions_in_every_spelling() -> None:
    # MLIR's op-result-list: `%a, %b:2 = ...`, uses `%b#1`; a use as a later operand before the operands' type
    # (`add %c, %values : t`) is no argument definition
    import hlo_translate

    assert guard._problems(NAMED_RESULTS.encode()) == (None, None)
    numbered = NAMED_RESULTS.replace("%values, %indices", "%values, %i:1").replace("%indices, %indices", "%i#0, %i#0")
    spaced = NAMED_RESULTS.replace("%values, %indices =", "%values ,\n   %indices\n  =")
    for text in (NAMED_RESULTS, numbered, spaced):
        assert guard._problems(text.encode()) == (None, None), text
        assert hlo_translate.write_hlo(hlo_translate.stablehlo_to_hlo(text)) == hlo_translate.write_hlo(
            hlo_translate.stablehlo_to_hlo(
                NAMED_RESULTS.replace("%values, %indices", "%t:2")
                .replace("%values", "%t#0")
                .replace("%indices", "%t#1")
            )
        )


def test_a_custom_form_list_of_initial_values_is_no_result_list() -> None:
    # `stablehlo.while(%i = %c, %x = %a)`: `%c, %x =` follows `=`; a use of `%x` before it is a forward reference
    text = b"%u = stablehlo.abs %x : t\n%r:2 = stablehlo.while(%i = %c, %x = %a) : t, t"
    assert guard._problems(text)[1] == ("%x is used before its definition", 19)
    for before in (b"(", b"(%y: t,"):  # an argument list's `%x: t` follows `(` or a `,` after a type
        assert guard._problems(b"%u = op %x : t\n^bb0" + before + b" %x: t):")[1] is not None


def test_definitions_before_uses_pass_in_every_spelling() -> None:
    text = """func.func @main(%a : tensor<f32>, %b: tensor<f32> {jax.arg_info = "b"}) -> tensor<f32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.while(%i = %c, %x = %a) : tensor<i32>, tensor<f32>
  cond {
    %t = stablehlo.compare LT, %i, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %t : tensor<i1>
  } do {
    %s = "stablehlo.reduce"(%x, %b) ({
    ^bb0(%p : tensor<f32>, %q: tensor<f32>):
      %y = stablehlo.add %p, %q : tensor<f32>
      stablehlo.return %y : tensor<f32>
    }) {dimensions = array<i64>} : (tensor<f32>, tensor<f32>) -> tensor<f32>
    stablehlo.return %i, %s : tensor<i32>, tensor<f32>
  }
  return %r#1 : tensor<f32>
}
"""
    guard.check_text(text)
    import hlo_translate

    assert hlo_translate.stablehlo_to_hlo(text).entry.root is not None


def test_a_location_as_an_op_attribute_in_bytecode_is_an_input_error_at_the_op() -> None:
    # fuzz seed 79: `mhlo.sharding = loc(...)` in bytecode reached the bindings' cast in Shardy's importer
    import io

    import pytest
    from jaxlib.mlir import ir

    import hlo_translate
    from hlo_translate.errors import InternalError, TranslateError
    from hlo_translate.mlir.context import make_context

    text = (
        "func.func @main(%a: tensor<f32>) -> tensor<f32> {\n"
        "  %0 = stablehlo.custom_call @foo(%a) {ATTR = loc(unknown)} : (tensor<f32>) -> tensor<f32>\n"
        "  return %0 : tensor<f32>\n}"
    )
    for name in ("mhlo.sharding", "mhlo.frontend_attributes", "xla.backend_config"):
        with make_context():
            buffer = io.BytesIO()
            ir.Module.parse(text.replace("ATTR", name)).operation.write_bytecode(buffer)
        convert = [hlo_translate.stablehlo_to_hlo] + (
            [hlo_translate.import_shardings] if name == "mhlo.sharding" else []
        )
        for function in convert:
            with pytest.raises(
                TranslateError, match=f"'stablehlo.custom_call': attribute {name} holds a location"
            ) as info:
                function(buffer.getvalue())
            assert not isinstance(info.value, InternalError) and ":2:" in str(info.value), str(info.value)


# Strings whose escapes spell bytes that are not UTF-8. jaxlib's bindings abort the process when asked for
# such a dictionary key or location file name as str; a symbol name or string value raises. Each case runs in
# its own process (an abort fails the test, not pytest): an input error on one line, or, for an attribute's
# value that HLO keeps as bytes, a translation.
_NOT_UTF8 = {
    "dictionary key": ('%0 = stablehlo.abs %a {mhlo.frontend_attributes = {"\\FF" = "x"}} : tensor<2xf32>', "2:54"),
    "op attribute name": ('%0 = stablehlo.abs %a {"\\FF" = 1 : i32} : tensor<2xf32>', "2:26"),
    "location file": ('%0 = stablehlo.abs %a : tensor<2xf32> loc("a\\FF.py":3:4)', "2:45"),
    "location name": ('%0 = stablehlo.abs %a : tensor<2xf32> loc("\\FF")', "2:45"),
    "custom call target": ('%0 = stablehlo.custom_call @"\\FF"(%a) : (tensor<2xf32>) -> tensor<2xf32>', "2:31"),
    "frontend attribute value": (
        '%0 = stablehlo.abs %a {mhlo.frontend_attributes = {k = "\\FF"}} : tensor<2xf32>',
        "'stablehlo.abs': string attribute is not valid UTF-8",
    ),
    "generic op name": ('%0 = "stablehlo.ab\\80\\80s"(%a) : (tensor<2xf32>) -> tensor<2xf32>', "2:8"),
    "backend config": (
        '%0 = stablehlo.custom_call @foo(%a) {backend_config = "\\FF\\FE\\00z"} : (tensor<2xf32>) -> tensor<2xf32>',
        None,
    ),
}
_PROGRAM = """func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
  BODY
  return %0 : tensor<2xf32>
}
"""


@pytest.mark.parametrize("case", sorted(_NOT_UTF8))
def test_strings_that_are_not_utf8_never_abort(case: str, tmp_path) -> None:
    import subprocess
    import sys

    body, expected = _NOT_UTF8[case]
    path = tmp_path / "m.mlir"
    path.write_text(_PROGRAM.replace("BODY", body))
    result = subprocess.run(
        [sys.executable, "-c", "from hlo_translate.cli.main import main; main()", "stablehlo-to-hlo", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    if expected is None:
        assert result.returncode == 0, result.stderr
        assert 'backend_config="\\377\\376\\000z"' in result.stdout
        return
    assert result.returncode == 2, f"exit {result.returncode}: {result.stderr[-300:]}"
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "error:" in lines[0], result.stderr
    assert expected in lines[0], lines[0]


@pytest.mark.parametrize(
    "case",
    ["dictionary key", "op attribute name", "location file", "location name", "custom call target", "backend config"],
)
def test_a_callers_module_is_checked_as_text_is(case: str) -> None:
    """A module handed in as an `ir.Module` skips the text checks: `check_module_strings` finds the same
    names in its bytecode's string section (a value may still hold bytes)."""
    from jaxlib.mlir import ir

    from hlo_translate import TranslateError, stablehlo_to_hlo
    from hlo_translate.mlir.context import make_context

    body, expected = _NOT_UTF8[case]
    with make_context():
        module = ir.Module.parse(_PROGRAM.replace("BODY", body))  # (a generic op name so aborts right here)
        if expected is None:
            assert stablehlo_to_hlo(module).entry.root.attributes["backend_config"] == "\udcff\udcfe\x00z"
            return
        with pytest.raises(TranslateError, match="not UTF-8"):
            stablehlo_to_hlo(module)


@pytest.mark.parametrize(
    "text, refused",
    [
        ('{k = "\\FF"}', False),  # a value: bytes allowed
        ('{k = "\\C3\\A9"}', False),  # UTF-8 spelled in escapes
        ('{"\\C3\\A9" = 1}', False),
        ('{k = "\\\\FF"}', False),  # an escaped backslash, then the letters FF
        ('{"\\FF" = 1}', True),
        ('@"\\FF"', True),
        ('loc("f\\E1":1:2)', True),
        ('{k = "\\FF":1:2}', True),  # a location's file name after `=`
        ('%0 = "stablehlo.ab\\80s"(%a) : (tensor<f32>) -> tensor<f32>', True),  # an op's name (generic form)
        ('<{backend_config = "\\FF"}>', False),
        ('#a.b<x = "\\FF">', False),
    ],
)
def test_which_strings_may_hold_bytes(text: str, refused: bool) -> None:
    from hlo_translate import TranslateError

    if refused:
        with pytest.raises(TranslateError, match="not UTF-8"):
            guard.check_text(text)
    else:
        guard.check_text(text)


def test_a_long_blank_is_scanned_once() -> None:
    # fuzz (seed 2026, deep_nesting): a 350 KB string, blanked by `_stripped`, before typed values; a scan that
    # began each match with `\s*` rescanned the blank from every byte of it (a hang)
    import time

    text = b'x = "' + b"(" * 300_000 + b'"\n%0 = stablehlo.add %a, %b : tensor<f32>\n^bb0(%c: t, %d: t):'
    start = time.monotonic()
    assert guard._problems(text) == (None, None)
    assert time.monotonic() - start < 5.0
