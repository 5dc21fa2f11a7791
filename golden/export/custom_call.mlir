func.func @main(%x: tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xi32>, tensor<3x3xf32>) {
  %0:2 = stablehlo.custom_call @lapack_sgetrf_ffi(%x) {mhlo.backend_config = {mode = 1 : i32}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>]} : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xi32>)
  %1 = stablehlo.custom_call @my_target(%x) {backend_config = "opaque \"bytes\"", has_side_effect = true, mhlo.frontend_attributes = {key = "value"}} : (tensor<3x3xf32>) -> tensor<3x3xf32>
  return %0#0, %0#1, %1 : tensor<3x3xf32>, tensor<3xi32>, tensor<3x3xf32>
}
