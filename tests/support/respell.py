"""Re-spell MLIR text with named multi-results: `%0:2 = op` becomes `%r0_0, %r0_1 = op` and each use `%0#1`
becomes `%r0_1`.

Another spelling of the same program by MLIR's grammar (`op-result-list ::= op-result (`,` op-result)* `=``,
`op-result ::= value-id (`:` integer-literal)?`): the tests hold that jaxlib's parser reads both to the same
module and that the converter gives the same HLO for both.

    >>> respell('%0:2 = "op"() : () -> (i32, i32)\\n"use"(%0#1, %0#0) : (i32, i32) -> ()')
    '%r0_0, %r0_1 = "op"() : () -> (i32, i32)\\n"use"(%r0_1, %r0_0) : (i32, i32) -> ()'

Strings and comments are copied as they stand. Names are mapped by spelling, not by scope (printers number
values from %0 in each function): `%0#1` is `%r0_1` wherever it stands. A bare `%0` is left alone (printers
write `%0#i` for a result of a group; a bare one is another function's one-result `%0`). A text that already
holds a name of the new form is refused (ValueError).
"""

from __future__ import annotations

import re

# A string literal (escapes included), a comment, or a value token: `%name`, `%name:K` before `=`, `%name#i`.
_TOKEN = re.compile(rb'"(?:[^"\\]|\\.)*"|//[^\n]*|%([\w$.\-]+)(?:(\s*:\s*(\d+)(?=\s*[=,]))|#(\d+))?')
_PREFIX = "r"


def respell(text: str) -> str:
    """`text` with every `%x:K` result group (K > 1) spelled as K named results, and its uses renamed."""
    data = text.encode()
    groups = {m.group(1) for m in _TOKEN.finditer(data) if m.group(3) is not None and int(m.group(3)) > 1}
    taken = {m.group(1) for m in _TOKEN.finditer(data) if m.group(1) is not None}
    clash = sorted(name for name in taken if re.fullmatch(_PREFIX.encode() + rb".+_\d+", name))
    if groups and clash:
        raise ValueError(f"the text already holds %{clash[0].decode()}")

    def one(m: re.Match) -> bytes:
        name = m.group(1)
        if name is None or name not in groups:
            return m.group()
        if m.group(3) is not None:  # the definition (a group of one result, `%0:1`, stays as it is)
            count = int(m.group(3))
            return b", ".join(b"%" + _new_name(name, i) for i in range(count)) if count > 1 else m.group()
        if m.group(4) is not None:  # one result
            return b"%" + _new_name(name, int(m.group(4)))
        return m.group()  # `%0` of a one-result op in another function (printers write `%0#i` for groups)

    return _TOKEN.sub(one, data).decode()


def _new_name(name: bytes, index: int) -> bytes:
    return _PREFIX.encode() + name + b"_" + str(index).encode()


def multi_result_count(text: str) -> int:
    """How many `%x:K` result groups with K > 1 `text` defines (0: re-spelling changes nothing)."""
    return sum(1 for m in _TOKEN.finditer(text.encode()) if m.group(3) is not None and int(m.group(3)) > 1)
