module {
  func.func @main(%arg0: tensor<9xi8>, %arg1: tensor<9x4xi8>) -> tensor<4xf32> {
    %c = stablehlo.constant dense<18> : tensor<9x4xi32>
    %c_0 = stablehlo.constant dense<-25> : tensor<9xi32>
    %cst = stablehlo.constant dense<2.150000e-02> : tensor<f32>
    %cst_1 = stablehlo.constant dense<1.760000e-02> : tensor<f32>
    %0 = stablehlo.convert %arg0 : (tensor<9xi8>) -> tensor<9xi32>
    %1 = stablehlo.subtract %0, %c_0 : tensor<9xi32>
    %2 = stablehlo.convert %1 : (tensor<9xi32>) -> tensor<9xf32>
    %3 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<9xf32>
    %4 = stablehlo.multiply %2, %3 : tensor<9xf32>
    %5 = stablehlo.convert %arg1 : (tensor<9x4xi8>) -> tensor<9x4xi32>
    %6 = stablehlo.subtract %5, %c : tensor<9x4xi32>
    %7 = stablehlo.convert %6 : (tensor<9x4xi32>) -> tensor<9x4xf32>
    %8 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<9x4xf32>
    %9 = stablehlo.multiply %7, %8 : tensor<9x4xf32>
    %10 = stablehlo.reshape %4 : (tensor<9xf32>) -> tensor<1x9xf32>
    %11 = stablehlo.dot_general %10, %9, contracting_dims = [1] x [0] : (tensor<1x9xf32>, tensor<9x4xf32>) -> tensor<1x4xf32>
    %12 = stablehlo.reshape %11 : (tensor<1x4xf32>) -> tensor<4xf32>
    return %12 : tensor<4xf32>
  }
}
