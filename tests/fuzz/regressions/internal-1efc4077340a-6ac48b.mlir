module @jallectives attributes {mhlo.nums = 8 : i32, mhlo.nu = 1 : i32} {
  func.func private @add_float32_reducer(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.add %arg0, %arg1 : tensor<f32>
    return %0 : tensor<f32>
  }
  func.func public @main(%arg0: tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>, tensor<64x4xf32>, tensor<1x4xf32>, tensor<8x4xf32>) {
    %0 = stablehlo.custom_call @"collective-permute-start"(%arg0) {backend_config = "", mhlo.frontend_attributes = {async_collective_config = "{\22permutation\22: [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]], \22channel_id\22: 1}"}} : (tensor<8x4xf32>) -> tensor<8x4xf32>
    %1 = stablehlo.custom_call @"collective-permute-done"(%0) {backend_config = ""} : (tensor<8x4xf32>) -> tensor<8x4xf32>
    %2 = stablehlo.custom_call @"all-reduce-start"(%arg0) {backend_config = "", called_computations = [@add_float32_reducer], mhlo.frontend_attributes = {async_collective_config = "{\22replica_groups\22: [[0, 1, 2, 3, 4, 5, 6, 7]], \22use_global_device_ids\22: true, \22channel_id\22: 2}"}} : (tensor<8x4xf32>) -> tensor<8x4xf32>
    %3 = stablehlo.custom_call @"all-reduce-done"(%2) {backend_config = ""} : (tensor<8x4xf32>) -> tensor<8x4xf32>
    %4 = stablehlo.custom_call @"all-gather-start"(%arg0) {mhlo.frontend_attributes = {async_collective_config = "{\22all_gather_dimension\22: 0, \22replica_groups\22: [[0, 1, 2, 3, 4, 5, 0, 7]], \22use_global_device_ids\22: true, \22channel_id\22: 3}"}} : (tensor<8x4xf32>) -> tensor<64x4xf32>
    %5 = stablehlo.custom_call @"all-gather-done"(%4) {backend_config = ""} : (tensor<64x4xf32>) -> tensor<64x4xf32>
    %6 = stablehlo.custom_call @"reduce-scatter-start"(%arg0) {backend_config = "", called_computations = [@add_float32_reducer], mhlo.frontend_attributes = {async_collective_config = "{\22scatter_dimension\22: 0, \22replica_groups\22: [[0, 1, 2, 3, 4, 5, 6, 7]], \22tiled\22: true, \22use_global_device_ids\22: true, \22channel_id\22: 4}"}} : (tensor<8x4xf32>) -> tensor<1x4xf32>
    %7 = stablehlo.custom_call @"reduce-scatter-done"(%6) {backend_config = ""} : (tensor<1x4xf32>) -> tensor<1x4xf32>
    %8 = stablehlo.custom_call @"all-to-all-start"(%arg0) {backend_config = "", mhlo.frontend_attributes = {async_collective_config = "{\22split_dimension\22: 0, \22concat_dimension\22: 0, \22split_count\22: 8, \22replica_groups\22: [[0, 1, 2, 3, 4, 5, 6, 7]], \22channel_id\22: 5}"}} : (tensor<8x4xf32>) -> tensor<8x4xf32>
    %9 = stablehlo.custom_call @"all-to-all-done"(%8) {backend_config = ""} : (tensor<8x4xf32>) -> tensor<8x4xf32>
    return %1, %3, %5, %7, %9 : tensor<8x4xf32>, tensor<8x4xf32>, tensor<64x4xf32>, tensor<1x4xf32>, tensor<8x4xf32>
  }
}