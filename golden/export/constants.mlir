func.func @main() -> (tensor<3xf32>, tensor<2x2xbf16>, tensor<2xcomplex<f32>>, tensor<4xi1>, tensor<2x3xi32>, tensor<3xf8E4M3FN>, tensor<f64>, tensor<2xui64>, tensor<3xf16>) {
  %0 = stablehlo.constant dense<[1.5, 0x7FC00000, 0xFF800000]> : tensor<3xf32>
  %1 = stablehlo.constant dense<[[1.0, -2.5], [3.0, 0.125]]> : tensor<2x2xbf16>
  %2 = stablehlo.constant dense<[(1.0, -2.0), (0.5, 3.0)]> : tensor<2xcomplex<f32>>
  %3 = stablehlo.constant dense<[true, false, false, true]> : tensor<4xi1>
  %4 = stablehlo.constant dense<7> : tensor<2x3xi32>
  %5 = stablehlo.constant dense<[0.5, -448.0, 2.0]> : tensor<3xf8E4M3FN>
  %6 = stablehlo.constant dense<3.141592653589793> : tensor<f64>
  %7 = stablehlo.constant dense<[0, 18446744073709551615]> : tensor<2xui64>
  %8 = stablehlo.constant dense<[1.0, -0.0, 65504.0]> : tensor<3xf16>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<3xf32>, tensor<2x2xbf16>, tensor<2xcomplex<f32>>, tensor<4xi1>, tensor<2x3xi32>, tensor<3xf8E4M3FN>, tensor<f64>, tensor<2xui64>, tensor<3xf16>
}
