// REQUIRES: gloo
// The processes of a grid as processes started on their own that meet at a
// coordinator (process 0 serves it), their collectives over Gloo's TCP
// connections: the results of the same grid in one process.
// RUN: %gloo-job 2 hlox-run --collectives=gloo %S/mpi.mlir --input=3xf32=1,2,3 --print-output | FileCheck %s
// RUN: %gloo-job 3 hlox-run --collectives=gloo %S/Inputs/mpi_groups.mlir --input=2xi32=1,2 --print-output | FileCheck %s --check-prefix=GROUPS
// A process that stops taking part makes the others fail at once (its
// connections close), not hang; a job whose processes do not all come
// fails at the rendezvous after the timeout.
// RUN: %expect-exit 2 %gloo-job 2 hlox-run --collectives=gloo %S/Inputs/mpi_deadlock.mlir --input=2xf32=1,2 2>&1 | FileCheck %s --check-prefix=STOPPED
// RUN: %expect-exit 2 hlox-run --collectives=gloo --num-processes=2 --process-id=0 --coordinator=127.0.0.1:0 %S/mpi.mlir --input=3xf32=1,2,3 2>&1 | FileCheck %s --check-prefix=PORT
// RUN: %expect-exit 2 hlox-run --collectives=gloo %S/mpi.mlir --input=3xf32=1,2,3 2>&1 | FileCheck %s --check-prefix=FLAGS
// RUN: %expect-exit 2 hlox-run --collectives=gloo --profile %S/mpi.mlir --input=3xf32=1,2,3 2>&1 | FileCheck %s --check-prefix=SINGLE

// CHECK: process (replica 0, partition 0):
// CHECK-NEXT: result[0]: dense<[3.000000e+00, 5.000000e+00, 7.000000e+00]> : tensor<3xf32>
// CHECK-NEXT: result[1]: dense<[2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<3xf32>
// CHECK-NEXT: process (replica 1, partition 0):
// CHECK-NEXT: result[0]: dense<[3.000000e+00, 5.000000e+00, 7.000000e+00]> : tensor<3xf32>
// CHECK-NEXT: result[1]: dense<[1.000000e+00, 2.000000e+00, 3.000000e+00]> : tensor<3xf32>

// GROUPS: process (replica 0, partition 0):
// GROUPS-NEXT: result[0]: dense<[4, 6]> : tensor<2xi32>
// GROUPS-NEXT: result[1]: dense<[3, 4]> : tensor<2xi32>
// GROUPS-NEXT: result[2]: dense<[3, 4, 1, 2, 2, 3]> : tensor<6xi32>
// GROUPS-NEXT: process (replica 1, partition 0):
// GROUPS-NEXT: result[0]: dense<[2, 3]> : tensor<2xi32>
// GROUPS-NEXT: result[1]: dense<[2, 3]> : tensor<2xi32>
// GROUPS-NEXT: result[2]: dense<[3, 4, 1, 2, 2, 3]> : tensor<6xi32>
// GROUPS-NEXT: process (replica 2, partition 0):
// GROUPS-NEXT: result[0]: dense<[4, 6]> : tensor<2xi32>

// STOPPED: mpi_deadlock.mlir:8:12: error: all_reduce (add of 2 f32) over devices {0,1} failed on process 0: {{.*}}(a deadlock, or a process that stopped)

// PORT: error: coordinator '127.0.0.1:0' is not HOST:PORT

// SINGLE: error: --profile and --trace take a run of one process; this one runs its share of a job

// FLAGS: error: --collectives=gloo needs --num-processes, --process-id and --coordinator
