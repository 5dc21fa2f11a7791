module @ja attributes {mhlo.num_partitions = "ret",lo.2} {
  func.func public @main(%arg0: tensor<8x8xf32> {mhlo.sg = "{}"}) -> (tensor<8x8xf32> {jax.= "result", mhlo.sharding = "{devices=[2,4]<=[8]}"}) {
    %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<8x8xf32>) -> tensor<8x8xf32>
    return %0 : tensor<8x8xf32>
  }
}