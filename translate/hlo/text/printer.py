"""HLO text printer: a module as XLA prints it (and its parser reads back).

>>> from hlo_translate.hlo.text import parse_hlo_text
>>> m = parse_hlo_text("HloModule m\\nENTRY e {\\n  ROOT c = f32[] constant(1)\\n}\\n")
>>> print(print_hlo_text(m), end="")
HloModule m, entry_computation_layout={()->f32[]}
<BLANKLINE>
ENTRY e {
  ROOT c = f32[] constant(1)
}
"""

from __future__ import annotations

import copy
from operator import attrgetter
from typing import Any

from hlo_translate.gc_pause import without_cyclic_gc
from hlo_translate.hlo.ir import (
    HloComputation,
    HloInstruction,
    HloModule,
    OpMetadata,
    PaddingConfig,
    PrimitiveType,
    RawAttr,
    Shape,
    SliceDim,
    StackFrameIndex,
    Window,
)
from hlo_translate.hlo.text.attributes import (
    CODECS,
    COMPUTATION,
    RESERVED_BARE_NAMES,
    print_attribute,
    print_frontend_attributes,
    print_int_list,
    quote,
)
from hlo_translate.hlo.text.original_value import print_recovery_table

# ---------------------------------------------------------------------------------------------
# Printing


@without_cyclic_gc
def print_hlo_text(module: HloModule, *, print_large_constants: bool = True) -> str:
    """Print `module` as HLO text that XLA's parser reads back to the same module."""
    try:
        return _module_text(module)
    except _KeywordName:  # rare: print a copy whose keyword-like names are spelled `%name`
        return _module_text(_with_percent_names(module))


class _KeywordName(Exception):
    """A name that XLA's lexer reads as a keyword (`RESERVED_BARE_NAMES`) met while printing."""


def _module_text(module: HloModule) -> str:
    if module.name in RESERVED_BARE_NAMES:
        raise _KeywordName
    out: list[str] = [_header(module), ""]
    if module.stack_frames is not None:
        out += [stack_frames_text(module.stack_frames), ""]
    _computation_lines(module.computations, out, RESERVED_BARE_NAMES)
    return "\n".join(out)


def _header(module: HloModule) -> str:
    parts = [f"HloModule {module.name}"]
    if module.is_scheduled:
        parts.append("is_scheduled=true")
    layout = module.entry_layout()
    if layout is not None:
        params = ", ".join(s.to_text() for s in layout.parameters)
        parts.append(f"entry_computation_layout={{({params})->{layout.result.to_text()}}}")
    if module.input_output_alias:
        entries = ", ".join(
            f"{print_int_list(a.output_index)}: ({a.parameter_number}, {print_int_list(a.parameter_index)}, {a.kind})"
            for a in module.input_output_alias
        )
        parts.append(f"input_output_alias={{ {entries} }}")
    if module.buffer_donor:
        entries = ", ".join(f"({d.parameter_number}, {print_int_list(d.parameter_index)})" for d in module.buffer_donor)
        parts.append(f"buffer_donor={{ {entries} }}")
    for key, value in module.header.items():
        parts.append(f"{key}={value.text if isinstance(value, RawAttr) else value}")
    if module.frontend_attributes is not None:
        parts.append(f"frontend_attributes={print_frontend_attributes(module.frontend_attributes)}")
    if module.original_value_recovery_table:
        table = print_recovery_table(module.original_value_recovery_table, print_hlo_text)
        parts.append(f"origin_recovery_table={table}")
    return ", ".join(parts)


def instruction_text(instr: HloInstruction) -> str:
    """`name = shape opcode(operands), attr=value, ...` (no ROOT, no indent)."""
    out: list[str] = []
    _computation_lines([HloComputation("_", [instr])], out)
    return out[1][2:]


def _computation_lines(
    computations: list[HloComputation], out: list[str], keywords: frozenset[str] = frozenset()
) -> None:
    """Append the lines of `computations` to `out`, each computation followed by an empty line. Two loops
    and no call per computation or line (the 3-line reducers JAX writes, one per reduce, are half the
    computations' count): the per-line Python is most of a print. Raises `_KeywordName` at a computation
    or instruction named as one of `keywords`."""
    append = out.append
    texts: dict[tuple[str, Any], str] = {}  # (name, value) -> `, name=text`, for plain values
    scalars: dict[tuple[PrimitiveType, bytes], str] = {}  # a scalar constant's type and bits -> its text
    printed: dict[int, tuple[str, str]] = {}  # id(a value) -> (its attribute's name, `, name=text`)
    literals: dict[int, str] = {}  # id(a literal) -> its text: the exporter shares one between constants
    ndarray: Any = None  # numpy's, once a constant is met (a module without constants needs no numpy)
    for comp in computations:
        comp_name = comp.name
        if comp_name in keywords:
            raise _KeywordName
        append(f"ENTRY {comp_name} {{" if comp.is_entry else f"{comp_name} {{")
        instructions = comp.instructions
        for instr in instructions:
            name = instr.name
            if name in keywords:
                raise _KeywordName
            shape_text = instr.shape._printed  # the shape's text once made: a slot read
            if shape_text is None:
                shape_text = instr.shape.to_text()
            operands = instr.operands
            # Each line in one step (most are an instruction of one or two operands and no attributes); the
            # root's line gets its `ROOT` after the loop (one test per computation, not per line)
            count = len(operands)
            if count == 2:
                text = f"  {name} = {shape_text} {instr.opcode}({operands[0].name}, {operands[1].name})"
            elif count == 1:
                text = f"  {name} = {shape_text} {instr.opcode}({operands[0].name})"
            else:
                opcode = instr.opcode
                if count:
                    text = f"  {name} = {shape_text} {opcode}({', '.join([o.name for o in operands])})"
                elif opcode == "parameter":
                    text = f"  {name} = {shape_text} parameter({instr.parameter_number})"
                elif opcode == "constant":
                    literal = instr.literal
                    assert literal is not None, instr.name
                    args = literals.get(id(literal))
                    if args is None:
                        if ndarray is None:
                            from numpy import ndarray  # only for a module with constants (its literals loaded numpy)
                        value = literal.value
                        if type(value) is ndarray and not value.ndim:  # most constants are scalars, many alike
                            key = (literal.shape.element_type, value.tobytes())
                            try:
                                args = scalars[key]
                            except KeyError:
                                from hlo_translate.hlo.literal import scalar_text

                                args = scalars[key] = scalar_text(key[0], value.dtype, key[1])
                        else:
                            args = literal.to_text()
                        literals[id(literal)] = args
                    text = f"  {name} = {shape_text} constant({args})"
                else:
                    text = f"  {name} = {shape_text} {opcode}()"
            attributes = instr.attributes
            if not attributes:
                append(text)
                continue
            for item in attributes.items():
                value = item[1]
                kind = type(value)
                if kind is tuple:
                    for v in value:
                        if type(v) is not int:
                            seen = printed.get(id(value))  # (a tuple of records: as a record, below)
                            if seen is not None and seen[0] == item[0]:
                                text += seen[1]
                                break
                            attribute = None
                            slice_key: tuple[Any, ...] | None = None
                            if type(v) is SliceDim:  # equal slices print alike (ints): by value, a key made
                                # in C (the records' own __hash__ and __eq__ are Python calls per dimension)
                                try:
                                    slice_key = (item[0], SliceDim, *map(_SLICE_FIELDS, value))
                                except AttributeError:  # not only slices: by object only
                                    pass
                                else:
                                    attribute = texts.get(slice_key)
                            if attribute is None:
                                attribute = f", {item[0]}={print_attribute(*item)}"
                                if slice_key is not None:
                                    texts[slice_key] = attribute
                            printed[id(value)] = (item[0], attribute)
                            text += attribute
                            break
                    else:  # a tuple of ints (most attributes): its text once per pass
                        try:
                            text += texts[item]
                        except KeyError:
                            text += texts.setdefault(item, f", {item[0]}={print_attribute(*item)}")
                elif kind is HloComputation and item[0] in _COMPUTATION_NAMES:
                    text += f", {item[0]}={value.name}"
                elif kind in _PLAIN_VALUES:
                    try:
                        text += texts[item]
                    except KeyError:
                        text += texts.setdefault(item, f", {item[0]}={print_attribute(*item)}")
                else:  # a record (metadata, slice, padding, ...): once per object, which the parser and the
                    # proto reader share between instructions (the module keeps each alive while we print)
                    seen = printed.get(id(value))
                    if seen is not None and seen[0] == item[0]:
                        text += seen[1]
                        continue
                    attribute = None
                    key = item
                    by_value = kind in _PRINTED_ALIKE_WHEN_EQUAL  # the exporter makes one per instruction
                    if by_value:
                        try:
                            if kind is PaddingConfig:  # a key made in C, as for slices above
                                key = (item[0], PaddingConfig, *map(_PADDING_FIELDS, value.dimensions))
                            attribute = texts.get(key)
                        except (TypeError, AttributeError):  # a record built with a list inside: by object only
                            by_value = False
                    if attribute is None:
                        attribute = f", {item[0]}={print_attribute(*item)}"
                        if by_value:
                            texts[key] = attribute
                    printed[id(value)] = (item[0], attribute)
                    text += attribute
            append(text)
        root = comp.root
        if root is not None:
            if instructions and instructions[-1] is root:  # (most computations)
                out[-1] = f"  ROOT {out[-1][2:]}"
            else:
                _mark_root(out, len(out) - len(instructions), instructions, root)
        thread = comp.execution_thread
        append("}\n" if thread is None else f'}}, execution_thread="{thread}"\n')  # and the empty line after


def _mark_root(out: list[str], first: int, instructions: list[HloInstruction], root: HloInstruction) -> None:
    """Spell `ROOT` on the line of `root`, one of `instructions` whose lines start at `out[first]` (the root
    not last: rare)."""
    for index, instr in enumerate(instructions, first):
        if instr is root:
            out[index] = f"  ROOT {out[index][2:]}"
            return


_PLAIN_VALUES = frozenset({int, str})
# Records whose fields are only strings and ints (and records of them): equal ones print alike, so their text
# is kept by value, not only by object.
_PRINTED_ALIKE_WHEN_EQUAL = frozenset({OpMetadata, PaddingConfig, Window})
_SLICE_FIELDS = attrgetter("start", "limit", "stride")
_PADDING_FIELDS = attrgetter("edge_padding_low", "edge_padding_high", "interior_padding")
_COMPUTATION_NAMES = frozenset(name for name, codec in CODECS.items() if codec is COMPUTATION)  # `to_apply=name`


def compatible(a: Shape, b: Shape) -> bool:
    """XLA's `ShapeUtil::Compatible`: equal but for layouts and which dimensions are dynamic."""
    if a.is_tuple or b.is_tuple:
        return (
            a.is_tuple
            and b.is_tuple
            and len(a.tuple_shapes) == len(b.tuple_shapes)
            and all(compatible(x, y) for x, y in zip(a.tuple_shapes, b.tuple_shapes))
        )
    return a.element_type == b.element_type and a.dimensions == b.dimensions


def _with_percent_names(module: HloModule) -> HloModule:
    """A copy of `module` whose keyword-like names are spelled `%name`, as XLA's parser needs them (rare: the
    printer's common path leaves names as they are, and meets such a name as it prints it)."""
    module = copy.deepcopy(module)
    for thing in [module, *module.computations, *(i for c in module.computations for i in c.instructions)]:
        if thing.name in RESERVED_BARE_NAMES:
            thing.name = "%" + thing.name
    return module


def stack_frames_text(index: StackFrameIndex) -> str:
    """The table's four sections as XLA prints them, entries numbered from 1."""
    lines = ["FileNames"] + [f"{n} {quote(v)}" for n, v in enumerate(index.file_names, 1)]
    lines += ["", "FunctionNames"] + [f"{n} {quote(v)}" for n, v in enumerate(index.function_names, 1)]
    lines += ["", "FileLocations"]
    for n, loc in enumerate(index.file_locations, 1):
        lines.append(
            f"{n} {{file_name_id={loc.file_name_id} function_name_id={loc.function_name_id} "
            f"line={loc.line} end_line={loc.end_line} column={loc.column} end_column={loc.end_column}}}"
        )
    lines += ["", "StackFrames"]
    for n, frame in enumerate(index.stack_frames, 1):
        # HLO text numbers parent frames one higher than the proto (and the IR) does
        lines.append(f"{n} {{file_location_id={frame.file_location_id} parent_frame_id={frame.parent_frame_id + 1}}}")
    return "\n".join(lines)
