// RUN: hlox-opt --hlox-cpu-approximate-math --split-input-file %s | FileCheck %s

// f32 tanh, erf, erfc, expm1, log1p, log, acos, sin, cos and pow become
// arithmetic with FMAs, scalars and vectors alike; f64 and the functions
// left to libm (asin, atan, ...) stay.
// CHECK-LABEL: func.func @scalars
// CHECK-NOT: math.tanh
// CHECK-NOT: math.erf
// CHECK-NOT: math.expm1
// CHECK-NOT: math.log
// CHECK: math.fma
// CHECK: math.tanh %{{.+}} : f64
// CHECK-NOT: math.log
// CHECK-NOT: math.sin
// CHECK: math.asin %{{.+}} : f32
func.func @scalars(%x: f32, %d: f64) -> (f32, f32, f32, f64, f32, f32, f32) {
  %0 = math.tanh %x : f32
  %1 = math.erf %x : f32
  %2 = math.expm1 %x : f32
  %3 = math.tanh %d : f64
  %4 = math.log %x : f32
  %5 = math.sin %x : f32
  %6 = math.asin %x : f32
  return %0, %1, %2, %3, %4, %5, %6 : f32, f32, f32, f64, f32, f32, f32
}

// -----

// CHECK-LABEL: func.func @vectors
// CHECK-NOT: math.log1p
// CHECK-NOT: math.erfc
// CHECK: math.fma %{{.+}} : vector<16xf32>
func.func @vectors(%x: vector<16xf32>) -> (vector<16xf32>, vector<16xf32>) {
  %0 = math.log1p %x : vector<16xf32>
  %1 = math.erfc %x : vector<16xf32>
  return %0, %1 : vector<16xf32>, vector<16xf32>
}

// -----

// Inside a linalg body, before vectorization: the body becomes arithmetic,
// which the vectorizer takes.
// CHECK-LABEL: func.func @in_body
// CHECK: linalg.generic
// CHECK-NOT: math.tanh
// CHECK: math.fma %{{.+}} : f32
// CHECK: linalg.yield
#id = affine_map<(d0) -> (d0)>
func.func @in_body(%x: tensor<64xf32>) -> tensor<64xf32> {
  %e = tensor.empty() : tensor<64xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %t = math.tanh %in : f32
    linalg.yield %t : f32
  } -> tensor<64xf32>
  return %0 : tensor<64xf32>
}

// -----

// hlox's f32 tanh: the odd polynomial (Horner in y^2, then y + y^3 P),
// and 1 - 2 / (exp(2|y|) + 1) with y's sign, the exp left for
// hlox-cpu-inline-exp without NaN handling (nnan: the select below keeps
// y's NaN); the polynomial below 0.625, NaN as y + y.
// CHECK-LABEL: func.func @tanh_vector
// CHECK-SAME: (%[[Y:.+]]: vector<16xf32>)
// CHECK-NOT: math.tanh
// CHECK-DAG: %[[A:.+]] = math.absf %[[Y]] : vector<16xf32>
// CHECK-DAG: %[[Z:.+]] = arith.mulf %[[Y]], %[[Y]] : vector<16xf32>
// CHECK-COUNT-5: math.fma %{{.+}}, %[[Z]], %{{.+}} : vector<16xf32>
// CHECK: %[[CUBE:.+]] = arith.mulf %[[Y]], %[[Z]] : vector<16xf32>
// CHECK: %[[SMALL:.+]] = math.fma %[[CUBE]], %{{.+}}, %[[Y]] : vector<16xf32>
// CHECK: %[[TWICE:.+]] = arith.addf %[[A]], %[[A]] : vector<16xf32>
// CHECK: %[[E:.+]] = math.exp %[[TWICE]] fastmath<nnan> : vector<16xf32>
// CHECK: %[[D:.+]] = arith.addf %[[E]], %{{.+}} : vector<16xf32>
// CHECK: %[[Q:.+]] = arith.divf %{{.+}}, %[[D]] : vector<16xf32>
// CHECK: %[[T:.+]] = arith.subf %{{.+}}, %[[Q]] : vector<16xf32>
// CHECK: %[[LARGE:.+]] = math.copysign %[[T]], %[[Y]] : vector<16xf32>
// CHECK: %[[IS_SMALL:.+]] = arith.cmpf olt, %[[A]], %{{.+}} : vector<16xf32>
// CHECK: %[[R:.+]] = arith.select %[[IS_SMALL]], %[[SMALL]], %[[LARGE]]
// CHECK: %[[IS_NAN:.+]] = arith.cmpf uno, %[[Y]], %[[Y]]
// CHECK: %[[NAN:.+]] = arith.addf %[[Y]], %[[Y]]
// CHECK: arith.select %[[IS_NAN]], %[[NAN]], %[[R]]
func.func @tanh_vector(%y: vector<16xf32>) -> vector<16xf32> {
  %0 = math.tanh %y : vector<16xf32>
  return %0 : vector<16xf32>
}

// -----

// expm1 and log1p expand into a log of a value that is never subnormal
// where it is used, which MLIR's approximation computes; the program's own
// log first scales a positive subnormal argument by 2^24 and subtracts
// 24 ln 2 in two parts (the first exact) from the log. No log is left; the
// exps are left for hlox-cpu-inline-exp.
// CHECK-LABEL: func.func @logs
// CHECK-DAG: %[[TINY:.+]] = arith.constant dense<1.17549435E-38> : vector<16xf32>
// CHECK-DAG: %[[SCALE:.+]] = arith.constant dense<0x4B800000> : vector<16xf32>
// CHECK-DAG: %[[HIGH:.+]] = arith.constant dense<16.6355286> : vector<16xf32>
// CHECK-NOT: math.log
// CHECK: math.exp %{{.+}} : vector<16xf32>
// CHECK-NOT: math.log
// CHECK: arith.cmpf olt, %arg1, %[[TINY]]
// CHECK-NOT: math.log
// CHECK: %[[MUL:.+]] = arith.mulf %arg1, %[[SCALE]]
// CHECK-NOT: math.log
// CHECK: arith.select %{{.+}}, %[[MUL]], %arg1
// CHECK-NOT: math.log
// CHECK: arith.subf %{{.+}}, %[[HIGH]]
// CHECK-NOT: math.log
// CHECK-NOT: math.expm1
// CHECK: return
func.func @logs(%x: vector<16xf32>, %y: vector<16xf32>) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>) {
  %0 = math.expm1 %x : vector<16xf32>
  %1 = math.log %y : vector<16xf32>
  %2 = math.log1p %x : vector<16xf32>
  return %0, %1, %2 : vector<16xf32>, vector<16xf32>, vector<16xf32>
}

// -----

// f64 logs stay for libm.
// CHECK-LABEL: func.func @log_f64
// CHECK: math.log %{{.+}} : f64
func.func @log_f64(%x: f64) -> f64 {
  %0 = math.log %x : f64
  return %0 : f64
}

// -----

// f32 sin and cos: the argument's significand times a window of 2/pi's
// bits in 64-bit integer arithmetic, then f64 polynomials, rounded once;
// vectors keep their lanes.
// CHECK-LABEL: func.func @sin_cos
// CHECK-NOT: math.sin
// CHECK-NOT: math.cos
// CHECK: arith.muli %{{.+}} : vector<16xi64>
// CHECK: arith.sitofp %{{.+}} : vector<16xi64> to vector<16xf64>
// CHECK: math.fma %{{.+}} : vector<16xf64>
// CHECK: arith.truncf %{{.+}} : vector<16xf64> to vector<16xf32>
// CHECK-NOT: math.sin
// CHECK-NOT: math.cos
// CHECK: math.sin %{{.+}} : f64
func.func @sin_cos(%x: vector<16xf32>, %d: f64) -> (vector<16xf32>, vector<16xf32>, f64) {
  %0 = math.sin %x : vector<16xf32>
  %1 = math.cos %x : vector<16xf32>
  %2 = math.sin %d : f64
  return %0, %1, %2 : vector<16xf32>, vector<16xf32>, f64
}

// -----

// f32 pow: exp2(y log2 |x|) in f64, the special values by selects.
// CHECK-LABEL: func.func @pow
// CHECK-NOT: math.powf %{{.+}} : f32
// CHECK: arith.divf %{{.+}} : f64
// CHECK: math.floor %{{.+}} : f32
// CHECK: arith.select
// CHECK: math.powf %{{.+}} : f64
func.func @pow(%x: f32, %y: f32, %a: f64, %b: f64) -> (f32, f64) {
  %0 = math.powf %x, %y : f32
  %1 = math.powf %a, %b : f64
  return %0, %1 : f32, f64
}
