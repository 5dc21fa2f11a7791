"""The module's stack frame table (`HloModule.stack_frames`): its four sections, as HLO text names them."""

from __future__ import annotations

# The sections of the table, in the order XLA prints them (their names are keywords of XLA's lexer).
STACK_FRAME_SECTIONS = ("FileNames", "FunctionNames", "FileLocations", "StackFrames")
