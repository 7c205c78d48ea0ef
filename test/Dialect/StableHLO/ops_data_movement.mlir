// RUN: hlox-opt %s | hlox-opt | FileCheck %s
// RUN: hlox-opt %s --mlir-print-op-generic | hlox-opt | FileCheck %s

// CHECK-LABEL: func @constants
func.func @constants() {
  // CHECK: stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %0 = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  // CHECK: stablehlo.constant() <{value = dense<[1, 2]> : tensor<2xi8>}> : () -> tensor<2x!quant.uniform<i8:f32, 5.000000e-01>>
  %1 = stablehlo.constant() <{value = dense<[1, 2]> : tensor<2xi8>}> : () -> tensor<2x!quant.uniform<i8:f32, 0.5>>
  // CHECK: stablehlo.iota dim = 1 : tensor<2x3xi32>
  %2 = stablehlo.iota dim = 1 : tensor<2x3xi32>
  func.return
}

// CHECK-LABEL: func @shapes
func.func @shapes(%x: tensor<1x3xf32>, %s: tensor<3xi64>, %i: tensor<i64>) {
  // CHECK: stablehlo.broadcast_in_dim %{{.*}}, dims = [2, 1] : (tensor<1x3xf32>) -> tensor<2x3x2xf32>
  %0 = stablehlo.broadcast_in_dim %x, dims = [2, 1] : (tensor<1x3xf32>) -> tensor<2x3x2xf32>
  // CHECK: stablehlo.broadcast %{{.*}}, sizes = [4] : (tensor<1x3xf32>) -> tensor<4x1x3xf32>
  %1 = stablehlo.broadcast %x, sizes = [4] : (tensor<1x3xf32>) -> tensor<4x1x3xf32>
  // CHECK: stablehlo.dynamic_broadcast_in_dim %{{.*}}, %{{.*}}, dims = [2, 1], known_expanding_dimensions = [0] : (tensor<1x3xf32>, tensor<3xi64>) -> tensor<?x3x?xf32>
  %2 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [2, 1], known_expanding_dimensions = [0] : (tensor<1x3xf32>, tensor<3xi64>) -> tensor<?x3x?xf32>
  // CHECK: stablehlo.reshape %{{.*}} : (tensor<1x3xf32>) -> tensor<3xf32>
  %3 = stablehlo.reshape %x : (tensor<1x3xf32>) -> tensor<3xf32>
  // CHECK: stablehlo.transpose %{{.*}}, dims = [1, 0] : (tensor<1x3xf32>) -> tensor<3x1xf32>
  %4 = stablehlo.transpose %x, dims = [1, 0] : (tensor<1x3xf32>) -> tensor<3x1xf32>
  // CHECK: stablehlo.reverse %{{.*}}, dims = [1] : tensor<1x3xf32>
  %5 = stablehlo.reverse %x, dims = [1] : tensor<1x3xf32>
  // CHECK: stablehlo.concatenate %{{.*}}, %{{.*}}, dim = 0 : (tensor<1x3xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
  %6 = stablehlo.concatenate %x, %x, dim = 0 : (tensor<1x3xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
  // CHECK: stablehlo.slice %{{.*}} [0:1, 0:3:2] : (tensor<1x3xf32>) -> tensor<1x2xf32>
  %7 = stablehlo.slice %x [0:1, 0:3:2] : (tensor<1x3xf32>) -> tensor<1x2xf32>
  // CHECK: stablehlo.dynamic_slice %{{.*}}, %{{.*}}, %{{.*}}, sizes = [1, 2] : (tensor<1x3xf32>, tensor<i64>, tensor<i64>) -> tensor<1x2xf32>
  %8 = stablehlo.dynamic_slice %x, %i, %i, sizes = [1, 2] : (tensor<1x3xf32>, tensor<i64>, tensor<i64>) -> tensor<1x2xf32>
  // CHECK: stablehlo.dynamic_update_slice %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : (tensor<1x3xf32>, tensor<1x2xf32>, tensor<i64>, tensor<i64>) -> tensor<1x3xf32>
  %9 = stablehlo.dynamic_update_slice %x, %8, %i, %i : (tensor<1x3xf32>, tensor<1x2xf32>, tensor<i64>, tensor<i64>) -> tensor<1x3xf32>
  %pad = stablehlo.constant dense<0.0> : tensor<f32>
  // CHECK: stablehlo.pad %{{.*}}, %{{.*}}, low = [0, 1], high = [1, 0], interior = [0, 1] : (tensor<1x3xf32>, tensor<f32>) -> tensor<2x6xf32>
  %10 = stablehlo.pad %x, %pad, low = [0, 1], high = [1, 0], interior = [0, 1] : (tensor<1x3xf32>, tensor<f32>) -> tensor<2x6xf32>
  // CHECK: stablehlo.get_dimension_size %{{.*}}, dim = 1 : (tensor<1x3xf32>) -> tensor<i32>
  %11 = stablehlo.get_dimension_size %x, dim = 1 : (tensor<1x3xf32>) -> tensor<i32>
  func.return
}

// CHECK-LABEL: func @dynamism
func.func @dynamism(%x: tensor<?x4xf32>, %s: tensor<2xi32>, %v: tensor<f32>) {
  // CHECK: stablehlo.dynamic_iota %{{.*}}, dim = 0 : (tensor<2xi32>) -> tensor<?x4xi32>
  %0 = stablehlo.dynamic_iota %s, dim = 0 : (tensor<2xi32>) -> tensor<?x4xi32>
  // CHECK: stablehlo.dynamic_reshape %{{.*}}, %{{.*}} : (tensor<?x4xf32>, tensor<2xi32>) -> tensor<?x2xf32>
  %1 = stablehlo.dynamic_reshape %x, %s : (tensor<?x4xf32>, tensor<2xi32>) -> tensor<?x2xf32>
  // CHECK: stablehlo.real_dynamic_slice
  %2 = stablehlo.real_dynamic_slice %x, %s, %s, %s : (tensor<?x4xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x?xf32>
  // CHECK: stablehlo.dynamic_pad
  %3 = stablehlo.dynamic_pad %x, %v, %s, %s, %s : (tensor<?x4xf32>, tensor<f32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x?xf32>
  %n = stablehlo.constant dense<3> : tensor<i32>
  // CHECK: stablehlo.set_dimension_size %{{.*}}, %{{.*}}, dim = 0 : (tensor<?x4xf32>, tensor<i32>) -> tensor<?x4xf32, #stablehlo.type_extensions<bounds = [8, ?]>>
  %4 = stablehlo.set_dimension_size %x, %n, dim = 0 : (tensor<?x4xf32>, tensor<i32>) -> tensor<?x4xf32, #stablehlo.type_extensions<bounds = [8, ?]>>
  func.return
}

// CHECK-LABEL: func @gather_scatter
func.func @gather_scatter(%x: tensor<3x4x2xi32>, %idx: tensor<2x3x2xi64>, %sizes: tensor<3xi64>) {
  // CHECK: "stablehlo.gather"(%{{.*}}, %{{.*}}) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, indices_are_sorted = true, slice_sizes = array<i64: 1, 2, 2>}>
  %0 = "stablehlo.gather"(%x, %idx) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, indices_are_sorted = true, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32>
  // CHECK: "stablehlo.dynamic_gather"
  %1 = "stablehlo.dynamic_gather"(%x, %idx, %sizes) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], operand_batching_dims = [2], start_indices_batching_dims = [1], start_index_map = [1, 0], index_vector_dim = 2>} : (tensor<3x4x2xi32>, tensor<2x3x2xi64>, tensor<3xi64>) -> tensor<2x3x2x2xi32>
  %u = stablehlo.constant dense<1> : tensor<2x3x2x2xi32>
  // CHECK: "stablehlo.scatter"({{.*}}) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 2>}>
  %2 = "stablehlo.scatter"(%x, %idx, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 2>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) : (tensor<3x4x2xi32>, tensor<2x3x2xi64>, tensor<2x3x2x2xi32>) -> tensor<3x4x2xi32>
  %sel = stablehlo.constant dense<0> : tensor<3xi32>
  // CHECK: "stablehlo.torch_index_select"
  %3 = "stablehlo.torch_index_select"(%x, %sel) {dim = 0 : i64, batch_dims = 0 : i64} : (tensor<3x4x2xi32>, tensor<3xi32>) -> tensor<3x4x2xi32>
  func.return
}
