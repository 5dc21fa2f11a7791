module {
  func.func @main(%arg0: tensor<6x3xf32>, %arg1: tensor<3xi64>, %arg2: tensor<3x3xf32>) -> (tensor<6x3xf32>, tensor<3x3xf32>) {
    %0 = stablehlo.reshape %arg1 : (tensor<3xi64>) -> tensor<3x1xi64>
    %1 = "stablehlo.scatter"(%arg0, %0, %arg2) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      stablehlo.return %arg4 : tensor<f32>
    }) : (tensor<6x3xf32>, tensor<3x1xi64>, tensor<3x3xf32>) -> tensor<6x3xf32>
    %2 = "stablehlo.gather"(%arg0, %0) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>}> : (tensor<6x3xf32>, tensor<3x1xi64>) -> tensor<3x3xf32>
    return %1, %2 : tensor<6x3xf32>, tensor<3x3xf32>
  }
}
