module {
  func.func @main(%arg0: tensor<4x7x3x4xi8>, %arg1: tensor<7x4x3xi8>) -> tensor<4x7x3x3xf32> {
    %c = stablehlo.constant dense<18> : tensor<7x4x3xi32>
    %c_0 = stablehlo.constant dense<-25> : tensor<4x7x3x4xi32>
    %cst = stablehlo.constant dense<2.150000e-02> : tensor<f32>
    %cst_1 = stablehlo.constant dense<1.760000e-02> : tensor<f32>
    %0 = stablehlo.convert %arg0 : (tensor<4x7x3x4xi8>) -> tensor<4x7x3x4xi32>
    %1 = stablehlo.subtract %0, %c_0 : tensor<4x7x3x4xi32>
    %2 = stablehlo.convert %1 : (tensor<4x7x3x4xi32>) -> tensor<4x7x3x4xf32>
    %3 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x7x3x4xf32>
    %4 = stablehlo.multiply %2, %3 : tensor<4x7x3x4xf32>
    %5 = stablehlo.convert %arg1 : (tensor<7x4x3xi8>) -> tensor<7x4x3xi32>
    %6 = stablehlo.subtract %5, %c : tensor<7x4x3xi32>
    %7 = stablehlo.convert %6 : (tensor<7x4x3xi32>) -> tensor<7x4x3xf32>
    %8 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<7x4x3xf32>
    %9 = stablehlo.multiply %7, %8 : tensor<7x4x3xf32>
    %10 = stablehlo.reshape %4 : (tensor<4x7x3x4xf32>) -> tensor<28x3x4xf32>
    %11 = stablehlo.broadcast_in_dim %9, dims = [1, 2, 3] : (tensor<7x4x3xf32>) -> tensor<4x7x4x3xf32>
    %12 = stablehlo.reshape %11 : (tensor<4x7x4x3xf32>) -> tensor<28x4x3xf32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [0, 1, 2] : (tensor<28x4x3xf32>) -> tensor<28x4x3xf32>
    %14 = stablehlo.dot_general %10, %13, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<28x3x4xf32>, tensor<28x4x3xf32>) -> tensor<28x3x3xf32>
    %15 = stablehlo.reshape %14 : (tensor<28x3x3xf32>) -> tensor<4x7x3x3xf32>
    return %15 : tensor<4x7x3x3xf32>
  }
}
