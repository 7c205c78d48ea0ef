// RUN: hlox-opt --hlox-simplify-power --split-input-file %s | FileCheck %s

// Exponent 2 (a broadcast scalar): x * x.
// CHECK-LABEL: func.func @square
// CHECK-NOT: stablehlo.power
// CHECK: %[[R:.+]] = stablehlo.multiply %arg0, %arg0 : tensor<8xf32>
// CHECK: return %[[R]]
func.func @square(%x: tensor<8xf32>) -> tensor<8xf32> {
  %c = stablehlo.constant dense<2.0> : tensor<f32>
  %e = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<8xf32>
  %0 = stablehlo.power %x, %e : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// Exponent 1 (a splat constant): x itself.
// CHECK-LABEL: func.func @identity
// CHECK-NOT: stablehlo.power
// CHECK: return %arg0
func.func @identity(%x: tensor<2x3xbf16>) -> tensor<2x3xbf16> {
  %e = stablehlo.constant dense<1.0> : tensor<2x3xbf16>
  %0 = stablehlo.power %x, %e : tensor<2x3xbf16>
  return %0 : tensor<2x3xbf16>
}

// -----

// Exponent -0: 1, even for NaN.
// CHECK-LABEL: func.func @zero
// CHECK-NOT: stablehlo.power
// CHECK: %[[ONE:.+]] = stablehlo.constant dense<1.000000e+00> : tensor<4xf16>
// CHECK: return %[[ONE]]
func.func @zero(%x: tensor<4xf16>) -> tensor<4xf16> {
  %e = stablehlo.constant dense<-0.0> : tensor<4xf16>
  %0 = stablehlo.power %x, %e : tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

// Exponent -1: 1 / x.
// CHECK-LABEL: func.func @reciprocal
// CHECK: %[[ONE:.+]] = stablehlo.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK: %[[R:.+]] = stablehlo.divide %[[ONE]], %arg0 : tensor<4xf32>
// CHECK: return %[[R]]
func.func @reciprocal(%x: tensor<4xf32>) -> tensor<4xf32> {
  %e = stablehlo.constant dense<-1.0> : tensor<4xf32>
  %0 = stablehlo.power %x, %e : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Exponent 0.5: sqrt(x) + 0 (so that -0 gives +0), -inf giving +inf.
// CHECK-LABEL: func.func @root
// CHECK-DAG: %[[ZERO:.+]] = stablehlo.constant dense<0.000000e+00> : tensor<4xf32>
// CHECK-DAG: %[[NINF:.+]] = stablehlo.constant dense<0xFF800000> : tensor<4xf32>
// CHECK-DAG: %[[INF:.+]] = stablehlo.constant dense<0x7F800000> : tensor<4xf32>
// CHECK-DAG: %[[SQRT:.+]] = stablehlo.sqrt %arg0
// CHECK-DAG: %[[SUM:.+]] = stablehlo.add %[[SQRT]], %[[ZERO]]
// CHECK-DAG: %[[EQ:.+]] = stablehlo.compare EQ, %arg0, %[[NINF]]
// CHECK: %[[R:.+]] = stablehlo.select %[[EQ]], %[[INF]], %[[SUM]]
// CHECK: return %[[R]]
func.func @root(%x: tensor<4xf32>) -> tensor<4xf32> {
  %e = stablehlo.constant dense<0.5> : tensor<4xf32>
  %0 = stablehlo.power %x, %e : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Left alone: other exponents (x * x * x rounds twice), exponents that are
// not constants, f64 (libm's pow is not correctly rounded).
// CHECK-LABEL: func.func @kept
// CHECK-COUNT-3: stablehlo.power
func.func @kept(%x: tensor<4xf32>, %y: tensor<4xf32>, %d: tensor<4xf64>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf64>) {
  %three = stablehlo.constant dense<3.0> : tensor<4xf32>
  %0 = stablehlo.power %x, %three : tensor<4xf32>
  %1 = stablehlo.power %x, %y : tensor<4xf32>
  %two = stablehlo.constant dense<2.0> : tensor<4xf64>
  %2 = stablehlo.power %d, %two : tensor<4xf64>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf64>
}
