"""CHLO decomposition: a pass over a StableHLO module (MLIR world) that rewrites every `chlo.*` op
HLO has no opcode for into StableHLO ops with the numerics of XLA's own legalization.

    >>> from hlo_translate.chlo import decompose_chlo, DIRECT_MAPPED
    >>> with make_context():                                       # doctest: +SKIP
    ...     module = parse_module(jax.jit(jnp.arcsinh).lower(x).as_text())
    ...     decompose_chlo(module)          # in place; chlo.asinh is gone

The ops in `DIRECT_MAPPED` are left for the exporter, which maps them to HLO opcodes as XLA does.
One rule per op, registered by name in `translate.chlo.registry.RULES`; families:
`broadcasting` (broadcast_* ops, constant, constant_like), `elementary` (inverse trigonometric and
hyperbolic functions, sinh, cosh, tan, conj, complex square), `special` (erf, erfc, erf_inv,
lgamma, digamma, zeta, polygamma, bessel_i1e), `bits` (is_inf, next_after, mulhi) and
`structured` (ragged_dot, scan, top_k).
"""

from hlo_translate.chlo import bits, broadcasting, elementary, special, structured  # noqa: F401  (register rules)
from hlo_translate.chlo.decompose import DIRECT_MAPPED, DIRECT_MAPPED_REAL_ONLY, decompose_chlo, dialect_ops
from hlo_translate.chlo.registry import RULES

__all__ = ["DIRECT_MAPPED", "DIRECT_MAPPED_REAL_ONLY", "RULES", "decompose_chlo", "dialect_ops"]
