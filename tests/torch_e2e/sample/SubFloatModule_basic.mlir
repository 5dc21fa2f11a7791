module {
  func.func @main(%arg0: tensor<f64>, %arg1: tensor<f64>) -> f64 {
    %extracted = tensor.extract %arg0[] : tensor<f64>
    %extracted_0 = tensor.extract %arg1[] : tensor<f64>
    %0 = arith.subf %extracted, %extracted_0 : f64
    return %0 : f64
  }
}
