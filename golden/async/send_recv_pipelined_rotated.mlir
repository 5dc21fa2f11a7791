module @send_recv_pipelined_rotated attributes {mhlo.num_partitions = 4 : i32} {
  func.func @main(%arg0: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
    %c = stablehlo.constant dense<0> : tensor<ui32>
    %0 = stablehlo.create_token : !stablehlo.token
    %1:2 = "stablehlo.recv"(%0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3]]> : tensor<3x2xi64>}> {mhlo.frontend_attributes = {_xla_send_recv_pipeline = "0"}, xla.done_frontend_attributes = {_xla_send_recv_pipeline = "0"}} : (!stablehlo.token) -> (tensor<8xf32>, !stablehlo.token)
    %2 = "stablehlo.send"(%arg0, %0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3]]> : tensor<3x2xi64>}> {mhlo.frontend_attributes = {_xla_send_recv_pipeline = "0"}, xla.done_frontend_attributes = {_xla_send_recv_pipeline = "0"}} : (tensor<8xf32>, !stablehlo.token) -> !stablehlo.token
    %3 = stablehlo.create_token : !stablehlo.token
    %4:2 = "stablehlo.recv"(%3) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, source_target_pairs = dense<[[3, 0]]> : tensor<1x2xi64>}> {mhlo.frontend_attributes = {_xla_send_recv_pipeline = "1"}, xla.done_frontend_attributes = {_xla_send_recv_pipeline = "1"}} : (!stablehlo.token) -> (tensor<8xf32>, !stablehlo.token)
    %5 = "stablehlo.send"(%arg0, %3) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, source_target_pairs = dense<[[3, 0]]> : tensor<1x2xi64>}> {mhlo.frontend_attributes = {_xla_send_recv_pipeline = "1"}, xla.done_frontend_attributes = {_xla_send_recv_pipeline = "1"}} : (tensor<8xf32>, !stablehlo.token) -> !stablehlo.token
    %6:7 = stablehlo.while(%iterArg = %c, %iterArg_0 = %1#0, %iterArg_1 = %1#1, %iterArg_2 = %4#0, %iterArg_3 = %4#1, %iterArg_4 = %2, %iterArg_5 = %5) : tensor<ui32>, tensor<8xf32>, !stablehlo.token, tensor<8xf32>, !stablehlo.token, !stablehlo.token, !stablehlo.token attributes {xla.backend_config = "{\22known_trip_count\22:{\22n\22:\225\22}}", xla_shape = "(u32[], (f32[8], token[]), (f32[8], token[]), token[], token[])"}
    cond {
      %c_6 = stablehlo.constant dense<5> : tensor<ui32>
      %7 = stablehlo.compare LT, %iterArg, %c_6 : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
      stablehlo.return %7 : tensor<i1>
    } do {
      %7 = stablehlo.partition_id : tensor<ui32>
      %c_6 = stablehlo.constant dense<0> : tensor<ui32>
      %8 = stablehlo.compare EQ, %7, %c_6 : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
      %9 = stablehlo.broadcast_in_dim %8, dims = [] : (tensor<i1>) -> tensor<8xi1>
      %10 = stablehlo.select %9, %iterArg_2, %iterArg_0 : tensor<8xi1>, tensor<8xf32>
      %c_7 = stablehlo.constant dense<1> : tensor<ui32>
      %11 = stablehlo.add %iterArg, %c_7 : tensor<ui32>
      %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
      %12 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8xf32>
      %13 = stablehlo.multiply %10, %12 : tensor<8xf32>
      %14 = stablehlo.create_token : !stablehlo.token
      %15:2 = "stablehlo.recv"(%14) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3]]> : tensor<3x2xi64>}> {mhlo.frontend_attributes = {_xla_send_recv_pipeline = "0"}, xla.done_frontend_attributes = {_xla_send_recv_pipeline = "0"}} : (!stablehlo.token) -> (tensor<8xf32>, !stablehlo.token)
      %16 = "stablehlo.send"(%13, %14) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3]]> : tensor<3x2xi64>}> {mhlo.frontend_attributes = {_xla_send_recv_pipeline = "0"}, xla.done_frontend_attributes = {_xla_send_recv_pipeline = "0"}} : (tensor<8xf32>, !stablehlo.token) -> !stablehlo.token
      %17 = stablehlo.create_token : !stablehlo.token
      %18:2 = "stablehlo.recv"(%17) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, source_target_pairs = dense<[[3, 0]]> : tensor<1x2xi64>}> {mhlo.frontend_attributes = {_xla_send_recv_pipeline = "1"}, xla.done_frontend_attributes = {_xla_send_recv_pipeline = "1"}} : (!stablehlo.token) -> (tensor<8xf32>, !stablehlo.token)
      %19 = "stablehlo.send"(%13, %17) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, source_target_pairs = dense<[[3, 0]]> : tensor<1x2xi64>}> {mhlo.frontend_attributes = {_xla_send_recv_pipeline = "1"}, xla.done_frontend_attributes = {_xla_send_recv_pipeline = "1"}} : (tensor<8xf32>, !stablehlo.token) -> !stablehlo.token
      stablehlo.return %11, %15#0, %15#1, %18#0, %18#1, %16, %19 : tensor<ui32>, tensor<8xf32>, !stablehlo.token, tensor<8xf32>, !stablehlo.token, !stablehlo.token, !stablehlo.token
    }
    return %6#1, %6#3 : tensor<8xf32>, tensor<8xf32>
  }
}
