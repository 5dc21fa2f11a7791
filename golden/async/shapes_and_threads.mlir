module @shapes_and_threads attributes {mhlo.num_partitions = 4 : i32} {
  func.func @main(%arg0: tensor<8xf32>) -> (tensor<8xf32>, tensor<2xf32>) {
    %0 = "stablehlo.async_start"(%arg0) ({
    ^bb0(%arg1: tensor<8xf32>):
      %4 = "stablehlo.collective_permute"(%arg1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<8xf32>) -> tensor<8xf32>
      stablehlo.return %4 : tensor<8xf32>
    }) {xla_shape = "(f32[8]{0}, f32[8]{0}, u32[], u32[])"} : (tensor<8xf32>) -> !stablehlo.future<tensor<8xf32>>
    %1 = "stablehlo.async_start"(%arg0) ({
    ^bb0(%arg1: tensor<8xf32>):
      %4 = stablehlo.slice %arg1 [0:2] : (tensor<8xf32>) -> tensor<2xf32>
      stablehlo.return %4 : tensor<2xf32>
    }) {xla.execution_thread = "copy_thread", xla_shape = "((f32[8]{0}), f32[2]{0}, s32[])"} : (tensor<8xf32>) -> !stablehlo.future<tensor<2xf32>>
    %2 = "stablehlo.async_done"(%0) : (!stablehlo.future<tensor<8xf32>>) -> tensor<8xf32>
    %3 = "stablehlo.async_done"(%1) : (!stablehlo.future<tensor<2xf32>>) -> tensor<2xf32>
    return %2, %3 : tensor<8xf32>, tensor<2xf32>
  }
}
