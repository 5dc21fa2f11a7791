module {
  func.func @main(%arg0: tensor<2x6x10xf32>) -> tensor<2x4x10xf32> {
    %cst = stablehlo.constant dense_resource<torch_tensor_4_torch.float32> : tensor<4xf32>
    %cst_0 = stablehlo.constant dense_resource<torch_tensor_4_6_1_torch.float32> : tensor<4x6x1xf32>
    %cst_1 = stablehlo.constant dense_resource<torch_tensor_6_1_5_torch.float32> : tensor<6x1x5xf32>
    %cst_2 = stablehlo.constant dense_resource<torch_tensor_6_torch.float32> : tensor<6xf32>
    %0 = stablehlo.convolution(%arg0, %cst_1) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {stride = [1], pad = [[2, 2]], rhs_dilate = [1]} {batch_group_count = 1 : i64, feature_group_count = 6 : i64} : (tensor<2x6x10xf32>, tensor<6x1x5xf32>) -> tensor<2x6x10xf32>
    %1 = stablehlo.reshape %cst_2 : (tensor<6xf32>) -> tensor<6x1xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [1, 2] : (tensor<6x1xf32>) -> tensor<2x6x10xf32>
    %3 = stablehlo.add %0, %2 : tensor<2x6x10xf32>
    %4 = stablehlo.logistic %3 : tensor<2x6x10xf32>
    %5 = stablehlo.multiply %3, %4 : tensor<2x6x10xf32>
    %6 = stablehlo.convolution(%5, %cst_0) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {stride = [1], pad = [[0, 0]], rhs_dilate = [1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x6x10xf32>, tensor<4x6x1xf32>) -> tensor<2x4x10xf32>
    %7 = stablehlo.reshape %cst : (tensor<4xf32>) -> tensor<4x1xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [1, 2] : (tensor<4x1xf32>) -> tensor<2x4x10xf32>
    %9 = stablehlo.add %6, %8 : tensor<2x4x10xf32>
    return %9 : tensor<2x4x10xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_4_torch.float32: "0x040000005414393D77F0D8BB83BBB5BE831315BE",
      torch_tensor_4_6_1_torch.float32: "0x04000000BB04C53D5015EABDD0DF55BB7BC7C8BCF84FB13E10AB10BCDE7591BE397FC13ECA31C3BE030206BE7C5AD83DAEAF02BE420CA03DF85B053EE139783EB2BB953EB5A727BE2571AA3D9582B7BEF6BA863EC01097BE073FFEBB8AF7CFBEE74067BB",
      torch_tensor_6_1_5_torch.float32: "0x04000000A877893DC9BFEDBD24B0E3BD8FD0133EA30BD73E87A8A43E56DD79BEA07AE03E02A8B1BEE557123EA9E6C5BEC9AFD7BC68EAAE3EF49CC43E9E2B213EE77CE03DD01E1EBDFBA9ECBDB247C8BC871297BE353949BEC900043E3F1F81BE7C91D2BEB30A96BE24306ABEC7D74D3E084FA93EFBB4BF3E56EA10BE",
      torch_tensor_6_torch.float32: "0x04000000F1DC8CBEE3A81DBE4877373E5D8994BEA16260BE2F0AA93E"
    }
  }
#-}
