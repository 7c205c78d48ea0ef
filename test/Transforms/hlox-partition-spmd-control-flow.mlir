// RUN: hlox-opt --hlox-propagate-shardings %s | FileCheck %s --check-prefix=PROP
// RUN: hlox-opt --hlox-propagate-shardings --hlox-partition-spmd %s | FileCheck %s

// A loop carries its values in one sharding: the split rows enter, stay
// split in both regions and leave split; the sum over them meets in an
// all_reduce inside the body, every iteration; the branches of the if
// return rows as its result keeps them. Nothing is gathered.
// PROP-LABEL: func.func @loop
// PROP: stablehlo.while{{.*}}sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>, <@mesh, [{"x"}, {}]>, <@mesh, []>]>
// PROP: stablehlo.dot_general {{.*}}sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>
// PROP: stablehlo.tanh {{.*}}sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>
// PROP: stablehlo.negate {{.*}}sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>

// CHECK: module attributes {hlox.partitioning = {all_gathers = 0 : i64, all_reduces = 1 : i64, all_to_alls = 0 : i64, collective_permutes = 0 : i64, reduce_scatters = 0 : i64, slices = 0 : i64, whole_ops = 0 : i64}
// CHECK-LABEL: func.func @loop
// CHECK: %[[L:.+]]:3 = stablehlo.while(%[[I:.+]] = %{{.+}}, %[[V:.+]] = %arg0, %[[S:.+]] = %{{.+}}) : tensor<i64>, tensor<4x4xf32>, tensor<f32>
// CHECK: cond {
// CHECK: stablehlo.compare LT, %[[I]]
// CHECK: } do {
// CHECK: %[[D:.+]] = stablehlo.dot_general %[[V]], %arg1, {{.*}} -> tensor<4x4xf32>
// CHECK: %[[T:.+]] = stablehlo.tanh %[[D]] : tensor<4x4xf32>
// CHECK: %[[R:.+]] = stablehlo.reduce(%[[T]] init:
// CHECK: %[[A:.+]] = "stablehlo.all_reduce"(%[[R]])
// CHECK: %[[S2:.+]] = stablehlo.add %[[S]], %[[A]] : tensor<f32>
// CHECK: stablehlo.return %{{.+}}, %[[T]], %[[S2]] : tensor<i64>, tensor<4x4xf32>, tensor<f32>
// CHECK: "stablehlo.if"
// CHECK: stablehlo.negate %[[L]]#1 : tensor<4x4xf32>
// CHECK: }) : (tensor<i1>) -> tensor<4x4xf32>
sdy.mesh @mesh = <["x"=2]>
func.func @loop(%x: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %w: tensor<4x4xf32>) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, tensor<f32>) {
  %zero = stablehlo.constant dense<0> : tensor<i64>
  %f0 = stablehlo.constant dense<0.0> : tensor<f32>
  %r:3 = stablehlo.while(%i = %zero, %v = %x, %s = %f0) : tensor<i64>, tensor<8x4xf32>, tensor<f32>
    cond {
      %n = stablehlo.constant dense<3> : tensor<i64>
      %p = stablehlo.compare LT, %i, %n : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %one = stablehlo.constant dense<1> : tensor<i64>
      %i2 = stablehlo.add %i, %one : tensor<i64>
      %d = stablehlo.dot_general %v, %w, contracting_dims = [1] x [0] : (tensor<8x4xf32>, tensor<4x4xf32>) -> tensor<8x4xf32>
      %t = stablehlo.tanh %d : tensor<8x4xf32>
      %z = stablehlo.constant dense<0.0> : tensor<f32>
      %sum = stablehlo.reduce(%t init: %z) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x4xf32>, tensor<f32>) -> tensor<f32>
      %s2 = stablehlo.add %s, %sum : tensor<f32>
      stablehlo.return %i2, %t, %s2 : tensor<i64>, tensor<8x4xf32>, tensor<f32>
    }
  %c = stablehlo.compare GT, %r#2, %f0 : (tensor<f32>, tensor<f32>) -> tensor<i1>
  %y = "stablehlo.if"(%c) ({
    %n = stablehlo.negate %r#1 : tensor<8x4xf32>
    stablehlo.return %n : tensor<8x4xf32>
  }, {
    stablehlo.return %r#1 : tensor<8x4xf32>
  }) : (tensor<i1>) -> tensor<8x4xf32>
  return %y, %r#2 : tensor<8x4xf32>, tensor<f32>
}

// A case's result takes the sharding its branches return (propagation
// goes backward from the written one through each branch); its index
// stays whole.
// PROP-LABEL: func.func @case
// PROP: stablehlo.abs {{.*}}sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}]>]>
// PROP: stablehlo.exponential {{.*}}sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}]>]>
// CHECK-LABEL: func.func @case
// CHECK-SAME: (%arg0: tensor<i32>, %arg1: tensor<4x4xf32> {hlox.shard
// CHECK: "stablehlo.case"(%arg0)
// CHECK: stablehlo.abs %arg1 : tensor<4x4xf32>
// CHECK: stablehlo.exponential %arg1 : tensor<4x4xf32>
// CHECK: }) : (tensor<i32>) -> tensor<4x4xf32>
func.func @case(%k: tensor<i32>, %x: tensor<4x8xf32>) -> (tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}) {
  %y = "stablehlo.case"(%k) ({
    %a = stablehlo.abs %x : tensor<4x8xf32>
    stablehlo.return %a : tensor<4x8xf32>
  }, {
    %e = stablehlo.exponential %x : tensor<4x8xf32>
    stablehlo.return %e : tensor<4x8xf32>
  }) : (tensor<i32>) -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}
