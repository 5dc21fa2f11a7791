"""The HLO text cursor: XLA's lexer rules (spaces and comments, names, balanced values, attribute lists,
shapes) under the HLO parser."""

from __future__ import annotations

import re

from hlo_translate.errors import SourceLocation, TranslateError
from hlo_translate.hlo.ir import (
    FILE_LOCATION_FIELDS,
    STACK_FRAME_FIELDS,
    STACK_FRAME_SECTIONS,
    FileLocation,
    Shape,
    StackFrame,
    StackFrameIndex,
)
from hlo_translate.hlo.text.attributes import (
    RESERVED_BARE_NAMES,
    STRING_RE,
    TYPE_NAMES,
    parse_string,
)
from hlo_translate.hlo.text.shapes import ShapeReader

SPACE_RE = re.compile(r"(?:[ \t\n\r]|/\*.*?\*/|//[^\n]*)*", re.S)  # XLA's lexer skips these four alone
NAME_RE = re.compile(r"%?([A-Za-z_][A-Za-z0-9_.\-]*)")
OPCODE_RE = re.compile(r"\s([a-z][a-z0-9\-]*)\(")
BARE_OPCODE_RE = re.compile(r"([a-z][a-z0-9\-]*)\(")  # an instruction whose shape XLA infers
# an opcode and its '(' as XLA's lexer reads them, two tokens with space (comments too) between (rare)
SPACED_OPCODE_RE = re.compile(r"([a-z][a-z0-9\-]*)" + SPACE_RE.pattern + r"\(", re.S)
# A computation's head as most are written, `ENTRY main.5 {` or `region_0.1 {`: `ENTRY`, `%`, the name (which
# must not be a keyword without its `%`: the caller checks); any other spelling is read token by token.
COMPUTATION_HEAD_RE = re.compile(r"(ENTRY[ \t]+)?(%?)([A-Za-z_][A-Za-z0-9_.\-]*)[ \t]*\{")
# A computation's closing brace with no attribute after it: the space XLA's lexer skips (no comment) up to
# what starts no attribute list, as `attributes` would find it.
COMPUTATION_END_RE = re.compile(r"\}[ \t\n\r]*(?=[^,/ \t\n\r]|\Z)")
INDEX_RE = re.compile(r"\d+")
PARAMETER_NUMBER_RE = re.compile(r"\d+")
_ATTR_NAME_RE = re.compile(r"([A-Za-z_][A-Za-z0-9_.\-]*)\s*=")
_STOP_CHARS = re.compile(r'[,(){}\[\]"/]')
_LINE_END_RE = re.compile(r"[ \t\r]*(?:\n|\Z)")
_NEXT_INSTRUCTION_RE = re.compile(r"[ \t\r]+(?:ROOT[ \t\r]|%?[A-Za-z_][\w.\-]*[ \t\r]*=[^=])")
# Space that Python's `\s` and str.strip() take and XLA's lexer does not (vertical tab, form feed, Unicode
# spaces): outside strings and comments XLA's parser refuses it, also inside attribute values that our
# parsers read with regular expressions. `_SPACE_CHECK` finds the first one that is not inside either.
ODD_SPACE_RE = re.compile(r"[^\S \t\n\r]")
_ASCII_ODD_SPACES = "\x0b\x0c\x1c\x1d\x1e\x1f"  # the ASCII characters ODD_SPACE_RE finds
_ODD_SPACE_CHECK = re.compile(r'"(?:[^"\\]|\\.)*"|/\*.*?\*/|//[^\n]*|([^\S \t\n\r])', re.S)
# The module header attributes jaxlib 0.12's parser accepts (it refuses any other).
MODULE_ATTRIBUTES = frozenset(
    {
        "alias_passthrough_params",
        "allow_spmd_sharding_propagation_to_output",
        "allow_spmd_sharding_propagation_to_parameters",
        "backend_config",
        "buffer_donor",
        "debug_attributes",
        "entry_computation_layout",
        "frontend_attributes",
        "input_output_alias",
        "is_scheduled",
        "num_partitions",
        "origin_recovery_table",
        "replica_count",
    }
)
# The element type names XLA refuses as instruction names (it takes `tuple`, `invalid` and `buffer`).
STACK_SECTIONS = STACK_FRAME_SECTIONS
# The fields each entry of a stack frame table section must have (XLA's parser wants all, once each);
# None: the entry is a quoted string.
STACK_FIELDS: dict[str, frozenset[str] | None] = {
    "FileNames": None,
    "FunctionNames": None,
    "FileLocations": FILE_LOCATION_FIELDS,
    "StackFrames": STACK_FRAME_FIELDS,
}
STACK_ENTRY_RE = re.compile(r"[ \t\r\n]*(\d+)[ \t]+([^\n]*)")  # (blank lines between entries too)
STACK_STRING_RE = re.compile(r'"(?:[^"\\]|\\.)*"\s*')
STACK_RECORD_RE = re.compile(r"\{((?:\s*[A-Za-z_]\w*=-?\d+\s*,?)*)\s*\}\s*")
# One attribute of a plain line whose value is plain: a braced value without nested braces, quotes or
# parentheses (`{1,2}`, `{[0:4:1]}`, `{size=3 stride=2}`), or an unbraced one without brackets or quotes
# (`LT`, `region_0.1`, `0_0x1_1`), followed on its line by ',' or nothing. Read as `balanced` reads it.
_ATTR_NAME = r"[A-Za-z_][A-Za-z0-9_.\-]*"
_ATTR_VALUE = r'\{(?:[^{}\[\]()\n"/]|\[[^{}\[\]()\n"/]*\])*\}|[^\n,(){}\[\]"\s/][^\n,(){}\[\]"/]*'


def _plain_attribute(name: str, value: str) -> str:
    """The pattern of one such attribute, with `name` and `value` (groups or not) in their places."""
    return rf",[ \t]*{name}=[ \t]*{value}(?=[ \t]*(?:,|\n|\Z))"


PLAIN_ATTR_RE = re.compile(_plain_attribute(f"({_ATTR_NAME})", f"({_ATTR_VALUE})"))
# The end of an instruction's attributes: space (no comment) up to a character that is not ','.
_NO_MORE_ATTRIBUTES = r"\s*(?=[^,/\s])|\s*\Z"
NO_MORE_ATTRIBUTES_RE = re.compile(_NO_MORE_ATTRIBUTES)
# One plain instruction line: ROOT?, name, '=', a shape (no '=' or newline in it), the opcode, and an
# argument list without parentheses (plain operand names, or a parameter number). An array shape without
# spaces (`f32[8,64]{1,0}`, most) is tried first, in one step: it holds no space, so the shortest shape the
# second form finds (character by character) is never shorter, and the match is the same. Last, where the
# line has no attributes, what NO_MORE_ATTRIBUTES_RE finds after it (group 6); else, where all of them are
# plain, their text (group 7: `, dimensions={0}`, which reads the same wherever it is written) and what
# NO_MORE_ATTRIBUTES_RE finds after it, to the match's end. Neither: the match ends at the ')'.
PLAIN_RE = re.compile(
    r"(ROOT[ \t]+)?%?([A-Za-z_][A-Za-z0-9_.\-]*)[ \t]+=[ \t]*"
    r"([a-z][a-z0-9]*\[[0-9,]*\](?:\{[0-9,]*\})?|[^\n=\s][^\n=]*?)[ \t]+"
    r"([a-z][a-z0-9\-]*)\(([^()\n#\[{\"/]*)\)"
    rf"(?:({_NO_MORE_ATTRIBUTES})|((?:{_plain_attribute(_ATTR_NAME, f'(?:{_ATTR_VALUE})')})+)"
    rf"(?:{_NO_MORE_ATTRIBUTES}))?"
)


def has_odd_space(text: str) -> bool:
    """Whether ODD_SPACE_RE finds a character in `text`: in ASCII text (known in O(1)) one memchr scan per
    character it can find, a fraction of the pattern's scan of every character (12 ms on a 3 MB module)."""
    if text.isascii():
        return any(char in text for char in _ASCII_ODD_SPACES)
    return ODD_SPACE_RE.search(text) is not None


class Lexer:
    """A position in HLO text and the reads every part of the grammar shares."""

    text: str
    pos: int
    shape_cache: dict[str, Shape]
    odd_spaces: bool

    # -- cursor ---------------------------------------------------------------------------------

    def error(self, message: str, pos: int | None = None, op: str | None = None) -> TranslateError:
        pos = self.pos if pos is None else pos
        line = self.text.count("\n", 0, pos) + 1
        column = pos - (self.text.rfind("\n", 0, pos) + 1) + 1
        return TranslateError(message, op=op, location=SourceLocation(line=line, column=column))

    def skip(self) -> None:
        self.pos = SPACE_RE.match(self.text, self.pos).end()  # type: ignore[union-attr]  # (matches empty text)

    def peek(self, token: str) -> bool:
        # (skip, inlined: called per token; the pattern matches empty text, so never None)
        self.pos = pos = SPACE_RE.match(self.text, self.pos).end()  # type: ignore[union-attr]
        return self.text.startswith(token, pos)

    def accept(self, token: str) -> bool:
        if self.peek(token):
            self.pos += len(token)
            return True
        return False

    def expect(self, token: str, what: str = "") -> None:
        if not self.accept(token):
            found = self.text[self.pos : self.pos + 20].split("\n")[0] or "end of input"
            raise self.error(f"expected '{token}'{what}, found '{found}'")

    def _bare_colon(self, m: re.Match[str]) -> bool:
        """Whether name match `m` is a `name:` token (no `%`, a colon right after it)."""
        return self.text.startswith(":", m.end()) and not self.text.startswith("%", m.start())

    def name(self, what: str = "a name") -> str:
        """A name token: `%name`, a bare `name:` (even `f32:` or `ENTRY:`), or a bare name that is no keyword
        (XLA's lexer reads a bare keyword or `name=` as other tokens)."""
        self.skip()
        m = NAME_RE.match(self.text, self.pos)
        if not m:
            raise self.error(f"expected {what}")
        if self._bare_colon(m):
            self.pos = m.end() + 1
            return m.group(1)
        self.check_bare_name(m, what)
        self.pos = m.end()
        return m.group(1)

    def check_bare_name(self, m: re.Match, what: str) -> None:
        """XLA's lexer reads a name without `%` that is a keyword (`true`, `ROOT`, `f32`, `FileNames`) as that
        keyword, and one followed by '=' as an attribute name: neither is a name to its parser."""
        if self.text.startswith("%", m.start()):
            return
        if m.group(1) in RESERVED_BARE_NAMES:
            raise self.error(
                f"expected {what}, found the keyword '{m.group(1)}' (a name spelled so needs a '%')", m.start()
            )
        if self.text.startswith("=", m.end()):
            raise self.error(
                f"expected {what}, found the attribute name '{m.group(1)}=' (write a space before the '=')", m.start()
            )

    def balanced(self) -> str:
        """The text of one attribute value: up to a top-level ',' or a closing bracket."""
        text = self.text
        start = self.pos
        depth = 0
        pos = start
        comments: list[tuple[int, int]] = []  # spans of `/* */` and `//` comments: space to XLA's lexer
        while True:
            m = _STOP_CHARS.search(text, pos)
            if m is None:
                if depth:
                    raise self.error("unbalanced brackets", start)
                pos = len(text)
                break
            ch = m.group()
            pos = m.start()
            if ch == '"':
                sm = STRING_RE.match(text, pos)
                if sm is None:
                    raise self.error("unterminated string", pos)
                pos = sm.end()
                if depth == 0 and not text[start : m.start()].strip():
                    break  # the value is one quoted string
                continue
            if ch == "/":
                end = self.comment_end(pos)
                if end is not None:
                    comments.append((pos, end))
                    pos = end
                    continue
            elif ch in "({[":
                depth += 1
            elif ch in ")}]":
                if depth == 0:
                    break
                depth -= 1
                if (
                    depth == 0
                    and ch == "}"
                    and text[start : pos + 1].lstrip().startswith("{")
                    and not text.startswith(":", pos + 1)
                ):
                    pos += 1
                    break
                if depth == 0 and _LINE_END_RE.match(text, pos + 1):  # `outfeed_shape=(u32[3], pred[])` ends
                    pos += 1  # its line: the next line's brackets belong to the next instruction
                    break
            elif ch == "," and depth == 0:
                break
            pos += 1
        self.pos = pos
        if comments:
            return self.without_comments(start, pos, comments)
        value = text[start:pos]
        # an unbraced value runs to the end of its line at most
        newline = value.find("\n")
        if newline >= 0 and not value.lstrip().startswith(("{", "(", "[", '"')):
            value = value[:newline]
            self.pos = start + newline
        if " " in value and not value.lstrip().startswith(("{", "(", "[", '"')):
            # XLA's lexer ends a bare value with its token: `body=b ROOT r = ...` starts an instruction
            after = _NEXT_INSTRUCTION_RE.search(value)
            if after is not None:
                value = value[: after.start()]
                self.pos = start + after.start()
        return value.strip()

    def comment_end(self, pos: int) -> int | None:
        """Where the comment starting at `pos` ends (a `//` one at its newline), None if `pos` starts none."""
        if self.text.startswith("/*", pos):
            end = self.text.find("*/", pos + 2)
            if end < 0:
                raise self.error("unterminated comment", pos)
            return end + 2
        if self.text.startswith("//", pos):
            end = self.text.find("\n", pos)
            return len(self.text) if end < 0 else end
        return None

    def without_comments(self, start: int, end: int, comments: list[tuple[int, int]]) -> str:
        """The value text between `start` and `end` with each comment read as a space, as XLA's lexer does
        (`to_apply=r /* c */` names `r`); like `balanced`, an unbraced value ends at its line's end."""
        spans, at = [], start
        for comment_start, comment_end in comments:
            spans.append((at, comment_start))
            at = comment_end
        spans.append((at, end))
        value = " ".join(self.text[a:b] for a, b in spans)
        if not value.lstrip().startswith(("{", "(", "[", '"')):
            for a, b in spans:
                newline = self.text.find("\n", a, b)
                if newline >= 0:
                    self.pos = newline
                    value = " ".join(self.text[x : min(y, newline)] for x, y in spans if x <= newline)
                    break
        return value.strip()

    def attributes(self) -> list[tuple[str, str, int]]:
        """`, name=value` pairs following an instruction or the module name."""
        result = []
        while self.peek(","):
            self.pos += 1
            self.skip()
            m = _ATTR_NAME_RE.match(self.text, self.pos)
            if not m:
                raise self.error("expected an attribute 'name=value'")
            if m.end() - m.start(1) != len(m.group(1)) + 1:  # XLA's lexer reads `name=` as one token
                raise self.error(f"no space may come between the attribute name '{m.group(1)}' and its '='")
            self.pos = m.end()
            self.skip()
            start = self.pos
            value = self.balanced()
            if self.odd_spaces:
                self.check_spaces(start, self.pos, m.group(1))
            result.append((m.group(1), value, start))
        return result

    def check_spaces(self, start: int, end: int, name: str = "") -> None:
        """Refuse space XLA's lexer does not skip between `start` and `end`, outside strings and comments
        (and, for attribute `name` backend_config, inside its braces, which XLA's lexer takes as they are)."""
        if name == "backend_config" and self.text.startswith("{", start):
            return
        for m in _ODD_SPACE_CHECK.finditer(self.text, start, end):
            if m.group(1) is not None:
                raise self.error(
                    f"unexpected character {m.group(1)!r} (XLA's lexer takes only space, tab, "
                    "newline and carriage return as space)",
                    m.start(1),
                )

    def shape_then_opcode(self, name: str) -> tuple[re.Match[str], Shape | None]:
        """The rare spellings of `shape opcode(` that `rhs`'s patterns do not find, token by token as XLA's
        lexer reads them: a shape that goes on past its line (`f32[4]{0\n}`), none before or after the opcode
        (`(f32[], s32[])tuple(`), space between the opcode and its '(' (`tuple (a, b)`), or no shape at all
        before such an opcode (the shape inferred)."""
        start = self.pos
        text = self.text
        shape = None
        m = NAME_RE.match(text, start)
        # XLA reads a shape where its first token can start one: '(', `b(`, an element type
        if m is None or (m.group() == "b" and text.startswith("(", m.end())) or m.group() in TYPE_NAMES:
            try:
                shape = self.shape()
            except TranslateError:
                self.pos = start
                raise self.error("expected 'shape opcode(operands)'", op=name or None) from None
            self.skip()
        opcode = SPACED_OPCODE_RE.match(text, self.pos)
        if opcode is None:
            self.pos = start
            raise self.error("expected 'shape opcode(operands)'", op=name or None)
        return opcode, shape

    def declared_shape(self, name: str, opcode_start: int) -> Shape | None:
        """The shape written before the opcode (which starts at `opcode_start`), read once per spelling; None
        where the shape read does not end there (the cursor back at its start)."""
        shape_text = self.text[self.pos : opcode_start]
        shape = self.shape_cache.get(shape_text)
        if shape is None:
            start = self.pos
            try:
                shape = self.shape()
            except TranslateError as err:
                if SPACED_OPCODE_RE.match(self.text, start):  # no shape: `tuple (a, add(b, c))`
                    self.pos = start
                    return None
                raise TranslateError(err.message, op=name or None, location=err.location) from None
            self.skip()
            if self.pos != opcode_start + 1:
                self.pos = start
                return None
            self.shape_cache[shape_text] = shape
        return shape

    def shape(self) -> Shape:
        self.skip()
        reader = ShapeReader(self.text, self.pos)
        try:
            shape = reader.read_shape()
        except TranslateError as err:
            raise self.error(err.message, reader.pos) from None
        self.pos = reader.pos
        return shape

    # -- module ---------------------------------------------------------------------------------

    def stack_frame_table(self) -> StackFrameIndex:
        """The four sections of the stack frame table, in XLA's order, each entry `N "name"` or
        `N {field=value ...}` with the fields XLA's parser requires (entries in the order written)."""
        entries: dict[str, list] = {section: [] for section in STACK_FIELDS}
        for section, fields in STACK_FIELDS.items():
            self.skip()
            if not self.text.startswith(section, self.pos):
                raise self.error(f"expected '{section}' in the stack frame table")
            self.pos += len(section)
            while m := STACK_ENTRY_RE.match(self.text, self.pos):
                if len(m.group(1)) > 20 or int(m.group(1)) >= 2**64:  # XLA's lexer: an integer is 64 bits
                    raise self.error(f"a {section} entry's id does not fit 64 bits", m.start(1))
                body = m.group(2)
                record = (STACK_STRING_RE if fields is None else STACK_RECORD_RE).fullmatch(body)
                if record is None:
                    raise self.error(f"bad {section} entry", m.start(2))
                if fields is None:
                    try:  # XLA's lexer unescapes a string as C does: a bad escape (`\c`) is no string
                        entries[section].append(parse_string(body))
                    except TranslateError as err:
                        raise self.error(f"bad {section} entry: {err.message}", m.start(2)) from None
                else:
                    pairs = re.findall(r"([A-Za-z_]\w*)=(-?\d+)", record.group(1))
                    keys = [key for key, _ in pairs]
                    if len(set(keys)) != len(keys) or set(keys) != fields:
                        raise self.error(
                            f"a {section} entry needs the fields {', '.join(sorted(fields))}, each once", m.start(2)
                        )
                    if any(len(value) > 11 or not -(2**31) <= int(value) < 2**31 for _, value in pairs):
                        raise self.error(f"a {section} entry's value does not fit 32 bits", m.start(2))
                    entries[section].append({key: int(value) for key, value in pairs})
                self.pos = m.end()
        return StackFrameIndex(
            tuple(entries["FileNames"]),
            tuple(entries["FunctionNames"]),
            tuple(FileLocation(**values) for values in entries["FileLocations"]),
            # HLO text numbers parent frames one higher than the proto (and the IR) does
            tuple(
                StackFrame(values["file_location_id"], values["parent_frame_id"] - 1)
                for values in entries["StackFrames"]
            ),
        )
