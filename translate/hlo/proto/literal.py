"""Literals <-> `LiteralProto`, filled the way XLA's `Literal::ToProto` fills it.

    >>> import numpy as np
    >>> from hlo_translate.hlo.literal import Literal
    >>> literal_to_proto(Literal.from_numpy(np.float16([1, -2]))).f16s
    b'\\x00<\\x00\\xc0'

Values are stored in the physical order of the shape's layout. Which field holds them depends on the type:
repeated `preds`, `s32s`, `s64s`, `u32s`, `u64s`, `f32s`, `f64s`, interleaved `c64s`/`c128s`; little-endian
bytes for 16-bit types; one byte per element for 8-bit and narrower types (sub-byte integers and f4 in the
low bits). Float fields are written and read as raw bytes so that NaN payloads survive (a detour through
Python floats would quiet signaling NaNs).
"""

from __future__ import annotations

import numpy as np

from hlo_translate.errors import TranslateError
from hlo_translate.hlo.ir import PrimitiveType, Shape
from hlo_translate.hlo.literal import Literal, check_static, numpy_dtype, physical_axes
from hlo_translate.hlo.proto.shapes import shape_from_proto, shape_to_proto
from hlo_translate.proto import xla_data_pb2

P = PrimitiveType

# Types whose values are one little-endian bytes field, and the numpy dtype of its units.
_BYTES_FIELDS: dict[PrimitiveType, tuple[str, str]] = {
    P.S1: ("s1s", "u1"),
    P.S2: ("s2s", "u1"),
    P.S4: ("s4s", "u1"),
    P.S8: ("s8s", "i1"),
    P.U1: ("u1s", "u1"),
    P.U2: ("u2s", "u1"),
    P.U4: ("u4s", "u1"),
    P.U8: ("u8s", "u1"),
    P.S16: ("s16s", "<i2"),
    P.U16: ("u16s", "<u2"),
    P.F16: ("f16s", "<u2"),
    P.BF16: ("bf16s", "<u2"),
    P.F8E5M2: ("f8e5m2s", "u1"),
    P.F8E4M3FN: ("f8e4m3fns", "u1"),
    P.F8E4M3B11FNUZ: ("f8e4m3b11fnuzs", "u1"),
    P.F8E5M2FNUZ: ("f8e5m2fnuzs", "u1"),
    P.F8E4M3FNUZ: ("f8e4m3fnuzs", "u1"),
    P.F8E4M3: ("f8e4m3s", "u1"),
    P.F8E3M4: ("f8e3m4s", "u1"),
    P.F4E2M1FN: ("f4e2m1fns", "u1"),
    P.F8E8M0FNU: ("f8e8m0fnus", "u1"),
}
# Types written as packed repeated fixed-width floats, and the little-endian unit of the wire bytes.
_FLOAT_FIELDS: dict[PrimitiveType, tuple[str, str]] = {
    P.F32: ("f32s", "<f4"),
    P.F64: ("f64s", "<f8"),
    P.C64: ("c64s", "<f4"),
    P.C128: ("c128s", "<f8"),
}
_INT_FIELDS: dict[PrimitiveType, str] = {P.S32: "s32s", P.S64: "s64s", P.U32: "u32s", P.U64: "u64s"}
_SUB_BYTE = {P.S1, P.S2, P.S4, P.U1, P.U2, P.U4, P.F4E2M1FN}
_FIELD_NUMBER = {f.name: f.number for f in xla_data_pb2.LiteralProto.DESCRIPTOR.fields}


def literal_to_proto(lit: Literal) -> xla_data_pb2.LiteralProto:
    """The LiteralProto XLA writes for `lit`."""
    proto = xla_data_pb2.LiteralProto()
    _fill(lit, proto)
    return proto


def _fill(lit: Literal, proto: xla_data_pb2.LiteralProto) -> None:
    shape_to_proto(lit.shape, proto.shape)
    if lit.is_tuple:
        for part in lit.elements:
            _fill(part, proto.tuple_literals.add())
        return
    t = lit.shape.element_type
    flat = _to_physical(lit.array, lit.shape)
    if flat.size == 0:
        return
    if t == P.PRED:
        _merge_packed(proto, "preds", flat.view(np.uint8).tobytes())  # a packed bool is one byte, 0 or 1
    elif t in _BYTES_FIELDS:
        name, unit = _BYTES_FIELDS[t]
        setattr(proto, name, flat.view(_unsigned(flat.dtype.itemsize)).astype(unit).tobytes())
    elif t in _FLOAT_FIELDS:
        name, unit = _FLOAT_FIELDS[t]
        parts = flat.view(flat.real.dtype) if t.is_complex else flat
        _merge_packed(proto, name, parts.astype(unit, copy=False).tobytes())
    elif t in _INT_FIELDS:
        getattr(proto, _INT_FIELDS[t]).extend(flat.tolist())
    else:
        raise TranslateError(f"literals of type {t.text} have no LiteralProto form")


def _merge_packed(proto: xla_data_pb2.LiteralProto, name: str, data: bytes) -> None:
    """Append `data` as the packed payload of repeated field `name`, bit for bit."""
    tag = _varint(_FIELD_NUMBER[name] << 3 | 2)
    proto.MergeFromString(tag + _varint(len(data)) + data)


def _varint(value: int) -> bytes:
    out = bytearray()
    while True:
        low = value & 0x7F
        value >>= 7
        if value:
            out.append(low | 0x80)
        else:
            out.append(low)
            return bytes(out)


def _unsigned(itemsize: int) -> np.dtype:
    return np.dtype({1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}[itemsize])


def _to_physical(array: np.ndarray, shape: Shape) -> np.ndarray:
    axes = physical_axes(shape)
    flat = np.transpose(array, axes).reshape(-1) if axes else array.reshape(-1)
    return np.ascontiguousarray(flat)


def literal_from_proto(proto: xla_data_pb2.LiteralProto) -> Literal:
    """The literal held by `proto`; TranslateError when its values do not fit its shape."""
    if not proto.HasField("shape"):
        raise TranslateError("LiteralProto has no shape")
    shape = shape_from_proto(proto.shape)
    if shape.is_tuple:
        if len(proto.tuple_literals) != len(shape.tuple_shapes):
            raise TranslateError(f"LiteralProto of shape {shape} has {len(proto.tuple_literals)} tuple elements")
        parts = tuple(literal_from_proto(p) for p in proto.tuple_literals)
        for part, sub in zip(parts, shape.tuple_shapes):
            if part.shape != sub:
                raise TranslateError(f"tuple element literal of shape {part.shape} in a tuple of shape {shape}")
        return Literal(shape, parts)
    if not shape.is_array:
        raise TranslateError(f"LiteralProto of shape {shape} holds no values")
    check_static(shape)
    flat = _values(proto, shape.element_type)
    count = shape.element_count()
    if flat.size != count:
        raise TranslateError(f"LiteralProto of shape {shape.to_text(False)} has {flat.size} values, expected {count}")
    return Literal(shape, _from_physical(flat, shape))


def _values(proto: xla_data_pb2.LiteralProto, t: PrimitiveType) -> np.ndarray:
    dtype = numpy_dtype(t)
    if t == P.PRED:
        return np.array(proto.preds, dtype=np.bool_).reshape(-1)
    if t in _BYTES_FIELDS:
        name, unit = _BYTES_FIELDS[t]
        raw = getattr(proto, name)
        if len(raw) % np.dtype(unit).itemsize:
            raise TranslateError(
                f"LiteralProto {name} of {len(raw)} bytes does not hold whole {np.dtype(unit).itemsize}-byte values"
            )
        units = np.frombuffer(raw, dtype=unit)
        if t in _SUB_BYTE:
            units = units & np.uint8((1 << t.bit_width) - 1)  # XLA keeps the value in the low bits
        return units.astype(_unsigned(dtype.itemsize)).view(dtype)
    if t in _FLOAT_FIELDS:
        name, unit = _FLOAT_FIELDS[t]
        raw = _packed_bytes(proto.SerializeToString(), _FIELD_NUMBER[name], np.dtype(unit).itemsize)
        parts = np.frombuffer(raw, dtype=unit).astype(unit[1:], copy=True)
        if t.is_complex:
            if parts.size % 2:
                raise TranslateError(f"LiteralProto {name} holds an odd number of values")
            return parts.view(dtype)
        return parts
    if t in _INT_FIELDS:
        return np.array(getattr(proto, _INT_FIELDS[t]), dtype=dtype).reshape(-1)
    raise TranslateError(f"literals of type {t.text} have no LiteralProto form")


def _packed_bytes(data: bytes, field_number: int, width: int) -> bytes:
    """The raw bytes of a repeated fixed-width field in a serialized message (packed or not)."""
    chunks: list[bytes] = []
    pos, end = 0, len(data)
    while pos < end:
        key, pos = _read_varint(data, pos)
        number, wire = key >> 3, key & 7
        if wire == 0:
            _, pos = _read_varint(data, pos)
        elif wire == 2:
            length, pos = _read_varint(data, pos)
            if number == field_number:
                chunks.append(data[pos : pos + length])
            pos += length
        elif wire in (1, 5):
            size = 8 if wire == 1 else 4
            if number == field_number and size == width:
                chunks.append(data[pos : pos + size])
            pos += size
        else:
            raise TranslateError(f"malformed LiteralProto (wire type {wire})")
    return b"".join(chunks)


def _read_varint(data: bytes, pos: int) -> tuple[int, int]:
    result, shift = 0, 0
    while True:
        if pos >= len(data):
            raise TranslateError("malformed LiteralProto (truncated _varint)")
        byte = data[pos]
        pos += 1
        result |= (byte & 0x7F) << shift
        if byte < 0x80:
            return result, pos
        shift += 7


def _from_physical(flat: np.ndarray, shape: Shape) -> np.ndarray:
    axes = physical_axes(shape)
    if not axes:
        return flat.reshape(shape.dimensions)
    physical = flat.reshape([shape.dimensions[a] for a in axes])
    return np.ascontiguousarray(np.transpose(physical, np.argsort(axes)))
