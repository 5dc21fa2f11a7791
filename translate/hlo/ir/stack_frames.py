"""The module's stack frame table (`HloModule.stack_frames`): file and function names, source locations, and
frames that chain them; an instruction's `metadata={stack_frame_id=N}` names frame N (1-based).

HLO text prints it in four sections (`FileNames`, `FunctionNames`, `FileLocations`, `StackFrames`), the proto as
`StackFrameIndexProto`; both are views of this data.
"""

from __future__ import annotations

from dataclasses import dataclass

# The sections of the table, in the order XLA prints them (their names are keywords of XLA's lexer).
STACK_FRAME_SECTIONS = ("FileNames", "FunctionNames", "FileLocations", "StackFrames")


@dataclass(frozen=True, slots=True)
class FileLocation:
    """A source range; `file_name_id` and `function_name_id` number the names from 1."""

    file_name_id: int
    function_name_id: int
    line: int
    end_line: int
    column: int
    end_column: int


FILE_LOCATION_FIELDS = frozenset(FileLocation.__dataclass_fields__)


@dataclass(frozen=True, slots=True)
class StackFrame:
    """A location and the frame that called it. `parent_frame_id` as the proto holds it (HLO text prints it one
    higher)."""

    file_location_id: int
    parent_frame_id: int


STACK_FRAME_FIELDS = frozenset(StackFrame.__dataclass_fields__)


@dataclass(frozen=True, slots=True)
class StackFrameIndex:
    file_names: tuple[str, ...] = ()
    function_names: tuple[str, ...] = ()
    file_locations: tuple[FileLocation, ...] = ()
    stack_frames: tuple[StackFrame, ...] = ()
