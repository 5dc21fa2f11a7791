module {
  func.func @main(%arg0: tensor<1x2x3x2xf32>, %arg1: tensor<1xi64>) -> tensor<1x2x1x2xf32> {
    %c = stablehlo.constant dense<0> : tensor<1xi64>
    %c_0 = stablehlo.constant dense<1> : tensor<1xi64>
    %c_1 = stablehlo.constant dense<0> : tensor<2xi64>
    %c_2 = stablehlo.constant dense<1> : tensor<2xi64>
    %c_3 = stablehlo.constant dense<1> : tensor<i64>
    %c_4 = stablehlo.constant dense<2> : tensor<i64>
    %0 = stablehlo.convert %c_3 : (tensor<i64>) -> tensor<f64>
    %1 = stablehlo.convert %c_4 : (tensor<i64>) -> tensor<f64>
    %2 = stablehlo.divide %1, %0 : tensor<f64>
    %3 = stablehlo.ceil %2 : tensor<f64>
    %4 = stablehlo.convert %3 : (tensor<f64>) -> tensor<i64>
    %5 = stablehlo.reshape %4 : (tensor<i64>) -> tensor<1xi64>
    %6 = stablehlo.dynamic_iota %5, dim = 0 : (tensor<1xi64>) -> tensor<2xi64>
    %7 = stablehlo.multiply %6, %c_2 : tensor<2xi64>
    %8 = stablehlo.add %7, %c_1 : tensor<2xi64>
    %9 = stablehlo.reshape %arg1 : (tensor<1xi64>) -> tensor<1x1xi64>
    %10 = stablehlo.reshape %8 : (tensor<2xi64>) -> tensor<2x1xi64>
    %11 = stablehlo.reshape %10 : (tensor<2x1xi64>) -> tensor<2x1x1xi64>
    %12 = stablehlo.convert %c_3 : (tensor<i64>) -> tensor<f64>
    %13 = stablehlo.divide %12, %0 : tensor<f64>
    %14 = stablehlo.ceil %13 : tensor<f64>
    %15 = stablehlo.convert %14 : (tensor<f64>) -> tensor<i64>
    %16 = stablehlo.reshape %15 : (tensor<i64>) -> tensor<1xi64>
    %17 = stablehlo.dynamic_iota %16, dim = 0 : (tensor<1xi64>) -> tensor<1xi64>
    %18 = stablehlo.multiply %17, %c_0 : tensor<1xi64>
    %19 = stablehlo.add %18, %c : tensor<1xi64>
    %20 = stablehlo.reshape %19 : (tensor<1xi64>) -> tensor<1x1xi64>
    %21 = stablehlo.reshape %20 : (tensor<1x1xi64>) -> tensor<1x1x1xi64>
    %22 = stablehlo.reshape %21 : (tensor<1x1x1xi64>) -> tensor<1x1x1x1xi64>
    %23 = stablehlo.broadcast_in_dim %22, dims = [0, 1, 2, 3] : (tensor<1x1x1x1xi64>) -> tensor<1x2x1x2xi64>
    %24 = stablehlo.reshape %23 : (tensor<1x2x1x2xi64>) -> tensor<1x2x1x2x1xi64>
    %25 = stablehlo.broadcast_in_dim %11, dims = [1, 2, 3] : (tensor<2x1x1xi64>) -> tensor<1x2x1x2xi64>
    %26 = stablehlo.reshape %25 : (tensor<1x2x1x2xi64>) -> tensor<1x2x1x2x1xi64>
    %27 = stablehlo.broadcast_in_dim %9, dims = [2, 3] : (tensor<1x1xi64>) -> tensor<1x2x1x2xi64>
    %28 = stablehlo.reshape %27 : (tensor<1x2x1x2xi64>) -> tensor<1x2x1x2x1xi64>
    %29 = stablehlo.broadcast_in_dim %8, dims = [3] : (tensor<2xi64>) -> tensor<1x2x1x2xi64>
    %30 = stablehlo.reshape %29 : (tensor<1x2x1x2xi64>) -> tensor<1x2x1x2x1xi64>
    %31 = stablehlo.concatenate %24, %26, %28, %30, dim = 4 : (tensor<1x2x1x2x1xi64>, tensor<1x2x1x2x1xi64>, tensor<1x2x1x2x1xi64>, tensor<1x2x1x2x1xi64>) -> tensor<1x2x1x2x4xi64>
    %32 = "stablehlo.gather"(%arg0, %31) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0, 1, 2, 3], start_index_map = [0, 1, 2, 3], index_vector_dim = 4>, slice_sizes = array<i64: 1, 1, 1, 1>}> : (tensor<1x2x3x2xf32>, tensor<1x2x1x2x4xi64>) -> tensor<1x2x1x2xf32>
    return %32 : tensor<1x2x1x2xf32>
  }
}
