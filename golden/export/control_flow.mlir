func.func @main(%x: tensor<3xf32>, %p: tensor<i1>, %n: tensor<i32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.while(%i = %c0, %acc = %x) : tensor<i32>, tensor<3xf32>
  cond {
    %lt = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %c1 = stablehlo.constant dense<1> : tensor<i32>
    %j = stablehlo.add %i, %c1 : tensor<i32>
    %y = stablehlo.multiply %acc, %x : tensor<3xf32>
    stablehlo.return %j, %y : tensor<i32>, tensor<3xf32>
  }
  %1 = "stablehlo.if"(%p) ({
    %t = stablehlo.negate %x : tensor<3xf32>
    stablehlo.return %t : tensor<3xf32>
  }, {
    stablehlo.return %0#1 : tensor<3xf32>
  }) : (tensor<i1>) -> tensor<3xf32>
  %2 = "stablehlo.case"(%n) ({
    %t = stablehlo.add %x, %1 : tensor<3xf32>
    stablehlo.return %t : tensor<3xf32>
  }, {
    %cst = stablehlo.constant dense<2.0> : tensor<3xf32>
    stablehlo.return %cst : tensor<3xf32>
  }) : (tensor<i32>) -> tensor<3xf32>
  %3 = func.call @helper(%2, %x) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %4:2 = stablehlo.optimization_barrier %3, %x : tensor<3xf32>, tensor<3xf32>
  return %0#1, %1, %4#0, %4#1 : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>
}
func.func private @helper(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  %0 = stablehlo.subtract %a, %b : tensor<3xf32>
  return %0 : tensor<3xf32>
}
