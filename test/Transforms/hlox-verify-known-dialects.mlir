// RUN: hlox-opt %s | FileCheck %s
// RUN: hlox-run --random-inputs --compare-with-interpreter %s | FileCheck %s --check-prefix=EXEC

// The attributes real exports carry are kept through parsing and ignored:
// mhlo.* and jax.* ones (builtin values) and those of dialects hlox does
// not know (opaque values).

// CHECK: module @jit_f attributes {jax.uses_shape_polymorphism = false, mhlo.frontend_attributes = {xla.foo = "bar"}, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32, tt.system = #tt.system_desc<[{arch = <wormhole>}]>}
module @jit_f attributes {jax.uses_shape_polymorphism = false, mhlo.frontend_attributes = {xla.foo = "bar"}, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32, tt.system = #tt.system_desc<[{arch = <wormhole>}]>} {
  // CHECK: func.func public @main(%arg0: tensor<4xf32> {jax.global_constant = "n", mhlo.layout_mode = "default", mhlo.sharding = "{replicated}", tf.aliasing_output = 0 : i32, tt.argument_type = #tt.argument_type<input>}, %arg1: tensor<4xf32> {mhlo.memory_kind = "device", mhlo.sharding = "{maximal device=0}"}) -> (tensor<4xf32> {jax.result_info = "result", mhlo.layout_mode = "default", tt.layout = #tt.layout<row_major>})
  func.func public @main(%arg0: tensor<4xf32> {jax.global_constant = "n", mhlo.layout_mode = "default", mhlo.sharding = "{replicated}", tf.aliasing_output = 0 : i32, tt.argument_type = #tt.argument_type<input>}, %arg1: tensor<4xf32> {mhlo.memory_kind = "device", mhlo.sharding = "{maximal device=0}"}) -> (tensor<4xf32> {jax.result_info = "result", mhlo.layout_mode = "default", tt.layout = #tt.layout<row_major>}) {
    // CHECK: stablehlo.add %arg0, %arg1 {mhlo.backend_config = {priority = 1 : i64}, mhlo.frontend_attributes = {_xla_stream_annotation = "1"}, tt.hint = #tt.hint<fast>}
    %0 = stablehlo.add %arg0, %arg1 {mhlo.frontend_attributes = {_xla_stream_annotation = "1"}, mhlo.backend_config = {priority = 1 : i64}, tt.hint = #tt.hint<fast>} : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}

// EXEC: result[0] tensor<4xf32>: 0 of 4 elements differ
