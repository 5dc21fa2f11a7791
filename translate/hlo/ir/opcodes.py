"""The HLO opcodes (XLA's `hlo_opcode.h`) that jaxlib 0.12's HLO parser knows, as spelled in HLO text."""

from __future__ import annotations

UNARY_ELEMENTWISE = frozenset(
    """
abs acos acosh asin asinh atanh cosh sinh cbrt ceil count-leading-zeros convert bitcast-convert copy cosine erf
exponential exponential-minus-one floor imag
is-finite log log-plus-one logistic negate not popcnt real reduce-precision round-nearest-afz
round-nearest-even rsqrt sign sine sqrt tan tanh
""".split()
)

BINARY_ELEMENTWISE = frozenset(
    """
add and atan2 complex compare divide maximum minimum mulhi multiply or power remainder shift-left
shift-right-arithmetic shift-right-logical subtract xor stochastic-convert
""".split()
)

OTHER = frozenset(
    """
add-dependency after-all all-gather all-gather-done all-gather-start all-reduce all-reduce-done
all-reduce-start all-to-all async-done async-start async-update batch-norm-grad batch-norm-inference
batch-norm-training bitcast broadcast call cholesky clamp collective-broadcast collective-permute
collective-permute-done collective-permute-start concatenate conditional constant convolution copy-done
copy-start custom-call domain dot dynamic-reshape dynamic-slice dynamic-update-slice fft fusion gather
get-dimension-size get-tuple-element infeed iota map opt-barrier outfeed pad parameter
partition-id ragged-all-to-all ragged-dot recv recv-done reduce reduce-scatter reduce-window replica-id
reshape reverse rng rng-bit-generator rng-get-and-update-state scatter select select-and-scatter send
send-done set-dimension-size slice sort topk transpose triangular-solve tuple while scaled-dot scan
collective-reduce shuffle
""".split()
)

OPCODES = UNARY_ELEMENTWISE | BINARY_ELEMENTWISE | OTHER

# First-class start/done opcodes: never async sugar.
FIRST_CLASS_ASYNC = frozenset(
    {
        "all-gather-start",
        "all-gather-done",
        "all-reduce-start",
        "all-reduce-done",
        "collective-permute-start",
        "collective-permute-done",
        "copy-start",
        "copy-done",
        "async-start",
        "async-update",
        "async-done",
        "send-done",
        "recv-done",
    }
)


_SUGAR_SUFFIXES = ("-start", "-update", "-done")


def async_sugar_base(opcode: str) -> str | None:
    """For sugar such as `negate-start` / `custom-call-done`, the wrapped opcode; else None."""
    if not opcode.endswith(_SUGAR_SUFFIXES) or opcode in FIRST_CLASS_ASYNC:
        return None
    for suffix in ("-start", "-update", "-done"):
        if opcode.endswith(suffix) and opcode[: -len(suffix)] in OPCODES:
            return opcode[: -len(suffix)]
    return None


def is_known_opcode(opcode: str) -> bool:
    return opcode in OPCODES or async_sugar_base(opcode) is not None
