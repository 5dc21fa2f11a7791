"""Typed values of HLO instruction attributes, with their text forms.

Every attribute of an instruction is stored under its HLO text name (`dimensions`, `slice`, `window`,
`replica_groups`, ...) as a typed value from this module. Each name has one `AttrCodec` that parses and
prints it; a name we do not know is kept as `RawAttr` (the verbatim text) and printed back unchanged.
"""

from __future__ import annotations

import dataclasses
import enum
import re
from typing import Any

from hlo_translate.errors import TranslateError
from hlo_translate.hlo.ir import (
    STACK_FRAME_SECTIONS,
    TYPE_NAMES,
    ComputationRef,
    Enum,
    FrontendAttributes,
    InstructionRef,
    OpMetadata,
    OutputOperandAlias,
    RawAttr,
    ResultAccuracy,
    Shape,
)
from hlo_translate.hlo.sharding import parse_op_metadata, parse_sharding
from hlo_translate.hlo.text.shapes import ShapeReader, parse_shape
from hlo_translate.hlo.text.structured import (
    parse_dim_labels,
    parse_padding,
    parse_pairs,
    parse_replica_groups,
    parse_slice,
    parse_window,
    print_dim_labels,
    print_padding,
    print_pairs,
    print_replica_groups,
    print_slice,
    print_window,
)
from hlo_translate.hlo.text.values import (
    STRING_RE,
    AttrCodec,
    parse_bool,
    parse_bool_list,
    parse_enum,
    parse_enum_list,
    parse_float,
    parse_int,
    parse_int_list,
    parse_slice_sizes,
    parse_string,
    print_bool,
    print_bool_list,
    print_enum_list,
    print_float,
    print_int_list,
    print_slice_sizes,
    quote,
    split_top_level,
    strip_braces,
)

_ATTRIBUTE_KEY_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_.\-]*")


def _one_braced_group(text: str) -> bool:
    """Whether `text` is `{...}` whose first brace closes at its last character (quoted strings skipped)."""
    if not text.startswith("{"):
        return False
    depth, i = 0, 0
    while i < len(text):
        c = text[i]
        if c == '"':
            m = STRING_RE.match(text, i)
            if m is None:
                return False
            i = m.end()
            continue
        depth += c == "{"
        depth -= c == "}"
        if depth == 0:
            return i == len(text) - 1
        i += 1
    return False


def parse_frontend_attributes(text: str) -> FrontendAttributes:
    inner = strip_braces(text)
    items = []
    for part in split_top_level(inner) if inner else []:
        key, eq, value = part.partition("=")
        if not eq:
            raise TranslateError(f"bad frontend attribute '{part[:40]}'")
        key = key.lstrip()
        if not _ATTRIBUTE_KEY_RE.fullmatch(key):  # XLA's lexer wants `name=`: no quotes, no space before '='
            raise TranslateError(f"frontend attribute key '{key[:40]}' is not a name followed by '='")
        value = value.strip()
        # XLA's parser takes one quoted string or one braced group, nothing bare and nothing after it
        if not (STRING_RE.fullmatch(value) if value.startswith('"') else _one_braced_group(value)):
            raise TranslateError(
                f"frontend attribute {key}: the value must be one quoted string or one braced group, not {value[:40]}"
            )
        items.append((key, parse_string(value) if value.startswith('"') else value))
    return FrontendAttributes(tuple(items))


def print_frontend_attributes(attrs: FrontendAttributes) -> str:
    parts = []
    for key, value in attrs.items:
        key_text = key if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_.\-]*", key) else quote(key)
        parts.append(f"{key_text}={print_braced_or_quoted(value)}")
    return "{" + ",".join(parts) + "}"


def parse_backend_config(text: str) -> str:
    """A quoted string or a braced (JSON) group, the two forms XLA's parser reads."""
    text = text.strip()
    if text.startswith('"'):
        return parse_string(text)
    if not text.startswith("{"):
        raise TranslateError(f"backend_config must be a quoted string or a {{...}} group, not {text[:40]!r}")
    return text


def print_braced_or_quoted(value: str) -> str:
    """A value that reads as one braced group (an MLIR dictionary, JSON, `{{0,1}}`) bare, anything else
    quoted: how XLA prints backend configs and frontend attribute values."""
    if value.startswith("{") and value.endswith("}") and "\n" not in value and _balanced(value):
        return value
    return quote(value)


def _balanced(text: str) -> bool:
    depth = 0
    pos = 0
    while pos < len(text):
        ch = text[pos]
        if ch == '"':
            m = STRING_RE.match(text, pos)
            if m is None:
                return False
            pos = m.end()
            continue
        depth += {"{": 1, "}": -1, "[": 1, "]": -1, "(": 1, ")": -1}.get(ch, 0)
        if depth < 0 or (depth == 0 and pos != len(text) - 1):
            return False
        pos += 1
    return depth == 0


def parse_output_operand_aliasing(text: str) -> tuple[OutputOperandAlias, ...]:
    inner = strip_braces(text)
    result = []
    for part in split_top_level(inner) if inner else []:
        m = re.fullmatch(r"(\{[^}]*\})\s*:\s*\(\s*(\d+)\s*,\s*(\{[^}]*\})\s*\)", part)
        if not m:
            raise TranslateError(f"bad output_to_operand_aliasing entry '{part}'")
        result.append(OutputOperandAlias(parse_int_list(m.group(1)), int(m.group(2)), parse_int_list(m.group(3))))
    return tuple(result)


def print_output_operand_aliasing(aliases: tuple[OutputOperandAlias, ...]) -> str:
    parts = [
        f"{print_int_list(a.output_index)}: ({a.operand_number}, {print_int_list(a.operand_index)})" for a in aliases
    ]
    return "{" + ", ".join(parts) + "}"


_ACCURACY_MODES = ("default", "highest")


def parse_result_accuracy(text: str) -> ResultAccuracy:
    inner = strip_braces(text)
    key, eq, value = inner.partition("=")
    key, value = key.strip(), value.strip()
    if key == "mode" and value.lower() in _ACCURACY_MODES:
        return ResultAccuracy(mode=value.lower())
    if key != "tolerance" or not eq:
        raise TranslateError(f"expected {{mode=...}} or {{tolerance={{...}}}}, got '{text[:40]}'")
    fields: dict[str, str] = {}
    for item in split_top_level(strip_braces(value)):
        name, eq, number = item.partition("=")
        if name.strip() not in ("atol", "rtol", "ulps") or not eq:
            raise TranslateError(f"unknown tolerance field '{item[:40]}'")
        fields[name.strip()] = number
    return ResultAccuracy(
        None,
        parse_float(fields.get("atol", "0")),
        parse_float(fields.get("rtol", "0")),
        parse_int(fields.get("ulps", "0")),
    )


def print_result_accuracy(value: ResultAccuracy) -> str:
    if value.mode is not None:
        return f"{{mode={value.mode}}}"
    return f"{{tolerance={{atol={_print_g(value.atol)},rtol={_print_g(value.rtol)},ulps={value.ulps}}}}}"


def _print_g(value: float) -> str:
    """A double as XLA's printer writes it (`%g`-like, round-trip exact)."""
    text = repr(float(value))
    return text[:-2] if text.endswith(".0") else text


# Words XLA's lexer reads as keywords or element types, never as a name unless written with '%' (`%true`).
KEYWORDS = frozenset(
    {
        "true",
        "false",
        "inf",
        "nan",
        "HloModule",
        "ENTRY",
        "ROOT",
        "maximal",
        "replicated",
        "manual",
        "unknown",
        "unreduced",
        "shard_as",
        "shard_like",
        "last_tile_dim_replicate",
        *STACK_FRAME_SECTIONS,
    }
)
RESERVED_BARE_NAMES = KEYWORDS | TYPE_NAMES


_COLON_NAME_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_.\-]*:")


def bare_name(text: str) -> str:
    """A name as a reference writes it, `%` optional, but a keyword only with it (`%true`, not `true`);
    `name:` is the name `name`, as XLA's lexer reads it (even `f32:`)."""
    name = text.strip()
    if name.startswith("%"):
        return name[1:]
    if _COLON_NAME_RE.fullmatch(name):
        return name[:-1]
    if name in RESERVED_BARE_NAMES:
        raise TranslateError(f"'{name}' is a keyword of HLO text: a name spelled so needs a '%' ('%{name}')")
    return name


def parse_computation_ref(text: str) -> ComputationRef:
    return ComputationRef(bare_name(text))


def parse_computation_list(text: str) -> tuple[ComputationRef, ...]:
    inner = strip_braces(text)
    return tuple(parse_computation_ref(p) for p in split_top_level(inner)) if inner else ()


def parse_instruction_list(text: str) -> tuple[InstructionRef, ...]:
    inner = strip_braces(text)
    return tuple(InstructionRef(bare_name(p)) for p in split_top_level(inner)) if inner else ()


def _name_of(x: Any) -> str:
    return x.name


def print_ref(value: Any) -> str:
    return _name_of(value)


def print_ref_list(values: tuple[Any, ...]) -> str:
    return "{" + ", ".join(_name_of(v) for v in values) + "}"


def print_string(value: str) -> str:
    return quote(value)


def _sharding_parse(text: str) -> Any:
    return parse_sharding(text.strip())


def _sharding_print(value: Any) -> str:
    return value.to_text()


def _metadata_parse(text: str) -> OpMetadata:
    """`{op_name="a" source_line=3}`: the grammar of a metadata record inside a sharding."""
    return parse_op_metadata(text)


def _metadata_print(value: OpMetadata) -> str:
    return "{" + value.to_text() + "}"


def print_int(value: int) -> str:
    return str(value)


def print_enum(value: Enum) -> str:
    return value.name


def print_raw(value: RawAttr) -> str:
    return value.text


INT_LIST = AttrCodec(parse_int_list, print_int_list)
INT = AttrCodec(parse_int, print_int)
FLOAT = AttrCodec(parse_float, print_float)
BOOL = AttrCodec(parse_bool, print_bool)
STRING = AttrCodec(parse_string, print_string)
ENUM = AttrCodec(parse_enum, print_enum)
COMPUTATION = AttrCodec(parse_computation_ref, print_ref)
COMPUTATIONS = AttrCodec(parse_computation_list, print_ref_list)
INSTRUCTIONS = AttrCodec(parse_instruction_list, print_ref_list)
RAW = AttrCodec(RawAttr, print_raw)


# statistics ::= '{' (name= int (',' name= number)*)? '}', as XLA's parser reads it: the first value is the
# index to visualize (whatever its name), the others statistics; `name=` glued (one lexer token).
_STAT_NAME = r"[A-Za-z_][A-Za-z0-9_.\-]*="
_STAT_INT = r"-?[0-9]+"
_STAT_NUMBER = r"(?:(?:-?[0-9]+\.[0-9]*|-\.[0-9]+)(?:[eE][+-]?[0-9]+)?|-?[0-9]+[eE][+-]?[0-9]+|-?nan|-?[0-9]+)"
_STATISTICS_RE = re.compile(rf"\{{\s*(?:{_STAT_NAME}\s*({_STAT_INT})(\s*,\s*{_STAT_NAME}\s*{_STAT_NUMBER})*\s*)?\}}")


def parse_statistics(text: str) -> RawAttr:
    """`{visualizing_index=1,stat-0=60}`, checked as XLA's parser reads it, kept as written."""
    text = text.strip()
    m = _STATISTICS_RE.fullmatch(text)
    if m is None:
        raise TranslateError(f"expected '{{index_name=int, stat_name=number, ...}}', got '{text[:40]}'")
    for number in re.findall(r"=\s*(-?[0-9]+)\s*(?=[,}])", text):  # integers: 64 bits, as XLA's lexer
        if not -(2**63) <= int(number) < 2**64:
            raise TranslateError(f"integer {number} does not fit 64 bits")
    return RawAttr(text)


STATISTICS = AttrCodec(parse_statistics, print_raw)

CODECS: dict[str, AttrCodec] = {
    # dimensions and sizes
    **{
        name: INT_LIST
        for name in (
            "dimensions",
            "lhs_batch_dims",
            "lhs_contracting_dims",
            "rhs_batch_dims",
            "rhs_contracting_dims",
            "lhs_ragged_dims",
            "rhs_group_dims",
            "offset_dims",
            "collapsed_slice_dims",
            "start_index_map",
            "operand_batching_dims",
            "start_indices_batching_dims",
            "update_window_dims",
            "inserted_window_dims",
            "scatter_dims_to_operand_dims",
            "input_batching_dims",
            "scatter_indices_batching_dims",
            "dynamic_slice_sizes",
            "fft_length",
            "split_dimension_sizes",
            "shifts",
        )
    },
    **{
        name: INT
        for name in (
            "index",
            "iota_dimension",
            "index_vector_dim",
            "feature_group_count",
            "batch_group_count",
            "num_carries",
            "inferred_dimension",
            "channel_id",
            "exponent_bits",
            "mantissa_bits",
            "feature_index",
            "k",
            "delta",
            "cross_program_prefetch_index",
            "split_dimension",
            "all_reduce_id",
            "scheduling_group_id",
        )
    },
    **{name: FLOAT for name in ("epsilon",)},
    **{
        name: BOOL
        for name in (
            "is_stable",
            "indices_are_sorted",
            "unique_indices",
            "is_host_transfer",
            "constrain_layout",
            "use_global_device_ids",
            "custom_call_has_side_effect",
            "largest",
            "left_side",
            "lower",
            "unit_diagonal",
            "is_cross_program_prefetch",
            "is_composite",
            "is_reverse",
            "is_associative",
            "has_dynamic_root",
        )
    },
    **{
        name: STRING
        for name in (
            "custom_call_target",
            "infeed_config",
            "outfeed_config",
            "async_execution_thread",
            "execution_thread",
            "op_name",
        )
    },
    **{
        name: ENUM
        for name in (
            "direction",
            "type",
            "kind",
            "distribution",
            "fft_type",
            "api_version",
            "transpose_a",
            "padding_type",
            "schedule",
            "custom_call_schedule",
            "algorithm",
            "mode",
            "order",
        )
    },
    **{
        name: COMPUTATION
        for name in ("to_apply", "condition", "body", "true_computation", "false_computation", "select", "scatter")
    },
    **{name: COMPUTATIONS for name in ("branch_computations", "called_computations")},
    "slice_sizes": AttrCodec(parse_slice_sizes, print_slice_sizes),
    "outfeed_shape": AttrCodec(lambda t: _parse_shape_attr(t), lambda v: v.to_text()),
    "calls": AttrCodec(
        lambda t: parse_computation_list(t) if t.strip().startswith("{") else (parse_computation_ref(t),),
        lambda v: print_ref(v[0]) if len(v) == 1 else print_ref_list(v),
    ),
    "control-predecessors": INSTRUCTIONS,
    "slice": AttrCodec(parse_slice, print_slice),
    "window": AttrCodec(parse_window, print_window),
    "padding": AttrCodec(parse_padding, print_padding),
    "dim_labels": AttrCodec(parse_dim_labels, print_dim_labels),
    "replica_groups": AttrCodec(parse_replica_groups, print_replica_groups),
    "source_target_pairs": AttrCodec(parse_pairs, print_pairs),
    "metadata": AttrCodec(_metadata_parse, _metadata_print),
    "frontend_attributes": AttrCodec(parse_frontend_attributes, print_frontend_attributes),
    "backend_config": AttrCodec(parse_backend_config, print_braced_or_quoted),
    "output_to_operand_aliasing": AttrCodec(parse_output_operand_aliasing, print_output_operand_aliasing),
    "operand_precision": AttrCodec(parse_enum_list, print_enum_list),
    "parameter_replication": AttrCodec(parse_bool_list, print_bool_list),
    "sharding": AttrCodec(_sharding_parse, _sharding_print),
    "result_accuracy": AttrCodec(parse_result_accuracy, print_result_accuracy),
    "literal": AttrCodec(lambda t: _parse_literal_attr(t), lambda v: _print_literal_attr(v)),
    "domain": RAW,
    "statistics": STATISTICS,
}


def _parse_literal_attr(text: str) -> Any:
    """custom-call's `literal=s32[2]{0} {1, 2}`: a shape, then the literal's text; a tuple is written
    `( s32[2]{0} {1, 2}, pred[] 1 )`, each element with its own shape (as XLA's parser reads it)."""
    from hlo_translate.hlo.literal import Literal, parse_literal  # numpy: only for a module with literals

    text = text.strip()
    if text.startswith("(") and text.endswith(")"):
        elements = [_parse_literal_attr(part) for part in split_top_level(text[1:-1]) if part.strip()]
        return Literal(Shape.tuple_of([e.shape for e in elements]), tuple(elements))
    reader = ShapeReader(text)
    shape = reader.read_shape()
    return parse_literal(text[reader.pos :].strip(), shape)


def _print_literal_attr(value: Any) -> str:
    if value.shape.is_tuple:
        return "(" + ", ".join(_print_literal_attr(e) for e in value.value) + ")"
    return f"{value.shape.to_text()} {value.to_text()}"


def _parse_shape_attr(text: str) -> Any:
    return parse_shape(text.strip())


def parse_attribute(name: str, text: str) -> Any:
    """The typed value of attribute `name` given as `text`; unknown names stay raw."""
    codec = CODECS.get(name)
    if codec is None:
        return RawAttr(text)
    try:
        value = codec.parse(text)
    except ValueError as err:  # int() of a malformed or overlong number inside a codec
        raise TranslateError(f"bad {name}: {str(err).splitlines()[0][:80]}") from None
    if not _ints_fit_int64(value):
        raise TranslateError(f"bad {name}: integer out of the 64-bit range")
    return value


_INT64_MIN, _INT64_END = -(1 << 63), 1 << 63
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}  # dataclass -> its field names, looked up once


def _ints_fit_int64(value: Any) -> bool:
    """Every integer inside a parsed attribute value fits XLA's int64 fields (proto and MLIR alike)."""
    kind = type(value)
    if kind is int:
        return _INT64_MIN <= value < _INT64_END
    if kind is str:
        return True
    if kind is tuple or kind is list:
        if value and type(value[0]) is int:  # most are tuples of ints: compared in bulk, else item by item
            try:
                if _INT64_MIN <= min(value) and max(value) < _INT64_END:
                    return True
            except TypeError:
                pass
        return all(_ints_fit_int64(v) for v in value)
    names = _FIELD_NAMES.get(kind)
    if names is not None:
        for name in names:  # (a loop, not all(...): most dataclasses here have one or two fields)
            if not _ints_fit_int64(getattr(value, name)):
                return False
        return True
    if isinstance(value, bool) or isinstance(value, enum.Enum):
        return True
    if isinstance(value, int):
        return _INT64_MIN <= value < _INT64_END
    if isinstance(value, (tuple, list)):
        return all(_ints_fit_int64(v) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        names = _FIELD_NAMES[kind] = tuple(f.name for f in dataclasses.fields(value))
        return all(_ints_fit_int64(getattr(value, name)) for name in names)
    return True


def print_attribute(name: str, value: Any) -> str:
    if isinstance(value, RawAttr):
        return value.text
    codec = CODECS.get(name)
    if codec is None:
        raise TypeError(f"attribute {name!r} has no codec and is not raw")
    return codec.print(value)
