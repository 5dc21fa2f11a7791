"""The HLO world against XLA on a corpus nobody here wrote (XLA's HLO for the generated JAX programs).

For each module: our parse + print is read by XLA's parser to the same module as XLA's own parse of the
original; our HloModuleProto bytes are read by XLA to the same module; XLA's proto bytes read by us and
printed are, again, the same module. "The same" is `tests.support.hlo_compare`: XLA's serialized protos
compared field by field after renumbering ids by position and resolving stack frames by content.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hlo_translate.hlo.proto import module_from_proto_bytes, module_to_proto_bytes
from hlo_translate.hlo.text import parse_hlo_text, print_hlo_text
from tests.corpus import hlo_modules
from tests.support.hlo_compare import assert_same_module, xla_module_from_proto, xla_module_from_text

MODULES = hlo_modules()


def test_corpus_is_large_enough() -> None:
    assert len(MODULES) >= 200
    assert sum(p.name == "optimized.hlo.txt" for p in MODULES) >= 100


@pytest.mark.parametrize("path", MODULES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_text_and_proto_round_trips_match_xla(path: Path) -> None:
    """Our text, our proto, and XLA's proto read by us: each is the module XLA parses from the original."""
    module_text = path.read_text()
    reference = xla_module_from_text(module_text).as_serialized_hlo_module_proto()
    ours = parse_hlo_text(module_text)
    assert_same_module(reference, xla_module_from_text(print_hlo_text(ours)).as_serialized_hlo_module_proto())
    assert_same_module(reference, xla_module_from_proto(module_to_proto_bytes(ours)).as_serialized_hlo_module_proto())
    back = print_hlo_text(module_from_proto_bytes(reference))
    assert_same_module(reference, xla_module_from_text(back).as_serialized_hlo_module_proto())
