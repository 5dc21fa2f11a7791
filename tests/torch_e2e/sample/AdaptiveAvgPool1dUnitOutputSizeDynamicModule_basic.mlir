module {
  func.func @main(%arg0: tensor<1x512x7xf32>) -> tensor<1x512x1xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %cst_0 = arith.constant dense<7> : tensor<1xi64>
    %0 = stablehlo.reshape %arg0 : (tensor<1x512x7xf32>) -> tensor<1x512x1x7xf32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [2, 3] : (tensor<1x512x1x7xf32>, tensor<f32>) -> tensor<1x512xf32>
    %2 = stablehlo.reshape %1 : (tensor<1x512xf32>) -> tensor<1x512x1x1xf32>
    %3 = stablehlo.convert %cst_0 : (tensor<1xi64>) -> tensor<1xf32>
    %4 = stablehlo.reshape %3 : (tensor<1xf32>) -> tensor<f32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<f32>) -> tensor<1x512x1x1xf32>
    %6 = stablehlo.divide %2, %5 : tensor<1x512x1x1xf32>
    %7 = stablehlo.reshape %6 : (tensor<1x512x1x1xf32>) -> tensor<1x512x1xf32>
    return %7 : tensor<1x512x1xf32>
  }
}
