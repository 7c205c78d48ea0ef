// sharded_manual.mlir's program as JAX exports it with Shardy.
module @jit_shard_map attributes {mhlo.num_partitions = 2 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=2]>
  func.func public @main(%x: tensor<4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>})
      -> (tensor<2x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, tensor<4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
    %0:2 = sdy.manual_computation(%x) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{}, {}]>, <@mesh, [{"x"}, {}]>] manual_axes={"x"} (%l: tensor<2x2xf32>) {
      %two = stablehlo.constant dense<2.0> : tensor<2x2xf32>
      %one = stablehlo.constant dense<1.0> : tensor<2x2xf32>
      %d = stablehlo.multiply %l, %two : tensor<2x2xf32>
      %s = "stablehlo.all_reduce"(%d) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids}> ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %t = stablehlo.add %a, %b : tensor<f32>
        stablehlo.return %t : tensor<f32>
      }) : (tensor<2x2xf32>) -> tensor<2x2xf32>
      %p = stablehlo.add %l, %one : tensor<2x2xf32>
      sdy.return %s, %p : tensor<2x2xf32>, tensor<2x2xf32>
    } : (tensor<4x2xf32>) -> (tensor<2x2xf32>, tensor<4x2xf32>)
    return %0#0, %0#1 : tensor<2x2xf32>, tensor<4x2xf32>
  }
}
