// Reduction bodies of a wider type than their values (the spec's
// is_promotable): the values convert to the body's type first, and the
// results have it; compiled and interpreted alike. 2^24 + 1 + 1 is exact
// in f64 and not in f32.
// RUN: hlox-run %s --print-output | FileCheck %s
// RUN: hlox-run --interpret %s --print-output | FileCheck %s

// 0x4170000020000000 is 2^24 + 2, 0x4170000010000000 2^24 + 1.
// CHECK: result[0]: dense<0x4170000020000000> : tensor<f64>
// CHECK: result[1]: dense<[0x4170000010000000, 2.000000e+00]> : tensor<2xf64>
// CHECK: result[2]: dense<[1.000000e+00, 1.200000e+01, 3.000000e+00]> : tensor<3xf64>
// CHECK: result[3]: dense<[0, 0, 7000000000]> : tensor<3xi64>
// CHECK: result[4]: dense<[1.000000e+00, 1.000000e+00, 0x4170000000000000]> : tensor<3xf64>
// CHECK: result[5]: dense<[0.000000e+00, 1.000000e+00, 0.000000e+00, 2.000000e+00]> : tensor<4xf32>
func.func @main() -> (tensor<f64>, tensor<2xf64>, tensor<3xf64>, tensor<3xi64>, tensor<3xf64>, tensor<4xf32>) {
  %x = stablehlo.constant dense<[16777216.0, 1.0, 1.0]> : tensor<3xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %sum = stablehlo.reduce(%x init: %zero) across dimensions = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<f64>
   reducer(%a: tensor<f64>, %b: tensor<f64>) {
    %s = stablehlo.add %a, %b : tensor<f64>
    stablehlo.return %s : tensor<f64>
  }
  %windows = "stablehlo.reduce_window"(%x, %zero) ({
  ^bb0(%a: tensor<f64>, %b: tensor<f64>):
    %s = stablehlo.add %a, %b : tensor<f64>
    stablehlo.return %s : tensor<f64>
  }) {window_dimensions = array<i64: 2>} : (tensor<3xf32>, tensor<f32>) -> tensor<2xf64>
  %base = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %index = stablehlo.constant dense<[[1]]> : tensor<1x1xi32>
  %update = stablehlo.constant dense<[10.0]> : tensor<1xf32>
  %scattered = "stablehlo.scatter"(%base, %index, %update) ({
  ^bb0(%a: tensor<f64>, %b: tensor<f64>):
    %s = stablehlo.add %a, %b : tensor<f64>
    stablehlo.return %s : tensor<f64>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3xf32>, tensor<1x1xi32>, tensor<1xf32>) -> tensor<3xf64>
  // i32 values summed in i64: 7e9 does not wrap.
  %big = stablehlo.constant dense<[0, 0, 2000000000]> : tensor<3xi32>
  %more = stablehlo.constant dense<[[2], [2], [2]]> : tensor<3x1xi32>
  %adds = stablehlo.constant dense<[1000000000, 2000000000, 2000000000]> : tensor<3xi32>
  %wide = "stablehlo.scatter"(%big, %more, %adds) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %s = stablehlo.add %a, %b : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3xi32>, tensor<3x1xi32>, tensor<3xi32>) -> tensor<3xi64>
  // One process: the all_reduce of a group of one converts.
  %all = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f64>, %b: tensor<f64>):
    %s = stablehlo.add %a, %b : tensor<f64>
    stablehlo.return %s : tensor<f64>
  }) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<3xf32>) -> tensor<3xf64>
  %rotated = "stablehlo.slice"(%all) {start_indices = array<i64: 1>, limit_indices = array<i64: 3>, strides = array<i64: 1>} : (tensor<3xf64>) -> tensor<2xf64>
  %first = "stablehlo.slice"(%all) {start_indices = array<i64: 0>, limit_indices = array<i64: 1>, strides = array<i64: 1>} : (tensor<3xf64>) -> tensor<1xf64>
  %out = stablehlo.concatenate %rotated, %first, dim = 0 : (tensor<2xf64>, tensor<1xf64>) -> tensor<3xf64>
  // select_and_scatter: select compares f16, scatter adds in f32.
  %op = stablehlo.constant dense<[1.0, 3.0, 2.0, 4.0]> : tensor<4xf16>
  %src = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf16>
  %init = stablehlo.constant dense<0.0> : tensor<f16>
  %sas = "stablehlo.select_and_scatter"(%op, %src, %init) ({
  ^bb0(%a: tensor<f16>, %b: tensor<f16>):
    %p = stablehlo.compare GE, %a, %b : (tensor<f16>, tensor<f16>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 2>} : (tensor<4xf16>, tensor<2xf16>, tensor<f16>) -> tensor<4xf32>
  return %sum, %windows, %scattered, %wide, %out, %sas : tensor<f64>, tensor<2xf64>, tensor<3xf64>, tensor<3xi64>, tensor<3xf64>, tensor<4xf32>
}
