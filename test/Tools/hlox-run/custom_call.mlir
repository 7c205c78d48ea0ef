// stablehlo.custom_call runs the handler registered for its target as a
// host command of the compiled program, and the evaluator calls the same
// handler; examples/custom_call's plugin registers example.prefix_sum
// (through the C ABI, hlox/ffi/api.h). Its attributes come from
// backend_config, a string or (api_version 4) a dictionary. Inside a loop,
// the loop runs on the host. A handler that reports an error fails the run
// with its message, exit 2; so does a plugin that cannot be loaded.
// RUN: hlox-run --split-input-file --plugin=%custom_call_example %s
// RUN: hlox-run --split-input-file --opaque-constants --plugin=%custom_call_example %s
// RUN: hlox-run --split-input-file --interpret --plugin=%custom_call_example %s
// RUN: %expect-exit 2 hlox-run --interpret --plugin=%custom_call_example %S/Inputs/custom_call_errors.mlir --function=wrong_type 2>&1 | FileCheck %s --check-prefix=EVAL
// RUN: %expect-exit 2 hlox-run --plugin=%custom_call_example %S/Inputs/custom_call_errors.mlir --function=wrong_type 2>&1 | FileCheck %s --check-prefix=TYPE
// RUN: %expect-exit 2 hlox-run --plugin=%custom_call_example %S/Inputs/custom_call_errors.mlir --function=bad_config 2>&1 | FileCheck %s --check-prefix=CONFIG
// RUN: hlox-run --plugin=%custom_call_example %S/Inputs/custom_call_errors.mlir --function=aliases --input=3xf32=1,2,3 --print-output | FileCheck %s --check-prefix=ALIAS
// RUN: hlox-run --interpret --plugin=%custom_call_example %S/Inputs/custom_call_errors.mlir --function=aliases --input=3xf32=1,2,3 --print-output | FileCheck %s --check-prefix=ALIAS
// RUN: %expect-exit 2 hlox-run %S/Inputs/custom_call_errors.mlir --function=wrong_type 2>&1 | FileCheck %s --check-prefix=UNREGISTERED
// RUN: %expect-exit 2 hlox-run --plugin=%t.missing.so %s 2>&1 | FileCheck %s --check-prefix=MISSING

// TYPE: custom_call_errors.mlir:3:8: error: custom call 'example.prefix_sum' failed: example.prefix_sum: supports f32 and f64, not i32
// EVAL: custom_call_errors.mlir:3:8: error: custom_call @example.prefix_sum failed: example.prefix_sum: supports f32 and f64, not i32
// CONFIG: failed: example.prefix_sum: unknown backend_config sideways
// ALIAS: result[0]: dense<[1.000000e+00, 3.000000e+00, 6.000000e+00]> : tensor<3xf32>
// UNREGISTERED: custom_call_errors.mlir:3:8: error: the host program cannot run 'stablehlo.custom_call' @example.prefix_sum: no handler 'example.prefix_sum' is registered for platform host (no registered name is near it; {{[0-9]+}} are registered)
// MISSING: error: cannot load plugin '{{.*}}missing.so'

func.func @rows() {
  %x = stablehlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %y = stablehlo.custom_call @example.prefix_sum(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  check.expect_eq_const %y, dense<[[1.0, 3.0, 6.0], [4.0, 9.0, 15.0]]> : tensor<2x3xf32>
  %z = stablehlo.custom_call @example.prefix_sum(%x) {backend_config = "reverse"} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  check.expect_eq_const %z, dense<[[6.0, 5.0, 3.0], [15.0, 11.0, 6.0]]> : tensor<2x3xf32>
  %w = stablehlo.custom_call @example.prefix_sum(%x) {api_version = 4 : i32, backend_config = {reverse = true}} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  check.expect_eq_const %w, dense<[[6.0, 5.0, 3.0], [15.0, 11.0, 6.0]]> : tensor<2x3xf32>
  func.return
}

// -----

// Its result feeds kernels, in f64.
func.func @feeds_kernels() {
  %x = stablehlo.constant dense<[0.5, 0.25, 0.125, 0.125]> : tensor<4xf64>
  %d = stablehlo.add %x, %x : tensor<4xf64>
  %y = stablehlo.custom_call @example.prefix_sum(%d) : (tensor<4xf64>) -> tensor<4xf64>
  %m = stablehlo.multiply %y, %y : tensor<4xf64>
  check.expect_eq_const %m, dense<[1.0, 2.25, 3.0625, 4.0]> : tensor<4xf64>
  func.return
}

// -----

// Three prefix sums of prefix sums in a loop: 1, 1, 1 -> 1, 3, 6 -> ...
func.func @in_a_loop() {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %three = stablehlo.constant dense<3> : tensor<i32>
  %x = stablehlo.constant dense<[1.0, 1.0, 1.0]> : tensor<3xf32>
  %r:2 = stablehlo.while(%k = %zero, %v = %x) : tensor<i32>, tensor<3xf32>
   cond {
    %c = stablehlo.compare LT, %k, %three : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %k1 = stablehlo.add %k, %one : tensor<i32>
    %s = stablehlo.custom_call @example.prefix_sum(%v) : (tensor<3xf32>) -> tensor<3xf32>
    stablehlo.return %k1, %s : tensor<i32>, tensor<3xf32>
  }
  check.expect_eq_const %r#1, dense<[1.0, 4.0, 10.0]> : tensor<3xf32>
  func.return
}
