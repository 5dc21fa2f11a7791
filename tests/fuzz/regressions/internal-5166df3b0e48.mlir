module @jit__lambda attributes {mhlo.num} {
  sdy.mesh @mesh = <["x"=2, "y"=4]> {stablehlo.mesh = {axes = [{nasize = 4 : i64}]}}
  sdy.mesh @mesh_0 = <["x"=2, "y"=2147483648]> {stah = {axes = [{name = "x", size}, {name = "y", size}]}}
  func.func public @main(%arg0: tensor<8x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<8x2xi32> {jax.result_info = "result", sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
    %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {"y"}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x", "y"} (%arg1: tensor<4x2xi32>) {
      %1 = "stablehlo.all_reduce"(%arg1) <{chle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh_0, axes = [#stablehlo.axis_ref<name = "y">]>, use_gce_ids}> ({
      ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
        %2 = stablehlo.add %arg2, %arg3 : tensor<i32>
        stablehlo.return %2 : tensor<i32>
      }) : (tensor<4x2xi32>) -> tensor<4x2xi32>
      sdy.return %1 : tensor<4x2xi32>
    } : (tensor<8x8xi32>) -> tensor<8x2xi32>
    return %0 : tensor<8x2xi32>
  }
}