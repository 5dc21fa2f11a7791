"""Every executable golden example also runs: our translation, on XLA CPU, gives the original's outputs.

An example XLA cannot run here at all (a custom call with no CPU implementation, a token result, an
unpartitioned cross-partition collective) is skipped with XLA's reason.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import hlo_translate
from tests.support.paths import GOLDEN

EXPORT = sorted((GOLDEN / "export").glob("*.mlir"))
IMPORT = sorted((GOLDEN / "import").glob("*.hlo"))


def _check(reference: str, ours: str) -> None:
    from hlo_translate.execution import execute, validate_modules

    try:
        comparison = validate_modules(reference, ours)
    except Exception:  # run the original alone to tell whose failure it is
        try:
            execute(reference)
        except Exception as err:  # XLA's own refusal to run the original
            pytest.skip(f"XLA cannot run the original here: {str(err).splitlines()[0][:120]}")
        raise
    assert comparison.ok, comparison.report()


@pytest.mark.parametrize("path", EXPORT, ids=lambda p: p.stem)
def test_exported_golden_runs_like_its_source(path: Path) -> None:
    source = path.read_text()
    _check(source, hlo_translate.write_hlo(hlo_translate.stablehlo_to_hlo(source)).decode())


@pytest.mark.parametrize("path", IMPORT, ids=lambda p: p.stem)
def test_imported_golden_runs_like_its_source(path: Path) -> None:
    source = path.read_text()
    _check(source, hlo_translate.hlo_to_stablehlo(source))
