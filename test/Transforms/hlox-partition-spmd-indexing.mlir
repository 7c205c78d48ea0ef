// RUN: hlox-opt --hlox-propagate-shardings %s | FileCheck %s --check-prefix=PROP
// RUN: hlox-opt --hlox-propagate-shardings --hlox-partition-spmd %s | FileCheck %s
// RUN: hlox-opt --hlox-propagate-shardings --hlox-partition-spmd=remarks %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// Gathers, scatters and dynamic_update_slice on their shards, and a
// variadic reduce over a split dimension.

sdy.mesh @mesh = <["x"=2]>

// The iota of @argmax is the one op computed whole (then sliced).
// CHECK: module attributes {hlox.partitioning = {all_gathers = 4 : i64, all_reduces = 0 : i64, all_to_alls = 0 : i64, collective_permutes = 0 : i64, reduce_scatters = 0 : i64, slices = 1 : i64, whole_ops = 1 : i64}

// An embedding lookup with the token ids split by batch: the table stays
// whole, each device looks up its own tokens; nothing moves.
// PROP-LABEL: func.func @embedding_batch
// PROP: stablehlo.gather{{.*}}sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}, {}]>]>
// CHECK-LABEL: func.func @embedding_batch
// CHECK-SAME: (%arg0: tensor<10x6xf32>, %arg1: tensor<2x3x1xi32> {{.*}}) -> (tensor<2x3x6xf32>
// CHECK-NOT: all_gather
// CHECK: "stablehlo.gather"(%arg0, %arg1) {{.*}}slice_sizes = array<i64: 1, 6>{{.*}} : (tensor<10x6xf32>, tensor<2x3x1xi32>) -> tensor<2x3x6xf32>
func.func @embedding_batch(%table: tensor<10x6xf32>, %ids: tensor<4x3x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {}]>})
    -> (tensor<4x3x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {}]>}) {
  %y = "stablehlo.gather"(%table, %ids) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 6>}> : (tensor<10x6xf32>, tensor<4x3x1xi32>) -> tensor<4x3x6xf32>
  return %y : tensor<4x3x6xf32>
}

// The table split along its hidden dimension (sliced whole by the gather):
// each device gathers its columns, with slice sizes of its shard.
// PROP-LABEL: func.func @embedding_hidden
// PROP: stablehlo.gather{{.*}}sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {"x"}]>]>
// CHECK-LABEL: func.func @embedding_hidden
// CHECK-SAME: (%arg0: tensor<10x3xf32> {{.*}}, %arg1: tensor<4x3x1xi32>) -> (tensor<4x3x3xf32>
// CHECK-NOT: all_gather
// CHECK: "stablehlo.gather"(%arg0, %arg1) {{.*}}slice_sizes = array<i64: 1, 3>{{.*}} : (tensor<10x3xf32>, tensor<4x3x1xi32>) -> tensor<4x3x3xf32>
func.func @embedding_hidden(%table: tensor<10x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}, %ids: tensor<4x3x1xi32>)
    -> (tensor<4x3x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"x"}]>}) {
  %y = "stablehlo.gather"(%table, %ids) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 6>}> : (tensor<10x6xf32>, tensor<4x3x1xi32>) -> tensor<4x3x6xf32>
  return %y : tensor<4x3x6xf32>
}

// The table split along the dimension the ids index: gathered whole
// first (counted as an all_gather, not a whole op).
// CHECK-LABEL: func.func @embedding_vocab
// CHECK: %[[T:.+]] = "stablehlo.all_gather"(%arg0) {{.*}} : (tensor<5x6xf32>) -> tensor<10x6xf32>
// CHECK: "stablehlo.gather"(%[[T]], %arg1) {{.*}}slice_sizes = array<i64: 1, 6>
func.func @embedding_vocab(%table: tensor<10x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %ids: tensor<4x3x1xi32>) -> tensor<4x3x6xf32> {
  %y = "stablehlo.gather"(%table, %ids) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 6>}> : (tensor<10x6xf32>, tensor<4x3x1xi32>) -> tensor<4x3x6xf32>
  return %y : tensor<4x3x6xf32>
}

// A batched gather (operand and indices batching dimensions): the batch
// split carries to the operand.
// PROP-LABEL: func.func @batched_gather
// PROP: stablehlo.gather{{.*}}sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}, {}]>]>
// CHECK-LABEL: func.func @batched_gather
// CHECK-SAME: (%arg0: tensor<2x5x3xf32> {{.*}}, %arg1: tensor<2x4x1xi32> {{.*}})
// CHECK: "stablehlo.gather"(%arg0, %arg1) {{.*}} : (tensor<2x5x3xf32>, tensor<2x4x1xi32>) -> tensor<2x4x3xf32>
func.func @batched_gather(%x: tensor<4x5x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {}]>}, %ids: tensor<4x4x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {}]>}) -> tensor<4x4x3xf32> {
  %y = "stablehlo.gather"(%x, %ids) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 3>}> : (tensor<4x5x3xf32>, tensor<4x4x1xi32>) -> tensor<4x4x3xf32>
  return %y : tensor<4x4x3xf32>
}

// A scatter into rows whose columns are split: each device adds its
// columns of the updates into its columns.
// PROP-LABEL: func.func @scatter_columns
// PROP: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}]>]>}
// CHECK-LABEL: func.func @scatter_columns
// CHECK-SAME: (%arg0: tensor<6x4xf32> {{.*}}, %arg1: tensor<3x1xi32>, %arg2: tensor<3x4xf32> {{.*}}) -> (tensor<6x4xf32>
// CHECK-NOT: all_gather
// CHECK: "stablehlo.scatter"(%arg0, %arg1, %arg2)
// CHECK: }) : (tensor<6x4xf32>, tensor<3x1xi32>, tensor<3x4xf32>) -> tensor<6x4xf32>
func.func @scatter_columns(%x: tensor<6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}, %ids: tensor<3x1xi32>, %u: tensor<3x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>})
    -> (tensor<6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}) {
  %y = "stablehlo.scatter"(%x, %ids, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<6x8xf32>, tensor<3x1xi32>, tensor<3x8xf32>) -> tensor<6x8xf32>
  return %y : tensor<6x8xf32>
}

// A scatter whose indices are split along a scatter dimension: each
// device would hold only some of the updates, so the indices are
// gathered first.
// CHECK-LABEL: func.func @scatter_updates_split
// CHECK: %[[IDS:.+]] = "stablehlo.all_gather"(%arg1) {{.*}} : (tensor<2x1xi32>) -> tensor<4x1xi32>
// CHECK: "stablehlo.scatter"(%arg0, %[[IDS]], %arg2)
// CHECK: }) : (tensor<6x8xf32>, tensor<4x1xi32>, tensor<4x8xf32>) -> tensor<6x8xf32>
// REMARK: indexing.mlir:[[# @LINE + 2]]:{{[0-9]+}}: remark: all_gather of dimension 0 ([{"x"}, {}] to [{}, {}])
func.func @scatter_updates_split(%x: tensor<6x8xf32>, %ids: tensor<4x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %u: tensor<4x8xf32>) -> tensor<6x8xf32> {
  %y = "stablehlo.scatter"(%x, %ids, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<6x8xf32>, tensor<4x1xi32>, tensor<4x8xf32>) -> tensor<6x8xf32>
  return %y : tensor<6x8xf32>
}

// A key/value cache split by heads, updated at a position: each device
// writes its heads.
// PROP-LABEL: func.func @cache_update
// PROP: stablehlo.dynamic_update_slice{{.*}}sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}, {}]>]>
// CHECK-LABEL: func.func @cache_update
// CHECK-NOT: all_gather
// CHECK: stablehlo.dynamic_update_slice %arg0, %arg1, {{.*}} : (tensor<2x16x4xf32>, tensor<2x1x4xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x16x4xf32>
func.func @cache_update(%cache: tensor<4x16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {}]>}, %new: tensor<4x1x4xf32>, %pos: tensor<i32>)
    -> (tensor<4x16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {}]>}) {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %y = stablehlo.dynamic_update_slice %cache, %new, %zero, %pos, %zero : (tensor<4x16x4xf32>, tensor<4x1x4xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<4x16x4xf32>
  return %y : tensor<4x16x4xf32>
}

// An argmax over a split dimension: each device's maxima and their
// indices gathered, then reduced again with the same body.
// CHECK-LABEL: func.func @argmax
// CHECK: %[[R:.+]]:2 = stablehlo.reduce(%arg0 init: {{.*}}), ({{.*}}) across dimensions = [1] : (tensor<3x4xf32>, tensor<3x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<3xf32>, tensor<3xi32>)
// CHECK: %[[V:.+]] = stablehlo.reshape %[[R]]#0 : (tensor<3xf32>) -> tensor<1x3xf32>
// CHECK: %[[VS:.+]] = "stablehlo.all_gather"(%[[V]]) {{.*}}all_gather_dim = 0 {{.*}} : (tensor<1x3xf32>) -> tensor<2x3xf32>
// CHECK: %[[I:.+]] = stablehlo.reshape %[[R]]#1 : (tensor<3xi32>) -> tensor<1x3xi32>
// CHECK: %[[IS:.+]] = "stablehlo.all_gather"(%[[I]]) {{.*}} : (tensor<1x3xi32>) -> tensor<2x3xi32>
// CHECK: stablehlo.reduce(%[[VS]] init: {{.*}}), (%[[IS]] init: {{.*}}) across dimensions = [0] : (tensor<2x3xf32>, tensor<2x3xi32>, tensor<f32>, tensor<i32>) -> (tensor<3xf32>, tensor<3xi32>)
// REMARK: remark: all_gather of the 2 partial results over 1 mesh axes, reduced again
func.func @argmax(%x: tensor<3x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}) -> (tensor<3xf32>, tensor<3xi32>) {
  %iota = stablehlo.iota dim = 1 : tensor<3x8xi32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.reduce(%x init: %ninf), (%iota init: %zero) across dimensions = [1] : (tensor<3x8xf32>, tensor<3x8xi32>, tensor<f32>, tensor<i32>) -> (tensor<3xf32>, tensor<3xi32>)
   reducer(%a: tensor<f32>, %b: tensor<f32>) (%ia: tensor<i32>, %ib: tensor<i32>) {
    %gt = stablehlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %eq = stablehlo.compare EQ, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %lt = stablehlo.compare LT, %ia, %ib : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %tie = stablehlo.and %eq, %lt : tensor<i1>
    %first = stablehlo.or %gt, %tie : tensor<i1>
    %v = stablehlo.select %first, %a, %b : tensor<i1>, tensor<f32>
    %i = stablehlo.select %first, %ia, %ib : tensor<i1>, tensor<i32>
    stablehlo.return %v, %i : tensor<f32>, tensor<i32>
  }
  return %r#0, %r#1 : tensor<3xf32>, tensor<3xi32>
}
