"""What XLA's HLO parser does to a module beyond reading it, so that our parse is the module XLA builds:

- async sugar is spelled out: `y = ((f32[8]), f32[8], s32[]) negate-start(x)` becomes
  `async-start(x), calls=async_wrapped` with a computation `async_wrapped` holding parameters
  `async_param` and the wrapped instruction (named after its opcode, with the sugar's own attributes);
  `negate-update` / `negate-done` become `async-update` / `async-done`;
- the metadata, frontend attributes, backend config, statistics and origin written on an async instruction
  are also given to the instruction it wraps (the last of start, updates and done that writes one wins);
- names are made unique in the module, instruction names and computation names each with XLA's
  uniquifier (a repeated `state` becomes `state.1`, the first one written keeping its name), which
  XLA's proto loader insists on.
"""

from __future__ import annotations

import re

from hlo_translate.errors import TranslateError
from hlo_translate.hlo.ir import HloComputation, HloInstruction, HloModule, PrimitiveType, Shape, async_sugar_base
from hlo_translate.hlo.text.printer import compatible

# Attributes that stay on the async instruction of a sugar form (the rest belong to the wrapped op).
_ASYNC_OWN = frozenset(
    {
        "async_execution_thread",
        "metadata",
        "sharding",
        "frontend_attributes",
        "backend_config",
        "statistics",
        "origin",
        "control-predecessors",
        "output_to_operand_aliasing",  # XLA's parser sets it on the async-start
    }
)
# Attributes XLA's parser also sets on the wrapped instruction when an async instruction carries them.
_SHARED_WITH_WRAPPED = ("metadata", "frontend_attributes", "backend_config", "statistics", "origin")
# output_to_operand_aliasing belongs to a wrapped op that has one (XLA's parser), else to the async-start.
_ALIASING = frozenset({"output_to_operand_aliasing"})
_TAKE_ALIASING = frozenset({"custom-call", "fusion"})
_GENERIC = {"-start": "async-start", "-update": "async-update", "-done": "async-done"}
_ASYNC_SUFFIXES = tuple(_GENERIC)


def module_opcodes(module: HloModule) -> set[str]:
    """The opcodes of `module`'s instructions."""
    return {instr.opcode for comp in module.computations for instr in comp.instructions}


def apply_parser_rules(module: HloModule, opcodes: set[str] | None = None) -> None:
    """Spell out async sugar, share attributes with wrapped instructions, make names unique (`opcodes`: those
    of `module`, where the caller has them)."""
    # the first three rules act on async opcodes only (sugar or not, all end in one of these suffixes): one
    # C-level pass over the opcodes spares three Python loops over a module that has none (the common case)
    if opcodes is None:
        opcodes = module_opcodes(module)
    if any(opcode.endswith(_ASYNC_SUFFIXES) for opcode in opcodes):
        _expand_async_sugar(module)
        _async_threads(module)
        _share_with_wrapped(module)
    _uniquify(module)


def _expand_async_sugar(module: HloModule) -> None:
    computations: list[HloComputation] = []
    for comp in module.computations:
        for instr in comp.instructions:
            base = async_sugar_base(instr.opcode)
            if base is None:
                continue
            suffix = instr.opcode[len(base) :]
            if suffix == "-start":
                callee = next(iter(instr.called_computations()), None)
                wrapped = _wrap(instr, base)
                if callee is not None and callee.name == "_" and callee in computations:
                    # XLA makes the wrapper as it reads the start: right after a callee written in place
                    computations.insert(computations.index(callee) + 1, wrapped)
                else:
                    computations.append(wrapped)
            else:
                instr.attributes = {k: v for k, v in instr.attributes.items() if k in _ASYNC_OWN}
                if suffix == "-done":
                    _done_shape_to_wrapped(instr)
            instr.opcode = _GENERIC[suffix]
        computations.append(comp)
    module.computations[:] = computations


def _wrap(start: HloInstruction, base: str) -> HloComputation:
    """The computation XLA's parser makes for a sugar start, and the start rewritten to call it."""
    problem = sugar_start_problem(start)
    if problem is not None:
        raise TranslateError(problem, op=start.name)
    operand_shapes = start.shape.tuple_shapes[0].tuple_shapes
    params = [HloInstruction("async_param", "parameter", s, parameter_number=i) for i, s in enumerate(operand_shapes)]
    own = _ASYNC_OWN - _ALIASING if base in _TAKE_ALIASING else _ASYNC_OWN  # the wrapped op's, where it has one
    attributes = {k: v for k, v in start.attributes.items() if k not in own}
    root = HloInstruction(base, base, start.shape.tuple_shapes[1], list(params), attributes)
    thread = start.attributes.get("async_execution_thread")
    wrapped = HloComputation("async_wrapped", [*params, root], root, execution_thread=thread)
    start.attributes = {**{k: v for k, v in start.attributes.items() if k in own}, "calls": (wrapped,)}
    return wrapped


def _done_shape_to_wrapped(done: HloInstruction) -> None:
    """A sugar done (`negate-done`) whose shape is not compatible with its wrapped instruction's gives that
    instruction its own shape, layout included (measured: jaxlib 0.12's parser does, a generic `async-done`
    does not; the async-start keeps the shape it was written with)."""
    start = done.operands[0] if done.operands else None
    while start is not None and start.opcode == "async-update" and start.operands:
        start = start.operands[0]
    calls = start.attributes.get("calls") if start is not None and start.opcode == "async-start" else None
    if isinstance(calls, tuple) and calls and isinstance(calls[0], HloComputation) and calls[0].root is not None:
        wrapped = calls[0].root
        if not compatible(wrapped.shape, done.shape):
            wrapped.shape = done.shape


def sugar_start_problem(start: HloInstruction) -> str | None:
    """Why a sugar start's shape is not an async bundle `((operands...), result, context...)`, or None."""
    shape = start.shape
    if (
        shape.is_tuple
        and len(shape.tuple_shapes) >= 2
        and shape.tuple_shapes[0].is_tuple
        and len(shape.tuple_shapes[0].tuple_shapes) == len(start.operands)
    ):
        return None
    return (
        f"{start.opcode} has shape {shape.to_text()}; an async start is ((operands...), result, context...) "
        f"with one element per operand"
    )


def _async_threads(module: HloModule) -> None:
    """An async-start's called computation runs on the start's `async_execution_thread`, as XLA's parser
    sets it."""
    for instr in module.instructions():
        if instr.opcode != "async-start":
            continue
        thread = instr.attributes.get("async_execution_thread")
        calls = instr.attributes.get("calls")
        if isinstance(thread, str) and isinstance(calls, tuple):
            for comp in calls:
                if isinstance(comp, HloComputation) and comp.execution_thread is None and thread != "main":
                    comp.execution_thread = thread


def _share_with_wrapped(module: HloModule) -> None:
    wrapped_of: dict[int, HloInstruction] = {}
    for comp in module.computations:
        for instr in comp.instructions:
            if instr.opcode == "async-start":
                calls = instr.attributes.get("calls")
                wrapped = (
                    calls[0].root
                    if isinstance(calls, tuple) and calls and isinstance(calls[0], HloComputation)
                    else None
                )
            elif instr.opcode in ("async-update", "async-done") and instr.operands:
                wrapped = wrapped_of.get(id(instr.operands[0]))
            else:
                continue
            if wrapped is None:
                continue
            wrapped_of[id(instr)] = wrapped
            for key in _SHARED_WITH_WRAPPED:
                if key in instr.attributes:
                    wrapped.attributes[key] = instr.attributes[key]


def _uniquify(module: HloModule) -> None:
    if _uniquifier_may_rename([instr.name for comp in module.computations for instr in comp.instructions]):
        names = NameUniquifier()
        for comp in module.computations:
            for instr in comp.instructions:
                instr.name = names.unique(instr.name)
    if _uniquifier_may_rename([comp.name for comp in module.computations]):
        computation_names = NameUniquifier()
        for comp in module.computations:
            comp.name = computation_names.unique(comp.name)


# A numeric suffix that is 0, starts with 0 or is too long for an int64: such a name can meet another
# spelling of its (root, number) (`a` and `a.0`, `a.1` and `a.01`) or is rewritten on its own (`a.01`).
_RENAMABLE_SUFFIX_RE = re.compile(r"\.(?:0\d*|\d{19,})$", re.M)


def _uniquifier_may_rename(names: list[str]) -> bool:
    """Whether `NameUniquifier` could change any of `names`. It keeps every name when all are distinct and
    none has a suffix of `_RENAMABLE_SUFFIX_RE`: the others map one-to-one to (root, number), a name
    without a number to (name, 0), `root.N` to (root, N >= 1), so no two meet."""
    return len(set(names)) != len(names) or _RENAMABLE_SUFFIX_RE.search("\n".join(names)) is not None


class NameUniquifier:
    """XLA's scheme: a name `root.N` (or `root`, N = 0) keeps its number if free for that root, else takes
    the smallest free one; N = 0 prints as `root` unless the name had a number."""

    def __init__(self) -> None:
        self._used: dict[str, set[int]] = {}
        self._next: dict[str, int] = {}

    def unique(self, name: str) -> str:
        root, dot, suffix = name.rpartition(".")
        # a suffix too long for an int64 is no number to XLA either (and int() refuses thousands of digits)
        numbered = bool(dot) and bool(root) and suffix.isdigit() and len(suffix) <= 18
        if not numbered:
            root, number = name, 0
        else:
            number = int(suffix)
        used = self._used.get(root)
        if used is None:  # the common case, a root seen first: the name stays unless its number had zeros
            self._used[root] = {number}
            canonical = not numbered or (suffix.isascii() and (suffix[0] != "0" or len(suffix) == 1))
            return name if canonical else f"{root}.{number}"
        if number in used:
            number = self._next.get(root, 0)
            while number in used:
                number += 1
            self._next[root] = number + 1
        used.add(number)
        if number == 0:
            return f"{root}.0" if numbered else root
        return f"{root}.{number}"


# Attributes whose computation XLA's parser also takes written in place, `to_apply={ ... }`; such a value
# holds instructions (`name =`), where a list of computations (`calls={%a, %b}`) holds names only.
INLINE_COMPUTATION_KEYS = frozenset(
    {"to_apply", "condition", "body", "true_computation", "false_computation", "select", "scatter", "calls"}
)
INLINE_COMPUTATION_RE = re.compile(r"\{\s*(?:ROOT\s+)?%?[A-Za-z_][\w.\-]*\s*=")


# The opcodes whose shape XLA's parser makes whatever the text declares (`xla_made_shape`).
MADE_SHAPE_OPCODES = frozenset({"send", "recv", "send-done", "recv-done", "outfeed"})


def xla_made_shapes(module: HloModule) -> None:
    """`xla_made_shape` on every instruction of `module`."""
    for comp in module.computations:
        for instr in comp.instructions:
            if instr.opcode in MADE_SHAPE_OPCODES:
                xla_made_shape(instr)


def xla_made_shape(instr: HloInstruction) -> None:
    """The shape XLA's parser gives `instr` whatever the text declares (its instruction constructors make
    them): send `(data, u32[], token[])` of its operand, recv the same of its declared data, send-done and
    outfeed `token[]`, recv-done `(data, token[])` of its operand's data (as XLA made that operand's)."""
    context, token = Shape.array(PrimitiveType.U32, ()), Shape.token()
    op, shape = instr.opcode, instr.shape
    if op == "send" and instr.operands:
        instr.shape = Shape.tuple_of([instr.operands[0].shape, context, token])
    elif op == "recv" and shape.is_tuple and shape.tuple_shapes:
        instr.shape = Shape.tuple_of([shape.tuple_shapes[0], context, token])
    elif op in ("send-done", "outfeed"):
        instr.shape = token
    elif op == "recv-done" and instr.operands:
        if instr.operands[0].opcode == "recv":
            xla_made_shape(instr.operands[0])
        data = instr.operands[0].shape.tuple_shapes if instr.operands[0].shape.is_tuple else ()
        if data:
            instr.shape = Shape.tuple_of([data[0], token])
