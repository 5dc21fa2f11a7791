"""Literals: HLO text and LiteralProto, against XLA's own parser, printer and proto.

Oracles: XLA prints a constant we hand it as a LiteralProto exactly as we print it; XLA's parser reads the text
we print to the same LiteralProto we write; XLA rejects the texts we reject. Property tests: printing then
reading is the identity, bit for bit, for every element type; the proto round trip too, under any layout.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import ml_dtypes
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hlo_translate.errors import TranslateError
from hlo_translate.hlo.ir import Layout, PrimitiveType, Shape
from hlo_translate.hlo.literal import Literal, numpy_dtype, parse_literal, primitive_type_of
from hlo_translate.hlo.proto import literal_from_proto as from_literal_proto
from hlo_translate.hlo.proto import literal_to_proto as to_literal_proto
from hlo_translate.hlo.text import parse_shape
from hlo_translate.proto import hlo_pb2

P = PrimitiveType
# F6 constants: XLA aborts when it serializes one (a C++ CHECK), so they have no literal support yet;
# test_f6_constants_are_refused_clearly checks the error.
NO_LITERALS = {P.BUFFER, P.F6E3M2FN, P.F6E2M3FN}
ARRAY_TYPES = [t for t in P if t.is_array and t not in NO_LITERALS]
FLOAT_TYPES = [t for t in ARRAY_TYPES if t.is_float]
PAYLOAD_BITS = {P.F16: 10, P.BF16: 7, P.F32: 23, P.F64: 52, P.F8E5M2: 2, P.F8E4M3: 3, P.F8E3M4: 4}


# ---------------------------------------------------------------------------------------------
# XLA as the oracle


def _xla():
    import jaxlib._hlo as xla_hlo

    return xla_hlo


def _module_text(shape: Shape, literal_text: str) -> str:
    return f"HloModule m\n\nENTRY e {{\n  ROOT c = {shape.to_text()} constant({literal_text})\n}}\n"


def _constant_text(module_text: str) -> str:
    line = next(line for line in module_text.splitlines() if " constant(" in line)
    return line.split(" constant(", 1)[1].rsplit(")", 1)[0]


def xla_print_and_read(lit: Literal) -> tuple[str, bytes]:
    """(XLA's printing of `lit` handed over as our LiteralProto, XLA's LiteralProto of our text)."""
    xla = _xla()
    module = xla.hlo_module_from_text(_module_text(lit.shape, lit.to_text()))
    proto = hlo_pb2.HloModuleProto.FromString(module.as_serialized_hlo_module_proto())
    instruction = proto.computations[0].instructions[0]
    read = instruction.literal.SerializeToString()
    options = xla.HloPrintOptions.short_parsable()
    options.print_large_constants = True
    if lit.shape.element_type in (P.S1, P.U1):
        # XLA writes s1s/u1s but cannot read them back ("unsupported shape"): print what it parsed.
        return _constant_text(module.to_string(options)), read
    instruction.literal.CopyFrom(to_literal_proto(lit))
    ours = xla.HloModule.from_serialized_hlo_module_proto(proto.SerializeToString())
    return _constant_text(ours.to_string(options)), read


def as_xla_reads(lit: Literal) -> Literal:
    """`lit` as XLA's parser reads our text of it, where ours keeps what XLA loses: `-0` becomes +0.0."""
    if lit.is_tuple:
        return Literal(lit.shape, tuple(as_xla_reads(p) for p in lit.elements))
    t = lit.shape.element_type
    if not (t.is_float or t.is_complex):
        return lit
    array = lit.array.copy()
    flat = array.reshape(-1)
    parts = flat.view(flat.real.dtype) if t.is_complex else flat
    with np.errstate(invalid="ignore"):
        parts[np.equal(parts.astype(np.float64), 0)] = 0
    return Literal(lit.shape, array)


def as_xla_prints(text: str, lit: Literal) -> str:
    """Our text of `lit` as XLA prints it: XLA writes e8m0's 2^-127 `5.9e-39` (which it reads as 2^-126), we
    write `5.87747e-39` (which it reads as 2^-127)."""
    return text.replace("5.87747e-39", "5.9e-39") if lit.shape.element_type == P.F8E8M0FNU else text


def check_against_xla(lit: Literal) -> None:
    printed, read = xla_print_and_read(lit)
    assert printed == as_xla_prints(lit.to_text(), lit)
    ours = parse_literal(lit.to_text(), lit.shape)
    assert ours == _nan_real_part_whole(lit)
    expected = as_xla_reads(ours)
    if not _has_complex_nan(expected):
        assert to_literal_proto(expected).SerializeToString() == read
        return
    # XLA's parser mixes up the NaN payloads of the two parts of a complex value, e.g. it reads
    # `(nan(0x400001), -nan(0x1))` as `(nan(0x400001), nan(0x400001))`: compare NaN-ness only there.
    theirs = from_literal_proto(_literal_proto(read)).array
    mine = expected.array
    nan = np.isnan(mine.real) | np.isnan(mine.imag)
    assert np.array_equal(np.isnan(theirs.real) | np.isnan(theirs.imag), nan)
    assert np.array_equal(theirs[~nan].view(np.uint8), mine[~nan].view(np.uint8))


def _nan_real_part_whole(lit: Literal) -> Literal:
    """`lit` as XLA's parser reads its text: a complex value whose real part is NaN is that NaN whole."""
    if lit.is_tuple or not lit.shape.element_type.is_complex:
        return lit
    pairs = lit.array.copy().reshape(-1).view(lit.array.real.dtype).reshape(-1, 2)
    nan_real = np.isnan(pairs[:, 0])
    pairs[nan_real, 1] = pairs[nan_real, 0]
    return Literal(lit.shape, pairs.reshape(-1).view(lit.array.dtype).reshape(lit.array.shape))


def _has_complex_nan(lit: Literal) -> bool:
    if lit.is_tuple:
        return any(_has_complex_nan(p) for p in lit.elements)
    return lit.shape.element_type.is_complex and bool(np.isnan(lit.array).any())


def _literal_proto(data: bytes):
    literal = hlo_pb2.HloInstructionProto().literal
    literal.ParseFromString(data)
    return literal


def xla_rejects(cases: list[tuple[str, str]]) -> list[bool]:
    """Whether XLA's parser rejects each (shape, text) constant; run apart, as bad input may abort XLA."""
    script = textwrap.dedent("""
        import json, sys
        import jaxlib._hlo as xla
        result = []
        for shape, text in json.load(sys.stdin):
            try:
                xla.hlo_module_from_text(f"HloModule m\\nENTRY e {{ ROOT c = {shape} constant({text}) }}")
                result.append(False)
            except Exception:
                result.append(True)
        print(json.dumps(result))
    """)
    done = subprocess.run(
        [sys.executable, "-c", script], input=json.dumps(cases), capture_output=True, text=True, timeout=120, check=True
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


# ---------------------------------------------------------------------------------------------
# Values worth testing


def all_bit_patterns(t: PrimitiveType) -> np.ndarray:
    dtype = numpy_dtype(t)
    if dtype.itemsize == 1:
        return np.arange(1 << t.bit_width, dtype=np.uint8).view(dtype)
    return np.arange(1 << 16, dtype=np.uint16).view(dtype)


def special_floats(t: PrimitiveType, rng: np.random.Generator, count: int) -> np.ndarray:
    dtype = numpy_dtype(t)
    width = dtype.itemsize * 8
    uint = np.dtype(f"u{dtype.itemsize}")
    exponent = ((1 << (width - 1)) - 1) & ~((1 << PAYLOAD_BITS[t]) - 1)
    sign = 1 << (width - 1)
    payloads = [1, 3, (1 << (PAYLOAD_BITS[t] - 1)), (1 << (PAYLOAD_BITS[t] - 1)) | 1, (1 << PAYLOAD_BITS[t]) - 1]
    nans = [exponent | p for p in payloads] + [sign | exponent | p for p in payloads]
    info = np.finfo(dtype)
    specials = np.array(
        [
            0.0,
            -0.0,
            1.0,
            -1.0,
            0.1,
            1 / 3,
            123456789.0,
            16777217.0,
            1e-30,
            1e30,
            np.inf,
            -np.inf,
            float(info.max),
            -float(info.max),
            float(info.tiny),
            float(info.smallest_subnormal),
        ],
        dtype=dtype,
    )
    random_bits = rng.integers(0, 1 << 62, count, dtype=np.int64).astype(uint)
    if width == 64:
        random_bits = random_bits << np.uint64(2) | rng.integers(0, 4, count).astype(np.uint64)
    return np.concatenate([specials, np.array(nans, dtype=uint).view(dtype), random_bits.view(dtype)])


def edge_values(t: PrimitiveType) -> np.ndarray:
    rng = np.random.default_rng(int(t))
    if t == P.PRED:
        return np.array([True, False, False, True])
    if t.is_complex:
        part = P.F32 if t == P.C64 else P.F64
        reals = special_floats(part, rng, 500)
        # XLA reads a complex part against the type's max in double precision: it refuses the text of the
        # c64 max (3.40282347e+38 is above 3.4028234664e+38) though it prints it. We read it.
        reals = reals[np.abs(reals) != np.finfo(reals.dtype).max]
        imags = np.roll(reals, 7)
        return np.stack([reals, imags], axis=-1).reshape(-1).view(numpy_dtype(t))
    if t in (P.F32, P.F64):
        return special_floats(t, rng, 3000)
    if t.is_float or t.bit_width <= 16:
        return all_bit_patterns(t)  # every value of the type
    info = np.iinfo(numpy_dtype(t))
    fixed = [info.min, info.max, 0, 1, info.min + 1, info.max - 1] + ([-1] if info.min else [])
    randoms = rng.integers(info.min, info.max, 200, dtype=numpy_dtype(t), endpoint=True)
    return np.concatenate([np.array(fixed, dtype=numpy_dtype(t)), randoms])


# ---------------------------------------------------------------------------------------------
# XLA oracle tests


@pytest.mark.parametrize("element_type", ARRAY_TYPES, ids=lambda t: t.text)
def test_every_type_prints_and_reads_like_xla(element_type: PrimitiveType) -> None:
    values = edge_values(element_type)
    check_against_xla(Literal.from_numpy(values, Layout((0,))))
    scalar = Literal(Shape.array(element_type, (), Layout(())), values[-1:].reshape(()))
    check_against_xla(scalar)


@pytest.mark.parametrize(
    "dims",
    [
        (),
        (1,),
        (3,),
        (0,),
        (2, 3),
        (1, 1),
        (3, 1),
        (1, 3),
        (0, 2),
        (2, 0),
        (2, 3, 4),
        (1, 1, 1),
        (2, 0, 2),
        (2, 2, 2, 2),
        (1, 2, 0, 2),
        (2, 0, 1, 2),
        (1, 1, 1, 0),
        (1, 1, 1, 1, 2),
        (2, 1, 3, 1, 2),
    ],
    ids=str,
)
def test_nesting_of_every_rank_like_xla(dims: tuple[int, ...]) -> None:
    count = int(np.prod(dims, dtype=np.int64))
    values = np.arange(count, dtype=np.int32).reshape(dims)
    check_against_xla(Literal.from_numpy(values, Layout(tuple(range(len(dims) - 1, -1, -1)))))
    check_against_xla(Literal.from_numpy(values % 2 == 0, Layout(tuple(range(len(dims) - 1, -1, -1)))))


def test_rank_four_xla_text_is_read() -> None:
    text = (
        "{ { /*i0=0*/ { /*i1=0*/ { 1, 2 }, { 3, 4 } }, { /*i1=1*/ { 5, 6 }, { 7, 8 } } }, "
        "{ /*i0=1*/ { /*i1=0*/ { 9, 10 }, { 11, 12 } }, { /*i1=1*/ { 13, 14 }, { 15, 16 } } } }"
    )
    lit = parse_literal(text, parse_shape("s32[2,2,2,2]"))
    assert lit.array.reshape(-1).tolist() == list(range(1, 17))
    assert lit.to_text() == text


def test_layouts_and_tuples_like_xla() -> None:
    column_major = parse_literal("{ { 1, 2, 3 }, { 4, 5, 6 } }", parse_shape("f32[2,3]{0,1}"))
    check_against_xla(column_major)
    assert to_literal_proto(column_major).f32s == [1, 4, 2, 5, 3, 6]  # physical order
    minor_first = Literal.from_numpy(np.arange(24, dtype=np.int64).reshape(2, 3, 4), Layout((1, 0, 2)))
    check_against_xla(minor_first)
    nested = parse_literal("( ( 1, {2, 3} ), (  ), (-0.5, 2) )", parse_shape("((f32[], s8[2]), (), c64[])"))
    assert nested.to_text() == "( ( 1, {2, 3} ), (  ), (-0.5, 2) )"
    check_against_xla(nested)


@pytest.mark.parametrize(
    "shape,text",
    [
        ("f32[<=4]{0}", "{1, 2, 3, 4}"),
        ("(f32[<=2], s32[])", "({1, 2}, 1)"),
        ("s4[4]{0:T(2)E(4)S(2)}", "{1, 2, -3, 4}"),
        ("(s4[2]{0:E(4)}, f32[])", "({1, 2}, 1)"),
        ("f32[4]{0:SC(0:2)}", "{1, 2, 3, 4}"),
        ("f32[4]{0:M(8)}", "{1, 2, 3, 4}"),
        ("f32[2,4]{1,0:T(2,2)}", "{ {1, 2, 3, 4}, {5, 6, 7, 8} }"),
        ("f32[4]{0:L(2)}", "{1, 2, 3, 4}"),
    ],
)
def test_literal_shape_like_xla(shape: str, text: str) -> None:
    """XLA gives a constant's literal a static shape without element_size_in_bits; the rest of the layout
    stays, and tiles do not reorder the values."""
    module = _xla().hlo_module_from_text(_module_text(parse_shape(shape), text))
    theirs = hlo_pb2.HloModuleProto.FromString(module.as_serialized_hlo_module_proto())
    ours = to_literal_proto(parse_literal(text, parse_shape(shape)))
    assert ours.SerializeToString() == theirs.computations[0].instructions[0].literal.SerializeToString()


def test_large_constant_like_xla() -> None:
    values = np.random.default_rng(7).standard_normal((200, 1000)).astype(np.float32)
    flat = values.reshape(-1)
    flat[::997] = np.resize(np.float32([np.nan, -0.0, np.inf]), flat[::997].size)
    check_against_xla(Literal.from_numpy(values, Layout((1, 0))))


def test_negative_zero_is_kept_where_xla_loses_it() -> None:
    # XLA prints -0.0 as `-0` (see the tests above), which its parser reads as the integer 0; we keep the sign.
    lit = parse_literal("{-0, 0, -0.0}", parse_shape("f32[3]{0}"))
    assert np.signbit(lit.array).tolist() == [True, False, True]
    assert lit.to_text() == "{-0, 0, -0}"
    _, xla_read = xla_print_and_read(lit)
    assert np.signbit(from_literal_proto(_literal_proto(xla_read)).array).tolist() == [False, False, False]


@pytest.mark.parametrize("element_type", [t for t in FLOAT_TYPES if t != P.F64], ids=lambda t: t.text)
def test_decimals_round_like_xla(element_type: PrimitiveType) -> None:
    """Random decimals (and exact midpoints, nudged) narrow to the same values as in XLA's parser."""
    rng = np.random.default_rng(int(element_type))
    dtype = numpy_dtype(element_type)
    info = ml_dtypes.finfo(dtype)
    top = float(info.max)
    with np.errstate(invalid="ignore"):
        finite = np.sort(np.unique(all_bit_patterns(element_type).astype(np.float64)))
    finite = finite[np.isfinite(finite)] if element_type.bit_width <= 16 else np.array([0.0, 1.0, top])
    mids = (finite[1:] + finite[:-1]) / 2
    doubles = np.concatenate(
        [
            rng.uniform(-top, top, 300),
            rng.standard_normal(300) * rng.choice([1e-3, 1.0, 1e3], 300),
            mids,
            np.nextafter(mids, np.inf),
            np.nextafter(mids, -np.inf),
        ]
    )
    doubles = doubles[np.abs(doubles) <= top]
    if element_type == P.F8E8M0FNU:
        doubles = np.abs(doubles[doubles != 0])
        lowest = 2.0**-127  # above it and below 1.5 * 2^-127 we round to nearest, XLA up (see literal_text)
        doubles = doubles[(doubles <= lowest) | (doubles >= 1.5 * lowest)]
    text = "{" + ", ".join(f"{d:.17g}" for d in doubles.tolist()) + "}"
    shape = Shape.array(element_type, (doubles.size,), Layout((0,)))
    module = _xla().hlo_module_from_text(_module_text(shape, text))
    read = hlo_pb2.HloModuleProto.FromString(module.as_serialized_hlo_module_proto())
    theirs = read.computations[0].instructions[0].literal
    assert to_literal_proto(parse_literal(text, shape)).SerializeToString() == theirs.SerializeToString()


REJECTED = [
    ("s32[2]", "{1}"),
    ("s32[2]", "{1, 2, 3}"),
    ("s32[2,2]", "{1, 2, 3, 4}"),
    ("s32[2,2]", "{ {1, 2, 3}, {4} }"),
    ("s32[]", "{1}"),
    ("s8[]", "200"),
    ("u8[]", "-1"),
    ("s8[]", "1.5"),
    ("s32[]", "1e3"),
    ("s32[]", "0x10"),
    ("f16[]", "65520"),
    ("f16[]", "1e10"),
    ("f32[]", "1e39"),
    ("f32[]", "3.40282357e38"),
    ("f64[]", "1e400"),
    ("bf16[]", "1e39"),
    ("f8e4m3fn[]", "470"),
    ("f8e8m0fnu[]", "0"),
    ("f8e8m0fnu[]", "-1"),
    ("f8e4m3fn[]", "nan(0x1)"),
    ("f32[]", "nan(0x800000)"),
    ("f32[]", "nan(0x0)"),
    ("f32[]", "+1"),
    ("f32[]", "NaN"),
    ("f32[]", "1.0.0"),
    ("f32[2]", "{1, abc}"),
    ("c64[]", "(3.40282357e38, 1)"),
    ("c64[]", "1"),
    ("(s32[], s32[])", "(1)"),
    ("s32[2,2]", "{ {1, 2}, {3, 4}"),
    # an integer token outside [-2^63, 2^64) is no number to XLA's lexer, whatever the element type
    ("bf16[]", "18446744073709551616"),
    ("f32[2]", "{1, -9223372036854775809}"),
    ("pred[]", "99999999999999999999"),
    ("u64[]", "18446744073709551616"),
    ("s64[]", "-18446744073709551616"),
    ("c64[]", "(18446744073709551616, 0)"),
    # from 2^63 up, a token wraps to a negative int64, out of range for the narrower types
    ("u8[]", "18446744073709551615"),
    ("s32[]", "9223372036854775808"),
    # a number starts with a digit or '-' to XLA's lexer
    ("f32[]", ".5"),
    ("f32[2]", "{1, .5e1}"),
    ("c64[]", "(.5, 1)"),
]


def test_rejects_what_xla_rejects() -> None:
    assert all(xla_rejects(REJECTED))
    for shape, text in REJECTED:
        with pytest.raises(TranslateError):
            parse_literal(text, parse_shape(shape))


ACCEPTED = [
    ("f16[]", "65505", "65504"),
    ("bf16[]", "3.39e+38", "3.39e+38"),
    ("f8e4m3fn[]", "460", "448"),
    ("f8e8m0fnu[]", "1e-39", "5.87747e-39"),
    ("f8e8m0fnu[]", "8.9e-39", "1.2e-38"),
    ("f4e2m1fn[]", "-100", "-6"),
    ("f32[]", "1e-50", "0"),
    ("f32[]", "1.0000000596046447753906251", "1"),
    ("f32[]", "1.", "1"),
    ("f32[]", "1E5", "100000"),
    ("f16[]", "1.000488281250000909494701772928", "1"),
    ("f8e4m3fn[]", "1.0625000000000009", "1.12"),
    ("f32[]", "-nan(0x400000)", "-nan"),
    ("f8e4m3fn[2]", "{inf, -inf}", "{nan, -nan}"),
    ("f8e4m3fnuz[]", "nan", "-nan"),
    ("f8e8m0fnu[]", "-nan", "nan"),
    ("pred[3]", "{2, -1, 0}", "{1, 1, 0}"),
    ("s32[2]", "{1, 2, }", "{1, 2}"),
    ("s32[2]", "{1 2}", "{1, 2}"),
    ("s32[2,1]", "{{1}{2}}", "{ {1}, {2} }"),
    ("u64[]", "18446744073709551615", "18446744073709551615"),
    ("c64[]", "(1, nan(0x1))", "(1, nan)"),
    # XLA's lexer wraps an integer token from 2^63 up to a negative int64 (u64 keeps its bits)
    ("s64[]", "18446744073709551615", "-1"),
    ("s32[]", "18446744073709551615", "-1"),
    ("f32[]", "18446744073709551615", "-1"),
    ("f64[]", "9223372036854775808", "-9.2233720368547758e+18"),
    ("u64[]", "-1", "18446744073709551615"),
    ("pred[]", "9223372036854775808", "true"),
    ("f32[]", "-.5", "-0.5"),
]


@pytest.mark.parametrize("shape,text,printed", ACCEPTED, ids=[f"{s} {t}" for s, t, _ in ACCEPTED])
def test_reads_lenient_and_rounding_forms_like_xla(shape: str, text: str, printed: str) -> None:
    """XLA's rounding (f16 and bf16 through float), saturation and leniency, checked on XLA."""
    lit = parse_literal(text, parse_shape(shape))
    xla = _xla()
    options = xla.HloPrintOptions.short_parsable()
    xla_printed = _constant_text(xla.hlo_module_from_text(_module_text(parse_shape(shape), text)).to_string(options))
    if shape.startswith("f8e8m0fnu") and printed == "5.87747e-39":  # XLA prints 2^-127 as it cannot read it back
        assert xla_printed == "5.9e-39" and lit.to_text() == printed
    elif shape != "c64[]":  # XLA drops the payload of a complex component; we keep it
        assert lit.to_text() == xla_printed == printed
    else:
        assert xla_printed == printed and lit.to_text() == "(1, nan(0x1))"


# ---------------------------------------------------------------------------------------------
# Errors and API


def test_elided_constant_is_refused() -> None:
    with pytest.raises(TranslateError, match="print_large_constants"):
        parse_literal("{...}", parse_shape("f32[100]"))


@pytest.mark.parametrize(
    "shape,text,message",
    [
        ("s32[3]", "{1, 2}", "expected 3 values"),
        ("f32[2]", "{1, x}", "found 'x'"),
        ("s8[2]", "{1, 300}", "out of range for s8"),
        ("f32[2,2]", "{1, 2, 3, 4}", "braces nest 1 deep"),
    ],
)
def test_error_messages(shape: str, text: str, message: str) -> None:
    with pytest.raises(TranslateError, match=message):
        parse_literal(text, parse_shape(shape))


def test_api_helpers() -> None:
    assert numpy_dtype(P.BF16) == np.dtype(ml_dtypes.bfloat16)
    assert primitive_type_of(np.complex64) == P.C64
    assert Literal.scalar(P.PRED, True).to_text() == "true"
    assert Literal.tuple_of([Literal.scalar(P.S32, 1), Literal.scalar(P.F32, 0.5)]).to_text() == "( 1, 0.5 )"
    nan_a = Literal.from_numpy(np.array([1, 0x7FC00000], np.uint32).view(np.float32))
    nan_b = Literal.from_numpy(np.array([1, 0x7FC00001], np.uint32).view(np.float32))
    assert nan_a == Literal.from_numpy(nan_a.array.copy()) and nan_a != nan_b
    assert Literal.from_numpy(np.float32([0.0])) != Literal.from_numpy(np.float32([-0.0]))


# ---------------------------------------------------------------------------------------------
# Properties


def random_array(t: PrimitiveType, dims: tuple[int, ...], raw: bytes) -> np.ndarray:
    dtype = numpy_dtype(t)
    count = int(np.prod(dims, dtype=np.int64))
    need = count * dtype.itemsize
    data = np.frombuffer((raw * (need // max(len(raw), 1) + 1))[:need] if raw else bytes(need), np.uint8)
    if t == P.PRED:
        return (data % 2 == 1).reshape(dims)
    if t.bit_width < 8:
        data = data & np.uint8((1 << t.bit_width) - 1)
    return data.view(dtype).reshape(dims).copy()


@st.composite
def literals(draw, with_layout: bool = False) -> Literal:
    t = draw(st.sampled_from(ARRAY_TYPES))
    dims = tuple(draw(st.lists(st.integers(0, 3), max_size=4)))
    raw = draw(st.binary(min_size=0, max_size=512))
    layout = Layout(tuple(draw(st.permutations(range(len(dims)))))) if with_layout else None
    return Literal(Shape.array(t, dims, layout), random_array(t, dims, raw))


@settings(max_examples=300, deadline=None)
@given(literals())
def test_print_then_read_is_identity(lit: Literal) -> None:
    text = lit.to_text()
    read = _nan_real_part_whole(lit)  # as XLA's parser reads the text: a complex `(nan, x)` is `(nan, nan)`
    assert parse_literal(text, lit.shape) == read
    # XLA's separators are lenient: commas and whitespace are interchangeable.
    assert parse_literal(text.replace(", ", ",\n ").replace("{ ", "{"), lit.shape) == read


@settings(max_examples=200, deadline=None)
@given(st.lists(literals(with_layout=True), max_size=3))
def test_proto_round_trip_is_identity(parts: list[Literal]) -> None:
    for lit in parts:
        assert from_literal_proto(to_literal_proto(lit)) == lit
    if parts:
        whole = Literal.tuple_of(parts)
        assert from_literal_proto(to_literal_proto(whole)) == whole
        # as XLA's parser reads the text: a complex `(nan, x)` is `(nan, nan)`
        assert parse_literal(whole.to_text(), whole.shape) == Literal.tuple_of([_nan_real_part_whole(p) for p in parts])


@pytest.mark.parametrize("element_type", [P.F6E3M2FN, P.F6E2M3FN])
def test_f6_constants_are_refused_clearly(element_type: PrimitiveType) -> None:
    from hlo_translate.errors import TranslateError

    with pytest.raises(TranslateError, match="has no literal values"):
        parse_literal("{1, 2}", Shape.array(element_type, (2,)))
