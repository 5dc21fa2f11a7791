"""Inverse trigonometric and hyperbolic functions, sinh/cosh, tan, conj and complex square.

The complex inverse functions share `asin_acos_kernel`, the modified Hull et al. algorithm of the
`functional_algorithms` package that StableHLO generates its patterns from: for z = x + iy,

    asin_acos_kernel(z) = sqrt(a**2 - x**2) + i log(a + sqrt(a**2 - 1)),
    a = (hypot(x + 1, y) + hypot(x - 1, y)) / 2,

evaluated on |x|, |y| with guarded approximations near the branch points and for huge inputs.
Real functions follow the same source. Narrow floats are not widened here, except sinh/cosh
(XLA widens those to f32 as well).
"""

from __future__ import annotations

import math

from hlo_translate.chlo.builder import (
    V,
    atan2,
    cos,
    exp,
    expm1,
    imag,
    inf,
    is_finite,
    largest,
    log,
    log1p,
    make_complex,
    maximum,
    minimum,
    nan,
    real,
    select,
    sign,
    sin,
    smallest_normal,
    sqrt,
    tanh,
    with_upcast,
)
from hlo_translate.chlo.registry import RuleContext, decomposes

# ---------------------------------------------------------------- real functions


def real_asin(x: V) -> V:
    """asin(x) = atan2(x, sqrt(1 - x*x)), with 1 - x*x as (1 - x)(1 + x) against cancellation."""
    one = x.like(1)
    return atan2(x, sqrt((one - x) * (one + x)))


def real_acos(x: V) -> V:
    """acos(x) = atan2(sqrt(1 - x*x), x)."""
    one = x.like(1)
    return atan2(sqrt((one - x) * (one + x)), x)


def real_atan(x: V) -> V:
    return atan2(x, 1)


def real_asinh(x: V) -> V:
    """sign(x) * log1p(|x| + x**2 / (1 + hypot(1, x))), or log(2) + log|x| where x**2 overflows."""
    ax = abs(x)
    one = x.like(1)
    ax2 = ax * ax
    return sign(x) * select(
        ax.ge(sqrt(largest(x))), log(x.like(2)) + log(ax), log1p(ax + ax2 / (one + sqrt(one + ax2)))
    )


def real_acosh(x: V) -> V:
    """log1p(sqrt(x - 1) * (sqrt(x + 1) + sqrt(x - 1))), or log(2) + log(x) for x >= max/2;
    nan below 1 comes from sqrt of a negative number."""
    two = x.like(2)
    one = x.like(1)
    sqrt_xm1 = sqrt(x - one)
    return select(x.ge(largest(x) / two), log(two) + log(x), log1p(sqrt_xm1 * (sqrt(x + one) + sqrt_xm1)))


def real_atanh(x: V) -> V:
    """(log1p(x) - log1p(-x)) / 2, nan outside [-1, 1]."""
    return select(abs(x).gt(1), nan(x), (log1p(x) - log1p(-x)) * 0.5)


def _sinh_large(x: V) -> V:
    # e^(x + log 1/2) - e^(-x + log 1/2) = sinh(x), without overflowing where e^x does but sinh not.
    log_half = log(x.like(0.5))
    return exp(x + log_half) - exp(log_half - x)


def real_sinh(x: V) -> V:
    """For |x| < 1, (expm1(x) + expm1(x) / (expm1(x) + 1)) / 2 keeps the first-order term."""
    e = expm1(x)
    small = x.like(0.5) * (e + e / (e + 1))
    return select(abs(x).lt(1), small, _sinh_large(x))


def cosh_formula(x: V) -> V:
    log_half = log(x.like(0.5))
    return exp(x + log_half) + exp(log_half - x)


# ---------------------------------------------------------------- complex functions


def _hypot_like(mx: V, mn: V, one: V, zero: V, two: V, sqrt_two: V) -> V:
    """hypot(mx, mn) for mx = max(|a|, |b|), mn = min(...), guarding mx == mn and tiny ratios."""
    mn_over_mx = mn / mx
    r = mn_over_mx * mn_over_mx
    sqa = sqrt(one + r)
    return select(mx.eq(mn), sqrt_two * mx, select(sqa.eq(one) & r.gt(zero), mx + (mx * r) / two, mx * sqa))


def asin_acos_kernel(z: V) -> V:
    """sqrt(a**2 - x**2) + i log(a + sqrt(a**2 - 1)) for z = x + iy (see the module docstring)."""
    signed_x, signed_y = real(z), imag(z)
    x, y = abs(signed_x), abs(signed_y)
    one, zero, two, half = x.like(1), x.like(0), x.like(2), x.like(0.5)
    safe_max = sqrt(largest(x)) / 8
    sqrt_two = x.like(1.4142135623730951)

    xp1 = x + one
    abs_xp1 = abs(xp1)
    r = _hypot_like(maximum(abs_xp1, y), minimum(abs_xp1, y), one, zero, two, sqrt_two)
    xm1 = x - one
    abs_xm1 = abs(xm1)
    s = _hypot_like(maximum(abs_xm1, y), minimum(abs_xm1, y), one, zero, two, sqrt_two)
    a = half * (r + s)
    half_apx = half * (a + x)
    yy = y * y
    rpxp1 = r + xp1
    smxm1 = s - xm1
    spxm1 = s + xm1
    re = select(
        maximum(x, y).ge(safe_max),
        y,
        select(x.le(one), sqrt(half_apx * (yy / rpxp1 + smxm1)), y * sqrt(half_apx / rpxp1 + half_apx / spxm1)),
    )

    safe_max_opt = select(x.lt(safe_max * 1e12), safe_max * 1e-6, safe_max * 100.0)
    y_gt_safe_max_opt = y.ge(safe_max_opt)
    mx = select(y_gt_safe_max_opt, y, x)
    xoy = select(y_gt_safe_max_opt & ~y.eq(inf(signed_y)), x / y, zero)
    small_y_and_x_lt_one = y.lt(sqrt(smallest_normal(x)) * 4) & x.lt(one)
    ap1 = a + one
    half_yy = half * yy
    divide_half_yy_rpxp1 = half_yy / rpxp1
    x_ge_1_or_not = select(
        x.ge(one),
        divide_half_yy_rpxp1 + half * spxm1,
        select(a.le(1.5), divide_half_yy_rpxp1 + half_yy / smxm1, a - one),
    )
    am1 = select(small_y_and_x_lt_one, -((xp1 * xm1) / ap1), x_ge_1_or_not)
    sq = sqrt(am1 * ap1)
    im = select(
        mx.ge(select(y_gt_safe_max_opt, safe_max_opt, safe_max)),
        (log(two) + log(mx)) + half * log1p(xoy * xoy),
        select(small_y_and_x_lt_one, y / sq, log1p(am1 + sq)),
    )
    return make_complex(re, im)


def complex_asin(z: V) -> V:
    kernel = asin_acos_kernel(z)
    signed_y = imag(z)
    im = imag(kernel)
    return make_complex(atan2(real(z), real(kernel)), select(signed_y.lt(0), -im, im))


def complex_acos(z: V) -> V:
    kernel = asin_acos_kernel(z)
    signed_y = imag(z)
    im = imag(kernel)
    return make_complex(atan2(real(kernel), real(z)), select(signed_y.lt(0), im, -im))


def complex_acosh(z: V) -> V:
    """acosh(z) = +-i acos(z), the sign chosen by the half plane of z."""
    w = asin_acos_kernel(z)
    signed_y = imag(z)
    im = atan2(real(w), real(z))
    return make_complex(imag(w), select(signed_y.lt(0), -im, im))


def complex_asinh(z: V) -> V:
    """asinh(z) = -i asin(i z)."""
    signed_x, signed_y = real(z), imag(z)
    w = asin_acos_kernel(make_complex(-signed_y, signed_x))
    imag_w = imag(w)
    return make_complex(select(signed_x.lt(0), -imag_w, imag_w), atan2(signed_y, real(w)))


def complex_atanh(z: V) -> V:
    """atanh(x + iy) = log1p(4|x| / ((1 - |x|)**2 + y**2)) / 4 * sign(x) + i atan2(2y, (1 - |x|)(1 + |x|) - y**2) / 2,
    with the argument of log1p and the imaginary part taken to their limits for huge |x| or |y|."""
    x, y = real(z), imag(z)
    zero, one, minus_one = x.like(0), x.like(1), x.like(-1)
    big = largest(x)
    inv_negeps = select(
        big.gt(1e308), x.like(9007199254740994.0), select(big.gt(1e38), x.like(16777218.0), x.like(2050.0))
    )
    safe_max = inv_negeps * inv_negeps
    ax, ay = abs(x), abs(y)
    in_safe_region = ax.lt(safe_max) & ay.lt(safe_max)
    naxm1 = one - ax
    y2 = y * y
    posinf, neginf = inf(x), inf(x, negative=True)
    any_inf = (x.eq(posinf) | x.eq(neginf)) | (y.eq(posinf) | y.eq(neginf))
    arg = select(
        in_safe_region,
        ax / (naxm1 * naxm1 + y2),
        select((ay * inv_negeps).lt(ax), one / ax, select(any_inf, zero, (one / (ax / y + y / ax)) / y)),
    )
    re = (select(x.ge(zero), one, minus_one) * log1p(x.like(4.0) * arg)) * 0.25
    im = (
        select(
            in_safe_region,
            atan2(y + y, naxm1 * (one + ax) - y2),
            select(y.ge(y.like(0.0)), one, minus_one) * x.like(math.pi),
        )
        * 0.5
    )
    return make_complex(re, im)


def complex_atan(z: V) -> V:
    """atan(z) = -i atanh(i z)."""
    w = complex_atanh(make_complex(-imag(z), real(z)))
    return make_complex(imag(w), -real(w))


def complex_square(z: V) -> V:
    """(x + iy)**2 with an exact zero real part where |x| == |y|."""
    x, y = real(z), imag(z)
    re = select(is_finite(x) & abs(x).eq(abs(y)), x.like(0.0), (x - y) * (x + y))
    return make_complex(re, x.like(2.0) * (x * y))


def complex_tan(z: V) -> V:
    """tan(a + bi) = (tan(a) + i tanh(b)) / (1 - i tan(a) tanh(b))."""
    t, th = real_tan(real(z)), tanh(imag(z))
    return make_complex(t, th) / make_complex(t.like(1.0), -(t * th))


def real_tan(x: V) -> V:
    return sin(x) / cos(x)


# ---------------------------------------------------------------- rules


def _unary(real_formula, complex_formula=None):
    def rule(ctx: RuleContext) -> list[V]:
        (x,) = ctx.operands
        if x.is_complex:
            if complex_formula is None:
                raise ctx.error("unsupported CHLO op: no decomposition for complex operands")
            return [complex_formula(x)]
        return [real_formula(x)]

    return rule


decomposes("chlo.asin")(_unary(real_asin, complex_asin))
decomposes("chlo.acos")(_unary(real_acos, complex_acos))
decomposes("chlo.atan")(_unary(real_atan, complex_atan))
decomposes("chlo.asinh")(_unary(real_asinh, complex_asinh))
decomposes("chlo.acosh")(_unary(real_acosh, complex_acosh))
decomposes("chlo.atanh")(_unary(real_atanh, complex_atanh))
decomposes("chlo.tan")(_unary(real_tan, complex_tan))
# XLA widens narrow floats to f32 for sinh and cosh (with_upcast leaves complex types alone).
decomposes("chlo.sinh")(_unary(lambda x: with_upcast(real_sinh, [x]), _sinh_large))
decomposes("chlo.cosh")(_unary(lambda x: with_upcast(cosh_formula, [x]), cosh_formula))
decomposes("chlo.square")(_unary(lambda x: x * x, complex_square))
decomposes("chlo._asin_acos_kernel")(_unary(lambda x: _no_real_kernel(), asin_acos_kernel))
decomposes("chlo.conj")(_unary(lambda x: x, lambda z: make_complex(real(z), -imag(z))))


def _no_real_kernel() -> V:
    raise AssertionError("chlo._asin_acos_kernel is defined on complex operands only (its verifier says so)")
