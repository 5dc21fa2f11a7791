module {
  func.func @main(%arg0: tensor<1x1x20xf32>) -> tensor<1x1x9xf32> {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reshape %arg0 : (tensor<1x1x20xf32>) -> tensor<1x1x1x20xf32>
    %1 = "stablehlo.reduce_window"(%0, %cst) <{padding = dense<[[0, 0], [0, 0], [0, 0], [4, 4]]> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 2>, window_dimensions = array<i64: 1, 1, 1, 6>, window_strides = array<i64: 1, 1, 1, 2>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %3 = stablehlo.maximum %arg1, %arg2 : tensor<f32>
      stablehlo.return %3 : tensor<f32>
    }) : (tensor<1x1x1x20xf32>, tensor<f32>) -> tensor<1x1x1x9xf32>
    %2 = stablehlo.reshape %1 : (tensor<1x1x1x9xf32>) -> tensor<1x1x9xf32>
    return %2 : tensor<1x1x9xf32>
  }
}
