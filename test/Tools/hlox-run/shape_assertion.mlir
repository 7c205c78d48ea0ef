// @shape_assertion (JAX's checks of dimension sizes) passes when its
// predicate holds and otherwise fails the run, exit 2, with its
// error_message, each {i} replaced by the value of operand i + 1: compiled
// (the runtime's built-in shape_assertion target) and interpreted alike.
// RUN: hlox-run --input=i32=3 --input=i64=5 %s
// RUN: hlox-run --interpret --input=i32=3 --input=i64=5 %s
// RUN: %expect-exit 2 hlox-run --input=i32=0 --input=i64=-5 %s 2>&1 | FileCheck %s
// RUN: %expect-exit 2 hlox-run --interpret --input=i32=0 --input=i64=-5 %s 2>&1 | FileCheck %s
// RUN: hlox-run --function=holds %s
// RUN: hlox-run --interpret --function=holds %s
// RUN: %expect-exit 2 hlox-run --function=fails %s 2>&1 | FileCheck %s --check-prefix=CONSTANT
// RUN: %expect-exit 2 hlox-run --interpret --function=fails %s 2>&1 | FileCheck %s --check-prefix=CONSTANT

// Braces around anything but an operand number stay as written.
// CHECK: shape_assertion.mlir:[[@LINE+4]]:3: error: {{.*}}shape_assertion{{'?}} failed: Expected value >= 1 for dimension variable 'b', got 0 (and -5; {b} {} stay)
func.func @main(%b: tensor<i32>, %n: tensor<i64>) -> tensor<i64> {
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %p = stablehlo.compare GE, %b, %c1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  stablehlo.custom_call @shape_assertion(%p, %b, %n) {api_version = 2 : i32, error_message = "Expected value >= 1 for dimension variable 'b', got {0} (and {1}; {b} {} stay)", has_side_effect = true} : (tensor<i1>, tensor<i32>, tensor<i64>) -> ()
  %0 = stablehlo.add %n, %n : tensor<i64>
  return %0 : tensor<i64>
}

// A constant true predicate holds.
func.func @holds() {
  %true = stablehlo.constant dense<true> : tensor<i1>
  %c = stablehlo.constant dense<7> : tensor<i64>
  stablehlo.custom_call @shape_assertion(%true, %c) {api_version = 2 : i32, error_message = "never {0}", has_side_effect = true} : (tensor<i1>, tensor<i64>) -> ()
  func.return
}

// A constant false predicate fails when the program runs.
// CONSTANT: error: {{.*}}shape_assertion{{'?}} failed: always 7, 7
func.func @fails() {
  %false = stablehlo.constant dense<false> : tensor<i1>
  %c = stablehlo.constant dense<7> : tensor<i64>
  stablehlo.custom_call @shape_assertion(%false, %c) {api_version = 2 : i32, error_message = "always {0}, {0}", has_side_effect = true} : (tensor<i1>, tensor<i64>) -> ()
  func.return
}
