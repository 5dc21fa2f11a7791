module @slices {
  func.func @main(%arg0: tensor<8xf32>, %arg1: tensor<2xf32>, %arg2: tensor<i32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<8xf32>) {
    %0 = "stablehlo.async_start"(%arg0) ({
    ^bb0(%arg3: tensor<8xf32>):
      %6 = stablehlo.slice %arg3 [2:6:2] : (tensor<8xf32>) -> tensor<2xf32>
      stablehlo.return %6 : tensor<2xf32>
    }) : (tensor<8xf32>) -> !stablehlo.future<tensor<2xf32>>
    %1 = "stablehlo.async_start"(%arg0, %arg2) ({
    ^bb0(%arg3: tensor<8xf32>, %arg4: tensor<i32>):
      %6 = stablehlo.dynamic_slice %arg3, %arg4, sizes = [2] : (tensor<8xf32>, tensor<i32>) -> tensor<2xf32>
      stablehlo.return %6 : tensor<2xf32>
    }) : (tensor<8xf32>, tensor<i32>) -> !stablehlo.future<tensor<2xf32>>
    %2 = "stablehlo.async_start"(%arg0, %arg1, %arg2) ({
    ^bb0(%arg3: tensor<8xf32>, %arg4: tensor<2xf32>, %arg5: tensor<i32>):
      %6 = stablehlo.dynamic_update_slice %arg3, %arg4, %arg5 : (tensor<8xf32>, tensor<2xf32>, tensor<i32>) -> tensor<8xf32>
      stablehlo.return %6 : tensor<8xf32>
    }) : (tensor<8xf32>, tensor<2xf32>, tensor<i32>) -> !stablehlo.future<tensor<8xf32>>
    %3 = "stablehlo.async_done"(%0) : (!stablehlo.future<tensor<2xf32>>) -> tensor<2xf32>
    %4 = "stablehlo.async_done"(%1) : (!stablehlo.future<tensor<2xf32>>) -> tensor<2xf32>
    %5 = "stablehlo.async_done"(%2) : (!stablehlo.future<tensor<8xf32>>) -> tensor<8xf32>
    return %3, %4, %5 : tensor<2xf32>, tensor<2xf32>, tensor<8xf32>
  }
}
