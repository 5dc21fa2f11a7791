"""Module-level rules: shapes and layouts well formed, parameters numbered, the entry computation layout."""

from __future__ import annotations

from hlo_translate.hlo.ir import HloComputation, HloInstruction, HloModule
from hlo_translate.hlo.types import UNBOUNDED, DimLevelType, PrimitiveType, Shape
from hlo_translate.hlo.verify.core import Violation, fail, same_shape, text


def shape_problem(shape: Shape) -> str | None:
    """Why `shape` is not a valid HLO shape (a negative dimension, a layout of another rank), or None."""
    if shape.is_tuple:
        for element in shape.tuple_shapes:
            problem = shape_problem(element)
            if problem:
                return problem
        return None
    if shape.element_type in (PrimitiveType.TOKEN, PrimitiveType.OPAQUE_TYPE):
        return f"{text(shape)} has dimensions" if shape.dimensions else None
    if not shape.is_array:
        return None
    if any(d < 0 and d != UNBOUNDED for d in shape.dimensions):
        return f"{text(shape)} has a negative dimension"
    # XLA multiplies the dimensions, then the element's bytes, in int64: an overflow on the way counts
    # even when a later 0 would bring the product back
    size, overflow = 1, False
    for factor in (*(d for d in shape.dimensions if d != UNBOUNDED), -(-shape.element_type.bit_width // 8)):
        size *= factor
        overflow = overflow or size >= 2**63
    if overflow:
        return f"the size of {text(shape)} in bytes overflows int64, as XLA computes it"
    layout = shape.layout
    if layout is not None and not any(d != DimLevelType.DIM_DENSE for d in layout.dim_level_types):
        for what, kind in (("index", layout.index_primitive_type), ("pointer", layout.pointer_primitive_type)):
            if kind != PrimitiveType.PRIMITIVE_TYPE_INVALID:   # (XLA's LayoutUtil refuses these, text or proto)
                return f"layout {layout.to_text()} of {text(shape)} has a {what} type, but is not a sparse array"
    if layout is not None and sorted(layout.minor_to_major) != list(range(shape.rank)):
        return (f"layout {layout.to_text()} of {text(shape)} is not a permutation of its "
                f"{shape.rank} dimensions")
    return None


def check_instruction_shape(instr: HloInstruction, checked: set[int]) -> None:
    """`instr`'s shape is well formed; `checked` holds the ids of shape objects already found so (the parser
    shares one object among instructions of one shape)."""
    if id(instr.shape) in checked:
        return
    problem = shape_problem(instr.shape)
    if problem:
        raise fail(instr, "layout", problem)
    checked.add(id(instr.shape))


def check_parameters(comp: HloComputation) -> None:
    """Parameters are numbered 0..n-1, each number once."""
    numbers = sorted(i.parameter_number for i in comp.instructions if i.opcode == "parameter")
    if numbers != list(range(len(numbers))):
        raise Violation("parameters", f"computation {comp.name} has parameters numbered {numbers}, "
                                      f"not 0..{len(numbers) - 1}", op=comp.name)
    if comp.root is None:
        raise Violation("root", f"computation {comp.name} has no root", op=comp.name)


def check_entry_layout(module: HloModule) -> None:
    """`entry_computation_layout` agrees with the entry's parameters and root (layouts aside)."""
    layout = module.entry_computation_layout
    if layout is None or module.entry is None:
        return
    params, result = module.entry.program_shape()
    where = "entry_computation_layout"
    for shape in (*layout.parameters, layout.result):
        problem = shape_problem(shape)
        if problem:
            raise Violation("entry-layout", f"{where}: {problem}", op=module.entry.name)
    if len(layout.parameters) != len(params):
        raise Violation("entry-layout", f"{where} has {len(layout.parameters)} parameters, the entry "
                                        f"{len(params)}", op=module.entry.name)
    for i, (given, actual) in enumerate(zip(layout.parameters, params)):
        if not same_shape(given, actual):
            raise Violation("entry-layout", f"{where} gives parameter {i} as {text(given)}, the entry has "
                                            f"{text(actual)}", op=module.entry.name)
    if not same_shape(layout.result, result):
        raise Violation("entry-layout", f"{where} gives the result as {text(layout.result)}, the entry returns "
                                        f"{text(result)}", op=module.entry.name)


def check_aliases(module: HloModule) -> None:
    """`input_output_alias` and `buffer_donor` name real parameters and valid tuple indices (XLA's loaders
    refuse the module otherwise)."""
    if module.entry is None or not (module.input_output_alias or module.buffer_donor):
        return
    params, result = module.entry.program_shape()
    for alias in module.input_output_alias:
        if not _index_is_valid(result, alias.output_index):
            raise Violation("alias", f"input_output_alias: output index {list(alias.output_index)} is not in "
                                     f"{text(result)}", op=module.entry.name)
    for entry in (*module.input_output_alias, *module.buffer_donor):
        if not 0 <= entry.parameter_number < len(params) or \
                not _index_is_valid(params[entry.parameter_number], entry.parameter_index):
            raise Violation("alias", f"parameter {entry.parameter_number} at {list(entry.parameter_index)} is "
                                     "not in the entry's parameters", op=module.entry.name)


def _index_is_valid(shape: Shape, index: tuple[int, ...]) -> bool:
    for i in index:
        if not shape.is_tuple or not 0 <= i < len(shape.tuple_shapes):
            return False
        shape = shape.tuple_shapes[i]
    return True
