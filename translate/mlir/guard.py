"""Checks on MLIR input before jaxlib's parser sees it.

jaxlib's C++ parser trusts its input more than we may: deeply nested text overflows its stack
(SIGSEGV), integers of hundreds of digits make it hang, and malformed bytecode can abort the
process. These checks are cheap scans that refuse such inputs with a one-line TranslateError.

    >>> check_text("func.func @main() { return }")
    >>> check_text("x = " + "[" * 1000)
    Traceback (most recent call last):
    ...
    hlo_translate.errors.TranslateError: <input>:1:261: error: nesting deeper than 256 levels
"""

from __future__ import annotations

import functools
import io
import operator
import os
import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import compress, repeat

from jaxlib.mlir import ir
from jaxlib.mlir._mlir_libs import _stablehlo

from hlo_translate.errors import SourceLocation, TranslateError
from hlo_translate.mlir.bindings import BYTECODE_MAGIC, make_context, module_to_bytecode
from hlo_translate.mlir.locations import source_location

MAX_NESTING = 256  # programs from JAX/XLA nest a few dozen levels; MLIR's parser overflows at ~10,000
MAX_DIGITS = 64  # an i128 has 39 decimal digits; MLIR's parser hangs on integers of a few hundred
MAX_CONV_DIM = 1 << 12  # a convolution's spatial dimension number; StableHLO's parser loops up to it
_NUM_SECTIONS = 9  # string, dialect, attr/type, attr/type offsets, IR, resource, resource offsets,
#                    dialect versions, properties
_REQUIRED_SECTIONS = (0, 1, 2, 3, 4)
# Strings and comments are skipped whole; `->` is an arrow, not a closing angle bracket.
_CONV_DIMS = re.compile(rb"(?:dim_numbers\s*=\s*|#stablehlo\.conv<\s*)(\[[^\]\n]*\]x\[[^\]\n]*\]->\[[^\]\n]*\])")
_TOKEN = re.compile(rb'"(?:[^"\\\n]|\\.)*"|//[^\n]*|->|[(\[{<]|[)\]}>]|\d{%d,}' % (MAX_DIGITS + 1))
# The fast path: strings, comments and arrows blanked in one pass, then every bracket kept as `(` or `)`.
SKIPPED_TOKENS = re.compile(rb'"(?:[^"\\\n]|\\.)*"|//[^\n]*|->')
# Every digit as `0` (a digit itself): a long number is then a run of zeros that a substring search finds in C
# (a regular expression `\d{65,}` steps through Python's matcher at every digit, 8x slower on a 4 MB module).
_DIGITS_AS_ZERO = bytes.maketrans(b"123456789", b"000000000")
_LONG_ZEROS = b"0" * (MAX_DIGITS + 1)
# What `_CONV_DIMS` can match only after: most modules hold neither, and a substring search skips its scan.
_CONV_PREFIXES = (b"dim_numbers", b"#stablehlo.conv<")
_AS_PARENS = bytes.maketrans(b"[{<]}>", b"((()))")
# A location where an attribute value belongs (`x = loc(...)`, `[loc(...)]`, `x = #loc3` of `#loc3 = loc(...)`):
# it parses, but jaxlib's bindings cannot hand such an attribute to Python (a TypeError, or an abort when
# it happens inside a callback such as a DictAttr's entries). Elsewhere `loc(` follows a space, and `= loc(`
# only defines an alias. (A list of location aliases, `[#loc3]`, is not caught: `fused[#loc1, #loc2]` is legal.)
_LOC_IN_LIST = re.compile(rb"[\[,{<]\s*loc\(")
_LOC_AFTER_EQUALS = re.compile(rb"=\s*loc\(")
_ALIAS_DEFINITION = re.compile(rb"#[\w.$-]+\s*")
_LOC_ALIAS_DEFINITION = re.compile(rb"\n#[\w.$-]+\s*=\s*loc\(")  # searched in "\n" + text
_ALIAS_AS_VALUE = re.compile(rb"=\s*(#[\w.$-]+)\s*[,}\]>)]")
_NOT_BRACKETS = bytes(sorted(set(range(256)) - set(b"()[]{}<>")))
# A string whose escapes spell bytes that are not UTF-8 (text decoded as UTF-8 has no such bytes
# otherwise): jaxlib's bindings hand names to Python as str and abort the process on such a dictionary key
# or location file name (a symbol name or string value raises). Only an attribute's value may hold them
# (`backend_config = "\FF"`: HLO's backend_config is bytes); the exporter reads those as bytes.
_HIGH_ESCAPE = re.compile(rb"\\[89a-fA-F][0-9a-fA-F]")
_ESCAPE = re.compile(rb"\\([0-9a-fA-F]{2}|.)", re.S)
_ESCAPED = {b"n": b"\n", b"t": b"\t"}
# Every value token and what follows it: `=` (a definition: an op's result `%0 =`, `%0:2 =`, or a custom form's
# `%iterArg = %init`) or `:` (a function or block argument's type, or the type after an operand: told apart only
# when needed). A result list of several names (`%values, %indices = ...`) is first spelled with `=` for its commas
# (`_with_result_lists_as_definitions`), so that each of its names reads as a definition here.
_VALUE_NAME = re.compile(rb"%([\w$.\-]+)")
_VALUE_AFTER = re.compile(rb"%[\w$.\-]+((?:\s*:\s*\d+)?\s*=|\s*:(?!\s*\d))?")
# MLIR's `op-result-list ::= op-result (`,` op-result)* `=``, `op-result ::= value-id (`:` integer-literal)?`
_RESULT = rb"%[\w$.\-]+(?:\s*:\s*\d+)?"
_RESULT_LIST = re.compile(rb"%s(?:\s*,\s*%s)+\s*=" % (_RESULT, _RESULT))
_RESULT_LIST_HINT = re.compile(rb",\s*%s\s*=" % _RESULT)
# What may stand right before an op's result list: the end of the previous op or a region's or block's start; never
# `=`, `,` or `(` (`stablehlo.while(%i = %a, %j = %b)`: `%a, %j =` is no result list).
_NOT_BEFORE_RESULTS = frozenset(b"=,([")
# A value followed by `:` and a type (not `%0:2`, a result count): an argument, or the last operand of a list
# followed by the operands' types (`add %c, %v : t`); `_is_argument` tells which.
_TYPED_TOKEN = re.compile(rb"%[\w$.\-]+\s*:(?!\s*\d)")
_SPACE = b" \t\n\r\x0b\x0c"
_VALUE_CHARS = frozenset(b"$.-_#0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")


def check_text(text: str | bytes, source: str = "<input>") -> None:
    """Refuse MLIR text nested deeper than MAX_NESTING or with an integer longer than MAX_DIGITS (and the
    other inputs `_problems` names). Text with a forward reference to a value (legal MLIR, which no printer of
    StableHLO writes) is parsed in a child process first (`probe_text`): it reaches jaxlib's parser here only
    if it parses there."""
    data = text.encode() if isinstance(text, str) else text
    problem, forward = _problems(data)
    if problem is None and forward is not None:
        if not _can_probe():
            problem = forward
        else:
            probe_text(data, source)
    if problem is not None:
        raise TranslateError(problem[0], location=_at(data, problem[1], source))


def attribute_problem(text: str) -> str | None:
    """What `check_text` would refuse in an attribute's text (from an HLO attribute, say), or None. Text
    holding bytes that are not UTF-8 (an HLO proto's bytes field read with `surrogateescape`) is refused:
    MLIR's parser reads UTF-8 (fuzz seed 173: a typed-FFI backend_config)."""
    try:
        data = text.encode()
    except UnicodeEncodeError as err:
        return f"the text is not UTF-8 (at character {err.start})"
    problem = _problem(data)
    return None if problem is None else problem[0]


def _problem(data: bytes) -> tuple[str, int] | None:
    problem, forward = _problems(data)
    return problem if problem is not None else forward


def _problems(data: bytes) -> tuple[tuple[str, int] | None, tuple[str, int] | None]:
    """What jaxlib must never see in `data` (with its offset), and the first forward reference to a value
    (legal, but unsafe when the text fails to parse later on: see `_use_before_definition`)."""
    stripped = _stripped(data)
    problem = None if _surely_fine(stripped) else _token_problem(data)
    if problem is None and b"loc(" in stripped:
        problem = _location_as_value(stripped)
    if problem is not None:
        return problem, None
    forward = _use_before_definition(stripped) if b"%" in stripped else None
    conv_dims = _CONV_DIMS.finditer(data) if any(p in data for p in _CONV_PREFIXES) else ()
    for m in conv_dims:
        for number in re.finditer(rb"\d+", m.group(1)):
            if int(number.group()) >= MAX_CONV_DIM:
                return (
                    f"convolution spatial dimension {int(number.group())} is out of range",
                    m.start(1) + number.start(),
                ), None
    if _HIGH_ESCAPE.search(data):
        return _name_not_utf8(data), forward
    return None, forward


_AFTER_A_VALUE = (b",", b"}", b"]", b">", b")", b"")


def _name_not_utf8(data: bytes) -> tuple[str, int] | None:
    """The first string that is not UTF-8 once unescaped and is not an attribute's value (after `=`, before
    what ends a value: not an op's name in generic form, `%0 = "op"(`, nor a location's file name), with its
    offset."""
    for m in SKIPPED_TOKENS.finditer(data):
        literal = m.group()
        if not literal.startswith(b'"') or not _HIGH_ESCAPE.search(literal):
            continue
        try:
            string_bytes(literal).decode("utf-8")
            continue
        except UnicodeDecodeError:
            pass
        before = data[max(0, m.start() - 64) : m.start()].rstrip()[-1:]
        after = data[m.end() : m.end() + 64].lstrip()[:1]
        if before == b"=" and after in _AFTER_A_VALUE:
            continue  # an attribute's value: bytes are allowed there (not `%0 = "op"(`, `= "file":1:2`)
        return (
            "a name, key or location file name that is not UTF-8 (only an attribute's value may hold bytes)",
            m.start(),
        )
    return None


def check_module_strings(module_op: ir.Operation) -> None:
    """Refuse a module built elsewhere (an `ir.Module` the caller hands in: no text of it was checked) with a
    name, key or location file name that is not UTF-8, as `check_text` refuses one in text: asking jaxlib's
    bindings for such a dictionary key or file name aborts the process.

    Every string of a module is in its bytecode's string section: writing the bytecode (C++, about 1 us per
    op) and decoding that section proves the common case, all UTF-8, without a Python step per op. Otherwise
    the module's text (with locations) says whether a name holds the bytes or only a value may (allowed)."""
    data = module_to_bytecode(module_op)
    reader = _Reader(data, len(BYTECODE_MAGIC))
    reader.varint()  # version
    sections = _sections(reader)
    if 0 not in sections:
        return
    reader = _Reader(data, *sections[0])
    count = reader.varint()
    pos = _past_varints(data, reader.pos, count)  # the strings' lengths, then the strings
    try:
        data[pos : reader.end].decode("utf-8")
        return
    except UnicodeDecodeError:
        pass
    text = str(module_op.get_asm(enable_debug_info=True)).encode()  # a str (the stubs say object)
    problem = _name_not_utf8(text)
    if problem is not None:
        what, offset = problem
        line = text.count(b"\n", 0, offset) + 1
        snippet = text[offset : offset + 60].split(b"\n")[0].decode("utf-8", "replace")
        raise TranslateError(f"{what}: {snippet} (line {line} of the module's text)", location=SourceLocation())


def _past_varints(data: bytes, pos: int, count: int) -> int:
    """The offset after `count` PrefixVarInts from `pos` (most are one byte: an odd first byte)."""
    for _ in range(count):
        first = data[pos]
        pos += 1 if first & 1 else 9 if first == 0 else (first & -first).bit_length()
    return pos


def string_bytes(literal: bytes) -> bytes:
    """The bytes an MLIR string literal (quotes included) spells: `\\FF`, `\\n`, `\\t`, `\\"`, `\\\\` escapes."""

    def one(m: re.Match) -> bytes:
        code = m.group(1)
        return bytes((int(code, 16),)) if len(code) == 2 else _ESCAPED.get(code, code)

    return _ESCAPE.sub(one, literal[1:-1])


def _stripped(data: bytes) -> bytes:
    """`data` with its strings, comments and arrows as spaces of the same length (offsets stay the input's):
    what every check below reads."""
    return SKIPPED_TOKENS.sub(_blank, data)


def _surely_fine(stripped: bytes) -> bool:
    """True when `stripped` (see `_stripped`) has no long number and provably nests at most MAX_NESTING deep;
    otherwise the token scanner decides (and finds where). A few passes in C instead of one Python step per
    bracket.

    Removing every empty pair `()` at once takes one pass per level of the deepest matched nest; what stays
    is `)))...(((`. The depth at any point is at most the matched pairs around it (<= the passes) plus the
    openers never closed (the `(` left), so `passes + left <= MAX_NESTING` proves the limit holds.
    """
    if _LONG_ZEROS in stripped.translate(_DIGITS_AS_ZERO):
        return False
    brackets = stripped.translate(_AS_PARENS, _NOT_BRACKETS)
    passes = 0
    while b"()" in brackets:
        brackets = brackets.replace(b"()", b"")
        passes += 1
        if passes > MAX_NESTING:
            return False
    return passes + brackets.count(b"(") <= MAX_NESTING


def _blank(m: re.Match) -> bytes:
    """A string, comment or arrow as spaces of the same length (offsets stay those of the input)."""
    return b" " * len(m.group(0))


def _location_as_value(stripped: bytes) -> tuple[str, int] | None:
    """The first location used as an attribute value, with its offset (`stripped`: strings and comments
    blanked)."""
    m = _LOC_IN_LIST.search(stripped)
    if m:
        return "a location (loc) where an attribute value belongs", m.end() - 4
    if len(_LOC_AFTER_EQUALS.findall(stripped)) == len(_LOC_ALIAS_DEFINITION.findall(b"\n" + stripped)):
        equals: Iterable[re.Match[bytes]] = ()  # each `= loc(` defines an alias: no Python step per alias
    else:
        equals = _LOC_AFTER_EQUALS.finditer(stripped)
    for m in equals:
        if not _ALIAS_DEFINITION.fullmatch(stripped, stripped.rfind(b"\n", 0, m.start()) + 1, m.start()):
            return "a location (loc) where an attribute value belongs", m.end() - 4
    for m in _ALIAS_AS_VALUE.finditer(stripped):
        if re.search(rb"(?:^|\n)" + re.escape(m.group(1)) + rb"\s*=\s*loc\(", stripped):
            return f"location alias {m.group(1).decode()} where an attribute value belongs", m.start(1)
    return None


def _use_before_definition(stripped: bytes) -> tuple[str, int] | None:
    """The first value used before any definition of its name, when a later one exists (`stripped`: strings
    and comments blanked). MLIR's parser takes such a use as a forward reference, and a forward reference
    resolved in a region nested below it, followed by a syntax error, corrupts jaxlib's heap (a later parse
    then aborts the process): `check_text` has such text parsed in a child process first. A StableHLO function
    is one block, where no value is used before it is defined; a name with no definition at all is left to
    MLIR's own error.

    By token index, in C (findall, zip, map, compress: no Python step per token but one per argument). Each
    token is a definition when `=` follows it (`_with_result_lists_as_definitions` made each name of a result
    list one) or when it is an argument (`%a: t` after `(`, or after a `,` that follows no value)."""
    stripped = _with_result_lists_as_definitions(stripped)
    names = _VALUE_NAME.findall(stripped)
    after = _VALUE_AFTER.findall(stripped)
    count = len(names)
    defines = list(map(bytes.endswith, after, repeat(b"=")))
    typed = list(compress(range(count), map(bytes.endswith, after, repeat(b":"))))
    # One look back per typed token (a few per line), from its offset: a regular expression that matched what
    # stands before each typed token tried its alternatives at every `(` and `,` of the text, 5x slower.
    typed_starts = [m.start() for m in _TYPED_TOKEN.finditer(stripped)]
    if len(typed_starts) != len(typed):  # not expected (the two scans read the same tokens)
        starts = [m.start() for m in _VALUE_NAME.finditer(stripped)]
        typed_starts = [starts[i] for i in typed]
    arguments = [i for i, at in zip(typed, typed_starts) if _is_argument(stripped, at)]
    for i in arguments:
        defines[i] = True
    # A name is used early when its first token is no definition and a later one is. Whether each name's first
    # token defines it: a dict filled from the last token back (the first token's entry wins), read in C.
    first_defines = dict(zip(reversed(names), reversed(defines)))
    used_first = set(compress(first_defines, map(operator.not_, first_defines.values())))
    if used_first.isdisjoint(compress(names, defines)):
        return None
    first = dict(zip(reversed(names), range(count - 1, -1, -1)))  # the first index of each name wins
    first_definition = dict(
        zip(reversed(list(compress(names, defines))), reversed(list(compress(range(count), defines))))
    )
    early = [name for name, at in first_definition.items() if first[name] < at]
    name = min(early, key=first.__getitem__)
    use = re.search(rb"%" + re.escape(name) + rb"(?![\w$.\-])", stripped)
    assert use is not None
    return f"%{name.decode(errors='replace')} is used before its definition", use.start()


def _with_result_lists_as_definitions(stripped: bytes) -> bytes:
    """`stripped` with the commas of every op result list of several names (`%a, %b:2 = ...`) as `=` (same
    length): each name of the list then reads as a definition. A list of values followed by `=` is a result
    list only where an op begins: not after `=`, `,` or `(`, which a custom form's `(%i = %a, %j = %b)` has."""
    if _RESULT_LIST_HINT.search(stripped) is None:
        return stripped

    def as_definitions(m: re.Match) -> bytes:
        before = _last_before(stripped, m.start())
        if before >= 0 and stripped[before] in _NOT_BEFORE_RESULTS:
            return m.group()
        return m.group()[:-1].replace(b",", b"=") + b"="

    return _RESULT_LIST.sub(as_definitions, stripped)


def _is_argument(stripped: bytes, at: int) -> bool:
    """Whether the value token at `at`, followed by `:` and a type, defines an argument: a function's, a block's
    (`^bb0(%a: t, %b: t)`) or a region's in a custom form. Such a list holds `%name: type` entries only, so the
    token follows `(`, or a `,` after a type, attribute dictionary or location; a `,` after a value (`%0`,
    `%0#1`) makes it the last operand of a list followed by the operands' types (`stablehlo.add %c, %v : t`)."""
    at = _last_before(stripped, at)
    if at < 0 or stripped[at] not in b"(,":
        return False
    if stripped[at] == ord("("):
        return True
    end = _last_before(stripped, at)  # the last byte of what stands before the `,`
    start = end
    while start >= 0 and stripped[start] in _VALUE_CHARS:
        start -= 1
    return not (start >= 0 and start < end and stripped[start] == ord("%"))


def _last_before(data: bytes, at: int) -> int:
    """The offset of the last byte before `at` that is not white space (-1 if none); no copy of the text."""
    at -= 1
    while at >= 0 and data[at] in _SPACE:
        at -= 1
    return at


def _token_problem(data: bytes) -> tuple[str, int] | None:
    """The first nesting or number problem, token by token, with its offset."""
    depth = 0
    for m in _TOKEN.finditer(data):
        first = m.group(0)[:1]
        if first in b"([{<":
            depth += 1
            if depth > MAX_NESTING:
                return f"nesting deeper than {MAX_NESTING} levels", m.start()
        elif first in b")]}>":
            depth = max(0, depth - 1)
        elif first.isdigit():
            return f"number with more than {MAX_DIGITS} digits", m.start()
    return None


def _at(data: bytes, offset: int, source: str) -> SourceLocation:
    line_start = data.rfind(b"\n", 0, offset) + 1
    return SourceLocation(source, data.count(b"\n", 0, offset) + 1, offset - line_start + 1)


@dataclass
class _Reader:
    """MLIR bytecode primitives: PrefixVarInt, bytes, NUL-terminated strings; errors name the offset."""

    data: bytes
    pos: int = 0
    end: int = -1

    def __post_init__(self) -> None:
        if self.end < 0:
            self.end = len(self.data)

    def fail(self, what: str) -> TranslateError:
        return TranslateError(f"malformed MLIR bytecode: {what} (byte {self.pos})", location=SourceLocation())

    def byte(self) -> int:
        if self.pos >= self.end:
            raise self.fail("unexpected end")
        self.pos += 1
        return self.data[self.pos - 1]

    def varint(self) -> int:
        first = self.byte()
        if first & 1:
            return first >> 1
        extra = 8 if first == 0 else (first & -first).bit_length() - 1
        if self.pos + extra > self.end:
            raise self.fail("unexpected end")
        raw = int.from_bytes(bytes([first]) + self.data[self.pos : self.pos + extra], "little")
        self.pos += extra
        return raw >> 8 if first == 0 else raw >> (extra + 1)

    def cstring(self) -> bytes:
        nul = self.data.find(b"\0", self.pos, self.end)
        if nul < 0:
            raise self.fail("unterminated string")
        text, self.pos = self.data[self.pos : nul], nul + 1
        return text


@functools.cache
def bytecode_version() -> int:
    """The bytecode version this jaxlib writes (and the newest it reads)."""
    with make_context():
        buffer = io.BytesIO()
        ir.Module.create(ir.Location.unknown()).operation.write_bytecode(buffer)
    return _Reader(buffer.getvalue(), len(BYTECODE_MAGIC)).varint()


def check_bytecode(data: bytes) -> None:
    """Refuse bytecode whose header, version or section table is malformed, or whose string and
    offset tables claim more entries than their sections hold."""
    reader = _Reader(data, len(BYTECODE_MAGIC))
    version = reader.varint()
    if version > bytecode_version():
        raise reader.fail(f"version {version} is newer than this jaxlib reads ({bytecode_version()})")
    sections = _sections(reader)
    missing = [s for s in _REQUIRED_SECTIONS if s not in sections]
    if missing:
        raise reader.fail(f"missing section {missing[0]}")
    if (5 in sections) != (6 in sections):
        raise reader.fail("resource section without its offsets, or offsets without it")
    _check_string_section(_Reader(data, *sections[0]))


def _sections(reader: _Reader) -> dict[int, tuple[int, int]]:
    """The section table of bytecode (`reader` past the magic and version): id -> (start, end)."""
    data = reader.data
    reader.cstring()  # producer
    sections: dict[int, tuple[int, int]] = {}
    while reader.pos < reader.end:
        header = reader.byte()
        section_id, aligned = header & 0x7F, bool(header & 0x80)
        if section_id >= _NUM_SECTIONS or section_id in sections:
            raise reader.fail(f"unknown or repeated section {section_id}")
        length = reader.varint()
        if aligned:
            alignment = reader.varint()
            if alignment == 0 or alignment & (alignment - 1) or alignment > 4096:
                raise reader.fail(f"section alignment {alignment}")
            while reader.pos < reader.end and data[reader.pos] == 0xCB:
                reader.pos += 1
        if length > reader.end - reader.pos:
            raise reader.fail(f"section {section_id} is longer than the input")
        sections[section_id] = (reader.pos, reader.pos + length)
        reader.pos += length
    return sections


def _check_string_section(reader: _Reader) -> None:
    count = reader.varint()
    if count > reader.end - reader.pos:
        raise reader.fail(f"{count} strings in a section of {reader.end - reader.pos} bytes")
    total = sum(reader.varint() for _ in range(count))
    if total != reader.end - reader.pos:
        raise reader.fail("string lengths disagree with the string section's size")
    # Names and string attributes come back to Python as str: bytes that are not UTF-8 abort jaxlib's bindings
    try:
        reader.data[reader.pos : reader.end].decode("utf-8")
    except UnicodeDecodeError as err:
        reader.pos += err.start
        raise reader.fail("a string that is not UTF-8") from None


PROBE_SECONDS = 20  # a reader that has not finished by then is stuck in a loop on a corrupt count


def _can_probe() -> bool:
    import os

    return hasattr(os, "fork")


def probe_bytecode(data: bytes, *, portable: bool = False) -> None:
    """Parse bytecode once in a forked child before the real parse: MLIR's bytecode reader trusts
    counts and offsets inside sections, so a corrupt one can abort, corrupt memory or loop forever.

    The child parses in a fresh single-threaded context and exits; if it dies on a signal or runs
    past PROBE_SECONDS, the input is refused. Where `os.fork` does not exist, or the environment
    sets HLO_TRANSLATE_TRUST_BYTECODE=1 (bytecode from a trusted producer), nothing is probed.
    """
    import os

    if not _can_probe() or os.environ.get("HLO_TRANSLATE_TRUST_BYTECODE") == "1":
        return
    refusal, crash = _probe(data, portable)
    if crash is not None:
        raise TranslateError(f"malformed MLIR bytecode: MLIR's bytecode reader {crash}", location=SourceLocation())
    if refusal is not None:
        # The reader refused it: the real parse would say the same, and some refused inputs leave the
        # heap corrupted behind the error (glibc aborts later), so the parent never parses them itself.
        raise TranslateError(
            f"cannot read the MLIR bytecode: {refusal[0] or 'refused by the reader'}", location=SourceLocation()
        )


def probe_text(data: bytes, source: str = "<input>") -> None:
    """Parse MLIR text with a forward reference to a value in a forked child before the real parse: a forward
    reference resolved in a region nested below it, then a syntax error, corrupts jaxlib's heap (fuzz seed 59).
    Text the child parses and verifies passes; otherwise the child's first diagnostic is the refusal, and this
    process never parses the text."""
    refusal, crash = _probe(data, False)
    if crash is not None:
        raise TranslateError(f"MLIR's parser {crash}", location=SourceLocation(source))
    if refusal is not None:
        message, where = refusal
        raise TranslateError(
            message or "refused by MLIR's parser",
            location=source_location(where, unnamed=source) or SourceLocation(source),
        )


def _probe(data: bytes, portable: bool) -> tuple[tuple[str, str] | None, str | None]:
    """Parse `data` in a forked child: (its refusal: first diagnostic and its location, or None; how it
    died: a crash or a hang, or None). The child touches only MLIR, never XLA's runtime, so the warnings
    about forking a process with JAX's threads do not apply and are silenced."""
    import gc
    import os
    import signal
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        warnings.filterwarnings("ignore", message=r"os\.fork\(\) was called", category=RuntimeWarning)
        read_end, write_end = os.pipe()
        pid = os.fork()
    if pid == 0:  # the child: never returns, never runs the parent's cleanup
        # Never collect cycles in the child: they are the parent's objects (MLIR values of its
        # contexts, JAX's state), which the child must not destroy.
        gc.disable()
        os.close(read_end)
        code = 0
        try:
            signal.alarm(PROBE_SECONDS)
            _parse_alone(data, portable)
        except BaseException as err:  # reported to the parent as its first line
            code = 1
            os.write(write_end, _first_line(err).encode("utf-8", "replace")[:4000])
        os._exit(code)
    os.close(write_end)
    with os.fdopen(read_end, "rb") as pipe:
        refusal = pipe.read().decode("utf-8", "replace")
    _, status = os.waitpid(pid, 0)
    if os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        return None, (
            f"did not finish within {PROBE_SECONDS} s"
            if sig == signal.SIGALRM
            else f"crashed on it ({signal.Signals(sig).name})"
        )
    if os.WIFEXITED(status) and os.WEXITSTATUS(status) == 1:
        message, _, where = refusal.partition("\n")
        return (message, where), None
    return None, None


def _first_line(err: BaseException) -> str:
    """The first diagnostic of an MLIR error and, on a second line, its location; or the first line of
    another exception."""
    diagnostics = getattr(err, "error_diagnostics", None) or []
    if diagnostics:
        return diagnostics[0].message.splitlines()[0] + "\n" + str(diagnostics[0].location)
    message = str(err).strip()
    return message.splitlines()[0] if message else type(err).__name__


def _parse_alone(data: bytes, portable: bool) -> None:
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 2)  # the reader's own complaints are the real parse's to report
    sys.stderr = open(os.devnull, "w")
    context = make_context()
    context.enable_multithreading(False)
    with context:
        if portable:  # a StableHLO portable artifact (VHLO), read by StableHLO's deserializer
            module = _stablehlo.deserialize_portable_artifact(context, data)
        else:
            module = ir.Module.parse(data)
        module.operation.verify()
    # Corrupt bytecode can leave the heap damaged without crashing the parse itself: free what was
    # parsed here (by reference count), so that the allocator's own checks (double free, corrupted
    # chunk) abort the child.
    del module
    del context
