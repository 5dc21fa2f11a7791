func.func @main(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %c: tensor<5x2x3xf32>, %d: tensor<5x3x4x6xf32>, %e: tensor<5x3xf32>) -> (tensor<2x4xf32>, tensor<4x2xf32>, tensor<5x4x2xf32>, tensor<4xf32>, tensor<2x3x5xf32>) {
  %0 = "stablehlo.einsum"(%a, %b) {einsum_config = "ab,bc->ac"} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %1 = "stablehlo.einsum"(%a, %b) {einsum_config = "ab,bc->ca"} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<4x2xf32>
  %2 = "stablehlo.einsum"(%c, %d) {einsum_config = "zab,zbcd->zca"} : (tensor<5x2x3xf32>, tensor<5x3x4x6xf32>) -> tensor<5x4x2xf32>
  %3 = "stablehlo.einsum"(%a, %b) {einsum_config = "ab,bc->c"} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<4xf32>
  %4 = "stablehlo.einsum"(%a, %e) {einsum_config = "ab,cb->abc"} : (tensor<2x3xf32>, tensor<5x3xf32>) -> tensor<2x3x5xf32>
  return %0, %1, %2, %3, %4 : tensor<2x4xf32>, tensor<4x2xf32>, tensor<5x4x2xf32>, tensor<4xf32>, tensor<2x3x5xf32>
}
