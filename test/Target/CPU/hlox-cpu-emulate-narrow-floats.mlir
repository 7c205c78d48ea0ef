// RUN: hlox-opt --hlox-cpu-emulate-narrow-floats %s | FileCheck %s

// Each f16 op computes in f32 and rounds back: the subtraction reads the
// product rounded to f16, not the f32 product.
// CHECK-LABEL: func.func @chain
// CHECK: %[[A:.+]] = arith.extf %arg0 : f16 to f32
// CHECK: %[[B:.+]] = arith.extf %arg1 : f16 to f32
// CHECK: %[[P32:.+]] = arith.mulf %[[A]], %[[B]] : f32
// CHECK: %[[P:.+]] = arith.truncf %[[P32]] : f32 to f16
// CHECK: %[[P2:.+]] = arith.extf %[[P]] : f16 to f32
// CHECK: %[[A2:.+]] = arith.extf %arg0 : f16 to f32
// CHECK: %[[D32:.+]] = arith.subf %[[P2]], %[[A2]] : f32
// CHECK: %[[D:.+]] = arith.truncf %[[D32]] : f32 to f16
// CHECK: return %[[D]]
func.func @chain(%a: f16, %b: f16) -> f16 {
  %p = arith.mulf %a, %b : f16
  %d = arith.subf %p, %a : f16
  return %d : f16
}

// bf16 vectors and math ops too; a comparison keeps its i1 result; select,
// constants and conversions stay.
// CHECK-LABEL: func.func @vectors
// CHECK: math.sqrt %{{.+}} : vector<4xf32>
// CHECK: arith.truncf %{{.+}} : vector<4xf32> to vector<4xbf16>
// CHECK: arith.cmpf olt, %{{.+}}, %{{.+}} : vector<4xf32>
// CHECK: arith.select %{{.+}}, %{{.+}}, %{{.+}} : vector<4xi1>, vector<4xbf16>
// CHECK: arith.extf %{{.+}} : vector<4xbf16> to vector<4xf64>
func.func @vectors(%a: vector<4xbf16>) -> (vector<4xbf16>, vector<4xf64>) {
  %s = math.sqrt %a : vector<4xbf16>
  %c = arith.cmpf olt, %s, %a : vector<4xbf16>
  %r = arith.select %c, %s, %a : vector<4xi1>, vector<4xbf16>
  %w = arith.extf %r : vector<4xbf16> to vector<4xf64>
  return %r, %w : vector<4xbf16>, vector<4xf64>
}

// f32 and integer ops are left alone.
// CHECK-LABEL: func.func @wide
// CHECK-NEXT: arith.addf %arg0, %arg0 : f32
// CHECK-NEXT: arith.addi %arg1, %arg1 : i32
func.func @wide(%a: f32, %i: i32) -> (f32, i32) {
  %0 = arith.addf %a, %a : f32
  %1 = arith.addi %i, %i : i32
  return %0, %1 : f32, i32
}

// A bf16 maximum, minimum, negation or absolute value gives a value bf16
// holds: it narrows by its upper 16 bits, without rounding, and the next op
// reads its f32 value (no extf of it). The sum still rounds.
// CHECK-LABEL: func.func @exact_bf16
// CHECK: %[[A:.+]] = arith.extf %arg0 : vector<16xbf16> to vector<16xf32>
// CHECK: %[[B:.+]] = arith.extf %arg1 : vector<16xbf16> to vector<16xf32>
// CHECK: %[[M:.+]] = arith.maximumf %[[A]], %[[B]] : vector<16xf32>
// CHECK-NOT: arith.truncf
// CHECK: %[[C:.+]] = arith.extf %arg1 : vector<16xbf16> to vector<16xf32>
// CHECK: %[[N:.+]] = arith.minimumf %[[M]], %[[C]] : vector<16xf32>
// CHECK: %[[NB:.+]] = arith.bitcast %[[N]] : vector<16xf32> to vector<16xi32>
// CHECK: %[[S:.+]] = arith.constant dense<16> : vector<16xi32>
// CHECK: %[[H:.+]] = arith.shrui %[[NB]], %[[S]] : vector<16xi32>
// CHECK: %[[T:.+]] = arith.trunci %[[H]] : vector<16xi32> to vector<16xi16>
// CHECK: %[[NN:.+]] = arith.bitcast %[[T]] : vector<16xi16> to vector<16xbf16>
// CHECK: %[[G:.+]] = arith.negf %[[N]] : vector<16xf32>
// CHECK: %[[X:.+]] = math.absf %[[G]] : vector<16xf32>
// CHECK: %[[SUM:.+]] = arith.addf %[[X]], %[[N]] : vector<16xf32>
// CHECK: arith.truncf %[[SUM]] : vector<16xf32> to vector<16xbf16>
func.func @exact_bf16(%a: vector<16xbf16>, %b: vector<16xbf16>) -> (vector<16xbf16>, vector<16xbf16>) {
  %m = arith.maximumf %a, %b : vector<16xbf16>
  %n = arith.minimumf %m, %b : vector<16xbf16>
  %g = arith.negf %n : vector<16xbf16>
  %x = math.absf %g : vector<16xbf16>
  %s = arith.addf %x, %n : vector<16xbf16>
  return %n, %s : vector<16xbf16>, vector<16xbf16>
}

// f16 rounds as before: its upper half is not the value.
// CHECK-LABEL: func.func @exact_f16
// CHECK: arith.maximumf %{{.+}}, %{{.+}} : f32
// CHECK: arith.truncf %{{.+}} : f32 to f16
func.func @exact_f16(%a: f16, %b: f16) -> f16 {
  %m = arith.maximumf %a, %b : f16
  return %m : f16
}
