// RUN: hlox-opt --hlox-cpu-copies-to-loops %s | FileCheck %s
// RUN: hlox-opt --hlox-cpu-copies-to-loops=vectorize=false %s | FileCheck %s --check-prefix=SCALAR

// Rows with a stride: element by element.
// CHECK-LABEL: func.func @strided_rows
// CHECK: linalg.copy ins(%{{.+}} : memref<4xf32, strided<[2]>>) outs(%{{.+}} : memref<4xf32>)
// CHECK-NOT: memref.copy
func.func @strided_rows(%a: memref<4xf32, strided<[2]>>, %b: memref<4xf32>) {
  memref.copy %a, %b : memref<4xf32, strided<[2]>> to memref<4xf32>
  return
}

// Contiguous rows of 20 f32 inside rows of 24 (a pad's interior): a loop
// over the rows around 16 lanes (a cache line) per step up to the whole
// lines, then the 4 left one at a time.
// CHECK-LABEL: func.func @contiguous_rows
// CHECK-SAME: (%[[A:.+]]: memref<4x20xf32, strided<[24, 1], offset: 25>>, %[[B:.+]]: memref<4x20xf32>)
// CHECK: %[[C0:.+]] = arith.constant 0 : index
// CHECK: %[[C1:.+]] = arith.constant 1 : index
// CHECK: scf.for %[[I:.+]] = %[[C0]] to %{{.+}} step %[[C1]]
// CHECK: %[[N:.+]] = memref.dim %[[A]], %{{.+}}
// CHECK: %[[C16:.+]] = arith.constant 16 : index
// CHECK: %[[R:.+]] = arith.remui %[[N]], %[[C16]]
// CHECK: %[[W:.+]] = arith.subi %[[N]], %[[R]]
// CHECK: scf.for %[[J:.+]] = %[[C0]] to %[[W]] step %[[C16]]
// CHECK: %[[V:.+]] = vector.load %[[A]][%[[I]], %[[J]]] : memref<4x20xf32, strided<[24, 1], offset: 25>>, vector<16xf32>
// CHECK: vector.store %[[V]], %[[B]][%[[I]], %[[J]]] : memref<4x20xf32>, vector<16xf32>
// CHECK: scf.for %[[K:.+]] = %[[W]] to %[[N]] step %[[C1]]
// CHECK: %[[E:.+]] = memref.load %[[A]][%[[I]], %[[K]]]
// CHECK: memref.store %[[E]], %[[B]][%[[I]], %[[K]]]
// CHECK-NOT: memref.copy
// SCALAR-LABEL: func.func @contiguous_rows
// SCALAR: linalg.copy
func.func @contiguous_rows(%a: memref<4x20xf32, strided<[24, 1], offset: 25>>, %b: memref<4x20xf32>) {
  memref.copy %a, %b : memref<4x20xf32, strided<[24, 1], offset: 25>> to memref<4x20xf32>
  return
}

// bf16 rows: 32 lanes to a line; a dynamic row count.
// CHECK-LABEL: func.func @bf16_rows
// CHECK: vector.load %{{.+}} : memref<?x64xbf16>, vector<32xbf16>
func.func @bf16_rows(%a: memref<?x64xbf16>, %b: memref<?x64xbf16>) {
  memref.copy %a, %b : memref<?x64xbf16> to memref<?x64xbf16>
  return
}

// Booleans (i1, not whole bytes) and a rank-0 buffer: linalg.copy.
// CHECK-LABEL: func.func @left_as_copies
// CHECK-COUNT-2: linalg.copy
func.func @left_as_copies(%a: memref<8xi1>, %b: memref<8xi1>, %c: memref<f32>, %d: memref<f32>) {
  memref.copy %a, %b : memref<8xi1> to memref<8xi1>
  memref.copy %c, %d : memref<f32> to memref<f32>
  return
}
