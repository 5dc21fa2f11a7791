module {
  func.func @main(%arg0: tensor<5x2xcomplex<f32>>) -> tensor<5x2xcomplex<f32>> {
    return %arg0 : tensor<5x2xcomplex<f32>>
  }
}
