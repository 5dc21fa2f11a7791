"""Point-to-point, StableHLO -> HLO: `stablehlo.send` / `stablehlo.recv`.

    stablehlo.send(data, token) -> send (data, u32[], token[]) + send-done token[]
    stablehlo.recv(token)       -> recv (data, u32[], token[]) + recv-done (data, token[]) + get-tuple-elements

`source_target_pairs` become XLA's frontend attribute `_xla_send_recv_source_target_pairs={{0,1},{1,2}}` on
every instruction made (an attribute of that name already in `mhlo.frontend_attributes` wins, as in XLA);
`channel_handle` becomes `channel_id`, `is_host_transfer` stays. Several data values travel as one tuple.
The pairs are checked: no source twice, no target twice, every id inside the module's devices.
A send-done or recv-done whose frontend attributes differed from the start's on import carries them in
`xla.done_frontend_attributes`. The op's `mhlo.sharding` is split over the start, the done and the
get-tuple-elements as XLA's converter does (`hlo.p2p_sharding`); a done whose sharding the import
found different from that carries it in `xla.done_sharding`.
"""

from __future__ import annotations

from jaxlib.mlir import ir

from hlo_translate.collective import SEND_RECV_PAIRS_ATTR, Collective
from hlo_translate.errors import TranslateError
from hlo_translate.export import mlir_attrs as A
from hlo_translate.export.collectives import module_device_count
from hlo_translate.export.context import Builder, frontend_attributes_of
from hlo_translate.export.registry import handles
from hlo_translate.hlo.ir import FrontendAttributes, HloInstruction, PrimitiveType, Shape
from hlo_translate.hlo.sharding import HloSharding, parse_sharding, split
from hlo_translate.markers import DONE_FRONTEND_ATTRIBUTES, DONE_SHARDING, PLAIN_GET_TUPLE_ELEMENTS

_CONTEXT = Shape.array(PrimitiveType.U32, ())


def _collective(b: Builder, op: ir.Operation) -> Collective:
    collective = Collective.from_mlir(op)
    collective.validate(module_device_count(b))
    if collective.channel is None:
        raise TranslateError(f"{op.name} needs a channel_handle")
    return collective


def _with_pairs(instr: HloInstruction, collective: Collective) -> None:
    """Add the source-target pairs frontend attribute, unless the op already names one."""
    item = collective.pairs_frontend_attribute()
    if item is None:
        return
    current = instr.frontend_attributes
    items = dict(current.items) if current else {}
    if SEND_RECV_PAIRS_ATTR in items:
        return
    items[item[0]] = item[1]
    instr.attributes["frontend_attributes"] = FrontendAttributes(tuple(items.items()))


def _done_frontend(op: ir.Operation, done: HloInstruction) -> None:
    """The done's own frontend attributes, when the import recorded that they differ from the start's."""
    if not A.has(op, DONE_FRONTEND_ATTRIBUTES):
        return
    attrs = frontend_attributes_of(A.get(op, DONE_FRONTEND_ATTRIBUTES))
    if attrs is None:
        done.attributes.pop("frontend_attributes", None)
    else:
        done.attributes["frontend_attributes"] = attrs


def _shardings(
    b: Builder, op: ir.Operation, data_leaves: int, *, is_send: bool
) -> tuple[HloSharding | None, HloSharding | None]:
    """(start, done) shardings of a send/recv: from `mhlo.sharding`, the done's from `xla.done_sharding`."""
    attr = A.get(op, "mhlo.sharding")
    start, done = split(b.ctx.sharding(attr), data_leaves, is_send=is_send) if attr is not None else (None, None)
    if A.has(op, DONE_SHARDING):
        text = A.string(A.get(op, DONE_SHARDING))
        done = b.ctx.checked_sharding(parse_sharding(text)) if text else None
    return start, done


def _set_sharding(instr: HloInstruction, sharding: HloSharding | None) -> None:
    if sharding is not None:
        instr.attributes["sharding"] = sharding


def _io_attrs(op: ir.Operation, collective: Collective) -> dict[str, object]:
    """The start's attributes: the collective's, and the backend_config the importer carried."""
    attrs = collective.hlo_attributes()
    config = A.get(op, "xla.backend_config")
    if config is not None:
        attrs["backend_config"] = A.raw_string(config)
    return attrs


@handles("stablehlo.send")
def _send(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    collective = _collective(b, op)
    operands = b.operands(op)
    values, token = operands[:-1], operands[-1]
    data = values[0] if len(values) == 1 else b.tuple(values)
    send = b.add(
        "send", Shape.tuple_of([data.shape, _CONTEXT, Shape.token()]), [data, token], _io_attrs(op, collective)
    )
    done = b.add("send-done", Shape.token(), [send], collective.hlo_attributes())
    for instr in (send, done):
        _with_pairs(instr, collective)
    _done_frontend(op, done)
    start_sharding, done_sharding = _shardings(b, op, len(values), is_send=True)
    _set_sharding(send, start_sharding)
    _set_sharding(done, done_sharding)
    return [done]


@handles("stablehlo.recv")
def _recv(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    collective = _collective(b, op)
    results = list(op.results)
    data_shapes = [b.shape(r) for r in results[:-1]]
    data = data_shapes[0] if len(data_shapes) == 1 else Shape.tuple_of(data_shapes)
    recv = b.add("recv", Shape.tuple_of([data, _CONTEXT, Shape.token()]), b.operands(op), _io_attrs(op, collective))
    done = b.add("recv-done", Shape.tuple_of([data, Shape.token()]), [recv], collective.hlo_attributes())
    plain = A.has(op, PLAIN_GET_TUPLE_ELEMENTS)  # else stamped with the pairs too, as XLA's converter does
    value = b.gte(done, 0, plain=plain)
    values = [value] if len(data_shapes) == 1 else [b.gte(value, i, plain=plain) for i in range(len(data_shapes))]
    token = b.gte(done, 1, plain=plain)
    reads = [value, *values, token] if len(data_shapes) != 1 else [value, token]
    for instr in [recv, done] if plain else [recv, done, *reads]:
        _with_pairs(instr, collective)
    _done_frontend(op, done)
    start_sharding, done_sharding = _shardings(b, op, len(data_shapes), is_send=False)
    _set_sharding(recv, start_sharding)
    _set_sharding(done, done_sharding)
    if done_sharding is not None:  # the reads carry their element's sharding, as XLA writes them
        leaves = list(done_sharding.tuple_elements) if done_sharding.is_tuple else [done_sharding] * (len(values) + 1)
        if len(leaves) == len(values) + 1:
            if len(data_shapes) != 1:
                _set_sharding(value, HloSharding.tuple(leaves[:-1]))
            for instr, sharding in zip([*values, token], leaves):
                _set_sharding(instr, sharding)
    return [*values, token]
