"""Shape polymorphism: a module with dynamic argument shapes, refined to static shapes before export.

`jax.export` with symbolic dimensions writes `tensor<?x4xf32>` arguments, `stablehlo.dynamic_*` ops
and `shape_assertion` custom calls. Given the static shapes of @main's arguments, `refine_module`
1. retypes @main's arguments (a `convert` back to the old type keeps the body valid),
2. checks the shape assertions alone (the ops of @main they depend on, refined) and reports a failing
   one with its own message,
3. runs StableHLO's shape refinement (jaxlib's `refine_polymorphic_shapes`, a preparation pass used as
   a library) over the whole module, which must leave only static shapes.
The export that follows is ours.

A module whose @main arguments are all static but whose body has dynamic shapes that constants
determine (`stablehlo.dynamic_iota` of a constant shape typed `tensor<?x?xi64>`, as StableHLO's
interpreter tests and some producers write) needs no input shapes: the exporter raises
`NeedsRefinement` at the first such value and `stablehlo_to_hlo` refines the module once
(`refine_static`) and exports again.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence

from jaxlib.mlir import ir
from jaxlib.mlir.dialects import func, stablehlo

from hlo_translate.errors import TranslateError
from hlo_translate.export import mlir_attrs as A
from hlo_translate.hlo.ir import Shape
from hlo_translate.mlir.context import module_to_bytecode
from hlo_translate.typemap import element_type_from_mlir, shape_to_mlir

log = logging.getLogger(__name__)

SHAPE_ASSERTION = "shape_assertion"
_FIRST_ERROR = re.compile(r"error: (?:loc\([^)]*\): )?(.*)")


class NeedsRefinement(TranslateError):
    """A dynamic shape the exporter cannot translate as it is, which shape refinement may make static."""


def refine_static(module: ir.Module, cause: NeedsRefinement) -> ir.Module:
    """`module`, whose @main arguments are static, with every shape refined (a new module).

    Raises `cause` (the exporter's error) when refinement fails or leaves a dynamic shape.
    """
    check_static_arguments(module)
    try:
        refined = _refine(module, assertions=True)
    except TranslateError as err:
        log.debug("refinement of a module with static arguments failed: %s", err.message)
        raise cause from None
    log.debug("refined a module with static arguments and dynamic shapes inside")
    return refined


def parse_input_shapes(text: str) -> list[Shape]:
    """`'f32[8,4],s32[8]'` -> one array shape per argument of @main.

    >>> [s.to_short_text() for s in parse_input_shapes("f32[8,4],s32[8]")]
    ['f32[8,4]', 's32[8]']
    """
    from hlo_translate.hlo.text import parse_shape

    try:
        shape = parse_shape(f"({text})")
    except TranslateError as err:
        raise TranslateError(f"bad input shapes '{text}': {err.message}") from None
    for i, s in enumerate(shape.tuple_shapes):
        if not s.is_array or s.is_dynamic:
            raise TranslateError(
                f"bad input shapes '{text}': shape {i} ({s.to_text(print_layout=False)}) is not a static array shape"
            )
    return list(shape.tuple_shapes)


def main_function(module: ir.Module) -> ir.Operation:
    for op in module.operation.regions[0].blocks[0].operations:
        if op.operation.name == "func.func" and A.string(op.attributes["sym_name"]) == "main":
            return op.operation
    raise TranslateError("the module has no function named 'main'")


def is_unbounded_dynamic(t: ir.Type) -> bool:
    """A tensor type with a `?` dimension and no bound (bounded ones are HLO's `<=N` dimensions)."""
    if not isinstance(t, ir.RankedTensorType):
        return isinstance(t, ir.ShapedType) and not t.has_rank
    return not t.has_static_shape and t.encoding is None


def check_static_arguments(module: ir.Module) -> None:
    """Raise, naming the argument, when @main of a shape-polymorphic JAX program has an argument of unknown
    shape and no shapes were given: its dimension variables and shape assertions need static shapes. Any other
    module keeps an unbounded dimension as HLO's `?` (`f32[?,4]`), as XLA's converter writes it."""
    main = main_function(module)
    if not _shape_polymorphic(module, main):
        return
    for i, arg in enumerate(main.regions[0].blocks[0].arguments):
        if is_unbounded_dynamic(arg.type):
            raise TranslateError(
                f"argument {i} of @main has the dynamic type {arg.type}: give the static "
                "shapes of @main's arguments with --input-shapes (input_shapes=)"
            )


def _shape_polymorphic(module: ir.Module, main: ir.Operation) -> bool:
    """A JAX program with symbolic dimensions: `jax.export` marks the module `jax.uses_shape_polymorphism`,
    `jax.jit(f).lower` passes dimension variables as arguments (`jax.global_constant`)."""
    marked = A.get(module.operation, "jax.uses_shape_polymorphism")
    return (marked is not None and A.boolean(marked)) or bool(_dimension_variables(main))


def refine_module(module: ir.Module, input_shapes: Sequence[Shape]) -> ir.Module:
    """`module` with @main's arguments of `input_shapes` and every shape refined (a new module)."""
    types = _static_types(main_function(module), input_shapes)
    _check_assertions(module, types)
    refined = _refine(_retyped_copy(module, types), assertions=True)
    _drop_identity_converts(main_function(refined))
    log.debug("refined @main to %s", ", ".join(map(str, types)))
    return refined


def _dimension_variables(main: ir.Operation) -> dict[int, str]:
    """Arguments that carry a dimension variable (`jax.global_constant = "b"`, what `jax.jit(f).lower`
    writes for symbolic shapes): their index -> the variable's name."""
    if "arg_attrs" not in main.attributes:
        return {}
    found = {}
    for i, attrs in enumerate(ir.ArrayAttr(main.attributes["arg_attrs"])):
        attrs = ir.DictAttr(attrs)
        if "jax.global_constant" in attrs:
            found[i] = A.string(attrs["jax.global_constant"])
    return found


def _static_types(main: ir.Operation, shapes: Sequence[Shape]) -> list[ir.Type]:
    args = list(main.regions[0].blocks[0].arguments)
    variables = _dimension_variables(main)
    if variables:
        i, name = next(iter(variables.items()))
        raise TranslateError(
            f"argument {i} of @main is the dimension variable '{name}' (a lowered, not exported, "
            "shape-polymorphic function): translate what jax.export writes, which computes it "
            "from the argument shapes"
        )
    if len(shapes) != len(args):
        lacking = ""
        if len(shapes) < len(args):
            lacking = f"; argument {len(shapes)} ({args[len(shapes)].type}) lacks a shape"
        raise TranslateError(f"{len(shapes)} input shapes given for the {len(args)} arguments of @main{lacking}")
    types = []
    for i, (arg, shape) in enumerate(zip(args, shapes)):
        tensor = arg.type
        if not isinstance(tensor, ir.RankedTensorType):
            raise TranslateError(f"argument {i} of @main has the type {tensor}, which no input shape can refine")
        static = shape_to_mlir(shape)
        dims_fit = tensor.rank == shape.rank and all(
            tensor.is_dynamic_dim(d) or tensor.get_dim_size(d) == n for d, n in enumerate(shape.dimensions)
        )
        if element_type_from_mlir(tensor.element_type) != shape.element_type or not dims_fit:
            raise TranslateError(
                f"input shape {i} ({shape.to_text(print_layout=False)}) does not fit argument {i} of @main ({arg.type})"
            )
        types.append(static)
    return types


def _retyped_copy(module: ir.Module, types: Sequence[ir.Type]) -> ir.Module:
    """A copy of `module` whose @main takes `types`; each retyped argument is converted back to its old
    type first, so every use stays valid until refinement rewrites it."""
    copy = ir.Module.parse(module_to_bytecode(module))
    main = main_function(copy)
    block = main.regions[0].blocks[0]
    first = block.operations[0]
    for arg, new in zip(block.arguments, types):
        old = arg.type
        if old == new:
            continue
        arg.set_type(new)
        with ir.InsertionPoint(first), ir.Location.unknown():
            back = stablehlo.ConvertOp(old, arg)
        arg.replace_all_uses_except(back.result, back.operation)
    function_type = ir.FunctionType(ir.TypeAttr(main.attributes["function_type"]).value)
    main.attributes["function_type"] = ir.TypeAttr.get(ir.FunctionType.get(list(types), list(function_type.results)))
    return copy


def _drop_identity_converts(main: ir.Operation) -> None:
    """Remove the argument converts `_retyped_copy` added, now that refinement made them no-ops."""
    for op in list(main.regions[0].blocks[0].operations):
        operation = op.operation
        if operation.name != "stablehlo.convert":
            continue
        operand, result = operation.operands[0], operation.results[0]
        if isinstance(operand.owner, ir.Block) and operand.type == result.type:
            result.replace_all_uses_with(operand)
            operation.erase()


def _check_assertions(module: ir.Module, types: Sequence[ir.Type]) -> None:
    """Refine only the shape assertions of @main (and what they read), so that a failing assertion is
    reported before any shape error it guards against."""
    copy = _retyped_copy(module, types)
    main = main_function(copy)
    block = main.regions[0].blocks[0]
    ops = list(block.operations)
    assertions = [op for op in ops if _is_assertion(op)]
    if not assertions:
        return
    keep = _backward_slice(assertions)
    terminator = ops[-1]
    with ir.InsertionPoint(terminator), terminator.location:
        func.ReturnOp([])
    terminator.operation.erase()
    for op in reversed(ops[:-1]):
        if op.operation not in keep:
            op.operation.erase()
    main.attributes["function_type"] = ir.TypeAttr.get(ir.FunctionType.get(list(types), []))
    if "res_attrs" in main.attributes:
        del main.attributes["res_attrs"]
    _refine(copy, assertions=True, static=False)


def _is_assertion(op: ir.OpView) -> bool:
    operation = op.operation
    return (
        operation.name == "stablehlo.custom_call"
        and A.string(operation.attributes["call_target_name"]) == SHAPE_ASSERTION
    )


def _backward_slice(roots: list[ir.OpView]) -> set[ir.Operation]:
    """The ops of one block that `roots` depend on, through operands defined by ops of that block."""
    keep: set[ir.Operation] = set()
    work = [r.operation for r in roots]
    while work:
        op = work.pop()
        if op in keep:
            continue
        keep.add(op)
        for value in op.operands:
            owner = value.owner
            if not isinstance(owner, ir.Block):  # a block argument depends on nothing
                work.append(owner.operation)
    return keep


def _refine(module: ir.Module, *, assertions: bool, static: bool = True) -> ir.Module:
    # Lazy: jaxlib's XLA extension is large and only shape refinement needs it.
    from jaxlib._jax import mlir as xla_mlir

    try:
        refined = xla_mlir.refine_polymorphic_shapes(
            module_to_bytecode(module), enable_shape_assertions=assertions, validate_static_shapes=static
        )
    except Exception as err:  # jaxlib raises its runtime error type with XLA's status text
        raise TranslateError(_refinement_message(str(err))) from None
    return ir.Module.parse(refined)


def _refinement_message(text: str) -> str:
    """XLA's status text as one line: the first MLIR error (a failed shape assertion says so)."""
    m = _FIRST_ERROR.search(text)
    message = (m.group(1) if m else text.splitlines()[0]).strip()
    if SHAPE_ASSERTION in text and "Input shapes do not match" in message or "shape assertion" in message.lower():
        return f"shape assertion failed for the given input shapes: {message}"
    return f"shape refinement failed for the given input shapes: {message}"
