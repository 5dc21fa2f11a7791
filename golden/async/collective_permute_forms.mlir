module @collective_permute_forms attributes {mhlo.num_partitions = 4 : i32} {
  func.func @main(%arg0: tensor<8x4xf32>, %arg1: tensor<8x8xf32>, %arg2: tensor<2x2xi32>) -> (tensor<8x8xf32>, tensor<2x2xi32>, tensor<8xf32>, tensor<8xf32>) attributes {xla.signature = "(f32[8,4], f32[8,8], s32[2,2]) -> (f32[8,8], s32[2,2], (f32[8], f32[8]))"} {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<4> : tensor<i32>
    %0 = stablehlo.tuple %c, %c : tuple<tensor<i32>, tensor<i32>>
    %1 = stablehlo.tuple %c, %c_0 : tuple<tensor<i32>, tensor<i32>>
    %2 = stablehlo.custom_call @"xla.collective-permute"(%arg0, %arg1, %0, %1) {xla.attributes = {channel_id = "1", slice_sizes = "{{8,4}}", source_target_pairs = "{{0,1},{1,2},{2,3}}"}} : (tensor<8x4xf32>, tensor<8x8xf32>, tuple<tensor<i32>, tensor<i32>>, tuple<tensor<i32>, tensor<i32>>) -> tensor<8x8xf32>
    %3 = stablehlo.tuple %0, %0 : tuple<tuple<tensor<i32>, tensor<i32>>, tuple<tensor<i32>, tensor<i32>>>
    %4 = stablehlo.tuple %0, %1 : tuple<tuple<tensor<i32>, tensor<i32>>, tuple<tensor<i32>, tensor<i32>>>
    %5 = stablehlo.custom_call @"xla.collective-permute"(%arg0, %2, %3, %4) {xla.attributes = {channel_id = "2", slice_sizes = "{{8,4},{8,4}}", source_target_pairs = "{{0,1},{1,0}}"}} : (tensor<8x4xf32>, tensor<8x8xf32>, tuple<tuple<tensor<i32>, tensor<i32>>, tuple<tensor<i32>, tensor<i32>>>, tuple<tuple<tensor<i32>, tensor<i32>>, tuple<tensor<i32>, tensor<i32>>>) -> tensor<8x8xf32>
    %6 = stablehlo.custom_call @"xla.collective-permute-start"(%arg0, %5, %0, %1) {xla.attributes = {channel_id = "3", slice_sizes = "{{8,4}}", source_target_pairs = "{{3,0}}"}} : (tensor<8x4xf32>, tensor<8x8xf32>, tuple<tensor<i32>, tensor<i32>>, tuple<tensor<i32>, tensor<i32>>) -> tuple<tensor<8x4xf32>, tensor<8x8xf32>, tensor<ui32>, tensor<ui32>>
    %7 = stablehlo.custom_call @"xla.collective-permute-done"(%6) : (tuple<tensor<8x4xf32>, tensor<8x8xf32>, tensor<ui32>, tensor<ui32>>) -> tensor<8x8xf32>
    %8:2 = stablehlo.custom_call @"xla.collective-permute"(%arg0, %arg2) {xla.attributes = {channel_id = "4", source_target_pairs = "{{0,1},{1,2},{2,3},{3,0}}"}} : (tensor<8x4xf32>, tensor<2x2xi32>) -> (tensor<8x4xf32>, tensor<2x2xi32>)
    %9 = stablehlo.custom_call @"xla.collective-permute-start"(%8#0, %8#1) {xla.attributes = {channel_id = "5", source_target_pairs = "{{1,0}}"}} : (tensor<8x4xf32>, tensor<2x2xi32>) -> tuple<tuple<tensor<8x4xf32>, tensor<2x2xi32>>, tuple<tensor<8x4xf32>, tensor<2x2xi32>>>
    %10:2 = stablehlo.custom_call @"xla.collective-permute-done"(%9) : (tuple<tuple<tensor<8x4xf32>, tensor<2x2xi32>>, tuple<tensor<8x4xf32>, tensor<2x2xi32>>>) -> (tensor<8x4xf32>, tensor<2x2xi32>)
    %11 = stablehlo.reshape %10#0 : (tensor<8x4xf32>) -> tensor<32xf32>
    %12:2 = stablehlo.custom_call @"xla.reduce-scatter"(%11, %11) {called_computations = [@add], xla.attributes = {channel_id = "6", dimensions = "{0}", replica_groups = "{{0,1,2,3}}", use_global_device_ids = "true"}} : (tensor<32xf32>, tensor<32xf32>) -> (tensor<8xf32>, tensor<8xf32>)
    return %7, %10#1, %12#0, %12#1 : tensor<8x8xf32>, tensor<2x2xi32>, tensor<8xf32>, tensor<8xf32>
  }
  func.func private @add(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.add %arg0, %arg1 : tensor<f32>
    return %0 : tensor<f32>
  }
}
