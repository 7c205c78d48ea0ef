// REQUIRES: gloo
// sharded.mlir's program as a job of two processes over Gloo: each runs one
// device's program on its shards of the arguments and prints its shard of
// the result (process p holds rows 2p and 2p+1).
// RUN: %gloo-job 2 hlox-run --collectives=gloo %S/sharded.mlir --input=4x4xf32=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16 --input=4x4xf32=1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1 --input=4xf32=1,1,1,1 --input=4x4xf32=1,0,0,0,0,2,0,0,0,0,3,0,0,0,0,4 --print-output | FileCheck %s

// CHECK: process (replica 0, partition 0):
// CHECK-NEXT: result[0]: dense<{{\[\[}}2.000000e+00, 6.000000e+00, 1.200000e+01, 2.000000e+01], [6.000000e+00, 1.400000e+01, 2.400000e+01, 3.600000e+01]]> : tensor<2x4xf32>
// CHECK-NEXT: process (replica 0, partition 1):
// CHECK-NEXT: result[0]: dense<{{\[\[}}1.000000e+01, 2.200000e+01, 3.600000e+01, 5.200000e+01], [1.400000e+01, 3.000000e+01, 4.800000e+01, 6.800000e+01]]> : tensor<2x4xf32>
