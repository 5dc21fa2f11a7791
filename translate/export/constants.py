"""`stablehlo.constant` -> HLO `constant`: dense elements attributes read into numpy, then a Literal.

Numpy-representable element types go through the bindings' buffer protocol. bf16, fp8, sub-byte
integers and complex numbers do not (and complex values can crash the bindings, see FACTS.md): those
are read from the attribute's printed form (`dense<"0x...">` raw bytes, or a list of numbers).
`dense_resource<name>` values are read from the module's resource section (`resources.py`).
"""

from __future__ import annotations

import re

import ml_dtypes
import numpy as np
from jaxlib.mlir import ir

from hlo_translate.errors import TranslateError
from hlo_translate.export import mlir_attrs as A
from hlo_translate.export.context import Builder
from hlo_translate.export.registry import handles
from hlo_translate.export.resources import is_resource, resource_data
from hlo_translate.hlo.ir import HloInstruction, Shape
from hlo_translate.hlo.ir import PrimitiveType as P
from hlo_translate.hlo.literal import Literal
from hlo_translate.hlo.text import parse_shape
from hlo_translate.markers import TUPLE_CONSTANT

NUMPY_DTYPES: dict[P, np.dtype] = {
    P.PRED: np.dtype(np.bool_),
    P.S8: np.dtype(np.int8),
    P.S16: np.dtype(np.int16),
    P.S32: np.dtype(np.int32),
    P.S64: np.dtype(np.int64),
    P.U8: np.dtype(np.uint8),
    P.U16: np.dtype(np.uint16),
    P.U32: np.dtype(np.uint32),
    P.U64: np.dtype(np.uint64),
    P.F16: np.dtype(np.float16),
    P.F32: np.dtype(np.float32),
    P.F64: np.dtype(np.float64),
    P.BF16: np.dtype(ml_dtypes.bfloat16),
    P.C64: np.dtype(np.complex64),
    P.C128: np.dtype(np.complex128),
    P.S4: np.dtype(ml_dtypes.int4),
    P.U4: np.dtype(ml_dtypes.uint4),
    P.S2: np.dtype(ml_dtypes.int2),
    P.U2: np.dtype(ml_dtypes.uint2),
    P.F8E5M2: np.dtype(ml_dtypes.float8_e5m2),
    P.F8E4M3FN: np.dtype(ml_dtypes.float8_e4m3fn),
    P.F8E4M3B11FNUZ: np.dtype(ml_dtypes.float8_e4m3b11fnuz),
    P.F8E5M2FNUZ: np.dtype(ml_dtypes.float8_e5m2fnuz),
    P.F8E4M3FNUZ: np.dtype(ml_dtypes.float8_e4m3fnuz),
    P.F8E4M3: np.dtype(ml_dtypes.float8_e4m3),
    P.F8E3M4: np.dtype(ml_dtypes.float8_e3m4),
    P.F4E2M1FN: np.dtype(ml_dtypes.float4_e2m1fn),
    P.F8E8M0FNU: np.dtype(ml_dtypes.float8_e8m0fnu),
}
# Types the bindings' buffer protocol hands out correctly.
_BUFFER_OK = frozenset({P.PRED, P.S8, P.S16, P.S32, P.S64, P.U8, P.U16, P.U32, P.U64, P.F16, P.F32, P.F64})

_HEX_RE = re.compile(r'dense<"0x([0-9A-Fa-f]*)">')
_NUMBER_RE = re.compile(
    r"\(\s*([^,()]+)\s*,\s*([^,()]+)\s*\)|0x[0-9A-Fa-f]+|true|false|[-+]?(?:inf|nan)|"
    r"[-+]?\d+(?:\.\d*)?(?:[eE][-+]?\d+)?"
)


def dense_to_numpy(attr: ir.Attribute, shape: Shape) -> np.ndarray:
    """The values of a dense elements attribute as a numpy array of `shape`."""
    dtype = NUMPY_DTYPES.get(shape.element_type)
    if dtype is None:
        raise TranslateError(f"constants of type {shape.element_type.text} are not supported")
    dims = shape.dimensions
    if shape.element_type in _BUFFER_OK:
        return np.array(ir.DenseElementsAttr(attr)).astype(dtype, copy=False).reshape(dims)
    return _from_text(str(attr), dtype, dims)


def _from_text(text: str, dtype: np.dtype, dims: tuple[int, ...]) -> np.ndarray:
    count = int(np.prod(dims, dtype=np.int64))
    m = _HEX_RE.match(text)
    if m:
        values = np.frombuffer(bytes.fromhex(m.group(1)), _storage_dtype(dtype))
        if values.size == 1 and count != 1:
            values = np.repeat(values, count)
        return _cast_storage(values, dtype).reshape(dims)
    # `dense<[[1.0, 2.0], ...]> : tensor<...>`: drop the type, then read the numbers in order.
    body = text[text.index("<") + 1 : text.rindex(" : ")].rstrip()
    body = body[:-1] if body.endswith(">") else body
    numbers = [_parse_number(m, dtype) for m in _NUMBER_RE.finditer(body)]
    if len(numbers) == 1 and count != 1:
        numbers = numbers * count
    if len(numbers) != count:
        raise TranslateError(f"could not read the constant's {count} values")
    return np.array(numbers, dtype=dtype).reshape(dims)


# One number read from a dense attribute's text, before it joins an array.
Scalar = bool | int | float | np.generic


def _storage_dtype(dtype: np.dtype) -> np.dtype:
    """How MLIR stores elements in its raw buffer: sub-byte integers one per byte, others packed."""
    if dtype.itemsize == 1 and dtype.kind in "iuV" and dtype not in (np.dtype(np.int8), np.dtype(np.uint8)):
        return np.dtype(np.uint8)
    return dtype


def _cast_storage(values: np.ndarray, dtype: np.dtype) -> np.ndarray:
    if values.dtype == dtype:
        return values.copy()
    if dtype.kind == "c" or values.dtype.itemsize == dtype.itemsize:
        return values.view(dtype).copy()
    return values.astype(dtype)


def _parse_number(m: re.Match[str], dtype: np.dtype) -> Scalar:
    if m.group(1) is not None:
        # Each part in the component type: a hex part is a bit pattern of that width (f32 for c64).
        part = np.dtype(np.float32) if dtype == np.complex64 else np.dtype(np.float64)
        real, imag = (_scalar(m.group(k).strip(), part) for k in (1, 2))
        return _complex_bits(real, imag, dtype)
    return _scalar(m.group(0), dtype)


def _complex_bits(real: Scalar, imag: Scalar, dtype: np.dtype) -> np.generic:
    """A complex value built from its parts' bits, so NaN payloads survive."""
    part = np.dtype(np.float32) if dtype == np.complex64 else np.dtype(np.float64)
    return np.array([real, imag], part).view(dtype)[0]


def _scalar(token: str, dtype: np.dtype) -> Scalar:
    if token in ("true", "false"):
        return token == "true"
    if token.startswith("0x"):
        # A float given by its bit pattern (nan payloads, infinities).
        bits = int(token, 16)
        width = dtype.itemsize if dtype.kind != "c" else dtype.itemsize // 2
        uint = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}[width]
        target = dtype if dtype.kind != "c" else np.dtype(np.float32 if width == 4 else np.float64)
        return np.array([bits], uint).view(target)[0]
    if dtype.kind in "iub" and "." not in token and "e" not in token.lower():
        return int(token)
    return float(token)


def literal_of(array: np.ndarray, shape: Shape):  # -> Literal
    # Built directly (not Literal.from_numpy) to keep rank-0 arrays rank 0 and the shape's layout.
    return Literal(shape, np.ascontiguousarray(array).reshape(shape.dimensions))


def constant_array(b: Builder, op: ir.Operation, shape: Shape) -> np.ndarray:
    """The value of a constant op (`stablehlo.constant`, `arith.constant`, ...): its `value` attribute,
    dense or `dense_resource` (see `resources.py`), as a numpy array of `shape`."""
    dtype = NUMPY_DTYPES.get(shape.element_type)
    if dtype is None:
        raise TranslateError(f"constants of type {shape.element_type.text} are not supported")
    if shape.element_type.is_complex:
        # Touching a complex dense attribute through the bindings aborts the process: read the
        # op's printed form instead (`%c = stablehlo.constant dense<[(1.0,2.0), ...]> : tensor<...>`).
        text = str(op)
        if (start := text.rfind("dense_resource<")) >= 0:
            return _from_bytes(resource_data(b.ctx.resources, text[start:]), dtype, shape.dimensions)
        return _from_text(text[text.rindex("dense<") :], dtype, shape.dimensions)
    attr = op.attributes["value"]
    if is_resource(attr):
        return _from_bytes(resource_data(b.ctx.resources, str(attr)), dtype, shape.dimensions)
    return dense_to_numpy(attr, shape)


def _from_bytes(data: bytes, dtype: np.dtype, dims: tuple[int, ...]) -> np.ndarray:
    """Raw little-endian elements (a resource blob's data) as an array of `dtype` and `dims`."""
    storage = _storage_dtype(dtype)
    count = int(np.prod(dims, dtype=np.int64))
    if len(data) != count * storage.itemsize:
        raise TranslateError(
            f"the resource holds {len(data)} bytes, tensor of {count} elements needs {count * storage.itemsize}"
        )
    return _cast_storage(np.frombuffer(data, storage), dtype).reshape(dims)


@handles("stablehlo.constant")
def _constant(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    attrs = op.attributes
    if TUPLE_CONSTANT in attrs:
        leaf = _tuple_constant_leaf(b, op)
        if leaf is not None:
            return [leaf]
    shape = b.result_shape(op)
    if shape.element_type.is_complex or shape.element_type not in NUMPY_DTYPES:
        # read from the op's text, or refused, by `constant_array`
        return [b.constant(literal_of(constant_array(b, op, shape), shape), shape)]
    # A module repeats few values (0, 1, -inf: uniqued attributes in MLIR's context): each is read once, and its
    # literal (immutable) is shared by the constants that hold it.
    value = attrs["value"]
    literal = b.ctx.literals.get(value)
    if literal is None or literal.shape is not shape:
        literal = b.ctx.literals[value] = literal_of(constant_array(b, op, shape), shape)
    return [b.constant(literal, shape)]


def _tuple_constant_leaf(b: Builder, op: ir.Operation) -> HloInstruction | None:
    """A leaf of an HLO tuple constant the importer split (markers.TUPLE_CONSTANT): the get-tuple-element of the
    one tuple constant the block's leaves of that name make, written at the first of them. None (a plain
    constant) where the leaves no longer make the whole tuple (a pass dropped or changed one)."""
    name, shape, index = _marker(op)
    built = b.tuple_constants.get(name)
    if built is None:
        literal = _tuple_literal(b, op, name, shape)
        if literal is None:
            return None
        built = b.constant(literal, shape)
        b.tuple_constants[name] = built
    instr = built
    for i in index:
        instr = b.gte(instr, i)
    return instr if instr.shape.without_layouts() == b.result_shape(op).without_layouts() else None


def _marker(op: ir.Operation) -> tuple[str, Shape, tuple[int, ...]]:
    fields = A.dictionary(op.attributes[TUPLE_CONSTANT])
    try:
        shape = parse_shape(A.string(fields.get("shape")))
        index = A.i64_list(fields.get("index"))
        name = A.string(fields.get("name"))
        leaf = shape
        for i in index:
            leaf = leaf.tuple_shapes[i]
    except (TranslateError, IndexError, TypeError, ValueError):
        raise TranslateError(f"bad {TUPLE_CONSTANT}: {op.attributes[TUPLE_CONSTANT]}") from None
    if not shape.is_tuple or leaf.is_tuple:
        raise TranslateError(f"bad {TUPLE_CONSTANT}: {index} is not a leaf of {shape.to_text()}")
    return name, shape, index


def _tuple_literal(b: Builder, op: ir.Operation, name: str, shape: Shape) -> Literal | None:
    """The tuple literal of `shape` the constants marked `name` in `op`'s block hold, if they hold every leaf."""
    leaves: dict[tuple[int, ...], Literal] = {}
    for view in op.block.operations:
        other = view.operation
        if other.name != "stablehlo.constant" or TUPLE_CONSTANT not in other.attributes:
            continue
        other_name, other_shape, index = _marker(other)
        if other_name != name or other_shape != shape:
            continue
        leaf_shape = shape
        for i in index:
            leaf_shape = leaf_shape.tuple_shapes[i]
        if b.result_shape(other).without_layouts() != leaf_shape.without_layouts():
            return None
        leaves[index] = literal_of(constant_array(b, other, leaf_shape), leaf_shape)

    def build(sub: Shape, path: tuple[int, ...]) -> Literal | None:
        if not sub.is_tuple:
            return leaves.get(path)
        parts = [build(s, (*path, i)) for i, s in enumerate(sub.tuple_shapes)]
        return None if any(p is None for p in parts) else Literal(sub, tuple(p for p in parts if p is not None))

    return build(shape, ())
