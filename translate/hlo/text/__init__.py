"""HLO text: the lexer and parser (XLA's `hlo_parser.cc` grammar), the printer (XLA's printing), the text
forms of shapes, attributes and original values, and the shape inference the parser needs.
"""

from __future__ import annotations

from hlo_translate.hlo.text.attributes import (
    CODECS,
    parse_attribute,
    parse_pairs,
    parse_replica_groups,
    parse_string,
    print_attribute,
    print_bool,
    print_float,
    print_pairs,
    print_replica_groups,
    quote,
    split_top_level,
    strip_braces,
)
from hlo_translate.hlo.text.original_value import parse_original_value, print_original_value
from hlo_translate.hlo.text.parser import parse_hlo_text
from hlo_translate.hlo.text.parser_rules import NameUniquifier
from hlo_translate.hlo.text.printer import instruction_text, print_hlo_text
from hlo_translate.hlo.text.shapes import ShapeReader, parse_layout, parse_shape

__all__ = [
    "parse_hlo_text",
    "print_hlo_text",
    "instruction_text",
    "ShapeReader",
    "parse_shape",
    "parse_layout",
    "CODECS",
    "parse_attribute",
    "print_attribute",
    "parse_pairs",
    "print_pairs",
    "parse_replica_groups",
    "print_replica_groups",
    "parse_string",
    "print_bool",
    "print_float",
    "quote",
    "split_top_level",
    "strip_braces",
    "parse_original_value",
    "print_original_value",
    "NameUniquifier",
]
