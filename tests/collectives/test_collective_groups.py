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
    }}) {{replica_groups = dense<{groups}> : tensor<{groups.count("[") - 1}x{groups.split("]")[0].count(",") + 1}xi64>{extra}}}
        : (tensor<4xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }}
}}
"""


@pytest.mark.parametrize(
    "replicas,partitions,groups,extra,message",
    [
        (4, 1, "[[0, 1, 2, 3, 4, 5, 6, 7]]", "", "replica groups hold 8 ids, the module has 4 replicas"),
        (8, 1, "[[0, 1], [2, 3]]", "", "replica groups hold 4 ids, the module has 8 replicas"),
        (
            2,
            2,
            "[[0, 1, 2]]",
            ", channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids",
            "replica groups hold 3 ids, the module has 4 devices",
        ),
    ],
)
def test_groups_that_disagree_with_the_module_are_refused_as_input_errors(
    replicas: int, partitions: int, groups: str, extra: str, message: str
) -> None:
    with pytest.raises(TranslateError, match=message) as info:
        hlo_translate.stablehlo_to_hlo(_all_reduce(replicas, partitions, groups, extra))
    assert not isinstance(info.value, InternalError)
    assert "all_reduce" in str(info.value)


@pytest.mark.parametrize(
    "replicas,partitions,groups,extra",
    [
        (8, 1, "[[0, 1, 2, 3], [4, 5, 6, 7]]", ""),
        (
            2,
            2,
            "[[0, 1], [2, 3]]",
            ", channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids",
        ),
    ],
)
def test_groups_that_agree_are_written_and_xla_parses_them(
    replicas: int, partitions: int, groups: str, extra: str
) -> None:
    from jaxlib import _hlo

    text = hlo_translate.write_hlo(hlo_translate.stablehlo_to_hlo(_all_reduce(replicas, partitions, groups, extra)))
    assert _hlo.hlo_module_from_text(text.decode()).to_string().count("all-reduce(") == 1


_GATHER = """module attributes {mhlo.num_replicas = 1 : i32, mhlo.num_partitions = 2 : i32} {
  func.func @main(%arg0: tensor<2xf32>) -> tensor<4xf32> {
    %0 = "stablehlo.all_gather"(%arg0) <{all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>,
        use_global_device_ids}> : (tensor<2xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
"""
_SCATTER = """module attributes {mhlo.num_replicas = 1 : i32, mhlo.num_partitions = 2 : i32} {
  func.func @main(%arg0: tensor<4xf32>) -> tensor<2xf32> {
    %0 = "stablehlo.reduce_scatter"(%arg0) <{scatter_dimension = 0 : i64,
        replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
    }) : (tensor<4xf32>) -> tensor<2xf32>
    return %0 : tensor<2xf32>
  }
}
"""


@pytest.mark.parametrize(
    "text,message",
    [
        # StableHLO's verifier checks all_reduce and reduce_scatter itself; all_gather is ours to refuse
        (
            _all_reduce(1, 2, "[[0, 1]]", ", use_global_device_ids"),
            "channel_id must be positive when useGlobalDeviceIds",
        ),
        (_GATHER, "'stablehlo.all_gather': use_global_device_ids needs a channel_id and replica groups$"),
        (_SCATTER, "channel_id must be positive when useGlobalDeviceIds"),
    ],
)
def test_global_device_ids_without_a_channel_are_refused_as_input_errors(text: str, message: str) -> None:
    # XLA's verifier needs a channel_id in this mode
    with pytest.raises(TranslateError, match=rf"^<input>:3:\d+: error: {message}") as info:
        hlo_translate.stablehlo_to_hlo(text)
    assert not isinstance(info.value, InternalError)
