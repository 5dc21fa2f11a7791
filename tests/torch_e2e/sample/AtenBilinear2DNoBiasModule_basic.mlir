module {
  func.func @main(%arg0: tensor<2x4xf32>, %arg1: tensor<2x5xf32>, %arg2: tensor<3x4x5xf32>) -> tensor<2x3xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reshape %arg0 : (tensor<2x4xf32>) -> tensor<2x4xf32>
    %1 = stablehlo.reshape %arg1 : (tensor<2x5xf32>) -> tensor<2x5xf32>
    %2 = stablehlo.reshape %0 : (tensor<2x4xf32>) -> tensor<2x1x4xf32>
    %3 = stablehlo.reshape %2 : (tensor<2x1x4xf32>) -> tensor<2x1x4x1xf32>
    %4 = stablehlo.reshape %arg2 : (tensor<3x4x5xf32>) -> tensor<1x3x4x5xf32>
    %5 = stablehlo.reshape %1 : (tensor<2x5xf32>) -> tensor<2x1x5xf32>
    %6 = stablehlo.reshape %5 : (tensor<2x1x5xf32>) -> tensor<2x1x1x5xf32>
    %7 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2, 3] : (tensor<2x1x4x1xf32>) -> tensor<2x3x4x5xf32>
    %8 = stablehlo.broadcast_in_dim %4, dims = [0, 1, 2, 3] : (tensor<1x3x4x5xf32>) -> tensor<2x3x4x5xf32>
    %9 = stablehlo.multiply %7, %8 : tensor<2x3x4x5xf32>
    %10 = stablehlo.broadcast_in_dim %6, dims = [0, 1, 2, 3] : (tensor<2x1x1x5xf32>) -> tensor<2x3x4x5xf32>
    %11 = stablehlo.multiply %9, %10 : tensor<2x3x4x5xf32>
    %12 = stablehlo.reduce(%11 init: %cst) applies stablehlo.add across dimensions = [3] : (tensor<2x3x4x5xf32>, tensor<f32>) -> tensor<2x3x4xf32>
    %13 = stablehlo.reduce(%12 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<2x3x4xf32>, tensor<f32>) -> tensor<2x3xf32>
    %14 = stablehlo.reshape %13 : (tensor<2x3xf32>) -> tensor<2x3xf32>
    return %14 : tensor<2x3xf32>
  }
}
