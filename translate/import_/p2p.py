"""Point-to-point, HLO -> StableHLO: send/send-done and recv/recv-done.

A send whose only user is its send-done (likewise recv / recv-done) becomes one `stablehlo.send`
(`stablehlo.recv`) at the send's position. The frontend attribute `_xla_send_recv_source_target_pairs`
is lifted into the typed `source_target_pairs` (checked: no source or target twice, ids inside the
module's devices); `channel_id` becomes the channel handle, its type DEVICE_TO_DEVICE, or DEVICE_TO_HOST /
HOST_TO_DEVICE for host transfers. Other frontend attributes (`_xla_send_recv_pipeline`,
`_xla_send_recv_validation`, ...) stay in `mhlo.frontend_attributes`; when the done's differ from the
start's they are kept in `xla.done_frontend_attributes`.

A pipelined send or recv (its bundle crosses a loop, a tuple or a call) stays split:
`custom_call @"xla.send"(data..., token) -> (data..., ui32, token)` and `@"xla.send-done"(leaves...)`,
whose flattened bundle can travel through `stablehlo.while` (see `async_ops.emit_fallback`).
"""

from __future__ import annotations

from jaxlib.mlir import ir
from jaxlib.mlir.dialects import stablehlo

from hlo_translate.collective import SEND_RECV_PAIRS_ATTR
from hlo_translate.errors import TranslateError
from hlo_translate.hlo.ir import FrontendAttributes, HloInstruction
from hlo_translate.hlo.sharding import parse_sharding, split
from hlo_translate.hlo.text import parse_pairs, print_pairs
from hlo_translate.import_ import attrs as A
from hlo_translate.import_.async_ops import emit_fallback, users_of
from hlo_translate.import_.collectives import collective_of
from hlo_translate.import_.importer import OpContext, Tree, flat_types, flatten, register, unflatten
from hlo_translate.markers import DONE_FRONTEND_ATTRIBUTES, DONE_SHARDING, PLAIN_GET_TUPLE_ELEMENTS


def _fused_done(ctx: OpContext, done_opcode: str) -> HloInstruction | None:
    """The done instruction when it is the start's only user, else None (a pipelined start)."""
    users = users_of(ctx.importer, ctx.instr)
    if len(users) == 1 and users[0].opcode == done_opcode and users[0].operands == [ctx.instr]:
        return users[0]
    return None


def _canonical(items: dict[str, str]) -> dict[str, str]:
    """Frontend attributes with the pairs in XLA's printed form (`{{0,1},{1,2}}`), for comparison."""
    result = dict(items)
    if SEND_RECV_PAIRS_ATTR in result:
        try:
            result[SEND_RECV_PAIRS_ATTR] = print_pairs(parse_pairs(result[SEND_RECV_PAIRS_ATTR]))
        except (TranslateError, ValueError):
            pass  # not pairs (or an integer past Python's digit limit): compared as written
    return result


def _annotate(ctx: OpContext, op: ir.Operation, done: HloInstruction) -> None:
    """Frontend attributes (pairs lifted unless written unusually), sharding, the done's own attributes."""
    start = dict(ctx.instr.frontend_attributes.items) if ctx.instr.frontend_attributes else {}
    rest = dict(start)
    pairs = rest.get(SEND_RECV_PAIRS_ATTR)
    if pairs is not None and _canonical({SEND_RECV_PAIRS_ATTR: pairs})[SEND_RECV_PAIRS_ATTR] == pairs:
        del rest[SEND_RECV_PAIRS_ATTR]  # now the typed source_target_pairs
    if rest:
        op.attributes["mhlo.frontend_attributes"] = A.frontend_attributes(FrontendAttributes(tuple(rest.items())))
    sharding = ctx.instr.attributes.get("sharding")
    if sharding is not None:
        op.attributes["mhlo.sharding"] = ir.StringAttr.get(A.sharding_text(sharding))
    _done_sharding(ctx, op, done, sharding)
    A.carry_backend_config(op, ctx.instr)  # the op is not the importer's (`ctx.op`): no `attach_common`
    ours = dict(done.frontend_attributes.items) if done.frontend_attributes else {}
    if _canonical(ours) != _canonical(start):
        op.attributes[DONE_FRONTEND_ATTRIBUTES] = ir.DictAttr.get({k: ir.StringAttr.get(v) for k, v in ours.items()})


def _done_sharding(ctx: OpContext, op: ir.Operation, done: HloInstruction, start: object) -> None:
    """Record the done's sharding where the exporter would not derive it from the start's."""
    actual = done.attributes.get("sharding")
    is_send = ctx.instr.opcode == "send"
    data_leaves = len(ctx.instr.shape.tuple_shapes[0].leaves())
    try:
        derived = (
            split(parse_sharding(A.sharding_text(start)), data_leaves, is_send=is_send)[1]
            if start is not None
            else None
        )
    except TranslateError:
        derived = None
    if (A.sharding_text(actual) if actual is not None else None) != (
        A.sharding_text(derived) if derived is not None else None
    ):
        op.attributes[DONE_SHARDING] = ir.StringAttr.get(A.sharding_text(actual) if actual is not None else "")


def _attributes(ctx: OpContext, opcode: str) -> dict[str, ir.Attribute]:
    return collective_of(ctx, opcode).mlir_attributes()


@register("send")
def send(ctx: OpContext) -> Tree:
    done = _fused_done(ctx, "send-done")
    if done is None:
        collective_of(ctx, "send")  # checks the pairs
        return emit_fallback(ctx, "send")
    operands = [*flatten(ctx.operands[0]), ctx.value(1)]
    op = ir.Operation.create(
        "stablehlo.send",
        results=[stablehlo.TokenType.get()],
        operands=operands,
        attributes=_attributes(ctx, "send"),
        loc=ctx.loc,
    )
    _annotate(ctx, op, done)
    return op.result  # the token: what send-done forwards


@register("send-done")
def send_done(ctx: OpContext) -> Tree:
    bundle = ctx.operands[0]
    if isinstance(bundle, ir.Value):
        return bundle  # the token of a fused stablehlo.send
    return emit_fallback(ctx, "send-done")


@register("recv")
def recv(ctx: OpContext) -> Tree:
    done = _fused_done(ctx, "recv-done")
    if done is None:
        collective_of(ctx, "recv")  # checks the pairs
        return emit_fallback(ctx, "recv")
    data = ctx.shape.tuple_shapes[0]
    types = [*flat_types(data), stablehlo.TokenType.get()]
    op = ir.Operation.create(
        "stablehlo.recv", results=types, operands=[ctx.value(0)], attributes=_attributes(ctx, "recv"), loc=ctx.loc
    )
    _annotate(ctx, op, done)
    reads = [u for u in users_of(ctx.importer, done) if u.opcode == "get-tuple-element"]
    if ctx.instr.frontend_attributes and reads and not any(u.frontend_attributes for u in reads):
        op.attributes[PLAIN_GET_TUPLE_ELEMENTS] = ir.UnitAttr.get()
    results = list(op.results)
    return unflatten(data, iter(results[:-1])), results[-1]  # recv-done's (data, token)


@register("recv-done")
def recv_done(ctx: OpContext) -> Tree:
    bundle = ctx.operands[0]
    if isinstance(bundle, tuple) and len(bundle) == 2:
        return bundle  # the results of a fused stablehlo.recv
    return emit_fallback(ctx, "recv-done")
