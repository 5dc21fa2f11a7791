module @send_recv attributes {mhlo.num_partitions = 8 : i32} {
  func.func @main(%arg0: tensor<2x4xf32>) -> tensor<2x4xf32> {
    %0 = stablehlo.create_token : !stablehlo.token
    %1 = "stablehlo.send"(%arg0, %0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7]]> : tensor<7x2xi64>}> : (tensor<2x4xf32>, !stablehlo.token) -> !stablehlo.token
    %2:2 = "stablehlo.recv"(%1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7]]> : tensor<7x2xi64>}> : (!stablehlo.token) -> (tensor<2x4xf32>, !stablehlo.token)
    return %2#0 : tensor<2x4xf32>
  }
}
