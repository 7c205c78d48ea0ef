// REQUIRES: mpi
// The processes of a grid as the processes of an MPI job: each runs its
// share (process index = MPI rank) and its collectives go over MPI.
// RUN: %mpirun 2 hlox-run --collectives=mpi %s --input=3xf32=1,2,3 --print-output | FileCheck %s
// Groups that are not the whole job in rank order go point to point; the
// same results as the processes in one process give.
// RUN: %mpirun 3 hlox-run --collectives=mpi %S/Inputs/mpi_groups.mlir --input=2xi32=1,2 --print-output | FileCheck %s --check-prefix=GROUPS
// RUN: hlox-run %S/Inputs/mpi_groups.mlir --input=2xi32=1,2 --print-output | FileCheck %s --check-prefix=GROUPS
// A process that never joins the others' collective makes them fail after
// the timeout, not hang (exit 2 from the job).
// RUN: %expect-exit 2 %mpirun 2 hlox-run --collectives=mpi --collective-timeout=2 %S/Inputs/mpi_deadlock.mlir --input=2xf32=1,2 2>&1 | FileCheck %s --check-prefix=DEADLOCK
// A grid of another size than the job is an error.
// RUN: %expect-exit 2 %mpirun 2 hlox-run --collectives=mpi --num-replicas=4 %s --input=3xf32=1,2,3 2>&1 | FileCheck %s --check-prefix=SIZE

// CHECK-DAG: process (replica 0, partition 0):{{[[:space:]]}}result[0]: dense<[3.000000e+00, 5.000000e+00, 7.000000e+00]> : tensor<3xf32>{{[[:space:]]}}result[1]: dense<[2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<3xf32>
// CHECK-DAG: process (replica 1, partition 0):{{[[:space:]]}}result[0]: dense<[3.000000e+00, 5.000000e+00, 7.000000e+00]> : tensor<3xf32>{{[[:space:]]}}result[1]: dense<[1.000000e+00, 2.000000e+00, 3.000000e+00]> : tensor<3xf32>

// GROUPS-DAG: process (replica 0, partition 0):{{[[:space:]]}}result[0]: dense<[4, 6]> : tensor<2xi32>{{[[:space:]]}}result[1]: dense<[3, 4]> : tensor<2xi32>{{[[:space:]]}}result[2]: dense<[3, 4, 1, 2, 2, 3]> : tensor<6xi32>
// GROUPS-DAG: process (replica 1, partition 0):{{[[:space:]]}}result[0]: dense<[2, 3]> : tensor<2xi32>{{[[:space:]]}}result[1]: dense<[2, 3]> : tensor<2xi32>{{[[:space:]]}}result[2]: dense<[3, 4, 1, 2, 2, 3]> : tensor<6xi32>
// GROUPS-DAG: process (replica 2, partition 0):{{[[:space:]]}}result[0]: dense<[4, 6]> : tensor<2xi32>{{[[:space:]]}}result[1]: dense<[3, 4]> : tensor<2xi32>{{[[:space:]]}}result[2]: dense<[3, 4, 1, 2, 2, 3]> : tensor<6xi32>

// DEADLOCK: did not complete within 2 s on MPI rank 0 (a deadlock, or a process that stopped taking part)

// SIZE: a grid of 4x1 needs 4 processes, but the process group has 2
module attributes {mhlo.num_replicas = 2 : i32} {
  func.func @main(%x: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
    %id = stablehlo.replica_id : tensor<ui32>
    %c = stablehlo.convert %id : (tensor<ui32>) -> tensor<f32>
    %b = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %y = stablehlo.add %x, %b : tensor<3xf32>
    %0 = "stablehlo.all_reduce"(%y) ({
      ^bb0(%a: tensor<f32>, %b2: tensor<f32>):
        %s = stablehlo.add %a, %b2 : tensor<f32>
        stablehlo.return %s : tensor<f32>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<3xf32>) -> tensor<3xf32>
    // Each sends its y to the other.
    %1 = "stablehlo.collective_permute"(%y) {source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>} : (tensor<3xf32>) -> tensor<3xf32>
    return %0, %1 : tensor<3xf32>, tensor<3xf32>
  }
}
