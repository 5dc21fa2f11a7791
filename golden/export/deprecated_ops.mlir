func.func public @twice(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.add %a, %a : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
func.func @main(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %t: tuple<tensor<4xf32>, tuple<tensor<i32>>>) -> (tensor<2x4xf32>, tensor<5x2x3xf32>, tensor<2x2xf32>, tensor<i32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %0 = stablehlo.dot %a, %b : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %1 = stablehlo.broadcast %a, sizes = [5] : (tensor<2x3xf32>) -> tensor<5x2x3xf32>
  %start = stablehlo.constant dense<[0, 1]> : tensor<2xi64>
  %limit = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  %stride = stablehlo.constant dense<1> : tensor<2xi64>
  %2 = stablehlo.real_dynamic_slice %a, %start, %limit, %stride : (tensor<2x3xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<2x2xf32>
  %tok = stablehlo.create_token : !stablehlo.token
  %3 = stablehlo.get_tuple_element %t[1] : (tuple<tensor<4xf32>, tuple<tensor<i32>>>) -> tuple<tensor<i32>>
  %4 = stablehlo.get_tuple_element %3[0] : (tuple<tensor<i32>>) -> tensor<i32>
  %5 = stablehlo.tuple %a, %4 : tuple<tensor<2x3xf32>, tensor<i32>>
  %6 = stablehlo.get_tuple_element %5[0] : (tuple<tensor<2x3xf32>, tensor<i32>>) -> tensor<2x3xf32>
  %7 = tensor.cast %6 : tensor<2x3xf32> to tensor<2x3xf32>
  %8 = func.call @twice(%7) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %9 = stablehlo.after_all %tok : !stablehlo.token
  return %0, %1, %2, %4, %7, %8 : tensor<2x4xf32>, tensor<5x2x3xf32>, tensor<2x2xf32>, tensor<i32>, tensor<2x3xf32>, tensor<2x3xf32>
}
