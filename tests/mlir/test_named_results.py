"""Valid MLIR in another spelling converts as the plain spelling does: every multi-result group `%0:2 = op`
re-spelled as named results `%r0_0, %r0_1 = op` (tests/support/respell.py), over the repository's MLIR texts
(golden files, producer and fuzz-regression inputs, the corpus's JAX programs, the exporter's JAX programs).

Oracle: jaxlib's parser reads both spellings to the same module (its canonical print is the same), and then the
converter must give the same HLO for both (or refuse both with the same message).
"""

from __future__ import annotations

from pathlib import Path

import pytest

import hlo_translate
from hlo_translate.errors import TranslateError
from tests.support.paths import REPO_ROOT as REPO
from tests.support.respell import multi_result_count, respell

_FILE_GLOBS = ("golden/**/*.mlir", "tests/producers/**/*.mlir", "tests/fuzz/regressions/*.mlir")


def _files() -> list[Path]:
    return sorted(p for pattern in _FILE_GLOBS for p in REPO.glob(pattern))


def _read(path: Path) -> str:
    return path.read_bytes().decode("utf-8", "surrogateescape")


def _conversion(text: str) -> str:
    """The HLO text, or the refusal's message (its location left out: the spellings' columns differ)."""
    try:
        return hlo_translate.write_hlo(hlo_translate.stablehlo_to_hlo(text)).decode()
    except TranslateError as err:
        return "refused: " + err.message


def _jaxlib_print(text: str) -> str:
    from jaxlib.mlir import ir

    from hlo_translate.mlir.context import make_context

    with make_context():
        return str(ir.Module.parse(text))


def _check_same(text: str) -> None:
    respelled = respell(text)
    assert respelled != text
    expected = _conversion(text)
    if not expected.startswith("refused: "):  # jaxlib parses what we accept (never what we refuse: it may abort)
        assert _jaxlib_print(respelled) == _jaxlib_print(text)
    assert _conversion(respelled) == expected


def test_the_respeller_renames_groups_and_their_uses_only() -> None:
    text = (
        'func.func @f(%arg0: tensor<i32>) -> tensor<i32> {\n  %0:2 = "op"(%arg0) {s = "%0#1"} : '
        "(tensor<i32>) -> (tensor<i32>, tensor<i32>)  // %0:2 =\n  return %0#1 : tensor<i32>\n}\n"
        'func.func @g(%arg0: tensor<i32>) -> tensor<i32> {\n  %0 = "op"(%arg0) : (tensor<i32>) -> tensor<i32>\n'
        "  return %0 : tensor<i32>\n}\n"
    )
    assert respell(text) == text.replace('%0:2 = "op"', '%r0_0, %r0_1 = "op"').replace("return %0#1", "return %r0_1")
    assert multi_result_count(text) == 1
    with pytest.raises(ValueError, match="already holds %r1_0"):
        respell(text.replace("%arg0) {s", "%arg0, %r1_0) {s"))


_WITH_GROUPS = [p for p in _files() if multi_result_count(_read(p))]


@pytest.mark.parametrize("path", _WITH_GROUPS, ids=lambda p: str(p.relative_to(REPO)))
def test_repository_mlir_files_convert_alike_with_named_results(path: Path) -> None:
    _check_same(_read(path))


def test_the_repository_has_files_with_result_groups() -> None:
    assert len(_WITH_GROUPS) >= 15


def _corpus_texts() -> list[tuple[str, Path]]:
    from tests.corpus import entries

    found = []
    for entry in entries():
        for path in (entry.stablehlo_path, entry.stablehlo_gspmd_path):
            if path is not None and path.is_file() and multi_result_count(path.read_text()):
                found.append((entry.name, path))
    return found


def test_corpus_programs_convert_alike_with_named_results() -> None:
    texts = _corpus_texts()  # all of them: about 5 s
    assert len(texts) >= 50
    for _, path in texts:
        _check_same(path.read_text())


def test_exporter_programs_convert_alike_with_named_results() -> None:
    import jax

    from tests.export.export_programs import programs

    found = 0
    for program in programs():
        text = jax.jit(program.fn).lower(*program.args).as_text(debug_info=True)
        if multi_result_count(text):
            found += 1
            _check_same(text)
    assert found >= 3
