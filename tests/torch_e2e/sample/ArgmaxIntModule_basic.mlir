module {
  func.func @main(%arg0: tensor<3x4xi64>) -> tensor<i64> {
    %c = stablehlo.constant dense<-9223372036854775808> : tensor<i64>
    %c_0 = stablehlo.constant dense<0> : tensor<i64>
    %0 = stablehlo.reshape %arg0 : (tensor<3x4xi64>) -> tensor<12xi64>
    %1 = stablehlo.iota dim = 0 : tensor<12xi64>
    %2:2 = stablehlo.reduce(%0 init: %c), (%1 init: %c_0) across dimensions = [0] : (tensor<12xi64>, tensor<12xi64>, tensor<i64>, tensor<i64>) -> (tensor<i64>, tensor<i64>)
     reducer(%arg1: tensor<i64>, %arg3: tensor<i64>) (%arg2: tensor<i64>, %arg4: tensor<i64>)  {
      %3 = stablehlo.compare GE, %arg1, %arg3, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      %4 = stablehlo.select %3, %arg1, %arg3 : tensor<i1>, tensor<i64>
      %5 = stablehlo.compare EQ, %arg1, %arg3, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      %6 = stablehlo.minimum %arg2, %arg4 : tensor<i64>
      %7 = stablehlo.select %3, %arg2, %arg4 : tensor<i1>, tensor<i64>
      %8 = stablehlo.select %5, %6, %7 : tensor<i1>, tensor<i64>
      stablehlo.return %4, %8 : tensor<i64>, tensor<i64>
    }
    return %2#1 : tensor<i64>
  }
}
