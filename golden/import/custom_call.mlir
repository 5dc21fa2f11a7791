#loc1 = loc("x")
module @custom_call {
  func.func @main(%arg0: tensor<4x4xf32> loc("x")) -> (tensor<4x4xf32>, tensor<4x4xf32>) {
    %0 = stablehlo.custom_call @legacy_target(%arg0) {backend_config = "opaque bytes"} : (tensor<4x4xf32>) -> tensor<4x4xf32> loc(#loc2)
    %1:2 = stablehlo.custom_call @lapack_spotrf_ffi(%0) {api_version = 4 : i32, backend_config = {uplo = 76 : ui8}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>]} : (tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<i32>) loc(#loc3)
    %2 = stablehlo.custom_call @effect(%arg0) {api_version = 2 : i32, has_side_effect = true} : (tensor<4x4xf32>) -> tensor<4x4xf32> loc(#loc4)
    return %1#0, %2 : tensor<4x4xf32>, tensor<4x4xf32> loc(#loc)
  } loc(#loc)
} loc(#loc)
#loc = loc(unknown)
#loc2 = loc("a")
#loc3 = loc("b")
#loc4 = loc("c")
