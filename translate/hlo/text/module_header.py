"""The module header's attribute forms: `entry_computation_layout=`, `input_output_alias=`, `buffer_donor=`."""

from __future__ import annotations

import re

from hlo_translate.errors import TranslateError
from hlo_translate.hlo.ir import BufferDonor, ComputationLayout, InputOutputAlias
from hlo_translate.hlo.text.shapes import ShapeReader
from hlo_translate.hlo.text.values import parse_int_list, split_top_level


def parse_computation_layout(text: str) -> ComputationLayout:
    """`entry_computation_layout={(params)->result}` of the module header."""
    inner = text.strip()
    if not (inner.startswith("{") and inner.endswith("}")):
        raise TranslateError("expected {(params)->result}")
    reader = ShapeReader(inner, 1, cache={})
    params = reader.read_shape()
    reader.expect("->")
    result = reader.read_shape()
    reader.expect("}")
    return ComputationLayout(params.tuple_shapes, result)


def _parse_shape_index(text: str) -> tuple[int, ...]:
    return parse_int_list(text)


def parse_input_output_alias(text: str) -> tuple[InputOutputAlias, ...]:
    """`input_output_alias={ {out_index}: (param, {param_index}, kind), ... }` of the module header."""
    inner = text.strip()[1:-1].strip()
    result = []
    for part in split_top_level(inner) if inner else []:
        m = re.fullmatch(r"(\{[^}]*\})\s*:\s*\(\s*(\d+)\s*,\s*(\{[^}]*\})\s*(?:,\s*([a-z\-]+)\s*)?\)", part)
        if not m:
            raise TranslateError(f"bad input_output_alias entry '{part}'")
        result.append(
            InputOutputAlias(
                _parse_shape_index(m.group(1)),
                int(m.group(2)),
                _parse_shape_index(m.group(3)),
                m.group(4) or "may-alias",
            )
        )
    return tuple(result)


def parse_buffer_donor(text: str) -> tuple[BufferDonor, ...]:
    """`buffer_donor={ (param, {param_index}), ... }` of the module header."""
    inner = text.strip()[1:-1].strip()
    result = []
    for part in split_top_level(inner) if inner else []:
        m = re.fullmatch(r"\(\s*(\d+)\s*,\s*(\{[^}]*\})\s*\)", part)
        if not m:
            raise TranslateError(f"bad buffer_donor entry '{part}'")
        result.append(BufferDonor(int(m.group(1)), _parse_shape_index(m.group(2))))
    return tuple(result)
