// interpreter.probe runs as a host call on the compiled path, so a later
// check.expect_serialized_eq sees what it recorded. A loop that holds one
// runs on the host, and the probe records each iteration; with loops
// forced into kernels it is a compile error.
// RUN: hlox-run --split-input-file %s
// RUN: hlox-run --opaque-constants %S/Inputs/probe_in_loop.mlir
// RUN: hlox-run --interpret %S/Inputs/probe_in_loop.mlir
// RUN: %expect-exit 2 hlox-run --host-control-flow=never %S/Inputs/probe_in_loop.mlir 2>&1 | FileCheck %s

// CHECK: error: cannot run 'interpreter.probe' inside control flow that runs in a kernel
func.func @probe_top_level() {
  %0 = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %1 = stablehlo.add %0, %0 : tensor<2xi32>
  %2 = interpreter.probe %1, probe_id = "sum" : tensor<2xi32>
  check.expect_serialized_eq %2, probe_id = "sum" : tensor<2xi32>
  check.expect_eq_const %2, dense<[2, 4]> : tensor<2xi32>
  func.return
}
