// RUN: hlox-opt --hlox-cpu-inline-exp %s | FileCheck %s
// RUN: hlox-opt --hlox-cpu-inline-exp=f32-arithmetic=true %s | FileCheck %s --check-prefix=F32

// f32 exp, scalar or vector, becomes f64 arithmetic rounded once to f32:
// clamp, the shifter's rounding to k, two FMAs of range reduction, twelve
// Horner FMAs, 2^k through the exponent bits, and NaN passed through.
// CHECK-LABEL: func.func @scalar
// CHECK-SAME: (%[[X:.+]]: f32)
// CHECK: %[[W:.+]] = arith.extf %[[X]] : f32 to f64
// CHECK: arith.maximumf %[[W]]
// CHECK: arith.minimumf
// CHECK-COUNT-14: math.fma
// CHECK: arith.shli
// CHECK: arith.bitcast {{.*}} : i64 to f64
// CHECK: %[[Y:.+]] = arith.truncf {{.*}} : f64 to f32
// CHECK: %[[NAN:.+]] = arith.cmpf uno, %[[X]], %[[X]] : f32
// CHECK: %[[Q:.+]] = arith.addf %[[X]], %[[X]] : f32
// CHECK: %[[R:.+]] = arith.select %[[NAN]], %[[Q]], %[[Y]] : f32
// CHECK: return %[[R]]
// CHECK-NOT: math.exp
func.func @scalar(%x: f32) -> f32 {
  %0 = math.exp %x : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @vector
// CHECK: arith.extf %{{.+}} : vector<16xf32> to vector<16xf64>
// CHECK-COUNT-14: math.fma {{.*}} : vector<16xf64>
// CHECK: arith.truncf {{.*}} : vector<16xf64> to vector<16xf32>
// CHECK-NOT: math.exp
func.func @vector(%x: vector<16xf32>) -> vector<16xf32> {
  %0 = math.exp %x : vector<16xf32>
  return %0 : vector<16xf32>
}

// Other widths keep math.exp: f64 calls libm's exp, narrow floats compute
// it in f32 later (hlox-cpu-emulate-narrow-floats).
// CHECK-LABEL: func.func @others
// CHECK: math.exp %{{.+}} : f64
// CHECK: math.exp %{{.+}} : f16
func.func @others(%x: f64, %y: f16) -> (f64, f16) {
  %0 = math.exp %x : f64
  %1 = math.exp %y : f16
  return %0, %1 : f64, f16
}

// In f32: clamp to [-176, 89], the shifter's rounding to k, two FMAs of
// range reduction, the degree-5 P(r) and 1 + r + r^2 P(r). Then both forms
// of p * 2^k, neither with an underflowing multiply: the normal one adds
// k * 2^23 (the shifter's bits shifted left by 23) to p's bits and caps
// them at +inf's (0x7F800000); the subnormal one counts units of 2^-149
// (k * 2^23 at most -125 * 2^23 = -1048576000, plus 276 * 2^23 wrapped:
// the bits of 2^(k + 149); t = p * 2^(k + 149); t + 2^23 rounds it, its
// bits less 2^23's are the result's), taken where t < 2^23. NaN passed
// through.
// F32-LABEL: func.func @scalar
// F32-SAME: (%[[X:.+]]: f32)
// F32-NOT: arith.extf
// F32-DAG: %[[TWO23:.+]] = arith.constant 0x4B000000 : f32
// F32-DAG: %[[LOW:.+]] = arith.constant -1.760000e+02 : f32
// F32: %[[C:.+]] = arith.maximumf %[[X]], %[[LOW]] : f32
// F32: arith.minimumf %[[C]]
// F32: %[[S:.+]] = math.fma
// F32-COUNT-8: math.fma {{.*}} : f32
// F32: %[[P:.+]] = arith.addf
// F32: %[[SB:.+]] = arith.bitcast %[[S]] : f32 to i32
// F32: %[[KF:.+]] = arith.shli %[[SB]], %{{.+}} : i32
// F32: %[[PB:.+]] = arith.bitcast %[[P]] : f32 to i32
// F32: %[[N0:.+]] = arith.addi %[[PB]], %[[KF]] : i32
// F32: %[[N:.+]] = arith.minsi %[[N0]], %c2139095040_i32 : i32
// F32: %[[KS:.+]] = arith.minsi %[[KF]], %c-1048576000_i32 : i32
// F32: %[[SC:.+]] = arith.addi %[[KS]], %c-1979711488_i32 : i32
// F32: %[[SCF:.+]] = arith.bitcast %[[SC]] : i32 to f32
// F32: %[[T:.+]] = arith.mulf %[[P]], %[[SCF]] : f32
// F32: %[[SUB:.+]] = arith.cmpf olt, %[[T]], %[[TWO23]] : f32
// F32: %[[CNT:.+]] = arith.addf %[[T]], %[[TWO23]] : f32
// F32: %[[CB:.+]] = arith.bitcast %[[CNT]] : f32 to i32
// F32: %[[D:.+]] = arith.subi %[[CB]], %c1258291200_i32 : i32
// F32: %[[YB:.+]] = arith.select %[[SUB]], %[[D]], %[[N]] : i32
// F32: %[[Y:.+]] = arith.bitcast %[[YB]] : i32 to f32
// F32: %[[NAN:.+]] = arith.cmpf uno, %[[X]], %[[X]] : f32
// F32: %[[Q:.+]] = arith.addf %[[X]], %[[X]] : f32
// F32: arith.select %[[NAN]], %[[Q]], %[[Y]] : f32
// A vector branches on its lanes: where one is below -86.5 or NaN (ult),
// the whole expansion above runs; where none is, only the normal form
// (the clamp at 89, no subnormal results, no NaN select), which gives the
// same bits there. The condition is frozen (a masked tile's lanes past its
// end are poison).
// F32-LABEL: func.func @vector(
// F32-SAME: %[[X:[^:]+]]: vector<16xf32>)
// F32-NOT: f64
// F32-DAG: %[[BOUND:.+]] = arith.constant dense<-8.650000e+01> : vector<16xf32>
// F32-DAG: %[[HIGH:.+]] = arith.constant dense<8.900000e+01> : vector<16xf32>
// F32: %[[RARE:.+]] = arith.cmpf ult, %[[X]], %[[BOUND]] : vector<16xf32>
// F32: %[[ANY:.+]] = vector.reduction <or>, %[[RARE]] : vector<16xi1> into i1
// F32: %[[FROZEN:.+]] = llvm.freeze %[[ANY]] : i1
// F32: scf.if %[[FROZEN]] -> (vector<16xf32>) {
// F32: arith.maximumf %[[X]]
// F32: arith.cmpf olt
// F32: arith.cmpf uno, %[[X]], %[[X]]
// F32: } else {
// F32-NOT: arith.maximumf
// F32: %[[C:.+]] = arith.minimumf %[[X]], %[[HIGH]] : vector<16xf32>
// F32-COUNT-8: math.fma {{.*}} : vector<16xf32>
// F32: %[[N:.+]] = arith.minsi
// F32-NOT: arith.select
// F32-NOT: arith.cmpf
// F32: %[[Y:.+]] = arith.bitcast %[[N]] : vector<16xi32> to vector<16xf32>
// F32: scf.yield %[[Y]]

// With nnan (tanh's exp, which selects NaN itself) NaN takes the short
// form (olt) and the whole one has no NaN select.
// F32-LABEL: func.func @no_nans(
// F32: arith.cmpf olt, %{{.+}}, %{{.+}} : vector<16xf32>
// F32: scf.if
// F32-NOT: arith.cmpf uno
// F32: } else {
// F32-LABEL: func.func @scalar_no_nans
// F32-NOT: scf.if
// F32-NOT: arith.cmpf uno
// F32: return
func.func @no_nans(%x: vector<16xf32>) -> vector<16xf32> {
  %0 = math.exp %x fastmath<nnan> : vector<16xf32>
  return %0 : vector<16xf32>
}
func.func @scalar_no_nans(%x: f32) -> f32 {
  %0 = math.exp %x fastmath<nnan> : f32
  return %0 : f32
}

// A 2-d vector (a row tile's) reduces its comparison as one row.
// F32-LABEL: func.func @two_d
// F32: %[[RARE:.+]] = arith.cmpf ult, %{{.+}}, %{{.+}} : vector<6x32xf32>
// F32: %[[ROW:.+]] = vector.shape_cast %[[RARE]] : vector<6x32xi1> to vector<192xi1>
// F32: vector.reduction <or>, %[[ROW]] : vector<192xi1> into i1
// F32: scf.if
func.func @two_d(%x: vector<6x32xf32>) -> vector<6x32xf32> {
  %0 = math.exp %x : vector<6x32xf32>
  return %0 : vector<6x32xf32>
}
