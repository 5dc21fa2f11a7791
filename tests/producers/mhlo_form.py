"""StableHLO modules respelled as mhlo (test helper): the generic form with `stablehlo.` ops, attributes
and types renamed `mhlo.`, and `array<i64: ...>` attributes written as mhlo's dense tensors.

It does not know every difference between the two dialects: a module whose respelling jaxlib does not
parse is skipped by the tests that use it.
"""

from __future__ import annotations

import re

_ARRAY_RE = re.compile(r"array<(i64|i1)(?::\s*([^>]*))?>")


def _dense(m: re.Match) -> str:
    element, body = m.group(1), (m.group(2) or "").strip()
    values = [v.strip() for v in body.split(",")] if body else []
    return f"dense<[{', '.join(values)}]> : tensor<{len(values)}x{element}>"


def to_mhlo(generic_text: str) -> str:
    """`generic_text` (a StableHLO module printed in generic op form) with mhlo's spelling."""
    text = generic_text.replace('"stablehlo.', '"mhlo.').replace("#stablehlo.", "#mhlo.")
    text = text.replace("#stablehlo<", "#mhlo<").replace("!stablehlo.", "!mhlo.")
    text = re.sub(r"#mhlo<(rng_algorithm|rng_distribution) (\w+)>", r"#mhlo.\1<\2>", text)
    return _ARRAY_RE.sub(_dense, text)
