func.func @main(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %img: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x4xf32>, %m: tensor<4x4xf32>, %c: tensor<8xcomplex<f32>>, %s: tensor<4xf32>) -> (tensor<2x3x5xf32>, tensor<1x4x4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<8xcomplex<f32>>, tensor<4x4xf32>) {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [HIGHEST, DEFAULT] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  %1 = stablehlo.convolution(%img, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[1, 1], [1, 1]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32>
  %2 = stablehlo.cholesky %m, lower = true : tensor<4x4xf32>
  %3 = "stablehlo.triangular_solve"(%2, %m) <{left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose TRANSPOSE>}> : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %4 = stablehlo.fft %c, type = FFT, length = [8] : (tensor<8xcomplex<f32>>) -> tensor<8xcomplex<f32>>
  %5 = "stablehlo.batch_norm_inference"(%m, %s, %s, %s, %s) <{epsilon = 1.0e-3 : f32, feature_index = 1 : i64}> : (tensor<4x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4x4xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<2x3x5xf32>, tensor<1x4x4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<8xcomplex<f32>>, tensor<4x4xf32>
}
