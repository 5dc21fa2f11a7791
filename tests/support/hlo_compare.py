"""Structural equality of HLO modules as XLA sees them (the oracle for parser/printer/proto tests).

Both sides go through XLA: text via `hlo_module_from_text`, protos via `from_serialized_hlo_module_proto`,
and are compared as XLA's own serialized `HloModuleProto` after normalizing what XLA renumbers on every
load: instruction and computation ids (replaced by positions), the module id, and the stack-frame table
(each `stack_frame_id` is replaced by the frame's content).
"""

from __future__ import annotations

from collections import Counter

from google.protobuf import text_format

from hlo_translate.hlo.ir import HloComputation, HloModule, RawAttr, ResultAccuracy, with_default_layouts
from hlo_translate.hlo.text import parse_shape, split_top_level
from hlo_translate.proto import hlo_pb2


def xla_module_from_text(text: str):
    from jaxlib import _hlo

    return _hlo.hlo_module_from_text(text)


def xla_module_from_proto(data: bytes):
    from jaxlib import _hlo

    return _hlo.HloModule.from_serialized_hlo_module_proto(data)


def _frame_content(index: hlo_pb2.StackFrameIndexProto, frame_id: int) -> str:
    parts = []
    seen = set()
    while frame_id and frame_id not in seen and frame_id <= len(index.stack_frames):
        seen.add(frame_id)
        frame = index.stack_frames[frame_id - 1]
        loc = index.file_locations[frame.file_location_id - 1]
        parts.append(
            f"{index.file_names[loc.file_name_id - 1]}:{index.function_names[loc.function_name_id - 1]}:"
            f"{loc.line}:{loc.column}:{loc.end_line}:{loc.end_column}"
        )
        frame_id = frame.parent_frame_id
    return " <- ".join(parts)


def normalized(proto_bytes: bytes) -> hlo_pb2.HloModuleProto:
    """XLA's serialized module with ids renumbered by position and stack frames resolved."""
    p = hlo_pb2.HloModuleProto.FromString(proto_bytes)
    p.ClearField("id")
    for entry in p.original_value_recovery_table.entries:  # module ids are unique per process
        entry.recovery_module.ClearField("id")
    comp_map = {c.id: n for n, c in enumerate(p.computations)}
    instr_map = {}
    for n, c in enumerate(p.computations):
        for k, i in enumerate(c.instructions):
            instr_map[i.id] = (n << 20) + k
    index = hlo_pb2.StackFrameIndexProto()
    index.CopyFrom(p.stack_frame_index)
    p.ClearField("stack_frame_index")
    for c in p.computations:
        c.id = comp_map[c.id]
        c.root_id = instr_map[c.root_id]
        for i in c.instructions:
            i.id = instr_map[i.id]
            i.operand_ids[:] = [instr_map[x] for x in i.operand_ids]
            i.control_predecessor_ids[:] = [instr_map[x] for x in i.control_predecessor_ids]
            i.called_computation_ids[:] = [comp_map[x] for x in i.called_computation_ids]
            if i.literal.f32s or i.literal.f64s:
                # XLA's text parser reads the constant `-0` as +0; we keep the sign (a documented difference)
                i.literal.f32s[:] = [0.0 if x == 0 else x for x in i.literal.f32s]
                i.literal.f64s[:] = [0.0 if x == 0 else x for x in i.literal.f64s]
            if i.metadata.stack_frame_id:
                i.metadata.source_file = _frame_content(index, i.metadata.stack_frame_id)
                i.metadata.stack_frame_id = 0
    p.entry_computation_id = comp_map[p.entry_computation_id]
    if p.HasField("schedule"):
        seqs = {comp_map[k]: [instr_map[x] for x in v.instruction_ids] for k, v in p.schedule.sequences.items()}
        p.ClearField("schedule")
        for k, ids in seqs.items():
            p.schedule.sequences[k].instruction_ids.extend(ids)
    return p


def diff(a: hlo_pb2.HloModuleProto, b: hlo_pb2.HloModuleProto, limit: int = 40) -> str:
    import difflib

    ta = text_format.MessageToString(a).splitlines()
    tb = text_format.MessageToString(b).splitlines()
    return "\n".join(list(difflib.unified_diff(ta, tb, "expected", "actual", lineterm=""))[:limit])


def assert_same_module(expected_bytes: bytes, actual_bytes: bytes) -> None:
    a, b = normalized(expected_bytes), normalized(actual_bytes)
    assert a == b, diff(a, b)


PLUMBING = {"tuple", "get-tuple-element", "parameter", "copy", "call"}
IGNORED_ATTRIBUTES = {"metadata", "control-predecessors"}


def _spelled_as_xla_prints(opcode: str, attributes: dict) -> dict:
    """A compare's `type=TOTALORDER` as `order=TOTAL`, a custom-call's `to_apply=c` as `called_computations={c}`
    (one HloModuleProto, which XLA prints the latter way)."""
    if opcode == "custom-call" and "to_apply" in attributes and "called_computations" not in attributes:
        spelled = {k: v for k, v in attributes.items() if k != "to_apply"}
        spelled["called_computations"] = (attributes["to_apply"],)
        return spelled
    compare_type = attributes.get("type")
    if opcode == "compare" and getattr(compare_type, "name", None) in ("TOTALORDER", "WEAKORDER"):
        spelled = {k: v for k, v in attributes.items() if k != "type"}
        spelled["order"] = type(compare_type)(compare_type.name.removesuffix("ORDER"))
        return spelled
    return attributes


def _as_absent(opcode: str, name: str, value: object) -> bool:
    """Whether XLA reads the attribute as it reads its absence (the same HloModuleProto, or the same
    instruction by XLA's printer): an empty string (`infeed_config=""`), an empty list (`dimensions={}`, `replica_groups={}`: a repeated field
    left empty), a group count of 1, every operand's precision DEFAULT (XLA prints none), `result_accuracy={mode=default}`
    (XLA's proto keeps none), a map's dimensions (XLA's map always spans every dimension, whatever the text says)."""
    if value == () or value is False or value == "":  # a repeated field left empty, a bool or string unset
        return True
    if name == "channel_id" and value == 0:  # the proto's unset channel
        return True
    if name in ("feature_group_count", "batch_group_count") and value == 1:  # XLA's default, printed by none
        return True
    if name == "operand_precision" and isinstance(value, tuple):
        return all(str(getattr(p, "name", "")).lower() == "default" for p in value)
    if name == "result_accuracy" and value == ResultAccuracy("default"):  # XLA keeps no default accuracy
        return True
    return opcode == "map" and name == "dimensions"


def _value(name: str, value: object) -> object:
    if name == "frontend_attributes" and hasattr(value, "items"):
        return tuple(sorted(value.items))  # a map in XLA's proto: its order is no part of the module
    if name == "operand_layout_constraints" and isinstance(value, RawAttr):
        # shapes as XLA stores them: spacing aside, with the default layout where the text has none
        inner = value.text.strip()[1:-1]
        shapes = [parse_shape(s) for s in split_top_level(inner)] if inner.strip() else []
        return tuple(with_default_layouts(s).to_text() for s in shapes)
    if name == "operand_precision" and isinstance(value, tuple):
        # XLA's parser reads a precision in either case (`HIGH`, `high`: one PrecisionConfig value)
        return tuple(str(getattr(p, "name", p)).lower() for p in value)
    if isinstance(value, HloComputation):
        return "<computation>"
    if isinstance(value, tuple) and value and isinstance(value[0], HloComputation):
        return ("<computation>",) * len(value)
    return value


def signature(module: HloModule) -> Counter:
    """The module as a multiset of instructions (opcode, shape without layout, attributes, literal),
    after docs/import.md's round-trip normalizations: names, metadata and plumbing ignored, and each
    computation counted once per call from the entry (a reducer shared by two reduces counts twice;
    a computation nothing calls, as per-pass dumps hold before DCE, not at all)."""
    memo: dict[int, Counter] = {}

    def counts_of(comp: HloComputation) -> Counter:
        if id(comp) not in memo:
            counts: Counter = Counter()
            for instr in comp.instructions:
                attributes = instr.attributes
                if instr.opcode in ("async-update", "async-done"):
                    # XLA gives an update/done its start's computation whether the text names it or not
                    attributes = {k: v for k, v in attributes.items() if k != "calls"}
                if instr.opcode == "outfeed" and instr.operands and "outfeed_shape" in attributes:
                    # XLA's parser takes an outfeed's shape from its operand where the text names none
                    if attributes["outfeed_shape"].without_layouts() == instr.operands[0].shape.without_layouts():
                        attributes = {k: v for k, v in attributes.items() if k != "outfeed_shape"}
                for called in _called_computations(attributes):
                    counts += counts_of(called)
                if instr.opcode in PLUMBING and not (instr.opcode == "copy" and "sharding" in attributes):
                    continue  # a copy with a sharding is where GSPMD reshards: it counts
                attrs = tuple(
                    sorted(
                        (k, repr(_value(k, v)))
                        for k, v in _spelled_as_xla_prints(instr.opcode, attributes).items()
                        if k not in IGNORED_ATTRIBUTES and not _as_absent(instr.opcode, k, v)
                    )
                )
                literal = instr.literal.to_text() if instr.literal is not None else None
                counts[(instr.opcode, instr.shape.without_layouts().to_text(), attrs, literal)] += 1
            memo[id(comp)] = counts
        return memo[id(comp)]

    return counts_of(module.entry)


def _called_computations(attributes: dict) -> list[HloComputation]:
    called = []
    for value in attributes.values():
        values = value if isinstance(value, tuple) else (value,)
        called += [v for v in values if isinstance(v, HloComputation)]
    return called
