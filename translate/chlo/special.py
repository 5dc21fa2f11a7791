"""Special functions: erf, erfc, erf_inv, lgamma, digamma, zeta, polygamma, bessel_i1e.

The approximations are XLA's (Cephes rational and Chebyshev approximations, Lanczos' gamma with
g = 7, Giles' erfinv, Johansson's Euler-Maclaurin Hurwitz zeta). f64 has its own coefficients where
XLA has them; every narrower float is evaluated in f32 and rounded back (`with_upcast`).
Coefficients are data: the numbers themselves, as published.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from jaxlib.mlir import ir

from hlo_translate.chlo.builder import (
    V,
    clamp,
    cos,
    exp,
    floor,
    inf,
    is_finite,
    log,
    log1p,
    nan,
    polynomial,
    power,
    remainder,
    select,
    sign,
    sin,
    smallest_subnormal,
    sqrt,
    with_upcast,
)
from hlo_translate.chlo.registry import RuleContext, decomposes


def _is_f64(x: V) -> bool:
    return isinstance(x.element_type, ir.F64Type)


# ---------------------------------------------------------------- erf and erfc (Cephes)

_ERFC_F64_MAXLOG = 7.09782712893383996843e2
_ERFC_F64_P = (
    2.46196981473530512524e-10,
    5.64189564831068821977e-1,
    7.46321056442269912687e0,
    4.86371970985681366614e1,
    1.96520832956077098242e2,
    5.26445194995477358631e2,
    9.34528527171957607540e2,
    1.02755188689515710272e3,
    5.57535335369399327526e2,
)
_ERFC_F64_Q = (
    1.00000000000000000000e0,
    1.32281951154744992508e1,
    8.67072140885989742329e1,
    3.54937778887819891062e2,
    9.75708501743205489753e2,
    1.82390916687909736289e3,
    2.24633760818710981792e3,
    1.65666309194161350182e3,
    5.57535340817727675546e2,
)
_ERFC_F64_R = (
    5.64189583547755073984e-1,
    1.27536670759978104416e0,
    5.01905042251180477414e0,
    6.16021097993053585195e0,
    7.40974269950448939160e0,
    2.97886665372100240670e0,
)
_ERFC_F64_S = (
    1.00000000000000000000e0,
    2.26052863220117276590e0,
    9.39603524938001434673e0,
    1.20489539808096656605e1,
    1.70814450747565897222e1,
    9.60896809063285878198e0,
    3.36907645100081516050e0,
)
_ERF_F64_T = (
    9.60497373987051638749e0,
    9.00260197203842689217e1,
    2.23200534594684319226e3,
    7.00332514112805075473e3,
    5.55923013010394962768e4,
)
_ERF_F64_U = (
    1.00000000000000000000e0,
    3.35617141647503099647e1,
    5.21357949780152679795e2,
    4.59432382970980127987e3,
    2.26290000613890934246e4,
    4.92673942608635921086e4,
)

_ERFC_F32_MAXLOG = 88.72283905206835
_ERFC_F32_P = (
    +2.326819970068386e-2,
    -1.387039388740657e-1,
    +3.687424674597105e-1,
    -5.824733027278666e-1,
    +6.210004621745983e-1,
    -4.944515323274145e-1,
    +3.404879937665872e-1,
    -2.741127028184656e-1,
    +5.638259427386472e-1,
)
_ERFC_F32_R = (
    -1.047766399936249e1,
    +1.297719955372516e1,
    -7.495518717768503e0,
    +2.921019019210786e0,
    -1.015265279202700e0,
    +4.218463358204948e-1,
    -2.820767439740514e-1,
    +5.641895067754075e-1,
)
_ERF_F32_T = (
    +7.853861353153693e-5,
    -8.010193625184903e-4,
    +5.188327685732524e-3,
    -2.685381193529856e-2,
    +1.128358514861418e-1,
    -3.761262582423300e-1,
    +1.128379165726710e0,
)
# Eigen's rational erf on [-4, 4].
_ERF_F32_ALPHA = (
    -2.72614225801306e-10,
    2.77068142495902e-08,
    -2.10102402082508e-06,
    -5.69250639462346e-05,
    -7.34990630326855e-04,
    -2.95459980854025e-03,
    -1.60960333262415e-02,
)
_ERF_F32_BETA = (
    -1.45660718464996e-05,
    -2.13374055278905e-04,
    -1.68282697438203e-03,
    -7.37332916720468e-03,
    -1.42647390514189e-02,
)


def _reflect_erfc(x: V, z: V, approx: V, maxlog: float) -> V:
    """Clamp erfc to 0 where exp(-x**2) underflows, and use erfc(x) = 2 - erfc(-x) for x < 0."""
    clamped = select(z.lt(-maxlog), x.like(0.0), approx)
    return select(x.lt(0.0), x.like(2.0) - clamped, clamped)


def _erfc_f64_ge_one(x: V) -> V:
    """erfc for |x| >= 1: exp(-x**2) P(|x|)/Q(|x|) below 8, exp(-x**2) R(|x|)/S(|x|) above."""
    z = -(x * x)
    exp_z = exp(z)
    ax = abs(x)
    below_8 = (exp_z * polynomial(ax, _ERFC_F64_P)) / polynomial(ax, _ERFC_F64_Q)
    above_8 = (exp_z * polynomial(ax, _ERFC_F64_R)) / polynomial(ax, _ERFC_F64_S)
    return _reflect_erfc(x, z, select(ax.lt(8.0), below_8, above_8), _ERFC_F64_MAXLOG)


def _erf_f64_le_one(x: V) -> V:
    """erf for |x| <= 1: x T(x**2) / U(x**2)."""
    x2 = x * x
    return (x * polynomial(x2, _ERF_F64_T)) / polynomial(x2, _ERF_F64_U)


def erf_f64(x: V) -> V:
    return select(abs(x).lt(1.0), _erf_f64_le_one(x), 1.0 - _erfc_f64_ge_one(x))


def erfc_f64(x: V) -> V:
    return select(abs(x).lt(1.0), 1.0 - _erf_f64_le_one(x), _erfc_f64_ge_one(x))


def _erfc_f32_ge_one(x: V) -> V:
    """erfc for |x| >= 1: exp(-x**2) / |x| * P(1/x**2) below 2, R(1/x**2) above."""
    x2 = x * x
    z = -x2
    ax = abs(x)
    inv_x2 = 1.0 / x2
    scale = exp(z) * (1.0 / ax)
    poly = select(ax.lt(2.0), polynomial(inv_x2, _ERFC_F32_P), polynomial(inv_x2, _ERFC_F32_R))
    return _reflect_erfc(x, z, scale * poly, _ERFC_F32_MAXLOG)


def _erf_f32_le_one(x: V) -> V:
    return x * polynomial(x * x, _ERF_F32_T)


def erf_f32(x: V) -> V:
    """Eigen's erf: x alpha(x**2) / beta(x**2) on x clamped to [-4, 4], clamped to [-1, 1]."""
    x = clamp(-4.0, x, 4.0)
    x2 = x * x
    return clamp(-1.0, (x * polynomial(x2, _ERF_F32_ALPHA)) / polynomial(x2, _ERF_F32_BETA), 1.0)


def erfc_f32(x: V) -> V:
    return select(abs(x).lt(1.0), 1.0 - _erf_f32_le_one(x), _erfc_f32_ge_one(x))


# ---------------------------------------------------------------- erf_inv (Giles)

_ERFINV_F32_W_LT_5 = (
    2.81022636e-08,
    3.43273939e-07,
    -3.5233877e-06,
    -4.39150654e-06,
    0.00021858087,
    -0.00125372503,
    -0.00417768164,
    0.246640727,
    1.50140941,
)
_ERFINV_F32_W_GE_5 = (
    -0.000200214257,
    0.000100950558,
    0.00134934322,
    -0.00367342844,
    0.00573950773,
    -0.0076224613,
    0.00943887047,
    1.00167406,
    2.83297682,
)
_ERFINV_F64_W_LT_6_25 = (
    -3.6444120640178196996e-21,
    -1.685059138182016589e-19,
    1.2858480715256400167e-18,
    1.115787767802518096e-17,
    -1.333171662854620906e-16,
    2.0972767875968561637e-17,
    6.6376381343583238325e-15,
    -4.0545662729752068639e-14,
    -8.1519341976054721522e-14,
    2.6335093153082322977e-12,
    -1.2975133253453532498e-11,
    -5.4154120542946279317e-11,
    1.051212273321532285e-09,
    -4.1126339803469836976e-09,
    -2.9070369957882005086e-08,
    4.2347877827932403518e-07,
    -1.3654692000834678645e-06,
    -1.3882523362786468719e-05,
    0.0001867342080340571352,
    -0.00074070253416626697512,
    -0.0060336708714301490533,
    0.24015818242558961693,
    1.6536545626831027356,
)
_ERFINV_F64_W_LT_16 = (
    2.2137376921775787049e-09,
    9.0756561938885390979e-08,
    -2.7517406297064545428e-07,
    1.8239629214389227755e-08,
    1.5027403968909827627e-06,
    -4.013867526981545969e-06,
    2.9234449089955446044e-06,
    1.2475304481671778723e-05,
    -4.7318229009055733981e-05,
    6.8284851459573175448e-05,
    2.4031110387097893999e-05,
    -0.0003550375203628474796,
    0.00095328937973738049703,
    -0.0016882755560235047313,
    0.0024914420961078508066,
    -0.0037512085075692412107,
    0.005370914553590063617,
    1.0052589676941592334,
    3.0838856104922207635,
)
_ERFINV_F64_W_GE_16 = (
    -2.7109920616438573243e-11,
    -2.5556418169965252055e-10,
    1.5076572693500548083e-09,
    -3.7894654401267369937e-09,
    7.6157012080783393804e-09,
    -1.4960026627149240478e-08,
    2.9147953450901080826e-08,
    -6.7711997758452339498e-08,
    2.2900482228026654717e-07,
    -9.9298272942317002539e-07,
    4.5260625972231537039e-06,
    -1.9681778105531670567e-05,
    7.5995277030017761139e-05,
    -0.00021503011930044477347,
    -0.00013871931833623122026,
    1.0103004648645343977,
    4.8499064014085844221,
)


def _erf_inv_w(x: V) -> V:
    """w = -log(1 - x**2), as -log1p(-x**2) for accuracy near 0."""
    return -log1p(x * -x)


def _erf_inv_finish(x: V, p: V) -> V:
    # erf_inv(+-1) = +-inf; the polynomial is indeterminate there.
    return select(abs(x).eq(1.0), x * inf(x), p * x)


def erf_inv_f32(x: V) -> V:
    w = _erf_inv_w(x)
    lt = w.lt(5.0)
    coefficient = lambda i: select(lt, x.like(_ERFINV_F32_W_LT_5[i]), x.like(_ERFINV_F32_W_GE_5[i]))  # noqa: E731
    w = select(lt, w - 2.5, sqrt(w) - 3.0)
    p = coefficient(0)
    for i in range(1, len(_ERFINV_F32_W_LT_5)):
        p = coefficient(i) + p * w
    return _erf_inv_finish(x, p)


def erf_inv_f64(x: V) -> V:
    w = _erf_inv_w(x)
    lt_6_25 = w.lt(6.25)
    lt_16 = w.lt(16.0)

    def coefficient(i: int) -> V:
        c = x.like(_ERFINV_F64_W_LT_6_25[i])
        if i < len(_ERFINV_F64_W_LT_16):
            c = select(lt_6_25, c, x.like(_ERFINV_F64_W_LT_16[i]))
        if i < len(_ERFINV_F64_W_GE_16):
            c = select(lt_16, c, x.like(_ERFINV_F64_W_GE_16[i]))
        return c

    w = select(lt_6_25, w - 3.125, sqrt(w) - select(lt_16, w.like(3.25), w.like(5.0)))
    p = coefficient(0)
    # The three branches share the high-order terms; shorter ones stop early.
    for i in range(1, len(_ERFINV_F64_W_GE_16)):
        p = coefficient(i) + p * w
    for i in range(len(_ERFINV_F64_W_GE_16), len(_ERFINV_F64_W_LT_16)):
        p = select(lt_16, coefficient(i) + p * w, p)
    for i in range(len(_ERFINV_F64_W_LT_16), len(_ERFINV_F64_W_LT_6_25)):
        p = select(lt_6_25, coefficient(i) + p * w, p)
    return _erf_inv_finish(x, p)


# ---------------------------------------------------------------- lgamma, digamma (Lanczos, g = 7, n = 9)

_LANCZOS_G = 7.0
_LANCZOS_BASE = 0.99999999999980993227684700473478
_LANCZOS_COEFFICIENTS = (
    676.520368121885098567009190444019,
    -1259.13921672240287047156078755283,
    771.3234287776530788486528258894,
    -176.61502916214059906584551354,
    12.507343278686904814458936853,
    -0.13857109526572011689554707,
    9.984369578019570859563e-6,
    1.50563273514931155834e-7,
)


def _reflection_split(x: V) -> tuple[V, V]:
    """(x < 1/2, z) with z = -x where the reflection formula is used and z = x - 1 elsewhere."""
    need_to_reflect = x.lt(0.5)
    return need_to_reflect, select(need_to_reflect, -x, x - 1.0)


def _log_t(z: V) -> tuple[V, V]:
    """t = z + g + 1/2 and log(t) = log(g + 1/2) + log1p(z / (g + 1/2))."""
    lanczos_plus_half = z.like(_LANCZOS_G + 0.5)
    t = lanczos_plus_half + z
    return t, z.like(math.log(_LANCZOS_G + 0.5)) + log1p(z / lanczos_plus_half)


def lgamma(x: V) -> V:
    """log|Gamma(x)| by Lanczos; for x < 1/2, log(pi) - log|sin(pi x)| - lgamma(1 - x)."""
    need_to_reflect, z = _reflection_split(x)
    a = x.like(_LANCZOS_BASE)
    for k, c in enumerate(_LANCZOS_COEFFICIENTS, start=1):
        a = a + x.like(c) / (z + x.like(k))
    t, log_t = _log_t(z)
    # (z + 1/2) log(t) - t, written so that it does not overflow for large t.
    r = ((z + 0.5) - t / log_t) * log_t
    result = (x.like((math.log(2) + math.log(math.pi)) / 2) + r) + log(a)

    # |sin(pi x)| through the fractional part of |x|, folded to [0, 1/2] for precision.
    ax = abs(x)
    frac = ax - floor(ax)
    frac = select(x.like(0.5).lt(frac), 1.0 - frac, frac)
    log_sin = log(sin(x.like(math.pi) * frac))
    reflected = (x.like(math.log(math.pi)) - log_sin) - result
    # At the poles log_sin is -inf: the result is +inf, not inf - inf.
    reflected = select(is_finite(log_sin), reflected, -log_sin)
    result = select(need_to_reflect, reflected, result)
    return select(abs(x).eq(inf(x)), inf(x), result)


def digamma(x: V) -> V:
    """d/dx log Gamma(x) = log(t) + a'(z)/a(z) - g/t; for x < 1/2, digamma(1 - x) - pi cot(pi x)."""
    need_to_reflect, z = _reflection_split(x)
    zero = x.like(0.0)
    a = x.like(_LANCZOS_BASE)
    a_prime = zero
    for k, c in enumerate(_LANCZOS_COEFFICIENTS, start=1):
        z_term = z + x.like(k)
        a_prime = a_prime - x.like(c) / (z_term * z_term)
        a = a + x.like(c) / z_term
    t, log_t = _log_t(z)
    result = (log_t + a_prime / a) - x.like(_LANCZOS_G) / t

    # Shift x < -1/2 into [-1/2, 1/2] so that pi x keeps its precision near the poles.
    reduced_x = x + abs(floor(x + 0.5))
    pi = x.like(math.pi)
    pi_x = pi * reduced_x
    reflected = result - (pi * cos(pi_x)) / sin(pi_x)
    result = select(need_to_reflect, reflected, result)
    # Poles: nan at negative integers, -inf at zero.
    negative_integer = x.lt(zero) & x.eq(floor(x))
    result = select(negative_integer, nan(x), result)
    return select(x.eq(zero), inf(x, negative=True), result)


# ---------------------------------------------------------------- zeta, polygamma

_ZETA_TERMS = 12
_ZETA_ITERATIONS = 9
_ZETA_COEFFICIENTS = (
    -7.1661652561756670113e18,
    1.8152105401943546773e17,
    -4.5979787224074726105e15,
    1.1646782814350067249e14,
    -2.950130727918164224e12,
    7.47242496e10,
    -1.8924375803183791606e9,
    47900160.0,
    -1209600.0,
    30240.0,
    -720.0,
    12.0,
)


def zeta(x: V, q: V) -> V:
    """Hurwitz zeta(x, q) = sum_k (q + k)**-x: 10 terms of the series, then an Euler-Maclaurin tail
    of 12 Bernoulli terms in Horner form (Johansson 2015, eq. 5)."""
    zero, one = q.like(0.0), q.like(1.0)
    neg_x = -x
    acc = q
    power_sum = power(q, neg_x)
    for _ in range(_ZETA_ITERATIONS):
        acc = acc + one
        power_sum = power_sum + power(acc, neg_x)
    acc = acc + one
    q_neg_power = power(acc, neg_x)
    one_like_x = x.like(1.0)
    correction = (q_neg_power * acc) / (x - one_like_x)
    # 1 / acc**2 by division: rsqrt would round differently.
    inv_acc2 = one / (acc * acc)
    horner_sum = zero
    two_terms_minus_one = 2 * _ZETA_TERMS - 1
    for i in range(_ZETA_TERMS - 1):
        factor = (x + x.like(two_terms_minus_one - 1 - 2 * i)) * (x + x.like(two_terms_minus_one - 2 - 2 * i))
        horner_sum = factor * (inv_acc2 * (horner_sum + acc.like(1.0 / _ZETA_COEFFICIENTS[i])))
    tail = q_neg_power * (q_neg_power.like(0.5) + (x / acc) * (acc.like(1.0 / _ZETA_COEFFICIENTS[-1]) + horner_sum))
    accurate = (power_sum + correction) + tail
    # Where the next term is negligible the plain series is already exact.
    output = select(abs(q_neg_power).lt(abs(power_sum) * smallest_subnormal(acc)), power_sum, accurate)

    not_a_number = nan(x)
    output = select(x.lt(one_like_x), not_a_number, output)  # undefined for x < 1
    q_le_zero = q.le(zero)
    output = select(q_le_zero & x.ne(floor(x)), not_a_number, output)  # q <= 0 needs an integer x
    # Poles at integer q <= 0: +inf for even integer x, nan otherwise.
    at_pole = q_le_zero & q.eq(floor(q))
    x_is_even_int = x.eq(floor(x)) & remainder(x, x.like(2.0)).eq(zero)
    output = select(at_pole, select(x_is_even_int, inf(x), not_a_number), output)
    return select(x.eq(one), inf(x), output)  # the harmonic series


def polygamma(n: V, x: V) -> V:
    """psi^(n)(x) = (-1)**(n+1) n! zeta(n + 1, x), digamma for n = 0, nan unless n is a natural number."""

    def formula(n: V, x: V) -> V:
        one, two = x.like(1.0), x.like(2.0)
        sign_ = two * remainder(n, two) - one
        n_plus_one = n + one
        result = (sign_ * exp(lgamma(n_plus_one))) * zeta(n_plus_one, x)
        zero = x.like(0.0)
        result = select(n.eq(zero), digamma(x), result)
        non_natural = n.ne(floor(n)) | n.lt(zero)
        return select(non_natural, nan(x), result)

    return with_upcast(formula, [n, x])


# ---------------------------------------------------------------- bessel_i1e (Cephes Chebyshev)

_I1E_A_F32 = (
    9.38153738649577178388e-9,
    -4.44505912879632808065e-8,
    2.00329475355213526229e-7,
    -8.56872026469545474066e-7,
    3.47025130813767847674e-6,
    -1.32731636560394358279e-5,
    4.78156510755005422638e-5,
    -1.61760815825896745588e-4,
    5.12285956168575772895e-4,
    -1.51357245063125314899e-3,
    4.15642294431288815669e-3,
    -1.05640848946261981558e-2,
    2.47264490306265168283e-2,
    -5.29459812080949914269e-2,
    1.02643658689847095384e-1,
    -1.76416518357834055153e-1,
    2.52587186443633654823e-1,
)
_I1E_B_F32 = (
    -3.83538038596423702205e-9,
    -2.63146884688951950684e-8,
    -2.51223623787020892529e-7,
    -3.88256480887769039346e-6,
    -1.10588938762623716291e-4,
    -9.76109749136146840777e-3,
    7.78576235018280120474e-1,
)
# f64 uses longer series whose tails are the f32 coefficients.
_I1E_A_F64 = (
    2.77791411276104639959e-18,
    -2.11142121435816608115e-17,
    1.55363195773620046921e-16,
    -1.10559694773538630805e-15,
    7.60068429473540693410e-15,
    -5.04218550472791168711e-14,
    3.22379336594557470981e-13,
    -1.98397439776494371520e-12,
    1.17361862988909016308e-11,
    -6.66348972350202774223e-11,
    3.62559028155211703701e-10,
    -1.88724975172282928790e-9,
) + _I1E_A_F32
_I1E_B_F64 = (
    7.51729631084210481353e-18,
    4.41434832307170791151e-18,
    -4.65030536848935832153e-17,
    -3.20952592199342395980e-17,
    2.96262899764595013876e-16,
    3.30820231092092828324e-16,
    -1.88035477551078244854e-15,
    -3.81440307243700780478e-15,
    1.04202769841288027642e-14,
    4.27244001671195135429e-14,
    -2.10154184277266431302e-14,
    -4.08355111109219731823e-13,
    -7.19855177624590851209e-13,
    2.03562854414708950722e-12,
    1.41258074366137813316e-11,
    3.25260358301548823856e-11,
    -1.89749581235054123450e-11,
    -5.58974346219658380687e-10,
) + _I1E_B_F32


def _chebyshev(x: V, coefficients: Sequence[float]) -> V:
    """Clenshaw's recurrence for a Chebyshev series (Cephes' chbevl)."""
    b0, b1, b2 = x.like(0.0), x.like(0.0), x.like(0.0)
    for c in coefficients:
        b2, b1 = b1, b0
        b0 = (x * b1 - b2) + c
    return (b0 - b2) * 0.5


def bessel_i1e(x: V) -> V:
    """exp(-|x|) I1(x): |x| A(|x|/2 - 2) for |x| <= 8, B(32/|x| - 2)/sqrt(|x|) above, signed."""
    a, b = (_I1E_A_F64, _I1E_B_F64) if _is_f64(x) else (_I1E_A_F32, _I1E_B_F32)
    z = abs(x)
    two = x.like(2.0)
    small = z * _chebyshev(x.like(0.5) * z - two, a)
    large = _chebyshev(x.like(32.0) / z - two, b) / sqrt(z)
    return sign(x) * select(z.le(8.0), small, large)


# ---------------------------------------------------------------- rules


# XLA legalizes erf, erfc and bessel_i1e for these types only (not for the 8-bit floats).
_CEPHES_TYPES = ("f16", "bf16", "f32", "f64")


def _real_unary(f64_formula: Callable[[V], V], f32_formula: Callable[[V], V], types: Sequence[str] | None = None):
    """f64 by its own formula; every other float widened to f32."""

    def rule(ctx: RuleContext) -> list[V]:
        (x,) = ctx.operands
        if not isinstance(x.element_type, ir.FloatType) or (types and str(x.element_type) not in types):
            raise ctx.error(f"unsupported CHLO op: no decomposition for element type {x.element_type}")
        return [f64_formula(x) if _is_f64(x) else with_upcast(f32_formula, [x])]

    return rule


decomposes("chlo.erf")(_real_unary(erf_f64, erf_f32, _CEPHES_TYPES))
decomposes("chlo.erfc")(_real_unary(erfc_f64, erfc_f32, _CEPHES_TYPES))
decomposes("chlo.erf_inv")(_real_unary(erf_inv_f64, erf_inv_f32))
decomposes("chlo.lgamma")(_real_unary(lgamma, lgamma))
decomposes("chlo.digamma")(_real_unary(digamma, digamma))
decomposes("chlo.bessel_i1e")(_real_unary(bessel_i1e, bessel_i1e, _CEPHES_TYPES))


@decomposes("chlo.zeta")
def _zeta(ctx: RuleContext) -> list[V]:
    x, q = ctx.operands
    return [with_upcast(zeta, [x, q])]


@decomposes("chlo.polygamma")
def _polygamma(ctx: RuleContext) -> list[V]:
    n, x = ctx.operands
    return [polygamma(n, x)]
