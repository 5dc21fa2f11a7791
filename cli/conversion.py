"""What a converting verb does to one file, shared by its single-file and batch modes.

Apart from `cli.batch` so that converting one file never imports multiprocessing (start-up is most of
the cost of a small module).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from hlo_translate.cli.sniff import InputKind

Convert = Callable[[bytes], bytes | str]


@dataclass(frozen=True)
class Conversion:
    """What a verb does to one file: the kind of module it reads, the function, the output suffix."""

    kind: InputKind
    convert: Convert
    suffix: str
    binary: bool = False  # the output is not text (refused on a terminal unless `-o -`)
