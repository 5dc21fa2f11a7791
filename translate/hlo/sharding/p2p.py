"""Shardings of HLO's send/recv pairs, as XLA's converter derives them from one StableHLO op.

A ``stablehlo.send``/``stablehlo.recv`` has one ``mhlo.sharding``; HLO has four instructions
(``send``/``recv`` with shape ``(data, u32[], token[])``, ``send-done`` ``token[]``, ``recv-done``
``(data, token[])``) and the get-tuple-elements reading ``recv-done``. XLA's converter (measured,
jaxlib 0.12):

* one non-tuple sharding ``S``: every leaf of the start is ``S``, every leaf of the done is ``S``;
* a tuple with one element per leaf of the start (data leaves, the u32 context, the token): the
  start's sharding as it is; the done's is it without the context leaf (send-done: the token's);
* for recv, a tuple with one element per result (data leaves, token: XLA's own import writes it
  so): the start's context leaf takes the first data leaf's sharding.

``split`` gives (start, done) for an op's sharding; the importer keeps the start's and records the
done's only where it differs from what ``split`` derives.
"""

from __future__ import annotations

from hlo_translate.errors import TranslateError
from hlo_translate.hlo.sharding.model import HloSharding


def split(sharding: HloSharding, data_leaves: int, *, is_send: bool) -> tuple[HloSharding, HloSharding]:
    """(start sharding, done sharding) for a send/recv of ``data_leaves`` data leaves."""
    start_leaves = data_leaves + 2
    if not sharding.is_tuple:
        done = sharding if is_send else HloSharding.tuple([sharding] * (data_leaves + 1))
        return HloSharding.tuple([sharding] * start_leaves), done
    elements = list(sharding.tuple_elements)
    if len(elements) == start_leaves:
        start = elements
    elif not is_send and len(elements) == data_leaves + 1 and data_leaves:
        start = [*elements[:-1], elements[0], elements[-1]]
    else:
        kind = "send" if is_send else "recv"
        raise TranslateError(
            f"a {kind} sharding needs one element, or one per leaf of "
            f"({data_leaves} data leaves, u32[], token[]); got {len(elements)}"
        )
    done = start[-1] if is_send else HloSharding.tuple([*start[:data_leaves], start[-1]])
    return HloSharding.tuple(start), done
