#loc1 = loc("x")
#loc2 = loc("p")
#loc3 = loc("k")
#loc17 = loc("h")
module @control_flow {
  func.func @main(%arg0: tensor<2xf32> loc("x"), %arg1: tensor<i1> loc("p"), %arg2: tensor<i32> loc("k")) -> tensor<2xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32> loc(#loc4)
    %0:2 = stablehlo.while(%iterArg = %c, %iterArg_0 = %arg0) : tensor<i32>, tensor<2xf32>
    cond {
      %c_1 = stablehlo.constant dense<3> : tensor<i32> loc(#loc6)
      %4 = stablehlo.compare LT, %iterArg, %c_1 : (tensor<i32>, tensor<i32>) -> tensor<i1> loc(#loc7)
      stablehlo.return %4 : tensor<i1> loc(#loc)
    } do {
      %c_1 = stablehlo.constant dense<1> : tensor<i32> loc(#loc8)
      %4 = stablehlo.add %iterArg, %c_1 : tensor<i32> loc(#loc9)
      %5 = stablehlo.add %iterArg_0, %iterArg_0 : tensor<2xf32> loc(#loc10)
      stablehlo.return %4, %5 : tensor<i32>, tensor<2xf32> loc(#loc)
    } loc(#loc5)
    %1 = "stablehlo.if"(%arg1) ({
      %4 = stablehlo.negate %0#1 : tensor<2xf32> loc(#loc12)
      stablehlo.return %4 : tensor<2xf32> loc(#loc)
    }, {
      %4 = stablehlo.exponential %0#1 : tensor<2xf32> loc(#loc13)
      stablehlo.return %4 : tensor<2xf32> loc(#loc)
    }) : (tensor<i1>) -> tensor<2xf32> loc(#loc11)
    %2 = "stablehlo.case"(%arg2) ({
      %4 = stablehlo.negate %1 : tensor<2xf32> loc(#loc12)
      stablehlo.return %4 : tensor<2xf32> loc(#loc)
    }, {
      %4 = stablehlo.exponential %1 : tensor<2xf32> loc(#loc13)
      stablehlo.return %4 : tensor<2xf32> loc(#loc)
    }, {
      %4 = stablehlo.sine %1 : tensor<2xf32> loc(#loc15)
      stablehlo.return %4 : tensor<2xf32> loc(#loc)
    }) : (tensor<i32>) -> tensor<2xf32> loc(#loc14)
    %3 = call @helper(%2) : (tensor<2xf32>) -> tensor<2xf32> loc(#loc16)
    return %3 : tensor<2xf32> loc(#loc)
  } loc(#loc)
  func.func private @helper(%arg0: tensor<2xf32> loc("h")) -> tensor<2xf32> {
    %0 = stablehlo.sine %arg0 : tensor<2xf32> loc(#loc15)
    return %0 : tensor<2xf32> loc(#loc)
  } loc(#loc)
} loc(#loc)
#loc = loc(unknown)
#loc4 = loc("zero")
#loc5 = loc("w")
#loc6 = loc("n")
#loc7 = loc("lt")
#loc8 = loc("one")
#loc9 = loc("i2")
#loc10 = loc("v2")
#loc11 = loc("c.1")
#loc12 = loc("n.1")
#loc13 = loc("e")
#loc14 = loc("s.1")
#loc15 = loc("s")
#loc16 = loc("r")
