// interpreter.run_parallel on --device=cuda: each process's program runs on
// a CUDA device of its own (a stream; several processes share a GPU), its
// collectives on host copies of the device's values. On the stand-in
// driver, whose device addresses fault when the host touches them, the
// processes' kernel-free programs give the evaluator's results exactly
// (the checks below run on the evaluator, over what the devices returned),
// and no kernel is launched.
// RUN: rm -f %t.log
// RUN: env HLOX_CUDA_DRIVER=%fake_cuda_driver HLOX_FAKE_CUDA_LOG=%t.log hlox-run --device=cuda --split-input-file %s
// RUN: touch %t.log
// RUN: FileCheck %s --input-file=%t.log --allow-empty --check-prefix=LOG

// LOG-NOT: launch

// An asynchronous all-reduce over two replicas (the device's values are
// copied out when it starts, the sum back before its wait).
func.func @sum(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func @main() {
  %a = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %b = stablehlo.constant dense<[0.5, 0.25, -3.0, 8.0]> : tensor<4xf32>
  %r:2 = "interpreter.run_parallel"(%a, %b) {programs = [[@sum], [@sum]]} : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  check.expect_eq_const %r#0, dense<[1.5, 2.25, 0.0, 12.0]> : tensor<4xf32>
  check.expect_eq_const %r#1, dense<[1.5, 2.25, 0.0, 12.0]> : tensor<4xf32>
  return
}

// -----

// All-gather and a permutation over a 2x2 grid of replicas and partitions
// (the gather over flattened device ids, the permutation of partitions).
func.func @gather(%x: tensor<2xi32>) -> (tensor<4xi32>, tensor<2xi32>) {
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids} : (tensor<2xi32>) -> tensor<4xi32>
  %1 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>} : (tensor<2xi32>) -> tensor<2xi32>
  return %0, %1 : tensor<4xi32>, tensor<2xi32>
}
func.func @main() {
  %a = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %b = stablehlo.constant dense<[3, 4]> : tensor<2xi32>
  %c = stablehlo.constant dense<[5, 6]> : tensor<2xi32>
  %d = stablehlo.constant dense<[7, 8]> : tensor<2xi32>
  %r:8 = "interpreter.run_parallel"(%a, %b, %c, %d) {programs = [[@gather, @gather], [@gather, @gather]]} : (tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> (tensor<4xi32>, tensor<2xi32>, tensor<4xi32>, tensor<2xi32>, tensor<4xi32>, tensor<2xi32>, tensor<4xi32>, tensor<2xi32>)
  check.expect_eq_const %r#0, dense<[1, 2, 3, 4]> : tensor<4xi32>
  check.expect_eq_const %r#1, dense<[3, 4]> : tensor<2xi32>
  check.expect_eq_const %r#2, dense<[1, 2, 3, 4]> : tensor<4xi32>
  check.expect_eq_const %r#3, dense<[1, 2]> : tensor<2xi32>
  check.expect_eq_const %r#4, dense<[5, 6, 7, 8]> : tensor<4xi32>
  check.expect_eq_const %r#5, dense<[7, 8]> : tensor<2xi32>
  check.expect_eq_const %r#6, dense<[5, 6, 7, 8]> : tensor<4xi32>
  check.expect_eq_const %r#7, dense<[5, 6]> : tensor<2xi32>
  return
}

// -----

// A send and its receive between two replicas, and an infeed.
func.func @send(%x: tensor<3xi64>, %t: !stablehlo.token) -> !stablehlo.token {
  %0 = "stablehlo.send"(%x, %t) {channel_handle = #stablehlo.channel_handle<handle = 5, type = 2>, is_host_transfer = false} : (tensor<3xi64>, !stablehlo.token) -> !stablehlo.token
  return %0 : !stablehlo.token
}
func.func @recv(%t: !stablehlo.token) -> (tensor<3xi64>, !stablehlo.token) {
  %0:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 5, type = 3>, is_host_transfer = false} : (!stablehlo.token) -> (tensor<3xi64>, !stablehlo.token)
  return %0#0, %0#1 : tensor<3xi64>, !stablehlo.token
}
func.func @main() {
  %x = stablehlo.constant dense<[10, -20, 30]> : tensor<3xi64>
  %t = stablehlo.after_all : !stablehlo.token
  %r:3 = "interpreter.run_parallel"(%x, %t, %t) {programs = [[@send], [@recv]]} : (tensor<3xi64>, !stablehlo.token, !stablehlo.token) -> (!stablehlo.token, tensor<3xi64>, !stablehlo.token)
  check.expect_eq_const %r#1, dense<[10, -20, 30]> : tensor<3xi64>
  return
}

// -----

// Each process's place in a 2x3 grid (process r * 3 + p's two results).
func.func @ids() -> (tensor<ui32>, tensor<ui32>) {
  %0 = stablehlo.replica_id : tensor<ui32>
  %1 = stablehlo.partition_id : tensor<ui32>
  return %0, %1 : tensor<ui32>, tensor<ui32>
}
func.func @main() {
  %r:12 = "interpreter.run_parallel"() {programs = [[@ids, @ids, @ids], [@ids, @ids, @ids]]} : () -> (tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>)
  check.expect_eq_const %r#0, dense<0> : tensor<ui32>
  check.expect_eq_const %r#1, dense<0> : tensor<ui32>
  check.expect_eq_const %r#2, dense<0> : tensor<ui32>
  check.expect_eq_const %r#3, dense<1> : tensor<ui32>
  check.expect_eq_const %r#4, dense<0> : tensor<ui32>
  check.expect_eq_const %r#5, dense<2> : tensor<ui32>
  check.expect_eq_const %r#6, dense<1> : tensor<ui32>
  check.expect_eq_const %r#7, dense<0> : tensor<ui32>
  check.expect_eq_const %r#8, dense<1> : tensor<ui32>
  check.expect_eq_const %r#9, dense<1> : tensor<ui32>
  check.expect_eq_const %r#10, dense<1> : tensor<ui32>
  check.expect_eq_const %r#11, dense<2> : tensor<ui32>
  return
}
