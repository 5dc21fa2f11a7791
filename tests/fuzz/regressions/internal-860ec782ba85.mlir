module @jipermute attributes {mhlo.num_p= 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=8]> {stablehlo.mesh = {axes = [{name = "x", size = 8 : i64}]}}
  func.func public @main(%arg0: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<16x4xf32> {jax.result_info = "result", sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
    %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%arg1: tensor<2x4xf32>) {
      %1 = stablehlo.custom_call @"collective-permute-start"(%arg1) { mhlo.frontend_attributes = {async_collective_config = "{\22permutation\22: [[0, 1], [1, 2], [1e99999, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]], \22channel_id\22: 1}"}} : (tensor<2x4xf32>) -> tensor<2x4xf32>
      %2 = stablehlo.custom_call @"collmute-done"(%1) {backend_config = ""} : (tensor<2x4xf32>) -> tensor<2x4xf32>
      %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
      %3 = stablehlo.convert %cst : tensor<f32>
      %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
      %5 = stablehlo.multiply %2, %4 : tensor<2x4xf32>
      sdy.return %5 : tensor<2x4xf32>
    } : (tensor<16x4xf32>) -> tensor<16x4xf32>
    return %0 : tensor<16x4xf32>
  }
}