// interpreter.probe runs as a host call on the compiled path, so a later
// check.expect_serialized_eq sees what it recorded; inside control flow it
// is a compile error (loops run in kernels).
// RUN: hlox-run --split-input-file %s
// RUN: %expect-exit 2 hlox-run %S/Inputs/probe_in_loop.mlir 2>&1 | FileCheck %s

// CHECK: error: the CPU target cannot run 'interpreter.probe' inside control flow
func.func @probe_top_level() {
  %0 = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %1 = stablehlo.add %0, %0 : tensor<2xi32>
  %2 = interpreter.probe %1, probe_id = "sum" : tensor<2xi32>
  check.expect_serialized_eq %2, probe_id = "sum" : tensor<2xi32>
  check.expect_eq_const %2, dense<[2, 4]> : tensor<2xi32>
  func.return
}
