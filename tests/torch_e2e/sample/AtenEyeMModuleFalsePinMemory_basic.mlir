module {
  func.func @main() -> tensor<3x4xf32> {
    %c = stablehlo.constant dense<0> : tensor<4xi64>
    %c_0 = stablehlo.constant dense<1> : tensor<4xi64>
    %c_1 = stablehlo.constant dense<4> : tensor<i64>
    %c_2 = stablehlo.constant dense<0> : tensor<3xi64>
    %c_3 = stablehlo.constant dense<1> : tensor<3xi64>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %c_5 = stablehlo.constant dense<1> : tensor<i64>
    %c_6 = stablehlo.constant dense<3> : tensor<i64>
    %0 = stablehlo.convert %c_5 : (tensor<i64>) -> tensor<f64>
    %1 = stablehlo.convert %c_6 : (tensor<i64>) -> tensor<f64>
    %2 = stablehlo.divide %1, %0 : tensor<f64>
    %3 = stablehlo.ceil %2 : tensor<f64>
    %4 = stablehlo.convert %3 : (tensor<f64>) -> tensor<i64>
    %5 = stablehlo.reshape %4 : (tensor<i64>) -> tensor<1xi64>
    %6 = stablehlo.dynamic_iota %5, dim = 0 : (tensor<1xi64>) -> tensor<3xi64>
    %7 = stablehlo.multiply %6, %c_3 : tensor<3xi64>
    %8 = stablehlo.add %7, %c_2 : tensor<3xi64>
    %9 = stablehlo.convert %c_1 : (tensor<i64>) -> tensor<f64>
    %10 = stablehlo.divide %9, %0 : tensor<f64>
    %11 = stablehlo.ceil %10 : tensor<f64>
    %12 = stablehlo.convert %11 : (tensor<f64>) -> tensor<i64>
    %13 = stablehlo.reshape %12 : (tensor<i64>) -> tensor<1xi64>
    %14 = stablehlo.dynamic_iota %13, dim = 0 : (tensor<1xi64>) -> tensor<4xi64>
    %15 = stablehlo.multiply %14, %c_0 : tensor<4xi64>
    %16 = stablehlo.add %15, %c : tensor<4xi64>
    %17 = stablehlo.reshape %8 : (tensor<3xi64>) -> tensor<3x1xi64>
    %18 = stablehlo.broadcast_in_dim %17, dims = [0, 1] : (tensor<3x1xi64>) -> tensor<3x4xi64>
    %19 = stablehlo.broadcast_in_dim %16, dims = [1] : (tensor<4xi64>) -> tensor<3x4xi64>
    %20 = stablehlo.compare EQ, %18, %19, SIGNED : (tensor<3x4xi64>, tensor<3x4xi64>) -> tensor<3x4xi1>
    %21 = stablehlo.broadcast_in_dim %20, dims = [0, 1] : (tensor<3x4xi1>) -> tensor<3x4xi1>
    %22 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
    %23 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
    %24 = stablehlo.select %21, %22, %23 : tensor<3x4xi1>, tensor<3x4xf32>
    return %24 : tensor<3x4xf32>
  }
}
