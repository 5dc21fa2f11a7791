module @ragged_all_to_all attributes {mhlo.num_partitions = 4 : i32} {
  func.func @main(%arg0: tensor<8xf32>, %arg1: tensor<8xf32>, %arg2: tensor<4xi32>, %arg3: tensor<4xi32>, %arg4: tensor<4xi32>, %arg5: tensor<4xi32>) -> tensor<8xf32> {
    %0 = stablehlo.custom_call @"xla.async-start"(%arg0, %arg1, %arg2, %arg3, %arg4, %arg5) {called_computations = [@wrapped.1]} : (tensor<8xf32>, tensor<8xf32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) -> tuple<tuple<tensor<8xf32>, tensor<8xf32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>>, tensor<8xf32>>
    %1 = stablehlo.custom_call @"xla.async-done"(%0) : (tuple<tuple<tensor<8xf32>, tensor<8xf32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>>, tensor<8xf32>>) -> tensor<8xf32>
    return %1 : tensor<8xf32>
  }
  func.func private @wrapped.1(%arg0: tensor<8xf32>, %arg1: tensor<8xf32>, %arg2: tensor<4xi32>, %arg3: tensor<4xi32>, %arg4: tensor<4xi32>, %arg5: tensor<4xi32>) -> tensor<8xf32> {
    %0 = stablehlo.custom_call @ragged_all_to_all(%arg0, %arg1, %arg2, %arg3, %arg4, %arg5) {api_version = 4 : i32, backend_config = {channel_id = 1 : i64, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>}} : (tensor<8xf32>, tensor<8xf32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) -> tensor<8xf32>
    return %0 : tensor<8xf32>
  }
}
