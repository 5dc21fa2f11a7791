module {
  func.func @main(%arg0: tensor<4x5xi64>, %arg1: tensor<4x5xf32>) -> tensor<4x5xi64> {
    %c = stablehlo.constant dense<0> : tensor<4x5xi64>
    %cst = arith.constant dense<5.000000e-01> : tensor<1xf64>
    %0 = stablehlo.convert %cst : tensor<1xf64>
    %1 = stablehlo.reshape %0 : (tensor<1xf64>) -> tensor<f64>
    %2 = stablehlo.convert %1 : (tensor<f64>) -> tensor<f32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<f32>) -> tensor<4x5xf32>
    %4 = stablehlo.compare LE, %arg1, %3, FLOAT : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xi1>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<4x5xi1>) -> tensor<4x5xi1>
    %6 = stablehlo.broadcast_in_dim %arg0, dims = [0, 1] : (tensor<4x5xi64>) -> tensor<4x5xi64>
    %7 = stablehlo.select %5, %c, %6 : tensor<4x5xi1>, tensor<4x5xi64>
    return %7 : tensor<4x5xi64>
  }
}
