"""Which instructions of an HLO computation no op of its import reads: its dead code (docs/import.md).

The importer marks the op of such an instruction `xla.keep`, so that the exporter, which drops unused
side-effect-free ops as XLA's converter does, writes the dead code back. Reads are counted the way the import
sees values, leaf by leaf: tuples, get-tuple-elements and layout-only copies fold into trees of values and
make no op, so an instruction is read when a leaf of its value reaches an op, the root, or a control edge
between two instructions that have ops of their own. Hence unread:

    c = f32[] constant(2)
    t = (f32[], f32[]) tuple(a, c)
    n = ((f32[], f32[]), f32[]) tuple(t, a)
    g = (f32[], f32[]) get-tuple-element(n), index=0
    ROOT r = f32[] get-tuple-element(g), index=0        # takes a: c is never taken

and so are a value with no leaf (a `()` while or iota, whatever reads it), what only a control edge into
or out of a folding instruction (a tuple, a copy) reads, and a conditional's operand its branch does not read:
a branch reads the leaves of its operand it uses, captured from the enclosing scope (control_flow.py).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Set
from functools import partial
from itertools import chain, compress, repeat
from operator import attrgetter, contains, eq
from typing import Any

from hlo_translate.errors import TranslateError
from hlo_translate.hlo.ir import HloComputation, HloInstruction, PrimitiveType, Shape

Path = tuple[int, ...]  # tuple indices from a value to a part of it; () is the whole value
_WHOLE: frozenset[Path] = frozenset({()})
# Opcodes whose import may fold into the trees of their operands, and conditionals, whose operands are read
# as far as their branches read them: computations without any of these (nor tuple shapes) count reads exactly.
FOLDING_OPCODES = frozenset({"tuple", "get-tuple-element", "copy", "conditional"})
# The instructions whose reads of their operands depend on what is read of them (`_read_operands`); any
# other reads all of every operand.
_PATH_OPCODES = FOLDING_OPCODES | {"parameter"}
# The HLO attribute of control edges, looked up in every instruction by a scan in C.
HLO_CONTROL = "control-predecessors"
_OPCODE = attrgetter("opcode")
_OPERANDS = attrgetter("operands")
_ATTRIBUTES = attrgetter("attributes")
_ELEMENT_TYPE = attrgetter("shape.element_type")
_IS_TUPLE = partial(eq, PrimitiveType.TUPLE)
_IS_PARAMETER = partial(eq, "parameter")


def reads_every_leaf(branch: HloComputation) -> bool:
    """Whether a branch reads every element of its tuple parameter, or the parameter whole (else the
    import captures the tuple itself, so that the branch keeps its operand)."""
    param = branch.parameters[0] if branch.parameters else None
    if param is None or not param.shape.is_tuple:
        return True
    read: set[int] = set()
    for instr in branch.instructions:
        if param in instr.operands or param is branch.root:
            if instr.opcode != "get-tuple-element" or branch.root is param:
                return True
            read.add(instr.attributes["index"])
    return read >= set(range(len(param.shape.tuple_shapes)))


def folds(instr: HloInstruction) -> bool:
    """Whether the import of `instr` makes no op: a tuple, a get-tuple-element, a parameter, a copy that
    changes nothing but layouts and carries no sharding (data_movement.py)."""
    opcode = instr.opcode
    if opcode in ("tuple", "get-tuple-element", "parameter"):
        return True
    if opcode != "copy" or len(instr.operands) != 1:
        return False
    if "sharding" in instr.attributes and not instr.shape.is_tuple:
        return False
    return instr.operands[0].shape.without_layouts() == instr.shape.without_layouts()


Reader = Callable[[HloInstruction, Iterable[Path]], None]
Resolve = Callable[[Any], HloComputation]  # a computation attribute -> its computation


class LeafReads:
    """The leaf-level reads of the computations of one module (a branch's are asked by each conditional
    calling it: memoized). It holds no reference to the importer, whose `resolve` each call is given: a
    cycle would keep the importer and its MLIR objects alive until the next collection."""

    def __init__(self) -> None:
        self._branch_reads: dict[int, frozenset[Path]] = {}

    def unread(
        self, computation: HloComputation, resolve: Resolve, operand_reads: Mapping[HloInstruction, int] | None = None
    ) -> set[HloInstruction]:
        """The instructions of `computation` (parameters aside) no leaf of which is read. `operand_reads`:
        how many operand slots read each instruction, if the caller counted them (the root may count one
        more). Instructions are keys by identity (`eq=False`): no `id()` call per instruction."""
        instructions = computation.instructions
        reads, whole = self._reads(computation, resolve, operand_reads)
        parameters = set(compress(instructions, map(_IS_PARAMETER, map(_OPCODE, instructions))))
        # Set algebra in C over the many instructions: one read whole holds a leaf unless it is a tuple;
        # one read by nothing holds none; those read in parts, and tuples, are looked at one by one.
        unread = set(instructions) - whole - reads.keys()
        for instr in reads.keys() - whole:
            if not _reads_a_leaf(instr.shape, reads[instr]):
                unread.add(instr)
        for instr in compress(instructions, map(_IS_TUPLE, map(_ELEMENT_TYPE, instructions))):
            if instr in whole and not _reads_a_leaf(instr.shape, _with_whole(reads.get(instr), True)):
                unread.add(instr)
        return unread - parameters

    def branch_reads(self, branch: HloComputation, resolve: Resolve) -> frozenset[Path]:
        """The parts of its operand a conditional branch reads, as the import captures them."""
        key = id(branch)
        if key not in self._branch_reads:
            if not branch.parameters:
                self._branch_reads[key] = frozenset()
            elif not reads_every_leaf(branch):  # the tuple itself is captured: every leaf is read
                self._branch_reads[key] = _WHOLE
            else:
                reads, whole = self._reads(branch, resolve)
                param = branch.parameters[0]
                self._branch_reads[key] = frozenset(_with_whole(reads.get(param), param in whole))
        return self._branch_reads[key]

    def _reads(
        self, computation: HloComputation, resolve: Resolve, operand_reads: Mapping[HloInstruction, int] | None = None
    ) -> tuple[dict[HloInstruction, set[Path]], Set[HloInstruction]]:
        """instruction -> the parts of its value that are read, and the instructions read
        whole by an instruction that reads all of every operand (one not of `_PATH_OPCODES`), or the root:
        the paths of one are its entry and those of the set together. Users come after their operands in
        `instructions`: one pass from the end sees every user of an instruction before it."""
        instructions = computation.instructions
        # Most instructions read all of every operand whatever is read of them: their reads are one set,
        # the operands counted less those only the others read, and the pass from the end visits only the
        # others. The scans run in C (map, compress, Counter): a Python step per instruction was most of
        # an import's liveness time.
        by_path = list(compress(instructions, map(_PATH_OPCODES.__contains__, map(_OPCODE, instructions))))
        if operand_reads is None:
            operand_reads = Counter(chain.from_iterable(map(_OPERANDS, instructions)))
        path_reads = Counter(chain.from_iterable(map(_OPERANDS, by_path)))
        whole = operand_reads.keys() - {key for key, n in path_reads.items() if operand_reads.get(key, 0) <= n}
        reads: dict[HloInstruction, set[Path]] = {}

        def read(instr: HloInstruction, paths: Iterable[Path]) -> None:
            if paths:
                reads.setdefault(instr, set()).update(paths)

        # Control edges first (a predecessor may come after its successor); one survives the import only
        # between two ops, and reads nothing otherwise.
        for instr in compress(instructions, map(contains, map(_ATTRIBUTES, instructions), repeat(HLO_CONTROL))):
            if not folds(instr):
                for predecessor in instr.control_predecessors:
                    if not folds(predecessor):
                        read(predecessor, _WHOLE)
        if computation.root is not None:
            read(computation.root, _WHOLE)
        for instr in reversed(by_path):
            self._read_operands(instr, _with_whole(reads.get(instr), instr in whole), read, resolve)
        return reads, whole

    def _read_operands(self, instr: HloInstruction, mine: set[Path], read: Reader, resolve: Resolve) -> None:
        """Record what `instr` reads of its operands, given what is read of it (`mine`)."""
        opcode, operands = instr.opcode, instr.operands
        if opcode == "parameter":
            return
        if opcode == "get-tuple-element" and len(operands) == 1 and isinstance(instr.attributes.get("index"), int):
            index = instr.attributes["index"]
            read(operands[0], {(index, *p) for p in mine})
        elif opcode == "tuple":
            for p in mine:
                if not p:
                    for operand in operands:
                        read(operand, _WHOLE)
                elif p[0] < len(operands):
                    read(operands[p[0]], {p[1:]})
        elif opcode == "copy" and folds(instr):
            read(operands[0], mine)
        elif opcode == "conditional" and (branches := _branches(instr, resolve)) is not None:
            read(operands[0], _WHOLE)
            for branch, operand in zip(branches, operands[1:]):
                read(operand, self.branch_reads(branch, resolve))
        else:  # an op of its own: it reads all of every operand
            for operand in operands:
                read(operand, _WHOLE)


def _branches(instr: HloInstruction, resolve: Resolve) -> list[HloComputation] | None:
    """A conditional's branch computations, or None where they do not resolve (the import says why)."""
    attributes = instr.attributes
    if "branch_computations" in attributes:
        named = list(attributes["branch_computations"])
    else:
        named = [attributes.get("true_computation"), attributes.get("false_computation")]
    try:
        return [resolve(c[0] if isinstance(c, tuple) else c) for c in named]
    except (TranslateError, TypeError):
        return None


def _reads_a_leaf(shape: Shape, paths: Iterable[Path]) -> bool:
    """Whether any of `paths` into `shape` holds an array or token (a path past the shape reads it whole)."""
    for path in paths:
        part = shape
        for index in path:
            if not part.is_tuple or index >= len(part.tuple_shapes):
                return True
            part = part.tuple_shapes[index]
        if _has_leaf(part):
            return True
    return False


def _with_whole(paths: set[Path] | None, whole: bool) -> set[Path]:
    """`paths` (None: none), with the whole value if `whole`."""
    if paths is None:
        return set(_WHOLE) if whole else set()
    return paths | _WHOLE if whole else paths


def _has_leaf(shape: Shape) -> bool:
    return not shape.is_tuple or any(_has_leaf(s) for s in shape.tuple_shapes)
