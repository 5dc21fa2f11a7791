"""Ops that map one to one between StableHLO and HLO: one table read by both directions.

An entry says: this StableHLO op is this HLO opcode, and has no attributes beyond operands and result
type (or only the ones named in `attrs`, as (stablehlo attribute, HLO attribute) pairs). Ops with
structure (regions, dimension numbers, tuples, tokens, async, control flow) have hand-written handlers
in `translate.export` and `translate.import_` instead.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class OneToOne:
    stablehlo: str
    hlo: str
    attrs: tuple[tuple[str, str], ...] = ()


_PAIRS = """
abs abs; cbrt cbrt; ceil ceil; count_leading_zeros count-leading-zeros; convert convert;
bitcast_convert bitcast-convert;
cosine cosine; exponential exponential; exponential_minus_one exponential-minus-one; floor floor;
imag imag; is_finite is-finite; log log; log_plus_one log-plus-one; logistic logistic; negate negate;
not not; popcnt popcnt; real real; round_nearest_afz round-nearest-afz; round_nearest_even round-nearest-even;
rsqrt rsqrt; sign sign; sine sine; sqrt sqrt; tan tan; tanh tanh;
add add; and and; atan2 atan2; complex complex; divide divide; maximum maximum; minimum minimum;
multiply multiply; or or; power power; remainder remainder; shift_left shift-left;
shift_right_arithmetic shift-right-arithmetic; shift_right_logical shift-right-logical; subtract subtract;
xor xor; select select; clamp clamp; reshape reshape; replica_id replica-id; partition_id partition-id;
after_all after-all; optimization_barrier opt-barrier; tuple tuple; copy copy
"""

ONE_TO_ONE: tuple[OneToOne, ...] = tuple(
    OneToOne(f"stablehlo.{a}", b) for a, b in (p.split() for p in _PAIRS.replace("\n", " ").split(";") if p.strip())
) + (
    OneToOne("chlo.erf", "erf"),
    OneToOne("chlo.tan", "tan"),
)

BY_STABLEHLO: dict[str, OneToOne] = {e.stablehlo: e for e in ONE_TO_ONE}
BY_HLO: dict[str, OneToOne] = {}
for _entry in ONE_TO_ONE:
    BY_HLO.setdefault(_entry.hlo, _entry)  # stablehlo.tan wins over chlo.tan for import
