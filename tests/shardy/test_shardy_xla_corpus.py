"""XLA's own Shardy test files through our Shardy passes (`tests/data/xla_shardy`, see PROVENANCE.md).

Each file is split at `// -----` as lit's `-split-input-file` does; the comment lines go, the rest is
the piece XLA's passes read. Every piece goes through our import (`import_shardings`: GSPMD and XLA's
round-trip form -> Shardy) and our export (`export_shardings`: Shardy -> GSPMD): the result parses
and verifies, or the piece is refused with a one-line error for a reason listed here; never an
internal error. Where XLA's CHECK lines write a form for the same input, ours is compared with it:
the GSPMD shardings XLA's export writes (equivalent placement) and the Shardy attributes XLA's import
writes (the same text), and XLA's round-trip tests through our HLO and back.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

import pytest

from hlo_translate.errors import TranslateError
from hlo_translate.hlo.sharding import equivalent, parse_sharding
from hlo_translate.shardy import export_shardings, import_shardings
from tests.support.paths import TESTS

DATA = TESTS / "data" / "xla_shardy"

# Files whose pieces XLA's passes refuse on purpose (`-verify-diagnostics` tests): ours must refuse too.
EXPECTED_ERRORS = {"sdy_round_trip_shard_map_import_failure.mlir", "sdy_round_trip_sharding_group_import_failure.mlir"}

# Pieces we refuse although XLA takes them, and why (a piece that starts to pass must leave the list).
IMPORT_REFUSED = {
    (
        "sdy_round_trip_export_pipeline.mlir",
        2,
    ): "mhlo.sharding {mesh[x=4,y=8], [{x},{y}]} (unquoted axis names): XLA's parser refuses it too "
    "(jaxlib 0.12; ParseMesh reads quoted names); XLA's test only passes the string through",
}
EXPORT_REFUSED: dict[tuple[str, int], str] = {}

# Where XLA's export writes a GSPMD sharding that ours leaves out, and why.
EXPORT_CHECK_LEFT_OUT = {
    (
        "stablehlo_export_pipeline.mlir",
        0,
        "{{manual}, {manual}}",
    ): "XLA writes a sharding on every control-flow op of a manual body; we write the shardings Shardy has",
}
# Where XLA's import writes a Shardy attribute that ours writes otherwise, and why.
IMPORT_CHECK_DIFFERS: dict[tuple[str, int, str], str] = {}

EXPORT_CHECKED = (
    "stablehlo_export_pipeline.mlir",
    "stablehlo_round_trip_shard_map_export.mlir",
    "stablehlo_export_manual_reduction_collectives.mlir",
    "stablehlo_export_manual_reduction_collectives_reduce_scatter.mlir",
    "stablehlo_export_pipeline_sharding_constraint_to_custom_call.mlir",
)
IMPORT_CHECKED = (
    "sdy_round_trip_shard_map_import.mlir",
    "sdy_round_trip_import_pipeline_sharding_in_frontend_attr.mlir",
    "sdy_round_trip_import_pipeline_no_sharding.mlir",
    "sdy_round_trip_import_pipeline_hlo_sharding_v3.mlir",
    "sdy_round_trip_import_pipeline_lift_and_dedup_meshes.mlir",
    "import_shardings.mlir",
    "stablehlo_import_pipeline.mlir",
)
ROUND_TRIP_CHECKED = (
    "round_trip_pipeline.mlir",
    "round_trip_pipeline_manual_computation.mlir",
    "sdy_round_trip_export_inline_round_trip.mlir",
)
# Round-trip pieces that do not go through our HLO, and why.
ROUND_TRIP_REFUSED: dict[tuple[str, int], str] = {}

_SHARDING_STRING = re.compile(r'mhlo\.sharding = "((?:[^"\\]|\\.)*)"')
# Shardy attribute texts in CHECK lines that our printer writes the same way.
_SDY_FRAGMENT = re.compile(
    r"(in_shardings=\[.*?\]>?\]|out_shardings=\[.*?\]>?\]|manual_axes=\{[^}]*\}"
    r"|sdy\.sharding = #sdy\.sharding(?:_per_value)?<.*?>(?=[,}\s)]|$))"
)


@dataclass(frozen=True)
class Piece:
    file: str
    index: int
    text: str
    checks: tuple[str, ...]

    @property
    def key(self) -> tuple[str, int]:
        return self.file, self.index


@cache
def pieces() -> tuple[Piece, ...]:
    found = []
    for path in sorted(DATA.glob("*.mlir")):
        for index, chunk in enumerate(re.split(r"^// -----\s*$", path.read_text(), flags=re.M)):
            lines = chunk.splitlines()
            text = "\n".join(line for line in lines if not line.strip().startswith("//")).strip()
            checks = tuple(line.strip() for line in lines if re.match(r"\s*// CHECK", line))
            if text:
                found.append(Piece(path.name, index, text, checks))
    return tuple(found)


def _piece(key: str) -> Piece:
    return next(p for p in pieces() if f"{p.file}:{p.index}" == key)


def _keys(files: tuple[str, ...] | None = None) -> list[str]:
    return [f"{p.file}:{p.index}" for p in pieces() if files is None or p.file in files]


def _unescape(text: str) -> str:
    return text.encode().decode("unicode_escape")


def _v2_checks(piece: Piece) -> list[str]:
    """CHECK lines of the V2 run (XLA's tests check V3 output under their own prefix)."""
    return [c for c in piece.checks if not re.match(r"// CHECK-V3", c)]


def _check_verifies(text: str) -> None:
    from hlo_translate.mlir.context import make_context, parse_module

    with make_context():
        module = parse_module(text)
        assert module.operation.verify()


def test_the_corpus_is_xla_shardy_tests() -> None:
    files = {p.file for p in pieces()}
    assert len(files) == 25 and len(pieces()) >= 100
    assert (DATA / "LICENSE").read_text().lstrip().startswith("Apache License")
    for key in [*IMPORT_REFUSED, *EXPORT_REFUSED, *ROUND_TRIP_REFUSED]:
        assert any(p.key == key for p in pieces()), key


@pytest.mark.parametrize("key", _keys())
@pytest.mark.parametrize("verb", ["import", "export"])
def test_piece_through_our_passes(key: str, verb: str) -> None:
    piece = _piece(key)
    convert, refused = (import_shardings, IMPORT_REFUSED) if verb == "import" else (export_shardings, EXPORT_REFUSED)
    try:
        out = convert(piece.text)
    except TranslateError as err:
        assert "\n" not in str(err)
        assert piece.key in refused or (verb == "import" and piece.file in EXPECTED_ERRORS), str(err)
        return
    assert piece.key not in refused, "refused piece now passes: take it off the list"
    assert not (verb == "import" and piece.file in EXPECTED_ERRORS), "XLA refuses this piece"
    _check_verifies(out)


@pytest.mark.parametrize("key", _keys(EXPORT_CHECKED))
def test_export_writes_xla_gspmd_shardings(key: str) -> None:
    """Every GSPMD sharding XLA's export writes in its CHECK lines places data as one of ours."""
    piece = _piece(key)
    if piece.key in EXPORT_REFUSED:
        pytest.skip(EXPORT_REFUSED[piece.key])
    ours = [parse_sharding(_unescape(s)) for s in _SHARDING_STRING.findall(export_shardings(piece.text))]
    for check in _v2_checks(piece):
        for text in _SHARDING_STRING.findall(check):
            want = parse_sharding(_unescape(text))
            if (piece.file, piece.index, text) in EXPORT_CHECK_LEFT_OUT:
                continue
            assert any(equivalent(want, got) for got in ours), (text, [g.to_text() for g in ours])


@pytest.mark.parametrize("key", _keys(IMPORT_CHECKED))
def test_import_writes_xla_shardy_attributes(key: str) -> None:
    """The Shardy attributes XLA's import writes in its CHECK lines appear, as text, in ours."""
    piece = _piece(key)
    if piece.key in IMPORT_REFUSED or piece.file in EXPECTED_ERRORS:
        return
    ours = import_shardings(piece.text)
    for check in _v2_checks(piece):
        if "LITERAL" not in check:  # the other lines hold FileCheck patterns, not plain text
            continue
        for fragment in _SDY_FRAGMENT.findall(check.split(":", 1)[1]):
            if (piece.file, piece.index, fragment) in IMPORT_CHECK_DIFFERS:
                continue
            assert fragment in ours, fragment


@pytest.mark.parametrize("key", _keys(ROUND_TRIP_CHECKED))
def test_round_trip_through_our_hlo(key: str) -> None:
    """XLA's round-trip tests (Shardy -> HLO -> Shardy) through our HLO: the module verifies and
    the Shardy attributes of XLA's CHECK lines come back."""
    import hlo_translate

    piece = _piece(key)
    try:
        back = hlo_translate.hlo_to_stablehlo(hlo_translate.stablehlo_to_hlo(piece.text))
    except TranslateError as err:
        assert "\n" not in str(err)
        assert piece.key in ROUND_TRIP_REFUSED, str(err)
        return
    assert piece.key not in ROUND_TRIP_REFUSED, "refused piece now passes: take it off the list"
    _check_verifies(back)
    for check in _v2_checks(piece):
        if "LITERAL" in check:
            for fragment in _SDY_FRAGMENT.findall(check.split(":", 1)[1]):
                assert fragment in back, fragment
