module @sugar attributes {mhlo.num_partitions = 4 : i32} {
  func.func @main(%arg0: tensor<8xf32>) -> (tensor<2xf32>, tensor<8xf32>) {
    %0 = "stablehlo.async_start"(%arg0) ({
    ^bb0(%arg1: tensor<8xf32>):
      %5 = "stablehlo.reduce_scatter"(%arg1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, scatter_dimension = 0 : i64, use_global_device_ids}> ({
      ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
        %6 = stablehlo.add %arg2, %arg3 : tensor<f32>
        stablehlo.return %6 : tensor<f32>
      }) : (tensor<8xf32>) -> tensor<2xf32>
      stablehlo.return %5 : tensor<2xf32>
    }) : (tensor<8xf32>) -> !stablehlo.future<tensor<2xf32>>
    %1 = "stablehlo.async_done"(%0) : (!stablehlo.future<tensor<2xf32>>) -> tensor<2xf32>
    %2 = stablehlo.custom_call @"xla.async-start"(%arg0) {called_computations = [@async_wrapped.1], xla.attributes = {async_execution_thread = "\22parallel_thread\22"}} : (tensor<8xf32>) -> tuple<tuple<tensor<8xf32>>, tensor<8xf32>, tensor<i32>>
    %3 = stablehlo.custom_call @"xla.async-update"(%2) : (tuple<tuple<tensor<8xf32>>, tensor<8xf32>, tensor<i32>>) -> tuple<tuple<tensor<8xf32>>, tensor<8xf32>, tensor<i32>>
    %4 = stablehlo.custom_call @"xla.async-done"(%3) : (tuple<tuple<tensor<8xf32>>, tensor<8xf32>, tensor<i32>>) -> tensor<8xf32>
    return %1, %4 : tensor<2xf32>, tensor<8xf32>
  }
  func.func private @async_wrapped.1(%arg0: tensor<8xf32>) -> tensor<8xf32> attributes {execution_thread = "parallel_thread"} {
    %0 = stablehlo.negate %arg0 : tensor<8xf32>
    return %0 : tensor<8xf32>
  }
}
