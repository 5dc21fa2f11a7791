"""Run test files in the format of StableHLO's interpreter suite through our export on XLA CPU.

    python -m tests.export.interpret_suite DIR        (or: make interpret-suite SUITE=DIR)

Each `.mlir` file under DIR is split at `// -----` lines, as `-split-input-file` does. Every
function without arguments that holds `check.*` ops is one case. The `check` dialect is not
registered in jaxlib, so a case is rewritten as text: its checks are removed and the function,
renamed `@main`, returns each checked value next to its expected value (a `stablehlo.constant`
for the `*_const` checks). That module is translated with `hlo_translate.stablehlo_to_hlo`, run
on XLA CPU, and each pair is compared the way the check dialect defines it:

- `expect_eq[_const]`: element equality; floats compare as IEEE numbers (NaN is unequal to
  everything, -0 equals +0), complex numbers part by part.
- `expect_almost_eq[_const]` (tolerance 1e-4 unless given): per float (or complex part), equal
  values, two NaNs, or two finite numbers of the same sign at most `tolerance` apart.
- `expect_close` (ULP distance between `min_ulp_difference`, default 0, and
  `max_ulp_difference`, default 3): equal bits are 0 ULP, two NaNs are 0, finite numbers are
  the distance of their magnitudes' bit patterns (the sum across zero), anything else is never
  close.

Outcomes: pass, fail (values differ), error (we refuse or XLA fails, with the message),
impl-defined (the case's own comment says the expected value is the interpreter's choice for
behaviour the spec leaves to the implementation, and XLA's differs: reported, not a failure),
known (a failure listed in KNOWN_DEVIATIONS with the reason the exporter cannot change it: reported,
not a failure), and excluded with a reason (multi-process `interpreter.run_parallel`, other `interpreter.*` ops,
no checks at all, or a module jaxlib's parser rejects). Exit status 1 on any fail or error.
"""

from __future__ import annotations

import argparse
import dataclasses
import enum
import re
import sys
from collections import Counter
from pathlib import Path

import numpy as np

SPLIT_MARKER = "// -----"
DEFAULT_TOLERANCE = 1e-4
DEFAULT_MAX_ULP = 3

_CHECK_KINDS = (
    "expect_eq_const",
    "expect_almost_eq_const",
    "expect_eq",
    "expect_almost_eq",
    "expect_close",
    "expect_serialized_eq",
)
_CHECK_RE = re.compile(r'"?check\.(' + "|".join(_CHECK_KINDS) + r')\b"?')
_FUNC_RE = re.compile(r"func\.func\s+(?:(?:public|private|nested)\s+)?@([\w.$\-]+)\s*\(")
_TOLERANCE_RE = re.compile(r"\btolerance\s*=\s*([-+0-9.eE]+)")
_ULP_RE = {name: re.compile(rf"\b{name}\s*=\s*(\d+)") for name in ("max_ulp_difference", "min_ulp_difference")}


class Outcome(enum.Enum):
    PASS = "pass"
    FAIL = "fail"
    ERROR = "error"
    IMPL_DEFINED = "impl-defined"
    KNOWN = "known"
    EXCLUDED = "excluded"


# Cases of StableHLO's suite whose values XLA CPU computes differently for a reason the exporter cannot
# change, each checked by hand (docs/export.md). A case listed here that fails is reported as `known`,
# with the reason; one that passes is a plain pass.
KNOWN_DEVIATIONS = {
    (
        "fft.mlir",
        "fft_op_test_irfft_2d_c128",
    ): "the expected values are not the spec's: its operand is fft_op_test_rfft_2d_f64's expected result "
    "stored transposed; the spec defines IRFFT as the inverse of RFFT, and XLA's IRFFT of the RFFT "
    "result gives back RFFT's operand (tests/export/test_interpret_suite.py)",
    (
        "triangular_solve.mlir",
        "triangular_solve_op_test_spec_example",
    ): "XLA's triangular-solve (the same HLO op XLA's own converter writes) rounds one exact 0 to "
    "-2.98e-08; within the 1e-4 tolerance, but expect_almost_eq requires equal signs",
}


@dataclasses.dataclass(frozen=True)
class Check:
    """One `check.*` op: what it compares, and how."""

    kind: str
    actual: str  # SSA value, e.g. `%result` or `%0#1`
    actual_type: str
    expected: str  # SSA value, or the `dense<...>` literal of a *_const check
    expected_type: str
    tolerance: float = DEFAULT_TOLERANCE
    min_ulp: int = 0
    max_ulp: int = DEFAULT_MAX_ULP

    @property
    def is_const(self) -> bool:
        return self.kind.endswith("_const")


@dataclasses.dataclass(frozen=True)
class Result:
    file: str
    name: str
    outcome: Outcome
    detail: str = ""


# ---------------------------------------------------------------- splitting and finding cases


def split_chunks(text: str) -> list[str]:
    """The file's parts between `// -----` lines (a commented-out `// // -----` does not split)."""
    chunks, current = [], []
    for line in text.splitlines():
        if line.strip() == SPLIT_MARKER:
            chunks.append("\n".join(current))
            current = []
        else:
            current.append(line)
    chunks.append("\n".join(current))
    return chunks


def strip_comments(text: str) -> str:
    """Blank out `//` comments (outside string literals), keeping every offset."""
    out = []
    for line in text.splitlines():
        in_string, cut = False, len(line)
        for i, ch in enumerate(line):
            if ch == '"':
                in_string = not in_string
            elif not in_string and line.startswith("//", i):
                cut = i
                break
        out.append(line[:cut] + " " * (len(line) - cut))
    return "\n".join(out)


def _matching(text: str, start: int, open_ch: str, close_ch: str) -> int:
    """Index just past the bracket that closes the one at `start`."""
    depth = 0
    for i in range(start, len(text)):
        if text[i] == open_ch:
            depth += 1
        elif text[i] == close_ch:
            depth -= 1
            if depth == 0:
                return i + 1
    raise ValueError(f"unbalanced {open_ch!r} at offset {start}")


@dataclasses.dataclass(frozen=True)
class Function:
    name: str
    start: int  # offset of `func.func`
    body_start: int  # offset just past the body's `{`
    end: int  # offset just past the body's `}`
    has_arguments: bool


def find_functions(text: str) -> list[Function]:
    functions = []
    for match in _FUNC_RE.finditer(text):
        args_end = _matching(text, match.end() - 1, "(", ")")
        has_arguments = bool(text[match.end() : args_end - 1].strip())
        i = args_end
        while True:
            while i < len(text) and text[i].isspace():
                i += 1
            if text.startswith("->", i):
                i += 2
                while text[i].isspace():
                    i += 1
                if text[i] == "(":
                    i = _matching(text, i, "(", ")")
                else:
                    while i < len(text) and not text[i].isspace() and text[i] != "{":
                        i = _matching(text, i, "<", ">") if text[i] == "<" else i + 1
            elif text.startswith("attributes", i):
                i = _matching(text, text.index("{", i), "{", "}")
            else:
                break
        if i >= len(text) or text[i] != "{":
            continue  # a declaration without a body
        end = _matching(text, i, "{", "}")
        functions.append(Function(match.group(1), match.start(), i + 1, end, has_arguments))
    return functions


# ---------------------------------------------------------------- reading check ops


def _unfinished(statement: str) -> bool:
    """A statement goes on to the next line after a trailing comma or inside brackets."""
    depth = sum(statement.count(c) for c in "<([{") - sum(statement.count(c) for c in ">)]}")
    return statement.rstrip().endswith(",") or depth > 0


def _check_statements(body: str) -> list[tuple[int, int]]:
    """(start, end) offsets of each check op in `body`, continuation lines included."""
    spans = []
    lines = body.splitlines(keepends=True)
    offsets = np.cumsum([0] + [len(line) for line in lines]).tolist()
    i = 0
    while i < len(lines):
        if _CHECK_RE.match(lines[i].lstrip()):
            j = i + 1
            while j < len(lines) and _unfinished("".join(lines[i:j]).replace("->", "")):
                j += 1
            spans.append((offsets[i], offsets[j]))
            i = j
        else:
            i += 1
    return spans


def _split_top_level(text: str, sep: str = ",") -> list[str]:
    parts, depth, current = [], 0, []
    for ch in text:
        if ch in "<([{":
            depth += 1
        elif ch in ">)]}":
            depth -= 1
        if ch == sep and depth == 0:
            parts.append("".join(current).strip())
            current = []
        else:
            current.append(ch)
    parts.append("".join(current).strip())
    return [p for p in parts if p]


def _types_after_colon(text: str) -> list[str]:
    """The types of a custom-form op's trailing `: T` or `: T1, T2` (attributes after them dropped)."""
    depth, colon = 0, -1
    for i, ch in enumerate(text):
        if ch in "<([{":
            depth += 1
        elif ch in ">)]}":
            depth -= 1
        elif ch == ":" and depth == 0:
            colon = i
    if colon < 0:
        raise ValueError("no type")
    types = [t for t in _split_top_level(text[colon + 1 :]) if t.startswith(("tensor<", "complex<", "!"))]
    return [re.sub(r"\s*\{.*$", "", t) for t in types]


def parse_check(statement: str) -> Check:
    """One check op, custom (`check.expect_eq %a, %b : T`) or generic (`"check.expect_eq"(%a, %b) : ...`)."""
    flat = " ".join(statement.split())
    kind = _CHECK_RE.match(flat).group(1)
    rest = flat[_CHECK_RE.match(flat).end() :].strip()
    tolerance = float(m.group(1)) if (m := _TOLERANCE_RE.search(flat)) else DEFAULT_TOLERANCE
    min_ulp = int(m.group(1)) if (m := _ULP_RE["min_ulp_difference"].search(flat)) else 0
    max_ulp = int(m.group(1)) if (m := _ULP_RE["max_ulp_difference"].search(flat)) else DEFAULT_MAX_ULP
    if rest.startswith("("):  # generic form: operands in parentheses, a function type after ':'
        close = _matching(rest, 0, "(", ")")
        operands = _split_top_level(rest[1 : close - 1])
        after = rest[close:].lstrip()
        if after.startswith("{"):  # an attribute dictionary before the type
            after = after[_matching(after, 0, "{", "}") :]
        signature = after[after.index(":") + 1 :].strip()
        types = _split_top_level(signature[1 : _matching(signature, 0, "(", ")") - 1])
        return Check(kind, operands[0], types[0], operands[1], types[1], tolerance, min_ulp, max_ulp)
    if kind.endswith("_const"):
        actual = rest.split(",", 1)[0].strip()
        dense_at = rest.index("dense<")
        dense_end = _matching(rest, dense_at + len("dense"), "<", ">")
        literal = rest[dense_at:dense_end]
        expected_type = _types_after_colon(rest[dense_end:])[0]
        return Check(kind, actual, expected_type, literal, expected_type, tolerance, min_ulp, max_ulp)
    before_colon = rest[: rest.index(":")] if ":" in rest else rest
    operands = [p for p in _split_top_level(before_colon) if p.startswith("%")]
    types = _types_after_colon(rest)
    return Check(kind, operands[0], types[0], operands[1], types[-1], tolerance, min_ulp, max_ulp)


# ---------------------------------------------------------------- rewriting a case


def rewrite_case(chunk: str, case: Function, others: list[Function]) -> tuple[str, list[Check]]:
    """The chunk as a module whose @main is `case` returning (actual, expected) per check.

    Other test functions of the chunk (zero-argument functions with checks) are dropped; helper
    functions stay.
    """
    body = chunk[case.body_start : case.end - 1]
    spans = _check_statements(body)
    checks = [parse_check(body[s:e]) for s, e in spans]
    kept, last = [], 0
    for s, e in spans:
        kept.append(body[last:s])
        last = e
    kept.append(body[last:])
    new_body = "".join(kept)
    constants, results, types = [], [], []
    for index, check in enumerate(checks):
        expected = check.expected
        if check.is_const:
            expected = f"%__expected_{index}"
            constants.append(f"  {expected} = stablehlo.constant {check.expected} : {check.expected_type}\n")
        results += [check.actual, expected]
        types += [check.actual_type, check.expected_type]
    returns = list(re.finditer(r"^(\s*)(func\.return|return)\b[^\n]*$", new_body, re.MULTILINE))
    if not returns:
        raise ValueError(f"@{case.name} has no return")
    ret = returns[-1]
    new_return = f"{ret.group(1)}func.return {', '.join(results)} : {', '.join(types)}"
    new_body = new_body[: ret.start()] + "".join(constants) + new_return + new_body[ret.end() :]
    header = f"func.func @main() -> ({', '.join(types)}) {{"
    pieces, cursor = [], 0
    for function in sorted(others + [case], key=lambda f: f.start):
        pieces.append(chunk[cursor : function.start])
        if function is case:
            pieces.append(header + new_body + "}")
        cursor = function.end
    pieces.append(chunk[cursor:])
    text = "".join(pieces)
    if any(f.name == "main" for f in others) or (case.name != "main" and re.search(r"@main\b", chunk)):
        raise ValueError("a helper function is called @main")
    return text, checks


# ---------------------------------------------------------------- comparing


def _float_view(values: np.ndarray) -> np.ndarray:
    return np.asarray(values).astype(np.float64)


def _parts(values: np.ndarray) -> list[np.ndarray]:
    values = np.asarray(values)
    if np.iscomplexobj(values):
        return [values.real, values.imag]
    return [values]


def _is_float(values: np.ndarray) -> bool:
    return np.asarray(values).dtype.kind in "fc" or "float" in str(np.asarray(values).dtype)


def equal_elements(actual: np.ndarray, expected: np.ndarray) -> np.ndarray:
    if not _is_float(expected):
        return np.asarray(actual) == np.asarray(expected)
    result = np.ones(np.shape(expected), bool)
    for a, e in zip(_parts(actual), _parts(expected)):
        result &= _float_view(a) == _float_view(e)
    return result


def almost_equal_elements(actual: np.ndarray, expected: np.ndarray, tolerance: float) -> np.ndarray:
    if not _is_float(expected):
        return equal_elements(actual, expected)
    result = np.ones(np.shape(expected), bool)
    for a, e in zip(_parts(actual), _parts(expected)):
        f, g = _float_view(a), _float_view(e)
        with np.errstate(invalid="ignore", over="ignore"):
            both_nan = np.isnan(f) & np.isnan(g)
            finite = np.isfinite(f) & np.isfinite(g)
            close = finite & (np.signbit(f) == np.signbit(g)) & (np.abs(f - g) <= tolerance)
            result &= (f == g) | both_nan | close
    return result


def _magnitude_bits(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    values = np.asarray(values)
    unsigned = np.dtype(f"u{values.dtype.itemsize}")
    bits = values.view(unsigned).astype(np.uint64)
    sign = np.uint64(1) << np.uint64(values.dtype.itemsize * 8 - 1)
    return bits & ~sign, (bits & sign) != 0


def ulp_differences(actual: np.ndarray, expected: np.ndarray) -> np.ndarray:
    result = np.zeros(np.shape(expected), np.float64)
    for a, e in zip(_parts(actual), _parts(expected)):
        a, e = np.ascontiguousarray(a), np.ascontiguousarray(e).astype(np.asarray(a).dtype)
        (ma, sa), (me, se) = _magnitude_bits(a), _magnitude_bits(e)
        distance = np.where(sa != se, ma.astype(np.float64) + me, np.abs(ma.astype(np.float64) - me))
        f, g = _float_view(a), _float_view(e)
        identical = a.view(np.dtype(f"u{a.dtype.itemsize}")) == e.view(np.dtype(f"u{e.dtype.itemsize}"))
        distance = np.where(np.isfinite(f) & np.isfinite(g), distance, np.inf)
        distance = np.where(np.isnan(f) & np.isnan(g), 0, distance)
        distance = np.where(identical, 0, distance)
        result = np.maximum(result, distance)
    return result


def compare(check: Check, actual: np.ndarray, expected: np.ndarray) -> str:
    """'' when `check` holds, else a short description of the first mismatch."""
    actual, expected = np.asarray(actual), np.asarray(expected)
    if actual.shape != expected.shape:
        return f"shape {actual.shape} vs expected {expected.shape}"
    if check.kind.startswith("expect_eq"):
        ok = equal_elements(actual, expected)
    elif check.kind.startswith("expect_almost_eq"):
        ok = almost_equal_elements(actual, expected, check.tolerance)
    elif check.kind == "expect_close":
        ulps = ulp_differences(actual, expected)
        ok = (ulps >= check.min_ulp) & (ulps <= check.max_ulp)
    else:
        raise ValueError(f"cannot compare check.{check.kind}")
    if ok.all():
        return ""
    index = tuple(int(i) for i in np.argwhere(~ok)[0])
    return (
        f"{check.kind} {check.actual}: {int((~ok).sum())} of {ok.size} differ, first at {list(index)}: "
        f"{actual[index]!r} vs expected {expected[index]!r}"
    )


# ---------------------------------------------------------------- running


def _first_line(err: BaseException) -> str:
    text = str(err).strip().splitlines()
    return f"{type(err).__name__}: {text[0] if text else ''}"[:300]


def jaxlib_parse_error(text: str) -> str:
    """'' if jaxlib's MLIR parser (with the dialects it registers) accepts `text`, else why not."""
    from jaxlib.mlir import ir

    from hlo_translate.mlir.context import make_context

    with make_context() as context:
        context.allow_unregistered_dialects = False
        try:
            ir.Module.parse(text)
        except Exception as err:  # jaxlib raises MLIRError and ValueError
            lines = [line.strip() for line in str(err).splitlines() if line.strip()]
            return " ".join(lines[:3])[:300]
    return ""


def _implementation_defined(chunk: str, case: Function) -> bool:
    """The case's own comment says its expectation is the interpreter's implementation-defined choice."""
    comment: list[str] = []
    for line in reversed(chunk[: case.start].rstrip().splitlines()):
        if not line.strip().startswith("//"):
            break
        comment.insert(0, line.strip()[2:].strip())
    joined = ""
    for line in comment:
        joined += line if joined.endswith("-") else " " + line
    return "implementation-defined" in joined


def run_case(file: str, chunk: str, original: str, case: Function, others: list[Function]) -> Result:
    """`chunk` has its comments blanked out; `original` (same offsets) still has them."""
    import hlo_translate

    name = case.name
    try:
        text, checks = rewrite_case(chunk, case, others)
    except (ValueError, IndexError, AttributeError) as err:
        return Result(file, name, Outcome.ERROR, f"harness could not rewrite the case: {_first_line(err)}")
    unsupported = [c.kind for c in checks if c.kind == "expect_serialized_eq"]
    if unsupported:
        return Result(file, name, Outcome.EXCLUDED, "interpreter dialect: check.expect_serialized_eq of a probe")
    parse_error = jaxlib_parse_error(text)
    if parse_error:
        return Result(file, name, Outcome.EXCLUDED, f"jaxlib cannot parse it: {parse_error}")
    try:
        hlo = hlo_translate.write_hlo(hlo_translate.stablehlo_to_hlo(text)).decode()
    except Exception as err:  # every refusal is reported, never raised
        return Result(file, name, Outcome.ERROR, f"export: {_first_line(err)}")
    try:
        outputs = hlo_translate.execute(hlo, [])
    except Exception as err:
        return Result(file, name, Outcome.ERROR, f"XLA CPU: {_first_line(err)}")
    mismatches = [m for i, check in enumerate(checks) if (m := compare(check, outputs[2 * i], outputs[2 * i + 1]))]
    if not mismatches:
        return Result(file, name, Outcome.PASS)
    detail = "; ".join(mismatches)
    if _implementation_defined(original, case):
        return Result(file, name, Outcome.IMPL_DEFINED, detail)
    known = KNOWN_DEVIATIONS.get((Path(file).name, name))
    if known:
        return Result(file, name, Outcome.KNOWN, f"{known} [{detail}]")
    return Result(file, name, Outcome.FAIL, detail)


def run_chunk(file: str, chunk: str) -> list[Result]:
    code = strip_comments(chunk)
    functions = find_functions(code)
    if not functions:
        return []
    tests = [f for f in functions if not f.has_arguments and _CHECK_RE.search(code[f.body_start : f.end])]
    label = tests[0].name if tests else functions[0].name
    if "interpreter.run_parallel" in code:
        return [Result(file, label, Outcome.EXCLUDED, "multi-process: interpreter.run_parallel")]
    if re.search(r'"?interpreter\.', code):
        return [
            Result(file, f.name, Outcome.EXCLUDED, "interpreter dialect: interpreter.probe")
            for f in tests or functions[:1]
        ]
    if not tests:
        return [Result(file, label, Outcome.EXCLUDED, "no check ops: a FileCheck test of the interpreter's output")]
    return [run_case(file, code, chunk, case, [f for f in tests if f is not case]) for case in tests]


def run_file(path: Path, root: Path) -> list[Result]:
    name = str(path.relative_to(root))
    results = []
    for chunk in split_chunks(path.read_text(encoding="utf-8")):
        results += run_chunk(name, chunk)
    return results


def run_suite(root: Path) -> list[Result]:
    files = sorted(root.rglob("*.mlir")) if root.is_dir() else [root]
    results = []
    for path in files:
        results += run_file(path, root if root.is_dir() else root.parent)
    return results


# ---------------------------------------------------------------- report


def report(results: list[Result], out=None) -> None:
    out = out or sys.stdout
    by_file: dict[str, list[Result]] = {}
    for result in results:
        by_file.setdefault(result.file, []).append(result)
    outcomes = list(Outcome)
    print(f"{'file':32} " + " ".join(f"{o.value:>12}" for o in outcomes), file=out)
    for file, rows in by_file.items():
        counts = Counter(r.outcome for r in rows)
        print(f"{file:32} " + " ".join(f"{counts[o]:>12}" for o in outcomes), file=out)
    totals = Counter(r.outcome for r in results)
    print(f"{'total (' + str(len(by_file)) + ' files)':32} " + " ".join(f"{totals[o]:>12}" for o in outcomes), file=out)
    print(f"cases: {len(results)}", file=out)
    reasons = Counter(
        re.sub(r":.*", "", r.detail) if r.detail.startswith("jaxlib") else r.detail
        for r in results
        if r.outcome is Outcome.EXCLUDED
    )
    for reason, count in sorted(reasons.items()):
        print(f"  excluded {count:3}: {reason}", file=out)
    for r in results:
        if r.outcome in (Outcome.FAIL, Outcome.ERROR, Outcome.IMPL_DEFINED, Outcome.KNOWN) or (
            r.outcome is Outcome.EXCLUDED and r.detail.startswith("jaxlib")
        ):
            print(f"{r.outcome.value:>12}  {r.file} @{r.name}: {r.detail}", file=out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("suite", type=Path, help="a directory of .mlir files (searched recursively), or one file")
    args = parser.parse_args(argv)
    results = run_suite(args.suite)
    report(results)
    return 1 if any(r.outcome in (Outcome.FAIL, Outcome.ERROR) for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
