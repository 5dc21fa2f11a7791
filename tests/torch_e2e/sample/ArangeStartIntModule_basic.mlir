module {
  func.func @main() -> tensor<5xi64> {
    %c = stablehlo.constant dense<0> : tensor<5xi64>
    %c_0 = stablehlo.constant dense<1> : tensor<5xi64>
    %c_1 = stablehlo.constant dense<1> : tensor<i64>
    %c_2 = stablehlo.constant dense<5> : tensor<i64>
    %0 = stablehlo.convert %c_1 : (tensor<i64>) -> tensor<f64>
    %1 = stablehlo.convert %c_2 : (tensor<i64>) -> tensor<f64>
    %2 = stablehlo.divide %1, %0 : tensor<f64>
    %3 = stablehlo.ceil %2 : tensor<f64>
    %4 = stablehlo.convert %3 : (tensor<f64>) -> tensor<i64>
    %5 = stablehlo.reshape %4 : (tensor<i64>) -> tensor<1xi64>
    %6 = stablehlo.dynamic_iota %5, dim = 0 : (tensor<1xi64>) -> tensor<5xi64>
    %7 = stablehlo.multiply %6, %c_0 : tensor<5xi64>
    %8 = stablehlo.add %7, %c : tensor<5xi64>
    return %8 : tensor<5xi64>
  }
}
