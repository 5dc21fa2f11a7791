module {
  func.func @main() -> tensor<5xf32> {
    %cst = arith.constant dense<1.300000e+00> : tensor<1xf64>
    %cst_0 = arith.constant dense<5> : tensor<1xi64>
    %cst_1 = arith.constant dense<-1> : tensor<1xi64>
    %0 = stablehlo.convert %cst_1 : (tensor<1xi64>) -> tensor<1xf32>
    %1 = stablehlo.reshape %0 : (tensor<1xf32>) -> tensor<f32>
    %2 = stablehlo.convert %cst_0 : (tensor<1xi64>) -> tensor<1xf32>
    %3 = stablehlo.reshape %2 : (tensor<1xf32>) -> tensor<f32>
    %4 = stablehlo.convert %cst : (tensor<1xf64>) -> tensor<1xf32>
    %5 = stablehlo.reshape %4 : (tensor<1xf32>) -> tensor<f32>
    %6 = stablehlo.subtract %3, %1 : tensor<f32>
    %7 = stablehlo.convert %5 : (tensor<f32>) -> tensor<f64>
    %8 = stablehlo.convert %6 : (tensor<f32>) -> tensor<f64>
    %9 = stablehlo.divide %8, %7 : tensor<f64>
    %10 = stablehlo.ceil %9 : tensor<f64>
    %11 = stablehlo.convert %10 : (tensor<f64>) -> tensor<i64>
    %12 = stablehlo.reshape %11 : (tensor<i64>) -> tensor<1xi64>
    %13 = stablehlo.dynamic_iota %12, dim = 0 : (tensor<1xi64>) -> tensor<5xf32>
    %14 = stablehlo.broadcast_in_dim %5, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %15 = stablehlo.multiply %13, %14 : tensor<5xf32>
    %16 = stablehlo.broadcast_in_dim %1, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %17 = stablehlo.add %15, %16 : tensor<5xf32>
    return %17 : tensor<5xf32>
  }
}
