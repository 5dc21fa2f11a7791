"""What one fuzz case can end in, and how a failure is named so that equal bugs count once."""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Outcome(enum.Enum):
    OK = "ok"
    ERROR = "error"  # a TranslateError with a location: the expected answer to bad input
    INTERNAL = "internal"  # an InternalError: a bug we caught ourselves
    RAW = "raw"  # any other exception left a public function
    UNLOCATED = "unlocated"  # a TranslateError without a location
    CLI = "cli"  # the CLI printed something other than one `file:line:col: error: ...` line, or exit 1
    CRASH = "crash"  # the worker died (abort, segfault, LLVM ERROR)
    HANG = "hang"  # the worker did not answer within the time limit
    ACCEPTED_INVALID = "accepted-invalid"  # we accepted an HLO input that XLA rejects (tests.fuzz.oracle)
    REJECTED_VALID = "rejected-valid"  # we refused (TranslateError) an HLO input that XLA accepts: not a bug
    SPELLING = "spelling"  # a valid MLIR spelling converts otherwise than jaxlib's print of it (or is refused)

    @property
    def is_bug(self) -> bool:
        return self not in (Outcome.OK, Outcome.ERROR, Outcome.REJECTED_VALID)


@dataclass(frozen=True)
class Result:
    """The outcome of one case; `signature` identifies the bug (empty for ok/error)."""

    outcome: Outcome
    signature: str = ""
    message: str = ""
    refusal: tuple[str, str] = ("", "")  # an ERROR's (rule, opcode) where our verifier refused the input
    read_back: bool = False  # an ERROR of write_hlo's reading back what we wrote (the input itself was read)
