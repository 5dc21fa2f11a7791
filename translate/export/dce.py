"""Dead-code removal on the exported module, matching what XLA's converter leaves out.

XLA's converter does not emit an op whose results are unused and that has no side effect (MLIR
drops trivially dead ops), so neither do we: in every computation an instruction stays if it is the
root, a parameter, pinned, has a side effect, or is (transitively) an operand or control predecessor
of one that stays. Side effects: send/recv, infeed/outfeed, rng and rng-get-and-update-state,
collectives and their async forms, custom calls with `custom_call_has_side_effect`, `call` and
`fusion` (a `func.call` has unknown effects in MLIR, and XLA's converter keeps it), and any
instruction calling a computation that holds one. Pinned: the instructions of ops the importer
marked `xla.keep` (dead code of the original HLO module, kept so a round trip keeps it).
Computations no longer reached from the entry go.
"""

from __future__ import annotations

from itertools import chain
from operator import attrgetter

from hlo_translate.hlo.ir import COMPUTATION_ATTRS, HloComputation, HloInstruction, HloModule

SIDE_EFFECT_OPCODES = frozenset(
    {
        "send",
        "send-done",
        "recv",
        "recv-done",
        "infeed",
        "outfeed",
        "rng",
        "rng-get-and-update-state",
        "all-reduce",
        "all-gather",
        "reduce-scatter",
        "all-to-all",
        "ragged-all-to-all",
        "collective-permute",
        "collective-broadcast",
        "all-reduce-start",
        "all-reduce-done",
        "all-gather-start",
        "all-gather-done",
        "collective-permute-start",
        "collective-permute-done",
        "async-start",
        "async-update",
        "async-done",
        "copy-start",
        "copy-done",
        "trace",
        "call",
        "fusion",
    }
)


_PARAMETER_OR_EFFECT = SIDE_EFFECT_OPCODES | {"parameter"}
_CALLS = frozenset(COMPUTATION_ATTRS)  # the attributes that name a called computation
_OPERANDS = attrgetter("operands")


class _Effects:
    """Which instructions have side effects, memoizing computations."""

    def __init__(self) -> None:
        self._computations: dict[int, bool] = {}

    def instruction(self, instr: HloInstruction) -> bool:
        if instr.opcode in SIDE_EFFECT_OPCODES:
            return True
        if instr.opcode == "custom-call" and instr.attributes.get("custom_call_has_side_effect"):
            return True
        calls = instr.called_computations()  # [] for most: no generator made for them
        return bool(calls) and any(self.computation(c) for c in calls)

    def computation(self, comp: HloComputation) -> bool:
        key = id(comp)
        if key not in self._computations:
            self._computations[key] = False  # a cycle cannot add effects
            self._computations[key] = any(self.instruction(i) for i in comp.instructions)
        return self._computations[key]


def _live(comp: HloComputation, effects: _Effects, pinned: set[int]) -> set[HloInstruction]:
    """The instructions of `comp` that stay (instructions hash by identity: a set of them needs no int
    object per `id()`, a million of them fresh memory in a large module)."""
    # Most computations hold no dead code: when each instruction that no other one reads stays anyway, every
    # instruction does (the operands form a DAG: any instruction is read, through a chain of readers, by one
    # that nothing reads). The unread ones are found with sets and maps in C, without a Python step each.
    everything = set(comp.instructions)
    unread = everything.difference(chain.from_iterable(map(_OPERANDS, comp.instructions)))
    if all(_stays(i, comp, effects, pinned) for i in unread):
        return everything
    return _reached(comp, effects, pinned)


def _stays(instr: HloInstruction, comp: HloComputation, effects: _Effects, pinned: set[int]) -> bool:
    """Whether `instr` stays whether or not anything reads it (`_reached`'s starting points). `effects.instruction`
    is asked only of what may have an effect: a side-effect opcode, a custom call, or an instruction calling a
    computation (one set test in C each; most instructions are none of these)."""
    return (
        instr is comp.root
        or instr.opcode in _PARAMETER_OR_EFFECT
        or bool(pinned and id(instr) in pinned)
        or ((instr.opcode == "custom-call" or not _CALLS.isdisjoint(instr.attributes)) and effects.instruction(instr))
    )


def _reached(comp: HloComputation, effects: _Effects, pinned: set[int]) -> set[HloInstruction]:
    """The instructions that stay, found from the root, parameters, side effects and pinned ones."""
    work = [i for i in comp.instructions if _stays(i, comp, effects, pinned)]
    if comp.root is not None:
        work.append(comp.root)
    live: set[HloInstruction] = set()
    while work:
        instr = work.pop()
        if instr in live:
            continue
        live.add(instr)
        work.extend(instr.operands)
        work.extend(instr.control_predecessors)
    return live


def remove_dead_code(module: HloModule, pinned: set[int] | None = None) -> None:
    """Drop unused side-effect-free instructions and unreachable computations, in place.

    `pinned` holds the ids of instructions that stay whatever their use."""
    effects = _Effects()
    for comp in module.computations:
        live = _live(comp, effects, pinned or set())
        if len(live) != len(comp.instructions):
            comp.instructions = [i for i in comp.instructions if i in live]
    if module.entry is None:
        return
    reached = {id(c) for c in module.reachable_computations()}
    module.computations = [c for c in module.computations if id(c) in reached]
