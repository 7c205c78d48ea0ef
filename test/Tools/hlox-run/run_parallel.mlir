// Processes of interpreter.run_parallel meet at collectives, on the
// evaluator and compiled (each process's program compiled for the grid, its
// collectives run by the runtime); a program whose collectives cannot
// complete reports a deadlock (exit 2) at the collective instead of
// hanging.
// RUN: hlox-run --interpret --split-input-file %s --print-output | FileCheck %s
// RUN: hlox-run --split-input-file %s --print-output | FileCheck %s
// RUN: %expect-exit 2 hlox-run --interpret %S/Inputs/deadlock.mlir 2>&1 | FileCheck %s --check-prefix=DEADLOCK
// RUN: %expect-exit 2 hlox-run %S/Inputs/deadlock.mlir 2>&1 | FileCheck %s --check-prefix=COMPILED-DEADLOCK
// RUN: %expect-exit 1 hlox-run %S/Inputs/run_parallel_check.mlir 2>&1 | FileCheck %s --check-prefix=CHECK-FAILURE

// CHECK: result[0]: dense<[4, 6]> : tensor<2xi64>
// CHECK: result[1]: dense<[4, 6]> : tensor<2xi64>
// CHECK: result[2]: dense<[0, 1]> : tensor<2xui32>
func.func @sum(%x: tensor<2xi64>) -> tensor<2xi64> {
  %0 = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %s = stablehlo.add %a, %b : tensor<i64>
      stablehlo.return %s : tensor<i64>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xi64>) -> tensor<2xi64>
  return %0 : tensor<2xi64>
}
func.func @ids() -> tensor<ui32> {
  %0 = stablehlo.replica_id : tensor<ui32>
  return %0 : tensor<ui32>
}
func.func @main() -> (tensor<2xi64>, tensor<2xi64>, tensor<2xui32>) {
  %a = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  %b = stablehlo.constant dense<[3, 4]> : tensor<2xi64>
  %r:2 = "interpreter.run_parallel"(%a, %b) {programs = [[@sum], [@sum]]} : (tensor<2xi64>, tensor<2xi64>) -> (tensor<2xi64>, tensor<2xi64>)
  %i:2 = "interpreter.run_parallel"() {programs = [[@ids], [@ids]]} : () -> (tensor<ui32>, tensor<ui32>)
  %i0 = stablehlo.reshape %i#0 : (tensor<ui32>) -> tensor<1xui32>
  %i1 = stablehlo.reshape %i#1 : (tensor<ui32>) -> tensor<1xui32>
  %ids = stablehlo.concatenate %i0, %i1, dim = 0 : (tensor<1xui32>, tensor<1xui32>) -> tensor<2xui32>
  return %r#0, %r#1, %ids : tensor<2xi64>, tensor<2xi64>, tensor<2xui32>
}
// DEADLOCK: error: collective cannot complete: every process is waiting (deadlock)
// COMPILED-DEADLOCK: deadlock.mlir:3:8: error: collective cannot complete: every device is waiting (deadlock); device 0 waits in all_reduce (add of 1 i64) over devices {0,1}
// CHECK-FAILURE: run_parallel_check.mlir:[[#]]:3: error: check failed
