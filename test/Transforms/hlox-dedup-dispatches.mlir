// RUN: hlox-opt --hlox-dedup-dispatches --split-input-file %s | FileCheck %s

// Three dispatches, the first and third equal up to their names (and
// locations): the third goes and its call names the first.

// CHECK-LABEL: func.func @main
// CHECK: %[[A:.+]] = call @main_dispatch_0(%arg0)
// CHECK: %[[B:.+]] = call @main_dispatch_1(%[[A]])
// CHECK: call @main_dispatch_0(%[[B]])
// CHECK: func.func private @main_dispatch_0
// CHECK: func.func private @main_dispatch_1
// CHECK-NOT: @main_dispatch_2
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = call @main_dispatch_0(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = call @main_dispatch_1(%0) : (tensor<4xf32>) -> tensor<4xf32>
  %2 = call @main_dispatch_2(%1) : (tensor<4xf32>) -> tensor<4xf32>
  return %2 : tensor<4xf32>
}
func.func private @main_dispatch_0(%a: tensor<4xf32>) -> tensor<4xf32> attributes {hlox.dispatch, hlox.workgroups = 4 : i64} {
  %0 = math.exp %a : tensor<4xf32> loc("first")
  return %0 : tensor<4xf32>
}
func.func private @main_dispatch_1(%a: tensor<4xf32>) -> tensor<4xf32> attributes {hlox.dispatch, hlox.workgroups = 4 : i64} {
  %0 = math.tanh %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func private @main_dispatch_2(%a: tensor<4xf32>) -> tensor<4xf32> attributes {hlox.dispatch, hlox.workgroups = 4 : i64} {
  %0 = math.exp %a : tensor<4xf32> loc("third")
  return %0 : tensor<4xf32>
}

// -----

// What tells kernels apart: an attribute, a constant's value, a type. A
// function without hlox.dispatch is never merged.

// CHECK-LABEL: func.func @distinct
// CHECK: call @d0
// CHECK: call @d1
// CHECK: call @d2
// CHECK: call @d3
// CHECK: call @helper_a
// CHECK: call @helper_b
// CHECK-DAG: func.func private @d0
// CHECK-DAG: func.func private @d1
// CHECK-DAG: func.func private @d2
// CHECK-DAG: func.func private @d3
// CHECK-DAG: func.func private @helper_a
// CHECK-DAG: func.func private @helper_b
func.func @distinct(%x: tensor<4xf32>, %y: tensor<8xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<8xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = call @d0(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = call @d1(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %2 = call @d2(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %3 = call @d3(%y) : (tensor<8xf32>) -> tensor<8xf32>
  %4 = call @helper_a(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %5 = call @helper_b(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<8xf32>, tensor<4xf32>, tensor<4xf32>
}
func.func private @d0(%a: tensor<4xf32>) -> tensor<4xf32> attributes {hlox.dispatch, hlox.workgroups = 4 : i64} {
  %c = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %0 = arith.addf %a, %c : tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func private @d1(%a: tensor<4xf32>) -> tensor<4xf32> attributes {hlox.dispatch, hlox.workgroups = 4 : i64} {
  %c = arith.constant dense<[1.0, 2.0, 3.0, 5.0]> : tensor<4xf32>
  %0 = arith.addf %a, %c : tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func private @d2(%a: tensor<4xf32>) -> tensor<4xf32> attributes {hlox.dispatch, hlox.workgroups = 2 : i64} {
  %c = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %0 = arith.addf %a, %c : tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func private @d3(%a: tensor<8xf32>) -> tensor<8xf32> attributes {hlox.dispatch, hlox.workgroups = 4 : i64} {
  %0 = arith.addf %a, %a : tensor<8xf32>
  return %0 : tensor<8xf32>
}
func.func private @helper_a(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}
func.func private @helper_b(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}
