module @send_recv_pipelined attributes {mhlo.num_partitions = 4 : i32} {
  func.func @main() -> tensor<4xf32> {
    %c = stablehlo.constant dense<0> : tensor<ui32>
    %0 = stablehlo.create_token : !stablehlo.token
    %1:3 = stablehlo.custom_call @xla.recv(%0) {has_side_effect = true, mhlo.frontend_attributes = {_xla_send_recv_pipeline = "0", _xla_send_recv_source_target_pairs = "{{0,1},{1,2},{2,3}}"}, xla.attributes = {channel_id = "1"}} : (!stablehlo.token) -> (tensor<4xf32>, tensor<ui32>, !stablehlo.token)
    %2:4 = stablehlo.while(%iterArg = %c, %iterArg_0 = %1#0, %iterArg_1 = %1#1, %iterArg_2 = %1#2) : tensor<ui32>, tensor<4xf32>, tensor<ui32>, !stablehlo.token attributes {xla_shape = "(u32[], (f32[4], u32[], token[]))"}
    cond {
      %c_3 = stablehlo.constant dense<3> : tensor<ui32>
      %4 = stablehlo.compare LT, %iterArg, %c_3 : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
      stablehlo.return %4 : tensor<i1>
    } do {
      %4:2 = stablehlo.custom_call @"xla.recv-done"(%iterArg_0, %iterArg_1, %iterArg_2) {has_side_effect = true, mhlo.frontend_attributes = {_xla_send_recv_pipeline = "0"}, xla.attributes = {channel_id = "1"}, xla.keep} : (tensor<4xf32>, tensor<ui32>, !stablehlo.token) -> (tensor<4xf32>, !stablehlo.token)
      %c_3 = stablehlo.constant dense<1> : tensor<ui32>
      %5 = stablehlo.add %iterArg, %c_3 : tensor<ui32>
      %6 = stablehlo.create_token : !stablehlo.token
      %7:3 = stablehlo.custom_call @xla.recv(%6) {has_side_effect = true, mhlo.frontend_attributes = {_xla_send_recv_pipeline = "0", _xla_send_recv_source_target_pairs = "{{0,1},{1,2},{2,3}}"}, xla.attributes = {channel_id = "1"}} : (!stablehlo.token) -> (tensor<4xf32>, tensor<ui32>, !stablehlo.token)
      stablehlo.return %5, %7#0, %7#1, %7#2 : tensor<ui32>, tensor<4xf32>, tensor<ui32>, !stablehlo.token
    }
    %3:2 = stablehlo.custom_call @"xla.recv-done"(%2#1, %2#2, %2#3) {has_side_effect = true, mhlo.frontend_attributes = {_xla_send_recv_pipeline = "0"}, xla.attributes = {channel_id = "1"}} : (tensor<4xf32>, tensor<ui32>, !stablehlo.token) -> (tensor<4xf32>, !stablehlo.token)
    return %3#0 : tensor<4xf32>
  }
}
