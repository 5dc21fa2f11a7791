"""Small helpers over jaxlib's MLIR bindings shared by the sharding passes."""

from __future__ import annotations

from collections.abc import Iterator

from jaxlib.mlir import ir

from hlo_translate.errors import SourceLocation, TranslateError
from hlo_translate.mlir.locations import location_name, source_location

MHLO_SHARDING = "mhlo.sharding"
SDY_SHARDING = "sdy.sharding"
FRONTEND_ATTRS = "mhlo.frontend_attributes"
ROUND_TRIP_MESHES = "xla.sdy.meshes"  # the module frontend attribute of XLA's Shardy round-trip form


def functions(module: ir.Module) -> list[ir.Operation]:
    """The ``func.func`` ops of a module, in order."""
    return [op.operation for op in module.body.operations if op.operation.name == "func.func"]


def symbol_name(op: ir.Operation) -> str:
    return string_value(op.attributes["sym_name"])


def function_type(func: ir.Operation) -> ir.FunctionType:
    return ir.FunctionType(ir.TypeAttr(func.attributes["function_type"]).value)


def attr_dicts(func: ir.Operation, kind: str) -> list[dict[str, ir.Attribute]]:
    """Argument (``kind="arg_attrs"``) or result (``"res_attrs"``) attributes of a function."""
    ftype = function_type(func)
    count = len(ftype.inputs if kind == "arg_attrs" else ftype.results)
    if kind not in func.attributes:
        return [{} for _ in range(count)]
    return [dictionary(a) for a in ir.ArrayAttr(func.attributes[kind])]


def set_attr_dicts(func: ir.Operation, kind: str, dicts: list[dict[str, ir.Attribute]]) -> None:
    if any(dicts):
        func.attributes[kind] = ir.ArrayAttr.get([ir.DictAttr.get(d) for d in dicts])
    elif kind in func.attributes:
        del func.attributes[kind]


def dictionary(attr: ir.Attribute) -> dict[str, ir.Attribute]:
    """The entries of a DictAttr: the exporter's reader (odd keys and location values are input errors)."""
    from hlo_translate.export.mlir_attrs import dictionary as read

    return read(attr)


def string_value(attr: ir.Attribute) -> str:
    """A string attribute's text; one that is not UTF-8 is an input error (the exporter's reader)."""
    from hlo_translate.export.mlir_attrs import string

    return string(attr)


def mhlo_sharding(attr: ir.Attribute):  # -> HloSharding
    """An ``mhlo.sharding`` in any form XLA accepts (text, serialized OpSharding, ""): the exporter's reader."""
    from hlo_translate.export.mlir_attrs import sharding

    return sharding(attr)


def may_carry_round_trip_meshes(module: ir.Module) -> bool:
    """False when the module's frontend attributes surely hold no ``xla.sdy.meshes``: a look that needs none
    of the round-trip code (``round_trip.has_meshes`` reads the attributes in full, and checks them)."""
    try:
        attrs = module.operation.attributes
        attr = attrs[FRONTEND_ATTRS] if FRONTEND_ATTRS in attrs else None
    except TypeError:  # not a value (a location): the full read reports it
        return True
    return attr is not None and (not isinstance(attr, ir.DictAttr) or ROUND_TRIP_MESHES in attr)


def get_attr(op: ir.Operation, name: str) -> ir.Attribute | None:
    try:
        return op.attributes[name] if name in op.attributes else None
    except TypeError:  # the bindings cannot cast it (a location: text input is refused before, bytecode not)
        raise error_at(op, f"attribute {name} holds a location, not a value") from None


def walk(op: ir.Operation) -> Iterator[ir.Operation]:
    """Every op nested in ``op`` (pre-order), collected first so callers may rewrite while iterating."""
    found: list[ir.Operation] = []

    def visit(nested: ir.Operation) -> ir.WalkResult:
        found.append(nested)
        return ir.WalkResult.ADVANCE

    op.walk(visit, ir.WalkOrder.PRE_ORDER)
    return iter([o for o in found if o != op])


def callee(op: ir.Operation) -> str:
    return ir.FlatSymbolRefAttr(op.attributes["callee"]).value


def custom_call_target(op: ir.Operation) -> str | None:
    if op.name != "stablehlo.custom_call":
        return None
    return string_value(op.attributes["call_target_name"])


def tensor_rank(type_: ir.Type) -> int:
    """Rank of a ranked tensor type; 0 for tokens and other non-tensor values (as Shardy does)."""
    if isinstance(type_, ir.RankedTensorType):
        return type_.rank
    return 0


def location(op: ir.Operation) -> SourceLocation | None:
    """Where `op` stands in the source (`<input>` when it was parsed from unnamed text)."""
    return source_location(op.location)


def error_at(op: ir.Operation, message: str) -> TranslateError:
    """A TranslateError naming ``op`` (its HLO instruction's name when it has one, else the op's name) and
    its source location."""
    return TranslateError(message, op=location_name(str(op.location)) or op.name, location=location(op))


def erase(op: ir.Operation) -> None:
    """Erase ``op`` once nothing uses its results. A use left over (input shaped other than the rewrite
    expects) is the input's fault: erasing then would leave a dangling use that corrupts jaxlib's heap."""
    for result in op.results:
        for use in result.uses:
            user = use.owner.operation
            raise error_at(
                user, f"uses the result of '{op.name}', which the Shardy rewrite replaces (an unexpected use)"
            )
    op.erase()


def is_inside(op: ir.Operation, name: str) -> bool:
    """Whether ``op`` is nested (at any depth) in an op called ``name``."""
    parent = op.parent
    while parent is not None:
        if parent.name == name:
            return True
        parent = parent.parent
    return False


def lookup_function(module: ir.Module, name: str) -> ir.Operation | None:
    for func in functions(module):
        if symbol_name(func) == name:
            return func
    return None


def inline_copy(func: ir.Operation, block: ir.Block, used_results: list[int]) -> None:
    """Move a copy of ``func``'s body into the empty region ``block``, ending in ``sdy.return`` of
    the results ``used_results`` (the body of an ``sdy.manual_computation``)."""
    from jaxlib.mlir.dialects import sdy

    copy = func.clone(ip=False)
    source = copy.regions[0].blocks[0]
    operations = list(source.operations)
    terminator = operations[-1]
    with ir.InsertionPoint(block), terminator.location:
        new_return = sdy.ReturnOp([terminator.operands[i] for i in used_results])
    for op in operations[:-1]:
        op.move_before(new_return)
    for old, new in zip(source.arguments, block.arguments):
        old.replace_all_uses_with(new)
    copy.erase()


def erase_uncalled(module: ir.Module, names: set[str]) -> None:
    """Erase the functions ``names`` that no ``func.call`` refers to any more."""
    called = {callee(op) for func in functions(module) for op in walk(func) if op.name == "func.call"}
    for func in functions(module):
        if symbol_name(func) in names and symbol_name(func) not in called:
            func.erase()


def outline_block(module: ir.Module, block: ir.Block, base_name: str, location: ir.Location) -> str:
    """Move ``block`` (ending in a terminator whose operands are its results) into a new private
    function named ``base_name`` (made unique); returns the function's name."""
    from jaxlib.mlir.dialects import func as func_dialect

    taken = {symbol_name(op.operation) for op in module.body.operations if "sym_name" in op.operation.attributes}
    name, i = base_name, 0
    while name in taken:
        name, i = f"{base_name}_{i}", i + 1
    operations = list(block.operations)
    inputs = [arg.type for arg in block.arguments]
    outputs = [v.type for v in operations[-1].operands]
    with ir.InsertionPoint(module.body), location:
        # FuncOp's Python extension takes visibility=; the generated stub only knows sym_visibility.
        body = func_dialect.FuncOp(name, ir.FunctionType.get(inputs, outputs), visibility="private")  # type: ignore[call-arg]
        entry = body.add_entry_block()
    with ir.InsertionPoint(entry), operations[-1].location:
        new_return = func_dialect.ReturnOp(list(operations[-1].operands))
    for op in operations[:-1]:
        op.move_before(new_return)
    for old, new in zip(block.arguments, entry.arguments):
        old.replace_all_uses_with(new)
    operations[-1].erase()
    return name
