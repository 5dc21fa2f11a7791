"""HLO literals (the values of `constant`): the model, and its HLO text form (its proto form is in
`hlo.proto`).

The names load lazily (`hlo_translate.lazy`): a literal holds a numpy array, and a module without
constants never needs numpy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hlo_translate.lazy import lazy_exports

if TYPE_CHECKING:
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

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "model": ("Literal", "check_static", "constant_shape", "numpy_dtype", "physical_axes", "primitive_type_of"),
        "parser": ("lexer_int64", "parse_literal"),
        "printer": ("literal_to_text", "scalar_text"),
    },
)
