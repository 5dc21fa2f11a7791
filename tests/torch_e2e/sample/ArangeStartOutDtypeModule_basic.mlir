module {
  func.func @main(%arg0: tensor<12xi64>) -> (tensor<12xi64>, tensor<12xi64>) {
    %c = stablehlo.constant dense<1> : tensor<12xi64>
    %c_0 = stablehlo.constant dense<1> : tensor<i64>
    %cst = arith.constant dense<1.310000e+01> : tensor<1xf64>
    %cst_1 = arith.constant dense<1.100000e+00> : tensor<1xf64>
    %0 = stablehlo.convert %cst_1 : (tensor<1xf64>) -> tensor<1xi64>
    %1 = stablehlo.reshape %0 : (tensor<1xi64>) -> tensor<i64>
    %2 = stablehlo.convert %cst : (tensor<1xf64>) -> tensor<1xi64>
    %3 = stablehlo.reshape %2 : (tensor<1xi64>) -> tensor<i64>
    %4 = stablehlo.subtract %3, %1 : tensor<i64>
    %5 = stablehlo.convert %c_0 : (tensor<i64>) -> tensor<f64>
    %6 = stablehlo.convert %4 : (tensor<i64>) -> tensor<f64>
    %7 = stablehlo.divide %6, %5 : tensor<f64>
    %8 = stablehlo.ceil %7 : tensor<f64>
    %9 = stablehlo.convert %8 : (tensor<f64>) -> tensor<i64>
    %10 = stablehlo.reshape %9 : (tensor<i64>) -> tensor<1xi64>
    %11 = stablehlo.dynamic_iota %10, dim = 0 : (tensor<1xi64>) -> tensor<12xi64>
    %12 = stablehlo.multiply %11, %c : tensor<12xi64>
    %13 = stablehlo.broadcast_in_dim %1, dims = [] : (tensor<i64>) -> tensor<12xi64>
    %14 = stablehlo.add %12, %13 : tensor<12xi64>
    return %14, %14 : tensor<12xi64>, tensor<12xi64>
  }
}
