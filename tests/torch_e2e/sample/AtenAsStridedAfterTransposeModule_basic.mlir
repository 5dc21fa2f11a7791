module {
  func.func @main(%arg0: tensor<2x3x4xf32>) -> tensor<2x3x2xf32> {
    %cst = arith.constant dense_resource<torch_tensor_2_3_2_torch.int64> : tensor<2x3x2xi64>
    %cst_0 = arith.constant dense_resource<torch_tensor_2_3_2_torch.int64_1> : tensor<2x3x2xi64>
    %cst_1 = arith.constant dense_resource<torch_tensor_2_3_2_torch.int64_2> : tensor<2x3x2xi64>
    %0 = stablehlo.reshape %cst : (tensor<2x3x2xi64>) -> tensor<2x3x2x1xi64>
    %1 = stablehlo.reshape %cst_0 : (tensor<2x3x2xi64>) -> tensor<2x3x2x1xi64>
    %2 = stablehlo.reshape %cst_1 : (tensor<2x3x2xi64>) -> tensor<2x3x2x1xi64>
    %3 = stablehlo.concatenate %0, %1, %2, dim = 3 : (tensor<2x3x2x1xi64>, tensor<2x3x2x1xi64>, tensor<2x3x2x1xi64>) -> tensor<2x3x2x3xi64>
    %4 = "stablehlo.gather"(%arg0, %3) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0, 1, 2], start_index_map = [0, 1, 2], index_vector_dim = 3>, slice_sizes = array<i64: 1, 1, 1>}> : (tensor<2x3x4xf32>, tensor<2x3x2x3xi64>) -> tensor<2x3x2xf32>
    return %4 : tensor<2x3x2xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_2_3_2_torch.int64: "0x08000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000010000000000000001000000000000000100000000000000010000000000000001000000000000000100000000000000",
      torch_tensor_2_3_2_torch.int64_1: "0x08000000000000000000000000000000000000000100000000000000010000000000000002000000000000000200000000000000000000000000000000000000000000000100000000000000010000000000000002000000000000000200000000000000",
      torch_tensor_2_3_2_torch.int64_2: "0x08000000000000000000000001000000000000000000000000000000010000000000000000000000000000000100000000000000000000000000000001000000000000000000000000000000010000000000000000000000000000000100000000000000"
    }
  }
#-}
