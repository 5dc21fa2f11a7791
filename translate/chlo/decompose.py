"""The pass: replace every CHLO op that HLO has no opcode for by StableHLO ops, in place."""

from __future__ import annotations

from jaxlib.mlir import ir

from hlo_translate.chlo.builder import is_complex_type
from hlo_translate.chlo.registry import RULES, Rule, RuleContext, op_source_location
from hlo_translate.errors import TranslateError
from hlo_translate.markers import CHLO_WITH_OPCODE, FROM_HLO_OPCODE
from hlo_translate.registry import Registry

# CHLO ops the exporter (translate.export) maps straight to an HLO opcode, as XLA's own pipeline
# does: erf -> erf, tan -> tan, top_k -> topk, square -> multiply(x, x). The pass leaves them alone.
DIRECT_MAPPED: frozenset[str] = frozenset({"chlo.erf", "chlo.tan", "chlo.top_k", "chlo.square"})

# Of those, the ones the exporter handles for real element types only: complex ones are decomposed
# (the exporter turns chlo.square into multiply, which is not XLA's complex square).
DIRECT_MAPPED_REAL_ONLY: frozenset[str] = frozenset({"chlo.square"})


def decompose_chlo(
    module: ir.Module, *, keep: frozenset[str] = DIRECT_MAPPED, ops: list[ir.Operation] | None = None
) -> None:
    """Rewrite, in place, every CHLO op of `module` not in `keep` into StableHLO ops with the
    numerics of XLA's own CHLO legalization (chlo-legalize-to-stablehlo).

    Must run inside the module's context. Raises TranslateError("unsupported CHLO op", op=...)
    for an op it has no rule for (or whose types its rule does not handle); the module is then
    left partly rewritten. `ops`, when given, are the module's CHLO ops in post-order (a caller that
    walked the module already, `dialect_ops`), so the module is not walked twice. Example::

        >>> with make_context():                                   # doctest: +SKIP
        ...     module = parse_module(text_with_chlo_asinh)
        ...     decompose_chlo(module)
        ...     "chlo." in module_to_text(module)
        False
    """
    for op in dialect_ops(module, ("chlo.",))["chlo."] if ops is None else ops:
        if _left_alone(op, keep):
            continue
        rule = load_rules().get(op.name)
        if rule is None:
            raise TranslateError("unsupported CHLO op", op=op.name, location=op_source_location(op))
        _shapes_must_be_static(op)
        with ir.InsertionPoint(op), op.location:
            try:
                replacements = list(rule(RuleContext(op)))
            except NotImplementedError as err:  # a type the builder has no constants for
                raise TranslateError(
                    f"unsupported CHLO op: {err}", op=op.name, location=op_source_location(op)
                ) from None
        assert len(replacements) == len(op.results), f"{op.name}: rule gave {len(replacements)} values"
        for result, value in zip(op.results, replacements, strict=True):
            assert result.type == value.value.type, f"{op.name}: {result.type} replaced by {value.value.type}"
            result.replace_all_uses_with(value.value)
        op.erase()


def load_rules() -> Registry[str, Rule]:
    """The registry with every rule in it. The rule families register themselves when imported, which
    happens here, on the first CHLO op to decompose: most modules have none, and the CLI's start-up
    need not load them."""
    from hlo_translate.chlo import bits, broadcasting, elementary, special, structured  # noqa: F401

    return RULES


def _left_alone(op: ir.Operation, keep: frozenset[str]) -> bool:
    if FROM_HLO_OPCODE in op.attributes and op.name.removeprefix("chlo.") in CHLO_WITH_OPCODE:
        return True  # imported from that HLO opcode: the exporter writes the opcode back
    if op.name not in keep:
        return False
    if op.name in DIRECT_MAPPED_REAL_ONLY:
        return not any(is_complex_type(ir.RankedTensorType(v.type).element_type) for v in op.operands)
    return True


def dialect_ops(module: ir.Module, prefixes: tuple[str, ...]) -> dict[str, list[ir.Operation]]:
    """The ops of the module whose name starts with each prefix ("chlo.", "sdy."), nested regions
    included, in one walk; children come before their parents, so a rule that moves a region's ops
    (scan) sees them decomposed already."""
    found: dict[str, list[ir.Operation]] = {prefix: [] for prefix in prefixes}

    def visit(op: ir.Operation) -> ir.WalkResult:
        name = op.name
        for prefix in prefixes:
            if name.startswith(prefix):
                found[prefix].append(op)
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit, ir.WalkOrder.POST_ORDER)
    return found


def _shapes_must_be_static(op: ir.Operation) -> None:
    # HLO has no unbounded dynamic shapes, and the rules build static constants and broadcasts.
    for value in list(op.operands) + list(op.results):
        if not isinstance(value.type, ir.RankedTensorType) or not ir.RankedTensorType(value.type).has_static_shape:
            raise TranslateError(
                f"CHLO op on a dynamically shaped tensor ({value.type}) is not supported",
                op=op.name,
                location=op_source_location(op),
            )
