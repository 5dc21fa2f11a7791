"""``OpMetadata``: where an op came from (``metadata={op_type="..." op_name="..." ...}``).

The same record appears on instructions (``metadata=``) and inside shardings. The text form lists
the non-default fields in a fixed order, strings C-escaped, which is how XLA prints it; the parser,
which takes the fields in any order, is ``parse_op_metadata`` in ``sharding_parser``.

``c_escape`` and ``c_unescape`` are the escapes of every quoted string in HLO text, not only here.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from hlo_translate.errors import TranslateError

# Field order of XLA's printer; fields at their default value are not printed.
STRING_FIELDS = ("op_type", "op_name", "source_file")
LINE_FIELDS = ("source_line", "source_end_line", "source_column", "source_end_column")
TAIL_STRING_FIELDS = ("deduplicated_name", "scheduling_name")
# The values of OpMetadata.ProfileType that XLA's parser accepts.
PROFILE_TYPES = {0: "INVALID", 1: "WINDOW", 2: "FLAG", 3: "INTEGER"}


@dataclass(frozen=True, slots=True)
class OpMetadata:
    """One ``OpMetadata`` message, as far as the HLO text carries it.

    >>> OpMetadata(op_name="jit(f)/add", source_line=3).to_text()
    'op_name="jit(f)/add" source_line=3'
    """

    op_type: str = ""
    op_name: str = ""
    source_file: str = ""
    source_line: int = 0
    source_end_line: int = 0
    source_column: int = 0
    source_end_column: int = 0
    profile_type: tuple[int, ...] = ()
    deduplicated_name: str = ""
    scheduling_name: str = ""
    stack_frame_id: int = 0
    metadata_payload: str = ""

    def to_text(self) -> str:
        """The attributes inside the braces, space separated, in XLA's order."""
        parts: list[str] = []
        for name in STRING_FIELDS:
            if value := getattr(self, name):
                parts.append(f'{name}="{c_escape(value)}"')
        for name in LINE_FIELDS:
            if value := getattr(self, name):
                parts.append(f"{name}={value}")
        if self.profile_type:
            parts.append("profile_type={" + ",".join(map(str, self.profile_type)) + "}")
        for name in TAIL_STRING_FIELDS:
            if value := getattr(self, name):
                parts.append(f'{name}="{c_escape(value)}"')
        if self.stack_frame_id:
            parts.append(f"stack_frame_id={self.stack_frame_id}")
        if self.metadata_payload:
            parts.append(f'metadata_payload="{c_escape(self.metadata_payload)}"')
        return " ".join(parts)

    def to_proto(self, proto_cls: Any) -> Any:
        """An ``xla.OpMetadata`` message of the generated class ``proto_cls``."""
        msg = proto_cls()
        for f in fields(self):
            value = getattr(self, f.name)
            if not value:
                continue
            if f.name == "profile_type":
                msg.profile_type.extend(value)
            elif f.name == "metadata_payload":
                _set_payload(msg, value)
            else:
                try:
                    setattr(msg, f.name, value)
                except UnicodeEncodeError:  # bytes from a C escape in HLO text (`\xe1`)
                    raise TranslateError(
                        f"metadata {f.name} holds bytes that are not UTF-8, which an OpMetadata string cannot hold"
                    ) from None
        return msg

    @staticmethod
    def from_proto(msg: Any) -> OpMetadata:
        """The text-visible part of an ``xla.OpMetadata`` message."""
        values: dict[str, Any] = {}
        for f in fields(OpMetadata):
            if f.name == "profile_type":
                values[f.name] = tuple(int(v) for v in msg.profile_type)
            elif f.name == "metadata_payload":
                values[f.name] = _get_payload(msg)
            elif hasattr(msg, f.name):
                values[f.name] = getattr(msg, f.name)
        return OpMetadata(**values)


def _set_payload(msg: Any, value: str) -> None:
    # The text shows the bytes of ``Payload.value`` as a string.
    msg.metadata_payload.value = value.encode("utf-8", "surrogateescape")


def _get_payload(msg: Any) -> str:
    if "metadata_payload" not in msg.DESCRIPTOR.fields_by_name or not msg.HasField("metadata_payload"):
        return ""
    return bytes(msg.metadata_payload.value).decode("utf-8", "surrogateescape")


_ESCAPES = {ord("\n"): "\\n", ord("\r"): "\\r", ord("\t"): "\\t", ord('"'): '\\"', ord("'"): "\\'", ord("\\"): "\\\\"}


def c_escape(text: str) -> str:
    """C-escape like absl::CEscape: the usual backslash escapes, other non-printable bytes as octal.

    >>> print(c_escape('say "hi"\\n'))
    say \\"hi\\"\\n
    """
    if text.isascii() and text.isprintable() and not any(c in text for c in "\"'\\"):
        return text  # the common case, without a walk over the bytes
    out: list[str] = []
    for byte in text.encode("utf-8", "surrogateescape"):
        if byte in _ESCAPES:
            out.append(_ESCAPES[byte])
        elif byte < 0x20 or byte >= 0x7F:
            out.append(f"\\{byte:03o}")
        else:
            out.append(chr(byte))
    return "".join(out)


_SIMPLE_UNESCAPES = {"a": 7, "b": 8, "f": 12, "n": 10, "r": 13, "t": 9, "v": 11, "\\": 92, "'": 39, '"': 34, "?": 63}


def c_unescape(body: str) -> str:
    """Undo C escapes (the body of a quoted HLO string). Raises ValueError on a bad escape."""
    if "\\" not in body:
        return body
    out = bytearray()
    i = 0
    while i < len(body):
        ch = body[i]
        if ch != "\\":
            out += ch.encode("utf-8", "surrogateescape")
            i += 1
            continue
        if i + 1 >= len(body):
            raise ValueError("string ends with a lone backslash")
        esc = body[i + 1]
        if esc in _SIMPLE_UNESCAPES:
            out.append(_SIMPLE_UNESCAPES[esc])
            i += 2
        elif esc in "01234567":
            j = i + 1
            while j < len(body) and j < i + 4 and body[j] in "01234567":
                j += 1
            value = int(body[i + 1 : j], 8)
            if value > 0xFF:
                raise ValueError(f"octal escape \\{body[i + 1 : j]} out of range")
            out.append(value)
            i = j
        elif esc == "x":
            j = i + 2
            while j < len(body) and body[j] in "0123456789abcdefABCDEF":  # all of them, as absl's CUnescape
                j += 1
            if j == i + 2:
                raise ValueError("\\x without hex digits")
            value = int(body[i + 2 : j], 16)
            if value > 0xFF:
                raise ValueError(f"hex escape \\x{body[i + 2 : j]} out of range")
            out.append(value)
            i = j
        elif esc in "uU":
            width = 4 if esc == "u" else 8
            digits = body[i + 2 : i + 2 + width]
            if len(digits) != width or any(c not in "0123456789abcdefABCDEF" for c in digits):
                raise ValueError(f"\\{esc} needs {width} hex digits")
            out += chr(int(digits, 16)).encode("utf-8")
            i += 2 + width
        else:
            raise ValueError(f"unknown escape \\{esc}")
    return out.decode("utf-8", "surrogateescape")
