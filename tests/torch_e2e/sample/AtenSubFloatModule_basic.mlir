module {
  func.func @main() -> f64 {
    %cst = arith.constant -1.000000e+00 : f64
    return %cst : f64
  }
}
