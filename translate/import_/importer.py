"""The HLO → StableHLO importer: one `ModuleImporter` per module, one handler per opcode family.

Values are tracked as *trees*: an HLO instruction of array or token shape maps to one `ir.Value`, one of
tuple shape to a Python tuple of trees. Tuples are therefore flattened wherever StableHLO takes variadic
operands and results (function signatures, while/if/case, sort, reduce, custom calls, ...); a tuple is
materialized as `stablehlo.tuple` only where a single tuple-typed value is required.

    >>> from hlo_translate.hlo.text import parse_hlo_text
    >>> m = ModuleImporter(parse_hlo_text("HloModule m\\nENTRY e { ROOT p = f32[] parameter(0) }")).run()
    >>> "func.func @main" in str(m)
    True
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Callable, Iterable
from itertools import chain, compress, repeat
from operator import attrgetter, contains
from typing import Any

from jaxlib.mlir import ir
from jaxlib.mlir.dialects import func

from hlo_translate.errors import TranslateError
from hlo_translate.hlo.ir import (
    ComputationRef,
    HloComputation,
    HloInstruction,
    HloModule,
    PrimitiveType,
    RawAttr,
    Shape,
)
from hlo_translate.import_ import attrs as A
from hlo_translate.import_.liveness import FOLDING_OPCODES, HLO_CONTROL, LeafReads, Resolve
from hlo_translate.import_.locations import LocationCache
from hlo_translate.import_.module_attrs import set_entry_attrs, set_module_attrs, set_parameter_attrs
from hlo_translate.import_.trees import Tree, flat_shapes, flat_types, flatten, unflatten
from hlo_translate.markers import CONTROL_ID, CONTROL_PREDECESSORS, SIGNATURE
from hlo_translate.mlir.context import first_diagnostic
from hlo_translate.registry import Registry
from hlo_translate.typemap import shape_to_mlir

Handler = Callable[["OpContext"], Tree]
# A one-op instruction: its op name and attributes from the instruction alone (operands and result type
# are the instruction's own), see `register_simple`.
SimpleForm = Callable[[HloInstruction], tuple[str, "dict[str, ir.Attribute] | None"]]
# A plain computation (`ModuleImporter._plain_body`): its parameters, and its ops, each its instruction, op
# name, attributes, and whether no instruction reads it.
PlainBody = tuple[list[HloInstruction], list[tuple[HloInstruction, str, "dict[str, ir.Attribute] | None", bool]]]

HANDLERS: Registry[str, Handler] = Registry("importer handler")
SIMPLE: Registry[str, SimpleForm] = Registry("importer one-op form")
# The op name a `SIMPLE` form gives, with no attributes, to any instruction without attributes, beside that
# form: the emit loop takes the name, no form call, while the form is the opcode's (`register_simple`).
PLAIN_NAMES: Registry[str, tuple[SimpleForm, str]] = Registry("importer plain op name")
# One entry, FALLBACK_KEY: the handler writing any instruction as the lossless `custom_call
# @"xla.<opcode>"` (`async_ops.emit_fallback`), for the instructions StableHLO cannot say as written.
FALLBACK: Registry[str, Handler] = Registry("importer fallback")
FALLBACK_KEY = "xla.<opcode>"


class NoStableHloForm(TranslateError):
    """The instruction is valid HLO that StableHLO has no op for as written (a duplicate source-target
    pair, an unsupported constant type, ...): the importer writes it in the fallback form instead."""


def register(*opcodes: str) -> Callable[[Handler], Handler]:
    """Register a handler for HLO `opcodes` (a later registration of the same opcode is a bug)."""
    return HANDLERS.register(*opcodes)


def register_simple(*opcodes: str, plain: str | None = None) -> Callable[[SimpleForm], SimpleForm]:
    """Register `form` for instructions that become one op of their operands and result type with
    attributes read from the instruction alone (most of a module: elementwise ops, broadcast, reshape,
    dot, ...). The importer builds these ops directly, without an OpContext (`emit_instruction`); an
    operand that is a tuple takes the general path, the handler made here from the same form. `plain`:
    the op name `form` returns, with no attributes, for any instruction without attributes
    (`PLAIN_NAMES`; tests/import_/test_plain_names.py checks it).

        >>> @register_simple("negate", plain="stablehlo.negate")              # doctest: +SKIP
        ... def negate(instr): return "stablehlo.negate", None
    """

    def wrap(form: SimpleForm) -> SimpleForm:
        def handler(ctx: OpContext) -> Tree:
            name, attributes = form(ctx.instr)
            return ctx.op(name, ctx.values(), attributes=attributes).result

        HANDLERS.register(*opcodes)(handler)
        if plain is not None:
            for opcode in opcodes:
                PLAIN_NAMES.add(opcode, (form, plain))
        return SIMPLE.register(*opcodes)(form)

    return wrap


def required(instr: HloInstruction, name: str) -> Any:
    """Attribute `name` of `instr`, or a TranslateError naming the instruction."""
    try:
        return instr.attributes[name]
    except KeyError:
        raise TranslateError(f"missing attribute '{name}'", op=instr.name) from None


def _signature(computation: HloComputation, parameters: list[HloInstruction]) -> str | None:
    """`(<parameter shapes>) -> <root shape>` when the function's flat types do not say it: a tuple
    parameter, or a root that is a nested tuple or a 1-tuple (docs/import.md). `parameters` are
    `computation.parameters`."""
    assert computation.root is not None
    root = computation.root.shape
    odd_root = root.is_tuple and (len(root.tuple_shapes) == 1 or any(s.is_tuple for s in root.tuple_shapes))
    if not odd_root and not any(p.shape.is_tuple for p in parameters):
        return None
    params = Shape.tuple_of([p.shape for p in parameters])
    return f"{params.to_short_text()} -> {root.to_short_text()}"


_OPERANDS = attrgetter("operands")
# The instruction attributes `ModuleImporter._finish` reads (`attach_common` and control edges).
_FINISH_ATTRIBUTES = frozenset(
    {
        "frontend_attributes",
        "sharding",
        "backend_config",
        "origin",
        "control-predecessors",
        "result_accuracy",
        "statistics",
    }
)
_OPCODE = attrgetter("opcode")
_ATTRIBUTES = attrgetter("attributes")
_ELEMENT_TYPE = attrgetter("shape.element_type")


# `_readers`: what reads each instruction, and whether an operand may be a tuple tree. Instructions are
# keys by identity (`eq=False`): no `id()` call (a new int) per instruction and operand.
Readers = tuple[dict[HloInstruction, int], dict[HloInstruction, int] | None, bool]
# A computation with more instructions than this releases each value after its last reader (`emit`).
_RELEASE_ABOVE = 64


def _readers(
    computation: HloComputation, ordered: set[HloInstruction], leaf_reads: LeafReads, resolve: Resolve
) -> Readers:
    """How many instructions read each one (the root counts as read), zero for an instruction no leaf of
    which reaches an op (`liveness.py`: read only through get-tuple-elements that never take it, by folded
    instructions' control edges, by a branch that does not use it, or one with no leaf): it is as dead as
    one read by none. Second, for a large computation, how many operand slots read each one (the root one
    more): `emit` drops a value after its last read. Third, whether an operand may be a tuple tree. The
    control predecessors go into `ordered`."""
    instructions = computation.instructions
    root = computation.root
    readers: dict[HloInstruction, int]
    uses: dict[HloInstruction, int] | None = None
    if len(instructions) > _RELEASE_ABOVE:  # counted in C: a Counter over a chain of the operand lists
        readers = Counter(chain.from_iterable(map(_OPERANDS, instructions)))
        uses = dict(readers)
        if root is not None:
            uses[root] = uses.get(root, 0) + 1
    else:  # a reducer or comparator: building the Counter costs more than counting
        readers = {}
        for instr in instructions:
            for operand in instr.operands:
                readers[operand] = readers.get(operand, 0) + 1
    # The scans over every instruction run in C (map, compress): a computation may hold 10^5 of them.
    control = list(compress(instructions, map(contains, map(_ATTRIBUTES, instructions), repeat(HLO_CONTROL))))
    for instr in control:
        for operand in instr.control_predecessors:
            readers[operand] = readers.get(operand, 0) + 1
            ordered.add(operand)
    if root is not None:
        readers[root] = readers.get(root, 0) + 1
    # Only folding instructions, conditionals and tuple shapes make a read reach no op: without them the
    # count is exact, and the leaf-level walk (`liveness.py`) is not needed.
    folding = list(compress(instructions, map(FOLDING_OPCODES.__contains__, map(_OPCODE, instructions))))
    tuple_shapes = list(map(_ELEMENT_TYPE, instructions)).count(PrimitiveType.TUPLE)
    if (folding or tuple_shapes) and not _only_a_root_tuple(computation, folding, tuple_shapes, control):
        for instr in leaf_reads.unread(computation, resolve, uses):
            readers[instr] = 0
    # Whether an operand may be a tree with parts (a Python tuple): only one of tuple shape is, and a root
    # that no operand reads is no operand.
    root_unread = root is not None and root.shape.is_tuple and uses is not None and uses.get(root) == 1
    return readers, uses, tuple_shapes > (1 if root_unread else 0)


def _only_a_root_tuple(
    computation: HloComputation, folding: list[HloInstruction], tuple_shapes: int, control: list[HloInstruction]
) -> bool:
    """Whether the one folding instruction and tuple shape of `computation` is its root, a tuple of arrays
    (or tokens), and no control edge: the root reads each operand whole, every other instruction reads
    its operands whole, so the count of readers is exact (JAX's entry computations, the largest)."""
    root = computation.root
    return (
        root is not None
        and not control
        and tuple_shapes == 1
        and len(folding) == 1
        and folding[0] is root
        and root.opcode == "tuple"
        and root.shape.is_tuple
        and bool(root.shape.tuple_shapes)
        and not any(s.is_tuple for s in root.shape.tuple_shapes)
    )


class OpContext:
    """What a handler sees: the instruction, its operands as trees, and builders for ops."""

    __slots__ = ("importer", "instr", "operands", "loc", "created")

    def __init__(self, importer: ModuleImporter, instr: HloInstruction, operands: list[Tree], loc: ir.Location):
        self.importer = importer
        self.instr = instr
        self.operands = operands
        self.loc = loc
        self.created: list[ir.Operation] = []

    # -- reading the instruction --------------------------------------------------------------

    @property
    def shape(self) -> Shape:
        return self.instr.shape

    def attr(self, name: str, default: Any = None) -> Any:
        return self.instr.attributes.get(name, default)

    def required(self, name: str) -> Any:
        return required(self.instr, name)

    def computation(self, name: str) -> HloComputation:
        """The computation attribute `name` (resolved by the parser or, if left raw, by name)."""
        value = self.required(name)
        if isinstance(value, tuple):
            value = value[0]
        return self.importer.resolve_computation(value)

    def error(self, message: str) -> TranslateError:
        return TranslateError(message, op=self.instr.name)

    def value(self, index: int) -> ir.Value:
        """Operand `index` as one value (a tuple operand is materialized with `stablehlo.tuple`)."""
        if isinstance(self.operands[index], tuple):
            return self.importer.materialize(self.operands[index], self.importer.locations.auxiliary(self.instr))
        return self.operands[index]

    def values(self) -> list[ir.Value]:
        for operand in self.operands:
            if isinstance(operand, tuple):
                return [self.value(i) for i in range(len(self.operands))]
        return list(self.operands)  # no tuple among them: the common case, without a call per operand

    def flat_operands(self) -> list[ir.Value]:
        return [v for t in self.operands for v in flatten(t)]

    def result_type(self) -> ir.Type:
        return self.importer.type_of(self.shape)

    # -- building ------------------------------------------------------------------------------

    def op(
        self,
        name: str,
        operands: Iterable[ir.Value],
        results: list[ir.Type] | None = None,
        attributes: dict[str, ir.Attribute] | None = None,
        regions: int = 0,
    ) -> ir.Operation:
        """Create op `name` at the current insertion point, with this instruction's location."""
        if results is None:
            results = [self.importer.type_of(self.instr.shape)]
        if name.startswith(_MHLO):
            raise _produced(name, self.instr)
        operation = ir.Operation.create(
            name,
            results=results,
            operands=operands if isinstance(operands, list) else list(operands),
            attributes=attributes,
            regions=regions,
            loc=self.loc,
        )
        self.created.append(operation)
        return operation

    def single(self, name: str, operands: Iterable[ir.Value], **attributes: ir.Attribute) -> ir.Value:
        """Create a one-result op typed like this instruction and return its value."""
        return self.op(name, operands, attributes=attributes).result

    def multi(
        self,
        name: str,
        operands: Iterable[ir.Value],
        attributes: dict[str, ir.Attribute] | None = None,
        regions: int = 0,
        shape: Shape | None = None,
    ) -> tuple[ir.Operation, Tree]:
        """Create an op whose results are `shape` (default: this instruction's) flattened; return op and tree."""
        shape = self.shape if shape is None else shape
        operation = self.op(name, operands, self.importer.flat_types(shape), attributes, regions)
        return operation, unflatten(shape, iter(operation.results))

    def region(self, operation: ir.Operation, index: int, computation: HloComputation) -> None:
        """Fill region `index` of `operation` with `computation` (block args = its flat parameters)."""
        self.importer.fill_region(operation.regions[index], computation, "stablehlo.return")


class ModuleImporter:
    """Imports one HloModule into a new MLIR module (in the current or a given context)."""

    def __init__(self, module: HloModule, context: ir.Context | None = None, fallback: frozenset[int] = frozenset()):
        self.hlo = module
        self.context = context
        # ids of the instructions to write in the fallback form (those StableHLO refused last time, see
        # `import_.fallback`)
        self.fallback = fallback
        self.functions: dict[str, str] = {}  # computation name -> function symbol
        self.pending: list[tuple[HloComputation, func.FuncOp]] = []
        self.symbols: set[str] = set()
        self.by_name = {c.name: c for c in module.computations}
        self.module: ir.Module | None = None
        self._materialized: dict[tuple[int, ir.Block], tuple[Tree, ir.Value]] = {}
        # instruction -> the op standing for it, for the instructions in `_ordered` only (the control
        # predecessors, `_readers`): keeping every op's Python object alive costs MLIR's bindings more per
        # op the more there are.
        self._instruction_ops: dict[HloInstruction, ir.Operation] = {}
        self._ordered: set[HloInstruction] = set()
        self._control_ids: dict[HloInstruction, int] = {}  # instruction -> its xla.control_id
        self._type_ids: dict[int, ir.Type] = {}  # id(shape) -> its MLIR type, for the shapes in `_shapes`
        self._shapes: list[Shape] = []
        self.locations = LocationCache()
        # id(instruction) -> the instructions that use it, built on first need (`async_ops.users_of`).
        self.users: dict[int, list[HloInstruction]] | None = None
        # id(computation) -> its parameters and readers: a reducer is emitted once per reduce that calls it.
        self._parameters: dict[int, list[HloInstruction]] = {}
        self._readers: dict[int, Readers] = {}
        self._leaf_reads = LeafReads()
        self._simple_forms = dict(SIMPLE.items())  # `SIMPLE` as a dict: its lookups without a Python call
        # (an `mhlo.` name is left to the form, whose op the emit loop refuses)
        self._plain_names = {
            opcode: name
            for opcode, (form, name) in PLAIN_NAMES.items()
            if self._simple_forms.get(opcode) is form and not name.startswith(_MHLO)
        }
        # A reduce's attributes per dimension tuple (the parser shares equal ones): JAX's modules have
        # thousands of reduces over a few dimension lists.
        self._reduce_attributes: dict[tuple[int, ...], dict[str, ir.Attribute]] = {}
        self._unknown: ir.Location | None = None  # `ir.Location.unknown()`, made once per run

    def type_of(self, shape: Shape) -> ir.Type:
        """`shape_to_mlir(shape)`, looked up by the shape object's identity: instructions share their
        shape objects, and hashing a Shape on every lookup costs more than the lookup."""
        known = self._type_ids.get(id(shape))
        if known is None:
            known = self._type_ids[id(shape)] = shape_to_mlir(shape)
            self._shapes.append(shape)  # kept: its id stays its own
        return known

    # -- entry point ---------------------------------------------------------------------------

    def run(self) -> ir.Module:
        if self.hlo.entry is None:
            raise TranslateError("the module has no entry computation")
        with A.memo_scope():
            return self._run()

    def _run(self) -> ir.Module:
        assert self.hlo.entry is not None
        self.module = ir.Module.create(loc=ir.Location.unknown())
        self._unknown = ir.Location.unknown()
        set_module_attrs(self)
        self.symbols.add("main")
        main = self.declare(self.hlo.entry, "main", public=True)
        set_entry_attrs(self, main)
        self.pending.append((self.hlo.entry, main))
        while self.pending:
            computation, function = self.pending.pop()
            self.define(computation, function)
        return self.module

    # -- functions -----------------------------------------------------------------------------

    def resolve_computation(self, value: Any) -> HloComputation:
        if isinstance(value, HloComputation):
            return value
        name = (
            value.name
            if isinstance(value, ComputationRef)
            else value.text
            if isinstance(value, RawAttr)
            else str(value)
        )
        name = name.strip().lstrip("%")
        if name not in self.by_name:
            raise TranslateError(f"unknown computation '{name}'")
        return self.by_name[name]

    def function_for(self, computation: HloComputation) -> str:
        """The symbol of the private function for `computation`, declared on first use."""
        symbol = self.functions.get(computation.name)
        if symbol is None:
            symbol = self.unique_symbol(computation.name)
            function = self.declare(computation, symbol, public=False)
            self.pending.append((computation, function))
        return symbol

    def unique_symbol(self, name: str) -> str:
        symbol, n = name, 0
        while symbol in self.symbols:
            n += 1
            symbol = f"{name}_{n}"
        self.symbols.add(symbol)
        return symbol

    def declare(self, computation: HloComputation, symbol: str, public: bool) -> func.FuncOp:
        assert self.module is not None and computation.root is not None
        self.functions[computation.name] = symbol
        parameters = self.parameters(computation)  # a scan of the computation: once
        arg_types = [t for p in parameters for t in flat_types(p.shape)]
        result_types = flat_types(computation.root.shape)
        with ir.InsertionPoint(self.module.body), ir.Location.unknown():
            function = func.FuncOp(symbol, ir.FunctionType.get(arg_types, result_types))
            if not public:
                function.attributes["sym_visibility"] = ir.StringAttr.get("private")
            signature = _signature(computation, parameters)
            if signature is not None:
                function.attributes[SIGNATURE] = ir.StringAttr.get(signature)
            if not public:
                set_parameter_attrs(parameters, function)
        return function

    def define(self, computation: HloComputation, function: func.FuncOp) -> None:
        arg_locs = [self.locations.of(p) for p in self.parameters(computation) for _ in flat_shapes(p.shape)]
        block = function.body.blocks.append(*function.type.inputs, arg_locs=arg_locs)
        with ir.InsertionPoint(block):
            root = self.emit(computation, list(block.arguments))
            values = flatten(root)
            func.ReturnOp(values, loc=ir.Location.unknown())
        _retype_buffer_results(function, values)

    def fill_region(
        self, region: ir.Region, computation: HloComputation, terminator: str, captured: list[Tree] | None = None
    ) -> None:
        """Emit `computation` into a new block of `region`.

        Its parameters become block arguments, or, with `captured`, bind to values from the enclosing
        scope (the block then has no arguments: `stablehlo.if`/`case` branches).
        """
        if captured is None:
            body = self._plain_body(computation)
            if body is not None:
                self._fill_plain(region, computation, body, terminator)
                return
        self._fill_region_built(region, computation, terminator, captured)

    def _fill_region_built(
        self, region: ir.Region, computation: HloComputation, terminator: str, captured: list[Tree] | None = None
    ) -> None:
        """`fill_region` op by op."""
        types: list[ir.Type] = []
        locs: list[ir.Location] = []
        if captured is None:
            for p in self.parameters(computation):
                leaves = self.flat_types(p.shape)
                types += leaves
                locs += [self.locations.of(p)] * len(leaves)
        block = region.blocks.append(*types, arg_locs=locs)
        with ir.InsertionPoint(block):
            root = self.emit(computation, list(block.arguments), captured)
            ir.Operation.create(terminator, operands=flatten(root), loc=ir.Location.unknown())

    def _plain_body(self, computation: HloComputation) -> PlainBody | None:
        """`computation`'s parameters (in order) and ops when it is small and made only of parameters and
        plain `SIMPLE` instructions of array shape with no attribute but metadata (a reducer such as
        `add(x, y)`), for `_fill_plain`; None otherwise, and for one holding an instruction to write in the
        fallback form or one whose form finds no StableHLO op (`emit` builds those). The forms run in
        instruction order as `emit` runs them, with its errors."""
        instructions = computation.instructions
        root = computation.root
        if len(instructions) > 8 or root is None:
            return None
        if self.fallback and not self.fallback.isdisjoint(map(id, instructions)):
            return None
        read = {root}  # what `_readers` counts, exact here: no folding instruction, no tuple shape
        parameters: list[HloInstruction] = []
        ops: list[tuple[HloInstruction, str, dict[str, ir.Attribute] | None]] = []
        in_order = True
        for instr in instructions:
            attributes = instr.attributes
            if attributes and (len(attributes) > 1 or "metadata" not in attributes):
                return None
            if instr.shape.is_tuple:
                return None
            if instr.opcode == "parameter":
                in_order = in_order and instr.parameter_number == len(parameters)
                parameters.append(instr)
                continue
            form = self._simple_forms.get(instr.opcode)
            if form is None:
                return None
            try:
                name, attributes = form(instr)
            except ir.MLIRError as err:  # as in `emit`
                raise TranslateError(first_diagnostic(err), op=instr.name) from None
            except NoStableHloForm:
                return None
            if name.startswith(_MHLO):
                raise _produced(name, instr)
            read.update(instr.operands)
            ops.append((instr, name, attributes))
        if not in_order:
            parameters = self.parameters(computation)  # numbered out of order: as `emit` binds them
        return parameters, [(instr, name, attributes, instr not in read) for instr, name, attributes in ops]

    def _fill_plain(self, region: ir.Region, computation: HloComputation, body: PlainBody, terminator: str) -> None:
        """`fill_region` for a computation `_plain_body` read: one call per block argument list and op,
        without `emit`'s bookkeeping (reducers: one per reduce in JAX's modules, all alike but for their
        instruction names)."""
        parameters, ops = body
        type_of, location_of, name_loc, create = self.type_of, self.locations.of, ir.Location.name, ir.Operation.create
        # (an attribute here is metadata: `location_of` only then, a name location otherwise, as in `emit`)
        block = region.blocks.append(
            *[type_of(p.shape) for p in parameters],
            arg_locs=[location_of(p) if p.attributes else name_loc(p.name) for p in parameters],
        )
        values: dict[HloInstruction, ir.Value] = dict(zip(parameters, block.arguments))
        at_end = ir.InsertionPoint(block)
        for instr, name, attributes, dead in ops:
            operation = create(
                name,
                results=[type_of(instr.shape)],
                operands=[values[o] for o in instr.operands],
                attributes=attributes,
                loc=location_of(instr) if instr.attributes else name_loc(instr.name),
                ip=at_end,
            )
            if dead:  # as `_finish` marks it
                operation.attributes["xla.keep"] = ir.UnitAttr.get()
            values[instr] = operation.result
        assert computation.root is not None
        create(terminator, operands=[values[computation.root]], loc=self._unknown, ip=at_end)

    # -- instructions --------------------------------------------------------------------------

    def flat_types(self, shape: Shape) -> list[ir.Type]:
        """`flat_types(shape)`, an array's through `type_of`."""
        return flat_types(shape) if shape.is_tuple else [self.type_of(shape)]

    def parameters(self, computation: HloComputation) -> list[HloInstruction]:
        """`computation.parameters` (a scan and a sort), once per computation."""
        known = self._parameters.get(id(computation))
        if known is None:
            known = self._parameters[id(computation)] = computation.parameters
        return known

    def emit(self, computation: HloComputation, args: list[ir.Value], param_trees: list[Tree] | None = None) -> Tree:
        """Emit `computation`'s instructions at the current insertion point; return the root's tree.

        Parameters bind to `param_trees` if given, else to `args` (flat, in parameter order).
        """
        parameters = self.parameters(computation)
        if param_trees is None:
            it = iter(args)
            param_trees = [unflatten(p.shape, it) for p in parameters]
        values: dict[HloInstruction, Tree] = dict(zip(parameters, param_trees))
        known_readers = self._readers.get(id(computation))
        if known_readers is None:
            known_readers = self._readers[id(computation)] = _readers(
                computation, self._ordered, self._leaf_reads, self.resolve_computation
            )
        readers, uses, trees = known_readers
        # A large computation drops each value after its last read (`left`: reads to come): the Python
        # objects of values keep their ops' objects alive, and MLIR's bindings track every live op, at a
        # cost per op that grows with their number.
        left = dict(uses) if uses is not None else None
        # The loop below runs once per instruction of the module: the common case (`SIMPLE`) is built
        # here without further calls into the importer; everything else goes through a handler.
        type_ids, instruction_ops, location_of = self._type_ids, self._instruction_ops, self.locations.of
        ordered, fallback = self._ordered, self.fallback
        simple_forms, plain_names = self._simple_forms, self._plain_names
        create, name_loc = ir.Operation.create, ir.Location.name
        stable_names: set[str] = set()  # op names checked not to be `mhlo.` ones
        for instr in computation.instructions:
            opcode = instr.opcode
            if opcode == "parameter":
                continue
            if left is None:
                operands = [values[o] for o in instr.operands]
            else:
                operands = []
                for o in instr.operands:
                    if left[o] == 1:
                        operands.append(values.pop(o))
                    else:
                        left[o] -= 1
                        operands.append(values[o])
            refused = fallback and id(instr) in fallback  # (`fallback` holds ids: most imports have none)
            simple = simple_forms.get(opcode) if not refused else None
            if simple is None or (trees and tuple in map(type, operands)):
                dead = not readers.get(instr)
                if opcode == "reduce" and not refused:  # a JAX module's most common op with a region
                    tree = self._emit_reduce(instr, operands, dead)
                    if tree is not None:
                        values[instr] = tree
                        continue
                values[instr] = self.emit_instruction(instr, operands, dead)
                continue
            # What the general handler of `simple` builds (`register_simple`), with the same errors.
            result_type = type_ids.get(id(instr.shape))
            if result_type is None:
                result_type = self.type_of(instr.shape)
            attributes_of = instr.attributes
            try:
                # An instruction without attributes (most elementwise ops, reshapes): its op name, no call of
                # its form, no metadata.
                plain = None if attributes_of else plain_names.get(opcode)
                if plain is not None:
                    operation = create(plain, results=[result_type], operands=operands, loc=name_loc(instr.name))
                else:
                    name, attributes = simple(instr)
                    if name not in stable_names:  # a set lookup: cheaper than a method call per instruction
                        if name.startswith(_MHLO):
                            raise _produced(name, instr)
                        stable_names.add(name)
                    operation = create(
                        name,
                        results=[result_type],
                        operands=operands,
                        attributes=attributes,
                        loc=location_of(instr) if "metadata" in attributes_of else name_loc(instr.name),
                    )
            except ir.MLIRError as err:  # an attribute MLIR refused: the instruction's one-line error
                raise TranslateError(first_diagnostic(err), op=instr.name) from None
            except NoStableHloForm:
                values[instr] = self.emit_instruction(instr, operands, not readers.get(instr), as_fallback=True)
                continue
            if attributes_of and not _FINISH_ATTRIBUTES.isdisjoint(attributes_of):
                self._finish(instr, operation, not readers.get(instr))
            else:  # none of the attributes `_finish` reads: only these two things to do
                if ordered and instr in ordered:
                    instruction_ops[instr] = operation
                if not readers.get(instr):
                    operation.attributes["xla.keep"] = ir.UnitAttr.get()
            values[instr] = operation.result
        assert computation.root is not None
        return values[computation.root]

    def _emit_reduce(self, instr: HloInstruction, operands: list[Tree], dead: bool) -> Tree | None:
        """What the `reduce` handler builds, without the handler path (OpContext, a location scope),
        when the reducer is plain (`_plain_body`) and no operand is a tuple; None otherwise (the handler
        then builds it, with its errors)."""
        attributes = instr.attributes
        computation, dimensions = attributes.get("to_apply"), attributes.get("dimensions")
        if type(computation) is not HloComputation or dimensions is None or tuple in map(type, operands):
            return None
        body = self._plain_body(computation)
        if body is None:
            return None
        shape = instr.shape
        is_tuple = shape.is_tuple
        if is_tuple:
            results = flat_types(shape)
        else:  # `type_of`, inline: a JAX module's reduces have one result each
            result_type = self._type_ids.get(id(shape))
            results = [result_type if result_type is not None else self.type_of(shape)]
        try:
            reduce_attributes = self._reduce_attributes.get(dimensions) if type(dimensions) is tuple else None
            if reduce_attributes is None:
                reduce_attributes = {"dimensions": A.i64_array(dimensions)}
                if type(dimensions) is tuple:
                    self._reduce_attributes[dimensions] = reduce_attributes
            operation = ir.Operation.create(
                "stablehlo.reduce",
                results=results,
                operands=operands,
                attributes=reduce_attributes,
                regions=1,
                loc=self.locations.of(instr) if "metadata" in attributes else ir.Location.name(instr.name),
            )
        except ir.MLIRError as err:  # as in `emit_instruction`
            raise TranslateError(first_diagnostic(err), op=instr.name) from None
        self._fill_plain(operation.regions[0], computation, body, "stablehlo.return")
        if dead or instr in self._ordered or not _FINISH_ATTRIBUTES.isdisjoint(attributes):
            self._finish(instr, operation, dead)  # (most reduces: nothing to do)
        return unflatten(shape, iter(operation.results)) if is_tuple else operation.result

    def emit_instruction(
        self, instr: HloInstruction, operands: list[Tree], dead: bool = False, as_fallback: bool = False
    ) -> Tree:
        """The ops standing for `instr`: its handler's, or the fallback form (`as_fallback`, an instruction
        StableHLO refused before, or one whose handler finds no StableHLO form for it)."""
        as_fallback = as_fallback or id(instr) in self.fallback
        handler = FALLBACK[FALLBACK_KEY] if as_fallback else HANDLERS.get(instr.opcode)
        if handler is None:
            raise TranslateError(f"unsupported opcode '{instr.opcode}'", op=instr.name)
        ctx = OpContext(self, instr, operands, self.locations.of(instr))
        with ctx.loc:
            try:
                result = handler(ctx)
            except ir.MLIRError as err:  # an attribute or op MLIR refused: the instruction's one-line error
                raise ctx.error(first_diagnostic(err)) from None
            except NoStableHloForm:
                if as_fallback:
                    raise
                for op in reversed(ctx.created):  # what the handler built before it gave up: unused
                    op.erase()
                return self.emit_instruction(instr, operands, dead, as_fallback=True)
        created = ctx.created
        if created:
            self._finish(instr, created[-1], dead)
            if len(created) > 1:
                # Only the op that stands for the instruction carries its name (the last one built);
                # helpers keep the metadata, so that the name stays unique (locations.py).
                aux = self.locations.auxiliary(instr)
                for helper in created[:-1]:
                    helper.location = aux
        return result

    def _finish(self, instr: HloInstruction, operation: ir.Operation, dead: bool) -> None:
        """What every op standing for an instruction gets: common attributes, control edges, `xla.keep`."""
        attributes = instr.attributes
        if not _FINISH_ATTRIBUTES.isdisjoint(attributes):
            A.attach_common(operation, instr)
            if "control-predecessors" in attributes:
                self._link_control_predecessors(instr, operation)
        if instr in self._ordered:
            self._instruction_ops[instr] = operation
        if dead:
            # Unused in the HLO module: the exporter keeps it rather than drop it as dead code.
            operation.attributes["xla.keep"] = ir.UnitAttr.get()

    def _link_control_predecessors(self, instr: HloInstruction, op: ir.Operation) -> None:
        """Record `control-predecessors` as ids (docs/import.md): StableHLO has no such edge."""

        ids = []
        for pred in instr.control_predecessors:
            pred_op = self._instruction_ops.get(pred)
            if pred_op is None:  # a parameter, or a tuple / get-tuple-element folded into values
                logging.getLogger(__name__).warning(
                    "%s: control predecessor %s has no op of its own; the edge is dropped", instr.name, pred.name
                )
                continue
            if pred not in self._control_ids:
                self._control_ids[pred] = len(self._control_ids)
                pred_op.attributes[CONTROL_ID] = ir.IntegerAttr.get(
                    ir.IntegerType.get_signless(64), self._control_ids[pred]
                )
            ids.append(self._control_ids[pred])
        if ids:
            op.attributes[CONTROL_PREDECESSORS] = ir.DenseI64ArrayAttr.get(ids)

    def materialize(self, tree: Tree, loc: ir.Location) -> ir.Value:
        """One value for `tree`: itself, or a `stablehlo.tuple` of its parts, made once per block (an HLO
        tuple read twice stays one tuple)."""
        if not isinstance(tree, tuple):
            return tree
        block = ir.InsertionPoint.current.block
        key = (id(tree), block)
        made = self._materialized.get(key)
        if made is not None:
            return made[1]
        parts = [self.materialize(t, loc) for t in tree]
        result_type = ir.TupleType.get_tuple([p.type for p in parts])
        value = ir.Operation.create("stablehlo.tuple", results=[result_type], operands=parts, loc=loc).result
        self._materialized[key] = (tree, value)  # the tree is kept alive so that its id stays its own
        return value


# The importer writes StableHLO only: an `mhlo.` op would be a bug of ours (XLA's importer leaves some).
# Checked where ops are named (the emit loop and `OpContext.op`; the other ops are built with literal
# names), which costs less than a walk over the finished module.
_MHLO = "mhlo."


def _produced(name: str, instr: HloInstruction) -> TranslateError:
    return TranslateError(f"internal: the import produced {name}", op=instr.name)


def _retype_buffer_results(function: func.FuncOp, values: list[ir.Value]) -> None:
    """Give `function` the result types of the `values` it returns where a buffer (memref) result is returned
    as its array: the fallback form types a buffer so (`async_ops.emit_fallback`), as its `xla_shape` says."""
    declared = list(function.type.results)
    if not any(isinstance(t, ir.MemRefType) for t in declared):
        return  # most functions: no buffer
    returned = [v.type for v in values]
    if returned == declared or len(returned) != len(declared):
        return
    for was, now in zip(declared, returned):
        if was != now and not (isinstance(was, ir.MemRefType) and isinstance(now, ir.RankedTensorType)):
            return  # not a buffer's retyping: StableHLO's verifier names the mismatch
    function.attributes["function_type"] = ir.TypeAttr.get(ir.FunctionType.get(function.type.inputs, returned))
