// RUN: hlox-opt --split-input-file --hlox-cpu-move-narrow-vectors-as-integers %s | FileCheck %s

// A broadcast of a loaded bf16 scalar (insertelement + shufflevector) moves
// i16 lanes; the scalar load stays and is bitcast once; the vector reaches
// the arithmetic (already bit operations) through one bitcast.
// CHECK-LABEL: llvm.func @splat
// CHECK: %[[X:.+]] = llvm.load %arg0 {alignment = 2 : i64} : !llvm.ptr -> bf16
// CHECK: %[[P:.+]] = llvm.mlir.poison : vector<16xi16>
// CHECK: %[[XI:.+]] = llvm.bitcast %[[X]] : bf16 to i16
// CHECK: %[[I:.+]] = llvm.insertelement %[[XI]], %[[P]][%{{.+}} : i32] : vector<16xi16>
// CHECK: %[[S:.+]] = llvm.shufflevector %[[I]], %[[P]] [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] : vector<16xi16>
// CHECK-NOT: bf16
// CHECK: %[[Z:.+]] = llvm.zext %[[S]] : vector<16xi16> to vector<16xi32>
// CHECK: llvm.return %[[Z]]
llvm.func @splat(%p: !llvm.ptr) -> vector<16xi32> {
  %x = llvm.load %p {alignment = 2 : i64} : !llvm.ptr -> bf16
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %poison = llvm.mlir.poison : vector<16xbf16>
  %i = llvm.insertelement %x, %poison[%c0 : i32] : vector<16xbf16>
  %s = llvm.shufflevector %i, %poison [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] : vector<16xbf16>
  %b = llvm.bitcast %s : vector<16xbf16> to vector<16xi16>
  %z = llvm.zext %b : vector<16xi16> to vector<16xi32>
  llvm.return %z : vector<16xi32>
}

// -----

// A masked load with a constant pass-through, a select and a masked store:
// all on i16 lanes, the constant's bits kept (0x3F80 is bf16 1.0).
// CHECK-LABEL: llvm.func @masked
// CHECK: %[[ONE:.+]] = llvm.mlir.constant(dense<16256> : vector<8xi16>) : vector<8xi16>
// CHECK: %[[V:.+]] = llvm.intr.masked.load %arg0, %arg1, %[[ONE]] {alignment = 2 : i32} : (!llvm.ptr, vector<8xi1>, vector<8xi16>) -> vector<8xi16>
// CHECK: %[[S:.+]] = llvm.select %arg2, %[[V]], %[[ONE]] : vector<8xi1>, vector<8xi16>
// CHECK: llvm.intr.masked.store %[[S]], %arg0, %arg1 {alignment = 2 : i32} : vector<8xi16>, vector<8xi1> into !llvm.ptr
// CHECK-NOT: bf16
llvm.func @masked(%p: !llvm.ptr, %m: vector<8xi1>, %c: vector<8xi1>) {
  %one = llvm.mlir.constant(dense<1.0> : vector<8xbf16>) : vector<8xbf16>
  %v = llvm.intr.masked.load %p, %m, %one {alignment = 2 : i32} : (!llvm.ptr, vector<8xi1>, vector<8xbf16>) -> vector<8xbf16>
  %s = llvm.select %c, %v, %one : vector<8xi1>, vector<8xbf16>
  llvm.intr.masked.store %s, %p, %m {alignment = 2 : i32} : vector<8xbf16>, vector<8xi1> into !llvm.ptr
  llvm.return
}

// -----

// f16 too. A vector that arithmetic reads (fpext, which f16 keeps) gets a
// bitcast back to f16; the lane an extractelement gives is bitcast back
// to f16 for its user; the store of a loaded vector moves integers.
// CHECK-LABEL: llvm.func @half
// CHECK: %[[V:.+]] = llvm.load %arg0 {alignment = 2 : i64} : !llvm.ptr -> vector<4xi16>
// CHECK: %[[H:.+]] = llvm.bitcast %[[V]] : vector<4xi16> to vector<4xf16>
// CHECK: %[[W:.+]] = llvm.fpext %[[H]] : vector<4xf16> to vector<4xf32>
// CHECK: %[[E:.+]] = llvm.extractelement %[[V]][%{{.+}} : i64] : vector<4xi16>
// CHECK: %[[EH:.+]] = llvm.bitcast %[[E]] : i16 to f16
// CHECK: %[[EW:.+]] = llvm.fpext %[[EH]] : f16 to f32
// CHECK: llvm.store %[[V]], %arg1 {alignment = 2 : i64} : vector<4xi16>, !llvm.ptr
llvm.func @half(%p: !llvm.ptr, %q: !llvm.ptr) -> vector<4xf32> {
  %v = llvm.load %p {alignment = 2 : i64} : !llvm.ptr -> vector<4xf16>
  %w = llvm.fpext %v : vector<4xf16> to vector<4xf32>
  %c1 = llvm.mlir.constant(1 : i64) : i64
  %e = llvm.extractelement %v[%c1 : i64] : vector<4xf16>
  %ew = llvm.fpext %e : f16 to f32
  %c0 = llvm.mlir.constant(0 : i64) : i64
  %r = llvm.insertelement %ew, %w[%c0 : i64] : vector<4xf32>
  llvm.store %v, %q {alignment = 2 : i64} : vector<4xf16>, !llvm.ptr
  llvm.return %r : vector<4xf32>
}

// -----

// f32 vectors and narrow scalars that no vector holds are left alone.
// CHECK-LABEL: llvm.func @others
// CHECK: llvm.load %arg0 : !llvm.ptr -> vector<4xf32>
// CHECK: llvm.load %arg0 : !llvm.ptr -> bf16
// CHECK: llvm.select %arg1, %{{.+}}, %{{.+}} : i1, bf16
llvm.func @others(%p: !llvm.ptr, %c: i1) -> !llvm.struct<(vector<4xf32>, bf16)> {
  %v = llvm.load %p : !llvm.ptr -> vector<4xf32>
  %x = llvm.load %p : !llvm.ptr -> bf16
  %y = llvm.select %c, %x, %x : i1, bf16
  %r = llvm.mlir.poison : !llvm.struct<(vector<4xf32>, bf16)>
  %r0 = llvm.insertvalue %v, %r[0] : !llvm.struct<(vector<4xf32>, bf16)>
  %r1 = llvm.insertvalue %y, %r0[1] : !llvm.struct<(vector<4xf32>, bf16)>
  llvm.return %r1 : !llvm.struct<(vector<4xf32>, bf16)>
}
