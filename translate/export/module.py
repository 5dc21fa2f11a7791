"""The driver: a StableHLO module -> an `HloModule`.

`func.func @main` becomes the ENTRY computation; every other function reached by `func.call` becomes
one computation, exported once and called with HLO `call` (to_apply=) from each call site, as XLA's
own converter does (we do not inline: the call structure and the callee names stay visible).
Module-level facts (replica/partition counts, frontend attributes, aliasing, donors, the entry
computation layout) go to the header. Ops whose results are unused and that have no side effect are
dropped, as XLA's converter drops them (`translate.export.dce`).
"""

from __future__ import annotations

from collections.abc import Callable

from jaxlib.mlir import ir

from hlo_translate.errors import TranslateError
from hlo_translate.export import mlir_attrs as A
from hlo_translate.export.context import Builder, ExportContext, frontend_attributes_of
from hlo_translate.export.dce import remove_dead_code
from hlo_translate.export.layouts import entry_layout
from hlo_translate.export.regions import leaves, pack
from hlo_translate.export.registry import handles
from hlo_translate.hlo.ir import (
    BufferDonor,
    Enum,
    HloComputation,
    HloInstruction,
    HloModule,
    InputOutputAlias,
    Shape,
    with_default_layouts,
)
from hlo_translate.hlo.sharding import HloSharding
from hlo_translate.hlo.text import parse_shape
from hlo_translate.markers import SIGNATURE


def export_module(
    module: ir.Module,
    *,
    use_tuple_args: bool = False,
    return_tuple: bool = False,
    carried: list[HloInstruction] | None = None,
    verify: bool = True,
    positions_only: bool = False,
) -> HloModule:
    """Convert a StableHLO module (parsed in a context from `translate.mlir.context`) to HLO. `carried`, when
    given, receives the instructions rebuilt from the HLO-text attributes of `xla.*` custom calls (the
    input's own HLO: a verifier's refusal of one of them is an input error, see `stablehlo_to_hlo`).
    `positions_only` says that every location of the module is the parser's position in unnamed text (text
    without `loc(...)`): no location then names an instruction or gives metadata, and none is read.

        >>> with make_context():
        ...     hlo = export_module(parse_module(text))
        >>> print_hlo_text(hlo)
    """
    module_op = module.operation
    ctx = ExportContext(module_op, positions_only=positions_only)
    ctx.verify = verify
    main = ctx.func_ops.get("main")
    if main is None:
        raise TranslateError("the module has no function named 'main'")
    name = A.string(A.get(module_op, "sym_name"), "main") if A.has(module_op, "sym_name") else "main"
    entry = _export_entry(ctx, main, use_tuple_args=use_tuple_args, return_tuple=return_tuple)
    hlo = HloModule(name, computations=ctx.computations, entry=entry)
    _module_attributes(hlo, module_op)
    _aliasing(
        hlo, module_op, main, _argument_places(main, entry, use_tuple_args), _result_places(main, entry, return_tuple)
    )
    if not use_tuple_args:
        hlo.entry_computation_layout = entry_layout(module_op, main, entry)
    remove_dead_code(hlo, ctx.pinned)
    if carried is not None:
        carried.extend(ctx.carried)
    return hlo


def _function_type(func: ir.Operation) -> ir.FunctionType:
    return ir.FunctionType(ir.TypeAttr(func.attributes["function_type"]).value)


def _arg_attrs(func: ir.Operation, kind: str = "arg_attrs") -> list[dict[str, ir.Attribute]]:
    count = len(_function_type(func).inputs if kind == "arg_attrs" else _function_type(func).results)
    attr = A.get(func, kind)
    if attr is None:
        return [{} for _ in range(count)]
    return [A.dictionary(a) for a in A.elements(attr)]


def _export_entry(
    ctx: ExportContext, func: ir.Operation, *, use_tuple_args: bool, return_tuple: bool
) -> HloComputation:
    block = func.regions[0].blocks[0]
    b = Builder(ctx, ctx.unique_name("main"), is_entry=True)
    arg_attrs = _arg_attrs(func)
    signature = function_signature(b, func)
    if use_tuple_args:
        param = b.parameter(Shape.tuple_of([b.shape(a) for a in block.arguments]), "arg_tuple")
        for i, arg in enumerate(block.arguments):
            b.values[arg] = b.gte(param, i)
    else:
        _bind_arguments(
            b, block, signature, lambda arg: _parameter(b, arg, arg_attrs[arg.arg_number], f"Arg_{arg.arg_number}")
        )
    results = b.emit_block(block)
    result_attrs = _arg_attrs(func, "res_attrs")
    shardings = [attrs.get("mhlo.sharding") for attrs in result_attrs]
    if signature is not None and signature[1].is_tuple:
        root = pack(b, signature[1], iter(results))
        if any(s is not None for s in shardings):
            root.attributes["sharding"] = _tuple_sharding(ctx, shardings)
        b.comp.root = root
    elif len(results) == 1 and not return_tuple:
        root = results[0]
        wanted = ctx.sharding(shardings[0], _RESULTS) if shardings and shardings[0] is not None else None
        if wanted is not None and root.attributes.get("sharding") != wanted:
            # As XLA writes it: the result's sharding sits on a get-tuple-element of a 1-tuple, so the
            # value computed inside keeps its own (propagated) sharding. A root that already has that
            # sharding (an imported HLO root) stays the root.
            root = b.gte(b.tuple([root]), 0)
            root.attributes["sharding"] = wanted
        b.comp.root = root
    else:
        root = b.tuple(results)
        if any(s is not None for s in shardings):
            root.attributes["sharding"] = _tuple_sharding(ctx, shardings)
        b.comp.root = root
    return ctx.finish(b.comp)


def function_signature(b: Builder, func: ir.Operation) -> tuple[list[Shape], Shape] | None:
    """The parameter shapes and root shape the importer recorded in `xla.signature` (a computation with
    tuple parameters or a nested or 1-tuple root), checked against the function's flat types."""
    text = A.get(func, SIGNATURE)
    if text is None:
        return None
    params_text, arrow, root_text = A.string(text).partition(" -> ")
    try:
        params = parse_shape(params_text) if arrow else None
        root = parse_shape(root_text) if arrow else None
    except TranslateError as err:
        raise TranslateError(f"bad {SIGNATURE}: {err.message}") from None
    if params is None or root is None or not params.is_tuple:
        raise TranslateError(f"bad {SIGNATURE} '{A.string(text)}': expected '(<parameter shapes>) -> <result shape>'")
    function_type = _function_type(func)
    if not params.holds([b.shape(t) for t in function_type.inputs]) or not root.holds(
        [b.shape(t) for t in function_type.results]
    ):
        raise TranslateError(f"{SIGNATURE} '{A.string(text)}' does not hold the function's types")
    return [with_default_layouts(p) for p in params.tuple_shapes], with_default_layouts(root)


def _bind_arguments(
    b: Builder,
    block: ir.Block,
    signature: tuple[list[Shape], Shape] | None,
    parameter: Callable[[ir.BlockArgument], HloInstruction],
) -> None:
    """One parameter per block argument, or per parameter shape of `signature`: a tuple parameter
    stands for as many block arguments as it has leaves."""
    if signature is None:
        for arg in block.arguments:
            b.values[arg] = parameter(arg)
        return
    args = iter(block.arguments)
    for shape in signature[0]:
        group = [next(args) for _ in shape.leaves()]
        if not shape.is_tuple:
            b.values[group[0]] = parameter(group[0])
            continue
        param = b.parameter(shape, "arg_tuple")
        for arg, leaf in zip(group, leaves(b, param)):
            b.values[arg] = leaf


def _parameter(b: Builder, arg: ir.BlockArgument, attrs: dict[str, ir.Attribute], name: str = "Arg") -> HloInstruction:
    """A parameter with the argument's sharding and frontend attributes (e.g. ``xla.sdy.sharding``)."""
    param = b.argument(arg, name)
    if "mhlo.sharding" in attrs:
        param.attributes["sharding"] = b.ctx.sharding_on(attrs["mhlo.sharding"], param.shape, param.name)
    frontend = frontend_attributes_of(attrs.get("mhlo.frontend_attributes"))
    if frontend is not None:
        param.attributes["frontend_attributes"] = frontend
    return param


_RESULTS = "results of @main"


def _tuple_sharding(ctx: ExportContext, attrs: list[ir.Attribute | None]):  # -> HloSharding
    """One tuple sharding over the results (a tuple-typed result's own elements flattened in)."""
    elements: list[HloSharding] = []
    for attr in attrs:
        sharding = ctx.sharding(attr, _RESULTS) if attr is not None else HloSharding.replicated()
        elements.extend(sharding.tuple_elements if sharding.is_tuple else [sharding])
    return HloSharding.tuple(elements)


MAX_CALL_DEPTH = 64


def function_computation(ctx: ExportContext, callee: str) -> HloComputation:
    """The computation of private function `callee`, exported on first use."""
    comp = ctx.functions.get(callee)
    if comp is not None:
        return comp
    func = ctx.func_ops.get(callee)
    if func is None:
        raise TranslateError(f"call to unknown function @{callee}")
    if callee == "main":
        raise TranslateError("a call to @main (recursion) has no HLO equivalent")
    if sum(1 for c in ctx.functions.values() if c is None) >= MAX_CALL_DEPTH:
        # Each level of calls is a few Python frames deep: refuse before Python's stack runs out.
        raise TranslateError(f"calls nest deeper than {MAX_CALL_DEPTH} functions", op=f"@{callee}")
    block = func.regions[0].blocks[0]
    b = Builder(ctx, ctx.computation_name(callee))
    signature = function_signature(b, func)
    arg_attrs = _arg_attrs(func)
    _bind_arguments(b, block, signature, lambda arg: _parameter(b, arg, arg_attrs[arg.arg_number]))
    # Mark as in progress: a recursive call would otherwise loop forever.
    ctx.functions[callee] = None
    results = b.emit_block(block)
    if signature is not None:
        root_shape = signature[1]
    elif len(results) == 1:
        root_shape = results[0].shape
    else:
        root_shape = Shape.tuple_of([r.shape for r in results])
    # All elements of one tuple, in order, are that tuple (a pipelined async bundle returned as leaves).
    b.comp.root = pack(b, root_shape, iter(results))
    ctx.functions[callee] = ctx.finish(b.comp)
    return b.comp


@handles("func.call")
def _call(b: Builder, op: ir.Operation) -> list[HloInstruction]:
    callee = A.symbol(op.attributes["callee"])
    if callee in b.ctx.functions and b.ctx.functions[callee] is None:
        raise TranslateError(f"recursive call to @{callee} has no HLO equivalent")
    comp = function_computation(b.ctx, callee)
    values = iter(b.operands(op))
    operands = [pack(b, p.shape, values) for p in comp.parameters]  # tuple parameters take their leaves
    kind = A.get(op, "xla.fusion_kind")
    if kind is None:
        instr = b.add("call", comp.root.shape, operands, {"to_apply": comp})
    else:
        # A call the importer made of an HLO fusion: rebuild the fusion (see docs/import.md).
        attrs: dict[str, object] = {"kind": Enum(A.string(kind)), "calls": (comp,)}
        backend_config = A.get(op, "xla.backend_config")
        if backend_config is not None:
            attrs["backend_config"] = A.raw_string(backend_config)
        instr = b.add("fusion", comp.root.shape, operands, attrs)
    if instr.shape.is_tuple and any(s.is_tuple for s in instr.shape.tuple_shapes):
        return leaves(b, instr)
    return b.split(op, instr)


def _module_attributes(hlo: HloModule, module_op: ir.Operation) -> None:
    replicas = A.get(module_op, "mhlo.num_replicas")
    partitions = A.get(module_op, "mhlo.num_partitions")
    # XLA prints these only when they differ from 1.
    if replicas is not None and A.integer(replicas) != 1:
        hlo.header["replica_count"] = A.integer(replicas)
    if partitions is not None and A.integer(partitions) != 1:
        hlo.header["num_partitions"] = A.integer(partitions)
    hlo.frontend_attributes = frontend_attributes_of(A.get(module_op, "mhlo.frontend_attributes"))
    # Written by the importer for a scheduled module; the op order is the schedule (docs/import.md).
    hlo.is_scheduled = A.boolean(A.get(module_op, "xla.is_scheduled"))


def _argument_places(
    func: ir.Operation, entry: HloComputation, use_tuple_args: bool
) -> list[tuple[int, tuple[int, ...]]]:
    """(parameter number, tuple index) of each argument of @main in the entry computation."""
    if use_tuple_args:
        return [(0, (i,)) for i in range(len(_function_type(func).inputs))]
    return [(p.parameter_number, index) for p in entry.parameters for index in p.shape.leaf_indices()]


def _result_places(func: ir.Operation, entry: HloComputation, return_tuple: bool) -> list[tuple[int, ...]]:
    """The tuple index of each result of @main in the entry's root (`()` for an array root)."""
    assert entry.root is not None
    shape = entry.root.shape
    if A.has(func, SIGNATURE) or return_tuple or len(_function_type(func).results) != 1:
        return shape.leaf_indices() if shape.is_tuple else [()]
    return [()]


def _aliasing(
    hlo: HloModule,
    module_op: ir.Operation,
    main: ir.Operation,
    arguments: list[tuple[int, tuple[int, ...]]],
    results: list[tuple[int, ...]],
) -> None:
    """`tf.aliasing_output` and the module's `mhlo.input_output_alias` -> input_output_alias;
    `jax.buffer_donor` -> buffer_donor."""
    aliases: list[InputOutputAlias] = []
    donors: list[BufferDonor] = []
    for (param, index), attrs in zip(arguments, _arg_attrs(main)):
        if "tf.aliasing_output" in attrs:
            output = A.integer(attrs["tf.aliasing_output"])
            if not 0 <= output < len(results):
                raise TranslateError(f"tf.aliasing_output = {output} names no result of @main")
            aliases.append(InputOutputAlias(results[output], param, index))
        elif "jax.buffer_donor" in attrs and A.boolean(attrs["jax.buffer_donor"]):
            donors.append(BufferDonor(param, index))
    aliases.extend(_module_aliases(A.get(module_op, "mhlo.input_output_alias")))
    hlo.input_output_alias = tuple(aliases)
    hlo.buffer_donor = tuple(donors)


def _module_aliases(attr: ir.Attribute | None) -> list[InputOutputAlias]:
    """`mhlo.input_output_alias = [{alias = {kind = "may_alias", parameter_index = array<i64>,
    parameter_number = 0 : i64}, output_index = array<i64: 0>}]` (XLA's module-level form)."""
    if attr is None:
        return []
    aliases = []
    for entry in A.elements(attr):
        fields = A.dictionary(entry)
        alias = A.dictionary(fields.get("alias"))
        kind = A.string(alias.get("kind"), "may_alias").replace("_", "-")
        if kind not in ("may-alias", "must-alias"):
            raise TranslateError(f"mhlo.input_output_alias: unknown kind '{kind}'")
        aliases.append(
            InputOutputAlias(
                A.i64_list(fields.get("output_index")),
                A.integer(alias.get("parameter_number")),
                A.i64_list(alias.get("parameter_index")),
                kind,
            )
        )
    return aliases
