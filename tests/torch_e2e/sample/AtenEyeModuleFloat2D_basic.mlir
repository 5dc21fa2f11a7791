module {
  func.func @main() -> tensor<3x3xf32> {
    %c = stablehlo.constant dense<0> : tensor<3xi64>
    %c_0 = stablehlo.constant dense<1> : tensor<3xi64>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %c_2 = stablehlo.constant dense<1> : tensor<i64>
    %c_3 = stablehlo.constant dense<3> : tensor<i64>
    %0 = stablehlo.convert %c_2 : (tensor<i64>) -> tensor<f64>
    %1 = stablehlo.convert %c_3 : (tensor<i64>) -> tensor<f64>
    %2 = stablehlo.divide %1, %0 : tensor<f64>
    %3 = stablehlo.ceil %2 : tensor<f64>
    %4 = stablehlo.convert %3 : (tensor<f64>) -> tensor<i64>
    %5 = stablehlo.reshape %4 : (tensor<i64>) -> tensor<1xi64>
    %6 = stablehlo.dynamic_iota %5, dim = 0 : (tensor<1xi64>) -> tensor<3xi64>
    %7 = stablehlo.multiply %6, %c_0 : tensor<3xi64>
    %8 = stablehlo.add %7, %c : tensor<3xi64>
    %9 = stablehlo.reshape %8 : (tensor<3xi64>) -> tensor<3x1xi64>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<3x1xi64>) -> tensor<3x3xi64>
    %11 = stablehlo.broadcast_in_dim %8, dims = [1] : (tensor<3xi64>) -> tensor<3x3xi64>
    %12 = stablehlo.compare EQ, %10, %11, SIGNED : (tensor<3x3xi64>, tensor<3x3xi64>) -> tensor<3x3xi1>
    %13 = stablehlo.broadcast_in_dim %12, dims = [0, 1] : (tensor<3x3xi1>) -> tensor<3x3xi1>
    %14 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<3x3xf32>
    %15 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3x3xf32>
    %16 = stablehlo.select %13, %14, %15 : tensor<3x3xi1>, tensor<3x3xf32>
    return %16 : tensor<3x3xf32>
  }
}
