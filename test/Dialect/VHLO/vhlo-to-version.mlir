// RUN: hlox-opt %s --stablehlo-legalize-to-vhlo --vhlo-to-version=target=1.0.0 --split-input-file --verify-diagnostics | FileCheck %s --check-prefix=DOWN
// RUN: hlox-opt %s --stablehlo-legalize-to-vhlo --vhlo-to-version=target=1.0.0 --split-input-file --verify-diagnostics | hlox-opt --vhlo-to-version=target=current --split-input-file | FileCheck %s --check-prefix=UP

// A program that 1.0.0 can hold: the second forms go down to the first,
// dropping the attributes they added (at their implied values), and come
// back up with those values.

// DOWN-LABEL: vhlo.func_v1 @down
// DOWN: "vhlo.exponential_v1"(%arg0) : (
// DOWN: "vhlo.all_gather_v1"
// DOWN-NOT: result_tilings
// DOWN: "vhlo.gather_v1"
// DOWN-NOT: batching_dims
// DOWN: "vhlo.dot_general_v1"
// DOWN-NOT: precision_type
// DOWN: "vhlo.custom_call_v1"
// DOWN-NOT: result_tilings
// DOWN: "vhlo.return_v1"

// UP-LABEL: vhlo.func_v1 @down
// UP: "vhlo.exponential_v2"(%arg0) <{result_accuracy = #vhlo.result_accuracy_v1<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #vhlo<result_accuracy_mode_v1 DEFAULT>>}>
// UP: "vhlo.all_gather_v2"
// UP: "vhlo.gather_v2"
// UP-SAME: operand_batching_dims = #vhlo.tensor_v1<dense<> : tensor<0xi64>>
// UP: "vhlo.dot_general_v2"
// UP-SAME: lhs_precision_type = #vhlo.type_v1<!vhlo.none_v1>
// UP: "vhlo.custom_call_v2"
// UP-SAME: result_tilings = #vhlo.array_v1<[]>
func.func @down(%a: tensor<2x3xf32>, %i: tensor<2x1xi32>, %b: tensor<3x4xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.exponential %a : tensor<2x3xf32>
  %1 = "stablehlo.all_gather"(%0) {all_gather_dim = 0 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = "stablehlo.gather"(%1, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>} : (tensor<2x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  %3 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %4 = stablehlo.custom_call @f(%2) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %4 : tensor<2x3xf32>
}

// -----

// An op newer than the target.
// expected-error @+1 {{failed to convert VHLO to v1.0.0}}
module {
  func.func @tan(%a: tensor<f32>) -> tensor<f32> {
    // expected-error @+1 {{failed to legalize operation 'vhlo.tan_v2' that was explicitly marked illegal}}
    %0 = stablehlo.tan %a : tensor<f32>
    return %0 : tensor<f32>
  }
}

// -----

// An attribute value the older form cannot hold.
// expected-error @+1 {{failed to convert VHLO to v1.0.0}}
module {
  func.func @accuracy(%a: tensor<f32>) -> tensor<f32> {
    // expected-error @+1 {{failed to legalize operation 'vhlo.exponential_v2' that was explicitly marked illegal}}
    %0 = stablehlo.exponential %a {result_accuracy = #stablehlo.result_accuracy<atol = 1.0e-05, rtol = 0.0, ulps = 1, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : tensor<f32>
    return %0 : tensor<f32>
  }
}

// -----

// Two operands: the first all_gather form takes one.
// expected-error @+1 {{failed to convert VHLO to v1.0.0}}
module {
  func.func @variadic(%a: tensor<2xf32>, %b: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
    // expected-error @+1 {{failed to legalize operation 'vhlo.all_gather_v2' that was explicitly marked illegal}}
    %0:2 = "stablehlo.all_gather"(%a, %b) {all_gather_dim = 0 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
    return %0#0, %0#1 : tensor<2xf32>, tensor<2xf32>
  }
}

// -----

// A type newer than the target.
// expected-error @+1 {{failed to convert VHLO to v1.0.0}}
module {
  // expected-error @+1 {{failed to legalize operation 'vhlo.func_v1' that was explicitly marked illegal}}
  func.func @f8(%a: tensor<f8E4M3>) -> tensor<f8E4M3> {
    return %a : tensor<f8E4M3>
  }
}
