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
