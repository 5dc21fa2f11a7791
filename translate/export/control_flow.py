"""Control flow: while, if, case, optimization_barrier.

StableHLO regions of these ops may use values from the enclosing function (implicit captures).
HLO computations cannot, so captures travel as data, the way XLA's converter does it:
- while: captures are appended to the loop state and passed through by the body unchanged;
- if/case: each branch takes one operand holding its own captures (see `regions.captures_operand`).
"""

from __future__ import annotations

from jaxlib.mlir import ir

from hlo_translate.errors import TranslateError
from hlo_translate.export import mlir_attrs as A
from hlo_translate.export.captures import captures_of
from hlo_translate.export.context import Builder, op_location
from hlo_translate.export.regions import (
    branch_computation,
    captures_operand,
    flat_computation,
    leaves,
    pack,
    tuple_computation,
)
from hlo_translate.export.registry import handles
from hlo_translate.hlo.ir import HloComputation, HloInstruction, PrimitiveType, Shape, with_default_layouts
from hlo_translate.hlo.sharding import HloSharding, for_shape
from hlo_translate.hlo.verify.shardings import sharding_shape_problem
from hlo_translate.markers import ADD_DEPENDENCY, FROM_HLO_OPCODE, XLA_SHAPE


@handles("stablehlo.while")
def _while(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    cond_region, body_region = op.regions[0], op.regions[1]
    captures = captures_of([cond_region, body_region])
    state = _state_shape(b, op, captures)
    init = pack(b, state, iter(b.operands(op) + [b.value(v) for v in captures]))
    condition = tuple_computation(b, cond_region, captures, "region", pass_captures=False, state=state)
    body = tuple_computation(b, body_region, captures, "region", pass_captures=True, state=state)
    loop = b.add("while", init.shape, [init], {"condition": condition, "body": body})
    _loop_sharding(b, op, loop, captures)
    if not A.has(op, XLA_SHAPE):
        return [b.gte(loop, i) for i in range(len(op.results))]
    return leaves(b, loop)[: len(op.results)]


def _loop_sharding(b: Builder, op: ir.Operation, loop: HloInstruction, captures: list[ir.Value]) -> None:
    """The op's `mhlo.sharding` on the loop. A tuple one names the op's results only: the captured values
    the state carries too get their own shardings (replicated where they have none), as XLA's converter
    extends it."""
    attr = A.get(op, "mhlo.sharding")
    if attr is None:
        return
    sharding = b.ctx.sharding(attr, op.name, op_location(op))
    if sharding.is_tuple and captures and len(sharding.tuple_elements) == len(op.results):
        extra = [b.value(v).attributes.get("sharding") or HloSharding.replicated() for v in captures]
        sharding = HloSharding.tuple([*sharding.tuple_elements, *extra])
    sharding = for_shape(b.ctx.checked_sharding(sharding, op.name, op_location(op)), loop.shape)
    problem = sharding_shape_problem(sharding, loop.shape)
    if problem is not None:
        raise TranslateError(problem, op=op.name, location=op_location(op))
    loop.attributes["sharding"] = sharding


def _state_shape(b: Builder, op: ir.Operation, captures: list[ir.Value]) -> Shape:
    """The loop state: a flat tuple of the operands and captures, or the shape the importer recorded
    in `xla_shape` (a nested tuple or a single array), whose leaves must be the operands' types."""
    operands = [b.shape(v) for v in op.operands]
    flat = Shape.tuple_of(operands + [b.shape(v) for v in captures])
    given = A.hlo_shape(op, XLA_SHAPE)
    if given is None:
        return flat
    given = with_default_layouts(given)
    if not given.holds(operands):
        raise TranslateError(
            f"{XLA_SHAPE} {given.to_text(print_layout=False)} does not hold the loop's "
            f"operands {flat.to_text(print_layout=False)}"
        )
    if captures:
        if not given.is_tuple:
            given = Shape.tuple_of([given])
        given = Shape.tuple_of(list(given.tuple_shapes) + [b.shape(v) for v in captures])
    return given


def _result_shape(b: Builder, op: ir.Operation) -> Shape:
    """The conditional's shape: the one the importer recorded in `xla_shape` (a 1-tuple or a nested tuple
    whose leaves are the results, docs/import.md), a 1-tuple for one result marked `xla.tuple` (the
    marker of earlier versions), else the one result's shape or a tuple of all."""
    given = A.hlo_shape(op, XLA_SHAPE)
    if given is not None:
        given = with_default_layouts(given)
        results = [b.shape(r) for r in op.results]
        if not given.holds(results):
            raise TranslateError(
                f"{XLA_SHAPE} {given.to_text(print_layout=False)} does not hold the results "
                f"{Shape.tuple_of(results).to_text(print_layout=False)}",
                op=op.name,
                location=op_location(op),
            )
        return given
    if len(op.results) == 1 and A.boolean(A.get(op, "xla.tuple")):
        return Shape.tuple_of([b.shape(op.results[0])])
    return b.result_shape(op)


@handles("stablehlo.if")
def _if(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    shape = _result_shape(b, op)
    branches, operands = _branches(b, op, shape)
    attrs = {"true_computation": branches[0], "false_computation": branches[1]}
    instr = b.add("conditional", shape, [b.value(op.operands[0]), *operands], attrs)
    return _split(b, op, instr)


def _branches(b: Builder, op: ir.Operation, shape: Shape) -> tuple[list[HloComputation], list[HloInstruction]]:
    """Each region as a branch computation returning `shape`, and the operand carrying the values it
    captures."""
    nested = shape if A.has(op, XLA_SHAPE) else None  # (else a flat tuple or one result: see _result_shape)
    branches, operands = [], []
    for region in op.regions:
        captures = captures_of([region])
        operands.append(captures_operand(b, captures))
        branches.append(branch_computation(b, region, captures, force_tuple=shape.is_tuple, result=nested))
    return branches, operands


def _split(b: Builder, op: ir.Operation, instr: HloInstruction) -> list[HloInstruction]:
    if A.has(op, XLA_SHAPE):
        return leaves(b, instr)
    if instr.shape.is_tuple and len(op.results) == 1:
        return [b.gte(instr, 0)]
    return b.split(op, instr)


@handles("stablehlo.case")
def _case(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    shape = _result_shape(b, op)
    branches, operands = _branches(b, op, shape)
    instr = b.add(
        "conditional",
        shape,
        [b.value(op.operands[0]), *operands],
        {"branch_computations": tuple(branches)},
    )
    return _split(b, op, instr)


@handles("stablehlo.optimization_barrier")
def _optimization_barrier(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    # HLO's opt-barrier takes and returns one tuple, or one array where the importer marked it.
    if A.has(op, ADD_DEPENDENCY):
        return _add_dependency(b, op)
    if len(op.results) == 1 and not A.boolean(A.get(op, "xla.tuple"), True):
        return [b.add("opt-barrier", b.shape(op.results[0]), b.operands(op))]
    operand = b.tuple(b.operands(op))
    barrier = b.add("opt-barrier", operand.shape, [operand])
    return [b.gte(barrier, i) for i in range(len(op.results))]


def _add_dependency(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    """The barrier over (value leaves..., token) an HLO add-dependency imported as: that add-dependency."""
    operands = b.operands(op)
    if len(operands) < 2 or operands[-1].shape.element_type != PrimitiveType.TOKEN:
        raise TranslateError(f"{ADD_DEPENDENCY}: the barrier's last operand must be a token")
    leaves = operands[:-1]
    value = leaves[0] if len(leaves) == 1 else b.tuple(leaves)
    instr = b.add("add-dependency", value.shape, [value, operands[-1]])
    values = [instr] if len(leaves) == 1 else [b.gte(instr, i) for i in range(len(leaves))]
    return [*values, operands[-1]]


@handles("chlo.scan")
def _scan(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    """A `chlo.scan` imported from HLO scan (FROM_HLO_OPCODE; the CHLO pass decomposes any other): that scan,
    its body the computation, its results (outputs, carries) one tuple."""
    if not A.has(op, FROM_HLO_OPCODE):
        raise TranslateError("chlo.scan reached the exporter undecomposed")
    carries = list(ir.DenseI32ArrayAttr(op.attributes["operandSegmentSizes"]))[1]
    attrs: dict[str, object] = {
        "dimensions": (A.integer(op.attributes["dimension"]),),
        "num_carries": carries,
        "to_apply": flat_computation(b, op.regions[0], "scan_body"),
    }
    for flag in ("is_reverse", "is_associative"):
        if A.has(op, flag):
            attrs[flag] = A.boolean(A.get(op, flag))
    shape = Shape.tuple_of([b.shape(r) for r in op.results])
    instr = b.add("scan", shape, b.operands(op), attrs)
    return [b.gte(instr, i) for i in range(len(op.results))]
