// RUN: hlox-opt %s --split-input-file --stablehlo-fold-constants | FileCheck %s
// RUN: hlox-opt %s --split-input-file --stablehlo-fold-constants=max-elements=3 | FileCheck %s --check-prefix=LIMIT

// Folds chain in program order; the inputs of folded ops go away.
// CHECK-LABEL: func.func @chain
// CHECK-NEXT: %[[C:.*]] = stablehlo.constant dense<[9, -7, 5, -3]> : tensor<4xi32>
// CHECK-NEXT: return %[[C]]
// LIMIT-LABEL: func.func @chain
// LIMIT: stablehlo.add
func.func @chain() -> tensor<4xi32> {
  %a = stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %b = stablehlo.constant dense<[2, -3, 4, -5]> : tensor<4xi32>
  %c = stablehlo.multiply %a, %b : tensor<4xi32>
  %d = stablehlo.constant dense<[7, -1, -7, 17]> : tensor<4xi32>
  %e = stablehlo.add %c, %d : tensor<4xi32>
  return %e : tensor<4xi32>
}

// -----

// Ops with regions fold too; narrow types keep their semantics.
// CHECK-LABEL: func.func @reduce_bf16
// CHECK-NEXT: %[[C:.*]] = stablehlo.constant dense<2.560000e+02> : tensor<bf16>
// CHECK-NEXT: return %[[C]]
func.func @reduce_bf16() -> tensor<bf16> {
  %x = stablehlo.constant dense<[256.0, 1.0]> : tensor<2xbf16>
  %z = stablehlo.constant dense<0.0> : tensor<bf16>
  %r = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [0] : (tensor<2xbf16>, tensor<bf16>) -> tensor<bf16>
  return %r : tensor<bf16>
}

// -----

// Side effects, non-constant operands, while loops and ops the evaluator
// cannot run stay.
// CHECK-LABEL: func.func @kept
// CHECK: stablehlo.custom_call @side.effect
// CHECK: stablehlo.add %arg0
// CHECK: stablehlo.while
// CHECK: stablehlo.rng
func.func @kept(%arg0: tensor<i64>) -> (tensor<i64>, tensor<i64>, tensor<i64>, tensor<2xf32>) {
  %c = stablehlo.constant dense<1> : tensor<i64>
  %s = stablehlo.custom_call @side.effect(%c) {has_side_effect = true} : (tensor<i64>) -> tensor<i64>
  %a = stablehlo.add %arg0, %c : tensor<i64>
  %w = stablehlo.while(%i = %c) : tensor<i64>
    cond {
      %t = stablehlo.compare LT, %i, %c, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %t : tensor<i1>
    } do {
      stablehlo.return %i : tensor<i64>
    }
  %lo = stablehlo.constant dense<0.0> : tensor<f32>
  %hi = stablehlo.constant dense<1.0> : tensor<f32>
  %shape = stablehlo.constant dense<2> : tensor<1xi64>
  %r = stablehlo.rng %lo, %hi, %shape, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<2xf32>
  return %s, %a, %w, %r : tensor<i64>, tensor<i64>, tensor<i64>, tensor<2xf32>
}

// -----

// Checks are not folded away.
// CHECK-LABEL: func.func @checks
// CHECK: check.expect_eq_const
func.func @checks() {
  %a = stablehlo.constant dense<1> : tensor<i64>
  %b = stablehlo.negate %a : tensor<i64>
  check.expect_eq_const %b, dense<-1> : tensor<i64>
  func.return
}
