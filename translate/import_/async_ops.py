"""Async values, HLO -> StableHLO: the spec form wherever StableHLO's verifier allows it, else a fallback.

A start whose only user is its done, with one array operand (dedicated forms) or a wrapped computation
holding exactly one op that StableHLO allows in `async_start` (generic bundles, also written as sugar
like `reduce-scatter-start`), becomes

    %f = "stablehlo.async_start"(%x) ({ ^bb0(%a): %r = <the op>(%a) ...; stablehlo.return %r })
           {xla_shape = "...", xla.execution_thread = "..."}   // only when not the canonical shape / main
    %y = "stablehlo.async_done"(%f)

Everything else (async-updates, bundles over fusions or custom calls, copy-start, tuple-shaped or
in-place starts, extra backend configs) becomes `stablehlo.custom_call @"xla.<opcode>"`, one per HLO
instruction, in place: the bundle is one tuple-typed value, the wrapped computation a private function
in `called_computations` (its `execution_thread` as a function attribute), every other attribute its HLO
text in `xla.attributes`. See `translate.async_forms` and docs/async.md.
"""

from __future__ import annotations

from typing import Any

from jaxlib.mlir import ir
from jaxlib.mlir.dialects import stablehlo

from hlo_translate.async_forms import (
    BUNDLE_CONSUMERS,
    BY_START,
    BY_WRAPPED_OPCODE,
    CALLED_COMPUTATION_ATTR,
    FALLBACK_ATTRIBUTES,
    FALLBACK_COMPUTATION_ATTRIBUTES,
    FALLBACK_LITERAL,
    FALLBACK_PREFIX,
    LEAF_OPCODES,
    PLAIN_FALLBACK_OPCODES,
    AsyncForm,
    StartShape,
    context_of,
    has_leaf_results,
    implied_bundle,
    start_shape,
    with_default_layouts,
)
from hlo_translate.hlo.ir import COMPUTATION_ATTRS, HloComputation, HloInstruction, Shape
from hlo_translate.hlo.text import print_attribute
from hlo_translate.import_ import attrs as A
from hlo_translate.import_.importer import (
    FALLBACK,
    FALLBACK_KEY,
    ModuleImporter,
    OpContext,
    Tree,
    flat_types,
    register,
    unflatten,
)
from hlo_translate.markers import EXECUTION_THREAD, FROM_HLO_OPCODE, OPERAND_SHAPE, XLA_SHAPE
from hlo_translate.typemap import shape_to_mlir

COMMON_ATTRS = frozenset({"frontend_attributes", "sharding", "metadata"})
COLLECTIVE_ATTRS = frozenset(
    {
        "channel_id",
        "replica_groups",
        "use_global_device_ids",
        "dimensions",
        "source_target_pairs",
        "constrain_layout",
        "to_apply",
    }
)
MAIN_THREAD = "main"
# Ops that may consume a fallback bundle: the next step of the chain, or a get-tuple-element of it.
_BUNDLE_USERS = frozenset(
    {
        "async-update",
        "async-done",
        "copy-done",
        "all-reduce-done",
        "all-gather-done",
        "collective-permute-done",
        "get-tuple-element",
    }
)


# -------------------------------------------------------------------------------------------------
# Facts about instructions


def users_of(importer: ModuleImporter, instr: HloInstruction) -> list[HloInstruction]:
    """The instructions that take `instr` as an operand (computed once per module)."""
    table = importer.users
    if table is None:
        table = {}
        for comp in importer.hlo.computations:
            for user in comp.instructions:
                for operand in user.operands:
                    table.setdefault(id(operand), []).append(user)
        importer.users = table
    return table.get(id(instr), [])


def wrapped_computation(ctx: OpContext) -> HloComputation:
    """The computation an async-start calls (async sugar is spelled out by the parser)."""
    return ctx.computation("calls")


def _thread_of(instr: HloInstruction, wrapped: HloComputation) -> str | None:
    thread = instr.attributes.get("async_execution_thread") or wrapped.execution_thread
    return None if thread in (None, MAIN_THREAD) else thread


def _only_done(ctx: OpContext, done_opcodes: frozenset[str]) -> bool:
    users = users_of(ctx.importer, ctx.instr)
    if len(users) != 1:
        return False
    done = users[0]
    return (
        done.opcode in done_opcodes
        and done.operands == [ctx.instr]
        and set(done.attributes) <= COMMON_ATTRS | {"async_execution_thread", "calls"}
    )


def unbuffered(shape: Shape) -> Shape:
    """`shape` with each buffer `b(f32[2])` replaced by its array `f32[2]`."""
    if shape.is_tuple:
        return Shape.tuple_of([unbuffered(s) for s in shape.tuple_shapes])
    return shape.tuple_shapes[0] if shape.is_buffer else shape


def _needs_shape(given: Shape, canonical: Shape) -> bool:
    return with_default_layouts(given) != with_default_layouts(canonical)


# -------------------------------------------------------------------------------------------------
# The spec form


def _dedicated_plan(ctx: OpContext) -> tuple[AsyncForm, Shape] | None:
    """(form, result shape) when a dedicated start can be `stablehlo.async_start`, else None."""
    instr = ctx.instr
    form = BY_START[instr.opcode]
    if len(instr.operands) != 1 or not instr.operands[0].shape.is_array:
        return None
    if not set(instr.attributes) <= COLLECTIVE_ATTRS | COMMON_ATTRS:
        return None
    shape = instr.shape
    if form.shape == StartShape.RESULT:
        result = shape
    elif shape.is_tuple and len(shape.tuple_shapes) >= 2:
        result = shape.tuple_shapes[1]
    else:
        return None
    if not result.is_array or context_of(form, shape, [instr.operands[0].shape], result) is None:
        return None
    if not _only_done(ctx, frozenset({form.done})):
        return None
    return form, result


def _bundle_plan(ctx: OpContext) -> tuple[AsyncForm, HloComputation] | None:
    """(form, wrapped computation) when a generic bundle can be `stablehlo.async_start`, else None."""
    instr = ctx.instr
    if not set(instr.attributes) <= {"calls", "async_execution_thread"} | COMMON_ATTRS:
        return None
    wrapped = wrapped_computation(ctx)
    root = wrapped.root
    body = [i for i in wrapped.instructions if i.opcode != "parameter"]
    if root is None or body != [root] or root.opcode not in BY_WRAPPED_OPCODE or not root.shape.is_array:
        return None
    if any(o.opcode != "parameter" for o in root.operands) or len(wrapped.parameters) != len(instr.operands):
        return None
    if root.opcode == "all-to-all" and not root.attributes.get("dimensions"):
        return None  # the tuple form is several StableHLO ops
    form = BY_WRAPPED_OPCODE[root.opcode]
    operand_shapes = [o.shape for o in instr.operands]
    if context_of(form, instr.shape, operand_shapes, root.shape) is None:
        return None
    if not _only_done(ctx, frozenset({"async-done"})):
        return None
    return form, wrapped


def _future_type(result: Shape) -> ir.Type:
    return stablehlo.FutureType.get([shape_to_mlir(result)])


def _start_attributes(
    ctx: OpContext, form: AsyncForm, operands: list[Shape], result: Shape, thread: str | None
) -> dict[str, ir.Attribute]:
    attributes: dict[str, ir.Attribute] = {}
    if _needs_shape(ctx.instr.shape, start_shape(form, operands, result)):
        attributes[XLA_SHAPE] = A.string(ctx.instr.shape.to_text())
    if thread is not None:
        attributes[EXECUTION_THREAD] = A.string(thread)
    return attributes


def _spec_dedicated(ctx: OpContext, form: AsyncForm, result: Shape) -> Tree:
    instr = ctx.instr
    operand = ctx.value(0)
    attributes = _start_attributes(ctx, form, [instr.operands[0].shape], result, None)
    op = ctx.op("stablehlo.async_start", [operand], [_future_type(result)], attributes, regions=1)
    block = op.regions[0].blocks.append(operand.type, arg_locs=[ctx.loc])
    # The synchronous op inside: the start's collective attributes, its name and metadata for the location.
    sync = HloInstruction(
        instr.name,
        form.opcode,
        result,
        list(instr.operands),
        {k: v for k, v in instr.attributes.items() if k in COLLECTIVE_ATTRS | {"metadata"}},
    )
    with ir.InsertionPoint(block):
        value = ctx.importer.emit_instruction(sync, [block.arguments[0]])
        ir.Operation.create("stablehlo.return", operands=[value], loc=ctx.loc)
    return op.result


def _spec_bundle(ctx: OpContext, form: AsyncForm, wrapped: HloComputation) -> Tree:
    instr = ctx.instr
    assert wrapped.root is not None
    result = wrapped.root.shape
    attributes = _start_attributes(ctx, form, [o.shape for o in instr.operands], result, _thread_of(instr, wrapped))
    op = ctx.op("stablehlo.async_start", ctx.values(), [_future_type(result)], attributes, regions=1)
    ctx.importer.fill_region(op.regions[0], wrapped, "stablehlo.return")
    return op.result


def _is_future(tree: Tree) -> bool:
    return isinstance(tree, ir.Value) and stablehlo.FutureType.isinstance(tree.type)


# -------------------------------------------------------------------------------------------------
# The fallback: custom_call @"xla.<opcode>"


def _function_symbol(ctx: OpContext, computation: HloComputation) -> ir.Attribute:
    """The private function of `computation`, marked with its execution thread."""
    importer = ctx.importer
    symbol = importer.function_for(computation)
    if computation.execution_thread and importer.module is not None:
        for op in importer.module.body.operations:
            if "sym_name" in op.attributes and ir.StringAttr(op.attributes["sym_name"]).value == symbol:
                op.attributes["execution_thread"] = A.string(computation.execution_thread)
    return ir.FlatSymbolRefAttr.get(symbol)


def _bundle_crosses(ctx: OpContext, opcode: str) -> bool:
    """Whether the async bundle this start or update makes flows somewhere other than the next step of
    its chain (a tuple, a loop, a call, the computation's result): pipelining. Such a bundle travels
    as its leaves, like a send/recv bundle."""
    if opcode not in ("async-start", "async-update", "copy-start") and not opcode.endswith("-start"):
        return False
    if any(c.root is ctx.instr for c in ctx.importer.hlo.computations):
        return True
    return any(user.opcode not in _BUNDLE_USERS for user in users_of(ctx.importer, ctx.instr))


def _consumes_leaves(ctx: OpContext, opcode: str) -> bool:
    """Whether this update/done (or send-done/recv-done) reads a bundle that travels as its leaves."""
    return opcode in BUNDLE_CONSUMERS and bool(ctx.operands) and isinstance(ctx.operands[0], tuple)


def _called_computations(ctx: OpContext, opcode: str) -> dict[str, ir.Attribute]:
    """`called_computations`, and for an opcode without a `CALLED_COMPUTATION_ATTR` the attribute each
    computation is under (`condition`, `body`, each of the `branch_computations`, ...)."""
    computation_attr = CALLED_COMPUTATION_ATTR.get(opcode)
    if computation_attr is not None:
        callee = wrapped_computation(ctx) if computation_attr == "calls" else ctx.computation(computation_attr)
        return {"called_computations": ir.ArrayAttr.get([_function_symbol(ctx, callee)])}
    symbols: list[ir.Attribute] = []
    names: list[ir.Attribute] = []
    for name in COMPUTATION_ATTRS:
        value = ctx.attr(name)
        if value is None:
            continue
        for computation in value if isinstance(value, tuple) else (value,):
            symbols.append(_function_symbol(ctx, ctx.importer.resolve_computation(computation)))
            names.append(A.string(name))
    if not symbols:
        return {}
    return {"called_computations": ir.ArrayAttr.get(symbols), FALLBACK_COMPUTATION_ATTRIBUTES: ir.ArrayAttr.get(names)}


def emit_fallback(ctx: OpContext, opcode: str | None = None) -> Tree:
    """`stablehlo.custom_call @"xla.<opcode>"` standing for this instruction exactly.

    Its results are one value (an async bundle that only flows to the next step of its chain), or the
    leaves of the HLO value (final values, send/recv bundles, pipelined bundles); an update or done
    whose bundle travels as leaves takes the leaves, and names the bundle's shape in
    `xla.operand_shape` where the exporter could not tell it."""
    instr = ctx.instr
    opcode = opcode or instr.opcode
    leaf_form = opcode in LEAF_OPCODES
    attributes: dict[str, Any] = {"call_target_name": A.string(FALLBACK_PREFIX + opcode), "api_version": A.i32(1)}
    if leaf_form:
        attributes["has_side_effect"] = ir.BoolAttr.get(True)
    texts = {}
    for name, value in instr.attributes.items():
        if name in COMMON_ATTRS or name in COMPUTATION_ATTRS or name == "control-predecessors":
            continue
        texts[name] = A.string(print_attribute(name, value))
    if texts:
        attributes[FALLBACK_ATTRIBUTES] = ir.DictAttr.get(texts)
    if instr.literal is not None:
        attributes[FALLBACK_LITERAL] = A.string(instr.literal.to_text())
    attributes.update(_called_computations(ctx, opcode))
    shape = instr.shape
    leaf_results = has_leaf_results(opcode) or _bundle_crosses(ctx, opcode)
    if leaf_form or _consumes_leaves(ctx, opcode):
        operands = ctx.flat_operands()
        bundle = instr.operands[0].shape if opcode in BUNDLE_CONSUMERS else None
        if bundle is not None and bundle.without_layouts() != implied_bundle(opcode, bundle.leaves()):
            attributes[OPERAND_SHAPE] = A.string(bundle.to_short_text())
    else:
        operands = ctx.values()
    # StableHLO refuses a custom call's buffer (memref) result that no output_operand_alias names, and this
    # form names none: a buffer is typed as its array, and `xla_shape` says it is a buffer.
    typed = unbuffered(shape)
    if leaf_results:
        types = flat_types(typed)
        leaves = shape.leaves()
        implied = leaves[0] if len(leaves) == 1 else Shape.tuple_of(leaves)
    else:
        types = [shape_to_mlir(typed)]
        implied = shape
    if typed != shape or _needs_shape(shape, with_default_layouts(implied.without_layouts())):
        attributes[XLA_SHAPE] = A.string(shape.to_text())
    op = ctx.op("stablehlo.custom_call", operands, types, attributes)
    return unflatten(shape, iter(op.results)) if leaf_results else op.result


# -------------------------------------------------------------------------------------------------
# Handlers


@FALLBACK.register(FALLBACK_KEY)
def any_instruction(ctx: OpContext) -> Tree:
    """Any instruction StableHLO cannot say as written (`translate.import_.fallback`)."""
    return emit_fallback(ctx)


@register(*BY_START)
def dedicated_start(ctx: OpContext) -> Tree:
    plan = _dedicated_plan(ctx)
    if plan is None:
        return emit_fallback(ctx)
    return _spec_dedicated(ctx, *plan)


@register("async-start")
def bundle_start(ctx: OpContext) -> Tree:
    plan = _bundle_plan(ctx)
    if plan is None:
        return emit_fallback(ctx)
    return _spec_bundle(ctx, *plan)


@register(*sorted(PLAIN_FALLBACK_OPCODES - {"scan", "domain"}))
def no_stablehlo_op(ctx: OpContext) -> Tree:
    """Opcodes StableHLO has no op for (`translate.async_forms.PLAIN_FALLBACK_OPCODES`)."""
    return emit_fallback(ctx)


@register("scan")
def scan(ctx: OpContext) -> Tree:
    """`chlo.scan` (which XLA compiles, back to HLO scan), marked FROM_HLO_OPCODE so that the exporter writes
    the scan back; our fallback form where chlo.scan cannot say the instruction (several scan dimensions,
    nested results)."""
    dimensions: tuple[int, ...] = tuple(ctx.attr("dimensions") or ())
    carries = ctx.attr("num_carries")
    shape = ctx.shape
    if (
        len(dimensions) != 1
        or not isinstance(carries, int)
        or not 0 <= carries <= len(ctx.instr.operands)
        or not shape.is_tuple
        or any(s.is_tuple for s in shape.tuple_shapes)
        or any(o.shape.is_tuple for o in ctx.instr.operands)
        or set(ctx.instr.attributes) - _SCAN_ATTRIBUTES
    ):
        return emit_fallback(ctx)
    inputs = len(ctx.instr.operands) - carries
    attributes: dict[str, Any] = {
        "dimension": A.i64(dimensions[0]),
        "operandSegmentSizes": ir.DenseI32ArrayAttr.get([inputs, carries]),
        "resultSegmentSizes": ir.DenseI32ArrayAttr.get([len(shape.tuple_shapes) - carries, carries]),
        FROM_HLO_OPCODE: ir.UnitAttr.get(),
    }
    for flag in ("is_reverse", "is_associative"):
        if ctx.attr(flag) is not None:
            attributes[flag] = ir.BoolAttr.get(bool(ctx.attr(flag)))
    op, tree = ctx.multi("chlo.scan", ctx.values(), attributes, regions=1)
    ctx.region(op, 0, ctx.computation("to_apply"))
    return tree


_SCAN_ATTRIBUTES = frozenset(
    {"dimensions", "num_carries", "is_reverse", "is_associative", "to_apply", "metadata", "control-predecessors"}
)


@register("async-update", "copy-start", "copy-done")
def chain_step(ctx: OpContext) -> Tree:
    return emit_fallback(ctx)


@register("async-done", "all-reduce-done", "all-gather-done", "collective-permute-done")
def done(ctx: OpContext) -> Tree:
    if _is_future(ctx.operands[0]):
        return ctx.op("stablehlo.async_done", [ctx.operands[0]], [ctx.result_type()]).result
    return emit_fallback(ctx)
