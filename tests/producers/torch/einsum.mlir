module {
  func.func @main(%arg0: tensor<2x6x5xf32>) -> tensor<2x3x6x4xf32> {
    %cst = stablehlo.constant dense_resource<torch_tensor_3_5_4_torch.float32> : tensor<3x5x4xf32>
    %0 = stablehlo.reshape %arg0 : (tensor<2x6x5xf32>) -> tensor<2x6x5x1xf32>
    %1 = stablehlo.reshape %0 : (tensor<2x6x5x1xf32>) -> tensor<2x6x5x1x1xf32>
    %2 = stablehlo.transpose %1, dims = [0, 3, 1, 4, 2] : (tensor<2x6x5x1x1xf32>) -> tensor<2x1x6x1x5xf32>
    %3 = stablehlo.reshape %cst : (tensor<3x5x4xf32>) -> tensor<3x5x4x1xf32>
    %4 = stablehlo.reshape %3 : (tensor<3x5x4x1xf32>) -> tensor<3x5x4x1x1xf32>
    %5 = stablehlo.transpose %4, dims = [3, 0, 4, 2, 1] : (tensor<3x5x4x1x1xf32>) -> tensor<1x3x1x4x5xf32>
    %6 = stablehlo.transpose %2, dims = [0, 2, 4, 1, 3] : (tensor<2x1x6x1x5xf32>) -> tensor<2x6x5x1x1xf32>
    %7 = stablehlo.reshape %6 : (tensor<2x6x5x1x1xf32>) -> tensor<1x12x5xf32>
    %8 = stablehlo.transpose %5, dims = [4, 1, 3, 0, 2] : (tensor<1x3x1x4x5xf32>) -> tensor<5x3x4x1x1xf32>
    %9 = stablehlo.reshape %8 : (tensor<5x3x4x1x1xf32>) -> tensor<1x5x12xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1, 2] : (tensor<1x5x12xf32>) -> tensor<1x5x12xf32>
    %11 = stablehlo.dot_general %7, %10, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<1x12x5xf32>, tensor<1x5x12xf32>) -> tensor<1x12x12xf32>
    %12 = stablehlo.reshape %11 : (tensor<1x12x12xf32>) -> tensor<2x6x1x3x4xf32>
    %13 = stablehlo.transpose %12, dims = [0, 3, 1, 4, 2] : (tensor<2x6x1x3x4xf32>) -> tensor<2x3x6x4x1xf32>
    %14 = stablehlo.reshape %13 : (tensor<2x3x6x4x1xf32>) -> tensor<2x3x6x4xf32>
    return %14 : tensor<2x3x6x4xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_3_5_4_torch.float32: "0x04000000748E2DBF050E0FBF4166753FE72EBD3E0426893F6C9B233F94C0053F58914CBF80EB1D3FDF92823E1C2121C0FF6B933F49F06C3FAA9B41BFD444343F7FA95F3DF53AD9BECBCF5FBEFC67CA3FB2B73CBFA2A7A0396959DDBEFB96D4BEF48B5E3F4137C1BFCCF5623EC2151EBF3E70B6BF090668BFBF9536BF084B93BF3318DD3F5E08FCBE858B66BDA801703FEE3509BF880AF6BD96F8173CE19D7CBFC70FDB3EB25E03BEADCF9EBE759F563FB1A093BE526A75BF4C62213F4ADAD6BEC5D3A9BF2C18813E71BB9C3EE6A48FBE17F6DA3D1AFB0E3E3ECFB23F67E14CBF509036BF730BA4BD17A596BF0E0A6C3E72B2DD3E"
    }
  }
#-}
