module{
  func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {
    %0 = stablehlo.create_token : !stablehlo.token
    %1 = "stablehlo.send"(%arg0, %0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 2>, is_host_transfer = true}> {mh= {_xlus = "send_key"}} : (tensor<4xf32>, !stablehlo.token) -> !stablehlo.token
    %2:3 = "stablehlo.recv"(%1) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 3>, is_host_transfer = true}> : (!stablehlo.token) -> (tensor<4xf32>, tensor<2147483648x2147483648x22xi32>, !stablehlo.token)
    %3 = stablehlo.negate %2#0 : tensor<4xf32>
    return %3 : tensor<4xf32>
  }
}