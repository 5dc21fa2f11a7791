"""How an error reads on the CLI, for one input or a batch: naming its file, a bug as one line."""

from __future__ import annotations

import os
import traceback

from hlo_translate.errors import InternalError, TranslateError


def naming(err: TranslateError, source: str | None) -> TranslateError:
    """`err` naming `source` as its file, unless it already names a real one."""
    if source is not None and source != "-" and (err.location is None or err.location.file == "<input>"):
        return err.with_file(source)
    return err


def as_internal_error(err: BaseException) -> InternalError:
    """An unexpected exception as a one-line InternalError (the traceback with HLO_TRANSLATE_TRACEBACK=1)."""
    if os.environ.get("HLO_TRANSLATE_TRACEBACK"):
        traceback.print_exception(err)
    return InternalError(f"{type(err).__name__}: {err}".splitlines()[0] if str(err) else type(err).__name__)
