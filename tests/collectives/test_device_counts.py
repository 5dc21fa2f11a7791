"""A mesh, an iota tile assignment or iota replica groups naming more devices than MAX_DEVICES is refused
as bad input before numpy builds the device array (2^32 devices would be 32 GiB)."""

from __future__ import annotations

import pytest

from hlo_translate import TranslateError, export_shardings, import_shardings, read_hlo, stablehlo_to_hlo
from hlo_translate.hlo.ir import MAX_DEVICES
from hlo_translate.hlo.sharding import IotaTile, Mesh, MeshAxis

HUGE_MESH = """module @m attributes {mhlo.num_partitions = 8 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=4]>
  sdy.mesh @huge = <["x"=2, "y"=2147483648]>
  func.func public @main(%arg0: tensor<8x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> tensor<8x8xi32> {
    return %arg0 : tensor<8x8xi32>
  }
}
"""

HUGE_IOTA = """module @m attributes {mhlo.num_partitions = 1 : i32} {
  func.func public @main(%arg0: tensor<8x8xf32> {mhlo.sharding = "{devices=[65536,65536]<=[4294967296]}"}) -> tensor<8x8xf32> {
    return %arg0 : tensor<8x8xf32>
  }
}
"""


@pytest.mark.parametrize("convert", [stablehlo_to_hlo, export_shardings])
def test_a_huge_sdy_mesh_is_refused_at_its_op(convert) -> None:
    with pytest.raises(TranslateError) as info:
        convert(HUGE_MESH)
    message = str(info.value)
    assert "\n" not in message
    assert (
        ':3:3: error: \'sdy.mesh\': the mesh #sdy.mesh<["x"=2, "y"=2147483648]> names 4294967296 devices, '
        f"more than the {MAX_DEVICES}" in message
    ), message


def test_a_huge_iota_sharding_is_refused_on_import() -> None:
    with pytest.raises(TranslateError, match=r"the iota tile assignment <=\[4294967296\] names 4294967296 devices"):
        import_shardings(HUGE_IOTA)


def test_the_bound_is_checked_before_the_arrays_are_built() -> None:
    with pytest.raises(TranslateError, match="names 4294967296 devices"):
        IotaTile((65536, 65536), (1, 0)).flat()
    with pytest.raises(TranslateError, match=r"the mesh \['x'=65536,'y'=65536\] names 4294967296 devices"):
        Mesh((MeshAxis("x", 65536), MeshAxis("y", 65536))).devices()
    assert Mesh((MeshAxis("x", 2), MeshAxis("y", 4))).devices().tolist() == [[0, 1, 2, 3], [4, 5, 6, 7]]
    assert IotaTile((2, 4), (1, 0)).flat().tolist() == [0, 4, 1, 5, 2, 6, 3, 7]


def test_huge_mesh_replica_groups_are_refused_where_they_are_read() -> None:
    """`replica_groups=mesh[...]` of 2^33 devices (fuzz seed 97: hlo_to_stablehlo spent minutes listing the
    groups) is refused by the HLO reader, at the instruction."""
    text = (
        "HloModule m\n\nENTRY main {\n  p = s32[4,2] parameter(0)\n"
        "  ROOT a = s32[4,2] all-to-all(p), channel_id=1, "
        "replica_groups=mesh['x'=2,'y'=2,'z'=2147483648] {'z'}, dimensions={0}\n}\n"
    )
    with pytest.raises(TranslateError, match=r"'a': .*names 8589934592 devices, more than the 1048576"):
        read_hlo(text)
