module {
  func.func @main(%arg0: tensor<3x3xf32>) -> tensor<3x3xf32> {
    %cst = arith.constant dense<3> : tensor<1xi64>
    %0 = stablehlo.convert %cst : (tensor<1xi64>) -> tensor<1xf32>
    %1 = stablehlo.reshape %0 : (tensor<1xf32>) -> tensor<f32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [] : (tensor<f32>) -> tensor<3x3xf32>
    %3 = stablehlo.multiply %arg0, %2 : tensor<3x3xf32>
    %4 = stablehlo.add %arg0, %3 : tensor<3x3xf32>
    return %4 : tensor<3x3xf32>
  }
}
