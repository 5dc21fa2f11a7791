module {
  func.func @main(%arg0: tensor<i64>, %arg1: tensor<i64>) -> i64 {
    %extracted = tensor.extract %arg0[] : tensor<i64>
    %extracted_0 = tensor.extract %arg1[] : tensor<i64>
    %0 = arith.addi %extracted, %extracted_0 : i64
    return %0 : i64
  }
}
