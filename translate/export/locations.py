"""MLIR locations -> HLO `metadata` (op_name, source_file, source_line); `mlir/locations.py` reads them."""

from __future__ import annotations

from functools import lru_cache

from hlo_translate.hlo.ir import OpMetadata
from hlo_translate.mlir.locations import LocationInfo


def metadata(info: LocationInfo) -> OpMetadata | None:
    """The op_name and source file and line of a location as HLO metadata (None when there is neither)."""
    if not (info.op_name or info.file):
        return None
    return _metadata(info.op_name or "", info.file or "", info.line or 0)


@lru_cache(maxsize=1 << 16)
def _metadata(op_name: str, source_file: str, source_line: int) -> OpMetadata:
    """One record per distinct location, shared by its ops (a record is immutable): a module has few
    (one per source line) and the printer and the proto writer make each one's text or bytes once."""
    return OpMetadata(op_name=op_name, source_file=source_file, source_line=source_line)
