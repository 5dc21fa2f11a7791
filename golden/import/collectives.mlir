#loc1 = loc("x")
#loc3 = loc("a")
#loc4 = loc("b")
module @collectives attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  func.func @main(%arg0: tensor<8xf32> loc("x")) -> (tensor<8xf32>, tensor<ui32>) {
    %0 = "stablehlo.all_reduce"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3], [4, 5, 6, 7]]> : tensor<2x4xi64>, use_global_device_ids}> ({
    ^bb0(%arg1: tensor<f32> loc("a"), %arg2: tensor<f32> loc("b")):
      %6 = stablehlo.add %arg1, %arg2 : tensor<f32> loc(#loc5)
      stablehlo.return %6 : tensor<f32> loc(#loc)
    }) {xla.replica_groups = "[2,4]<=[8]"} : (tensor<8xf32>) -> tensor<8xf32> loc(#loc2)
    %1 = "stablehlo.all_gather"(%0) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, replica_groups = dense<[[0, 1, 2, 3], [4, 5, 6, 7]]> : tensor<2x4xi64>, use_global_device_ids}> : (tensor<8xf32>) -> tensor<32xf32> loc(#loc6)
    %2 = "stablehlo.reduce_scatter"(%1) <{channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, replica_groups = dense<[[0, 2, 4, 6], [1, 3, 5, 7]]> : tensor<2x4xi64>, scatter_dimension = 0 : i64, use_global_device_ids}> ({
    ^bb0(%arg1: tensor<f32> loc("a"), %arg2: tensor<f32> loc("b")):
      %6 = stablehlo.add %arg1, %arg2 : tensor<f32> loc(#loc5)
      stablehlo.return %6 : tensor<f32> loc(#loc)
    }) {xla.replica_groups = "[2,4]<=[4,2]T(1,0)"} : (tensor<32xf32>) -> tensor<8xf32> loc(#loc7)
    %3 = "stablehlo.all_to_all"(%2) <{channel_handle = #stablehlo.channel_handle<handle = 4, type = 1>, concat_dimension = 0 : i64, replica_groups = dense<[[0, 1], [2, 3], [4, 5], [6, 7]]> : tensor<4x2xi64>, split_count = 2 : i64, split_dimension = 0 : i64}> : (tensor<8xf32>) -> tensor<8xf32> loc(#loc8)
    %4 = "stablehlo.collective_permute"(%3) <{channel_handle = #stablehlo.channel_handle<handle = 5, type = 1>, source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<8xf32>) -> tensor<8xf32> loc(#loc9)
    %5 = stablehlo.partition_id : tensor<ui32> loc(#loc10)
    return %4, %5 : tensor<8xf32>, tensor<ui32> loc(#loc)
  } loc(#loc)
} loc(#loc)
#loc = loc(unknown)
#loc2 = loc("ar")
#loc5 = loc("s")
#loc6 = loc("ag")
#loc7 = loc("rs")
#loc8 = loc("a2a")
#loc9 = loc("cp")
#loc10 = loc("pid")
