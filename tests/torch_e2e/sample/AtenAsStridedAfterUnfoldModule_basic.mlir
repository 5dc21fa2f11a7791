module {
  func.func @main(%arg0: tensor<10xf32>) -> tensor<2x2xf32> {
    %cst = arith.constant dense_resource<torch_tensor_2_2_torch.int64> : tensor<2x2xi64>
    %0 = stablehlo.reshape %cst : (tensor<2x2xi64>) -> tensor<2x2x1xi64>
    %1 = "stablehlo.gather"(%arg0, %0) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, slice_sizes = array<i64: 1>}> : (tensor<10xf32>, tensor<2x2x1xi64>) -> tensor<2x2xf32>
    return %1 : tensor<2x2xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_2_2_torch.int64: "0x080000000000000000000000010000000000000002000000000000000300000000000000"
    }
  }
#-}
