func.func @main(%x: tensor<4x6xf32>, %i: tensor<i32>, %idx: tensor<3x1xi32>, %upd: tensor<3x6xf32>) -> (tensor<2x4x6xf32>, tensor<6x4xf32>, tensor<2x2xf32>, tensor<2x3xf32>, tensor<4x6xf32>, tensor<8x6xf32>, tensor<7x8xf32>, tensor<4x6xf32>, tensor<3x6xf32>, tensor<4x6xf32>, tensor<3x5xi32>) {
  %0 = stablehlo.broadcast_in_dim %x, dims = [1, 2] : (tensor<4x6xf32>) -> tensor<2x4x6xf32>
  %1 = stablehlo.transpose %x, dims = [1, 0] : (tensor<4x6xf32>) -> tensor<6x4xf32>
  %2 = stablehlo.slice %x [0:4:2, 1:3] : (tensor<4x6xf32>) -> tensor<2x2xf32>
  %3 = stablehlo.dynamic_slice %x, %i, %i, sizes = [2, 3] : (tensor<4x6xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
  %4 = stablehlo.dynamic_update_slice %x, %3, %i, %i : (tensor<4x6xf32>, tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<4x6xf32>
  %5 = stablehlo.concatenate %x, %4, dim = 0 : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<8x6xf32>
  %cst = stablehlo.constant dense<0.0> : tensor<f32>
  %6 = stablehlo.pad %x, %cst, low = [1, 0], high = [2, 0], interior = [0, 0] : (tensor<4x6xf32>, tensor<f32>) -> tensor<7x6xf32>
  %7 = stablehlo.pad %6, %cst, low = [0, 1], high = [0, -2], interior = [0, 1] : (tensor<7x6xf32>, tensor<f32>) -> tensor<7x10xf32>
  %8 = stablehlo.slice %7 [0:7, 0:8] : (tensor<7x10xf32>) -> tensor<7x8xf32>
  %9 = stablehlo.reverse %x, dims = [0, 1] : tensor<4x6xf32>
  %10 = "stablehlo.gather"(%x, %idx) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = true, slice_sizes = array<i64: 1, 6>}> : (tensor<4x6xf32>, tensor<3x1xi32>) -> tensor<3x6xf32>
  %11 = "stablehlo.scatter"(%x, %idx, %upd) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = true}> ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = stablehlo.add %p, %q : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<3x1xi32>, tensor<3x6xf32>) -> tensor<4x6xf32>
  %12 = stablehlo.iota dim = 1 : tensor<3x5xi32>
  return %0, %1, %2, %3, %4, %5, %8, %9, %10, %11, %12 : tensor<2x4x6xf32>, tensor<6x4xf32>, tensor<2x2xf32>, tensor<2x3xf32>, tensor<4x6xf32>, tensor<8x6xf32>, tensor<7x8xf32>, tensor<4x6xf32>, tensor<3x6xf32>, tensor<4x6xf32>, tensor<3x5xi32>
}
