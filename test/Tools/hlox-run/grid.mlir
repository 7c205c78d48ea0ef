// A program for a grid of processes (mhlo.num_replicas, or --num-replicas
// and --num-partitions) runs as every process of it, each on the same
// arguments, and prints each process's results.
// RUN: hlox-run %s --input=3xf32=1,2,3 --print-output | FileCheck %s
// RUN: %expect-exit 2 hlox-run %s --input=3xf32=1,2,3 --num-replicas=2 2>&1 | FileCheck %s --check-prefix=TWO
// RUN: %expect-exit 2 hlox-run %s --input=3xf32=1,2,3 --num-replicas=1 2>&1 | FileCheck %s --check-prefix=ONE

// CHECK: process (replica 0, partition 0):
// CHECK-NEXT: result[0]: dense<[3.000000e+00, 5.000000e+00, 7.000000e+00]> : tensor<3xf32>
// CHECK-NEXT: result[1]: dense<0> : tensor<ui32>
// CHECK-NEXT: process (replica 1, partition 0):
// CHECK-NEXT: result[0]: dense<[3.000000e+00, 5.000000e+00, 7.000000e+00]> : tensor<3xf32>
// CHECK-NEXT: result[1]: dense<1> : tensor<ui32>

// The groups leave replica 2 alone: its sum is its own operand.
// CHECK-NEXT: process (replica 2, partition 0):
// CHECK-NEXT: result[0]: dense<[3.000000e+00, 4.000000e+00, 5.000000e+00]> : tensor<3xf32>
// CHECK-NEXT: result[1]: dense<2> : tensor<ui32>

// TWO: grid.mlir:[[#@LINE+9]]:10: error: replica_groups name process 2, but the program runs on 2 replicas x 1 partitions

// ONE: error: a program compiled for one process runs replica 0, partition 0, but replica_groups names process 1
module attributes {mhlo.num_replicas = 3 : i32} {
  func.func @main(%x: tensor<3xf32>) -> (tensor<3xf32>, tensor<ui32>) {
    %id = stablehlo.replica_id : tensor<ui32>
    %c = stablehlo.convert %id : (tensor<ui32>) -> tensor<f32>
    %b = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %y = stablehlo.add %x, %b : tensor<3xf32>
    %0 = "stablehlo.all_reduce"(%y) ({
      ^bb0(%a: tensor<f32>, %b2: tensor<f32>):
        %s = stablehlo.add %a, %b2 : tensor<f32>
        stablehlo.return %s : tensor<f32>
    }) {replica_groups = dense<[[0, 1], [2, -1]]> : tensor<2x2xi64>} : (tensor<3xf32>) -> tensor<3xf32>
    return %0, %id : tensor<3xf32>, tensor<ui32>
  }
}
