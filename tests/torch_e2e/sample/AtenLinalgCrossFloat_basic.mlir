module {
  func.func @main(%arg0: tensor<2x3xf32>, %arg1: tensor<2x3xf32>) -> tensor<2x3xf32> {
    %c = stablehlo.constant dense<2> : tensor<3xi64>
    %c_0 = stablehlo.constant dense<3> : tensor<3xi64>
    %c_1 = stablehlo.constant dense<0> : tensor<3xi64>
    %c_2 = stablehlo.constant dense<1> : tensor<3xi64>
    %c_3 = stablehlo.constant dense<1> : tensor<i64>
    %c_4 = stablehlo.constant dense<3> : tensor<i64>
    %0 = stablehlo.convert %c_3 : (tensor<i64>) -> tensor<f64>
    %1 = stablehlo.convert %c_4 : (tensor<i64>) -> tensor<f64>
    %2 = stablehlo.divide %1, %0 : tensor<f64>
    %3 = stablehlo.ceil %2 : tensor<f64>
    %4 = stablehlo.convert %3 : (tensor<f64>) -> tensor<i64>
    %5 = stablehlo.reshape %4 : (tensor<i64>) -> tensor<1xi64>
    %6 = stablehlo.dynamic_iota %5, dim = 0 : (tensor<1xi64>) -> tensor<3xi64>
    %7 = stablehlo.multiply %6, %c_2 : tensor<3xi64>
    %8 = stablehlo.add %7, %c_1 : tensor<3xi64>
    %9 = stablehlo.add %8, %c_2 : tensor<3xi64>
    %10 = stablehlo.remainder %9, %c_0 : tensor<3xi64>
    %11 = "stablehlo.gather"(%arg0, %10) <{dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 2, 1>}> : (tensor<2x3xf32>, tensor<3xi64>) -> tensor<2x3xf32>
    %12 = stablehlo.convert %11 : tensor<2x3xf32>
    %13 = stablehlo.add %8, %c : tensor<3xi64>
    %14 = stablehlo.remainder %13, %c_0 : tensor<3xi64>
    %15 = "stablehlo.gather"(%arg1, %14) <{dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 2, 1>}> : (tensor<2x3xf32>, tensor<3xi64>) -> tensor<2x3xf32>
    %16 = stablehlo.convert %15 : tensor<2x3xf32>
    %17 = stablehlo.multiply %12, %16 : tensor<2x3xf32>
    %18 = "stablehlo.gather"(%arg0, %14) <{dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 2, 1>}> : (tensor<2x3xf32>, tensor<3xi64>) -> tensor<2x3xf32>
    %19 = stablehlo.convert %18 : tensor<2x3xf32>
    %20 = "stablehlo.gather"(%arg1, %10) <{dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 2, 1>}> : (tensor<2x3xf32>, tensor<3xi64>) -> tensor<2x3xf32>
    %21 = stablehlo.convert %20 : tensor<2x3xf32>
    %22 = stablehlo.multiply %19, %21 : tensor<2x3xf32>
    %23 = stablehlo.subtract %17, %22 : tensor<2x3xf32>
    return %23 : tensor<2x3xf32>
  }
}
