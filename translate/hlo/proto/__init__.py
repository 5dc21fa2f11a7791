"""HloModuleProto: the reader and writer (our schema in `proto/`, wire-compatible with XLA's), the proto forms
of shapes and literals, and the wrappers (HloProto, HloSnapshot, ...) a module may come in.

The names load lazily (`hlo_translate.lazy`): writing a proto needs no reader, and literals need numpy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hlo_translate.lazy import lazy_exports

if TYPE_CHECKING:
    from hlo_translate.hlo.proto.literal import literal_from_proto, literal_to_proto
    from hlo_translate.hlo.proto.reader import module_from_proto, module_from_proto_bytes, module_from_proto_text
    from hlo_translate.hlo.proto.shapes import shape_from_proto, shape_to_proto
    from hlo_translate.hlo.proto.wrappers import HloProtoKind, unwrap_module_proto
    from hlo_translate.hlo.proto.writer import module_to_proto, module_to_proto_bytes, module_to_proto_text

__all__ = [
    "module_from_proto",
    "module_from_proto_bytes",
    "module_from_proto_text",
    "module_to_proto",
    "module_to_proto_bytes",
    "module_to_proto_text",
    "shape_to_proto",
    "shape_from_proto",
    "literal_to_proto",
    "literal_from_proto",
    "HloProtoKind",
    "unwrap_module_proto",
]

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "literal": ("literal_from_proto", "literal_to_proto"),
        "reader": ("module_from_proto", "module_from_proto_bytes", "module_from_proto_text"),
        "shapes": ("shape_from_proto", "shape_to_proto"),
        "wrappers": ("HloProtoKind", "unwrap_module_proto"),
        "writer": ("module_to_proto", "module_to_proto_bytes", "module_to_proto_text"),
    },
)
