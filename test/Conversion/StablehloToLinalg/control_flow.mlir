// RUN: hlox-opt --split-input-file --convert-stablehlo-to-linalg %s | FileCheck %s
// RUN: hlox-run --split-input-file --opaque-constants %s

// while becomes scf.while on tensors; the condition's i1 tensor is read.
// CHECK-LABEL: func.func @while_sum
// CHECK: scf.while
// CHECK: tensor.extract
// CHECK: scf.condition
// CHECK: scf.yield
func.func @while_sum() {
  %i0 = stablehlo.constant dense<0> : tensor<i64>
  %s0 = stablehlo.constant dense<0> : tensor<i64>
  %n = stablehlo.constant dense<5> : tensor<i64>
  %one = stablehlo.constant dense<1> : tensor<i64>
  %0:2 = stablehlo.while(%i = %i0, %s = %s0) : tensor<i64>, tensor<i64>
   cond {
    %c = stablehlo.compare LT, %i, %n : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %i1 = stablehlo.add %i, %one : tensor<i64>
    %s1 = stablehlo.add %s, %i1 : tensor<i64>
    stablehlo.return %i1, %s1 : tensor<i64>, tensor<i64>
  }
  check.expect_eq_const %0#1, dense<15> : tensor<i64>
  return
}

// -----

// case becomes scf.index_switch; an index out of range takes the last
// branch.
// CHECK-LABEL: func.func @case_out_of_range
// CHECK: scf.index_switch
func.func @case_out_of_range() {
  %index = stablehlo.constant dense<7> : tensor<i32>
  %0 = "stablehlo.case"(%index) ({
    %a = stablehlo.constant dense<10> : tensor<i32>
    stablehlo.return %a : tensor<i32>
  }, {
    %b = stablehlo.constant dense<20> : tensor<i32>
    stablehlo.return %b : tensor<i32>
  }) : (tensor<i32>) -> tensor<i32>
  check.expect_eq_const %0, dense<20> : tensor<i32>
  return
}

// -----

// if becomes scf.if.
// CHECK-LABEL: func.func @if_false
// CHECK: scf.if
func.func @if_false() {
  %p = stablehlo.constant dense<false> : tensor<i1>
  %0 = "stablehlo.if"(%p) ({
    %a = stablehlo.constant dense<1.0> : tensor<2xf32>
    stablehlo.return %a : tensor<2xf32>
  }, {
    %b = stablehlo.constant dense<2.0> : tensor<2xf32>
    stablehlo.return %b : tensor<2xf32>
  }) : (tensor<i1>) -> tensor<2xf32>
  check.expect_eq_const %0, dense<2.0> : tensor<2xf32>
  return
}

// -----

// chlo.scan: a loop over the positions (backwards with is_reverse) that
// slices the input, runs the body and writes each output slice back.
// CHECK-LABEL: func.func @scan_reverse
// CHECK: scf.while
// CHECK: tensor.extract_slice
// CHECK: tensor.insert_slice
func.func @scan_reverse() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %init = stablehlo.constant dense<0> : tensor<2xi32>
  %0:2 = chlo.scan(%x) inits(%init) dimension=1 attributes {is_reverse = true} {
  ^bb0(%a: tensor<2xi32>, %c: tensor<2xi32>):
    %s = stablehlo.add %a, %c : tensor<2xi32>
    stablehlo.return %s, %s : tensor<2xi32>, tensor<2xi32>
  } : (tensor<2x3xi32>, tensor<2xi32>) -> (tensor<2x3xi32>, tensor<2xi32>)
  check.expect_eq_const %0#0, dense<[[6, 5, 3], [15, 11, 6]]> : tensor<2x3xi32>
  check.expect_eq_const %0#1, dense<[6, 15]> : tensor<2xi32>
  return
}

// -----

// Tokens are empty tensors: after_all and create_token make them, and they
// pass through loops and barriers like any value.
// CHECK-LABEL: func.func @tokens
// CHECK: %[[T:.+]] = tensor.empty() : tensor<0xi1>
// CHECK: scf.while ({{.*}}%{{.+}} = %[[T]]{{.*}}) : ({{.*}}tensor<0xi1>
// CHECK: tensor.empty() : tensor<0xi1>
func.func @tokens() {
  %t0 = stablehlo.create_token : !stablehlo.token
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %three = stablehlo.constant dense<3> : tensor<i32>
  %r:2 = stablehlo.while(%k = %zero, %t = %t0) : tensor<i32>, !stablehlo.token
   cond {
    %c = stablehlo.compare LT, %k, %three : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %k1 = stablehlo.add %k, %one : tensor<i32>
    %t1 = stablehlo.after_all %t, %t0 : !stablehlo.token
    stablehlo.return %k1, %t1 : tensor<i32>, !stablehlo.token
  }
  %b:2 = stablehlo.optimization_barrier %r#0, %r#1 : tensor<i32>, !stablehlo.token
  check.expect_eq_const %b#0, dense<3> : tensor<i32>
  func.return
}
