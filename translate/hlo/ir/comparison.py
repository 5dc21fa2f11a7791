"""What a `compare` instruction compares: direction and comparison type, as XLA defines them.

XLA writes the type three ways: text `type=TOTALORDER` (older printers), text `order=TOTAL` (XLA 0.12,
printed only when not the default), and the proto fields `comparison_type` / `comparison_order`
(always set, even to the default). `comparison_type` gives the one effective type for all of them.

    >>> comparison_type(PrimitiveType.F32, None, "TOTAL")
    'TOTALORDER'
"""

from __future__ import annotations

from hlo_translate.hlo.ir.shapes import PrimitiveType

DIRECTIONS = frozenset({"EQ", "NE", "GE", "GT", "LE", "LT"})
TYPES = frozenset({"FLOAT", "TOTALORDER", "SIGNED", "UNSIGNED"})
ORDERS = frozenset({"TOTAL", "PARTIAL", "WEAK"})
# StableHLO's WEAKORDER (all NaNs equal and above +inf, -0 == +0) has no `type=` word in XLA, only `order=WEAK`.
STABLEHLO_TYPES = TYPES | {"WEAKORDER"}
_FLOAT_TYPE_OF_ORDER = {"TOTAL": "TOTALORDER", "PARTIAL": "FLOAT", "WEAK": "WEAKORDER"}


def default_comparison_type(element_type: PrimitiveType) -> str:
    """The comparison type XLA assumes when neither `type=` nor `order=` is printed."""
    if element_type.is_float or element_type.is_complex:
        return "FLOAT"
    if element_type.is_signed_int:
        return "SIGNED"
    return "UNSIGNED"


def comparison_type(element_type: PrimitiveType, type_word: str | None, order_word: str | None) -> str:
    """The effective type of a comparison of `element_type` values given its `type` and `order` words.

    Raises ValueError for a word XLA does not define (the caller names the instruction).
    """
    default = default_comparison_type(element_type)
    if type_word:
        if type_word not in TYPES:
            raise ValueError(f"unknown comparison type '{type_word}' (expected one of {', '.join(sorted(TYPES))})")
        return type_word
    if order_word:
        if order_word not in ORDERS:
            raise ValueError(f"unknown comparison order '{order_word}' (expected TOTAL, PARTIAL or WEAK)")
        if default == "FLOAT":
            return _FLOAT_TYPE_OF_ORDER[order_word]
    return default  # integers and predicates are totally ordered whatever the word says


def is_default_order(element_type: PrimitiveType, order_word: str) -> bool:
    """True when `order=<order_word>` says nothing beyond the element type's default (proto dumps set it always)."""
    if default_comparison_type(element_type) == "FLOAT":
        return order_word == "PARTIAL"
    return order_word in ORDERS
