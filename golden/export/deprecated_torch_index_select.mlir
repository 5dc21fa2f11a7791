func.func @main(%a: tensor<2x3xf32>, %e: tensor<5x3xf32>, %i: tensor<2xi32>, %j: tensor<5x2xi32>) -> (tensor<2x3xf32>, tensor<2x5x2xf32>) {
  %0 = "stablehlo.torch_index_select"(%e, %i) {dim = 0 : i64, batch_dims = 0 : i64} : (tensor<5x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  %1 = "stablehlo.torch_index_select"(%a, %j) {dim = 1 : i64, batch_dims = 0 : i64} : (tensor<2x3xf32>, tensor<5x2xi32>) -> tensor<2x5x2xf32>
  return %0, %1 : tensor<2x3xf32>, tensor<2x5x2xf32>
}
