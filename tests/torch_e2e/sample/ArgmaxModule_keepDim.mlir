module {
  func.func @main(%arg0: tensor<4x6xf32>) -> tensor<1x6xi64> {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %c = stablehlo.constant dense<0> : tensor<i64>
    %0 = stablehlo.iota dim = 0 : tensor<4x6xi64>
    %1:2 = stablehlo.reduce(%arg0 init: %cst), (%0 init: %c) across dimensions = [0] : (tensor<4x6xf32>, tensor<4x6xi64>, tensor<f32>, tensor<i64>) -> (tensor<6xf32>, tensor<6xi64>)
     reducer(%arg1: tensor<f32>, %arg3: tensor<f32>) (%arg2: tensor<i64>, %arg4: tensor<i64>)  {
      %3 = stablehlo.compare GE, %arg1, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %4 = stablehlo.select %3, %arg1, %arg3 : tensor<i1>, tensor<f32>
      %5 = stablehlo.compare EQ, %arg1, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %6 = stablehlo.minimum %arg2, %arg4 : tensor<i64>
      %7 = stablehlo.select %3, %arg2, %arg4 : tensor<i1>, tensor<i64>
      %8 = stablehlo.select %5, %6, %7 : tensor<i1>, tensor<i64>
      stablehlo.return %4, %8 : tensor<f32>, tensor<i64>
    }
    %2 = stablehlo.reshape %1#1 : (tensor<6xi64>) -> tensor<1x6xi64>
    return %2 : tensor<1x6xi64>
  }
}
