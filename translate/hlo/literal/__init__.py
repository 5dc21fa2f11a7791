"""HLO literals (the values of `constant`): the model, and its HLO text form (its proto form is in
`hlo.proto`).
"""

from __future__ import annotations

from hlo_translate.hlo.literal.model import (
    Literal,
    check_static,
    constant_shape,
    numpy_dtype,
    physical_axes,
    primitive_type_of,
)
from hlo_translate.hlo.literal.parser import lexer_int64, parse_literal
from hlo_translate.hlo.literal.printer import literal_to_text, scalar_text

__all__ = [
    "Literal",
    "numpy_dtype",
    "primitive_type_of",
    "check_static",
    "constant_shape",
    "physical_axes",
    "parse_literal",
    "lexer_int64",
    "literal_to_text",
    "scalar_text",
]
