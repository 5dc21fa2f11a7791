module @send_recv_pipeline_attributes attributes {mhlo.num_partitions = 4 : i32} {
  func.func @main(%arg0: tensor<2xui32>) -> tensor<2xui32> {
    %0 = stablehlo.create_token : !stablehlo.token
    %1:2 = "stablehlo.recv"(%0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[3, 0]]> : tensor<1x2xi64>}> {mhlo.frontend_attributes = {_xla_send_recv_pipeline = "0", _xla_send_recv_validation = "{{0,7}}"}, xla.done_frontend_attributes = {_xla_send_recv_pipeline = "0"}} : (!stablehlo.token) -> (tensor<2xui32>, !stablehlo.token)
    %2 = "stablehlo.send"(%arg0, %0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[3, 0]]> : tensor<1x2xi64>}> {mhlo.frontend_attributes = {_xla_send_recv_pipeline = "0", _xla_send_recv_validation = "{{0,7}}"}, xla.done_frontend_attributes = {_xla_send_recv_pipeline = "0"}} : (tensor<2xui32>, !stablehlo.token) -> !stablehlo.token
    return %1#0 : tensor<2xui32>
  }
}
