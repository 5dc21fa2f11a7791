module {
  func.func @main(%arg0: tensor<3x7xf32>) -> (tensor<3x7xf32>, tensor<3xi64>, tensor<7xf32>, tensor<3xf32>) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %c = stablehlo.constant dense<0> : tensor<i64>
    %cst_1 = arith.constant dense<0x7FF0000000000000> : tensor<1xf64>
    %0 = "stablehlo.reduce_window"(%arg0, %cst) <{padding = dense<[[0, 0], [6, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 1, 7>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %23 = stablehlo.add %arg1, %arg2 : tensor<f32>
      stablehlo.return %23 : tensor<f32>
    }) : (tensor<3x7xf32>, tensor<f32>) -> tensor<3x7xf32>
    %1 = stablehlo.iota dim = 1 : tensor<3x7xi64>
    %2:2 = stablehlo.reduce(%arg0 init: %cst_0), (%1 init: %c) across dimensions = [1] : (tensor<3x7xf32>, tensor<3x7xi64>, tensor<f32>, tensor<i64>) -> (tensor<3xf32>, tensor<3xi64>)
     reducer(%arg1: tensor<f32>, %arg3: tensor<f32>) (%arg2: tensor<i64>, %arg4: tensor<i64>)  {
      %23 = stablehlo.compare GE, %arg1, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %24 = stablehlo.select %23, %arg1, %arg3 : tensor<i1>, tensor<f32>
      %25 = stablehlo.compare EQ, %arg1, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %26 = stablehlo.minimum %arg2, %arg4 : tensor<i64>
      %27 = stablehlo.select %23, %arg2, %arg4 : tensor<i1>, tensor<i64>
      %28 = stablehlo.select %25, %26, %27 : tensor<i1>, tensor<i64>
      stablehlo.return %24, %28 : tensor<f32>, tensor<i64>
    }
    %3 = stablehlo.reduce(%arg0 init: %cst_0) applies stablehlo.maximum across dimensions = [0] : (tensor<3x7xf32>, tensor<f32>) -> tensor<7xf32>
    %4 = stablehlo.reduce(%arg0 init: %cst_0) applies stablehlo.maximum across dimensions = [1] : (tensor<3x7xf32>, tensor<f32>) -> tensor<3xf32>
    %5 = stablehlo.reshape %4 : (tensor<3xf32>) -> tensor<3x1xf32>
    %6 = stablehlo.abs %5 : tensor<3x1xf32>
    %7 = stablehlo.convert %cst_1 : tensor<1xf64>
    %8 = stablehlo.reshape %7 : (tensor<1xf64>) -> tensor<f64>
    %9 = stablehlo.convert %8 : (tensor<f64>) -> tensor<f32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<f32>) -> tensor<3x1xf32>
    %11 = stablehlo.compare EQ, %6, %10, FLOAT : (tensor<3x1xf32>, tensor<3x1xf32>) -> tensor<3x1xi1>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0, 1] : (tensor<3x1xi1>) -> tensor<3x1xi1>
    %13 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3x1xf32>
    %14 = stablehlo.broadcast_in_dim %5, dims = [0, 1] : (tensor<3x1xf32>) -> tensor<3x1xf32>
    %15 = stablehlo.select %12, %13, %14 : tensor<3x1xi1>, tensor<3x1xf32>
    %16 = stablehlo.reshape %15 : (tensor<3x1xf32>) -> tensor<3xf32>
    %17 = stablehlo.broadcast_in_dim %15, dims = [0, 1] : (tensor<3x1xf32>) -> tensor<3x7xf32>
    %18 = stablehlo.subtract %arg0, %17 : tensor<3x7xf32>
    %19 = stablehlo.exponential %18 : tensor<3x7xf32>
    %20 = stablehlo.reduce(%19 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<3x7xf32>, tensor<f32>) -> tensor<3xf32>
    %21 = stablehlo.log %20 : tensor<3xf32>
    %22 = stablehlo.add %21, %16 : tensor<3xf32>
    return %0, %2#1, %3, %22 : tensor<3x7xf32>, tensor<3xi64>, tensor<7xf32>, tensor<3xf32>
  }
}
