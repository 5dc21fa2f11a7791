module @pipelined_async attributes {mhlo.num_partitions = 4 : i32} {
  func.func @main(%arg0: tensor<4xf32>) -> (tensor<16xf32>, tensor<4xf32>) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0:2 = stablehlo.custom_call @"xla.all-gather-start"(%arg0) {xla.attributes = {channel_id = "1", dimensions = "{0}", replica_groups = "{{0,1,2,3}}", use_global_device_ids = "true"}} : (tensor<4xf32>) -> (tensor<4xf32>, tensor<16xf32>)
    %1:3 = stablehlo.custom_call @"xla.async-start"(%arg0) {called_computations = [@negate_wrapped], xla_shape = "((f32[4]), f32[4], s32[])"} : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<i32>)
    %2:6 = stablehlo.while(%iterArg = %c, %iterArg_0 = %0#0, %iterArg_1 = %0#1, %iterArg_2 = %1#0, %iterArg_3 = %1#1, %iterArg_4 = %1#2) : tensor<i32>, tensor<4xf32>, tensor<16xf32>, tensor<4xf32>, tensor<4xf32>, tensor<i32> attributes {xla_shape = "(s32[], (f32[4], f32[16]), ((f32[4]), f32[4], s32[]))"}
    cond {
      %c_5 = stablehlo.constant dense<3> : tensor<i32>
      %5 = stablehlo.compare LT, %iterArg, %c_5 : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %5 : tensor<i1>
    } do {
      %c_5 = stablehlo.constant dense<1> : tensor<i32>
      %5 = stablehlo.add %iterArg, %c_5 : tensor<i32>
      %6 = stablehlo.custom_call @"xla.all-gather-done"(%iterArg_0, %iterArg_1) : (tensor<4xf32>, tensor<16xf32>) -> tensor<16xf32>
      %7 = stablehlo.slice %6 [4:8] : (tensor<16xf32>) -> tensor<4xf32>
      %8:2 = stablehlo.custom_call @"xla.all-gather-start"(%7) {xla.attributes = {channel_id = "2", dimensions = "{0}", replica_groups = "{{0,1,2,3}}", use_global_device_ids = "true"}} : (tensor<4xf32>) -> (tensor<4xf32>, tensor<16xf32>)
      %9:3 = stablehlo.custom_call @"xla.async-update"(%iterArg_2, %iterArg_3, %iterArg_4) {xla.operand_shape = "((f32[4]), f32[4], s32[])", xla_shape = "((f32[4]), f32[4], s32[])"} : (tensor<4xf32>, tensor<4xf32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<i32>)
      stablehlo.return %5, %8#0, %8#1, %9#0, %9#1, %9#2 : tensor<i32>, tensor<4xf32>, tensor<16xf32>, tensor<4xf32>, tensor<4xf32>, tensor<i32>
    }
    %3 = stablehlo.custom_call @"xla.all-gather-done"(%2#1, %2#2) : (tensor<4xf32>, tensor<16xf32>) -> tensor<16xf32>
    %4 = stablehlo.custom_call @"xla.async-done"(%2#3, %2#4, %2#5) {xla.operand_shape = "((f32[4]), f32[4], s32[])"} : (tensor<4xf32>, tensor<4xf32>, tensor<i32>) -> tensor<4xf32>
    return %3, %4 : tensor<16xf32>, tensor<4xf32>
  }
  func.func private @negate_wrapped(%arg0: tensor<4xf32>) -> tensor<4xf32> {
    %0 = stablehlo.negate %arg0 : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
