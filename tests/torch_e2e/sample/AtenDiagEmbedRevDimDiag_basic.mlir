module {
  func.func @main(%arg0: tensor<2x3x4xf32>) -> tensor<2x5x3x5xf32> {
    %c = stablehlo.constant dense<-1> : tensor<5xi64>
    %c_0 = stablehlo.constant dense<0> : tensor<5xi64>
    %c_1 = stablehlo.constant dense<1> : tensor<5xi64>
    %c_2 = stablehlo.constant dense<5> : tensor<i64>
    %c_3 = stablehlo.constant dense<1> : tensor<i64>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %cst_4 = arith.constant dense<0.000000e+00> : tensor<2x3x1xf32>
    %0 = stablehlo.concatenate %arg0, %cst_4, dim = 2 : (tensor<2x3x4xf32>, tensor<2x3x1xf32>) -> tensor<2x3x5xf32>
    %1 = stablehlo.reshape %0 : (tensor<2x3x5xf32>) -> tensor<2x1x3x5xf32>
    %2 = stablehlo.transpose %1, dims = [0, 1, 2, 3] : (tensor<2x1x3x5xf32>) -> tensor<2x1x3x5xf32>
    %3 = stablehlo.convert %c_3 : (tensor<i64>) -> tensor<f64>
    %4 = stablehlo.convert %c_2 : (tensor<i64>) -> tensor<f64>
    %5 = stablehlo.divide %4, %3 : tensor<f64>
    %6 = stablehlo.ceil %5 : tensor<f64>
    %7 = stablehlo.convert %6 : (tensor<f64>) -> tensor<i64>
    %8 = stablehlo.reshape %7 : (tensor<i64>) -> tensor<1xi64>
    %9 = stablehlo.dynamic_iota %8, dim = 0 : (tensor<1xi64>) -> tensor<5xi64>
    %10 = stablehlo.multiply %9, %c_1 : tensor<5xi64>
    %11 = stablehlo.add %10, %c_0 : tensor<5xi64>
    %12 = stablehlo.convert %c_2 : (tensor<i64>) -> tensor<f64>
    %13 = stablehlo.divide %12, %3 : tensor<f64>
    %14 = stablehlo.ceil %13 : tensor<f64>
    %15 = stablehlo.convert %14 : (tensor<f64>) -> tensor<i64>
    %16 = stablehlo.reshape %15 : (tensor<i64>) -> tensor<1xi64>
    %17 = stablehlo.dynamic_iota %16, dim = 0 : (tensor<1xi64>) -> tensor<5xi64>
    %18 = stablehlo.multiply %17, %c_1 : tensor<5xi64>
    %19 = stablehlo.add %18, %c : tensor<5xi64>
    %20 = stablehlo.reshape %19 : (tensor<5xi64>) -> tensor<5x1xi64>
    %21 = stablehlo.broadcast_in_dim %11, dims = [1] : (tensor<5xi64>) -> tensor<5x5xi64>
    %22 = stablehlo.broadcast_in_dim %20, dims = [0, 1] : (tensor<5x1xi64>) -> tensor<5x5xi64>
    %23 = stablehlo.compare EQ, %21, %22, SIGNED : (tensor<5x5xi64>, tensor<5x5xi64>) -> tensor<5x5xi1>
    %24 = stablehlo.reshape %23 : (tensor<5x5xi1>) -> tensor<1x5x1x5xi1>
    %25 = stablehlo.broadcast_in_dim %24, dims = [0, 1, 2, 3] : (tensor<1x5x1x5xi1>) -> tensor<2x5x3x5xi1>
    %26 = stablehlo.broadcast_in_dim %2, dims = [0, 1, 2, 3] : (tensor<2x1x3x5xf32>) -> tensor<2x5x3x5xf32>
    %27 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x5x3x5xf32>
    %28 = stablehlo.select %25, %26, %27 : tensor<2x5x3x5xi1>, tensor<2x5x3x5xf32>
    return %28 : tensor<2x5x3x5xf32>
  }
}
