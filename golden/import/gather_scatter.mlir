#loc1 = loc("operand")
#loc2 = loc("idx")
#loc3 = loc("upd")
#loc6 = loc("a")
#loc7 = loc("b")
module @gather_scatter {
  func.func @main(%arg0: tensor<8xf32> loc("operand"), %arg1: tensor<3x1xi32> loc("idx"), %arg2: tensor<3xf32> loc("upd")) -> (tensor<3xf32>, tensor<8xf32>) {
    %0 = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<8xf32>, tensor<3x1xi32>) -> tensor<3xf32> loc(#loc4)
    %1 = "stablehlo.scatter"(%arg0, %arg1, %arg2) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg3: tensor<f32> loc("a"), %arg4: tensor<f32> loc("b")):
      %2 = stablehlo.add %arg3, %arg4 : tensor<f32> loc(#loc8)
      stablehlo.return %2 : tensor<f32> loc(#loc)
    }) : (tensor<8xf32>, tensor<3x1xi32>, tensor<3xf32>) -> tensor<8xf32> loc(#loc5)
    return %0, %1 : tensor<3xf32>, tensor<8xf32> loc(#loc)
  } loc(#loc)
} loc(#loc)
#loc = loc(unknown)
#loc4 = loc("g")
#loc5 = loc("s.1")
#loc8 = loc("s")
