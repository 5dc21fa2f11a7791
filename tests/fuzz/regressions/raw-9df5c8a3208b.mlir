module @da attributes {mhlo.num_partitions = "",o.} {
  func.func public @main(%arg0: tensor<3x5xi1>, %arg1: tensor<3x5xf32>, %arg2: tensor<3x5xf32>) -> (tensor<3x5xf32> {jax.o = "t"}) {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<3x5xi1>, tensor<3x5xf32>
    return %0 : tensor<3x5xf32>
  }
}