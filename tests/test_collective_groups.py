"""Replica groups that disagree with the module's replica/partition counts are the input's fault: the exporter
refuses them with a located TranslateError instead of writing HLO that XLA's verifier (and ours) rejects, which
used to surface as an internal error (a fuzz finding)."""

from __future__ import annotations

import pytest

import hlo_translate
from hlo_translate.errors import InternalError, TranslateError


def _all_reduce(replicas: int, partitions: int, groups: str, extra: str = "") -> str:
    return f"""module attributes {{mhlo.num_replicas = {replicas} : i32, mhlo.num_partitions = {partitions} : i32}} {{
  func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {{
    %0 = "stablehlo.all_reduce"(%arg0) ({{
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
    }}) {{replica_groups = dense<{groups}> : tensor<{groups.count('[') - 1}x{groups.split(']')[0].count(',') + 1}xi64>{extra}}}
        : (tensor<4xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }}
}}
"""


@pytest.mark.parametrize("replicas,partitions,groups,extra,message", [
    (4, 1, "[[0, 1, 2, 3, 4, 5, 6, 7]]", "", "replica groups hold 8 ids, the module has 4 replicas"),
    (8, 1, "[[0, 1], [2, 3]]", "", "replica groups hold 4 ids, the module has 8 replicas"),
    (2, 2, "[[0, 1, 2]]", ", channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, "
     "use_global_device_ids", "replica groups hold 3 ids, the module has 4 devices"),
])
def test_groups_that_disagree_with_the_module_are_refused_as_input_errors(
        replicas: int, partitions: int, groups: str, extra: str, message: str) -> None:
    with pytest.raises(TranslateError, match=message) as info:
        hlo_translate.stablehlo_to_hlo(_all_reduce(replicas, partitions, groups, extra))
    assert not isinstance(info.value, InternalError)
    assert "all_reduce" in str(info.value)


@pytest.mark.parametrize("replicas,partitions,groups,extra", [
    (8, 1, "[[0, 1, 2, 3], [4, 5, 6, 7]]", ""),
    (2, 2, "[[0, 1], [2, 3]]", ", channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, "
     "use_global_device_ids"),
])
def test_groups_that_agree_are_written_and_xla_parses_them(replicas: int, partitions: int, groups: str,
                                                           extra: str) -> None:
    from jaxlib import _hlo

    text = hlo_translate.write_hlo(hlo_translate.stablehlo_to_hlo(_all_reduce(replicas, partitions, groups, extra)))
    assert _hlo.hlo_module_from_text(text.decode()).to_string().count("all-reduce(") == 1
