// RUN: hlox-opt --hlox-cpu-math-to-libm %s | FileCheck %s
// RUN: hlox-opt --hlox-cpu-math-to-libm --convert-math-to-llvm --convert-vector-to-llvm --convert-func-to-llvm --convert-arith-to-llvm --reconcile-unrealized-casts %s | FileCheck %s --check-prefix=LLVM

// Float math with a libm function becomes a call; rsqrt becomes 1 / sqrt
// first; what one instruction computes exactly (sqrt, fma, rounding) stays,
// scalar too, as does integer math, for convert-math-to-llvm.
// CHECK-LABEL: func.func @math
// CHECK: call @expm1f
// CHECK: %[[ROOT:.+]] = math.sqrt %{{.+}} : f64
// CHECK: arith.divf %{{.+}}, %[[ROOT]]
// CHECK: math.absi
// CHECK: math.fma %{{.+}} : f32
// CHECK-NOT: call
// LLVM-LABEL: llvm.func @math
// LLVM: llvm.call @expm1f
// LLVM: llvm.intr.sqrt(%{{.+}}) : (f64) -> f64
// LLVM: llvm.intr.fma(%{{.+}}) : (f32, f32, f32) -> f32
func.func @math(%x: f32, %y: f64, %i: i32) -> (f32, f64, i32, f32) {
  %0 = math.expm1 %x : f32
  %1 = math.rsqrt %y : f64
  %2 = math.absi %i : i32
  %3 = math.fma %x, %x, %x : f32
  return %0, %1, %2, %3 : f32, f64, i32, f32
}

// In a vectorized kernel, rsqrt becomes 1 / sqrt and sqrt and floor stay
// vector ops, for convert-math-to-llvm to make intrinsics (one instruction,
// exact); exp becomes a call per lane.
// CHECK-LABEL: func.func @vector_math
// CHECK-DAG: %[[ONE:.+]] = arith.constant dense<1.000000e+00> : vector<4xf32>
// CHECK: %[[ROOT:.+]] = math.sqrt %{{.+}} : vector<4xf32>
// CHECK: arith.divf %[[ONE]], %[[ROOT]] : vector<4xf32>
// CHECK: math.floor %{{.+}} : vector<4xf32>
// CHECK-COUNT-4: call @expf
func.func @vector_math(%x: vector<4xf32>) -> (vector<4xf32>, vector<4xf32>, vector<4xf32>) {
  %0 = math.rsqrt %x : vector<4xf32>
  %1 = math.floor %x : vector<4xf32>
  %2 = math.exp %x : vector<4xf32>
  return %0, %1, %2 : vector<4xf32>, vector<4xf32>, vector<4xf32>
}

// A 2-d vector op stays whole; convert-math-to-llvm makes one intrinsic
// per row.
// CHECK-LABEL: func.func @vector_rows
// CHECK: math.roundeven %{{.+}} : vector<2x3xf32>
// CHECK-NOT: call
// LLVM-LABEL: llvm.func @vector_rows
// LLVM-COUNT-2: llvm.intr.roundeven(%{{.+}}) : (vector<3xf32>) -> vector<3xf32>
// LLVM-NOT: llvm.call
func.func @vector_rows(%x: vector<2x3xf32>) -> vector<2x3xf32> {
  %0 = math.roundeven %x : vector<2x3xf32>
  return %0 : vector<2x3xf32>
}
