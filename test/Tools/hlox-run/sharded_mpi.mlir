// REQUIRES: mpi
// sharded.mlir's program as a job of two MPI ranks: each rank runs one
// device's program on its shards of the arguments and prints its shard of
// the result (rank r holds rows 2r and 2r+1).
// RUN: %mpirun 2 hlox-run --collectives=mpi %S/sharded.mlir --input=4x4xf32=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16 --input=4x4xf32=1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1 --input=4xf32=1,1,1,1 --input=4x4xf32=1,0,0,0,0,2,0,0,0,0,3,0,0,0,0,4 --print-output | FileCheck %s
// A job of another size than the mesh is an error.
// RUN: %expect-exit 2 %mpirun 3 hlox-run --collectives=mpi %S/sharded.mlir --random-inputs 2>&1 | FileCheck %s --check-prefix=SIZE

// CHECK-DAG: process (replica 0, partition 0):{{[[:space:]]}}result[0]: dense<{{\[\[}}2.000000e+00, 6.000000e+00, 1.200000e+01, 2.000000e+01], [6.000000e+00, 1.400000e+01, 2.400000e+01, 3.600000e+01]]> : tensor<2x4xf32>
// CHECK-DAG: process (replica 0, partition 1):{{[[:space:]]}}result[0]: dense<{{\[\[}}1.000000e+01, 2.200000e+01, 3.600000e+01, 5.200000e+01], [1.400000e+01, 3.000000e+01, 4.800000e+01, 6.800000e+01]]> : tensor<2x4xf32>

// SIZE: a grid of 1x2 needs 2 processes, but the process group has 3
