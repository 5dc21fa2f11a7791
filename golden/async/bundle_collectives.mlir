module @bundle_collectives attributes {mhlo.num_partitions = 4 : i32} {
  func.func @main(%arg0: tensor<8xf32>) -> (tensor<2xf32>, tensor<8xf32>, tensor<8xf32>) {
    %0 = "stablehlo.async_start"(%arg0) ({
    ^bb0(%arg1: tensor<8xf32>):
      %6 = "stablehlo.reduce_scatter"(%arg1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, scatter_dimension = 0 : i64, use_global_device_ids}> ({
      ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
        %7 = stablehlo.maximum %arg2, %arg3 : tensor<f32>
        stablehlo.return %7 : tensor<f32>
      }) : (tensor<8xf32>) -> tensor<2xf32>
      stablehlo.return %6 : tensor<2xf32>
    }) : (tensor<8xf32>) -> !stablehlo.future<tensor<2xf32>>
    %1 = "stablehlo.async_start"(%arg0) ({
    ^bb0(%arg1: tensor<8xf32>):
      %6 = "stablehlo.all_to_all"(%arg1) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, concat_dimension = 0 : i64, replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>, split_count = 2 : i64, split_dimension = 0 : i64}> : (tensor<8xf32>) -> tensor<8xf32>
      stablehlo.return %6 : tensor<8xf32>
    }) : (tensor<8xf32>) -> !stablehlo.future<tensor<8xf32>>
    %2 = "stablehlo.async_start"(%arg0) ({
    ^bb0(%arg1: tensor<8xf32>):
      %6 = "stablehlo.collective_broadcast"(%arg1) <{channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>}> : (tensor<8xf32>) -> tensor<8xf32>
      stablehlo.return %6 : tensor<8xf32>
    }) : (tensor<8xf32>) -> !stablehlo.future<tensor<8xf32>>
    %3 = "stablehlo.async_done"(%0) : (!stablehlo.future<tensor<2xf32>>) -> tensor<2xf32>
    %4 = "stablehlo.async_done"(%1) : (!stablehlo.future<tensor<8xf32>>) -> tensor<8xf32>
    %5 = "stablehlo.async_done"(%2) : (!stablehlo.future<tensor<8xf32>>) -> tensor<8xf32>
    return %3, %4, %5 : tensor<2xf32>, tensor<8xf32>, tensor<8xf32>
  }
}
