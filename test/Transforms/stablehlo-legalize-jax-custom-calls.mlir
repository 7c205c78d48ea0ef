// RUN: hlox-opt --split-input-file --stablehlo-legalize-jax-custom-calls %s | FileCheck %s

// @mhlo.topk as older JAX serializes lax.top_k: chlo.top_k over the last
// dimension.
// CHECK-LABEL: func.func @topk
// CHECK-SAME: (%[[X:.+]]: tensor<512x8xf32>)
// CHECK: %[[V:.+]], %[[I:.+]] = chlo.top_k(%[[X]], k = 2) : tensor<512x8xf32> -> (tensor<512x2xf32>, tensor<512x2xi32>)
// CHECK-NOT: stablehlo.custom_call
// CHECK: return %[[V]], %[[I]]
func.func @topk(%x: tensor<512x8xf32>) -> (tensor<512x2xf32>, tensor<512x2xi32>) {
  %0:2 = stablehlo.custom_call @mhlo.topk(%x) {mhlo.attributes = {k = 2 : i64}, mhlo.version = 1 : i64} : (tensor<512x8xf32>) -> (tensor<512x2xf32>, tensor<512x2xi32>)
  return %0#0, %0#1 : tensor<512x2xf32>, tensor<512x2xi32>
}

// -----

// CHECK-LABEL: func.func @topk_largest
// CHECK: chlo.top_k(%{{.+}}, k = 4) : tensor<3x6xi32> -> (tensor<3x4xi32>, tensor<3x4xi64>)
// CHECK-NOT: stablehlo.custom_call
func.func @topk_largest(%arg0: tensor<3x6xi32>) -> (tensor<3x4xi32>, tensor<3x4xi64>) {
  %0:2 = stablehlo.custom_call @mhlo.topk(%arg0) {mhlo.attributes = {k = 4 : i64, largest = true}, mhlo.version = 1 : i64} : (tensor<3x6xi32>) -> (tensor<3x4xi32>, tensor<3x4xi64>)
  return %0#0, %0#1 : tensor<3x4xi32>, tensor<3x4xi64>
}

// -----

// is_stable of either value holds for the stable chlo.top_k; the target may
// also be spelled chlo.top_k.
// CHECK-LABEL: func.func @topk_stable
// CHECK: chlo.top_k(%{{.+}}, k = 3) : tensor<5xf32> -> (tensor<3xf32>, tensor<3xi32>)
// CHECK: chlo.top_k(%{{.+}}, k = 1) : tensor<5xf32> -> (tensor<1xf32>, tensor<1xi32>)
// CHECK-NOT: stablehlo.custom_call
func.func @topk_stable(%x: tensor<5xf32>) -> (tensor<3xf32>, tensor<1xi32>) {
  %0:2 = stablehlo.custom_call @mhlo.topk(%x) {mhlo.attributes = {k = 3 : i64, largest = true, is_stable = false}, mhlo.version = 1 : i64} : (tensor<5xf32>) -> (tensor<3xf32>, tensor<3xi32>)
  %1:2 = stablehlo.custom_call @chlo.top_k(%x) {mhlo.attributes = {k = 1 : i64, is_stable = true}} : (tensor<5xf32>) -> (tensor<1xf32>, tensor<1xi32>)
  return %0#0, %1#1 : tensor<3xf32>, tensor<1xi32>
}

// -----

// A dynamic leading dimension stays dynamic.
// CHECK-LABEL: func.func @topk_dynamic_rows
// CHECK: chlo.top_k(%{{.+}}, k = 2) : tensor<?x8xbf16> -> (tensor<?x2xbf16>, tensor<?x2xi32>)
func.func @topk_dynamic_rows(%x: tensor<?x8xbf16>) -> tensor<?x2xbf16> {
  %0:2 = stablehlo.custom_call @mhlo.topk(%x) {mhlo.attributes = {k = 2 : i64}, mhlo.version = 1 : i64} : (tensor<?x8xbf16>) -> (tensor<?x2xbf16>, tensor<?x2xi32>)
  return %0#0 : tensor<?x2xbf16>
}

// -----

// Sharding annotations are identities on one device.
// CHECK-LABEL: func.func @sharding
// CHECK-SAME: (%[[X:.+]]: tensor<4x2xf32>)
// CHECK-NOT: stablehlo.custom_call
// CHECK: %[[S:.+]] = stablehlo.add %[[X]], %[[X]]
// CHECK-NOT: stablehlo.custom_call
// CHECK: return %[[S]]
func.func @sharding(%x: tensor<4x2xf32>) -> tensor<4x2xf32> {
  %0 = stablehlo.custom_call @Sharding(%x) {mhlo.sharding = "{replicated}"} : (tensor<4x2xf32>) -> tensor<4x2xf32>
  %1 = stablehlo.custom_call @Sharding(%0) {backend_config = "unspecified_dims=[0,1]", mhlo.sharding = "{replicated}"} : (tensor<4x2xf32>) -> tensor<4x2xf32>
  %2 = stablehlo.custom_call @Sharding(%1) {backend_config = "", mhlo.sharding = "{replicated}"} : (tensor<4x2xf32>) -> tensor<4x2xf32>
  %3 = stablehlo.add %2, %2 : tensor<4x2xf32>
  %4 = stablehlo.custom_call @Sharding(%3) {mhlo.sharding = "{replicated}"} : (tensor<4x2xf32>) -> tensor<4x2xf32>
  return %4 : tensor<4x2xf32>
}

// -----

// CHECK-LABEL: func.func @manual_sharding
// CHECK-SAME: (%[[X:.+]]: tensor<8xi32>)
// CHECK-NOT: stablehlo.custom_call
// CHECK: return %[[X]]
func.func @manual_sharding(%x: tensor<8xi32>) -> tensor<8xi32> {
  %0 = stablehlo.custom_call @Sharding(%x) {mhlo.sharding = "{replicated}"} : (tensor<8xi32>) -> tensor<8xi32>
  %1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {mhlo.sharding = "{manual}"} : (tensor<8xi32>) -> tensor<8xi32>
  %2 = stablehlo.custom_call @Sharding(%1) {mhlo.sharding = "{manual}"} : (tensor<8xi32>) -> tensor<8xi32>
  %3 = stablehlo.custom_call @SPMDShardToFullShape(%2) {mhlo.sharding = "{replicated}"} : (tensor<8xi32>) -> tensor<8xi32>
  return %3 : tensor<8xi32>
}

// -----

// CHECK-LABEL: func.func @placement_and_layout
// CHECK-SAME: (%[[X:.+]]: tensor<2x3xf16>)
// CHECK-NOT: stablehlo.custom_call
// CHECK: return %[[X]]
func.func @placement_and_layout(%x: tensor<2x3xf16>) -> tensor<2x3xf16> {
  %0 = stablehlo.custom_call @annotate_device_placement(%x) {has_side_effect = true, mhlo.frontend_attributes = {_xla_buffer_placement = "pinned_host"}} : (tensor<2x3xf16>) -> tensor<2x3xf16>
  %1 = stablehlo.custom_call @LayoutConstraint(%0) : (tensor<2x3xf16>) -> tensor<2x3xf16>
  return %1 : tensor<2x3xf16>
}

// -----

// A shape assertion whose predicate is not a constant stays for the
// runtime, its message moved into backend_config.
// CHECK-LABEL: func.func @shape_assertion
// CHECK-SAME: (%[[B:.+]]: tensor<i32>, %[[N:.+]]: tensor<i64>)
// CHECK: %[[P:.+]] = stablehlo.compare
// CHECK: stablehlo.custom_call @shape_assertion(%[[P]], %[[B]], %[[N]])
// CHECK-SAME: backend_config = "Expected value >= 1 for dimension variable 'b', got {0} (and {1})"
// CHECK-NOT: error_message
// CHECK: return
func.func @shape_assertion(%b: tensor<i32>, %n: tensor<i64>) {
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %p = stablehlo.compare GE, %b, %c1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  stablehlo.custom_call @shape_assertion(%p, %b, %n) {api_version = 2 : i32, error_message = "Expected value >= 1 for dimension variable 'b', got {0} (and {1})", has_side_effect = true} : (tensor<i1>, tensor<i32>, tensor<i64>) -> ()
  return
}

// -----

// A constant true predicate holds: the assertion goes.
// CHECK-LABEL: func.func @shape_assertion_true
// CHECK-NOT: stablehlo.custom_call
// CHECK: return
func.func @shape_assertion_true(%b: tensor<i64>) {
  %true = stablehlo.constant dense<true> : tensor<i1>
  stablehlo.custom_call @shape_assertion(%true, %b) {api_version = 2 : i32, error_message = "got {0}", has_side_effect = true} : (tensor<i1>, tensor<i64>) -> ()
  return
}

// -----

// A constant false predicate fails when the program runs, not before.
// CHECK-LABEL: func.func @shape_assertion_false
// CHECK: %[[FALSE:.+]] = stablehlo.constant dense<false>
// CHECK: stablehlo.custom_call @shape_assertion(%[[FALSE]])
// CHECK-SAME: backend_config = "never {x}"
// CHECK-NOT: error_message
// CHECK: return
func.func @shape_assertion_false() {
  %false = stablehlo.constant dense<false> : tensor<i1>
  stablehlo.custom_call @shape_assertion(%false) {api_version = 2 : i32, error_message = "never {x}", has_side_effect = true} : (tensor<i1>) -> ()
  return
}

// -----

// Other targets stay as they are.
// CHECK-LABEL: func.func @other_targets
// CHECK: stablehlo.custom_call @example.prefix_sum(%{{.+}}) {backend_config = "reverse"}
// CHECK: stablehlo.custom_call @check.expect_eq
func.func @other_targets(%x: tensor<3xf32>) -> tensor<3xf32> {
  %0 = stablehlo.custom_call @example.prefix_sum(%x) {backend_config = "reverse"} : (tensor<3xf32>) -> tensor<3xf32>
  stablehlo.custom_call @check.expect_eq(%0, %x) {has_side_effect = true} : (tensor<3xf32>, tensor<3xf32>) -> ()
  return %0 : tensor<3xf32>
}

// -----

// Calls in the bodies of other ops and of callees are rewritten too.
// CHECK-LABEL: func.func @nested
// CHECK-NOT: stablehlo.custom_call
// CHECK: stablehlo.while
// CHECK-NOT: stablehlo.custom_call
// CHECK-LABEL: func.func private @callee
// CHECK-NOT: stablehlo.custom_call
// CHECK: return
func.func @nested(%x: tensor<f32>) -> tensor<f32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.while(%i = %c, %v = %x) : tensor<i32>, tensor<f32>
   cond {
    %n = stablehlo.constant dense<2> : tensor<i32>
    %p = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %i1 = stablehlo.add %i, %one : tensor<i32>
    %s = stablehlo.custom_call @Sharding(%v) {mhlo.sharding = "{replicated}"} : (tensor<f32>) -> tensor<f32>
    stablehlo.return %i1, %s : tensor<i32>, tensor<f32>
  }
  %y = func.call @callee(%r#1) : (tensor<f32>) -> tensor<f32>
  return %y : tensor<f32>
}
func.func private @callee(%x: tensor<f32>) -> tensor<f32> {
  %0 = stablehlo.custom_call @LayoutConstraint(%x) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// XLA's Qr and Householder product become the LAPACK handlers' calls, with
// their column-major layouts.
// CHECK-LABEL: func.func @qr
// CHECK: stablehlo.custom_call @lapack_dgeqrf_ffi(%{{.*}}) {api_version = 4 : i32, backend_config = {}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>]}
// CHECK: stablehlo.custom_call @lapack_cungqr_ffi(%{{.*}}, %{{.*}}) {api_version = 4 : i32, backend_config = {}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>]}
func.func @qr(%a: tensor<2x4x3xf64>, %b: tensor<4x3xcomplex<f32>>, %t: tensor<3xcomplex<f32>>) -> (tensor<2x4x3xf64>, tensor<2x3xf64>, tensor<4x3xcomplex<f32>>) {
  %0:2 = stablehlo.custom_call @Qr(%a) : (tensor<2x4x3xf64>) -> (tensor<2x4x3xf64>, tensor<2x3xf64>)
  %1 = stablehlo.custom_call @ProductOfElementaryHouseholderReflectors(%b, %t) : (tensor<4x3xcomplex<f32>>, tensor<3xcomplex<f32>>) -> tensor<4x3xcomplex<f32>>
  return %0#0, %0#1, %1 : tensor<2x4x3xf64>, tensor<2x3xf64>, tensor<4x3xcomplex<f32>>
}

// -----

// Calls whose results have dynamic shapes wait for stablehlo-refine-shapes.
// CHECK-LABEL: func.func @waits
// CHECK: stablehlo.custom_call @stablehlo.dynamic_top_k
func.func @waits(%x: tensor<4x?xf32>, %k: tensor<i32>) -> tensor<4x?xf32> {
  %0:2 = stablehlo.custom_call @stablehlo.dynamic_top_k(%x, %k) {api_version = 2 : i32} : (tensor<4x?xf32>, tensor<i32>) -> (tensor<4x?xf32>, tensor<4x?xi32>)
  return %0#0 : tensor<4x?xf32>
}
