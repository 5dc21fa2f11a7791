"""The JAX corpus respelled as mhlo (`mhlo_form.to_mhlo`): our export runs to JAX's outputs.

Every entry through `make test-mhlo-corpus` (this file is not collected by `make test`); a
deterministic sample in tests/producers/test_producers_mhlo.py.
"""

from __future__ import annotations

import pytest

import hlo_translate
from hlo_translate.execution import compare_outputs, execute
from hlo_translate.hlo.text import print_hlo_text
from tests.producers.mhlo_form import to_mhlo


def single_device_entries() -> list:
    from tests.corpus import entries

    try:
        return [e for e in entries() if not e.is_spmd and not e.needs_lapack]
    except Exception:  # the corpus could not be generated: the tests report no entries
        return []


def mhlo_text(entry) -> str | None:
    """The entry's module respelled as mhlo, or None when jaxlib does not parse the respelling."""
    from hlo_translate.errors import TranslateError
    from hlo_translate.mlir.context import make_context, parse_module

    with make_context():
        generic = parse_module(entry.stablehlo()).operation.get_asm(
            print_generic_op_form=True, large_elements_limit=None
        )
        text = to_mhlo(generic)
        try:
            parse_module(text)
        except TranslateError:
            return None
    return text


def check_entry(entry) -> None:
    text = mhlo_text(entry)
    if text is None:
        pytest.skip("the helper's respelling is not valid mhlo")
    actual = execute(print_hlo_text(hlo_translate.stablehlo_to_hlo(text)), entry.inputs())
    expected = entry.outputs()
    if "rng" in text:  # implementation-defined values (see tests/export/test_export_corpus.py)
        assert [(e.shape, e.dtype) for e in expected] == [(a.shape, a.dtype) for a in actual]
        return
    comparison = compare_outputs(expected, actual)
    assert comparison.ok, comparison.report()


@pytest.mark.parametrize("entry", single_device_entries(), ids=lambda e: e.name)
def test_mhlo_corpus_entry(entry) -> None:
    check_entry(entry)
