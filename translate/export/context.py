"""State of one export: the module being built (`ExportContext`) and one computation (`Builder`).

`ExportContext` owns what is module-wide: unique names, the list of finished computations (callees
before callers), the computations of `func.func`s already exported. A `Builder` fills one
`HloComputation`: it maps MLIR values to the instructions that compute them and stamps every
instruction with the metadata, frontend attributes and sharding of the op being converted.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from jaxlib.mlir import ir

from hlo_translate.errors import SourceLocation, TranslateError
from hlo_translate.export import mlir_attrs as A
from hlo_translate.export.locations import metadata
from hlo_translate.export.refine import NeedsRefinement
from hlo_translate.export.registry import HANDLERS
from hlo_translate.export.resources import read_resources
from hlo_translate.hlo.ir import (
    FrontendAttributes,
    HloComputation,
    HloInstruction,
    OpMetadata,
    PrimitiveType,
    ResultAccuracy,
    Shape,
    shape_problem,
    with_default_layouts,
)
from hlo_translate.hlo.literal import Literal
from hlo_translate.hlo.sharding import for_shape
from hlo_translate.hlo.text import parse_attribute
from hlo_translate.hlo.verify.shardings import device_problem, sharding_shape_problem
from hlo_translate.markers import (
    BITCAST,
    CONTROL_ID,
    CONTROL_PREDECESSORS,
    CUSTOM_CALL_ATTRIBUTES,
    ORIGINAL_VALUE,
    UNTUPLED_SHARDING,
)
from hlo_translate.mlir.locations import location_info, source_location
from hlo_translate.typemap import element_type_from_mlir, shape_from_mlir

_BAD_NAME_CHARS = re.compile(r"[^A-Za-z0-9_.\-]")
_VALID_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.\-]*")
TERMINATORS = frozenset({"stablehlo.return", "func.return", "mhlo.return"})


class ExportContext:
    """Module-wide state: names, finished computations, exported functions."""

    def __init__(self, module_op: ir.Operation, *, positions_only: bool = False):
        self.module_op = module_op
        # False when every location is a position in unnamed text (see `export_module`): none is read then.
        self.read_locations = not positions_only
        # False: write what the input says, without the checks XLA's verifier would make of it (verify=False)
        self.verify = True
        self.computations: list[HloComputation] = []
        self.functions: dict[str, HloComputation] = {}
        self.func_ops: dict[str, ir.Operation] = {}
        self._name_counts: dict[str, int] = {}
        self._clean_bases: dict[str, str] = {}  # base as given -> base as a valid name
        self._shape_cache: dict[ir.Type, Shape] = {}
        self._array_shapes: dict[tuple[PrimitiveType, tuple[int, ...]], Shape] = {}
        self.literals: dict[ir.Attribute, Literal] = {}  # a constant's value attribute -> its literal
        # a dot_general's (dimension numbers, precision, algorithm) attributes -> its HLO attributes (read-only)
        self.dot_attributes: dict[tuple[ir.Attribute | None, ...], dict[str, object]] = {}
        for op in module_op.regions[0].blocks[0].operations:
            if op.operation.name == "func.func":
                self.func_ops[A.string(op.attributes["sym_name"])] = op.operation
        # Instruction names carried by locations (the importer's NameLocs) that occur once in the
        # module are reused verbatim; reserving them first keeps generated names from taking them.
        self.reusable_names = _unique_location_names(module_op) if self.read_locations else set()
        # Private functions become computations of their own name when it is a valid HLO name that
        # no instruction takes, so that names survive HLO -> StableHLO -> HLO.
        self.function_names = {
            name
            for name in self.func_ops
            if name != "main" and _VALID_NAME.fullmatch(name) and name not in self.reusable_names
        }
        # Instructions of ops marked `xla.keep`: dead code that must survive (see `dce.py`).
        self.pinned: set[int] = set()
        # Instructions given HLO-text attributes (`xla.attributes`: our `xla.*` fallback custom calls, other custom
        # calls and ops): what the verifier says of those is the input's fault.
        self.carried: list[HloInstruction] = []
        # The names a generated `base.N` must avoid: generated names never clash with one another (a
        # name splits into base and number at its last dot, one way only), so only these are looked up,
        # not every name given so far (a set of a million strings: a cache miss and an insert per name).
        self._reserved_names = frozenset(self.reusable_names | self.function_names)

    def unique_name(self, base: str) -> str:
        """`base.N`, unique in the module (instructions and computations share one namespace)."""
        clean = self._clean_bases.get(base)
        if clean is None:
            clean = _BAD_NAME_CHARS.sub("_", base) or "x"
            if not (clean[0].isalpha() or clean[0] == "_"):
                clean = "_" + clean
            self._clean_bases[base] = clean
        n = self._name_counts.get(clean, 0) + 1
        name = f"{clean}.{n}"
        while name in self._reserved_names:
            n += 1
            name = f"{clean}.{n}"
        self._name_counts[clean] = n
        return name

    def computation_name(self, function: str) -> str:
        """The name of the computation made from private function `function`: the symbol itself
        when it is free, else a unique `symbol.N`."""
        if function in self.function_names:
            self.function_names.discard(function)
            return function
        return self.unique_name(function)

    def take_name(self, name: str | None) -> str | None:
        """`name` if it is a reusable location name not yet given to an instruction, else None."""
        if name is None or name not in self.reusable_names:
            return None
        self.reusable_names.discard(name)
        return name

    @functools.cached_property
    def resources(self) -> dict[str, bytes]:
        """The module's `dense_resource` blobs by name, read when a constant first needs them."""
        return read_resources(self.module_op)

    def shape_of(self, t: ir.Type) -> Shape:
        """The HLO shape (with default layouts) of an MLIR type; cached by the type itself (types are
        uniqued in their context: equal types are one object there, and hash by it)."""
        shape = self._shape_cache.get(t)
        if shape is None:
            try:
                shape = with_default_layouts(_scalar_shape(t) or shape_from_mlir(t))
            except TranslateError as err:
                raise TranslateError(err.message) from None
            problem = shape_problem(shape)  # the verifier's rule (a size in bytes past int64, say)
            if problem is not None:
                raise TranslateError(problem)
            self._shape_cache[t] = shape
        return shape

    def array_shape(self, element_type: PrimitiveType, dimensions: tuple[int, ...]) -> Shape:
        """A static array shape with the default layout, one object per distinct type and dimensions (as
        `shape_of` gives one per MLIR type): the printer makes a shape object's text once."""
        key = (element_type, dimensions)
        shape = self._array_shapes.get(key)
        if shape is None:
            shape = self._array_shapes[key] = with_default_layouts(Shape.array(element_type, dimensions))
        return shape

    @functools.cached_property
    def num_partitions(self) -> int:
        """The module's `mhlo.num_partitions` (1 when it declares none)."""
        attr = A.get(self.module_op, "mhlo.num_partitions")
        return 1 if attr is None else A.integer(attr)

    def sharding(
        self, attr: ir.Attribute, op: str | None = None, location: SourceLocation | None = None
    ):  # -> HloSharding
        """An `mhlo.sharding` attribute read and checked against the module's partitions."""
        return self.checked_sharding(A.sharding(attr), op, location)

    def checked_sharding(
        self, sharding, op: str | None = None, location: SourceLocation | None = None
    ):  # -> HloSharding
        """`sharding`, refused as the input's fault when it names devices the module does not have (the rule
        of XLA's verifier, and ours, on what we would write)."""
        problem = device_problem(sharding, self.num_partitions)
        if problem is not None:
            raise TranslateError(problem, op=op, location=location)
        return sharding

    def sharding_on(
        self, attr: ir.Attribute, shape: Shape, op: str | None = None, location: SourceLocation | None = None
    ):  # -> HloSharding
        """`sharding(attr)` made for `shape` (`hlo.sharding.for_shape`), refused as the input's fault when it
        tiles another number of dimensions than an array of `shape` has (the rule of XLA's verifier, and ours:
        `{devices=[2]<=[2]}` on a `tensor<f32>` argument was our internal error); with `verify=False` written as
        it is, as XLA's parser reads it (`xla/service/hlo_verifier_test.cc` tiles 4 dimensions of a rank-2 array)."""
        sharding = for_shape(self.sharding(attr, op, location), shape)
        problem = sharding_shape_problem(sharding, shape)
        if problem is not None and self.verify:
            raise TranslateError(problem, op=op, location=location)
        return sharding

    def finish(self, comp: HloComputation) -> HloComputation:
        self.computations.append(comp)
        return comp


@dataclass(slots=True)
class _OpStamp:
    """What every instruction built for one op carries."""

    op: ir.Operation
    metadata: OpMetadata | None
    frontend_attributes: FrontendAttributes | None
    instruction_name: str | None
    created: list[HloInstruction] = field(default_factory=list)


class Builder:
    """Builds one HLO computation from MLIR blocks."""

    def __init__(self, ctx: ExportContext, name: str, *, is_entry: bool = False):
        self.ctx = ctx
        self.comp = HloComputation(name, is_entry=is_entry)
        self.values: dict[Any, HloInstruction] = {}
        self._read_locations = ctx.read_locations
        self._stamp: _OpStamp | None = None
        self._num_params = 0
        self.control_ids: dict[int, HloInstruction] = {}  # xla.control_id -> its instruction
        self.tuple_constants: dict[str, HloInstruction] = {}  # markers.TUPLE_CONSTANT name -> its constant

    # -- instructions -------------------------------------------------------------------------

    def add(
        self,
        opcode: str,
        shape: Shape,
        operands: Sequence[HloInstruction] = (),
        attributes: dict[str, Any] | None = None,
        *,
        name: str | None = None,
        plain: bool = False,
    ) -> HloInstruction:
        """Append an instruction; it gets the current op's metadata and frontend attributes (only the
        metadata when `plain`)."""
        instr = HloInstruction(
            self.ctx.unique_name(name or opcode), opcode, shape, list(operands), dict(attributes or {})
        )
        stamp = self._stamp
        if stamp is not None:
            if stamp.frontend_attributes is not None and not plain:
                instr.attributes["frontend_attributes"] = stamp.frontend_attributes
            if stamp.metadata is not None:
                instr.attributes["metadata"] = stamp.metadata
            stamp.created.append(instr)
        self.comp.instructions.append(instr)
        return instr

    def parameter(
        self, shape: Shape, name: str = "Arg", metadata: OpMetadata | None = None, *, exact_name: str | None = None
    ) -> HloInstruction:
        instr = HloInstruction(exact_name or self.ctx.unique_name(name), "parameter", shape)
        instr.parameter_number = self._num_params
        self._num_params += 1
        if metadata is not None:
            instr.attributes["metadata"] = metadata
        self.comp.instructions.append(instr)
        return instr

    def argument(self, arg: ir.BlockArgument, name: str = "Arg") -> HloInstruction:
        """The parameter for block argument `arg`, named and annotated from its location."""
        if not self._read_locations:
            return self.parameter(self.shape(arg), name)
        info = location_info(arg.location)
        return self.parameter(
            self.shape(arg), name, metadata(info), exact_name=self.ctx.take_name(info.instruction_name)
        )

    def constant(self, literal: Any, shape: Shape) -> HloInstruction:
        instr = self.add("constant", shape)
        instr.literal = literal
        return instr

    def gte(self, tuple_instr: HloInstruction, index: int, *, plain: bool = False) -> HloInstruction:
        return self.add(
            "get-tuple-element", tuple_instr.shape.tuple_shapes[index], [tuple_instr], {"index": index}, plain=plain
        )

    def tuple(self, elements: Sequence[HloInstruction]) -> HloInstruction:
        return self.add("tuple", Shape.tuple_of([e.shape for e in elements]), elements)

    def split(self, op: ir.Operation, instr: HloInstruction) -> list[HloInstruction]:
        """One instruction per result of `op`: `instr` itself, or its tuple elements."""
        if len(op.results) == 1 and not (instr.shape.is_tuple and not self.is_tuple_type(op.results[0].type)):
            return [instr]
        return [self.gte(instr, i) for i in range(len(op.results))]

    @staticmethod
    def is_tuple_type(t: ir.Type) -> bool:
        return isinstance(t, ir.TupleType)

    # -- values -------------------------------------------------------------------------------

    def shape(self, value_or_type: Any) -> Shape:
        t = value_or_type if isinstance(value_or_type, ir.Type) else getattr(value_or_type, "type", value_or_type)
        return self.ctx.shape_of(t)

    def result_shape(self, op: ir.Operation) -> Shape:
        """The shape of `op`'s results: the one result's shape, or a tuple of all."""
        results = op.results
        if len(results) == 1:
            return self.ctx.shape_of(results[0].type)
        return Shape.tuple_of([self.ctx.shape_of(r.type) for r in results])

    def value(self, v: ir.Value) -> HloInstruction:
        instr = self.values.get(v)
        if instr is None:
            raise TranslateError(
                "use of a value defined outside this region (implicit capture) is not supported here",
                op=self._stamp.op.name if self._stamp else None,
                location=self._stamp and op_location(self._stamp.op),
            )
        return instr

    def operands(self, op: ir.Operation) -> list[HloInstruction]:
        values = self.values
        try:
            return [values[v] for v in op.operands]
        except KeyError:
            return [self.value(v) for v in op.operands]  # raises for the value defined outside

    # -- blocks -------------------------------------------------------------------------------

    def emit_block(self, block: ir.Block) -> list[HloInstruction]:
        """Convert the ops of `block`; returns the instructions of its terminator's operands."""
        for op in block.operations:
            operation = op.operation
            name = operation.name
            if name in TERMINATORS:
                return [self.value(v) for v in operation.operands]
            if name in _CONSTANTS and _dead_constant(operation):
                continue
            self.emit_op(operation, name)
        raise TranslateError("block without a terminator")

    def emit_op(self, op: ir.Operation, name: str | None = None) -> None:
        """Convert `op` (`name`: its name, when the caller has read it already)."""
        # The attribute map is read once; an op without attributes (most elementwise ops) skips
        # every probe for the exporter's own attributes.
        attrs = op.attributes
        # The names in one list (one binding call): the probes below are then list tests, not binding calls.
        names = attrs.keys() if len(attrs) != 0 else ()
        has_attrs = len(names) != 0
        handler = HANDLERS.get(BITCAST if has_attrs and BITCAST in names else name or op.name)
        if handler is None:
            raise TranslateError("unsupported op", op=op.name, location=op_location(op))
        if self._read_locations:
            info = location_info(op.location, input_position=False)
            op_metadata, instruction_name = metadata(info), info.instruction_name
        else:
            op_metadata = instruction_name = None
        frontend = None
        if has_attrs and "mhlo.frontend_attributes" in names:
            try:
                frontend = frontend_attributes_of(_attr(op, attrs, "mhlo.frontend_attributes"))
            except TranslateError as err:
                raise TranslateError(err.message, op=op.name, location=op_location(op)) from None
        outer = self._stamp
        self._stamp = _OpStamp(op, op_metadata, frontend, instruction_name)
        try:
            results = handler(self, op)
        except TranslateError as err:
            if err.location is None:
                kind = NeedsRefinement if isinstance(err, NeedsRefinement) else TranslateError
                raise kind(err.message, op=err.op or op.name, location=op_location(op)) from None
            raise
        except RuntimeError as err:
            if not A.is_not_utf8(err):
                raise
            raise TranslateError(
                "a string attribute of the op is not valid UTF-8", op=op.name, location=op_location(op)
            ) from None
        finally:
            stamp = self._stamp
            self._stamp = outer
        op_results = op.results
        assert len(results) == len(op_results), (op.name, len(results), len(op_results))
        if stamp.instruction_name is not None:
            self._reuse_name(results, stamp)
        # One list of the names, one set test: most ops hold only their own attributes, none of these.
        if has_attrs and not _PLACED_AFTER.isdisjoint(names):
            self._attach_sharding(op, attrs, results, stamp.created)
            if "result_accuracy" in attrs and results and any(results[0] is c for c in stamp.created):
                results[0].attributes["result_accuracy"] = _result_accuracy(op, _attr(op, attrs, "result_accuracy"))
            self._attach_control(op, attrs, results)
            if CUSTOM_CALL_ATTRIBUTES in attrs and op.name != "stablehlo.custom_call":
                _attach_carried(self.ctx, op, _attr(op, attrs, CUSTOM_CALL_ATTRIBUTES), results, stamp.created)
            if "xla.keep" in attrs:
                self.ctx.pinned.update(id(i) for i in stamp.created)
        values = self.values
        for value, instr in zip(op_results, results):
            values[value] = instr

    def _reuse_name(self, results: list[HloInstruction], stamp: _OpStamp) -> None:
        """Give the instruction that stands for `op` the instruction name of its location."""
        if not results or stamp.instruction_name is None:
            return
        main = results[0]
        if len(results) > 1 and main.opcode == "get-tuple-element":
            main = main.operands[0]
        if not any(main is c for c in stamp.created):
            return  # the op forwards a value built elsewhere
        name = self.ctx.take_name(stamp.instruction_name)
        if name is not None:
            main.name = name

    def _attach_control(self, op: ir.Operation, attrs: ir.OpAttributeMap, results: list[HloInstruction]) -> None:
        """`xla.control_id` / `xla.control_predecessors` (written by the importer) -> control-predecessors."""
        if CONTROL_ID not in attrs and CONTROL_PREDECESSORS not in attrs:
            return
        if not results:
            raise TranslateError(
                f"{CONTROL_ID} or {CONTROL_PREDECESSORS} on an op that makes no instruction",
                op=op.name,
                location=op_location(op),
            )
        main = results[0]
        if len(results) > 1 and main.opcode == "get-tuple-element":
            main = main.operands[0]
        if CONTROL_ID in attrs:
            self.control_ids[A.integer(_attr(op, attrs, CONTROL_ID))] = main
        predecessors = _attr(op, attrs, CONTROL_PREDECESSORS) if CONTROL_PREDECESSORS in attrs else None
        if predecessors is not None:
            preds = []
            for index in ir.DenseI64ArrayAttr(predecessors):
                pred = self.control_ids.get(index)
                if pred is None:
                    raise TranslateError(
                        f"control predecessor {index} is not an earlier op of this region",
                        op=op.name,
                        location=op_location(op),
                    )
                preds.append(pred)
            main.attributes["control-predecessors"] = tuple(preds)

    def _attach_sharding(
        self, op: ir.Operation, attrs: ir.OpAttributeMap, results: list[HloInstruction], created: list[HloInstruction]
    ) -> None:
        config = _attr(op, attrs, "xla.backend_config")
        if config is not None and results and op.name not in _START_CONFIG_OPS:
            # Written by the importer for ops whose StableHLO form has no backend_config (docs/import.md).
            main = _unpacked(results[0], created)
            main.attributes.setdefault("backend_config", A.raw_string(config))
        origin = _attr(op, attrs, ORIGINAL_VALUE)
        # The importer writes the HLO text; MHLO's structured #mhlo.original_value is not read (yet).
        if isinstance(origin, ir.StringAttr) and results:
            main = _unpacked(results[0], created)
            main.attributes.setdefault("origin", parse_attribute("origin", A.string(origin)))
        attr = _attr(op, attrs, "mhlo.sharding")
        if attr is None or op.name in _SPLIT_SHARDING:
            return
        if not results:  # a result-less custom call: its `()` instruction holds the sharding as the op says it
            if len(created) == 1:
                created[0].attributes["sharding"] = self.ctx.sharding(attr, op.name, op_location(op))
            return
        main = results[0]
        # an op of several results, or of one made a 1-tuple's element (a conditional or custom call of a 1-tuple):
        # the sharding is the tuple instruction's
        one_tuple = main.opcode == "get-tuple-element" and any(main.operands[0] is c for c in created)
        if (len(results) > 1 or one_tuple) and main.opcode == "get-tuple-element":
            main = main.operands[0]
            # through the op's own unpacking (an infeed's data tuple) to the instruction whose results they are
            while main.opcode == "get-tuple-element" and any(main is c for c in created):
                main = main.operands[0]
        sharding = self.ctx.sharding_on(attr, main.shape, op.name, op_location(op))
        if UNTUPLED_SHARDING in attrs and main.shape.is_tuple and sharding.is_tuple:
            # the HLO said one sharding for every leaf (checked on each above): written so again
            whole = self.ctx.sharding(attr, op.name, op_location(op))
            sharding = sharding if whole.is_tuple else whole
        main.attributes["sharding"] = sharding


# The attributes `emit_op` places on what the handler made (`_attach_sharding`, `_attach_control` and its own).
_PLACED_AFTER = frozenset(
    {
        "xla.backend_config",
        ORIGINAL_VALUE,
        "mhlo.sharding",
        "result_accuracy",
        CONTROL_ID,
        CONTROL_PREDECESSORS,
        CUSTOM_CALL_ATTRIBUTES,
        "xla.keep",
    }
)

# Ops whose `xla.backend_config` is their start instruction's, not the done's their results are read from
# (export/p2p.py writes it).
_START_CONFIG_OPS = frozenset({"stablehlo.send", "stablehlo.recv"})


def _unpacked(result: HloInstruction, created: list[HloInstruction]) -> HloInstruction:
    """The instruction an op's result is read from: through the get-tuple-elements the op made (a nested loop
    state's leaves), or the result itself; a get-tuple-element of a value made elsewhere, its operand."""
    if result.opcode != "get-tuple-element":
        return result
    main = result.operands[0]
    while main.opcode == "get-tuple-element" and any(main is c for c in created):
        main = main.operands[0]
    return main


def _attach_carried(
    ctx: ExportContext,
    op: ir.Operation,
    attr: ir.Attribute | None,
    results: list[HloInstruction],
    created: list[HloInstruction],
) -> None:
    """The HLO attributes the importer carried in their text (`xla.attributes`) where the op has no field for
    them (a fusion's output_to_operand_aliasing, a reshape's inferred_dimension), onto the instruction the op
    made, which joins `ctx.carried` (the verifier's word on it is the input's fault); a custom call reads its
    own (`custom_call.carried_attributes`)."""
    if not results:
        return
    main = results[0]
    while main.opcode == "get-tuple-element" and any(main is c for c in created) and len(results) > 1:
        main = main.operands[0]
    if not any(main is c for c in created):
        return  # the op forwards a value built elsewhere
    ctx.carried.append(main)
    for name, value in A.dictionary(attr).items():
        try:
            main.attributes.setdefault(name, parse_attribute(name, A.string(value)))
        except TranslateError as err:
            raise TranslateError(
                f"bad {CUSTOM_CALL_ATTRIBUTES} entry {name}: {err.message}", op=op.name, location=op_location(op)
            ) from None


_ACCURACY_FIELD = re.compile(r"(atol|rtol|ulps) = ([-+0-9.eE]+)")
_ACCURACY_MODE = re.compile(r"result_accuracy_mode<(\w+)>")


def _result_accuracy(op: ir.Operation, attr: ir.Attribute | None) -> ResultAccuracy:
    """`#stablehlo.result_accuracy<atol = .., rtol = .., ulps = .., mode = ..>` (fields at their defaults are
    not printed) as HLO's `result_accuracy={tolerance={...}}` or `{mode=highest}`, as XLA's converter writes it."""
    text = str(attr)
    mode = _ACCURACY_MODE.search(text)
    if not text.startswith(("#stablehlo.result_accuracy<", "#mhlo.result_accuracy<")):
        raise TranslateError(f"result_accuracy {text[:80]} is not a #stablehlo.result_accuracy", op=op.name)
    fields = dict(_ACCURACY_FIELD.findall(text))
    name = mode.group(1).lower() if mode is not None else "default"  # DEFAULT, the mode's default, is elided
    return ResultAccuracy(
        None if name == "tolerance" else name,
        float(fields.get("atol", 0)),
        float(fields.get("rtol", 0)),
        int(float(fields.get("ulps", 0))),
    )


# A constant nothing uses is dropped unread, as XLA's converter drops it: its value may have no HLO form (an
# `index` element type, an elided `dense_resource`) and an HLO module would lose it anyway (export/dce.py).
_CONSTANTS = frozenset({"stablehlo.constant", "mhlo.constant", "arith.constant"})


def _dead_constant(op: ir.Operation) -> bool:
    """Unused, and with no attribute but its value (no `xla.keep`, no control edge, no name to keep)."""
    # (a constant has one result; the first use, if any, is all that is read of its uses)
    return len(op.attributes) == 1 and next(iter(op.result.uses), None) is None


def _scalar_shape(t: ir.Type) -> Shape | None:
    """A plain scalar type (`i64`, `f64`, `i1`, `index` from torch-mlir's `arith` and `tensor.extract`) as
    the 0-d array HLO has for a scalar: `index` is `s64`. None for anything else (tensors, tuples, tokens)."""
    if isinstance(t, ir.IndexType):
        return Shape.array(PrimitiveType.S64, ())
    if isinstance(t, (ir.IntegerType, ir.FloatType)):
        return Shape.array(element_type_from_mlir(t), ())
    return None


def _attr(op: ir.Operation, attrs: ir.OpAttributeMap, name: str) -> ir.Attribute | None:
    """`attrs[name]` (`op`'s attributes), or None; the error of a location there names the op."""
    try:
        return A.get(op, name, attrs)
    except TranslateError as err:
        raise TranslateError(err.message, op=op.name, location=op_location(op)) from None


# Ops whose handler places `mhlo.sharding` itself: send/recv spread it over the instructions they make
# (export/p2p.py), while extends it over the values its regions capture (export/control_flow.py).
_SPLIT_SHARDING = ("stablehlo.send", "stablehlo.recv", "stablehlo.while", "mhlo.while")


def frontend_attributes_of(attr: ir.Attribute | None) -> FrontendAttributes | None:
    """`mhlo.frontend_attributes = {k = "v"}` as HLO frontend attributes (string values only, as XLA)."""
    if attr is None:
        return None
    items = []
    for key, value in A.dictionary(attr).items():
        if isinstance(value, ir.StringAttr):
            items.append((key, A.string(value)))
    return FrontendAttributes(tuple(items)) if items else None


def _unique_location_names(module_op: ir.Operation) -> set[str]:
    """Instruction names (see `locations.py`) that exactly one op or block argument carries."""
    counts: dict[str, int] = {}

    def count(location: ir.Location) -> None:
        name = location_info(location, input_position=False).instruction_name
        if name is not None:
            counts[name] = counts.get(name, 0) + 1

    def visit(op: ir.Operation) -> ir.WalkResult:
        count(op.location)
        if len(op.regions):
            for region in op.regions:
                for block in region.blocks:
                    for arg in block.arguments:
                        count(arg.location)
        return _ADVANCE

    # MLIR's own walk (C++, one callback per op) visits the module op too: its location is no
    # instruction's, so it is counted back out.
    module_name = location_info(module_op.location).instruction_name
    module_op.walk(visit)
    if module_name is not None:
        counts[module_name] -= 1
    return {name for name, n in counts.items() if n == 1}


_ADVANCE = ir.WalkResult.ADVANCE


def op_location(op: ir.Operation) -> SourceLocation | None:
    """Where `op` stands in the source (`<input>` when it was parsed from unnamed text)."""
    return source_location(op.location)
