module {
  func.func @main() -> f64 {
    %cst = arith.constant 2.2360679774997898 : f64
    return %cst : f64
  }
}
