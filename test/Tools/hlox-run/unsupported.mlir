// An op the evaluator cannot run is an error at its location, exit 2; an op
// the compiler cannot lower is a compile error that names it, exit 2,
// with no fallback to the evaluator.
// RUN: %expect-exit 2 hlox-run --interpret %s 2>&1 | FileCheck %s
// RUN: %expect-exit 2 hlox-run %s 2>&1 | FileCheck %s --check-prefix=CPU

// CHECK: :[[@LINE+4]]:8: error: the evaluator does not support custom_call @my.kernel
// CPU: :[[@LINE+3]]:8: error: the host program cannot run 'stablehlo.custom_call'
func.func @main() -> tensor<2xf32> {
  %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = stablehlo.custom_call @my.kernel(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return %b : tensor<2xf32>
}
