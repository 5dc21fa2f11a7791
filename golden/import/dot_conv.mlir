#loc1 = loc("a")
#loc2 = loc("b")
#loc3 = loc("img")
#loc4 = loc("ker")
module @dot_conv {
  func.func @main(%arg0: tensor<2x3x4xf32> loc("a"), %arg1: tensor<2x4x5xf32> loc("b"), %arg2: tensor<1x6x6x2xf32> loc("img"), %arg3: tensor<3x3x2x3xf32> loc("ker")) -> (tensor<2x3x5xf32>, tensor<1x3x4x3xf32>) {
    %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [HIGHEST, DEFAULT] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32> loc(#loc5)
    %1 = stablehlo.convolution(%arg2, %arg3) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 1], pad = [[1, 1], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x6x2xf32>, tensor<3x3x2x3xf32>) -> tensor<1x3x4x3xf32> loc(#loc6)
    return %0, %1 : tensor<2x3x5xf32>, tensor<1x3x4x3xf32> loc(#loc)
  } loc(#loc)
} loc(#loc)
#loc = loc(unknown)
#loc5 = loc("d")
#loc6 = loc("c")
