"""The one exception type for user-facing failures."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class SourceLocation:
    """Where in an input a problem sits (1-based line and column)."""

    file: str = "<input>"
    line: int | None = None
    column: int | None = None

    def __str__(self) -> str:
        parts = [self.file]
        if self.line is not None:
            parts.append(str(self.line))
            if self.column is not None:
                parts.append(str(self.column))
        return ":".join(parts)


class TranslateError(Exception):
    """A problem with the user's input: malformed text, an unsupported op, inconsistent attributes.

    `str(err)` is one line: ``file:line:col: error: [op] message``.
    """

    def __init__(self, message: str, *, op: str | None = None, location: SourceLocation | None = None):
        super().__init__(message)
        self.message = message
        self.op = op
        self.location = location

    def with_file(self, file: str) -> TranslateError:
        """The same error, naming `file` as the input it came from."""
        loc = self.location or SourceLocation()
        return TranslateError(self.message, op=self.op, location=SourceLocation(file, loc.line, loc.column))

    def __str__(self) -> str:
        where = f"{self.location}: " if self.location else ""
        what = f"'{self.op}': " if self.op else ""
        return f"{where}error: {what}{self.message}".replace("\n", " ")


class InternalError(TranslateError):
    """A broken invariant inside hlo-translate (a bug, not a problem with the input).

    The CLI reports it as an internal error with exit status 1 and asks for a report.
    """

    def with_file(self, file: str) -> InternalError:
        loc = self.location or SourceLocation()
        return InternalError(self.message, op=self.op, location=SourceLocation(file, loc.line, loc.column))

    def __str__(self) -> str:
        where = f"{self.location}: " if self.location else ""
        what = f"'{self.op}': " if self.op else ""
        return (
            f"{where}internal error: {what}{self.message} (a bug in hlo-translate; please report it with the input)"
        ).replace("\n", " ")


class ArgumentError(TranslateError):
    """An argument a public function does not take (a wrong type or value): the caller's misuse.

    The public functions check their arguments up front and raise one of the two kinds below, which are
    also Python's own TypeError and ValueError, so `except ValueError` keeps working for callers.
    """


class ArgumentTypeError(ArgumentError, TypeError):
    """An argument of a type the public function does not take."""


class ArgumentValueError(ArgumentError, ValueError):
    """An argument of the right type with a value the public function does not take."""


def public_api[**P, R](fn: Callable[P, R]) -> Callable[P, R]:
    """Keep the promise of a public function: only TranslateError leaves it.

    An ArgumentError (raised by the function's own up-front checks) passes as it is. Any other
    TranslateError is about the input and gets the input's location (`<input>`) when it has none. Any
    other exception is a bug of ours and becomes an InternalError (the original as its `__cause__`, for
    the traceback).
    """

    @functools.wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return fn(*args, **kwargs)
        except ArgumentError:
            raise
        except TranslateError as err:
            if err.location is None:
                err.location = SourceLocation()
            raise
        except Exception as err:  # anything else is our bug, reported as one
            raise _internal(err) from err

    return wrapper


def _internal(err: Exception) -> InternalError:
    message = f"{type(err).__name__}: {str(err).splitlines()[0] if str(err) else ''}".rstrip(": ")
    return InternalError(message[:500], location=SourceLocation())
