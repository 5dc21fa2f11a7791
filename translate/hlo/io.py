"""Read an HLO module from any of its forms, and write it in any of them.

Forms: HLO text, binary HloModuleProto (or an HloProto / HloSnapshot / HloUnoptimizedSnapshot wrapping one),
and the same messages in protobuf text format.
The form is told by the content, never by the file name alone.
"""

from __future__ import annotations

import enum
import os
from pathlib import Path

from hlo_translate.errors import SourceLocation, TranslateError, public_api
from hlo_translate.gc_pause import without_cyclic_gc
from hlo_translate.hlo.ir import HloModule


class HloFormat(enum.Enum):
    """The forms of an HLO module: HLO text, binary HloModuleProto, HloModuleProto in protobuf text format."""

    TEXT = "text"
    PROTO = "proto"
    PROTO_TEXT = "proto-text"


# First fields of an HloModuleProto, HloProto, HloSnapshot or HloUnoptimizedSnapshot in text format.
_PROTO_TEXT_FIELDS = frozenset(
    {
        "name",
        "hlo_module",
        "computations",
        "entry_computation_name",
        "id",
        "host_program_shape",
        "hlo",
        "buffer_assignment",
        "arguments",
        "result",
        "execution_platform",
        "partitions",
        "version",
    }
)


def detect_hlo_format(data: bytes) -> HloFormat:
    """Which form `data` is in: HLO text starts with `HloModule` (or a computation or instruction), proto text
    with a field name."""
    head = data.lstrip()[:4096]
    if head.startswith(b"HloModule"):
        return HloFormat.TEXT
    try:
        text = head.decode("utf-8")
    except UnicodeDecodeError:
        return HloFormat.PROTO
    first = text.lstrip().split(None, 1)[0] if text.strip() else ""
    if first.rstrip(":{") in _PROTO_TEXT_FIELDS or text.lstrip().startswith("#"):
        return HloFormat.PROTO_TEXT
    if text.isprintable() or all(c.isprintable() or c in "\n\r\t" for c in text):
        return HloFormat.TEXT  # not a proto: let the text parser say what is wrong
    return HloFormat.PROTO


@without_cyclic_gc  # outside public_api, which reads the function's own file
@public_api
def read_hlo(data: bytes | str | os.PathLike, fmt: HloFormat | None = None, *, verify: bool = True) -> HloModule:
    """Parse an HLO module from text, binary proto or proto text (detected when `fmt` is None).

    A `str` is HLO text (never a file name); `bytes` any form; a `pathlib.Path` names a file.
    With `verify` (the default) the module must pass the HLO verifier (`hlo_translate.hlo.verify`): what XLA
    rejects is a TranslateError naming the instruction, the rule and, for text, the line.
    """
    if isinstance(data, os.PathLike):
        try:
            data = Path(data).read_bytes()
        except OSError as err:
            raise TranslateError(f"cannot read HLO input: {err.strerror}", location=SourceLocation(str(data))) from None
    if not isinstance(data, str | bytes | bytearray | memoryview):
        raise TypeError(f"cannot read HLO from {type(data).__name__}: expected str, bytes or a pathlib.Path")
    raw = data.encode() if isinstance(data, str) else bytes(data)
    fmt = fmt or detect_hlo_format(raw)
    text = None
    if fmt is HloFormat.TEXT:
        # The readers, writers and verifier load when first used: `import hlo_translate` stays cheap (CLI start-up).
        from hlo_translate.hlo.text import parse_hlo_text

        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as err:
            raise TranslateError(f"HLO text is not UTF-8 (byte {err.start})") from None
        module = parse_hlo_text(text)
    else:
        from hlo_translate.hlo.proto import module_from_proto_bytes, module_from_proto_text

        if fmt is HloFormat.PROTO:
            module = module_from_proto_bytes(raw)
        else:
            module = module_from_proto_text(raw.decode("utf-8", errors="replace"))
    if verify:
        from hlo_translate.hlo.verify import locate, verify_module

        try:
            verify_module(module)
        except TranslateError as err:
            raise (locate(err, text) if text is not None else err) from None
    return module


@without_cyclic_gc  # outside public_api, which reads the function's own file
@public_api
def write_hlo(module: HloModule, fmt: HloFormat = HloFormat.TEXT) -> bytes:
    """`module` in form `fmt`, always as bytes.

    TEXT: HLO text as XLA prints it, UTF-8 (`.decode()` for a str); PROTO: a serialized
    HloModuleProto (never an HloProto wrapper); PROTO_TEXT: that HloModuleProto in protobuf text
    format, UTF-8.

        >>> write_hlo(read_hlo("HloModule m\\nENTRY e { ROOT p = f32[] parameter(0) }")).decode().split(",")[0]
        'HloModule m'
    """
    if not isinstance(fmt, HloFormat):
        raise TypeError(f"fmt must be an HloFormat, not {type(fmt).__name__}")
    if fmt is HloFormat.TEXT:
        from hlo_translate.hlo.text import print_hlo_text

        return print_hlo_text(module).encode()
    from hlo_translate.hlo.proto import module_to_proto_bytes, module_to_proto_text

    if fmt is HloFormat.PROTO:
        return module_to_proto_bytes(module)
    return module_to_proto_text(module).encode()
