module {
  func.func @main(%arg0: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
    %cst = stablehlo.constant dense_resource<torch_tensor_2_3_torch.float32> : tensor<2x3xf32>
    %0 = stablehlo.add %arg0, %cst : tensor<2x3xf32>
    return %0, %0 : tensor<2x3xf32>, tensor<2x3xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_2_3_torch.float32: "0x040000000000803F0000803F0000803F0000803F0000803F0000803F"
    }
  }
#-}
