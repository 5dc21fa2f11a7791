module @copy_start attributes {mhlo.xla_entry_computation_parameter_layouts = [dense<[1, 0]> : tensor<2xindex>], mhlo.xla_entry_computation_result_layout = dense<[0, 1]> : tensor<2xindex>} {
  func.func @main(%arg0: tensor<2x4xf32>) -> tensor<2x4xf32> {
    %0 = stablehlo.custom_call @"xla.copy-start"(%arg0) {xla.attributes = {cross_program_prefetch_index = "0"}, xla_shape = "(f32[2,4]{0,1}, f32[2,4], u32[])"} : (tensor<2x4xf32>) -> tuple<tensor<2x4xf32>, tensor<2x4xf32>, tensor<ui32>>
    %1 = stablehlo.custom_call @"xla.copy-done"(%0) {xla_shape = "f32[2,4]{0,1}"} : (tuple<tensor<2x4xf32>, tensor<2x4xf32>, tensor<ui32>>) -> tensor<2x4xf32>
    return %1 : tensor<2x4xf32>
  }
}
