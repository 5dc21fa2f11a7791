"""Read an HLO module from any of its forms, and write it in any of them.

Forms: HLO text, binary HloModuleProto (or HloProto wrapping one), HloModuleProto in protobuf text format.
The form is told by the content, never by the file name alone.
"""

from __future__ import annotations

import enum

from hlo_translate.errors import TranslateError, public_api
from hlo_translate.hlo.ir import HloModule


class HloFormat(enum.Enum):
    TEXT = "text"
    PROTO = "proto"
    PROTO_TEXT = "proto-text"


def detect_hlo_format(data: bytes) -> HloFormat:
    """Which form `data` is in: HLO text starts with `HloModule`, proto text with a field name."""
    head = data.lstrip()[:4096]
    if head.startswith(b"HloModule"):
        return HloFormat.TEXT
    try:
        text = head.decode("utf-8")
    except UnicodeDecodeError:
        return HloFormat.PROTO
    first = text.lstrip().split(None, 1)[0] if text.strip() else ""
    if first.rstrip(":{") in ("name", "hlo_module", "computations", "entry_computation_name", "id",
                              "host_program_shape") or text.lstrip().startswith("#"):
        return HloFormat.PROTO_TEXT
    if text.isprintable() or all(c.isprintable() or c in "\n\r\t" for c in text):
        return HloFormat.TEXT  # not a proto: let the text parser say what is wrong
    return HloFormat.PROTO


@public_api
def read_hlo(data: bytes | str, fmt: HloFormat | None = None) -> HloModule:
    """Parse an HLO module from text, binary proto or proto text (detected when `fmt` is None)."""
    raw = data.encode() if isinstance(data, str) else data
    fmt = fmt or detect_hlo_format(raw)
    if fmt is HloFormat.TEXT:
        from hlo_translate.hlo.text import parse_hlo_text

        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as err:
            raise TranslateError(f"HLO text is not UTF-8 (byte {err.start})") from None
        return parse_hlo_text(text)
    from hlo_translate.hlo import proto_io

    if fmt is HloFormat.PROTO:
        return proto_io.module_from_proto_bytes(raw)
    return proto_io.module_from_proto_text(raw.decode("utf-8", errors="replace"))


@public_api
def write_hlo(module: HloModule, fmt: HloFormat = HloFormat.TEXT) -> bytes:
    """Write `module` as HLO text, binary HloModuleProto or proto text."""
    if fmt is HloFormat.TEXT:
        from hlo_translate.hlo.text import print_hlo_text

        return print_hlo_text(module).encode()
    from hlo_translate.hlo import proto_io

    if fmt is HloFormat.PROTO:
        return proto_io.module_to_proto_bytes(module)
    return proto_io.module_to_proto_text(module).encode()
