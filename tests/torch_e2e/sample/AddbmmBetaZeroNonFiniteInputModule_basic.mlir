module {
  func.func @main(%arg0: tensor<2x7xf32>, %arg1: tensor<5x2x9xf32>, %arg2: tensor<5x9x7xf32>) -> tensor<2x7xf32> {
    %cst = arith.constant dense<2.000000e+00> : tensor<1xf64>
    %0 = stablehlo.transpose %arg1, dims = [1, 0, 2] : (tensor<5x2x9xf32>) -> tensor<2x5x9xf32>
    %1 = stablehlo.reshape %0 : (tensor<2x5x9xf32>) -> tensor<2x45xf32>
    %2 = stablehlo.reshape %arg2 : (tensor<5x9x7xf32>) -> tensor<45x7xf32>
    %3 = stablehlo.dot_general %1, %2, contracting_dims = [1] x [0] : (tensor<2x45xf32>, tensor<45x7xf32>) -> tensor<2x7xf32>
    %4 = stablehlo.convert %cst : (tensor<1xf64>) -> tensor<1xf32>
    %5 = stablehlo.reshape %4 : (tensor<1xf32>) -> tensor<f32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [] : (tensor<f32>) -> tensor<2x7xf32>
    %7 = stablehlo.multiply %3, %6 : tensor<2x7xf32>
    return %7 : tensor<2x7xf32>
  }
}
