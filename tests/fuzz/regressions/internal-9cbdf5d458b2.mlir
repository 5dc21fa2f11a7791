module @bundle_fallbacks attributes {mhlo.num_partitions = 4 : i32} {
  func.func @main(%arg0: tensor<8xf32>, %arg1: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
    %0 = stablehlo.custom_call @"xla.async-start"(%arg0) {called_computations = [@wrapped_negate.1], xla.attributes = {asd = "\22parallel_thread\22"}} : (tensor<8xf32>) -> tuple<tuple<tensor<8xf32>>, tensor<8xf32>, tensor<i32>>
    %1 = stablehlo.custom_call @"xla.async-update"(%0) : (tuple<tuple<tensor<8xf32>>, tensor<8xf32>, tensor<i32>>) -> tuple<tuple<tensor<8xf32>>, tensor<8xf32>, tensor<i32>>
    %2 = stablehlo.custom_call @"xla.async-done"(%1) : (tuple<tuple<tensor<8xf32>>, tensor<8xf32>, tensor<i32>>) -> tensor<8xf32>
    %3 = stablehlo.custom_call @"xla.async-start"(%arg0, %arg1) {called_computations = [@wrapped_fusion.1], mhlo.frontend_attributes = {scheduling = "early"}} : (tensor<8xf32>, tensor<8xf32>) -> tuple<tuple<tensor<8xf32>, tensor<8xf32>>, tensor<8xf32>>
    %4 = stablehlo.custom_call @"xla.async-done"(%3) : (tuple<tuple<tensor<8xf32>, tensor<8xf32>>, tensor<8xf32>>) -> tensor<8xf32>
    %5 = stablehlo.custom_call @"xla.async-start"(%arg0) {c= []} : (tensor<8xf32>) -> tuple<tuple<tensor<8xf32>>, tensor<8xf32>, tensor<ui32>>
    %6 = stablehlo.custom_call @"xla.async-done"(%5) : (tuple<tuple<tensor<8xf32>>, tensor<8xf32>, tensor<ui32>>) -> tensor<8xf32>
    return %2, %4, %6 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
  }
  func.func private @wrapped_negate.1(%arg0: tensor<8xf32>) -> tensor<8xf32> attributes {execution_thread = "parallel_thread"} {
    %0 = stablehlo.negate %arg0 : tensor<8xf32>
    return %0 : tensor<8xf32>
  }
  func.func private @wrapped_fusion.1(%arg0: tensor<8xf32>, %arg1: tensor<8xf32>) -> tensor<8xf32> {
    %0 = call @fused_computation.1(%arg0, %arg1) {mhlo.frontend_at.fusion_kind = "kLoop"} : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    return %0 : tensor<8xf32>
  }
  func.func private @wrapped_custom_call.1(%arg0: tensor<8xf32>) -> tensor<8xf32> {
    %0 = stablehlo.custom_call @foo(%arg0) {backend_config = "cfg"} : (tensor<8xf32>) -> tensor<8xf32>
    return %0 : tensor<8xf32>
  }
  func.func private @fused_computation.1(%arg0: tensor<8xf32>, %arg1: tensor<8xf32>) -> tensor<8xf32> {
    %0 = stablehlo.multiply %arg0, %arg1 : tensor<8xf32>
    %1 = stablehlo.exponential %0 : tensor<8xf32>
    return %1 : tensor<8xf32>
  }
}