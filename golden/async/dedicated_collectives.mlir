module @dedicated_collectives attributes {mhlo.num_partitions = 4 : i32} {
  func.func @main(%arg0: tensor<8xf32>) -> (tensor<8xf32>, tensor<32xf32>, tensor<8xf32>) {
    %0 = "stablehlo.async_start"(%arg0) ({
    ^bb0(%arg1: tensor<8xf32>):
      %6 = "stablehlo.all_reduce"(%arg1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
      ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
        %7 = stablehlo.add %arg2, %arg3 : tensor<f32>
        stablehlo.return %7 : tensor<f32>
      }) : (tensor<8xf32>) -> tensor<8xf32>
      stablehlo.return %6 : tensor<8xf32>
    }) : (tensor<8xf32>) -> !stablehlo.future<tensor<8xf32>>
    %1 = "stablehlo.async_start"(%arg0) ({
    ^bb0(%arg1: tensor<8xf32>):
      %6 = "stablehlo.all_gather"(%arg1) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<8xf32>) -> tensor<32xf32>
      stablehlo.return %6 : tensor<32xf32>
    }) : (tensor<8xf32>) -> !stablehlo.future<tensor<32xf32>>
    %2 = "stablehlo.async_start"(%arg0) ({
    ^bb0(%arg1: tensor<8xf32>):
      %6 = "stablehlo.collective_permute"(%arg1) <{channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 0]]> : tensor<4x2xi64>}> : (tensor<8xf32>) -> tensor<8xf32>
      stablehlo.return %6 : tensor<8xf32>
    }) {mhlo.frontend_attributes = {note = "ring"}} : (tensor<8xf32>) -> !stablehlo.future<tensor<8xf32>>
    %3 = "stablehlo.async_done"(%0) : (!stablehlo.future<tensor<8xf32>>) -> tensor<8xf32>
    %4 = "stablehlo.async_done"(%1) : (!stablehlo.future<tensor<32xf32>>) -> tensor<32xf32>
    %5 = "stablehlo.async_done"(%2) : (!stablehlo.future<tensor<8xf32>>) -> tensor<8xf32>
    return %3, %4, %5 : tensor<8xf32>, tensor<32xf32>, tensor<8xf32>
  }
}
