// An ahead-of-time program is one process's: a function that runs
// interpreter.run_parallel is an error at the op, for every target (the
// evaluator and hlox-run, which compiles each process's program, run it).
// RUN: %expect-exit 1 hlox-compile %s -o %t.hlox 2>&1 | FileCheck %s
// RUN: %expect-exit 1 hlox-compile %s --target=cuda --validate-ptx=false -o %t.cuda.hlox 2>&1 | FileCheck %s
// RUN: hlox-run %s --print-output | FileCheck %s --check-prefix=OUT

// CHECK: run_parallel.mlir:[[@LINE+9]]:12: error: a compiled program runs as one process: the programs of interpreter.run_parallel run on the evaluator or through hlox-run, which compiles each process's
// OUT: result[0]: dense<0>
// OUT: result[1]: dense<1>
module {
  func.func @replica() -> tensor<ui32> {
    %0 = stablehlo.replica_id : tensor<ui32>
    return %0 : tensor<ui32>
  }
  func.func @main() -> (tensor<ui32>, tensor<ui32>) {
    %0:2 = "interpreter.run_parallel"() <{programs = [[@replica], [@replica]]}> : () -> (tensor<ui32>, tensor<ui32>)
    return %0#0, %0#1 : tensor<ui32>, tensor<ui32>
  }
}
