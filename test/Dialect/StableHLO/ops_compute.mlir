// RUN: hlox-opt %s | hlox-opt | FileCheck %s
// RUN: hlox-opt %s --mlir-print-op-generic | hlox-opt | FileCheck %s

// CHECK-LABEL: func @contractions
func.func @contractions(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %m: tensor<3x4xf32>, %n: tensor<4x5xf32>) {
  // CHECK: stablehlo.dot_general %{{.*}}, %{{.*}}, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, HIGHEST] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, HIGHEST] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  // CHECK: stablehlo.dot_general %{{.*}}, %{{.*}}, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false>
  %1 = stablehlo.dot_general %m, %n, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  // CHECK: stablehlo.dot %{{.*}}, %{{.*}}, precision = [HIGH, HIGH] : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  %2 = stablehlo.dot %m, %n, precision = [HIGH, HIGH] : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  // CHECK: stablehlo.einsum %{{.*}}, %{{.*}}, config = "ab,bc->ac"
  %3 = stablehlo.einsum %m, %n, config = "ab,bc->ac" : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  // CHECK: stablehlo.unary_einsum %{{.*}}, config = "ab->a"
  %4 = stablehlo.unary_einsum %m, config = "ab->a" : (tensor<3x4xf32>) -> tensor<3xf32>
  func.return
}

// CHECK-LABEL: func @convolutions
func.func @convolutions(%x: tensor<1x4x4x1xf32>, %k: tensor<3x3x1x1xf32>, %p: tensor<2x2xi32>) {
  // CHECK: stablehlo.convolution(%{{.*}}, %{{.*}}) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [4, 4], pad = {{\[\[}}0, 0], [0, 0]], lhs_dilate = [2, 2], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [4, 4], pad = [[0, 0], [0, 0]], lhs_dilate = [2, 2], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  // CHECK: window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64}
  %1 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  // CHECK: "stablehlo.dynamic_conv"({{.*}}) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64}>
  %2 = "stablehlo.dynamic_conv"(%x, %k, %p) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>, tensor<2x2xi32>) -> tensor<1x?x?x1xf32>
  func.return
}

// CHECK-LABEL: func @linear_algebra_and_fft
func.func @linear_algebra_and_fft(%a: tensor<3x3xf32>, %c: tensor<4xcomplex<f32>>) {
  // CHECK: stablehlo.cholesky %{{.*}}, lower = true : tensor<3x3xf32>
  %0 = stablehlo.cholesky %a, lower = true : tensor<3x3xf32>
  // CHECK: "stablehlo.triangular_solve"
  %1 = "stablehlo.triangular_solve"(%a, %a) <{left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose ADJOINT>}> : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
  // CHECK: stablehlo.fft %{{.*}}, type = FFT, length = [4] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  %2 = stablehlo.fft %c, type = FFT, length = [4] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  func.return
}

// CHECK-LABEL: func @batch_norm
func.func @batch_norm(%x: tensor<2x2x2xf64>, %s: tensor<2xf64>) {
  // CHECK: "stablehlo.batch_norm_training"
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %s) {epsilon = 0.0 : f32, feature_index = 2 : i64} : (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>) -> (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>)
  // CHECK: "stablehlo.batch_norm_inference"
  %1 = "stablehlo.batch_norm_inference"(%x, %s, %s, %s, %s) {epsilon = 0.0 : f32, feature_index = 2 : i64} : (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>) -> tensor<2x2x2xf64>
  // CHECK: "stablehlo.batch_norm_grad"
  %2:3 = "stablehlo.batch_norm_grad"(%x, %s, %s, %s, %x) {epsilon = 0.0 : f32, feature_index = 2 : i64} : (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2x2x2xf64>) -> (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>)
  func.return
}

// CHECK-LABEL: func @rng_and_tuples
func.func @rng_and_tuples(%state: tensor<2xui64>, %x: tensor<2xf64>) {
  // CHECK: stablehlo.rng_bit_generator %{{.*}}, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x2xui64>)
  %0:2 = stablehlo.rng_bit_generator %state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x2xui64>)
  %a = stablehlo.constant dense<0> : tensor<i32>
  %shape = stablehlo.constant dense<[3, 3]> : tensor<2xi64>
  // CHECK: stablehlo.rng %{{.*}}, %{{.*}}, %{{.*}}, distribution = UNIFORM : (tensor<i32>, tensor<i32>, tensor<2xi64>) -> tensor<3x3xi32>
  %1 = stablehlo.rng %a, %a, %shape, distribution = UNIFORM : (tensor<i32>, tensor<i32>, tensor<2xi64>) -> tensor<3x3xi32>
  // CHECK: stablehlo.tuple %{{.*}}, %{{.*}} : tuple<tensor<2xf64>, tensor<i32>>
  %t = stablehlo.tuple %x, %a : tuple<tensor<2xf64>, tensor<i32>>
  // CHECK: stablehlo.get_tuple_element %{{.*}}[1] : (tuple<tensor<2xf64>, tensor<i32>>) -> tensor<i32>
  %e = stablehlo.get_tuple_element %t[1] : (tuple<tensor<2xf64>, tensor<i32>>) -> tensor<i32>
  func.return
}

// CHECK-LABEL: func @extensibility
func.func @extensibility(%x: tensor<f32>) -> tensor<f32> {
  // CHECK: stablehlo.custom_call @foo(%{{.*}}) {api_version = 4 : i32, backend_config = {bar = 42 : i32}} : (tensor<f32>) -> tensor<f32>
  %0 = stablehlo.custom_call @foo(%x) {backend_config = {bar = 42 : i32}, api_version = 4 : i32} : (tensor<f32>) -> tensor<f32>
  // CHECK: stablehlo.custom_call @"target with space"(%{{.*}}) {has_side_effect = true} : (tensor<f32>) -> ()
  stablehlo.custom_call @"target with space"(%0) {has_side_effect = true} : (tensor<f32>) -> ()
  // CHECK: stablehlo.composite "my.op" %{{.*}} {composite_attributes = {k = 1 : i64}, decomposition = @my_op_impl, version = 1 : i32} : (tensor<f32>) -> tensor<f32>
  %1 = stablehlo.composite "my.op" %0 {composite_attributes = {k = 1 : i64}, decomposition = @my_op_impl, version = 1 : i32} : (tensor<f32>) -> tensor<f32>
  func.return %1 : tensor<f32>
}
func.func private @my_op_impl(%x: tensor<f32>) -> tensor<f32> {
  func.return %x : tensor<f32>
}

// A composite may carry regions (the bodies of the op it models); the
// spec's buffers and futures pass through custom calls.
// CHECK-LABEL: func @composite_regions_and_buffers
// CHECK: stablehlo.composite "my.reduce" %{{.*}} ({
// CHECK: ^bb0(%{{.*}}: tensor<f32>, %{{.*}}: tensor<f32>):
// CHECK: }) {decomposition = @my_reduce_impl} : (tensor<4xf32>) -> tensor<f32>
// CHECK: stablehlo.custom_call @Pin(%{{.*}}) {api_version = 4 : i32} : (tensor<4xf32>) -> memref<4xf32>
// CHECK: stablehlo.custom_call @Unpin(%{{.*}}) {api_version = 4 : i32} : (memref<4xf32>) -> tensor<4xf32>
func.func private @my_reduce_impl(tensor<4xf32>) -> tensor<f32>
func.func @composite_regions_and_buffers(%x: tensor<4xf32>) -> (tensor<f32>, tensor<4xf32>) {
  %0 = "stablehlo.composite"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {name = "my.reduce", decomposition = @my_reduce_impl} : (tensor<4xf32>) -> tensor<f32>
  %1 = "stablehlo.custom_call"(%x) {call_target_name = "Pin", api_version = 4 : i32} : (tensor<4xf32>) -> memref<4xf32>
  %2 = "stablehlo.custom_call"(%1) {call_target_name = "Unpin", api_version = 4 : i32} : (memref<4xf32>) -> tensor<4xf32>
  return %0, %2 : tensor<f32>, tensor<4xf32>
}
