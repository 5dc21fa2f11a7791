module @replic_forms attributes {mhlo.num_ons = 8 : i32} {
  func.func @main(%arg0: tensor<8xf32>) -> tensor<32xf32> {
    %0 = "stablehlo.async_start"(%arg0) ({
    ^bb0(%arg1: tensor<8xf32>):
      %2 = "stablehlo.all_gather"(%arg1) <{all_gather_dim = 0 : i64, chandle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 2, 4, 6], [1, 3, 5, 7]]> : tensor<2x4xi64>, use_gds}> {xla.replica_groups = "[2,999999999]<=[4,2]T(1,0)"} : (tensor<8xf32>) -> tensor<32xf32>
      stablehlo.return %2 : tensor<32xf32>
    }) : (tensor<8xf32>) -> !stablehlo.future<tensor<32xf32>>
    %1 = "stablehlo.async_done"(%0) : (!stablehlo.future<tensor<32xf32>>) -> tensor<32xf32>
    return %1 : tensor<32xf32>
  }
}