module @spmd attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  func.func @main(%x: tensor<8x2xf32> {mhlo.sharding = "{devices=[4,1]<=[4]}"}) -> (tensor<8x2xf32>, tensor<8x8xf32>, tensor<2x2xf32>, tensor<8x2xf32>, tensor<8x2xf32>) {
    %0 = "stablehlo.all_reduce"(%x) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
    }) : (tensor<8x2xf32>) -> tensor<8x2xf32>
    %1 = "stablehlo.all_gather"(%x) <{all_gather_dim = 1 : i64, channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<8x2xf32>) -> tensor<8x8xf32>
    %2 = "stablehlo.reduce_scatter"(%x) <{channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, scatter_dimension = 0 : i64, use_global_device_ids}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
    }) : (tensor<8x2xf32>) -> tensor<2x2xf32>
    %3 = "stablehlo.collective_permute"(%x) <{channel_handle = #stablehlo.channel_handle<handle = 4, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 0]]> : tensor<4x2xi64>}> : (tensor<8x2xf32>) -> tensor<8x2xf32>
    %4 = "stablehlo.all_to_all"(%x) <{channel_handle = #stablehlo.channel_handle<handle = 5, type = 1>, concat_dimension = 0 : i64, replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>, split_count = 2 : i64, split_dimension = 0 : i64}> : (tensor<8x2xf32>) -> tensor<8x2xf32>
    return %0, %1, %2, %3, %4 : tensor<8x2xf32>, tensor<8x8xf32>, tensor<2x2xf32>, tensor<8x2xf32>, tensor<8x2xf32>
  }
}
