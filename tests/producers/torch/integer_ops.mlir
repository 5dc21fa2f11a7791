module {
  func.func @main(%arg0: tensor<5xi64>, %arg1: tensor<5xi64>) -> (tensor<5xi64>, tensor<5xi64>, tensor<5xi64>, tensor<5xi64>) {
    %c = stablehlo.constant dense<1> : tensor<5xi64>
    %c_0 = stablehlo.constant dense<2> : tensor<5xi64>
    %0 = stablehlo.convert %arg0 : (tensor<5xi64>) -> tensor<5xf64>
    %1 = stablehlo.convert %arg1 : (tensor<5xi64>) -> tensor<5xf64>
    %2 = stablehlo.divide %0, %1 : tensor<5xf64>
    %3 = stablehlo.floor %2 : tensor<5xf64>
    %4 = stablehlo.convert %3 : (tensor<5xf64>) -> tensor<5xi64>
    %5 = stablehlo.divide %arg0, %arg1 : tensor<5xi64>
    %6 = stablehlo.multiply %5, %arg1 : tensor<5xi64>
    %7 = stablehlo.subtract %arg0, %6 : tensor<5xi64>
    %8 = stablehlo.compare GT, %arg0, %arg1, SIGNED : (tensor<5xi64>, tensor<5xi64>) -> tensor<5xi1>
    %9 = stablehlo.multiply %arg0, %c_0 : tensor<5xi64>
    %10 = stablehlo.subtract %arg1, %c : tensor<5xi64>
    %11 = stablehlo.broadcast_in_dim %8, dims = [0] : (tensor<5xi1>) -> tensor<5xi1>
    %12 = stablehlo.broadcast_in_dim %9, dims = [0] : (tensor<5xi64>) -> tensor<5xi64>
    %13 = stablehlo.broadcast_in_dim %10, dims = [0] : (tensor<5xi64>) -> tensor<5xi64>
    %14 = stablehlo.select %11, %12, %13 : tensor<5xi1>, tensor<5xi64>
    %15 = stablehlo.xor %arg0, %arg1 : tensor<5xi64>
    return %4, %7, %14, %15 : tensor<5xi64>, tensor<5xi64>, tensor<5xi64>, tensor<5xi64>
  }
}
