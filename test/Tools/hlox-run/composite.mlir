// A composite takes its native path (a custom call of the handler
// registered under its name, its composite_attributes as the handler's
// attributes) or its decomposition, inlined: by default native when a
// handler is registered, else inline; --composite=NAME:native|inline
// chooses. --stats names the path of each; both paths agree, compiled and
// interpreted. Nested composites choose by their own names.
// RUN: hlox-run --plugin=%custom_call_example --stats %s 2>&1 | FileCheck %s --check-prefix=NATIVE
// RUN: hlox-run --plugin=%custom_call_example --composite=example.prefix_sum:inline --stats %s 2>&1 | FileCheck %s --check-prefix=INLINE
// RUN: hlox-run --stats %s 2>&1 | FileCheck %s --check-prefix=INLINE
// RUN: hlox-run --interpret --plugin=%custom_call_example %s
// RUN: hlox-run --interpret --plugin=%custom_call_example --composite=example.prefix_sum:inline %s
// RUN: %expect-exit 2 hlox-run --composite=example.prefix_sum:native %s 2>&1 | FileCheck %s --check-prefix=NOHANDLER
// RUN: %expect-exit 2 hlox-run --interpret --composite=example.prefix_sum:native %s 2>&1 | FileCheck %s --check-prefix=NOHANDLER
// RUN: not hlox-run --composite=example.prefix_sum %s 2>&1 | FileCheck %s --check-prefix=BADFLAG

// NATIVE-DAG: composite example.prefix_sum (version 1): native (example.prefix_sum), 3 ops
// NATIVE-DAG: composite example.double_prefix_sum (version 0): inline, 1 op
// NATIVE-DAG: composite chlo.acos (version 1): inline, 1 op
// INLINE-DAG: composite example.prefix_sum (version 1): inline, 3 ops
// INLINE-DAG: composite example.double_prefix_sum (version 0): inline, 1 op
// NOHANDLER: composite.mlir:[[@LINE+7]]:8: error: composite 'example.prefix_sum' (version 1) is to take the native path, but no handler 'example.prefix_sum' is registered for platform host (no registered name is near it; {{[0-9]+}} are registered) (nor 'example.prefix_sum@1')
// BADFLAG: 'example.prefix_sum' is not NAME:native, NAME:inline or NAME:auto

func.func @main() {
  %x = stablehlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %y = stablehlo.add %x, %x : tensor<2x3xf32>
  // The prefix sum of each row, fed by and feeding elementwise ops.
  %s = stablehlo.composite "example.prefix_sum" %y {composite_attributes = {reverse = false}, decomposition = @prefix_sum, version = 1 : i32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %t = stablehlo.multiply %s, %x : tensor<2x3xf32>
  check.expect_eq_const %t, dense<[[2.0, 12.0, 36.0], [32.0, 90.0, 180.0]]> : tensor<2x3xf32>
  // Nested: the outer composite has no handler; its two inner ones do.
  %d = stablehlo.composite "example.double_prefix_sum" %x {decomposition = @double_prefix_sum} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  check.expect_eq_const %d, dense<[[1.0, 4.0, 10.0], [4.0, 13.0, 28.0]]> : tensor<2x3xf32>
  // One of JAX's own composites, which no handler serves: inlined.
  %a = stablehlo.constant dense<[0.5, 0.0, 0.9]> : tensor<3xf32>
  %c = stablehlo.composite "chlo.acos" %a {decomposition = @acos_impl, version = 1 : i32} : (tensor<3xf32>) -> tensor<3xf32>
  check.expect_almost_eq_const %c, dense<[1.0471976, 1.5707964, 0.45102681]> : tensor<3xf32>
  func.return
}

// The inclusive prefix sum of each row of 3: a window of 3 padded by 2.
func.func private @prefix_sum(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %s = "stablehlo.reduce_window"(%x, %zero) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %sum = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %sum : tensor<f32>
  }) {window_dimensions = array<i64: 1, 3>, padding = dense<[[0, 0], [2, 0]]> : tensor<2x2xi64>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %s : tensor<2x3xf32>
}

func.func private @double_prefix_sum(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %a = stablehlo.composite "example.prefix_sum" %x {composite_attributes = {reverse = false}, decomposition = @prefix_sum, version = 1 : i32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %b = stablehlo.composite "example.prefix_sum" %a {composite_attributes = {reverse = false}, decomposition = @prefix_sum, version = 1 : i32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %b : tensor<2x3xf32>
}

// acos(x) = 2 atan2(sqrt(1 - x^2), 1 + x).
func.func private @acos_impl(%x: tensor<3xf32>) -> tensor<3xf32> {
  %one = stablehlo.constant dense<1.0> : tensor<3xf32>
  %two = stablehlo.constant dense<2.0> : tensor<3xf32>
  %xx = stablehlo.multiply %x, %x : tensor<3xf32>
  %d = stablehlo.subtract %one, %xx : tensor<3xf32>
  %s = stablehlo.sqrt %d : tensor<3xf32>
  %p = stablehlo.add %one, %x : tensor<3xf32>
  %t = stablehlo.atan2 %s, %p : tensor<3xf32>
  %r = stablehlo.multiply %two, %t : tensor<3xf32>
  return %r : tensor<3xf32>
}
