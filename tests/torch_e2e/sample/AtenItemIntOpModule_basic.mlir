module {
  func.func @main(%arg0: tensor<i8>) -> i64 {
    %extracted = tensor.extract %arg0[] : tensor<i8>
    %0 = arith.extsi %extracted : i8 to i64
    return %0 : i64
  }
}
