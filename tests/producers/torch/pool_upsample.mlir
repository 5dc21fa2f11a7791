module {
  func.func @main(%arg0: tensor<2x3x8x8xf32>) -> tensor<2x3x8x8xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %c = stablehlo.constant dense<4> : tensor<i64>
    %cst_0 = arith.constant dense<64> : tensor<1xi64>
    %0 = "stablehlo.reduce_window"(%arg0, %cst) <{padding = dense<0> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 1, 2, 2>, window_strides = array<i64: 1, 1, 2, 2>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %18 = stablehlo.add %arg1, %arg2 : tensor<f32>
      stablehlo.return %18 : tensor<f32>
    }) : (tensor<2x3x8x8xf32>, tensor<f32>) -> tensor<2x3x4x4xf32>
    %1 = stablehlo.convert %c : (tensor<i64>) -> tensor<f32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [] : (tensor<f32>) -> tensor<2x3x4x4xf32>
    %3 = stablehlo.divide %0, %2 : tensor<2x3x4x4xf32>
    %4 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [2, 3] : (tensor<2x3x8x8xf32>, tensor<f32>) -> tensor<2x3xf32>
    %5 = stablehlo.reshape %4 : (tensor<2x3xf32>) -> tensor<2x3x1x1xf32>
    %6 = stablehlo.convert %cst_0 : (tensor<1xi64>) -> tensor<1xf32>
    %7 = stablehlo.reshape %6 : (tensor<1xf32>) -> tensor<f32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [] : (tensor<f32>) -> tensor<2x3x1x1xf32>
    %9 = stablehlo.divide %5, %8 : tensor<2x3x1x1xf32>
    %10 = stablehlo.reshape %3 : (tensor<2x3x4x4xf32>) -> tensor<2x3x4x1x4xf32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [0, 1, 2, 3, 4] : (tensor<2x3x4x1x4xf32>) -> tensor<2x3x4x2x4xf32>
    %12 = stablehlo.reshape %11 : (tensor<2x3x4x2x4xf32>) -> tensor<2x3x8x4xf32>
    %13 = stablehlo.reshape %12 : (tensor<2x3x8x4xf32>) -> tensor<2x3x8x4x1xf32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [0, 1, 2, 3, 4] : (tensor<2x3x8x4x1xf32>) -> tensor<2x3x8x4x2xf32>
    %15 = stablehlo.reshape %14 : (tensor<2x3x8x4x2xf32>) -> tensor<2x3x8x8xf32>
    %16 = stablehlo.broadcast_in_dim %9, dims = [0, 1, 2, 3] : (tensor<2x3x1x1xf32>) -> tensor<2x3x8x8xf32>
    %17 = stablehlo.add %15, %16 : tensor<2x3x8x8xf32>
    return %17 : tensor<2x3x8x8xf32>
  }
}
