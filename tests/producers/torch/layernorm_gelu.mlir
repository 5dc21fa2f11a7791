module {
  func.func @main(%arg0: tensor<3x4x12xf32>) -> tensor<3x4x12xf32> {
    %cst = stablehlo.constant dense_resource<torch_tensor_12_torch.float32_2> : tensor<12xf32>
    %cst_0 = stablehlo.constant dense_resource<torch_tensor_12_12_torch.float32> : tensor<12x12xf32>
    %cst_1 = stablehlo.constant dense_resource<torch_tensor_12_torch.float32_1> : tensor<12xf32>
    %cst_2 = stablehlo.constant dense_resource<torch_tensor_12_torch.float32> : tensor<12xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %cst_5 = stablehlo.constant dense<1.000000e+00> : tensor<3x4x12xf32>
    %cst_6 = stablehlo.constant dense<2.000000e+00> : tensor<3x4x12xf32>
    %cst_7 = stablehlo.constant dense<5.000000e-01> : tensor<3x4x12xf32>
    %cst_8 = stablehlo.constant dense<-4.000000e+00> : tensor<3x4x12xf32>
    %cst_9 = stablehlo.constant dense<4.000000e+00> : tensor<3x4x12xf32>
    %cst_10 = stablehlo.constant dense<-2.72614237E-10> : tensor<3x4x12xf32>
    %cst_11 = stablehlo.constant dense<2.77068146E-8> : tensor<3x4x12xf32>
    %cst_12 = stablehlo.constant dense<-2.10102394E-6> : tensor<3x4x12xf32>
    %cst_13 = stablehlo.constant dense<-5.69250624E-5> : tensor<3x4x12xf32>
    %cst_14 = stablehlo.constant dense<-7.34990637E-4> : tensor<3x4x12xf32>
    %cst_15 = stablehlo.constant dense<-2.954600e-03> : tensor<3x4x12xf32>
    %cst_16 = stablehlo.constant dense<-0.0160960332> : tensor<3x4x12xf32>
    %cst_17 = stablehlo.constant dense<-1.45660715E-5> : tensor<3x4x12xf32>
    %cst_18 = stablehlo.constant dense<-2.13374049E-4> : tensor<3x4x12xf32>
    %cst_19 = stablehlo.constant dense<-0.00168282702> : tensor<3x4x12xf32>
    %cst_20 = stablehlo.constant dense<-0.00737332925> : tensor<3x4x12xf32>
    %cst_21 = stablehlo.constant dense<-0.0142647391> : tensor<3x4x12xf32>
    %cst_22 = stablehlo.constant dense<-1.000000e+00> : tensor<3x4x12xf32>
    %cst_23 = arith.constant dense<12> : tensor<1xi64>
    %cst_24 = arith.constant dense<1.000000e-05> : tensor<1xf64>
    %cst_25 = arith.constant dense<1> : tensor<1xi64>
    %0 = stablehlo.convert %arg0 : (tensor<3x4x12xf32>) -> tensor<3x4x12xf64>
    %1 = stablehlo.reduce(%0 init: %cst_3) applies stablehlo.add across dimensions = [2] : (tensor<3x4x12xf64>, tensor<f64>) -> tensor<3x4xf64>
    %2 = stablehlo.reshape %1 : (tensor<3x4xf64>) -> tensor<3x4x1xf64>
    %3 = stablehlo.convert %cst_23 : (tensor<1xi64>) -> tensor<1xf64>
    %4 = stablehlo.reshape %3 : (tensor<1xf64>) -> tensor<f64>
    %5 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<f64>) -> tensor<3x4x1xf64>
    %6 = stablehlo.divide %2, %5 : tensor<3x4x1xf64>
    %7 = stablehlo.broadcast_in_dim %6, dims = [0, 1, 2] : (tensor<3x4x1xf64>) -> tensor<3x4x12xf64>
    %8 = stablehlo.subtract %0, %7 : tensor<3x4x12xf64>
    %9 = stablehlo.multiply %8, %8 : tensor<3x4x12xf64>
    %10 = stablehlo.reduce(%9 init: %cst_3) applies stablehlo.add across dimensions = [2] : (tensor<3x4x12xf64>, tensor<f64>) -> tensor<3x4xf64>
    %11 = stablehlo.reshape %10 : (tensor<3x4xf64>) -> tensor<3x4x1xf64>
    %12 = stablehlo.divide %11, %5 : tensor<3x4x1xf64>
    %13 = stablehlo.convert %12 : (tensor<3x4x1xf64>) -> tensor<3x4x1xf32>
    %14 = stablehlo.reduce(%arg0 init: %cst_4) applies stablehlo.add across dimensions = [2] : (tensor<3x4x12xf32>, tensor<f32>) -> tensor<3x4xf32>
    %15 = stablehlo.reshape %14 : (tensor<3x4xf32>) -> tensor<3x4x1xf32>
    %16 = stablehlo.convert %cst_23 : (tensor<1xi64>) -> tensor<1xf32>
    %17 = stablehlo.reshape %16 : (tensor<1xf32>) -> tensor<f32>
    %18 = stablehlo.broadcast_in_dim %17, dims = [] : (tensor<f32>) -> tensor<3x4x1xf32>
    %19 = stablehlo.divide %15, %18 : tensor<3x4x1xf32>
    %20 = stablehlo.convert %cst_24 : (tensor<1xf64>) -> tensor<1xf32>
    %21 = stablehlo.reshape %20 : (tensor<1xf32>) -> tensor<f32>
    %22 = stablehlo.broadcast_in_dim %21, dims = [] : (tensor<f32>) -> tensor<3x4x1xf32>
    %23 = stablehlo.add %13, %22 : tensor<3x4x1xf32>
    %24 = stablehlo.rsqrt %23 : tensor<3x4x1xf32>
    %25 = stablehlo.broadcast_in_dim %19, dims = [0, 1, 2] : (tensor<3x4x1xf32>) -> tensor<3x4x12xf32>
    %26 = stablehlo.subtract %arg0, %25 : tensor<3x4x12xf32>
    %27 = stablehlo.broadcast_in_dim %24, dims = [0, 1, 2] : (tensor<3x4x1xf32>) -> tensor<3x4x12xf32>
    %28 = stablehlo.multiply %26, %27 : tensor<3x4x12xf32>
    %29 = stablehlo.broadcast_in_dim %cst_2, dims = [2] : (tensor<12xf32>) -> tensor<3x4x12xf32>
    %30 = stablehlo.multiply %28, %29 : tensor<3x4x12xf32>
    %31 = stablehlo.broadcast_in_dim %cst_1, dims = [2] : (tensor<12xf32>) -> tensor<3x4x12xf32>
    %32 = stablehlo.add %30, %31 : tensor<3x4x12xf32>
    %33 = stablehlo.reshape %32 : (tensor<3x4x12xf32>) -> tensor<12x12xf32>
    %34 = stablehlo.transpose %cst_0, dims = [1, 0] : (tensor<12x12xf32>) -> tensor<12x12xf32>
    %35 = stablehlo.dot_general %33, %34, contracting_dims = [1] x [0] : (tensor<12x12xf32>, tensor<12x12xf32>) -> tensor<12x12xf32>
    %36 = stablehlo.convert %cst_25 : (tensor<1xi64>) -> tensor<1xf32>
    %37 = stablehlo.reshape %36 : (tensor<1xf32>) -> tensor<f32>
    %38 = stablehlo.broadcast_in_dim %37, dims = [] : (tensor<f32>) -> tensor<12x12xf32>
    %39 = stablehlo.multiply %35, %38 : tensor<12x12xf32>
    %40 = stablehlo.broadcast_in_dim %37, dims = [] : (tensor<f32>) -> tensor<12xf32>
    %41 = stablehlo.multiply %40, %cst : tensor<12xf32>
    %42 = stablehlo.broadcast_in_dim %41, dims = [1] : (tensor<12xf32>) -> tensor<12x12xf32>
    %43 = stablehlo.add %39, %42 : tensor<12x12xf32>
    %44 = stablehlo.reshape %43 : (tensor<12x12xf32>) -> tensor<3x4x12xf32>
    %45 = stablehlo.multiply %44, %cst_7 : tensor<3x4x12xf32>
    %46 = stablehlo.rsqrt %cst_6 : tensor<3x4x12xf32>
    %47 = stablehlo.multiply %44, %46 : tensor<3x4x12xf32>
    %48 = stablehlo.clamp %cst_8, %47, %cst_9 : tensor<3x4x12xf32>
    %49 = stablehlo.multiply %48, %48 : tensor<3x4x12xf32>
    %50 = stablehlo.multiply %cst_10, %49 : tensor<3x4x12xf32>
    %51 = stablehlo.add %50, %cst_11 : tensor<3x4x12xf32>
    %52 = stablehlo.multiply %51, %49 : tensor<3x4x12xf32>
    %53 = stablehlo.add %52, %cst_12 : tensor<3x4x12xf32>
    %54 = stablehlo.multiply %53, %49 : tensor<3x4x12xf32>
    %55 = stablehlo.add %54, %cst_13 : tensor<3x4x12xf32>
    %56 = stablehlo.multiply %55, %49 : tensor<3x4x12xf32>
    %57 = stablehlo.add %56, %cst_14 : tensor<3x4x12xf32>
    %58 = stablehlo.multiply %57, %49 : tensor<3x4x12xf32>
    %59 = stablehlo.add %58, %cst_15 : tensor<3x4x12xf32>
    %60 = stablehlo.multiply %59, %49 : tensor<3x4x12xf32>
    %61 = stablehlo.add %60, %cst_16 : tensor<3x4x12xf32>
    %62 = stablehlo.multiply %cst_17, %49 : tensor<3x4x12xf32>
    %63 = stablehlo.add %62, %cst_18 : tensor<3x4x12xf32>
    %64 = stablehlo.multiply %63, %49 : tensor<3x4x12xf32>
    %65 = stablehlo.add %64, %cst_19 : tensor<3x4x12xf32>
    %66 = stablehlo.multiply %65, %49 : tensor<3x4x12xf32>
    %67 = stablehlo.add %66, %cst_20 : tensor<3x4x12xf32>
    %68 = stablehlo.multiply %67, %49 : tensor<3x4x12xf32>
    %69 = stablehlo.add %68, %cst_21 : tensor<3x4x12xf32>
    %70 = stablehlo.multiply %48, %61 : tensor<3x4x12xf32>
    %71 = stablehlo.divide %70, %69 : tensor<3x4x12xf32>
    %72 = stablehlo.clamp %cst_22, %71, %cst_5 : tensor<3x4x12xf32>
    %73 = stablehlo.add %72, %cst_5 : tensor<3x4x12xf32>
    %74 = stablehlo.multiply %73, %45 : tensor<3x4x12xf32>
    return %74 : tensor<3x4x12xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_12_torch.float32_2: "0x040000007C829A3C95C42A3E670E203C4AF0663E7CCFB03D34E86EBE4E71003E10CC5F3E7067B6BC898D77BE805B483EE29FF53D",
      torch_tensor_12_12_torch.float32: "0x0400000095DA64BEB36C11BB72972E3EBE918B3E63EE5E3E18E5813E70E49FBD1D6218BE8D4384BE218A2D3E590349BEE5AC7ABEE9BD483E4C65A5BD8FFD58BE7E0EE83D6AEDAE3DDF93943D57C24A3E61F2E63DE9F7D8BC104E40BEB690923DB88301BE1CF7853EE374BCBD131F893E60842F3ECB243ABE33C267BE5D188CBEF167993B7E96663D8F3C6F3E9A7B85BE95A44DBE2C93683E6AE045BEA03B293E7CA3E83CE8E4E8BDC33AB0BDC61091BEACBE8CBEE9E40DBE4001883C4329B2BD8D5D80BEA0AC93BD144D413EF71433BDA0B182BEDC6221BE526EA63DC9EF743E8CBAD9BCC2C892BE6F7B633EFE436F3D7F179FBDB983923D2DD5063E33A8C03D30EB83BE8F7D1D3EB6E046BE7D997F3D3733283DC35FA73CB2EFCFBA09261C3E2D75733E66A999BCEE818A3DD65CBEBD60F210BD4540503EBD2AC33AE67C64BE7178853EA85070BEEE434BBE0CD71B3C49CBEA3D64AA303EA397BF3DF7F6D0BB4152313E6350723CDBD5803D3FC365BE252C78BEDD98713EC1F852BE1B2E483E3FCB67BE8A91813E36829A3DA6FB8D3E7197F83C269A503E122171BEF86F7CBA71EE423D1FEBF63D2BFE3BBE6771BA3C4F4E54BDE0C086BD4EF797BC23BD193E0E409C3C192C683E793128BE28B8583E19EF9A3DD430B7BDB411CFBD72BF4ABED628EA3C21A843BD7D3D9A3DEC82EFBDE041503EED25563E3A434D3E55690D3E982D57BE0AC1D13DA9336A3EB5664F3E88DE2DBDAC7B903E6B0F8BBB54FF20BEABA505BE81EE02BEB6CB95BD95357ABEAE73F63A24C64CBD90566DBE91C914BD144181BE",
      torch_tensor_12_torch.float32_1: "0x04000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_12_torch.float32: "0x040000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F"
    }
  }
#-}
