"""XLA's HLO text grammar, production by production, against XLA's own parser (jaxlib 0.12).

Each case is text that XLA's parser reads; ours must read it to the same module: XLA's parse of our printed
text, and XLA's load of our HloModuleProto, are the module XLA parses from the original (compared as
serialized protos after renumbering ids, `tests/support/hlo_compare.py`). Each negative case is text XLA's
parser rejects: we reject it too, with one line naming the place.
"""

from __future__ import annotations

import pytest
from jax.errors import JaxRuntimeError  # what jaxlib's HLO readers raise

from hlo_translate.errors import TranslateError
from hlo_translate.hlo.proto import module_from_proto_bytes, module_to_proto_bytes
from hlo_translate.hlo.text import parse_hlo_text, print_hlo_text
from tests.support.hlo_compare import assert_same_module, xla_module_from_proto, xla_module_from_text

# production -> text XLA's parser accepts
ACCEPTED = {
    # name ::= identifier ':' too: XLA's lexer reads a bare `name:` as a name, even a keyword's (`f32:`)
    "names_ending_in_a_colon": """HloModule m:, entry_computation_layout={(f32[])->f32[]}
ENTRY main: (x: f32[]) -> f32[] {
  ROOT p: = f32[] parameter(0)
}
""",
    "module_name_ending_in_a_colon": "HloModule m:\nENTRY e {\n  ROOT p = f32[] parameter(0)\n}\n",
    "computation_without_header_named_with_a_colon": "main: {\n  ROOT p = f32[] parameter(0)\n}\n",
    "computation_named_entry_with_a_colon": "ENTRY: {\n  ROOT p = f32[] parameter(0)\n}\n",
    # ... and so in references: an operand, a called computation, a control predecessor
    "operands_named_with_a_colon": """HloModule m
ENTRY e {
  p = (f32[2], f32[2]) parameter(0)
  %true = f32[2] get-tuple-element(p:), index=0
  a = f32[2] add(true:, p:#1)
  ROOT n = f32[2] negate(f32[2] a:), control-predecessors={a:, true:}
}
""",
    "computations_named_with_a_colon": """HloModule m
r {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}
%ROOT {
  ROOT q = f32[] parameter(0)
}
ENTRY e {
  i = s32[] parameter(0)
  p = f32[2] parameter(1)
  z = f32[] constant(0)
  x = f32[] reduce(p, z), dimensions={0}, to_apply=r:
  c = f32[] call(x), to_apply=ROOT:
  ROOT k = f32[] conditional(i, c, x), branch_computations={ROOT:, ROOT:}
}
""",
    # ... which XLA's lexer takes inside strings and comments, and inside backend_config's braces, as they are
    "odd_space_in_strings_comments_and_backend_config": """HloModule m
ENTRY e {
  p = f32[2] parameter(0), metadata={op_name="a\x0bb"} /* c\x0cd */
  ROOT c = f32[2] custom-call(p), custom_call_target="x", backend_config={\x0b"a":\xa01}
}
""",
    # a tile dimension: a size, `*` (combine the rest) or `d` (match the shape's), or the numbers those stand for
    "tile_dimension_marks": """HloModule m
ENTRY e {
  p = f32[16,128]{1,0:T(d,128)} parameter(0)
  q = f32[16,128]{1,0:T(*,128)} parameter(1)
  r = f32[16,128]{1,0:T(-9223372036854775807,128)(9223372036854775808,1)} parameter(2)
  ROOT t = (f32[16,128]{1,0:T(d,128)}, f32[16,128]{1,0:T(*,128)}, f32[16,128]) tuple(p, q, r)
}
""",
    # the stack frame table's entries may stand after blank lines (XLA's lexer skips newlines)
    "stack_frame_entries_after_blank_lines": """HloModule m
FileNames

1 "a.py"
FunctionNames
1 "f"


FileLocations
1 {file_name_id=1 function_name_id=1 line=3 end_line=3 column=1 end_column=2}
StackFrames

1 {file_location_id=1 parent_frame_id=0}

ENTRY e {
  ROOT p = f32[] parameter(0), metadata={op_name="p" stack_frame_id=1}
}
""",
    # a signature's parameter is a name token then a shape: `p: f32[]` (the bare `name:` token), `p f32[]`,
    # `%p f32[]`
    "signature_parameter_forms": """HloModule m
ENTRY e (a: f32[2], b f32[2], %c f32[2], true: f32[2]) -> f32[2] {
  a = f32[2] parameter(0)
  b = f32[2] parameter(1)
  c = f32[2] parameter(2)
  d = f32[2] parameter(3)
  ROOT s = f32[2] add(a, b)
}
""",
    # a shape may go on past its line: XLA's lexer takes a newline as space
    "shape_across_lines": """HloModule m
ENTRY e {
  a = f32[4,4]{1,0} parameter(0)
  c = f32[4,4]{1,0
} cholesky(a), lower=true
  ROOT t = (f32[4,4]{1,0},
    f32[4,4]) tuple(c, a)
}
""",
    # a signature's shapes: XLA's parser drops the parameters' and compares the result's with the root's
    # (layouts aside), so what only its verifier checks of a shape (a permutation, the size) goes unchecked
    "signature_shapes_xla_leaves_unchecked": """HloModule m
ENTRY e (p: f32[2147483647,2147483647,8]{5,0,1}, q: f32[2]{0:#(s32)}) -> f32[2]{7} {
  ROOT p = f32[2]{0} parameter(0)
  q = f32[2]{0} parameter(1)
}
""",
    # ... and a tuple's element at the edge: 2305843009213693951 s32 elements are 2^63 - 4 bytes
    "signature_tuple_element_largest_size": """HloModule m
ENTRY e (p: (s32[2305843009213693951], pred[9223372036854775807])) -> f32[2] {
  ROOT q = f32[2]{0} parameter(0)
}
""",
    # operand ::= name ('#' index)*: an implicit get-tuple-element, as XLA's dumps print tuple elements
    "tuple_element_operand": """HloModule m
ENTRY e {
  arg_tuple.1 = (f32[], s32[]) parameter(0)
  constant.8 = f32[] constant(1)
  ROOT add = f32[] add(arg_tuple.1#0, constant.8)
}
""",
    "tuple_element_operand_nested_and_reused": """HloModule m
ENTRY e {
  %p = (f32[], (f32[], s32[])) parameter(0)
  %a = f32[] add(%p#1#0, %p#0)
  ROOT %b = f32[] multiply(%a, %p #0)
}
""",
    "tuple_element_name_taken_later": """HloModule m
ENTRY e {
  p = (f32[], f32[]) parameter(0)
  a = f32[] add(p#0, p#1)
  p_0 = f32[] constant(2)
  ROOT r = f32[] multiply(a, p_0)
}
""",
    "tuple_element_in_called_computation": """HloModule m
body {
  p = (s32[], f32[4]) parameter(0)
  one = s32[] constant(1)
  i = s32[] add(p#0, one)
  ROOT t = (s32[], f32[4]) tuple(i, p#1)
}
cond {
  p = (s32[], f32[4]) parameter(0)
  n = s32[] constant(4)
  ROOT lt = pred[] compare(p#0, n), direction=LT
}
ENTRY e {
  x = (s32[], f32[4]) parameter(0)
  ROOT w = (s32[], f32[4]) while(x), condition=cond, body=body
}
""",
    # statistics ::= {name=int (, name=number)*}: the first value is the index to visualize, whatever its name
    "statistics": """HloModule m
ENTRY e {
  p = f32[2] parameter(0)
  ROOT n = f32[2] negate(p), statistics={x=18446744073709551615, stat-0=-.5, b=60, c=1e3, c=nan}
}
""",
    # a keyword is a name when written `%name` (and `name=` is, written `%name=`); our printer writes them so
    "keywords_as_percent_names": """HloModule %true
%FileNames {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}
ENTRY %ROOT (true: f32[2]) -> f32[] {
  %true = f32[2] parameter(0)
  %z= f32[] constant(0)
  ROOT f = f32[] reduce(%true, %z), dimensions={0}, to_apply=%FileNames, control-predecessors={%true}
}
""",
    # operand ::= (shape)? opcode operands: nested instructions, named `<opcode>.anon`
    "nested_instructions": """HloModule m
ENTRY e {
  ROOT a = f32[] add(f32[] parameter(0), f32[] constant(1))
}
""",
    "nested_instructions_deep": """HloModule m
c {
  x = f32[2] parameter(0)
  ROOT a = f32[2] add(f32[2] negate(x), x)
}
ENTRY e {
  p = f32[2] parameter(0)
  q = f32[2] add(p, f32[2] negate(f32[2] negate(p)))
  ROOT r = f32[2] call(q), to_apply=c
}
""",
    "nested_tuple_shaped": """HloModule m
ENTRY e {
  p = f32[] parameter(0)
  ROOT g = f32[] get-tuple-element((f32[], f32[]) tuple(p, p)), index=1
}
""",
    # operand ::= shape name: operands printed with their shapes
    "operand_shapes": """HloModule m
ENTRY e {
  p = f32[2,3]{0,1} parameter(0)
  ROOT a = f32[2,3]{0,1} add(f32[2,3]{0,1} %p, f32[2,3] p)
}
""",
    # instruction ::= name '=' opcode operands: shapes XLA infers
    "inferred_shapes": """HloModule m
ENTRY e {
  p = f32[2,3]{0,1} parameter(0)
  c = compare(p, p), direction=LT
  n = negate(p)
  t = tuple(p, n, c)
  g = get-tuple-element(t), index=1
  r = replica-id()
  f = is-finite(p)
  s = select(c, p, n)
  ROOT a = add(g, s)
}
""",
    # module ::= computations (no header): the entry is the ENTRY computation, else the last one
    "no_header_last_is_entry": """c {
  p = f32[] parameter(0)
  ROOT a = f32[] negate(p)
}
e {
  p = f32[] parameter(0)
  ROOT a = f32[] call(p), to_apply=c
}
""",
    "no_header_entry_first": """ENTRY e {
  p = f32[] parameter(0)
  ROOT a = f32[] negate(p)
}
""",
    "no_entry_keyword": """HloModule m
e {
  p = f32[] parameter(0)
  ROOT a = f32[] negate(p)
}
c {
  p = f32[] parameter(0)
  ROOT a = f32[] call(p), to_apply=e
}
""",
    # a single instruction: operands with shapes become parameters of a scheduled module `_`
    "single_instruction": "%r = f32[4] add(f32[4] %a, f32[4] %b)\n",
    "single_instruction_unnamed": 'f32[4] multiply(f32[4] a, f32[4] a), metadata={op_name="x"}\n',
    # comments and sigils
    "comments_and_sigils": """// leading comment
HloModule m /* after the name */, entry_computation_layout={(f32[], f32[])->(f32[], f32[])}

/* a block comment */
ENTRY %e (p: f32[], q: f32[]) -> (f32[], f32[]) {
  %p = f32[] parameter(0) // a line comment
  q = f32[] parameter(1)
  ROOT %t = (f32[], /*index=1*/f32[]) tuple(p, /*index=1*/%q)
}
""",
    # a comment is space to XLA's lexer, also right after an unbraced attribute value and inside a braced one
    "comments_after_attribute_values": """HloModule m
r {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}
ENTRY e {
  x = f32[4,8] parameter(0)
  z = f32[] constant(0)
  d = f32[4] reduce(x, z), dimensions={1}, to_apply=r /* c */
  d2 = f32[4] reduce(x, z), to_apply=r/* c, d */, dimensions={1 /* } */}
  d3 = f32[4] reduce(x, z), to_apply=r // c
    , dimensions={1}
  t = f32[8,4] transpose(x), dimensions={1,0} // c
  c = pred[4] compare(d, d2), direction=LT /* a */ /* b */
  ROOT o = (f32[4], f32[4], f32[8,4], pred[4]) tuple(d3, d, t, c)
}
""",
    "no_root_marker": """HloModule m
ENTRY e {
  p = f32[] parameter(0)
  n = f32[] negate(p)
}
""",
    # names are scoped by computation: control predecessors name their own computation's instructions
    "control_predecessors_scoped": """HloModule m
c {
  n = f32[] parameter(0)
  ROOT r = f32[] negate(n)
}
ENTRY e {
  p = f32[] parameter(0)
  n = f32[] call(p), to_apply=c
  ROOT r = f32[] add(p, p), control-predecessors={n}
}
""",
    # opcodes newer than our corpus
    **{
        f"opcode_{op}": f"""HloModule m
ENTRY e {{
  p = f32[4] parameter(0)
  ROOT a = f32[4] {op}(p)
}}
"""
        for op in ("acos", "acosh", "asin", "asinh", "atanh", "cosh", "sinh", "erf", "tan")
    },
    "original_values": """HloModule m
ENTRY e {
  pair = (f32[4], (f32[4], s32[])) parameter(0), origin={({"pair" {0}}, ({"x"}, {"y" {1,2}}))}
  a = f32[4] get-tuple-element(pair), index=0, origin={{"a"}}
  b = s32[] get-tuple-element(pair), index=0, origin={}
  ROOT t = (f32[4], f32[4]) tuple(a, a), origin={({"t" {0}}, {"t" {1}})}
}
""",
    # layouts of every kind XLA prints: tiles, element size, memory space, tail padding, index and pointer
    # types, split configs, dynamic shape metadata (dim level types are read and dropped, as XLA does);
    # index/pointer types `#(u16)*(u32)` are in tests/hlo/test_proto_opcodes.py (XLA's proto loader refuses them)
    "layouts_every_kind": """HloModule m
ENTRY e {
  a = bf16[16,128]{1,0:T(8,128)(2,1)} parameter(0)
  b = bf16[16,128]{1,0:T(8,128)(2,1)S(1)} copy(a)
  c = bf16[16,128]{0,1:T(4)(2)E(4)} copy(a)
  d = bf16[16,128]{1,0:L(1024)} copy(a)
  g = bf16[16,128]{1,0:D(D,C+~)} copy(a)
  h = bf16[16,128]{1,0:SC(0:4)(1:2,6)} copy(a)
  i = bf16[16,128]{1,0:M(8)} copy(a)
  j = bf16[16,128]{1,0:T(8,128)(2,1)L(2)E(16)S(2)SC(0:4)M(4)} copy(a)
  k = bf16[16,128]{1,0:T(2,*)} copy(a)
  l = s4[16,128]{1,0:T(8,128)(2,1)E(4)} parameter(1)
  ROOT t = (bf16[16,128]{1,0:T(8,128)(2,1)S(1)}, bf16[16,128]{0,1:T(4)(2)E(4)}, bf16[16,128]{1,0:L(1024)}, bf16[16,128]{1,0}, bf16[16,128]{1,0:SC(0:4)(1:2,6)}, bf16[16,128]{1,0:M(8)}, bf16[16,128]{1,0:T(2,*)}, s4[16,128]{1,0:T(8,128)(2,1)E(4)}) tuple(b, c, d, g, h, i, k, l)
}
""",
    "origin_recovery_table": """HloModule m, origin_recovery_table={
  {"a" {1}} : {"b"},
  "
  ENTRY e {
    p = f32[] parameter(0)
    ROOT n = f32[] negate(p), metadata={op_name=\\"neg\\"}
  }
  "
  {"c"} : {"d" {0,1}}
}
ENTRY e {
  ROOT p = f32[] parameter(0)
}
""",
    "backend_config_forms": """HloModule m
ENTRY e {
  x = f32[2] parameter(0)
  a = f32[2] custom-call(x), custom_call_target="foo", backend_config="0"
  b = f32[2] custom-call(a), custom_call_target="foo", backend_config={"a":[1,2]}
  ROOT c = f32[2] custom-call(b), custom_call_target="foo", backend_config={}
}
""",
    # XLA's lexer reads an integer from 2^63 up to 2^64 - 1 as an int64, wrapped to negative
    "integer_from_2_63_up_wraps": "HloModule m\nENTRY e {\n  ROOT p = f32[16]{0:S(18446744073709551615)} "
    "parameter(0)\n}\n",
    "result_accuracy": """HloModule m
ENTRY e {
  p = f32[4] parameter(0)
  a = f32[4] exponential(p), result_accuracy={tolerance={atol=1e-05,rtol=0.001,ulps=2}}
  ROOT b = f32[4] tanh(a), result_accuracy={mode=highest}
}
""",
}

# production -> (text XLA's parser rejects, what our one-line error says)
REJECTED = {
    # XLA's lexer skips space, tab, newline and carriage return only
    "vertical_tab_between_tokens": (
        "HloModule\x0bm\nENTRY e {\n  ROOT p = f32[] parameter(0)\n}\n",
        "1:10: error: expected a module name",
    ),
    "form_feed_after_a_comma": (
        "HloModule m,\x0cis_scheduled=true\nENTRY e {\n  ROOT p = f32[] parameter(0)\n}\n",
        "1:13: error: expected an attribute",
    ),
    # `%name:` is no name (XLA's lexer reads `%name`, then a ':')
    "percent_name_with_a_colon_as_operand": (
        "HloModule m\nENTRY e {\n  %p = f32[2] parameter(0)\n  ROOT n = f32[2] negate(%p:)\n}\n",
        "expected ',' between operands",
    ),
    # a dimension size is not negative, not even the one `?` stands for, nor one that wraps to it
    "dimension_size_of_the_unbounded_marker": (
        "HloModule m\nENTRY e {\n  ROOT p = s32[-9223372036854775808] parameter(0)\n}\n",
        "dimension size -9223372036854775808 is negative",
    ),
    "dimension_size_wrapping_to_the_unbounded_marker": (
        "HloModule m\nENTRY e {\n  ROOT p = s32[9223372036854775808] parameter(0)\n}\n",
        "dimension size -9223372036854775808 is negative",
    ),
    # ... nor inside attribute values and operand lists, which our parsers read with patterns whose `\s` and
    # strip() take more than XLA's lexer does (vertical tab, form feed, Unicode spaces)
    "vertical_tab_in_an_integer_list": (
        "HloModule m\nENTRY e {\n  p = f32[2,3] parameter(0)\n"
        "  ROOT t = f32[3,2] transpose(p), dimensions={1,\x0b0}\n}\n",
        "4:49: error: unexpected character '\\x0b'",
    ),
    "no_break_space_before_an_enum": (
        "HloModule m\nENTRY e {\n  p = f32[2] parameter(0)\n  ROOT c = pred[2] compare(p, p), direction=\xa0LT\n}\n",
        "4:45: error: unexpected character '\\xa0'",
    ),
    "form_feed_in_a_window": (
        "HloModule m\nr {\n  x = f32[] parameter(0)\n  y = f32[] parameter(1)\n"
        "  ROOT s = f32[] add(x, y)\n}\nENTRY e {\n  p = f32[8] parameter(0)\n"
        "  z = f32[] constant(0)\n  ROOT w = f32[3] reduce-window(p, z), window={size=3\x0cstride=2}, "
        "to_apply=r\n}\n",
        "10:54: error: unexpected character '\\x0c'",
    ),
    "form_feed_in_a_constant": (
        "HloModule m\nENTRY e {\n  ROOT c = f32[2] constant({1,\x0c2})\n}\n",
        "3:31: error: unexpected character '\\x0c'",
    ),
    "vertical_tab_before_an_operand": (
        "HloModule m\nENTRY e {\n  p = f32[2] parameter(0)\n  ROOT n = f32[2] negate(\x0bp)\n}\n",
        "4:26",
    ),
    "vertical_tab_before_a_backend_configs_brace": (
        "HloModule m\nENTRY e {\n  p = f32[2] parameter(0)\n  ROOT c = "
        'f32[2] custom-call(p), custom_call_target="x", '
        'backend_config=\x0b{"a":1}\n}\n',
        "4:74: error: unexpected character '\\x0b'",
    ),
    "signature_percent_name_then_a_colon": (
        "HloModule m\nENTRY e (%p: f32[2]) -> f32[2] {\n  ROOT p = f32[2] parameter(0)\n}\n",
        "2:12: error: expected a shape such as f32[2,3]",
    ),
    "signature_keyword_as_a_parameter_name": (
        "HloModule m\nENTRY e (true f32[2]) -> f32[2] {\n  ROOT p = f32[2] parameter(0)\n}\n",
        "2:10: error: expected a parameter name, found the keyword 'true'",
    ),
    # ... but its parser's own checks of a shape hold there too
    "signature_layout_of_another_rank": (
        "HloModule m\nENTRY e (p: f32[2]{0,1}) -> f32[2] {\n  ROOT p = f32[2] parameter(0)\n}\n",
        "2:13: error: layout {0,1} of f32[2] has 2 dimensions, the shape 1",
    ),
    # ... and a tuple's elements are validated as the verifier validates an instruction's shape (XLA's parser
    # builds a tuple shape validated; fuzz seed 157: a signature's tuple element of a size past int64)
    "signature_tuple_element_of_a_size_past_int64": (
        "HloModule m\n%c (p: (s32[], s32[127,2147483648,128,65535,128])) -> s32[] {\n  ROOT p = s32[] parameter(0)\n"
        "}\nENTRY e {\n  x = s32[] parameter(0)\n  ROOT r = s32[] call(x), to_apply=c\n}\n",
        "2:8: error: the size of s32[127,2147483648,128,65535,128] in bytes overflows int64",
    ),
    "signature_tuple_element_size_in_bytes_past_int64": (
        "HloModule m\nENTRY e (p: (s32[2305843009213693952])) -> s32[] {\n  ROOT p = s32[] parameter(0)\n}\n",
        "2:13: error: the size of s32[2305843009213693952] in bytes overflows int64",
    ),
    "signature_nested_tuple_element_layout_no_permutation": (
        "HloModule m\nENTRY e () -> ((f32[2,3]{0,0})) {\n  ROOT p = f32[] constant(0)\n}\n",
        "layout {0,0} of f32[2,3] is not a permutation of its 2 dimensions",
    ),
    # a layout cut short or with an unknown dim level type: one line, no internal error
    "unknown_dim_level_type": (
        "HloModule m\nENTRY e {\n  ROOT p = f32[2]{0:D(X)} parameter(0)\n}\n",
        "expected a dim level type (D, C, S or H)",
    ),
    "layout_cut_short": ("HloModule m\nENTRY e {\n  ROOT p = f32[2]{", "error: 'p': expected 'shape opcode(operands)'"),
    # a computation is looked up as the call is read ("computation does not exist")
    "call_of_a_later_computation": (
        """HloModule m
ENTRY e {
  p = f32[] parameter(0)
  ROOT c = f32[] call(p), to_apply=f
}
f {
  ROOT q = f32[] parameter(0)
}
""",
        "4:36: error: 'c': computation 'f' is not defined before the computation 'e' that calls it",
    ),
    "comment_between_value_tokens": (
        """HloModule m
r {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}
ENTRY e {
  x = f32[4,8] parameter(0)
  z = f32[] constant(0)
  ROOT d = f32[4] reduce(x, z), dimensions={1}, to_apply=r /* c */ r
}
""",
        "unknown computation 'r   r'",
    ),
    "unterminated_comment_in_value": (
        """HloModule m
ENTRY e {
  x = f32[4,8] parameter(0)
  ROOT t = f32[8,4] transpose(x), dimensions={1,0 /* c
}
""",
        "unterminated comment",
    ),
    "computation_defined_twice": (
        """HloModule m
c {
  p = f32[] parameter(0)
  ROOT a = f32[] negate(p)
}
c {
  p = f32[] parameter(0)
  ROOT a = f32[] negate(p)
}
ENTRY e {
  p = f32[] parameter(0)
  ROOT a = f32[] call(p), to_apply=c
}
""",
        "6:1: error: computation 'c' is defined twice (first at line 2)",
    ),
    "two_entries": (
        """HloModule m
ENTRY e {
  ROOT p = f32[] parameter(0)
}
ENTRY f {
  ROOT p = f32[] parameter(0)
}
""",
        "two ENTRY",
    ),
    "tuple_index_out_of_range": (
        """HloModule m
ENTRY e {
  p = (f32[], f32[]) parameter(0)
  ROOT a = f32[] add(p#0, p#2)
}
""",
        "4:29: error: 'a': tuple index 2 is out of bounds",
    ),
    "tuple_index_of_array": (
        """HloModule m
ENTRY e {
  p = f32[] parameter(0)
  ROOT a = f32[] add(p#0, p)
}
""",
        "'a': tuple index 0 is out of bounds for 'p' of shape f32[]",
    ),
    "declared_operand_shape_differs": (
        """HloModule m
ENTRY e {
  p = f32[2] parameter(0)
  ROOT a = f32[2] add(f32[3] p, p)
}
""",
        "'a': operand 'p' is declared f32[3] but is f32[2]",
    ),
    "shape_not_inferable": (
        """HloModule m
ENTRY e {
  p = f32[2] parameter(0)
  ROOT a = convert(p)
}
""",
        "the shape of a 'convert' cannot be inferred",
    ),
    "nested_undefined_operand": (
        """HloModule m
ENTRY e {
  ROOT a = f32[] add(f32[] negate(q), f32[] constant(1))
}
""",
        "undefined value 'q'",
    ),
    "duplicate_parameter_number": (
        """HloModule m
ENTRY e {
  p = f32[] parameter(0)
  q = f32[] parameter(0)
  ROOT a = f32[] add(p, q)
}
""",
        "'q': duplicate parameter number 0",
    ),
    "physical_shape_without_sparse_layout": (
        """HloModule m
ENTRY e {
  ROOT p = bf16[16,128]{1,0:P(f32[16,128]{1,0})} parameter(0)
}
""",
        "a physical shape P(...) is only for sparse layouts",
    ),
    "unknown_opcode_atan": (
        """HloModule m
ENTRY e {
  p = f32[] parameter(0)
  ROOT a = f32[] atan(p)
}
""",
        "unknown opcode 'atan'",
    ),
    # an instruction is in scope once its operands are read: it cannot be its own operand, however written
    "own_operand": (
        """HloModule m
ENTRY e {
  p = f32[2] parameter(0)
  ROOT t = f32[2] add(p, t), metadata={op_name="x"}
}
""",
        "4:26: error: 't': use of undefined value 't'",
    ),
    "own_operand_nested": (
        """HloModule m
ENTRY e {
  p = f32[2] parameter(0)
  ROOT t = f32[2] add(p, f32[2] negate(t))
}
""",
        "undefined value 't'",
    ),
    "own_tuple_element": (
        """HloModule m
ENTRY e {
  p = (f32[2]) parameter(0)
  ROOT t = f32[2] negate(t#0)
}
""",
        "'t': use of undefined value 't'",
    ),
    "single_instruction_named_as_its_operand": ("t = f32[2] negate(f32[2] t)", "duplicate instruction name 't'"),
    # control predecessors are looked up where they are written: defined before the instruction
    "own_control_predecessor": (
        """HloModule m
ENTRY e {
  p = f32[2] parameter(0)
  ROOT t = f32[2] negate(p), control-predecessors={t}
}
""",
        "'t': control-predecessors names 't', which is not defined before 't'",
    ),
    "later_control_predecessor": (
        """HloModule m
ENTRY e {
  p = f32[2] parameter(0)
  t = f32[2] negate(p), control-predecessors={u}
  ROOT u = f32[2] negate(p)
}
""",
        "'t': control-predecessors names 'u', which is not defined before 't'",
    ),
    # XLA's lexer reads a bare keyword (`true`, `ROOT`, `FileLocations`, an element type) as that keyword, and
    # `name=` as an attribute name: neither is a name
    "keyword_module_name": (
        """HloModule FileLocations
ENTRY e {
  ROOT p = f32[2] parameter(0)
}
""",
        "1:11: error: expected a module name, found the keyword 'FileLocations'",
    ),
    "keyword_computation_name": (
        """HloModule m
ENTRY unknown {
  ROOT p = f32[2] parameter(0)
}
""",
        "expected a computation name, found the keyword 'unknown'",
    ),
    "keyword_instruction_name": (
        """HloModule m
ENTRY e {
  true = f32[2] parameter(0)
  ROOT n = f32[2] negate(%true)
}
""",
        "3:3: error: expected an instruction name, found the keyword 'true'",
    ),
    "keyword_operand": (
        """HloModule m
ENTRY e {
  %maximal = f32[2] parameter(0)
  ROOT n = f32[2] negate(maximal)
}
""",
        "'n': expected an operand, found the keyword 'maximal'",
    ),
    "keyword_computation_reference": (
        """HloModule m
%ROOT {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}
ENTRY e {
  p = f32[2] parameter(0)
  z = f32[] constant(0)
  ROOT r = f32[] reduce(p, z), dimensions={0}, to_apply=ROOT
}
""",
        "'r': bad attribute to_apply: 'ROOT' is a keyword",
    ),
    # strings are unescaped as absl's CUnescape does: an unknown escape, or a \x escape (all its hex digits)
    # above 0xff, is no string
    "stack_frame_file_name_bad_escape": (
        r"""HloModule m
FileNames
1 "/tests\corp.py"
FunctionNames
1 "f"
FileLocations
1 {file_name_id=1 function_name_id=1 line=1 end_line=1 column=1 end_column=1}
StackFrames
1 {file_location_id=1 parent_frame_id=0}
ENTRY e {
  ROOT p = f32[2] parameter(0), metadata={stack_frame_id=1}
}
""",
        "3:3: error: bad FileNames entry: bad string",
    ),
    "hex_escape_of_three_digits": (
        r"""HloModule m
ENTRY e {
  ROOT p = f32[2] parameter(0), metadata={op_name="a\xfff"}
}
""",
        "hex escape \\xfff out of range",
    ),
    "statistics_index_not_an_integer": (
        """HloModule m
ENTRY e {
  ROOT p = f32[2] parameter(0), statistics={stat-1=0.5}
}
""",
        "'p': bad attribute statistics: expected '{index_name=int, stat_name=number, ...}'",
    ),
    "statistics_value_not_a_number": (
        """HloModule m
ENTRY e {
  ROOT p = f32[2] parameter(0), statistics={visualizing_index=1, stat-1=inf}
}
""",
        "bad attribute statistics",
    ),
    "instruction_name_glued_to_equals": (
        """HloModule m
ENTRY e {
  ROOT p= f32[2] parameter(0)
}
""",
        "found the attribute name 'p='",
    ),
    # XLA's names are letters, digits, '_', '.' and '-' (a '$' was taken: the fuzzer found the module name)
    # `tuple` and `invalid` name PrimitiveType values, but no element type XLA's lexer reads (fuzz seed 67)
    "tuple_as_an_element_type": (
        """HloModule m
ENTRY e {
  ROOT p = tuple[2] parameter(0)
}
""",
        "unknown element type 'tuple'",
    ),
    # one entry per window dimension in every window field (fuzz seed 73: an IndexError)
    "window_fields_of_different_lengths": (
        """HloModule m
add {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}
ENTRY e {
  p = f32[4,4] parameter(0)
  z = f32[] constant(0)
  ROOT r = f32[3,2] reduce-window(p, z), window={size=2x2 stride=1x2x1}, to_apply=add
}
""",
        "window attributes of different lengths",
    ),
    "dollar_in_module_name": (
        """HloModule m$
ENTRY e {
  ROOT p = f32[2] parameter(0)
}
""",
        "1:12: error: expected a computation name",
    ),
    "dollar_in_instruction_name": (
        """HloModule m
ENTRY e {
  p$ = f32[2] parameter(0)
  ROOT n = f32[2] negate(p$)
}
""",
        "3:4: error",
    ),
    "dollar_in_computation_name": (
        """HloModule m
ENTRY %e$ {
  ROOT p = f32[2] parameter(0)
}
""",
        "2:9: error: expected '{' to open computation e",
    ),
    # backend_config is a quoted string or a braced group (fuzz seed 103: `backend_config=0`)
    "bare_backend_config": (
        """HloModule m
ENTRY e {
  x = f32[2] parameter(0)
  ROOT c = f32[2] custom-call(x), custom_call_target="foo", backend_config=0
}
""",
        "4:76: error: 'c': bad attribute backend_config: backend_config must be a quoted string or a {...} group",
    ),
}


def _xla_proto(text: str) -> bytes:
    return xla_module_from_text(text).as_serialized_hlo_module_proto()


@pytest.mark.parametrize("name", sorted(ACCEPTED))
def test_accepted_text_is_the_module_xla_parses(name: str) -> None:
    text = ACCEPTED[name]
    reference = _xla_proto(text)
    ours = parse_hlo_text(text)
    assert_same_module(reference, _xla_proto(print_hlo_text(ours)))
    assert_same_module(reference, xla_module_from_proto(module_to_proto_bytes(ours)).as_serialized_hlo_module_proto())
    assert_same_module(reference, _xla_proto(print_hlo_text(module_from_proto_bytes(reference))))


# Text XLA's parser does not reject but aborts the process on (a CHECK): we reject it.
ABORTS_XLA = {
    "negative_tile_dimension": (
        "HloModule m\nENTRY e {\n  ROOT p = f32[16,128]{1,0:T(-1,128)} parameter(0)\n}\n",
        "3:32: error: 'p': tile dimension -1 is negative",
    ),
    "tile_dimension_wrapping_to_negative": (
        "HloModule m\nENTRY e {\n  ROOT p = f32[16,128]{1,0:T(18446744073709551615,128)} parameter(0)\n}\n",
        "tile dimension -1 is negative",
    ),
    "parameter_number_gap": (
        """HloModule m
ENTRY e {
  p = f32[] parameter(1)
  ROOT a = f32[] negate(p)
}
""",
        "2:1: error: computation e has 1 parameters but no parameter(0)",
    ),
}


@pytest.mark.parametrize("name", sorted(ABORTS_XLA))
def test_text_that_aborts_xla_is_rejected(name: str) -> None:
    text, message = ABORTS_XLA[name]
    with pytest.raises(TranslateError) as info:
        parse_hlo_text(text)
    assert message in str(info.value), str(info.value)


@pytest.mark.parametrize("name", sorted(REJECTED))
def test_rejected_text_is_rejected_by_both(name: str) -> None:
    text, message = REJECTED[name]
    with pytest.raises(JaxRuntimeError):
        xla_module_from_text(text)
    with pytest.raises(TranslateError) as info:
        parse_hlo_text(text)
    assert message in str(info.value) and "\n" not in str(info.value), str(info.value)


@pytest.mark.parametrize("name", ["true", "f32", "ENTRY", "ROOT", "m-", "jit_f.1"])
def test_a_keyword_with_a_colon_is_a_module_name(name: str) -> None:
    """XLA's lexer reads `f32:` as the name `f32` (its proto loader renames such a module: text alone here)."""
    text = f"HloModule {name}:\nENTRY e {{\n  ROOT p = f32[] parameter(0)\n}}\n"
    assert parse_hlo_text(text).name == name == xla_module_from_text(text).name


def test_a_layout_index_from_2_63_up_wraps_as_xla_reads_it() -> None:
    """XLA's parser takes `{9223372036854775808,0}` as the layout {-9223372036854775808,0} (and its importer
    refuses it); so do we, and our verifier refuses it as no permutation (it was an integer out of range)."""
    from hlo_translate import read_hlo

    text = "HloModule m\nENTRY e {\n  ROOT p = s32[3,2]{9223372036854775808,0} parameter(0)\n}\n"
    assert "s32[3,2]{-9223372036854775808,0}" in xla_module_from_text(text).to_string()
    with pytest.raises(TranslateError, match=r"layout \{-9223372036854775808,0\} of s32\[3,2\] is not a permutation"):
        read_hlo(text)


def test_elided_constant_is_refused_naming_the_way_out() -> None:
    """XLA's printer elides large constants as `{...}` and its parser then invents values; we refuse, naming
    the instruction, the dump's `.hlo.pb` and XLA's flag that prints them in full."""
    text = """HloModule m
ENTRY e {
  p = f32[3] parameter(0)
  big = f32[3] constant({...})
  ROOT a = f32[3] add(p, big)
}
"""
    xla_module_from_text(text)  # XLA reads it (with made-up values)
    with pytest.raises(TranslateError) as info:
        parse_hlo_text(text)
    message = str(info.value)
    assert message.startswith("<input>:4:") and "'big'" in message and "\n" not in message
    assert ".hlo.pb" in message and "--xla_dump_large_constants" in message
