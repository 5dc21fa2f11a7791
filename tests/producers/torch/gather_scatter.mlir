module {
  func.func @main(%arg0: tensor<4x6xf32>, %arg1: tensor<4x3xi64>, %arg2: tensor<4x3xf32>) -> (tensor<4x3xf32>, tensor<4x6xf32>) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<4x6xf32>
    %0 = stablehlo.iota dim = 0 : tensor<4x3x1xi64>
    %1 = stablehlo.reshape %arg1 : (tensor<4x3xi64>) -> tensor<4x3x1xi64>
    %2 = stablehlo.concatenate %0, %1, dim = 2 : (tensor<4x3x1xi64>, tensor<4x3x1xi64>) -> tensor<4x3x2xi64>
    %3 = "stablehlo.gather"(%arg0, %2) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1>}> : (tensor<4x6xf32>, tensor<4x3x2xi64>) -> tensor<4x3xf32>
    %4 = stablehlo.slice %arg2 [0:4, 0:3] : (tensor<4x3xf32>) -> tensor<4x3xf32>
    %5 = "stablehlo.scatter"(%cst, %2, %4) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %6 = stablehlo.add %arg3, %arg4 : tensor<f32>
      stablehlo.return %6 : tensor<f32>
    }) : (tensor<4x6xf32>, tensor<4x3x2xi64>, tensor<4x3xf32>) -> tensor<4x6xf32>
    return %3, %5 : tensor<4x3xf32>, tensor<4x6xf32>
  }
}
