module {
  func.func @main(%arg0: tensor<3x8xf16>) -> tensor<3x4xf16> {
    %cst = stablehlo.constant dense_resource<torch_tensor_4_torch.float16> : tensor<4xf16>
    %cst_0 = stablehlo.constant dense_resource<torch_tensor_4_8_torch.float16> : tensor<4x8xf16>
    %cst_1 = arith.constant dense<1> : tensor<1xi64>
    %0 = stablehlo.transpose %cst_0, dims = [1, 0] : (tensor<4x8xf16>) -> tensor<8x4xf16>
    %1 = stablehlo.convert %cst : (tensor<4xf16>) -> tensor<4xf32>
    %2 = stablehlo.convert %arg0 : (tensor<3x8xf16>) -> tensor<3x8xf32>
    %3 = stablehlo.convert %0 : (tensor<8x4xf16>) -> tensor<8x4xf32>
    %4 = stablehlo.dot_general %2, %3, contracting_dims = [1] x [0] : (tensor<3x8xf32>, tensor<8x4xf32>) -> tensor<3x4xf32>
    %5 = stablehlo.convert %cst_1 : (tensor<1xi64>) -> tensor<1xf32>
    %6 = stablehlo.reshape %5 : (tensor<1xf32>) -> tensor<f32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
    %8 = stablehlo.multiply %4, %7 : tensor<3x4xf32>
    %9 = stablehlo.broadcast_in_dim %6, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %10 = stablehlo.multiply %1, %9 : tensor<4xf32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [1] : (tensor<4xf32>) -> tensor<3x4xf32>
    %12 = stablehlo.add %8, %11 : tensor<3x4xf32>
    %13 = stablehlo.convert %12 : (tensor<3x4xf32>) -> tensor<3x4xf16>
    return %13 : tensor<3x4xf16>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_4_torch.float16: "0x02000000912296335AB284A7",
      torch_tensor_4_8_torch.float16: "0x0200000068B354B45B9EF0B3472EA8AB6D2BDF31DDAC5BABF131D8307D28E7346AAE65B2602D72274B3485284133BE297BB0F334CF349BB14CB5E330B4346CB470B19AB2"
    }
  }
#-}
