module {
  func.func @main(%arg0: tensor<1x1x20x20xf32>) -> tensor<1x1x20x20xf32> {
    return %arg0 : tensor<1x1x20x20xf32>
  }
}
