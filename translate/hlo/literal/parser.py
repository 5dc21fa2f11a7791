"""Reading HLO text of literals: XLA's printing rules (`xla/literal.cc`, `RoundTripFpToString` in `xla/util.cc`)
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

import re

import ml_dtypes
import numpy as np

from hlo_translate.errors import TranslateError
from hlo_translate.hlo.ir import PrimitiveType, Shape
from hlo_translate.hlo.literal.model import Literal, check_static, constant_shape, numpy_dtype
from hlo_translate.hlo.literal.printer import COMPONENT_TYPE, DOUBLE_QUIET_PAYLOAD, FLOAT_FORMATS, UINT_OF_SIZE, product

P = PrimitiveType


# ---------------------------------------------------------------------------------------------
# Reading

_COMMENT_RE = re.compile(r"/\*.*?\*/", re.S)
_SEPARATORS = str.maketrans("{},", "   ")
_INTEGER_TOKEN_RE = re.compile(r"-?[0-9]+")
_NAN_PAYLOAD_RE = re.compile(r"(-?)nan\(0x([0-9a-fA-F]+)\)")
_COMPONENT = r"([^\s(),{};]+(?:\([^(){}]*\))?)"
_COMPLEX_RE = re.compile(r"\(\s*" + _COMPONENT + r"\s*,\s*" + _COMPONENT + r"\s*\)")
_LONE_PLUS = re.compile(r"(?<![eE])\+")
_LEADING_DOT = re.compile(r"(?<![0-9\-])\.")


def _allowing(chars: str) -> dict[int, int | None]:
    """A str.translate table deleting `chars` and the separators: what is left is not allowed."""
    return str.maketrans("", "", chars + "{}, \t\r\n")


_FLOAT_CHARS = _allowing("0123456789.eE+-naif;")
_FLOAT_PAYLOAD_CHARS = _allowing("0123456789abcdefABCDEF.xX+-ni();")
_INT_CHARS = _allowing("0123456789-")
_PRED_CHARS = _allowing("0123456789-truefals")


# Values XLA's printer left out cannot be recovered from the text: never invent them.
ELIDED_CONSTANT = (
    "XLA elided this constant's values ('{...}') when it printed the text, so it cannot be converted "
    "faithfully: convert the module's .hlo.pb from the same dump instead, or dump again with "
    "XLA_FLAGS=--xla_dump_large_constants (HloPrintOptions.print_large_constants=True)"
)


def parse_literal(text: str, shape: Shape) -> Literal:
    """Read the text inside `constant(...)` as a literal of `shape` (see `literal.parse_literal`)."""
    if "/*" in text:
        text = _COMMENT_RE.sub(" ", text)
    if "..." in text:
        raise TranslateError(ELIDED_CONSTANT)
    return _parse(text, constant_shape(shape))


def _parse(text: str, shape: Shape) -> Literal:
    if shape.is_tuple:
        return _parse_tuple(text, shape)
    if not shape.is_array:
        raise TranslateError(f"a constant of shape {shape} has no literal form")
    check_static(shape)
    element_type = shape.element_type
    if shape.dimensions and "{" not in text and not element_type.is_complex:
        return _scalar_for_array(text, shape)
    if element_type.is_complex:
        text = _COMPLEX_RE.sub(r"\1;\2", text)
    tokens = _split_elements(text, shape.dimensions)
    if element_type == P.PRED:
        flat = _pred_values(tokens, text)
    elif element_type.is_signed_int or element_type.is_unsigned_int:
        flat = _int_values(tokens, text, element_type)
    elif element_type.is_complex:
        flat = _complex_values(tokens, text, element_type)
    else:
        flat = _float_values(tokens, text, element_type)
    return Literal(shape, flat.reshape(shape.dimensions))


def _scalar_for_array(text: str, shape: Shape) -> Literal:
    """`f32[2,3] constant(7)`: XLA's parser takes a bare value for an array (not a complex one) and sets the
    first element to it, every other to zero (`{ {7, 0, 0}, {0, 0, 0} }`); an empty array it refuses."""
    if not shape.element_count():
        raise TranslateError(f"a single value cannot fill the empty array {shape.to_text(False)}")
    scalar = _parse(text, Shape.array(shape.element_type, ()))
    assert isinstance(scalar.value, np.ndarray)
    # A few characters of text can ask for any size: beyond what can be allocated, the input's fault in one line.
    try:
        flat = np.zeros(shape.element_count(), dtype=scalar.value.dtype)
    except (MemoryError, ValueError, OverflowError):
        size = shape.element_count() * scalar.value.dtype.itemsize
        raise TranslateError(
            f"a single value for {shape.to_text(False)} needs {size / 2**30:.1f} GiB, more than this machine can hold"
        ) from None
    flat[0] = scalar.value
    return Literal(shape, flat.reshape(shape.dimensions))


def _parse_tuple(text: str, shape: Shape) -> Literal:
    body = text.strip()
    if not (body.startswith("(") and body.endswith(")")):
        raise TranslateError(f"expected a tuple literal '( ... )' for shape {shape.to_text(False)}")
    parts = _split_top_level(body[1:-1])
    if len(parts) != len(shape.tuple_shapes):
        raise TranslateError(
            f"tuple literal has {len(parts)} elements, shape {shape.to_text(False)} has {len(shape.tuple_shapes)}"
        )
    return Literal(shape, tuple(_parse(p, s) for p, s in zip(parts, shape.tuple_shapes)))


def _split_top_level(body: str) -> list[str]:
    """Split at commas outside any () or {}; an empty body has no parts."""
    if not body.strip():
        return []
    raw = np.frombuffer(body.encode("utf-8"), np.uint8)
    opens = (raw == ord("(")) | (raw == ord("{"))
    closes = (raw == ord(")")) | (raw == ord("}"))
    depth = np.cumsum(opens.astype(np.int64) - closes)
    cuts = np.flatnonzero((raw == ord(",")) & (depth == 0)).tolist()
    data = body.encode("utf-8")
    bounds = [-1, *cuts, len(data)]
    return [data[a + 1 : b].decode("utf-8") for a, b in zip(bounds, bounds[1:])]


def _split_elements(text: str, dims: tuple[int, ...]) -> list[str]:
    """The value tokens of `text`, after checking its braces nest as `dims` requires."""
    if not dims:
        if "{" in text or "}" in text:
            raise TranslateError("expected a single value for a scalar, found '{'")
        tokens = text.replace(",", " ").split()
        if len(tokens) != 1:
            raise TranslateError(f"expected a single value for a scalar, found {len(tokens)}")
        return tokens
    _check_nesting(text, dims)
    tokens = text.translate(_SEPARATORS).split()
    assert len(tokens) == product(dims), "nesting check let a wrong count through"
    return tokens


def _check_nesting(text: str, dims: tuple[int, ...]) -> None:
    try:
        raw = np.frombuffer(text.encode("ascii"), np.uint8)
    except UnicodeEncodeError:
        raise TranslateError("non-ASCII character in a literal") from None
    is_open, is_close = raw == ord("{"), raw == ord("}")
    separator = is_open | is_close | (raw == ord(",")) | (raw == 32) | (raw == 9) | (raw == 10) | (raw == 13)
    starts = ~separator
    starts[1:] &= separator[:-1]
    token_starts = np.flatnonzero(starts)
    braces = np.flatnonzero(is_open | is_close)
    rank = len(dims)
    if braces.size == 0:
        raise TranslateError(f"expected '{{' to open a literal of rank {rank}")
    opening = is_open[braces]
    if _brace_count(dims) != braces.size:  # cannot match; and keeps the expected skeleton small
        raise TranslateError(_nesting_mismatch(opening, None, dims))
    expected = _skeleton(dims)
    if opening.size != expected.size or not np.array_equal(opening, expected):
        raise TranslateError(_nesting_mismatch(opening, expected, dims))
    # values between brace i and brace i+1 (or the end)
    before = np.searchsorted(token_starts, braces)
    between = np.diff(np.append(before, token_starts.size))
    if before[0]:
        raise TranslateError("value before the literal's first '{'")
    depth = np.cumsum(np.where(opening, 1, -1))
    innermost = opening & (depth == rank)
    if between[~innermost].any():
        raise TranslateError(f"value outside the innermost braces of a rank-{rank} literal")
    counts = between[innermost]
    wrong = np.flatnonzero(counts != dims[-1])
    if wrong.size:
        k = int(wrong[0])
        raise TranslateError(
            f"expected {dims[-1]} values in each innermost {{...}} of shape {list(dims)}, "
            f"found {int(counts[k])} in group {k}"
        )


def _brace_count(dims: tuple[int, ...]) -> int:
    """How many braces a literal of `dims` has: a pair per {...} group at each level down to the innermost
    (or to the first empty dimension)."""
    count, groups = 0, 1
    for d in dims:
        count += 2 * groups
        groups *= d
        if groups == 0:
            break
    return count


def _skeleton(dims: tuple[int, ...]) -> np.ndarray:
    """True for each '{' and False for each '}' of a literal of `dims`, in order."""
    if 0 in dims:  # no braces below an empty dimension (and building them first could take any memory)
        dims = dims[: dims.index(0) + 1]
    text = ""
    for d in reversed(dims):
        text = "{" + text * d + "}"
    return np.frombuffer(text.encode("ascii"), np.uint8) == ord("{")


def _nesting_mismatch(found: np.ndarray, expected: np.ndarray | None, dims: tuple[int, ...]) -> str:
    depth = np.cumsum(np.where(found, 1, -1))
    deepest = int(depth.max())
    if deepest != len(dims):
        return f"braces nest {deepest} deep, shape {list(dims)} needs {len(dims)}"
    if depth.min() < 0 or depth[-1] != 0:
        return "unbalanced braces in literal"
    if expected is None:
        return f"too few {{...}} groups for dimensions {list(dims)}"
    n = min(found.size, expected.size)
    diff = np.flatnonzero(found[:n] != expected[:n])
    at = int(diff[0]) if diff.size else n
    level = int(depth[at - 1]) if at else 0
    return (
        f"wrong number of elements at nesting level {level} for dimensions {list(dims)} "
        f"(expected {dims[min(level, len(dims) - 1)]})"
    )


def _bad_char(allowed: dict[int, int | None], text: str, what: str) -> None:
    """Raise unless `text` holds only the characters `allowed` keeps (a fast whole-text check)."""
    left = text.translate(allowed)
    if left:
        token = _token_at(text, text.index(left[0]))
        raise TranslateError(f"expects {what}, found '{token}'")


def _token_at(text: str, pos: int) -> str:
    start, end = pos, pos
    while start > 0 and text[start - 1] not in " \t\r\n{},":
        start -= 1
    while end < len(text) and text[end] not in " \t\r\n{},":
        end += 1
    return text[start:end]


def _pred_values(tokens: list[str], text: str) -> np.ndarray:
    _bad_char(_PRED_CHARS, text, "true, false or an integer for pred")
    if set(tokens) <= {"0", "1", "true", "false"}:
        array = np.array(tokens)
        return (array == "1") | (array == "true")
    return np.array([_pred_value(t) for t in tokens], dtype=np.bool_)


def _pred_value(token: str) -> bool:
    if token in ("true", "false"):
        return token == "true"
    try:
        value = int(token)
    except ValueError:
        raise TranslateError(f"expects true, false or an integer for pred, found '{token}'") from None
    return lexer_int64(token, value) != 0  # XLA reads any integer as a predicate


def lexer_int64(token: str, value: int) -> int:
    """An integer token as XLA's lexer reads it: one in [-2**63, 2**64) is an int64, those from 2**63 up
    wrapping to negative (`18446744073709551615` is -1); any other is no number at all to XLA's parser."""
    if not -(2**63) <= value < 2**64:
        raise TranslateError(f"integer {token} does not fit 64 bits")
    return value - 2**64 if value >= 2**63 else value


def _int_values(tokens: list[str], text: str, element_type: PrimitiveType) -> np.ndarray:
    _bad_char(_INT_CHARS, text, f"an integer for {element_type.text}")
    try:
        values = np.array(tokens, dtype=np.int64)
    except (OverflowError, ValueError):
        values = _wrapped_int64s(tokens, element_type)
    if element_type == P.U64:
        return values.view(np.uint64)  # XLA keeps a u64 constant's int64 token's bits
    info = (
        ml_dtypes.iinfo(numpy_dtype(element_type))
        if element_type.bit_width < 8
        else np.iinfo(numpy_dtype(element_type))
    )
    low, high = int(info.min), int(info.max)
    bad = np.flatnonzero((values < max(low, -(2**63))) | (values > min(high, 2**63 - 1)))
    if bad.size:
        i = int(bad[0])
        read_as = "" if str(values[i]) == tokens[i].lstrip("0") else f" (read as {values[i]})"
        raise TranslateError(
            f"value {tokens[i]}{read_as} is out of range for {element_type.text} [{low}, {high}] (element {i})"
        )
    return values.astype(numpy_dtype(element_type))


def _wrapped_int64s(tokens: list[str], element_type: PrimitiveType) -> np.ndarray:
    """The tokens numpy could not read as int64: each as XLA's lexer reads it (`lexer_int64`), or the error."""
    values = []
    for i, token in enumerate(tokens):
        try:
            value = int(token)
        except ValueError:
            raise TranslateError(f"expects an integer for {element_type.text}, found '{token}' (element {i})") from None
        try:
            values.append(lexer_int64(token, value))
        except TranslateError as err:
            raise TranslateError(f"{err.message} (element {i})") from None
    return np.array(values, dtype=np.int64)


def _float_values(tokens: list[str], text: str, element_type: PrimitiveType) -> np.ndarray:
    doubles, payloads = _doubles(tokens, text, element_type)
    return _narrow(doubles, payloads, element_type, "value")


def _complex_values(tokens: list[str], text: str, element_type: PrimitiveType) -> np.ndarray:
    part_type = COMPONENT_TYPE[element_type]
    if not tokens:
        return np.zeros(0, dtype=numpy_dtype(element_type))
    joined = "\n".join(tokens)
    if joined.count(";") != len(tokens):
        bad = next(t for t in tokens if t.count(";") != 1)
        raise TranslateError(f"expects a complex value '(re, im)' for {element_type.text}, found '{bad}'")
    parts = joined.replace(";", "\n").split("\n")
    pairs = np.empty((len(tokens), 2), dtype=numpy_dtype(part_type))
    for column, name in ((0, "real part"), (1, "imaginary part")):
        doubles, payloads = _doubles(parts[column::2], text, element_type)
        pairs[:, column] = _narrow(doubles, payloads, part_type, name)
    nan_real = np.isnan(pairs[:, 0])
    if nan_real.any():  # XLA's parser makes the whole value its real part's NaN: `(nan, inf)` is (nan, nan)
        pairs[nan_real, 1] = pairs[nan_real, 0]
    return pairs.view(numpy_dtype(element_type)).reshape(len(tokens))


def _doubles(tokens: list[str], text: str, element_type: PrimitiveType) -> tuple[np.ndarray, dict[int, int]]:
    """Read float tokens as doubles, as XLA's lexer does, with explicit NaN payloads on the side."""
    has_payload = "(" in text
    _bad_char(
        _FLOAT_PAYLOAD_CHARS if has_payload else _FLOAT_CHARS, text, f"a floating-point value for {element_type.text}"
    )
    if "+" in text and _LONE_PLUS.search(text):
        raise TranslateError(f"expects a floating-point value for {element_type.text}, found a '+' sign")
    leading_dot = _LEADING_DOT.search(text)
    if leading_dot:  # XLA's lexer starts a number at a digit or '-' only (`-.5` is one, `.5` is not)
        raise TranslateError(
            f"expects a floating-point value for {element_type.text}, found "
            f"'{_token_at(text, leading_dot.start())}' (a number starts with a digit or '-')"
        )
    payloads: dict[int, int] = {}
    if has_payload:
        tokens = list(tokens)
        for i, token in enumerate(tokens):
            if "(" in token or "x" in token or "X" in token:
                m = _NAN_PAYLOAD_RE.fullmatch(token)
                payload = int(m.group(2), 16) if m else 0
                if not m or not 0 < payload < 1 << 52:
                    raise TranslateError(f"bad NaN payload '{token}' (element {i})")
                payloads[i] = payload
                tokens[i] = m.group(1) + "nan"
    try:
        doubles = np.array(tokens, dtype=np.float64)
    except ValueError:
        for i, token in enumerate(tokens):
            try:
                float(token)
            except ValueError:
                raise TranslateError(
                    f"expects a floating-point value for {element_type.text}, found '{token}' (element {i})"
                ) from None
        raise
    overflow = np.flatnonzero(np.isinf(doubles))
    for i in overflow.tolist():
        if "inf" not in tokens[i]:
            raise TranslateError(f"value {tokens[i]} is out of range for a double (element {i})")
    # an integer token is an int64 to XLA's lexer (see `lexer_int64`), converted to double after (we keep the
    # sign of `-0`, which XLA loses: our printer writes -0.0 so)
    for i in np.flatnonzero(np.abs(doubles) >= 2.0**63).tolist():
        token = tokens[i]
        if _INTEGER_TOKEN_RE.fullmatch(token):
            try:
                doubles[i] = float(lexer_int64(token, int(token)))
            except TranslateError as err:
                raise TranslateError(f"{err.message} (element {i})") from None
    return doubles, payloads


def _narrow(doubles: np.ndarray, payloads: dict[int, int], element_type: PrimitiveType, what: str) -> np.ndarray:
    """Narrow doubles to `element_type` the way XLA's parser does, NaN payloads included."""
    dtype = numpy_dtype(element_type)
    with np.errstate(over="ignore", invalid="ignore"):
        if element_type == P.F64:
            values = doubles.copy()
        elif element_type in (P.F16, P.BF16):
            values = doubles.astype(np.float32).astype(dtype)  # Eigen narrows through float
        elif dtype.itemsize == 1:
            values = _narrow_small_float(doubles, dtype)
        else:
            values = doubles.astype(dtype)
        if element_type != P.F64:
            bad = np.flatnonzero(np.isfinite(doubles) & ~np.isfinite(values.astype(np.float64)))
            if bad.size:
                i = int(bad[0])
                info = ml_dtypes.finfo(dtype)
                raise TranslateError(
                    f"{what} {doubles[i]:g} is out of range for {element_type.text} "
                    f"[{float(info.min):g}, {float(info.max):g}] (element {i})"
                )
    nans = np.flatnonzero(np.isnan(doubles))
    if nans.size:
        _set_nans(values, doubles, nans, payloads, element_type)
    return values


def _narrow_small_float(doubles: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """Narrow doubles to an 8- or 4-bit float the way XLA's direct cast from double does.

    numpy's cast goes through f32 with round-to-nearest and can round twice; rounding to f32 *to odd*
    first keeps every decision the final rounding makes (f32 has bits to spare), so ml_dtypes' own
    f32 cast then gives what its double cast gives, quirks included (saturation, e8m0's lowest step).
    """
    with np.errstate(over="ignore", invalid="ignore"):
        narrow = doubles.astype(np.float32)
        inexact = (narrow.astype(np.float64) != doubles) & np.isfinite(doubles)
        if inexact.any():
            away = inexact & (np.abs(narrow.astype(np.float64)) > np.abs(doubles))
            narrow[away] = np.nextafter(narrow[away], np.float32(0))  # now truncated toward zero
            narrow.view(np.uint32)[inexact] |= np.uint32(1)  # and marked inexact
        values = narrow.astype(dtype)
    if dtype == _E8M0:
        # ml_dtypes rounds everything above 2^-127 up to 2^-126, so XLA reads its own `5.9e-39` (2^-127)
        # as 2^-126; round to nearest there instead, which reads XLA's text back losslessly.
        values[(doubles > _E8M0_LOWEST) & (doubles < 1.5 * _E8M0_LOWEST)] = _E8M0_LOWEST
    return values


_E8M0 = np.dtype(ml_dtypes.float8_e8m0fnu)
_E8M0_LOWEST = 2.0**-127


def _set_nans(
    values: np.ndarray, doubles: np.ndarray, nans: np.ndarray, payloads: dict[int, int], element_type: PrimitiveType
) -> None:
    payload_bits = FLOAT_FORMATS[element_type].payload_bits
    explicit = {i: p for i, p in payloads.items() if p != DOUBLE_QUIET_PAYLOAD}
    if not payload_bits:
        if explicit:
            i = min(explicit)
            raise TranslateError(
                f"NaN payload 0x{explicit[i]:x} given for {element_type.text}, which has no NaN payloads (element {i})"
            )
        return  # the narrowing cast already gave the type's NaN of that sign
    mask = (1 << payload_bits) - 1
    for i, p in explicit.items():
        if p > mask:
            raise TranslateError(
                f"NaN payload 0x{p:x} is out of range for {element_type.text} (at most 0x{mask:x}) (element {i})"
            )
    width = values.dtype.itemsize * 8
    chosen = np.full(nans.size, 1 << (payload_bits - 1), dtype=np.uint64)
    if explicit:
        where = np.searchsorted(nans, list(explicit))
        chosen[where] = list(explicit.values())
    sign = np.signbit(doubles[nans]).astype(np.uint64) << np.uint64(width - 1)
    exponent = np.uint64(((1 << (width - 1)) - 1) & ~mask)
    bits = values.view(UINT_OF_SIZE[values.dtype.itemsize])
    bits[nans] = (sign | exponent | chosen).astype(bits.dtype)
