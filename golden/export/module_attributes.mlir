module @jit_step attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 2 : i32, mhlo.frontend_attributes = {fingerprint = "abc"}} {
  func.func public @main(%w: tensor<4xf32> {tf.aliasing_output = 0 : i32} loc("w"), %g: tensor<4xf32> {jax.buffer_donor = true} loc("g"), %s: tensor<f32> {mhlo.sharding = "{replicated}"} loc("s")) -> (tensor<4xf32>, tensor<f32>) {
    %0 = stablehlo.subtract %w, %g : tensor<4xf32> loc(#sub)
    %1 = stablehlo.multiply %s, %s {mhlo.frontend_attributes = {_scheduling_group_id = "1"}, mhlo.sharding = "{maximal device=0}"} : tensor<f32> loc("train.py":7:2)
    return %0, %1 : tensor<4xf32>, tensor<f32>
  }
}
#sub = loc("jit(step)/sub"(callsite("step"("train.py":3:9 to :20) at "<module>"("train.py":9:0))))
