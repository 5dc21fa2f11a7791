"""CHLO decomposition: a pass over a StableHLO module (MLIR world) that rewrites every `chlo.*` op
HLO has no opcode for into StableHLO ops with the numerics of XLA's own legalization.

    >>> from hlo_translate.chlo import decompose_chlo, DIRECT_MAPPED
    >>> with make_context():                                       # doctest: +SKIP
    ...     module = parse_module(jax.jit(jnp.arcsinh).lower(x).as_text())
    ...     decompose_chlo(module)          # in place; chlo.asinh is gone

The ops in `DIRECT_MAPPED` are left for the exporter, which maps them to HLO opcodes as XLA does.
One rule per op, registered by name in `translate.chlo.registry.RULES` (the families load with the
first CHLO op to decompose, or when `RULES` is read here); families:
`broadcasting` (broadcast_* ops, constant, constant_like), `elementary` (inverse trigonometric and
hyperbolic functions, sinh, cosh, tan, conj, complex square), `special` (erf, erfc, erf_inv,
lgamma, digamma, zeta, polygamma, bessel_i1e), `bits` (is_inf, next_after, mulhi) and
`structured` (ragged_dot, scan, top_k).
"""

from typing import TYPE_CHECKING

from hlo_translate.chlo.decompose import DIRECT_MAPPED, DIRECT_MAPPED_REAL_ONLY, decompose_chlo, dialect_ops, load_rules

if TYPE_CHECKING:
    from hlo_translate.chlo.registry import RULES

__all__ = ["DIRECT_MAPPED", "DIRECT_MAPPED_REAL_ONLY", "RULES", "decompose_chlo", "dialect_ops"]


def __getattr__(name: str) -> object:
    """`RULES`, with every rule family loaded (they load on first use: `decompose.load_rules`)."""
    if name == "RULES":
        return load_rules()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), "RULES"})
