func.func @main(%x: tensor<4x6xf32>, %k: tensor<4x6xi32>) -> (tensor<6xf32>, tensor<6xi32>, tensor<2x3xf32>, tensor<4x6xf32>, tensor<4x6xi32>, tensor<4x6xf32>, tensor<4x6xf32>) {
  %init = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.reduce(%x init: %init), (%k init: %zero) across dimensions = [0] : (tensor<4x6xf32>, tensor<4x6xi32>, tensor<f32>, tensor<i32>) -> (tensor<6xf32>, tensor<6xi32>)
   reducer(%a: tensor<f32>, %b: tensor<f32>) (%c: tensor<i32>, %d: tensor<i32>) {
    %m = stablehlo.maximum %a, %b : tensor<f32>
    %n = stablehlo.add %c, %d : tensor<i32>
    stablehlo.return %m, %n : tensor<f32>, tensor<i32>
  }
  %1 = "stablehlo.reduce_window"(%x, %init) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>, padding = dense<[[0, 0], [0, 0]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<f32>) -> tensor<2x3xf32>
  %fzero = stablehlo.constant dense<0.0> : tensor<f32>
  %2 = "stablehlo.select_and_scatter"(%x, %1, %fzero) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %g = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %g : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<2x3xf32>, tensor<f32>) -> tensor<4x6xf32>
  %3:2 = "stablehlo.sort"(%x, %k) <{dimension = 1 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
    %l = stablehlo.compare LT, %a, %b, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %l : tensor<i1>
  }) : (tensor<4x6xf32>, tensor<4x6xi32>) -> (tensor<4x6xf32>, tensor<4x6xi32>)
  %4 = "stablehlo.map"(%x, %x) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.multiply %a, %b : tensor<f32>
    stablehlo.return %p : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0#0, %0#1, %1, %3#0, %3#1, %4, %2 : tensor<6xf32>, tensor<6xi32>, tensor<2x3xf32>, tensor<4x6xf32>, tensor<4x6xi32>, tensor<4x6xf32>, tensor<4x6xf32>
}
