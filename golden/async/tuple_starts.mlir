module @tuple_starts attributes {mhlo.num_partitions = 4 : i32} {
  func.func @main(%arg0: tensor<8xf32>, %arg1: tensor<2xf32>) -> (tensor<8xf32>, tensor<32xf32>) {
    %0 = stablehlo.custom_call @"xla.all-reduce-start"(%arg0, %arg1) {called_computations = [@sum.1], xla.attributes = {channel_id = "1", replica_groups = "{{0,1,2,3}}", use_global_device_ids = "true"}} : (tensor<8xf32>, tensor<2xf32>) -> tuple<tensor<8xf32>, tensor<2xf32>>
    %1:2 = stablehlo.custom_call @"xla.all-reduce-done"(%0) : (tuple<tensor<8xf32>, tensor<2xf32>>) -> (tensor<8xf32>, tensor<2xf32>)
    %2 = stablehlo.custom_call @"xla.all-gather-start"(%arg0, %arg1) {xla.attributes = {channel_id = "2", dimensions = "{0}", replica_groups = "{{0,1,2,3}}", use_global_device_ids = "true"}} : (tensor<8xf32>, tensor<2xf32>) -> tuple<tuple<tensor<8xf32>, tensor<2xf32>>, tuple<tensor<32xf32>, tensor<8xf32>>>
    %3:2 = stablehlo.custom_call @"xla.all-gather-done"(%2) : (tuple<tuple<tensor<8xf32>, tensor<2xf32>>, tuple<tensor<32xf32>, tensor<8xf32>>>) -> (tensor<32xf32>, tensor<8xf32>)
    return %1#0, %3#0 : tensor<8xf32>, tensor<32xf32>
  }
  func.func private @sum.1(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.add %arg0, %arg1 : tensor<f32>
    return %0 : tensor<f32>
  }
}
