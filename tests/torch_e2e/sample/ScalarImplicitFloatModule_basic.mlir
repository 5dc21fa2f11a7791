module {
  func.func @main(%arg0: tensor<f64>) -> f64 {
    %extracted = tensor.extract %arg0[] : tensor<f64>
    return %extracted : f64
  }
}
