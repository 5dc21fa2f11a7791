"""HLO metadata → MLIR locations.

An instruction with `metadata={op_name=... source_file=... source_line=...}` gets
`loc("op_name"("file":line:column))`; one without gets `loc("instruction name")`, as XLA's importer does.
"""

from __future__ import annotations

from jaxlib.mlir import ir

from translate.hlo.ir import HloInstruction


def location_of(instr: HloInstruction) -> ir.Location:
    meta = instr.metadata
    op_name = meta.get("op_name") if meta is not None else None
    source_file = meta.get("source_file") if meta is not None else None
    if source_file:
        child = ir.Location.file(str(source_file), int(meta.get("source_line", 0) or 0),
                                 int(meta.get("source_column", 0) or 0))
        return ir.Location.name(str(op_name or instr.name), childLoc=child)
    return ir.Location.name(str(op_name or instr.name))
