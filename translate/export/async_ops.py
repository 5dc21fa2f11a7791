"""Async values, StableHLO -> HLO: every spelling becomes a true HLO async form.

- `stablehlo.async_start` / `async_done` (the spec form, `!stablehlo.future<T>`): the region's op picks
  the HLO form from `translate.async_forms.FORMS`; a dedicated start (`all-reduce-start`, ...) takes the
  collective's attributes, a generic `async-start` calls a computation made from the region;
- JAX 0.12's `custom_call @"all-gather-start"` / `@"all-gather-done"` (likewise all-reduce, reduce-scatter,
  all-to-all, collective-permute) whose collective is JSON in the frontend attribute `async_collective_config`;
- XLA's importer's `mhlo.async_start` / `async_update` / `async_done` over a called function (a function
  holding one `mhlo.copy` is a `copy-start`);
- our own fallback `custom_call @"xla.<opcode>"` (see `translate.async_forms`), rebuilt instruction for
  instruction.

The future value maps to the start instruction; the done instruction takes it as its operand.
"""

from __future__ import annotations

from jaxlib.mlir import ir

from hlo_translate.async_forms import (
    BUNDLE_CONSUMERS,
    CALLED_COMPUTATION_ATTR,
    DONE_OF,
    FALLBACK_ATTRIBUTES,
    FALLBACK_COMPUTATION_ATTRIBUTES,
    FALLBACK_LITERAL,
    FALLBACK_OPCODES,
    FALLBACK_PREFIX,
    FORMS,
    JAX_ASYNC_CONFIG_ATTR,
    JAX_DONE_TARGETS,
    JAX_START_TARGETS,
    LIST_COMPUTATION_ATTRS,
    NO_FALLBACK_OPCODES,
    AsyncForm,
    context_of,
    implied_bundle,
    start_shape,
)
from hlo_translate.collective import Collective, CollectiveKind
from hlo_translate.errors import TranslateError
from hlo_translate.export import mlir_attrs as A
from hlo_translate.export.collectives import check_collective, collective_of
from hlo_translate.export.context import Builder, frontend_attributes_of
from hlo_translate.export.module import function_computation
from hlo_translate.export.regions import flat_computation, leaves, pack
from hlo_translate.export.registry import handles, handles_custom_call
from hlo_translate.hlo.ir import FrontendAttributes, HloComputation, HloInstruction, PrimitiveType, Shape
from hlo_translate.hlo.ir.opcodes import OPCODES
from hlo_translate.hlo.literal import parse_literal
from hlo_translate.hlo.sharding import ShardingKind
from hlo_translate.hlo.text import parse_attribute
from hlo_translate.hlo.verify.core import same_shape
from hlo_translate.hlo.verify.signatures import allowed_attributes
from hlo_translate.markers import EXECUTION_THREAD, OPERAND_SHAPE, XLA_SHAPE

MAIN_THREAD = "main"


# -------------------------------------------------------------------------------------------------
# Building the HLO forms (shared by every spelling)


def _given_shape(op: ir.Operation, form: AsyncForm, operands: list[Shape], result: Shape) -> Shape:
    """The start shape: `xla_shape` when the op carries one (it must fit the form), else the canonical one."""
    canonical = start_shape(form, operands, result)
    given = A.hlo_shape(op, XLA_SHAPE)
    if given is None:
        return canonical
    if context_of(form, given, operands, result) is None:
        raise TranslateError(
            f"{XLA_SHAPE} {given.to_text()} is not a {form.start} shape; expected "
            f"{canonical.to_text()} and optional context elements"
        )
    return given


def emit_dedicated_start(
    b: Builder,
    op: ir.Operation,
    form: AsyncForm,
    collective: Collective,
    operand: HloInstruction,
    result: Shape,
    reducer: HloComputation | None,
) -> HloInstruction:
    """`all-reduce-start` / `all-gather-start` / `collective-permute-start` of `collective`."""
    attrs = collective.hlo_attributes()
    if reducer is not None:
        attrs["to_apply"] = reducer
    shape = _given_shape(op, form, [operand.shape], result)
    return b.add(form.start, shape, [operand], attrs)


def emit_bundle_start(
    b: Builder,
    op: ir.Operation,
    form: AsyncForm,
    operands: list[HloInstruction],
    wrapped: HloComputation,
    thread: str | None,
) -> HloInstruction:
    """`async-start(operands), calls=wrapped` with shape `((operands...), result, context...)`."""
    assert wrapped.root is not None
    shape = _given_shape(op, form, [o.shape for o in operands], wrapped.root.shape)
    attrs: dict[str, object] = {}
    if thread and thread != MAIN_THREAD:
        wrapped.execution_thread = thread
        attrs["async_execution_thread"] = thread
    attrs["calls"] = (wrapped,)
    return b.add("async-start", shape, operands, attrs)


def emit_done(b: Builder, op: ir.Operation, start: HloInstruction) -> list[HloInstruction]:
    """The done instruction matching `start` (through any async-updates), shaped as `op`'s results."""
    done = DONE_OF.get(start.opcode)
    if done is None:
        raise TranslateError(f"the awaited value comes from '{start.opcode}', not from an async start")
    attrs = {k: v for k, v in start.attributes.items() if k in _TRANSFER_KEYS} if start.opcode in _TRANSFERS else {}
    instr = b.add(done, b.result_shape(op), [start], attrs)
    return b.split(op, instr)


# A send-done / recv-done repeats its send's / recv's channel and host-transfer flag.
_TRANSFERS = frozenset({"send", "recv"})
_TRANSFER_KEYS = frozenset({"channel_id", "is_host_transfer"})


def _merge_frontend(
    instr: HloInstruction, extra: FrontendAttributes | None, drop: frozenset[str] = frozenset()
) -> None:
    """Add `extra` to the instruction's frontend attributes (extra wins) and remove the keys in `drop`."""
    items = dict(instr.frontend_attributes.items) if instr.frontend_attributes else {}
    if extra is not None:
        items.update(extra.items)
    for key in drop:
        items.pop(key, None)
    if items:
        instr.attributes["frontend_attributes"] = FrontendAttributes(tuple(items.items()))
    else:
        instr.attributes.pop("frontend_attributes", None)


# -------------------------------------------------------------------------------------------------
# (a) stablehlo.async_start / async_done


def _region_op(op: ir.Operation) -> ir.Operation:
    block = op.regions[0].blocks[0]
    ops = [o.operation for o in block.operations]
    if len(ops) != 2:
        raise TranslateError("async_start must hold exactly one op and a return")
    return ops[0]


def _wrapped_computation(b: Builder, region: ir.Region) -> HloComputation:
    """The computation an async-start calls: the region's block arguments as parameters, its one
    result as root (never tupled)."""
    block = region.blocks[0]
    sub = Builder(b.ctx, b.ctx.unique_name("async_computation"))
    for arg in block.arguments:
        sub.values[arg] = sub.parameter(sub.shape(arg), "Arg")
    results = sub.emit_block(block)
    assert len(results) == 1
    sub.comp.root = results[0]
    return b.ctx.finish(sub.comp)


@handles("stablehlo.async_start")
def _async_start(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    inner = _region_op(op)
    form = FORMS.get(inner.name)
    if form is None:
        raise TranslateError(f"async_start over {inner.name} has no HLO async form")
    if len(inner.results) != 1:
        raise TranslateError("async_start over an op with several results has no HLO async form")
    operands = b.operands(op)
    if form.is_bundle:
        thread = A.string(A.get(op, EXECUTION_THREAD)) if A.has(op, EXECUTION_THREAD) else None
        return [emit_bundle_start(b, op, form, operands, _wrapped_computation(b, op.regions[0]), thread)]
    block = op.regions[0].blocks[0]
    by_arg = dict(zip(block.arguments, operands))
    inner_operands = [by_arg.get(v) for v in inner.operands]
    if len(inner_operands) != 1 or inner_operands[0] is None:
        raise TranslateError(f"{form.start} takes exactly one operand, a block argument of the region")
    reducer = flat_computation(b, inner.regions[0]) if len(inner.regions) else None
    start = emit_dedicated_start(
        b, op, form, collective_of(b, inner), inner_operands[0], b.shape(inner.results[0]), reducer
    )
    _merge_frontend(start, frontend_attributes_of(A.get(inner, "mhlo.frontend_attributes")))
    return [start]


@handles("stablehlo.async_done")
def _async_done(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    owner = op.operands[0].owner
    owner = getattr(owner, "operation", owner)  # an OpView, an Operation, or a Block (argument)
    if not isinstance(owner, ir.Operation) or owner.name != "stablehlo.async_start":
        raise TranslateError("async_done must await the future of a stablehlo.async_start in the same function")
    return emit_done(b, op, b.value(op.operands[0]))


# -------------------------------------------------------------------------------------------------
# (b) JAX 0.12: custom_call @"<kind>-start" / @"<kind>-done" with async_collective_config


def _jax_collective(b: Builder, op: ir.Operation, kind: CollectiveKind) -> Collective:
    frontend = A.dictionary(A.get(op, "mhlo.frontend_attributes"))
    config = frontend.get(JAX_ASYNC_CONFIG_ATTR)
    if config is None:
        raise TranslateError(
            f"custom call {A.string(op.attributes['call_target_name'])} has no "
            f"{JAX_ASYNC_CONFIG_ATTR} frontend attribute"
        )
    collective = Collective.from_async_config(kind, A.string(config))
    check_collective(b, collective)
    if kind == CollectiveKind.ALL_TO_ALL and collective.dimension != collective.concat_dimension:
        raise TranslateError("all_to_all with split_dimension != concat_dimension is not supported yet")
    return collective


def _jax_reducer(b: Builder, op: ir.Operation) -> HloComputation:
    called = A.get(op, "called_computations")
    if called is None or len(ir.ArrayAttr(called)) != 1:
        raise TranslateError("an async reduction must call exactly one reducer function")
    return function_computation(b.ctx, A.symbol(ir.ArrayAttr(called)[0]))


@handles_custom_call(*JAX_START_TARGETS)
def _jax_start(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    target = A.string(op.attributes["call_target_name"])
    form = FORMS[JAX_START_TARGETS[target]]
    kind = CollectiveKind.of_hlo(form.opcode)
    collective = _jax_collective(b, op, kind)
    operands = b.operands(op)
    if len(operands) != 1 or len(op.results) != 1:
        raise TranslateError(f"{target} takes one operand and has one result")
    result = b.shape(op.results[0])
    reduces = kind in (CollectiveKind.ALL_REDUCE, CollectiveKind.REDUCE_SCATTER)
    reducer = _jax_reducer(b, op) if reduces else None
    if form.is_bundle:
        sub = Builder(b.ctx, b.ctx.unique_name("async_computation"))
        param = sub.parameter(operands[0].shape, "Arg")
        attrs = collective.hlo_attributes()
        if reducer is not None:
            attrs["to_apply"] = reducer
        sub.comp.root = sub.add(form.opcode, result, [param], attrs)
        start = emit_bundle_start(b, op, form, operands, b.ctx.finish(sub.comp), None)
    else:
        start = emit_dedicated_start(b, op, form, collective, operands[0], result, reducer)
    # The config is now the instruction itself.
    _merge_frontend(start, None, drop=frozenset({JAX_ASYNC_CONFIG_ATTR}))
    return [start]


@handles_custom_call(*JAX_DONE_TARGETS)
def _jax_done(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    target = A.string(op.attributes["call_target_name"])
    start = b.value(op.operands[0])
    expected = FORMS[JAX_START_TARGETS[target.replace("-done", "-start")]].start
    if start.opcode != expected:
        raise TranslateError(f"{target} must await a {target.replace('-done', '-start')}, not '{start.opcode}'")
    return emit_done(b, op, start)


# -------------------------------------------------------------------------------------------------
# (c) XLA's importer: mhlo.async_start / async_update / async_done


def _callee(op: ir.Operation) -> str:
    return A.symbol(op.attributes["called_computation"])


def _bundle_shape(b: Builder, op: ir.Operation) -> Shape:
    """The start shape: the `!mhlo.async_bundle<...>` type read as a tuple, with the layouts of `xla_shape`
    when the op carries one (which must be that shape, layouts aside)."""
    text = str(op.results[0].type)
    prefix = "!mhlo.async_bundle<"
    if not text.startswith(prefix):
        raise TranslateError(f"expected an !mhlo.async_bundle, got {text}")
    given = A.hlo_shape(op, XLA_SHAPE)
    try:
        bundle = ir.Type.parse("tuple<" + text[len(prefix) : -1] + ">")
    except ir.MLIRError:
        if given is None:
            raise TranslateError(f"cannot read the bundle type {text[:80]}") from None
        return given
    shape = b.shape(bundle)
    if given is None:
        return shape
    if not same_shape(given, shape):
        raise TranslateError(
            f"{XLA_SHAPE} {given.to_text(print_layout=False)} is not the bundle's shape "
            f"{shape.to_text(print_layout=False)}"
        )
    return given


def _single_copy(b: Builder, callee: str) -> bool:
    func = b.ctx.func_ops.get(callee)
    if func is None:
        raise TranslateError(f"async_start calls unknown function @{callee}")
    ops = [o.operation.name for o in func.regions[0].blocks[0].operations]
    return ops == ["mhlo.copy", "func.return"]


def _is_copy_start_shape(shape: Shape, source: Shape) -> bool:
    return (
        shape.is_tuple
        and len(shape.tuple_shapes) == 3
        and all(same_shape(s, source) for s in shape.tuple_shapes[:2])
        and shape.tuple_shapes[2].element_type == PrimitiveType.U32
    )


def _operands_first(shape: Shape, operands: list[HloInstruction]) -> Shape:
    """The start shape with the operands' tuple first. XLA's converter also takes a bundle whose first
    element is the one operand itself (`!mhlo.async_bundle<tensor<4xf32>, tensor<4xf32>>`, as its own export
    tests write it); HLO's async-start holds its operands as a tuple."""
    if not shape.is_tuple or len(operands) != 1 or not shape.tuple_shapes:
        return shape
    if same_shape(shape.tuple_shapes[0], operands[0].shape):
        return Shape.tuple_of([Shape.tuple_of([operands[0].shape]), *shape.tuple_shapes[1:]])
    return shape


@handles("mhlo.async_start")
def _mhlo_async_start(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    callee = _callee(op)
    shape = _bundle_shape(b, op)
    operands = b.operands(op)
    if _single_copy(b, callee):
        if len(operands) == 1 and not _is_copy_start_shape(shape, operands[0].shape):
            # a bundle of (operand, result) only, as XLA's own export tests write it: HLO's copy-start is
            # (destination, source, context)
            shape = Shape.tuple_of([operands[0].shape, operands[0].shape, Shape(PrimitiveType.U32)])
        return [b.add("copy-start", shape, operands)]
    shape = _operands_first(shape, operands)
    thread = A.string(A.get(op, "execution_thread"), MAIN_THREAD)
    wrapped = function_computation(b.ctx, callee)
    transfer = _single_transfer(wrapped, op)
    if transfer is not None:
        # XLA's converter writes an async send or recv as the plain send / recv it wraps (its sharding names
        # that instruction's leaves); the async-done becomes its send-done / recv-done
        kept = {k: v for k, v in transfer.attributes.items() if k not in _OWN_ATTRIBUTES}
        return [b.add(transfer.opcode, transfer.shape, operands, kept)]
    attrs: dict[str, object] = {}
    if thread != MAIN_THREAD:
        wrapped.execution_thread = thread
        attrs["async_execution_thread"] = thread
    attrs["calls"] = (wrapped,)
    return [b.add("async-start", shape, operands, attrs)]


# What a wrapped send / recv keeps to itself when written in its async start's place.
_OWN_ATTRIBUTES = frozenset({"metadata", "sharding", "frontend_attributes"})


def _single_transfer(wrapped: HloComputation, op: ir.Operation) -> HloInstruction | None:
    """The send or recv a called computation is made of (its done the root, its operands the parameters),
    where the async start's `mhlo.sharding` names that instruction's leaves rather than the bundle's (the
    form XLA's converter writes as the plain send / recv); None otherwise."""
    root = wrapped.root
    if root is None or not root.operands or A.get(op, "mhlo.sharding") is None:
        return None
    transfer = root.operands[0]
    if transfer.opcode not in _TRANSFERS or DONE_OF[transfer.opcode] != root.opcode:
        return None
    if any(o.opcode != "parameter" for o in transfer.operands):
        return None
    if [o.parameter_number for o in transfer.operands] != list(range(len(wrapped.parameters))):
        return None
    sharding = A.sharding(A.get(op, "mhlo.sharding"))
    leaves = len(transfer.shape.tuple_shapes)
    return transfer if sharding.kind is ShardingKind.TUPLE and len(sharding.tuple_elements) == leaves else None


@handles("mhlo.async_update")
def _mhlo_async_update(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    bundle = b.value(op.operands[0])
    return [b.add("async-update", bundle.shape, [bundle])]


@handles("mhlo.async_done")
def _mhlo_async_done(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    return emit_done(b, op, b.value(op.operands[0]))


# -------------------------------------------------------------------------------------------------
# Our fallback: custom_call @"xla.<opcode>"


def _bundle(b: Builder, op: ir.Operation, opcode: str, values: list[HloInstruction]) -> HloInstruction:
    """The bundle whose leaves `values` are, of the shape `xla.operand_shape` names (else the one the
    leaves imply, `translate.async_forms.implied_bundle`): the tuple they were read from (a loop state,
    say), else a new one."""
    shape = A.hlo_shape(op, OPERAND_SHAPE) or implied_bundle(opcode, [v.shape for v in values])
    if not shape.holds([v.shape for v in values]):
        raise TranslateError(
            f"{OPERAND_SHAPE} {shape.to_text(print_layout=False)} does not hold the "
            f"{len(values)} operands of xla.{opcode}"
        )
    return pack(b, shape, iter(values))


def _fallback_attributes(op: ir.Operation) -> dict[str, object]:
    attrs: dict[str, object] = {}
    for name, value in A.dictionary(A.get(op, FALLBACK_ATTRIBUTES)).items():
        text = A.string(value)
        try:
            attrs[name] = parse_attribute(name, text)
        except TranslateError as err:
            raise TranslateError(f"bad {FALLBACK_ATTRIBUTES} entry {name}: {err.message}") from None
    return attrs


def _fallback_computations(b: Builder, op: ir.Operation, opcode: str, attrs: dict[str, object]) -> None:
    called = A.get(op, "called_computations")
    symbols = [A.symbol(c) for c in A.elements(called)] if called is not None else []
    named = A.get(op, FALLBACK_COMPUTATION_ATTRIBUTES)
    if named is not None:
        names = [A.string(n) for n in A.elements(named)]
        if len(names) != len(symbols):
            raise TranslateError(
                f"xla.{opcode} names {len(names)} computation attributes for {len(symbols)} called computations"
            )
    else:
        name = CALLED_COMPUTATION_ATTR.get(opcode)
        if not symbols and name is None:
            return
        if name is None or len(symbols) != 1:  # the opcodes with a computation attribute each need theirs
            raise TranslateError(
                f"xla.{opcode} calls {len(symbols)} computations; expected {'one' if name else 'none'}"
            )
        names = [name]
    for name, symbol in zip(names, symbols):
        comp = _called_computation(b, symbol)
        if name in LIST_COMPUTATION_ATTRS:
            previous = attrs.get(name, ())
            assert isinstance(previous, tuple)
            attrs[name] = (*previous, comp)
        elif name in attrs:
            raise TranslateError(f"xla.{opcode} names computation attribute {name} twice")
        else:
            attrs[name] = comp


def _called_computation(b: Builder, symbol: str) -> HloComputation:
    """The computation of function `symbol`, with the execution thread the function names."""
    comp = function_computation(b.ctx, symbol)
    func = b.ctx.func_ops[symbol]
    if A.has(func, "execution_thread"):
        thread = A.string(A.get(func, "execution_thread"))
        comp.execution_thread = None if thread == MAIN_THREAD else thread
    return comp


def _fallback(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    opcode = A.string(op.attributes["call_target_name"])[len(FALLBACK_PREFIX) :]
    operands = b.operands(op)
    if opcode == "send":
        # send(data, token): the data leaves come first, then the token.
        data = operands[:-1]
        operands = [data[0] if len(data) == 1 else b.tuple(data), operands[-1]]
    elif opcode in BUNDLE_CONSUMERS and (len(operands) != 1 or A.has(op, OPERAND_SHAPE)):
        operands = [_bundle(b, op, opcode, operands)]  # a bundle that travels as its leaves
    implied = b.result_shape(op)
    shape = A.hlo_shape(op, XLA_SHAPE) or implied
    attrs = _fallback_attributes(op)
    allowed = allowed_attributes(opcode)
    unknown = sorted(name for name in attrs if allowed is not None and name not in allowed)
    if unknown:
        raise TranslateError(f"{FALLBACK_ATTRIBUTES}: xla.{opcode} takes no attribute '{unknown[0]}'")
    _fallback_computations(b, op, opcode, attrs)
    instr = b.add(opcode, shape, operands, attrs)
    if A.has(op, FALLBACK_LITERAL):
        instr.literal = parse_literal(A.string(A.get(op, FALLBACK_LITERAL)), shape)
    b.ctx.carried.append(instr)
    if len(op.results) == 1:
        return [instr]
    # Several results are the leaves of the HLO value (`translate.async_forms.has_leaf_results`, or a
    # pipelined bundle); the get-tuple-elements reading them carry no frontend attributes.
    values = leaves(b, instr, plain=True)
    if len(values) != len(op.results):
        raise TranslateError(f"xla.{opcode} has {len(op.results)} results for {len(values)} leaves")
    return values


# Every opcode has its fallback form: the importer writes any instruction StableHLO cannot say so.
handles_custom_call(
    *(FALLBACK_PREFIX + opcode for opcode in sorted((OPCODES | FALLBACK_OPCODES) - NO_FALLBACK_OPCODES))
)(_fallback)
