module {
  func.func @main(%arg0: tensor<3x4xf32>) -> tensor<3x4xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<3x4xf32>
    %c = stablehlo.constant dense_resource<torch_tensor_4_torch.uint8> : tensor<4xui8>
    %c_0 = stablehlo.constant dense_resource<torch_tensor_4_torch.int32> : tensor<4xi32>
    %cst_1 = stablehlo.constant dense_resource<torch_tensor_4_torch.float64> : tensor<4xf64>
    %c_2 = stablehlo.constant dense_resource<torch_tensor_4_torch.int64> : tensor<4xi64>
    %0 = "stablehlo.gather"(%arg0, %c_2) <{dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 3, 1>}> : (tensor<3x4xf32>, tensor<4xi64>) -> tensor<3x4xf32>
    %1 = stablehlo.convert %0 : tensor<3x4xf32>
    %2 = stablehlo.convert %cst_1 : (tensor<4xf64>) -> tensor<4xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [1] : (tensor<4xf32>) -> tensor<3x4xf32>
    %4 = stablehlo.multiply %1, %3 : tensor<3x4xf32>
    %5 = stablehlo.convert %c_0 : (tensor<4xi32>) -> tensor<4xf32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [1] : (tensor<4xf32>) -> tensor<3x4xf32>
    %7 = stablehlo.add %4, %6 : tensor<3x4xf32>
    %8 = stablehlo.convert %c : (tensor<4xui8>) -> tensor<4xi1>
    %9 = stablehlo.reshape %8 : (tensor<4xi1>) -> tensor<1x4xi1>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<1x4xi1>) -> tensor<3x4xi1>
    %11 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<3x4xf32>) -> tensor<3x4xf32>
    %12 = stablehlo.broadcast_in_dim %cst, dims = [0, 1] : (tensor<3x4xf32>) -> tensor<3x4xf32>
    %13 = stablehlo.select %10, %11, %12 : tensor<3x4xi1>, tensor<3x4xf32>
    return %13 : tensor<3x4xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_4_torch.uint8: "0x0100000001000101",
      torch_tensor_4_torch.int32: "0x0400000001000000FEFFFFFF03000000FCFFFFFF",
      torch_tensor_4_torch.float64: "0x08000000000000000000E03F000000000000F03F000000000000F83F0000000000000040",
      torch_tensor_4_torch.int64: "0x080000000300000000000000010000000000000000000000000000000200000000000000"
    }
  }
#-}
