"""Module-level rules: shapes and layouts well formed, parameters numbered, the entry computation layout."""

from __future__ import annotations

from collections.abc import Iterable
from operator import attrgetter
from typing import cast

from hlo_translate.hlo.ir import HloComputation, HloInstruction, HloModule, Shape, shape_problem
from hlo_translate.hlo.verify.core import Violation, fail, same_shape, text


def check_instruction_shape(instr: HloInstruction, checked: set[int]) -> None:
    """`instr`'s shape is well formed; `checked` holds the ids of shape objects already found so (the parser
    shares one object among instructions of one shape)."""
    if id(instr.shape) in checked:
        return
    problem = shape_problem(instr.shape)
    if problem:
        raise fail(instr, "layout", problem)
    checked.add(id(instr.shape))


def check_parameters(comp: HloComputation) -> list[HloInstruction]:
    """Parameters are numbered 0..n-1, each number once. Returns them in number order."""
    params = [i for i in comp.instructions if i.opcode == "parameter"]
    numbers = [i.parameter_number for i in params]
    if numbers != list(range(len(numbers))):  # (most are in order: no sort)
        numbers.sort()
        if numbers != list(range(len(numbers))):
            raise Violation(
                "parameters",
                f"computation {comp.name} has parameters numbered {numbers}, not 0..{len(numbers) - 1}",
                op=comp.name,
            )
        params.sort(key=_PARAMETER_NUMBER)
    if comp.root is None:
        raise Violation("root", f"computation {comp.name} has no root", op=comp.name)
    return params


_PARAMETER_NUMBER = attrgetter("parameter_number")


def check_entry_layout(module: HloModule, entry_params: list[HloInstruction] | None = None) -> None:
    """`entry_computation_layout` agrees with the entry's parameters and root (layouts aside). `entry_params`:
    the entry's parameters in number order, when check_parameters has passed it."""
    layout = module.entry_computation_layout
    if layout is None or module.entry is None:
        return
    params, result = program_shape_of(module.entry, entry_params)
    where = "entry_computation_layout"
    problem = _first_problem((*layout.parameters, layout.result), set())
    if problem:
        raise Violation("entry-layout", f"{where}: {problem}", op=module.entry.name)
    if len(layout.parameters) != len(params):
        raise Violation(
            "entry-layout",
            f"{where} has {len(layout.parameters)} parameters, the entry {len(params)}",
            op=module.entry.name,
        )
    for i, (given, actual) in enumerate(zip(layout.parameters, params)):
        if not same_shape(given, actual):
            raise Violation(
                "entry-layout",
                f"{where} gives parameter {i} as {text(given)}, the entry has {text(actual)}",
                op=module.entry.name,
            )
    if not same_shape(layout.result, result):
        raise Violation(
            "entry-layout",
            f"{where} gives the result as {text(layout.result)}, the entry returns {text(result)}",
            op=module.entry.name,
        )


def _first_problem(shapes: Iterable[Shape], good: set[int]) -> str | None:
    """shape_problem of the first of `shapes` that has one (a tuple's: its first element's), each shape
    object looked at once: `good` holds the ids of those found well formed (the parser shares one object
    among a layout's parameters of one shape; a 300-parameter entry has two)."""
    for shape in shapes:
        if id(shape) in good:
            continue
        problem = _first_problem(shape.tuple_shapes, good) if shape.is_tuple else shape_problem(shape)
        if problem:
            return problem
        good.add(id(shape))
    return None


def program_shape_of(comp: HloComputation, checked_params: list[HloInstruction] | None) -> tuple[list[Shape], Shape]:
    """comp.program_shape(), from its parameters in number order when check_parameters has found them (then it
    has a root): the entry holds most instructions, a second search of it costs a millisecond per 50k."""
    if checked_params is None:
        return comp.program_shape()
    return [p.shape for p in checked_params], cast(HloInstruction, comp.root).shape


def check_aliases(module: HloModule, entry_params: list[HloInstruction] | None = None) -> None:
    """`input_output_alias` and `buffer_donor` name real parameters and valid tuple indices (XLA's loaders
    refuse the module otherwise). `entry_params` as for check_entry_layout."""
    if module.entry is None or not (module.input_output_alias or module.buffer_donor):
        return
    params, result = program_shape_of(module.entry, entry_params)
    for alias in module.input_output_alias:
        if not _index_is_valid(result, alias.output_index):
            raise Violation(
                "alias",
                f"input_output_alias: output index {list(alias.output_index)} is not in {text(result)}",
                op=module.entry.name,
            )
    for entry in (*module.input_output_alias, *module.buffer_donor):
        if not 0 <= entry.parameter_number < len(params) or not _index_is_valid(
            params[entry.parameter_number], entry.parameter_index
        ):
            raise Violation(
                "alias",
                f"parameter {entry.parameter_number} at {list(entry.parameter_index)} is not in the entry's parameters",
                op=module.entry.name,
            )


def _index_is_valid(shape: Shape, index: tuple[int, ...]) -> bool:
    for i in index:
        if not shape.is_tuple or not 0 <= i < len(shape.tuple_shapes):
            return False
        shape = shape.tuple_shapes[i]
    return True
