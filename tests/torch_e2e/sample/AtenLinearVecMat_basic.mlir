module {
  func.func @main(%arg0: tensor<4xf32>, %arg1: tensor<3x4xf32>) -> tensor<3xf32> {
    %0 = stablehlo.transpose %arg1, dims = [1, 0] : (tensor<3x4xf32>) -> tensor<4x3xf32>
    %1 = stablehlo.reshape %arg0 : (tensor<4xf32>) -> tensor<1x4xf32>
    %2 = stablehlo.dot_general %1, %0, contracting_dims = [1] x [0] : (tensor<1x4xf32>, tensor<4x3xf32>) -> tensor<1x3xf32>
    %3 = stablehlo.reshape %2 : (tensor<1x3xf32>) -> tensor<3xf32>
    return %3 : tensor<3xf32>
  }
}
