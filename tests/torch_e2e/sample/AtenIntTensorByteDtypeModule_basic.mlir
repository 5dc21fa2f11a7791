module {
  func.func @main(%arg0: tensor<ui8>) -> i64 {
    %0 = stablehlo.convert %arg0 : (tensor<ui8>) -> tensor<i8>
    %extracted = tensor.extract %0[] : tensor<i8>
    %1 = arith.extui %extracted : i8 to i64
    return %1 : i64
  }
}
