func.func @main(%key: tensor<2xui64>, %lo: tensor<f32>, %hi: tensor<f32>, %x: tensor<2xf32>) -> (tensor<2xui64>, tensor<3x4xui32>, tensor<5xf32>, !stablehlo.token) {
  %0:2 = stablehlo.rng_bit_generator %key, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3x4xui32>)
  %shape = stablehlo.constant dense<5> : tensor<1xi64>
  %1 = stablehlo.rng %lo, %hi, %shape, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<5xf32>
  %t0 = stablehlo.create_token : !stablehlo.token
  %t1 = stablehlo.after_all %t0, %t0 : !stablehlo.token
  %t2 = "stablehlo.outfeed"(%x, %t1) <{outfeed_config = ""}> : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  return %0#0, %0#1, %1, %t2 : tensor<2xui64>, tensor<3x4xui32>, tensor<5xf32>, !stablehlo.token
}
