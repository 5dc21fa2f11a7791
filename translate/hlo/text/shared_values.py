"""Which parsed attribute values one instruction's text may share with every other instruction of the same text."""

from __future__ import annotations

import dataclasses
import enum
from typing import Any

from hlo_translate.hlo.ir import ComputationRef, InstructionRef, OpMetadata


def immutable_plain(value: Any) -> bool:
    """An int, a string, an enum member, a metadata record (frozen: one per source line, printed and
    serialized once per object), or a tuple or frozen dataclass of such values all through (`slice=`,
    `padding=`, a `to_apply=` reference, resolved by replacing it, not changing it): one parsed value may
    serve every instruction. Asked only when a text is parsed the first time."""
    kind = type(value)
    if (
        value is None
        or kind is int
        or kind is str
        or kind is bool
        or kind is OpMetadata
        or isinstance(value, enum.Enum)
    ):
        return True
    if kind is tuple:
        return all(immutable_plain(v) for v in value)
    params = getattr(kind, "__dataclass_params__", None)
    return (
        params is not None
        and params.frozen
        and all(immutable_plain(getattr(value, f.name)) for f in dataclasses.fields(value))
    )


def has_refs(value: Any) -> bool:
    """Whether a parsed value holds references to resolve once the module is read (a computation, an instruction)."""
    if isinstance(value, (ComputationRef, InstructionRef)):
        return True
    return isinstance(value, tuple) and bool(value) and isinstance(value[0], (ComputationRef, InstructionRef))
