// RUN: hlox-opt --split-input-file --hlox-propagate-shardings --verify-diagnostics %s | FileCheck %s --check-prefix=PROPAGATED
// RUN: hlox-opt --split-input-file --hlox-propagate-shardings --hlox-partition-spmd %s 2>/dev/null | FileCheck %s

// The partitioner does not pad: a written split that does not divide its
// dimension keeps the major axes whose sizes' product divides it, and the
// dimension stays whole past them.

sdy.mesh @mesh = <["x"=2, "y"=2]>
// expected-warning @+2 {{sharding [{"x", "y"}, {}] of a 'tensor<6x8xf32>' value does not divide its dimensions evenly: it is split [{"x"}, {}] instead (the partitioner does not pad)}}
// expected-warning @+1 {{sharding [{}, {"x"}] of result 0 (a 'tensor<6x3xf32>' value) does not divide its dimensions evenly: it is split [{}, {}] instead (the partitioner does not pad)}}
func.func @uneven(%arg0: tensor<6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>},
                  %arg1: tensor<8x3xf32>)
    -> (tensor<6x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}) {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<6x8xf32>, tensor<8x3xf32>) -> tensor<6x3xf32>
  return %0 : tensor<6x3xf32>
}

// PROPAGATED-LABEL: func.func @uneven
// PROPAGATED-SAME: %arg0: tensor<6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}
// PROPAGATED-SAME: -> (tensor<6x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>})

// Each device holds 3 rows of the lhs; the whole result it returns takes
// them all.
// CHECK-LABEL: func.func @uneven
// CHECK-SAME: %arg0: tensor<3x8xf32>
// CHECK-SAME: -> tensor<6x3xf32>
// CHECK: stablehlo.all_gather{{.*}}replica_groups = dense<{{\[}}[0, 2], [1, 3]]>{{.*}} -> tensor<6x8xf32>
// CHECK: stablehlo.dot_general {{.*}} -> tensor<6x3xf32>

// -----

sdy.mesh @mesh = <["x"=4]>
func.func @constraint(%arg0: tensor<6xf32>) -> tensor<6xf32> {
  // expected-warning @+1 {{sharding [{"x"}] of a 'tensor<6xf32>' value does not divide its dimensions evenly: it is split [{}] instead (the partitioner does not pad)}}
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{"x"}]> : tensor<6xf32>
  %1 = stablehlo.negate %0 : tensor<6xf32>
  return %1 : tensor<6xf32>
}

// PROPAGATED-LABEL: func.func @constraint
// PROPAGATED: sdy.sharding_constraint %arg0 <@mesh, [{}]>

// CHECK-LABEL: func.func @constraint
// CHECK-SAME: %arg0: tensor<6xf32>
// CHECK: stablehlo.negate {{.*}} : tensor<6xf32>
