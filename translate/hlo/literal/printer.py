"""HLO text of literals: XLA's printing rules (`xla/literal.cc`, `RoundTripFpToString` in `xla/util.cc`)
and a vectorized reader of the same text.

Printing, as XLA does it for a constant (`PrintWithoutShapeOneline`):
- floats as `%.Ng` of the value widened to double, N = `max_digits10` of the type; f32 and f64 first try
  `digits10` (6 / 15) digits and keep them when they read back to the same value. NaN prints `nan` or
  `-nan`, with `(0xPAYLOAD)` when the type has NaN payloads and the payload is not the quiet bit alone.
- pred as `true`/`false` for a scalar, `1`/`0` inside arrays; complex as `(re, im)`.
- rank 1 `{a, b}`; rank >= 2 nests `{ {a, b}, {c, d} }` (padding spaces only around rows longer than one),
  rank >= 4 tags inner groups with `/*iK=V*/`; tuples `( a, b )`.

Reading follows XLA's parser (`hlo_parser.cc`): commas and whitespace separate values, `/*...*/` comments
are skipped, a float is read as a double and then narrowed (f16 and bf16 through f32, as Eigen does), and a
finite value that narrows to inf or NaN is out of range.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING

import numpy as np

from hlo_translate.hlo.ir import PrimitiveType

if TYPE_CHECKING:
    from hlo_translate.hlo.literal.model import Literal

P = PrimitiveType


@dataclass(frozen=True)
class FloatFormat:
    digits: int  # max_digits10: enough for any value to read back exactly
    short_digits: int  # digits10, tried first (f32, f64); 0 = always `digits`
    payload_bits: int  # NaN payload bits (0: no signaling NaNs, hence no payloads)


FLOAT_FORMATS: dict[PrimitiveType, FloatFormat] = {
    P.F16: FloatFormat(5, 0, 10),
    P.BF16: FloatFormat(4, 0, 7),
    P.F32: FloatFormat(9, 6, 23),
    P.F64: FloatFormat(17, 15, 52),
    P.F8E5M2: FloatFormat(2, 0, 2),
    P.F8E4M3: FloatFormat(3, 0, 3),
    P.F8E3M4: FloatFormat(3, 0, 4),
    P.F8E4M3FN: FloatFormat(3, 0, 0),
    P.F8E4M3B11FNUZ: FloatFormat(3, 0, 0),
    P.F8E5M2FNUZ: FloatFormat(2, 0, 0),
    P.F8E4M3FNUZ: FloatFormat(3, 0, 0),
    P.F4E2M1FN: FloatFormat(2, 0, 0),
    P.F8E8M0FNU: FloatFormat(2, 0, 0),
}
COMPONENT_TYPE = {P.C64: P.F32, P.C128: P.F64}
UINT_OF_SIZE = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}
DOUBLE_QUIET_PAYLOAD = 1 << 51  # what `nan` without a payload means to XLA's lexer
# e8m0's lowest value, 2^-127, as XLA's parser reads it back (XLA's printer's `5.9e-39` it reads as 2^-126)
E8M0_LOWEST_TEXT = "5.87747e-39"

# ---------------------------------------------------------------------------------------------
# Printing


def literal_to_text(lit: Literal) -> str:
    """The text XLA prints inside `constant(...)` for `lit`."""
    if lit.is_tuple:
        return "( " + ", ".join(literal_to_text(part) for part in lit.elements) + " )"
    array = lit.array
    if array.ndim == 0:  # most constants are scalars: many share a value, and each costs a format
        return scalar_text(lit.shape.element_type, array.dtype, array.tobytes())
    flat = array.reshape(-1)
    return _nest(_element_strings(flat, lit.shape.element_type, array.ndim), array.shape)


@functools.lru_cache(maxsize=4096)
def scalar_text(element_type: PrimitiveType, dtype: np.dtype, raw: bytes) -> str:
    """The text of one scalar, keyed by its exact bits (so -0, NaN payloads and rounding stay exact)."""
    flat = np.frombuffer(raw, dtype=dtype).copy()
    return _nest(_element_strings(flat, element_type, 0), ())


def _element_strings(flat: np.ndarray, element_type: PrimitiveType, rank: int) -> list[str]:
    if element_type == P.PRED:
        if rank == 0:
            return ["true" if flat[0] else "false"]
        return np.where(flat, "1", "0").tolist()  # XLA prints predicates densely inside arrays
    if element_type.is_signed_int or element_type.is_unsigned_int:
        wide = np.uint64 if element_type == P.U64 else np.int64
        return list(map(str, flat.astype(wide).tolist()))
    if element_type.is_complex:
        part = COMPONENT_TYPE[element_type]
        real = float_strings(np.ascontiguousarray(flat.real), part)
        imag = float_strings(np.ascontiguousarray(flat.imag), part)
        return [f"({r}, {i})" for r, i in zip(real, imag)]
    return float_strings(flat, element_type)


def float_strings(values: np.ndarray, element_type: PrimitiveType) -> list[str]:
    """XLA's `RoundTripFpToString` of each element of a 1-D array of `element_type`."""
    fmt = FLOAT_FORMATS[element_type]
    with np.errstate(invalid="ignore"):  # widening a signaling NaN is exact for us, if not for the FPU
        wide = values.astype(np.float64)
    as_list = wide.tolist()
    if fmt.short_digits:
        strings = np.array(list(map(f"%.{fmt.short_digits}g".__mod__, as_list)), dtype=object)
        read_back = np.array(strings.tolist(), dtype=np.float64)
        if element_type == P.F32:
            read_back = _decimal_to_f32(read_back, strings)
        with np.errstate(invalid="ignore"):
            redo = np.flatnonzero(~(read_back == values))
        if redo.size:
            strings[redo] = list(map(f"%.{fmt.digits}g".__mod__, wide[redo].tolist()))
    else:
        strings = np.array(list(map(f"%.{fmt.digits}g".__mod__, as_list)), dtype=object)
    if element_type == P.F8E8M0FNU:
        # XLA prints e8m0's lowest value, 2^-127, as `5.9e-39` and reads that as 2^-126: six digits read back
        lowest = np.flatnonzero(values.view(np.uint8) == 0)
        strings[lowest] = E8M0_LOWEST_TEXT
    nans = np.flatnonzero(np.isnan(wide))
    if nans.size:
        negative = np.signbit(wide[nans]).tolist()
        payloads = _payloads(values[nans], fmt.payload_bits)
        for i, neg, payload in zip(nans.tolist(), negative, payloads):
            strings[i] = ("-nan" if neg else "nan") + (f"(0x{payload:x})" if payload else "")
    return strings.tolist()


def _payloads(nans: np.ndarray, payload_bits: int) -> list[int]:
    """The payload of each NaN, or 0 where XLA prints none (quiet bit alone, or no payloads)."""
    if not payload_bits:
        return [0] * nans.size
    raw = nans.view(UINT_OF_SIZE[nans.dtype.itemsize]).astype(np.uint64)
    payload = raw & np.uint64((1 << payload_bits) - 1)
    quiet = np.uint64(1 << (payload_bits - 1))
    return np.where(payload == quiet, np.uint64(0), payload).tolist()


def _decimal_to_f32(doubles: np.ndarray, strings: np.ndarray) -> np.ndarray:
    """Round decimal strings to f32 directly (as absl::SimpleAtof does), given their double values.

    Narrowing the double is exact except when the double falls exactly on a midpoint between two
    floats; there the decimal string itself decides the direction.
    """
    with np.errstate(over="ignore", invalid="ignore"):
        result = doubles.astype(np.float32)
        widened = result.astype(np.float64)
        suspects = np.flatnonzero((widened != doubles) & np.isfinite(widened))
        if suspects.size == 0:
            return result
        d = doubles[suspects]
        toward = np.where(d > widened[suspects], np.float32(np.inf), np.float32(-np.inf))
        neighbour = np.nextafter(result[suspects], toward)
        ties = suspects[(widened[suspects] + neighbour.astype(np.float64)) / 2 == d]
    for i in ties.tolist():
        exact, rounded = Decimal(strings[i]), Decimal(float(doubles[i]))
        if exact != rounded:
            step = np.float32(np.inf) if exact > rounded else np.float32(-np.inf)
            candidates = (result[i], np.nextafter(result[i], step))
            # the float on the side of the exact decimal value
            result[i] = max(candidates) if exact > rounded else min(candidates)
    return result


def _nest(strings: list[str], dims: tuple[int, ...]) -> str:
    """Wrap row-major element strings in XLA's one-line brace layout for `dims`."""
    rank = len(dims)
    if rank == 0:
        return strings[0]
    if rank == 1:
        return "{" + ", ".join(strings) + "}"
    n = dims[-1]
    pad = " " if n > 1 else ""
    groups = (
        ["{" + pad + ", ".join(strings[i : i + n]) + pad + "}" for i in range(0, len(strings), n)]
        if n
        else ["{}"] * product(dims[:-1])
    )
    for level in range(rank - 2, -1, -1):
        size = dims[level]
        count = product(dims[:level])
        tagged = rank > 3 and level > 0
        parents = []
        for g in range(count):
            if tagged:
                head = f"{{ /*i{level - 1}={g % dims[level - 1]}*/" + (" " if size > 0 else "")
            else:
                head = "{ "
            parents.append(head + ", ".join(groups[g * size : (g + 1) * size]) + " }")
        groups = parents
    return groups[0]


def product(dims: tuple[int, ...] | list[int]) -> int:
    result = 1
    for d in dims:
        result *= d
    return result
