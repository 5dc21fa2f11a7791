module {
  func.func @main(%arg0: tensor<3x7xi64>) -> tensor<3x3xf32> {
    %cst = stablehlo.constant dense_resource<torch_tensor_3_torch.float32> : tensor<3xf32>
    %cst_0 = stablehlo.constant dense_resource<torch_tensor_3_8_torch.float32> : tensor<3x8xf32>
    %cst_1 = stablehlo.constant dense_resource<torch_tensor_20_8_torch.float32> : tensor<20x8xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %cst_3 = arith.constant dense<7> : tensor<1xi64>
    %cst_4 = arith.constant dense<1> : tensor<1xi64>
    %0 = "stablehlo.gather"(%cst_1, %arg0) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 8>}> : (tensor<20x8xf32>, tensor<3x7xi64>) -> tensor<3x7x8xf32>
    %1 = stablehlo.convert %0 : tensor<3x7x8xf32>
    %2 = stablehlo.reduce(%1 init: %cst_2) applies stablehlo.add across dimensions = [1] : (tensor<3x7x8xf32>, tensor<f32>) -> tensor<3x8xf32>
    %3 = stablehlo.convert %cst_3 : (tensor<1xi64>) -> tensor<1xf32>
    %4 = stablehlo.reshape %3 : (tensor<1xf32>) -> tensor<f32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<f32>) -> tensor<3x8xf32>
    %6 = stablehlo.divide %2, %5 : tensor<3x8xf32>
    %7 = stablehlo.transpose %cst_0, dims = [1, 0] : (tensor<3x8xf32>) -> tensor<8x3xf32>
    %8 = stablehlo.dot_general %6, %7, contracting_dims = [1] x [0] : (tensor<3x8xf32>, tensor<8x3xf32>) -> tensor<3x3xf32>
    %9 = stablehlo.convert %cst_4 : (tensor<1xi64>) -> tensor<1xf32>
    %10 = stablehlo.reshape %9 : (tensor<1xf32>) -> tensor<f32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [] : (tensor<f32>) -> tensor<3x3xf32>
    %12 = stablehlo.multiply %8, %11 : tensor<3x3xf32>
    %13 = stablehlo.broadcast_in_dim %10, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %14 = stablehlo.multiply %13, %cst : tensor<3xf32>
    %15 = stablehlo.broadcast_in_dim %14, dims = [1] : (tensor<3xf32>) -> tensor<3x3xf32>
    %16 = stablehlo.add %12, %15 : tensor<3x3xf32>
    return %16 : tensor<3x3xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_3_torch.float32: "0x04000000C7AF8ABE10861C3E934A18BE",
      torch_tensor_3_8_torch.float32: "0x04000000638FA0BD5EA7083EA4519D3DFE06C83DA1B6ADBE518D273E4848673EA35C80BE7B18773E594F9B3E4B4E003E1DBC043EBF84073E90029ABE0DDD9DBED7CE72BDF6454ABDEA13733D33C7623E65C319BD51E32E3ECBEB953E51B271BE9A44AE3E",
      torch_tensor_20_8_torch.float32: "0x040000002851AB3EA646C1BF59C4073FB9D10A40129BE53D6CC4D63E61D04BBDC35B1A3FA5152BC0E1DDFC3EE8A9773FFB8B74BF671249BF5B6509BCFAEC7FBF1FE2B4BEE66260BFD98E993FA1D4BEBF78671ABF82BC41BF42442DBF9558A1BE5EF9D6BDC62FC23C6101613DCBDEF93E65409BBF4C5A933E01CB5C3F6DDA763F3F9C7E3F12034BBFA972D7BFF95A7F3EE04CEE3F496F193E850BF6BE53C329BFEFBC933FE5388A3FA5D8993F8A70B43E422978BF4F30D1BF50978E3FC1A70640AE655FBF91A5CF3F8C45E43D36EB353FAF957CBFB56FF43F9423E6BF958D613C9C9B2A3F7AE6DE3E6AD664BF1FF8693F4B2FFEBE84400AC0E09C80BF44CD823FAE3306BDF496053F235E2F3FF863823E0BB3C0BF5FD5D23C1611D8BCB597AC3F0ED8FA3E37FEA6BF8150D53F80DA1EBF257C2F3F67B5FE3EB34D8BBEF53695BE5D43183E5524433F7F79103FA8E1C6BE9D6DFEBEEB2BBA3EA2328CBB297CB0BFED8A0E40AF95993ECCA8F73E9E57A43FB8B0AA3F8C82DDBF94E0493F13206CBE49E875BF1AAD803F246D20BF9D95A0BFA378C2BF0A0A37BEC054003F5E4ED83DB695A6BE6D7C17C0024E523F5C8D21BE7FF1BFBFB73ABE3F93612DBF7FB3EEBFC3AEB3BD2F8E0640833169BED4883FBE4DBF31BFC38A52BFB835AF3FA26D51BDDD1167BFB8D2A6BEB878B3BFCB4BE7BE2BD285BEEDDF623EE415F13E68D3683F561B643F2F62AABFEE65283E5F124D3EAFCAA23EE77CEC3FC134C33D4E6E3BBF2ED324BE8C0A863E2F69323E175C4C3F679D263F9865AC3E875CEF3EFAD4283F8D9A673F98FA5D3ED0F57CBF326A74BF170412BCE6E681BF7C5103BE0C12783BCE8E4C3EF296A03FBAE36FBE42C7A7BEDBA8DBBE3C3B853F37AAC2BD6AA95BBE05A594BF"
    }
  }
#-}
