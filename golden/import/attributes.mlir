#loc1 = loc("x")
#loc2 = loc("y")
module @attributes attributes {mhlo.frontend_attributes = {module_key = "v"}} {
  func.func @main(%arg0: tensor<4xf32> {mhlo.sharding = "{replicated}", tf.aliasing_output = 0 : i32} loc("x"), %arg1: tensor<4xf32> {mhlo.sharding = "{devices=[2]<=[2]}"} loc("y")) -> (tensor<4xf32> {mhlo.sharding = "{devices=[2]<=[2]}"}) {
    %0 = stablehlo.add %arg0, %arg1 {mhlo.frontend_attributes = {_scheduling_group_id = "1"}} : tensor<4xf32> loc(#loc5)
    %1 = stablehlo.multiply %0, %0 {mhlo.sharding = "{devices=[2]<=[2]}"} : tensor<4xf32> loc(#loc4)
    return %1 : tensor<4xf32> loc(#loc)
  } loc(#loc)
} loc(#loc)
#loc = loc(unknown)
#loc3 = loc("model.py":12:0)
#loc4 = loc("m")
#loc5 = loc("jit(f)/add"(#loc3))
