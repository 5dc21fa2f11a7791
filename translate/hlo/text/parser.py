"""HLO text parser: XLA's `hlo_parser.cc` grammar, into the IR.

>>> m = parse_hlo_text("HloModule m\\nENTRY e {\\n  ROOT c = f32[] constant(1)\\n}\\n")
>>> m.entry.root.opcode
'constant'
"""

from __future__ import annotations

import re
from typing import Any

from hlo_translate.errors import TranslateError
from hlo_translate.gc_pause import without_cyclic_gc
from hlo_translate.hlo.ir import (
    OPCODES,
    UNBOUNDED,
    ComputationRef,
    HloComputation,
    HloInstruction,
    HloModule,
    InstructionRef,
    RawAttr,
    Shape,
    async_sugar_base,
    is_known_opcode,
    shape_problem,
)
from hlo_translate.hlo.text.attributes import (
    RESERVED_BARE_NAMES,
    TYPE_NAMES,
    parse_attribute,
    parse_bool,
    parse_bool_list,
)
from hlo_translate.hlo.text.inline_computations import read_inline_computation
from hlo_translate.hlo.text.lexer import (
    BARE_OPCODE_RE,
    COMPUTATION_END_RE,
    COMPUTATION_HEAD_RE,
    INDEX_RE,
    MODULE_ATTRIBUTES,
    NAME_RE,
    NO_MORE_ATTRIBUTES_RE,
    OPCODE_RE,
    PARAMETER_NUMBER_RE,
    PLAIN_ATTR_RE,
    PLAIN_RE,
    SPACE_RE,
    SPACED_OPCODE_RE,
    STACK_SECTIONS,
    Lexer,
    has_odd_space,
)
from hlo_translate.hlo.text.module_header import (
    parse_buffer_donor,
    parse_computation_layout,
    parse_input_output_alias,
)
from hlo_translate.hlo.text.original_value import parse_recovery_table
from hlo_translate.hlo.text.parser_rules import (
    INLINE_COMPUTATION_KEYS,
    INLINE_COMPUTATION_RE,
    MADE_SHAPE_OPCODES,
    NameUniquifier,
    apply_parser_rules,
    module_opcodes,
    sugar_start_problem,
    xla_made_shape,
    xla_made_shapes,
)
from hlo_translate.hlo.text.printer import compatible
from hlo_translate.hlo.text.shape_inference import INFERABLE, infer_shape
from hlo_translate.hlo.text.shared_values import has_refs, immutable_plain

# Each opcode's one string (a line's own copy is dropped for it): less memory, and equal opcodes compare by
# identity later on.
_OPCODE_STRINGS = {opcode: opcode for opcode in OPCODES}


class _Parser(Lexer):
    """One pass over the text: header, optional stack-frame tables, computations."""

    def __init__(self, text: str):
        self.text = text
        self.pos = 0
        self.shape_cache: dict[str, Shape] = {}
        # (name, text) -> the parsed value, for values safe to share (`immutable_plain`): `dimensions={1}`,
        # `direction=GT`, ... repeat on thousands of lines
        self.attribute_values: dict[tuple[str, str], tuple[Any, bool]] = {}  # (value, whether it names others)
        # an instruction's whole attribute list, `, dimensions={0}`, made of such values -> the values in order,
        # and the references among them (name, value, offset in the text): `remember_attributes`
        self.attribute_lists: dict[str, tuple[dict[str, Any], tuple[tuple[str, Any, int], ...]]] = {}
        self.anon_names = NameUniquifier()  # names of nested instructions, as XLA's parser makes them
        self.tuple_elements: dict[tuple[int, int], HloInstruction] = {}  # `%t#N` sugar, made once
        self.single: HloComputation | None = None  # the computation of a single-instruction text
        self.callees: dict[str, HloComputation] = {}  # the computations read so far, for shape inference
        self.inline: list[HloComputation] = []  # `to_apply={...}` computations, in the order they close
        # whether the text holds space XLA's lexer does not skip (rare): the plain-line fast path, whose
        # patterns and strip() take it, is then off, and each attribute value is checked for it
        self.odd_spaces = has_odd_space(text)

    def module(self) -> HloModule:
        self.skip()
        has_header = self.text.startswith("HloModule", self.pos)
        if not has_header and not self.at_computation():
            return self.single_instruction()
        module = HloModule("")
        if has_header:
            self.pos += len("HloModule")
            module.name = self.name("a module name")
            seen: set[str] = set()
            for key, value, pos in self.attributes():
                if key in seen:  # XLA's parser rejects a repeated module attribute
                    raise self.error(f"module attribute '{key}' given twice", pos)
                seen.add(key)
                self.header_attribute(module, key, value, pos)
            self.skip()
        if self.text.startswith(STACK_SECTIONS, self.pos):
            module.stack_frames = self.stack_frame_table()
        pending: list[tuple[HloInstruction, str, Any, int, HloComputation]] = []
        defined: dict[str, int] = {}
        while True:
            self.skip()
            if self.pos >= len(self.text):
                break
            start = self.pos
            comp = self.computation(module, pending)
            if comp.name in defined:
                line = self.text.count("\n", 0, defined[comp.name]) + 1
                raise self.error(f"computation '{comp.name}' is defined twice (first at line {line})", start)
            defined[comp.name] = start
            module.computations.extend(self.inline)  # (callees before their caller, as XLA lists them)
            self.inline.clear()
            module.computations.append(comp)
            self.callees[comp.name] = comp
        self.resolve(module, pending)
        if module.entry is None:
            if not module.computations:
                raise self.error("the module has no computations")
            module.entry = module.computations[-1]  # XLA's rule: without ENTRY, the last computation
            module.entry.is_entry = True
        if not has_header:
            module.name = f"module_{module.entry.name}"  # the name XLA's parser gives a module without header
        opcodes = module_opcodes(module)  # (one pass, for both: most modules need neither's loops)
        if not opcodes.isdisjoint(MADE_SHAPE_OPCODES):
            xla_made_shapes(module)
        apply_parser_rules(module, opcodes)
        return module

    def at_computation(self) -> bool:
        """Whether the text goes on with a computation (`ENTRY`, or a name then `{`), as XLA decides."""
        if self.text.startswith("ENTRY", self.pos):
            return True
        m = NAME_RE.match(self.text, self.pos)
        if m is None:
            return False
        save, self.pos = self.pos, m.end()
        if self._bare_colon(m):
            self.pos += 1  # `main: {`, see `name`
        found = self.peek("{")
        self.pos = save
        return found

    def single_instruction(self) -> HloModule:
        """One instruction without a module (`r = f32[4] add(f32[4] a, f32[4] b)`), as XLA's parser reads it:
        a scheduled module `_` whose entry `_` has a parameter per operand written with its shape."""
        comp = HloComputation("_", is_entry=True)
        self.single = comp
        names: dict[str, HloInstruction] = {}
        pending: list = []
        start = self.pos
        m = NAME_RE.match(self.text, self.pos)
        name = "_"
        if m is not None and self.text.startswith("=", SPACE_RE.match(self.text, m.end()).end()):
            self.check_bare_name(m, "an instruction name")
            name = m.group(1)
            self.pos = m.end()
            self.expect("=")
        if self.pos >= len(self.text):
            raise self.error("the input is empty: expected an HLO module ('HloModule name ...')")
        if (
            name == "_"
            and OPCODE_RE.search(self.text, self.pos) is None
            and BARE_OPCODE_RE.match(self.text, self.pos) is None
        ):
            raise self.error("expected an HLO module ('HloModule name ...'), a computation or one instruction")
        root = self.rhs(name, comp, names, pending, start)
        comp.instructions.append(root)
        comp.root = root
        self.skip()
        if self.pos < len(self.text):
            raise self.error("expected the end of the instruction", op=name)
        module = HloModule("_", [comp], comp, is_scheduled=True)
        self.resolve(module, pending)
        apply_parser_rules(module)
        return module

    def header_attribute(self, module: HloModule, key: str, value: str, pos: int) -> None:
        try:
            if key == "entry_computation_layout":
                module.entry_computation_layout = parse_computation_layout(value)
            elif key == "is_scheduled":
                module.is_scheduled = parse_bool(value)
            elif key == "input_output_alias":
                module.input_output_alias = parse_input_output_alias(value)
            elif key == "buffer_donor":
                module.buffer_donor = parse_buffer_donor(value)
            elif key == "frontend_attributes":
                module.frontend_attributes = parse_attribute(key, value)
            elif key == "origin_recovery_table":
                module.original_value_recovery_table = parse_recovery_table(value, parse_hlo_text)
            elif key in ("num_partitions", "replica_count"):
                if not value.isdigit() or len(value) > 18:
                    raise TranslateError(f"expected a count, got '{value[:40]}'")
                module.header[key] = int(value)
            else:
                if key not in MODULE_ATTRIBUTES:
                    raise TranslateError("not a module attribute XLA's parser knows")
                if key.startswith("allow_spmd_sharding_propagation_to_"):
                    # XLA's parser reads a boolean or a list of them; kept as written
                    parse_bool_list(value) if value.lstrip().startswith("{") else parse_bool(value)
                module.header[key] = RawAttr(value)
        except TranslateError as err:
            raise self.error(f"bad module attribute {key}: {err.message}", pos) from None

    # -- computations ---------------------------------------------------------------------------

    def computation(self, module: HloModule, pending: list) -> HloComputation:
        start = self.pos
        self.skip()
        head = COMPUTATION_HEAD_RE.match(self.text, self.pos)
        declared = None
        if head is not None and (head.group(2) or head.group(3) not in RESERVED_BARE_NAMES):
            # `ENTRY name {`, `name {` (most): what the general rules below read of it, in one step
            comp = HloComputation(head.group(3), is_entry=head.group(1) is not None)
            self.pos = head.end()
        else:
            comp = self.computation_head()
            declared = self.signature() if self.peek("(") else None
            self.expect("{", f" to open computation {comp.name}")
        is_entry = comp.is_entry
        names: dict[str, HloInstruction] = {}
        closed = None
        while True:
            self.plain_instructions(comp, names, pending)
            closed = COMPUTATION_END_RE.match(self.text, self.pos)  # `}` and no attributes after it (most)
            if closed is not None:
                self.pos = closed.end()
                break
            if self.accept("}"):
                break
            if self.pos >= len(self.text):
                raise self.error(f"computation {comp.name} is not closed", start)
            instr, is_root = self.instruction(comp, names, pending)
            comp.instructions.append(instr)
            if is_root:
                self.set_root(comp, instr)
        if not comp.instructions:
            raise self.error(f"computation {comp.name} is empty", start)
        self.check_parameter_numbers(comp, start)
        if comp.root is None:
            comp.root = comp.instructions[-1]
        if declared is not None and not compatible(declared[0], comp.root.shape):
            raise self.error(
                f"shape of computation {comp.name}, {declared[0].to_text(False)}, is not compatible "
                f"with that of its root instruction {comp.root.name}, {comp.root.shape.to_text(False)}",
                declared[1],
            )
        seen_thread = False
        for key, value, pos in self.attributes() if closed is None else ():
            if key == "execution_thread":
                if seen_thread:  # XLA's parser: "attribute execution_thread already exists"
                    raise self.error(f"computation attribute '{key}' given twice", pos)
                seen_thread = True
                comp.execution_thread = parse_attribute("async_execution_thread", value)
            else:
                raise self.error(f"unknown computation attribute '{key}'", pos)
        if is_entry:
            if module.entry is not None:
                raise self.error("the module has two ENTRY computations", start)
            module.entry = comp
        return comp

    def computation_head(self) -> HloComputation:
        """`ENTRY`? and the computation's name."""
        m = NAME_RE.match(self.text, self.pos)  # the keyword as XLA lexes it: not `ENTRYx`, nor `ENTRY:` (a name)
        is_entry = m is not None and m.group(0) == "ENTRY" and not self.text.startswith(":", m.end())
        if is_entry:
            self.pos = m.end()
        return HloComputation(self.name("a computation name"), is_entry=is_entry)

    def check_parameter_numbers(self, comp: HloComputation, start: int) -> None:
        problem = comp.parameter_problem()
        if problem is not None:
            instr, message = problem
            raise self.error(message, start, op=instr.name if instr is not None else None)

    def signature(self) -> tuple[Shape, int]:
        """`(p0: f32[2], p1: s32[]) -> f32[2]`: the result shape and where it is (XLA checks it against the
        root; the parameters it leaves unchecked)."""
        self.expect("(")
        if not self.accept(")"):
            while True:
                self.name("a parameter name")  # XLA reads a name token, then a shape: `p: f32[]` (a bare
                self.signature_shape()  # `name:`, even `true:`), `p f32[]`, `%p f32[]`
                if self.accept(")"):
                    break
                self.expect(",")
        self.expect("->")
        self.skip()
        start = self.pos
        return self.signature_shape(), start

    def signature_shape(self) -> Shape:
        """A shape of a computation's signature, well formed as far as XLA's parser checks a shape (no negative
        dimension, a layout of the shape's rank; a tuple's elements validated, `_parsed_shape_problem`): XLA
        then drops the parameters' and compares the result's with the root's, so what its verifier would
        refuse of an array's shape (a layout that is no permutation, a size past int64) it takes here."""
        self.skip()
        start = self.pos
        shape = self.shape()
        problem = _parsed_shape_problem(shape)
        if problem:
            raise self.error(problem, start)
        return shape

    def instruction(
        self, comp: HloComputation, names: dict[str, HloInstruction], pending: list
    ) -> tuple[HloInstruction, bool]:
        """An instruction line that `plain_instructions` did not read (the caller's accept("}") skipped the
        space before it)."""
        start = self.pos
        is_root = False
        if self.text.startswith(("ROOT ", "ROOT\t", "ROOT\n", "ROOT%"), self.pos):
            is_root = True
            self.pos += 4
        name_start = self.pos
        name = self.name("an instruction name")
        self.check_instruction_name(name, name_start)
        self.expect("=", f" after instruction name '{name}'")
        return self.rhs(name, comp, names, pending, start), is_root

    def set_root(self, comp: HloComputation, instr: HloInstruction) -> None:
        if comp.root is not None:
            raise self.error(f"computation {comp.name} has two ROOT instructions", op=instr.name)
        comp.root = instr

    def check_instruction_name(self, name: str, pos: int) -> None:
        """XLA's parser refuses an instruction named like an element type (`f32`, `s32`, `pred`)."""
        if name in TYPE_NAMES:
            raise self.error(f"illegal instruction name '{name}' (an element type's name)", pos, op=name)

    def plain_instructions(self, comp: HloComputation, names: dict[str, HloInstruction], pending: list) -> None:
        """The common lines, `ROOT? name = shape opcode(a, b), attrs`, one regular expression each, in one
        loop (the per-line Python is most of the parse) until a line that is not plain.

        A line that is not plain (constants, inferred shapes, typed, nested or `#N` operands, unknown names, a
        shape we have not read yet) leaves the cursor at its start, and the general rules read it.
        """
        if self.odd_spaces:
            return
        text, shapes, instructions, opcodes = self.text, self.shape_cache, comp.instructions, _OPCODE_STRINGS
        line_re, attr_re, end_re = PLAIN_RE.match, PLAIN_ATTR_RE.match, NO_MORE_ATTRIBUTES_RE.match
        lists = self.attribute_lists
        pos = SPACE_RE.match(text, self.pos).end()
        while (m := line_re(text, pos)) is not None:
            root, name, shape_text, opcode, args, line_end, attribute_list = m.groups()
            shape = shapes.get(shape_text)
            known = opcodes.get(opcode)
            if (
                shape is None
                or name in names
                or name in RESERVED_BARE_NAMES
                or known == "constant"
                or (known is None and not is_known_opcode(opcode))
            ):
                break
            if known is not None:
                opcode = known  # one string per opcode in the module, not one per line
            after = m.end() if attribute_list is None else m.end(5) + 1  # (after the ')')
            known = None
            if attribute_list is not None and ".anon" not in name and not opcode.endswith("-start"):
                known = lists.get(attribute_list)  # all of the attributes plain: read once per distinct text
            # what `finish` makes of the same text, given to the constructor (no empty dict made and dropped)
            own = known[0].copy() if known is not None else {}
            if opcode == "parameter":
                args = args.strip()
                if not args.isdigit() or len(args) > 18:
                    break  # the general rules say what is wrong
                instr = HloInstruction(name, opcode, shape, attributes=own, parameter_number=int(args))
            elif args:
                try:  # (one operand, many lines: no split)
                    operands = [names[part] for part in args.split(", ")] if "," in args else [names[args]]
                except KeyError:  # `%` prefixes, other spacing, or an unknown name
                    operands = [names.get(part.strip().removeprefix("%")) for part in args.split(",")]
                    if None in operands:
                        break
                instr = HloInstruction(name, opcode, shape, operands, own)
            else:
                instr = HloInstruction(name, opcode, shape, attributes=own)
            names[name] = instr
            pos = after
            if known is not None:
                for key, value, offset in known[1]:
                    pending.append((instr, key, value, pos + offset, comp))
                pos = m.end()
            elif line_end is not None:  # no attributes (NO_MORE_ATTRIBUTES_RE's match, read with the line)
                if ".anon" in name or opcode.endswith("-start"):
                    self.pos = pos
                    self.finish(instr, comp, pending, m.start(), complete=True)
            elif text.startswith(",", pos):
                attributes = []
                while (a := attr_re(text, pos)) is not None:
                    attributes.append((a.group(1), a.group(2).rstrip(), a.start(2)))
                    pos = a.end()
                end = end_re(text, pos)
                if end is not None:  # what `attributes` would find: none, having skipped the space after them
                    self.pos = end.end()
                    self.finish(instr, comp, pending, m.start(), attributes, complete=True)
                    if attribute_list is not None:
                        self.remember_attributes(attribute_list, attributes, after)
                else:
                    self.pos = pos
                    self.finish(instr, comp, pending, m.start(), attributes)
                pos = self.pos
            else:
                self.pos = pos
                self.finish(instr, comp, pending, m.start())
                pos = self.pos
            instructions.append(instr)
            if root is not None:
                self.pos = pos
                self.set_root(comp, instr)
        self.pos = pos

    def remember_attributes(self, text: str, read: list[tuple[str, str, int]], start: int) -> None:
        """Keep what `finish` made of attribute list `text` (starting at `start`, attributes `read`) for the
        next line that writes it, where each value is one to share (`immutable_plain`, in
        `attribute_values`): the values in order, and the references to resolve with their offsets."""
        values, refs = [], []
        for key, value, pos in read:
            known = self.attribute_values.get((key, value))
            if known is None:
                return
            values.append((key, known[0]))
            if known[1]:
                refs.append((key, known[0], pos - start))
        self.attribute_lists[text] = (dict(values), tuple(refs))

    def rhs(
        self,
        name: str,
        comp: HloComputation,
        names: dict[str, HloInstruction],
        pending: list,
        start: int,
        nested: bool = False,
        shape: Shape | None = None,
    ) -> HloInstruction:
        """`shape opcode(operands), attributes`; the shape may be left out where XLA infers it, and a
        nested instruction (an operand written as an instruction) has no attributes."""
        self.skip()
        m = BARE_OPCODE_RE.match(self.text, self.pos)
        if m is not None and m.group(1) == "b" and shape is None:
            m = None  # `b(f32[2]) custom-call(...)`: a buffer shape, not the opcode
        if m is None and shape is not None:  # a nested instruction's shape is read: `add (` follows (rare)
            m = SPACED_OPCODE_RE.match(self.text, self.pos)
            if m is None:
                raise self.error("expected 'shape opcode(operands)'", op=name or None)
        if m is None:
            m = OPCODE_RE.search(self.text, self.pos)
            while m is not None and m.group(1) == "b":  # `(s32[], b(s32[2])) opcode(...)`: a buffer shape
                m = OPCODE_RE.search(self.text, m.end())
            line_end = self.text.find("\n", self.pos)
            if m is None or (line_end >= 0 and m.start() > line_end and not self.text.startswith("(", self.pos)):
                m, shape = self.shape_then_opcode(name)
            else:
                shape = self.declared_shape(name, m.start())
                if shape is None:  # the shape does not end right before that opcode: `(f32[], s32[])tuple(`
                    m, shape = self.shape_then_opcode(name)
        opcode = m.group(1)
        if not is_known_opcode(opcode):
            raise self.error(f"unknown opcode '{opcode}'", m.start(1), op=name or None)
        if shape is None and opcode not in INFERABLE:
            raise self.error(
                f"the shape of a '{opcode}' cannot be inferred: write it before the opcode", m.start(1), op=name or None
            )
        self.pos = m.end()
        instr = HloInstruction(name, opcode, shape if shape is not None else Shape.token())
        key = _scope_key(name)
        if not nested and key in names:
            raise self.error(f"duplicate instruction name '{name}'", start, op=name)
        self.body(instr, comp, names, pending, start)
        if nested:  # named once its own operands are read, as XLA's parser does
            instr.name = self.anon_names.unique(f"{opcode}.anon")
        else:
            # in scope once its operands are read, as in XLA's parser: an instruction cannot be its own operand
            if key in names:  # (a single instruction's implicit parameter of the same name)
                raise self.error(f"duplicate instruction name '{name}'", start, op=name)
            names[key] = instr
            self.finish(instr, comp, pending, start)
        if shape is None:
            for operand in instr.operands:  # an inferred shape is of the shapes XLA made its operands
                if operand.opcode in MADE_SHAPE_OPCODES:
                    xla_made_shape(operand)
            try:
                instr.shape = infer_shape(instr, self.callees.get)
            except TranslateError as err:
                raise self.error(err.message, start, op=instr.name) from None
        return instr

    def finish(
        self,
        instr: HloInstruction,
        comp: HloComputation,
        pending: list,
        start: int,
        read: list[tuple[str, str, int]] | None = None,
        complete: bool = False,
    ) -> None:
        """After a named instruction's operands (and the attributes already `read`, all of them if `complete`):
        its name registered, its attributes, async sugar checked."""
        name, opcode = instr.name, instr.opcode
        if ".anon" in name:  # XLA's parser registers every name; only these can meet a later `.anon`
            self.anon_names.unique(name)
        attributes = [] if complete else self.attributes()
        values, own = self.attribute_values, instr.attributes
        for key, value, pos in read + attributes if read else attributes:
            if key in own:
                raise self.error(f"attribute '{key}' given twice", pos, op=name)
            if key in INLINE_COMPUTATION_KEYS and INLINE_COMPUTATION_RE.match(value):
                self.inline.append(read_inline_computation(self, pos, pending))
                own[key] = (self.inline[-1],) if key == "calls" else self.inline[-1]
                continue
            known = values.get((key, value))
            if known is None:
                try:
                    parsed = parse_attribute(key, value)
                except TranslateError as err:
                    raise self.error(f"bad attribute {key}: {err.message}", pos, op=name) from None
                known = (parsed, has_refs(parsed))
                if immutable_plain(parsed):
                    values[(key, value)] = known
            own[key] = known[0]
            if known[1]:
                pending.append((instr, key, known[0], pos, comp))
        if opcode.endswith("-start") and async_sugar_base(opcode) is not None:
            problem = sugar_start_problem(instr)
            if problem is not None:
                raise self.error(problem, start, op=name)

    def body(
        self, instr: HloInstruction, comp: HloComputation, names: dict[str, HloInstruction], pending: list, start: int
    ) -> None:
        """What sits between the opcode's parentheses: a literal, a parameter number, or operands."""
        operand_start = self.pos
        if instr.opcode == "constant":
            body = self.balanced()
            if self.odd_spaces:
                self.check_spaces(operand_start, self.pos)
            self.expect(")", " after the constant's literal")
            self.attach_literal(instr, body, operand_start)
        elif instr.opcode == "parameter":
            self.skip()
            m2 = PARAMETER_NUMBER_RE.match(self.text, self.pos)
            if not m2:
                raise self.error("expected the parameter number", op=instr.name)
            if len(m2.group()) > 18:
                raise self.error("parameter number out of range", op=instr.name)
            instr.parameter_number = int(m2.group())
            self.pos = m2.end()
            self.expect(")")
        else:
            self.operands(instr, comp, names, pending)

    def operands(
        self, instr: HloInstruction, comp: HloComputation, names: dict[str, HloInstruction], pending: list
    ) -> None:
        """`(operand, ...)`; an operand is `(shape)? name ('#' index)*` or `(shape)? opcode(operands)`."""
        if self.accept(")"):
            return
        text = self.text
        while True:
            self.skip()
            start = self.pos
            declared = None
            m = NAME_RE.match(text, self.pos)
            # a shape first: `f32[2] %x`, `(f32[], s32[]) t`, `b(f32[2]) x` (no opcode is named `b`), `s32 [2] x`
            if (
                m is None
                or text.startswith("[", m.end())
                or (m.group() == "b" and text.startswith("(", m.end()))
                or (m.group() in TYPE_NAMES and text.startswith("[", SPACE_RE.match(text, m.end()).end()))
            ):
                declared = self.shape()
                self.skip()
                m = NAME_RE.match(text, self.pos)
                if not m:
                    if not text.startswith((",", ")"), self.pos):
                        raise self.error("expected an operand name", op=instr.name)
                    if self.single is comp:  # `r = f32[4] add(f32[4], f32[4])`: a parameter `_N` each
                        instr.operands.append(self.implicit_parameter(None, declared, comp, names))
                    # else (`add(f32[] x, f32[], y)`) XLA's parser drops an operand written as a shape alone:
                    # it fails as a name and as a nested instruction, and its parser reads on at the ','
                    if self.accept(")"):
                        return
                    self.pos += 1
                    continue
            self.pos = m.end()
            colon = self._bare_colon(m)
            if colon:
                self.pos += 1  # `p:` is the name `p` (see `name`)
            after = text[self.pos : self.pos + 1]
            if not colon and (after == "(" or (after not in (",", ")") and self.peek("("))):
                operand = self.nested(m, declared, comp, names, pending)
            else:
                operand = self.named_operand(m, instr, comp, names, declared, start, colon)
            instr.operands.append(operand)
            if self.accept(")"):
                return
            self.expect(",", " between operands")

    def named_operand(
        self,
        m: re.Match,
        instr: HloInstruction,
        comp: HloComputation,
        names: dict[str, HloInstruction],
        declared: Shape | None,
        start: int,
        colon: bool = False,
    ) -> HloInstruction:
        """The operand named by `m` (`colon`: written `name:`, which names even a keyword-like name)."""
        key = _scope_key(m.group(1))
        if key != m.group(1) and not m.group().startswith("%") and not colon:
            raise self.error(
                f"expected an operand, found the keyword '{m.group(1)}' (a name spelled so needs a '%')",
                m.start(),
                op=instr.name,
            )
        operand = names.get(key)
        if operand is None and self.single is comp and declared is not None:
            operand = self.implicit_parameter(m.group(1), declared, comp, names)
        if operand is None:
            raise self.error(f"use of undefined value '{m.group(1)}'", m.start(), op=instr.name)
        while self.text[self.pos : self.pos + 1] not in (",", ")") and self.accept("#"):
            operand = self.tuple_element(operand, comp, instr)
        if declared is not None and not compatible(declared, operand.shape):  # (XLA's check: dynamic-ness aside)
            raise self.error(
                f"operand '{operand.name}' is declared {declared.to_text()} but is {operand.shape.to_text()}",
                start,
                op=instr.name,
            )
        return operand

    def tuple_element(self, tuple_: HloInstruction, comp: HloComputation, user: HloInstruction) -> HloInstruction:
        """`%t#N`, as XLA's dumps print a tuple element: the get-tuple-element XLA's parser makes for it,
        named `t_N`, made once per tuple and index."""
        self.skip()
        m = INDEX_RE.match(self.text, self.pos)
        if m is None:
            raise self.error("expected a tuple index after '#'", op=user.name)
        self.pos = m.end()
        index = int(m.group())
        shape = tuple_.shape
        if not shape.is_tuple or index >= len(shape.tuple_shapes):
            raise self.error(
                f"tuple index {index} is out of bounds for '{tuple_.name}' of shape {shape.to_text()}",
                m.start(),
                op=user.name,
            )
        key = (id(tuple_), index)
        element = self.tuple_elements.get(key)
        if element is None:
            element = HloInstruction(
                f"{tuple_.name}_{index}", "get-tuple-element", shape.tuple_shapes[index], [tuple_], {"index": index}
            )
            comp.instructions.append(element)
            self.tuple_elements[key] = element
        return element

    def nested(
        self, m: re.Match, declared: Shape | None, comp: HloComputation, names: dict[str, HloInstruction], pending: list
    ) -> HloInstruction:
        """An operand written as an instruction, `add(f32[] parameter(0), f32[] negate(x))`: XLA's parser adds
        it before its user, named `<opcode>.anon`."""
        self.pos = m.start()
        instr = self.rhs("", comp, names, pending, m.start(), nested=True, shape=declared)
        comp.instructions.append(instr)
        return instr

    def implicit_parameter(
        self, name: str | None, shape: Shape, comp: HloComputation, names: dict[str, HloInstruction]
    ) -> HloInstruction:
        """A single instruction's parameter for an operand written with its shape, named `_N` if unnamed."""
        number = sum(1 for i in comp.instructions if i.opcode == "parameter")
        name = f"_{number}" if name is None else name
        param = HloInstruction(name, "parameter", shape, parameter_number=number)
        comp.instructions.append(param)
        names[_scope_key(name)] = param
        return param

    def attach_literal(self, instr: HloInstruction, body: str, pos: int) -> None:
        from hlo_translate.hlo.literal import parse_literal  # numpy: only for a module with constants

        try:
            instr.literal = parse_literal(body, instr.shape)
        except TranslateError as err:
            raise self.error(f"bad constant: {err.message}", pos, op=instr.name) from None
        if instr.literal.shape != instr.shape:  # XLA's constant takes its literal's shape: static, no `E(4)`
            instr.shape = instr.literal.shape

    def resolve(self, module: HloModule, pending: list) -> None:
        """Replace computation and instruction references by the objects they name."""
        by_name = {c.name: c for c in module.computations}
        order = {id(c): k for k, c in enumerate(module.computations)}
        # instruction names are scoped by computation (control predecessors name their own computation's);
        # made on demand, per computation that has such a reference
        scopes: dict[int, dict[str, HloInstruction]] = {}
        position: dict[int, int] = {}  # an instruction's place in its computation, as written (made on demand)

        def comp_of(ref: ComputationRef, pos: int, instr: HloInstruction, caller: HloComputation) -> HloComputation:
            if ref.name not in by_name:
                raise self.error(f"unknown computation '{ref.name}'", pos, op=instr.name)
            called = by_name[ref.name]
            # XLA's parser looks a called computation up as it reads the call: it must be defined before
            if order[id(called)] >= order[id(caller)]:
                raise self.error(
                    f"computation '{ref.name}' is not defined before the computation '{caller.name}' that calls it",
                    pos,
                    op=instr.name,
                )
            return called

        for instr, key, value, pos, comp in pending:
            if isinstance(value, ComputationRef):
                instr.attributes[key] = comp_of(value, pos, instr, comp)
            elif isinstance(value, tuple) and value and isinstance(value[0], ComputationRef):
                instr.attributes[key] = tuple(comp_of(v, pos, instr, comp) for v in value)
            elif isinstance(value, tuple) and value and isinstance(value[0], InstructionRef):
                resolved = []
                scope = scopes.get(id(comp))
                if scope is None:
                    scope = scopes[id(comp)] = {i.name: i for i in comp.instructions}
                for ref in value:
                    if ref.name not in scope:
                        raise self.error(f"unknown instruction '{ref.name}'", pos, op=instr.name)
                    target = scope[ref.name]
                    if id(instr) not in position:
                        position.update((id(i), k) for k, i in enumerate(comp.instructions))
                    if position[id(target)] >= position[id(instr)]:  # XLA's parser looks it up right there
                        raise self.error(
                            f"{key} names '{ref.name}', which is not defined before '{instr.name}'", pos, op=instr.name
                        )
                    resolved.append(target)
                instr.attributes[key] = tuple(resolved)


def _parsed_shape_problem(shape: Shape) -> str | None:
    """What XLA's parser itself refuses in a shape: a negative dimension, a layout of another rank; and in a
    tuple, whatever its verifier refuses of an element (XLA's parser builds a tuple shape validated: a size in
    bytes past int64, a layout that is no permutation), though not of an array standing alone."""
    if shape.is_tuple:
        return next(filter(None, (_parsed_shape_problem(e) or shape_problem(e) for e in shape.tuple_shapes)), None)
    if any(d < 0 and d != UNBOUNDED for d in shape.dimensions):
        return f"{shape.to_text()} has a negative dimension"
    if shape.layout is not None and shape.is_array and len(shape.layout.minor_to_major) != shape.rank:
        return (
            f"layout {shape.layout.to_text()} of {shape.to_text(False)} has {len(shape.layout.minor_to_major)} "
            f"dimensions, the shape {shape.rank}"
        )
    return None


def _scope_key(name: str) -> str:
    """The key of an instruction in its computation's names: a keyword-like name, which only `%name` can
    reference, under `%name`, so that the fast path's lookup of a bare operand misses it."""
    return "%" + name if name in RESERVED_BARE_NAMES else name


@without_cyclic_gc
def parse_hlo_text(text: str) -> HloModule:
    """Parse HLO text as XLA prints it (with or without `%` sigils, scheduled or not)."""
    return _Parser(text).module()
