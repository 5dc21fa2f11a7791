"""Reading MLIR attributes of StableHLO ops as plain Python values (the one place that knows how)."""

from __future__ import annotations

import numpy as np
from jaxlib.mlir import ir
from jaxlib.mlir.dialects import stablehlo

from hlo_translate.errors import TranslateError


def has(op: ir.Operation, name: str) -> bool:
    return name in op.attributes


def get(op: ir.Operation, name: str, attributes: ir.OpAttributeMap | None = None) -> ir.Attribute | None:
    """`op`'s attribute `name`, or None (`attributes`: `op.attributes` when the caller holds it already)."""
    if attributes is None:
        attributes = op.attributes
    try:
        return attributes[name] if name in attributes else None
    except TypeError:  # the bindings cannot cast it (a location: text input is refused before, bytecode not)
        raise TranslateError(f"attribute {name} holds a location, not a value") from None


def elements(attr: ir.Attribute) -> list[ir.Attribute]:
    """The entries of an ArrayAttr. A location among them (`[#loc3]`, which MLIR's parser takes; text input is
    checked before, bytecode not) cannot be cast by the bindings: an input error, not their TypeError."""
    array = _cast(ir.ArrayAttr, attr, "a list")
    try:
        return list(array)
    except TypeError:
        raise TranslateError(f"a list attribute holds a location, not a value: {_short(attr)}") from None


def i64_list(attr: ir.Attribute | None) -> tuple[int, ...]:
    """A DenseI64ArrayAttr, DenseIntElementsAttr or ArrayAttr of integers as a tuple."""
    if attr is None:
        return ()
    if isinstance(attr, ir.DenseI64ArrayAttr):
        return tuple(attr)
    if isinstance(attr, ir.DenseIntElementsAttr):
        return tuple(int(x) for x in np.array(attr).ravel())
    if isinstance(attr, ir.ArrayAttr):
        return tuple(_cast(ir.IntegerAttr, a, "an integer").value for a in elements(attr))
    if isinstance(attr, ir.DenseBoolArrayAttr):
        return tuple(int(x) for x in attr)
    raise TranslateError(f"expected a list of integers, got {_short(attr)}")


def i64_matrix(attr: ir.Attribute | None) -> np.ndarray:
    """A 2-D DenseIntElementsAttr (padding, replica groups, source-target pairs) as an int64 array."""
    if attr is None:
        return np.zeros((0, 0), np.int64)
    array = np.array(_cast(ir.DenseIntElementsAttr, attr, "a dense integer array")).astype(np.int64)
    return array.reshape(array.shape if array.ndim == 2 else (-1, 2))


def integer(attr: ir.Attribute | None, default: int = 0) -> int:
    return default if attr is None else _cast(ir.IntegerAttr, attr, "an integer").value


def boolean(attr: ir.Attribute | None, default: bool = False) -> bool:
    return default if attr is None else _cast(ir.BoolAttr, attr, "a boolean").value


def string(attr: ir.Attribute | None, default: str = "") -> str:
    if attr is None:
        return default
    try:
        return _cast(ir.StringAttr, attr, "a string").value
    except RuntimeError as err:
        if not is_not_utf8(err):
            raise
        raise TranslateError("string attribute is not valid UTF-8") from None


def is_not_utf8(err: RuntimeError) -> bool:
    """Whether `err` is the bindings refusing to hand a string that is not UTF-8 to Python as str."""
    return "conversion error" in str(err)


def raw_string(attr: ir.Attribute) -> str:
    """A string attribute that HLO keeps as bytes (backend_config): its bytes, those that are not UTF-8 as
    lone surrogates (`surrogateescape`, the IR's form of such bytes; HLO text escapes them, protos write
    them back as they were)."""
    return _cast(ir.StringAttr, attr, "a string").value_bytes.decode("utf-8", "surrogateescape")


def sharding(attr: ir.Attribute):  # -> HloSharding
    """An ``mhlo.sharding`` attribute in any form XLA accepts (text, OpSharding bytes, "")."""
    from hlo_translate.errors import TranslateError
    from hlo_translate.hlo.sharding import parse_mhlo_sharding

    try:
        value = ir.StringAttr(attr).value_bytes
    except ValueError:
        raise TranslateError(f"mhlo.sharding must be a string attribute, not {attr}") from None
    return parse_mhlo_sharding(value)


def float_value(attr: ir.Attribute | None, default: float = 0.0) -> float:
    return default if attr is None else _cast(ir.FloatAttr, attr, "a float").value


def _cast(kind: type, attr: ir.Attribute, what: str):
    """`kind(attr)`, or a TranslateError naming what was expected (the bindings raise ValueError)."""
    try:
        return kind(attr)
    except ValueError:
        raise TranslateError(f"expected {what} attribute, got {_short(attr)}") from None


def _short(attr: ir.Attribute) -> str:
    text = str(attr)
    return text if len(text) <= 60 else text[:57] + "..."


def enum_word(attr: ir.Attribute | None) -> str | None:
    """The keyword of an enum attribute: `#stablehlo<comparison_direction LT>` -> 'LT'."""
    if attr is None:
        return None
    text = str(attr)
    # `#stablehlo<name WORD>`; `value` is not available for every enum class, the text is.
    return text.rstrip(">").split()[-1]


def precision_list(attr: ir.Attribute | None) -> tuple[str, ...]:
    if attr is None:
        return ()
    return tuple(enum_word(a) or "DEFAULT" for a in elements(attr))


def dictionary(attr: ir.Attribute | None) -> dict[str, ir.Attribute]:
    if attr is None:
        return {}
    d = _cast(ir.DictAttr, attr, "a dictionary")
    # (a key that is not UTF-8 aborts the bindings here, raising nothing: guard.check_text and
    # check_module_strings refuse such a key before any module reaches the exporter)
    names = [d[i].name for i in range(len(d))]
    if len(set(names)) != len(names):
        # The bindings cut a key at a NUL byte; bytecode may also repeat a key, which MLIR's parser refuses.
        raise TranslateError(f"a dictionary attribute repeats a key (or holds a NUL byte): {_short(attr)}")
    try:  # by name: an entry's `.attr` that the bindings cannot cast aborts the process, this raises
        return {name: d[name] for name in names}
    except TypeError:
        raise TranslateError(f"a dictionary attribute holds a location, not a value: {_short(attr)}") from None
    except KeyError:  # a key cut at a NUL byte
        raise TranslateError(f"a dictionary attribute has a key with a NUL byte: {_short(attr)}") from None


def hlo_shape(op: ir.Operation, name: str):  # -> hlo_translate.hlo.ir.Shape | None
    """The HLO shape a marker attribute (`xla_shape`, `xla.operand_shape`, ...) holds as text, or None when
    the op has none; a malformed one is `bad <name>: <why>`."""
    from hlo_translate.errors import TranslateError
    from hlo_translate.hlo.text import parse_shape

    text = get(op, name)
    if text is None:
        return None
    try:
        return parse_shape(string(text))
    except TranslateError as err:
        raise TranslateError(f"bad {name}: {err.message}") from None


def symbol(attr: ir.Attribute) -> str:
    return ir.FlatSymbolRefAttr(attr).value


def dot_dims(attr: ir.Attribute) -> stablehlo.DotDimensionNumbers:
    return stablehlo.DotDimensionNumbers(attr)


def gather_dims(attr: ir.Attribute) -> stablehlo.GatherDimensionNumbers:
    return stablehlo.GatherDimensionNumbers(attr)


def scatter_dims(attr: ir.Attribute) -> stablehlo.ScatterDimensionNumbers:
    return stablehlo.ScatterDimensionNumbers(attr)


def conv_dims(attr: ir.Attribute) -> stablehlo.ConvDimensionNumbers:
    return stablehlo.ConvDimensionNumbers(attr)


def channel_handle(attr: ir.Attribute | None) -> tuple[int, int] | None:
    """(handle, type) of a `#stablehlo.channel_handle`, or None."""
    if attr is None:
        return None
    ch = stablehlo.ChannelHandle(attr)
    return ch.handle, ch.channel_type
