func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>, %u: tensor<4xui32>, %i: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi32>, tensor<4xf32>, tensor<4xi32>) {
  %0 = stablehlo.add %a, %b : tensor<4xf32>
  %1 = stablehlo.compare LT, %a, %b, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %2 = stablehlo.compare GE, %u, %u, UNSIGNED : (tensor<4xui32>, tensor<4xui32>) -> tensor<4xi1>
  %3 = stablehlo.compare EQ, %a, %b, TOTALORDER : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %4 = stablehlo.count_leading_zeros %i : tensor<4xi32>
  %5 = stablehlo.reduce_precision %0, format = e5m10 : tensor<4xf32>
  %6 = chlo.erf %5 : tensor<4xf32> -> tensor<4xf32>
  %7 = chlo.square %6 : tensor<4xf32> -> tensor<4xf32>
  %8 = stablehlo.clamp %a, %7, %b : tensor<4xf32>
  %9 = stablehlo.select %1, %8, %a : tensor<4xi1>, tensor<4xf32>
  %10 = stablehlo.convert %9 : (tensor<4xf32>) -> tensor<4xi32>
  %11 = stablehlo.popcnt %10 : tensor<4xi32>
  %12 = stablehlo.atan2 %a, %b : tensor<4xf32>
  return %9, %1, %2, %3, %11, %12, %4 : tensor<4xf32>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi32>, tensor<4xf32>, tensor<4xi32>
}
