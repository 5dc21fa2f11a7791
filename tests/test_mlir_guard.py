"""The MLIR text guard's fast path (a few C passes) never passes text that the token scanner refuses."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from hlo_translate.mlir import guard

_PIECES = ["(", ")", "[", "]", "{", "}", "<", ">", "->", '"', '\\"', "//", "\n", " ", "7", "1" * 30, "x"]


@settings(max_examples=3000)
@given(st.lists(st.sampled_from(_PIECES), max_size=400))
def test_the_fast_path_passes_only_what_the_scanner_passes(pieces: list[str]) -> None:
    data = "".join(pieces).encode()
    small = 4
    original = guard.MAX_NESTING
    guard.MAX_NESTING = small  # a small limit, so that random text reaches it often
    try:
        if guard._surely_fine(data):
            assert guard._token_problem(data) is None
    finally:
        guard.MAX_NESTING = original


def test_deep_nesting_is_still_refused_where_it_happens() -> None:
    limit = guard.MAX_NESTING
    for text in ["x = " + "[" * (limit + 1), "(" * limit + ")" * limit + "<" * (limit + 1),
                 "{" * (limit - 1) + '"' + "(" * 10 + '"' + "(" * 2,
                 "(" * (limit // 2) + ")" * 5 + "(" * (limit // 2 + 6)]:
        data = text.encode()
        assert not guard._surely_fine(data)
        assert guard._problem(data)[0] == f"nesting deeper than {limit} levels"


def test_text_at_the_limit_and_strings_and_arrows_pass() -> None:
    limit = guard.MAX_NESTING
    for text in ["(" * limit + ")" * limit, '"' + "(" * 1000 + '"', "(a) -> " * 1000, "// " + "[" * 999,
                 ")" * 500 + "(" * limit]:
        assert guard._surely_fine(text.encode()), text[:20]
        assert guard._problem(text.encode()) is None


def test_long_numbers_go_to_the_scanner() -> None:
    data = b"dense<" + b"9" * (guard.MAX_DIGITS + 1) + b">"
    assert not guard._surely_fine(data)
    assert guard._problem(data)[0] == f"number with more than {guard.MAX_DIGITS} digits"
    assert guard._problem(b'"' + b"9" * 100 + b'"') is None
