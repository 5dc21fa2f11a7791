"""`dense_resource<name>` elements attributes: the bytes behind them.

torch-mlir (and MLIR tools in general) keep large constants out of the IR: the attribute names a blob,
and the blob's bytes sit in the module's resource section, `{-# dialect_resources: {builtin: {name:
"0x04000000..."}} #-}` in text (bytecode has a section of its own, printed the same way). A blob is a
4-byte little-endian alignment, then the elements' raw little-endian bytes (one byte per `i1`).

jaxlib's bindings can build such an attribute from a buffer but not read one back, so the module is
printed once (dense elements elided, resources in full) and its resource section read.
"""

from __future__ import annotations

import re

from jaxlib.mlir import ir

from hlo_translate.errors import TranslateError

_NAME_RE = re.compile(r'dense_resource<("(?:[^"\\]|\\.)*"|[^>]+)>')
_ENTRY_RE = re.compile(r'\s*("(?:[^"\\]|\\.)*"|[A-Za-z_][\w$.\-]*)\s*:\s*"0x([0-9A-Fa-f]*)"\s*,?')
# Dense attributes above this many elements print as `dense_resource<__elided__>`: only the resource
# section is read, so the rest of the module need not be printed in full.
_ELIDE_ABOVE = 16


def is_resource(attr: ir.Attribute) -> bool:
    """Whether `attr` is a `dense_resource<...>` elements attribute."""
    if isinstance(attr, ir.DenseElementsAttr):
        return False  # what the bindings downcast a `dense<...>` to (the common case)
    # The bindings neither downcast to this class nor give it `isinstance`: the cast is the test.
    try:
        ir.DenseResourceElementsAttr(attr)
    except ValueError:
        return False
    return True


def resource_name(text: str) -> str:
    """The blob name in an attribute's printed form, `dense_resource<name> : tensor<...>`."""
    m = _NAME_RE.match(text)
    if m is None:
        raise TranslateError(f"cannot read the resource name of {text[:80]}")
    return _unquote(m.group(1))


def read_resources(module_op: ir.Operation) -> dict[str, bytes]:
    """The `builtin` dialect's resource blobs of a module, by name, with their alignment prefix."""
    text = str(module_op.get_asm(large_elements_limit=_ELIDE_ABOVE))  # a str (the stubs say object)
    start = text.rfind("{-#")
    if start < 0:
        return {}
    section = text[start:]
    m = re.search(r"\bbuiltin\s*:\s*\{", section)
    if m is None:
        return {}
    blobs: dict[str, bytes] = {}
    pos = m.end()
    while (entry := _ENTRY_RE.match(section, pos)) is not None:
        blobs[_unquote(entry.group(1))] = bytes.fromhex(entry.group(2))
        pos = entry.end()
    return blobs


def resource_data(blobs: dict[str, bytes], text: str) -> bytes:
    """The raw element bytes of a `dense_resource` attribute, given its printed form (the attribute
    itself cannot be touched when its elements are complex): its blob without the alignment prefix."""
    name = resource_name(text)
    blob = blobs.get(name)
    if blob is None:
        raise TranslateError(f"dense_resource<{name}> has no data in the module's resource section")
    if len(blob) < 4:
        raise TranslateError(f"dense_resource<{name}> is shorter than its 4-byte alignment prefix")
    return blob[4:]


def _unquote(name: str) -> str:
    if name.startswith('"'):
        return re.sub(r"\\(.)", r"\1", name[1:-1])
    return name
