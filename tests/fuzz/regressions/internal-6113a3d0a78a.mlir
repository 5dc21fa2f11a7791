module @mhlo_async {
  func.func private @async_wrapped(%arg0: tensor<4xf32>) -> tensor<4xf32> attributes {execution_thread = "parallel_thread"} {
    %0 = stablehlo.negate %arg0 : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
  func.func private @copy_(%arg0: tensor<4xf32>) -> tensor<4xf32> attributes {execution_thread = "main"} {
    %0 = mhlo.copy %arg0 : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
  func.func @main(%arg0: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
    %0 = "mhlo.async_start"(%arg0) <{called_computation = @async_wrapped, execution_thread = "parallel_thread"}> {xla_shape = "((f32[4]{0}), f32[4]{0}, s32[])"} : (tensor<4xf32>) -> !mhlo.async_bundle<tuple<tensor<4xf32>>, tensor<4xf32>, tensor<i32>>
    %1 = "mhlo.async_update"(%0) {called_cthread = "par s32[])"} : (!mhlo.async_bundle<tuple<tensor<4xf32>>, tensor<4xf32>, tensor<i32>>) -> !mhlo.async_bundle<tuple<tensor<4xf32>>, tensor<4xf32>, tensor<i32>>
    %2 = "mhlo.async_done"(%1) {called_computation = @async_wrapped, execution_} : (!mhlo.async_bundle<tuple<tensor<4xf32>>, tensor<4xf32>, tensor<i32>>) -> tensor<4xf32>
    %3 = "mhlo.async_start"(%arg0) <{called_computation = @copy_, execution_thread = "main"}> {xla_shape = "(f32[4]{0}, f32[4294967296]{0}, u32[])"} : (tensor<4xf32>) -> !mhlo.async_bundle<tensor<4xf32>, tensor<4xf32>, tensor<ui32>>
    %4 = "mhlo.async_done"(%3) {called_ution_thread = "main"} : (!mhlo.async_bundle<tensor<4xf32>, tensor<4xf32>, tensor<ui32>>) -> tensor<4xf32>
    return %2, %4 : tensor<4xf32>, tensor<4xf32>
  }
}