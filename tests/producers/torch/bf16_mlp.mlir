module {
  func.func @main(%arg0: tensor<3x8xbf16>) -> tensor<3x2xbf16> {
    %cst = stablehlo.constant dense_resource<torch_tensor_2_torch.bfloat16> : tensor<2xbf16>
    %cst_0 = stablehlo.constant dense_resource<torch_tensor_2_8_torch.bfloat16> : tensor<2x8xbf16>
    %cst_1 = stablehlo.constant dense_resource<torch_tensor_8_torch.bfloat16> : tensor<8xbf16>
    %cst_2 = stablehlo.constant dense_resource<torch_tensor_8_8_torch.bfloat16> : tensor<8x8xbf16>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<3x8xbf16>
    %cst_4 = arith.constant dense<1> : tensor<1xi64>
    %0 = stablehlo.transpose %cst_2, dims = [1, 0] : (tensor<8x8xbf16>) -> tensor<8x8xbf16>
    %1 = stablehlo.convert %cst_1 : (tensor<8xbf16>) -> tensor<8xf32>
    %2 = stablehlo.convert %arg0 : (tensor<3x8xbf16>) -> tensor<3x8xf32>
    %3 = stablehlo.convert %0 : (tensor<8x8xbf16>) -> tensor<8x8xf32>
    %4 = stablehlo.dot_general %2, %3, contracting_dims = [1] x [0] : (tensor<3x8xf32>, tensor<8x8xf32>) -> tensor<3x8xf32>
    %5 = stablehlo.convert %cst_4 : (tensor<1xi64>) -> tensor<1xf32>
    %6 = stablehlo.reshape %5 : (tensor<1xf32>) -> tensor<f32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [] : (tensor<f32>) -> tensor<3x8xf32>
    %8 = stablehlo.multiply %4, %7 : tensor<3x8xf32>
    %9 = stablehlo.broadcast_in_dim %6, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %10 = stablehlo.multiply %1, %9 : tensor<8xf32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [1] : (tensor<8xf32>) -> tensor<3x8xf32>
    %12 = stablehlo.add %8, %11 : tensor<3x8xf32>
    %13 = stablehlo.convert %12 : (tensor<3x8xf32>) -> tensor<3x8xbf16>
    %14 = stablehlo.maximum %13, %cst_3 : tensor<3x8xbf16>
    %15 = stablehlo.transpose %cst_0, dims = [1, 0] : (tensor<2x8xbf16>) -> tensor<8x2xbf16>
    %16 = stablehlo.convert %cst : (tensor<2xbf16>) -> tensor<2xf32>
    %17 = stablehlo.convert %14 : (tensor<3x8xbf16>) -> tensor<3x8xf32>
    %18 = stablehlo.convert %15 : (tensor<8x2xbf16>) -> tensor<8x2xf32>
    %19 = stablehlo.dot_general %17, %18, contracting_dims = [1] x [0] : (tensor<3x8xf32>, tensor<8x2xf32>) -> tensor<3x2xf32>
    %20 = stablehlo.broadcast_in_dim %6, dims = [] : (tensor<f32>) -> tensor<3x2xf32>
    %21 = stablehlo.multiply %19, %20 : tensor<3x2xf32>
    %22 = stablehlo.broadcast_in_dim %6, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %23 = stablehlo.multiply %16, %22 : tensor<2xf32>
    %24 = stablehlo.broadcast_in_dim %23, dims = [1] : (tensor<2xf32>) -> tensor<3x2xf32>
    %25 = stablehlo.add %21, %24 : tensor<3x2xf32>
    %26 = stablehlo.convert %25 : (tensor<3x2xf32>) -> tensor<3x2xbf16>
    return %26 : tensor<3x2xbf16>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_2_torch.bfloat16: "0x02000000543E0DBD",
      torch_tensor_2_8_torch.bfloat16: "0x0200000038BE54BE73BEAD3E923EBF3D663E97BDF43D25BE84BE2E3E8A3E70BE1BBE14BE",
      torch_tensor_8_torch.bfloat16: "0x0200000095BEA8BE393D853E4CBD84BEA9BEA1BE",
      torch_tensor_8_8_torch.bfloat16: "0x020000003EBDF1BC4DBD95BDA6BEBFBD21BE25BE9EBE1B3E733E50BE983EB03EAB3EC6BD8A3D25BE073E253E8CBEDCBD06BE9E3D1BBEA13EAD3E903EA73DE13DB13ED03DEC3CAE3EBC3D11BE66BC8F3D24BE2C3C7A3E33BDF5BAA2BEBBBC13BE063E3BBEB13E5F3E3EBE813E5DBE53BEABBE713E283ED6BD0B3E50BE353E66BE6EBEDBBD"
    }
  }
#-}
