module @jit__lambda attributes {mhlo.num_partitions =  1 : i32} {
  func.func public @main(%arg0: tensor<2x3x6xbf16>) -> (tensor<2x3x2xbf16> {jax.result_info = loc(unknown)}, tensor<2x3x2xi32> {jax.result_info = "result[1]"}) {
    %values, %indices = chlo.top_k(%arg0, k = 2) : tensor<2x3x6xbf16> -> (tensor<2x3x2xbf16>, tensor<2x3x2xi32>)
    return %values, %indices : tensor<2x3x2xbf16>, tensor<2x3x2xi32>
  }
}