// RUN: hlox-opt --split-input-file --convert-stablehlo-to-linalg %s | FileCheck %s
// RUN: hlox-run --split-input-file --opaque-constants %s

// gather reads each result element at its computed operand index; start
// indices are clamped.
// CHECK-LABEL: func.func @gather_rows
// CHECK: linalg.generic
// CHECK: tensor.extract
func.func @gather_rows() {
  %x = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>
  %i = stablehlo.constant dense<[[2], [0], [7]]> : tensor<3x1xi32>
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 2>}> : (tensor<3x2xi32>, tensor<3x1xi32>) -> tensor<3x2xi32>
  check.expect_eq_const %0, dense<[[5, 6], [1, 2], [5, 6]]> : tensor<3x2xi32>
  return
}

// -----

// scatter loops over the updates and combines in order; targets out of
// bounds are skipped.
// CHECK-LABEL: func.func @scatter_add
// CHECK: scf.for
// CHECK: scf.if
// CHECK: tensor.insert
func.func @scatter_add() {
  %x = stablehlo.constant dense<[0, 0, 0, 0]> : tensor<4xi32>
  %i = stablehlo.constant dense<[[1], [1], [3], [9]]> : tensor<4x1xi32>
  %u = stablehlo.constant dense<[5, 6, 7, 8]> : tensor<4xi32>
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) : (tensor<4xi32>, tensor<4x1xi32>, tensor<4xi32>) -> tensor<4xi32>
  check.expect_eq_const %0, dense<[0, 11, 0, 7]> : tensor<4xi32>
  return
}

// -----

// torch_index_select reads its index through an indexing map (batch
// dimensions first, then the result dimensions from `dim` on) and the
// operand at the clamped index along `dim`.
// CHECK-DAG: #[[IDX:.+]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @torch_index_select
// CHECK: linalg.generic {indexing_maps = [#[[IDX]], #{{.+}}], iterator_types = ["parallel", "parallel", "parallel"]} ins(%{{.+}} : tensor<2x3xi32>)
// CHECK: ^bb0(%[[IN:.+]]: i32, %{{.+}}: i32):
// CHECK: %[[I:.+]] = arith.index_cast %[[IN]] : i32 to index
// CHECK: %[[LO:.+]] = arith.maxsi %[[I]]
// CHECK: %[[SEL:.+]] = arith.minsi %[[LO]]
// CHECK: %[[B:.+]] = linalg.index 0
// CHECK: %[[C:.+]] = linalg.index 2
// CHECK: tensor.extract %{{.+}}[%[[B]], %[[SEL]], %[[C]]] : tensor<2x4x2xi32>
func.func @torch_index_select() {
  %x = stablehlo.constant dense<[[[0, 1], [2, 3], [4, 5], [6, 7]], [[8, 9], [10, 11], [12, 13], [14, 15]]]> : tensor<2x4x2xi32>
  %i = stablehlo.constant dense<[[3, 0, 1], [2, 2, 0]]> : tensor<2x3xi32>
  %0 = "stablehlo.torch_index_select"(%x, %i) {dim = 1 : i64, batch_dims = 1 : i64} : (tensor<2x4x2xi32>, tensor<2x3xi32>) -> tensor<2x3x2xi32>
  check.expect_eq_const %0, dense<[[[6, 7], [0, 1], [2, 3]], [[12, 13], [12, 13], [8, 9]]]> : tensor<2x3x2xi32>
  func.return
}
