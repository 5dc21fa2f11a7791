"""HLO text: the lexer and parser (XLA's `hlo_parser.cc` grammar), the printer (XLA's printing), the text
forms of shapes, attributes and original values, and the shape inference the parser needs.

The names load lazily (`hlo_translate.lazy`): printing a module needs no parser.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hlo_translate.lazy import lazy_exports

if TYPE_CHECKING:
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

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "attributes": (
            "CODECS",
            "parse_attribute",
            "parse_pairs",
            "parse_replica_groups",
            "parse_string",
            "print_attribute",
            "print_bool",
            "print_float",
            "print_pairs",
            "print_replica_groups",
            "quote",
            "split_top_level",
            "strip_braces",
        ),
        "original_value": ("parse_original_value", "print_original_value"),
        "parser": ("parse_hlo_text",),
        "parser_rules": ("NameUniquifier",),
        "printer": ("instruction_text", "print_hlo_text"),
        "shapes": ("ShapeReader", "parse_layout", "parse_shape"),
    },
)
