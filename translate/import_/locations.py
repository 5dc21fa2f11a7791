"""HLO instruction names and metadata → MLIR locations.

Every op is located by a NameLoc holding the HLO instruction's name, so that HLO → StableHLO → HLO
keeps the names (the exporter reuses a NameLoc name that is unique in the module). The metadata, if
any, is the child of that NameLoc, in the form XLA's importer gives it:

    add.3 = f32[] add(x, y)                                          loc("add.3")
    add.3 = ..., metadata={op_name="jit(f)/add"}                     loc("add.3"("jit(f)/add"))
    add.3 = ..., metadata={op_name="jit(f)/add" source_file="m.py" source_line=4}
                                                                     loc("add.3"("jit(f)/add"("m.py":4:0)))
    add.3 = ..., metadata={source_file="m.py" source_line=4}        loc("add.3"(""("m.py":4:0)))

A NameLoc directly inside the instruction's NameLoc always holds the op_name (empty: none), so the
exporter can tell the two apart (docs/import.md, "Names and metadata"). When one instruction becomes
several ops, only the op standing for it (the last one built) has the name; the helper ops get
`loc(""(<metadata>))` (an empty name: no instruction name, same metadata), or no location.
"""

from __future__ import annotations

from jaxlib.mlir import ir

from hlo_translate.errors import TranslateError
from hlo_translate.hlo.ir import HloInstruction


def metadata_location(instr: HloInstruction) -> ir.Location | None:
    """The location of `instr`'s metadata alone (None when it has no op_name and no source)."""
    meta = instr.metadata
    if meta is None:
        return None
    return _metadata_location(meta.op_name, meta.source_file, meta.source_line, meta.source_column)


def _metadata_location(op_name: str, source_file: str, source_line: int, source_column: int) -> ir.Location | None:
    for field, text in (("op_name", op_name), ("source_file", source_file)):
        # a C escape in HLO text (`\xe1`) may leave bytes that are no UTF-8, which MLIR's names refuse
        # (and XLA cannot write to its proto either)
        if not text.isascii() and not _is_utf8(text):
            raw = text.encode("utf-8", "surrogateescape")
            raise TranslateError(f"metadata {field} is not valid UTF-8: {raw!r:.60}")
    if source_file:
        child = ir.Location.file(source_file, source_line, source_column)
        return ir.Location.name(op_name, childLoc=child)
    if op_name:
        return ir.Location.name(op_name)
    return None


def _is_utf8(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def location_of(instr: HloInstruction) -> ir.Location:
    """`loc("<instruction name>"(<metadata>))`, see the module docstring."""
    child = metadata_location(instr)
    if child is None:
        return ir.Location.name(instr.name)
    return ir.Location.name(instr.name, childLoc=child)


def auxiliary_location(instr: HloInstruction) -> ir.Location:
    """The location of a helper op built for `instr`: its metadata without its name."""
    child = metadata_location(instr)
    if child is None:
        return ir.Location.unknown()
    return ir.Location.name("", childLoc=child)


class LocationCache:
    """`location_of` and `auxiliary_location` for one import, in one context: instructions share their
    metadata (one JAX line gives many instructions), so each distinct metadata location is built once
    through the bindings, not once per instruction. Dropped with the importer (and so with its context)."""

    def __init__(self) -> None:
        self._metadata: dict[tuple[str, str, int, int], ir.Location | None] = {}

    def metadata(self, instr: HloInstruction) -> ir.Location | None:
        meta = instr.attributes.get("metadata")
        if meta is None:
            return None
        key = (meta.op_name, meta.source_file, meta.source_line, meta.source_column)
        try:
            return self._metadata[key]
        except KeyError:
            try:
                location = self._metadata[key] = _metadata_location(*key)
            except TranslateError as err:
                raise TranslateError(err.message, op=instr.name) from None
            return location

    def of(self, instr: HloInstruction) -> ir.Location:
        """`location_of(instr)`."""
        child = self.metadata(instr)
        if child is None:
            return ir.Location.name(instr.name)
        return ir.Location.name(instr.name, childLoc=child)

    def auxiliary(self, instr: HloInstruction) -> ir.Location:
        """`auxiliary_location(instr)`."""
        child = self.metadata(instr)
        if child is None:
            return ir.Location.unknown()
        return ir.Location.name("", childLoc=child)
