"""The value of an ``mhlo.sharding`` attribute, in every form XLA's converter accepts.

XLA reads the string attribute first as a serialized ``OpSharding`` proto, then as HLO sharding
text (``xla::ConvertSharding``). So besides the text (``"{devices=[2,1]<=[2]}"``) it takes the
proto's bytes (a binary string attribute, as some producers write it) and the empty string, an
empty ``OpSharding``: ``{replicated}``. Text always starts with ``{`` (0x7B, a proto group start
that never closes), so the two forms cannot be confused.

``for_shape`` fits a sharding to the HLO shape of the instruction carrying it: one non-tuple
sharding on a tuple shape applies to every leaf, as XLA's converter and parser expand it.
"""

from __future__ import annotations

from functools import lru_cache

from hlo_translate.errors import TranslateError
from hlo_translate.hlo.ir import PrimitiveType, Shape
from hlo_translate.hlo.sharding.model import HloSharding
from hlo_translate.hlo.sharding.parser import parse_sharding
from hlo_translate.hlo.sharding.proto import from_op_sharding


@lru_cache(maxsize=4096)  # modules repeat a few shardings many times
def parse_mhlo_sharding(value: bytes) -> HloSharding:
    """An ``mhlo.sharding`` attribute's bytes as a sharding.

    >>> parse_mhlo_sharding(b"").to_text()
    '{replicated}'
    >>> parse_mhlo_sharding(bytes.fromhex("0804")).to_text()   # OpSharding{type: MANUAL}
    '{manual}'
    """
    if not value:
        return HloSharding.replicated()
    if value.startswith(b"{"):
        try:
            text = value.decode()
        except UnicodeDecodeError:
            raise TranslateError("mhlo.sharding is neither sharding text nor a serialized OpSharding") from None
        return parse_sharding(text)
    # Loaded on first use: reading sharding text needs no protobuf (CLI start-up time).
    from google.protobuf.message import DecodeError

    from hlo_translate.proto import xla_data_pb2

    try:
        message = xla_data_pb2.OpSharding.FromString(value)
    except DecodeError:
        raise TranslateError(
            f"mhlo.sharding {value[:40]!r} is neither sharding text nor a serialized OpSharding"
        ) from None
    return from_op_sharding(message)


def for_shape(sharding: HloSharding, shape: Shape) -> HloSharding:
    """``sharding`` on an instruction of ``shape``: a non-tuple one spread over a tuple's leaves; a
    tuple one must have one element per leaf. A token takes any sharding as it is (XLA writes an outfeed's
    tuple sharding, its data's and its token's, on the token it returns)."""
    if shape.element_type == PrimitiveType.TOKEN:
        return sharding
    if not shape.is_tuple:
        if sharding.is_tuple:
            raise TranslateError(f"tuple sharding {sharding.to_text()} on a non-tuple value {shape.to_text()}")
        return sharding
    leaves = len(shape.leaves())
    if not sharding.is_tuple:
        return HloSharding.tuple([sharding] * leaves)
    if len(sharding.tuple_elements) != leaves:
        raise TranslateError(
            f"sharding {sharding.to_text()} has {len(sharding.tuple_elements)} elements; "
            f"the value {shape.to_text()} has {leaves} leaves"
        )
    return sharding
