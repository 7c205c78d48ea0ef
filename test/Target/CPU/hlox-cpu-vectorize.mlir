// RUN: hlox-opt --hlox-cpu-vectorize %s | FileCheck %s
// RUN: hlox-opt --hlox-cpu-vectorize --canonicalize --cse --loop-invariant-subset-hoisting %s | FileCheck %s --check-prefix=HOIST

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>

// An elementwise op: a loop over the rows, one over the columns by 16 f32
// lanes; the last tile (100 = 6 * 16 + 4) is masked, the broadcast row is
// read like the other operand.
// CHECK-LABEL: func.func private @elementwise(
// CHECK: scf.for %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}}
// CHECK: scf.for %{{.+}} = %{{.+}} to %{{.+}} step %c16 iter_args
// CHECK: affine.min
// CHECK: %[[MASK:.+]] = vector.create_mask %{{.+}} : vector<16xi1>
// CHECK: %[[A:.+]] = vector.mask %[[MASK]] { vector.transfer_read {{.*}} : tensor<?xf32>, vector<16xf32> }
// CHECK: %[[B:.+]] = vector.mask %[[MASK]] { vector.transfer_read {{.*}} : tensor<?xf32>, vector<16xf32> }
// CHECK: %[[S:.+]] = arith.addf %[[A]], %[[B]] : vector<16xf32>
// CHECK: vector.mask %[[MASK]] { vector.transfer_write %[[S]]
// CHECK-NOT: linalg.generic
func.func private @elementwise(%a: tensor<4x100xf32>, %b: tensor<100xf32>) -> tensor<4x100xf32> attributes {hlox.dispatch} {
  %e = tensor.empty() : tensor<4x100xf32>
  %r = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%a, %b : tensor<4x100xf32>, tensor<100xf32>) outs(%e : tensor<4x100xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<4x100xf32>
  return %r : tensor<4x100xf32>
}

// A contraction vectorizes along its output columns, 8 registers of f64
// at a time (all 32 columns here): the loops become (row, columns, k), and
// the k loop updates one accumulator, which each output element still sums
// over k in order. The fill is vectorized too.
// CHECK-LABEL: func.func private @matmul(
// CHECK: vector.transfer_write %{{.+}} : vector<8xf64>, tensor<8xf64>
// CHECK: scf.for %[[I:[a-z0-9_]+]] =
// CHECK: scf.for %[[J:[a-z0-9_]+]] =
// CHECK: scf.for %[[K:[a-z0-9_]+]] =
// CHECK: tensor.extract_slice %{{.+}}[%[[I]], %[[K]]] [1, 1]
// CHECK: tensor.extract_slice %{{.+}}[%[[K]], %[[J]]] [1, 32]
// CHECK: %[[A:.+]] = vector.transfer_read {{.*}} : tensor<f64>, vector<32xf64>
// CHECK: %[[B:.+]] = vector.transfer_read {{.*}} : tensor<32xf64>, vector<32xf64>
// CHECK: %[[C:.+]] = vector.transfer_read {{.*}} : tensor<32xf64>, vector<32xf64>
// CHECK: %[[P:.+]] = arith.mulf %[[A]], %[[B]] : vector<32xf64>
// CHECK: arith.addf %[[C]], %[[P]] : vector<32xf64>
// CHECK-NOT: linalg.matmul
// After loop-invariant-subset-hoisting, the accumulator is a loop-carried
// vector: the k loop neither loads nor stores it.
// HOIST-LABEL: func.func private @matmul(
// HOIST: %[[INIT:.+]] = vector.transfer_read {{.*}} : tensor<32xf64>, vector<32xf64>
// HOIST: scf.for {{.*}} iter_args({{.*}}%[[ACC:[a-z0-9_]+]] = %[[INIT]]) -> ({{.*}}vector<32xf64>)
// HOIST-NOT: vector.transfer_write
// HOIST: arith.addf %[[ACC]], %{{.+}} : vector<32xf64>
// HOIST: scf.yield {{.*}} : {{.*}}vector<32xf64>
// HOIST: vector.transfer_write
func.func private @matmul(%a: tensor<4x8xf64>, %b: tensor<8x32xf64>) -> tensor<4x32xf64> attributes {hlox.dispatch} {
  %z = arith.constant 0.0 : f64
  %e = tensor.empty() : tensor<4x32xf64>
  %f = linalg.fill ins(%z : f64) outs(%e : tensor<4x32xf64>) -> tensor<4x32xf64>
  %r = linalg.matmul ins(%a, %b : tensor<4x8xf64>, tensor<8x32xf64>) outs(%f : tensor<4x32xf64>) -> tensor<4x32xf64>
  return %r : tensor<4x32xf64>
}

// A transpose reads no operand contiguously along a parallel loop: scalar.
// CHECK-LABEL: func.func private @transpose(
// CHECK-NOT: vector.
// CHECK: linalg.transpose
func.func private @transpose(%a: tensor<4x8xf32>) -> tensor<8x4xf32> attributes {hlox.dispatch} {
  %e = tensor.empty() : tensor<8x4xf32>
  %r = linalg.transpose ins(%a : tensor<4x8xf32>) outs(%e : tensor<8x4xf32>) permutation = [1, 0]
  return %r : tensor<8x4xf32>
}

// Reducing contiguous rows would need reassociation or strided reads:
// scalar.
// CHECK-LABEL: func.func private @rows(
// CHECK-NOT: vector.
// CHECK: linalg.reduce
func.func private @rows(%a: tensor<4x8xi8>, %init: tensor<4xi8>) -> tensor<4xi8> attributes {hlox.dispatch} {
  %r = linalg.reduce { arith.addi } ins(%a : tensor<4x8xi8>) outs(%init : tensor<4xi8>) dimensions = [1]
  return %r : tensor<4xi8>
}

// Reducing columns vectorizes along the kept dimension, 64 i8 lanes; the
// reduction loop of one row per step becomes a plain add.
// CHECK-LABEL: func.func private @columns(
// CHECK: scf.for
// CHECK: scf.for {{.*}} step %c64
// CHECK: vector.create_mask %{{.+}} : vector<64xi1>
// CHECK: arith.addi %{{.+}}, %{{.+}} : vector<64xi8>
// CHECK-NOT: linalg.reduce
func.func private @columns(%a: tensor<8x200xi8>, %init: tensor<200xi8>) -> tensor<200xi8> attributes {hlox.dispatch} {
  %r = linalg.reduce { arith.addi } ins(%a : tensor<8x200xi8>) outs(%init : tensor<200xi8>) dimensions = [0]
  return %r : tensor<200xi8>
}

// Memory holds one i1 (or i4) per byte, a vector one per bit: an op with i1
// operands stays scalar.
// CHECK-LABEL: func.func private @compare(
// CHECK-NOT: vector.
// CHECK: linalg.map
func.func private @compare(%a: tensor<64xf32>, %b: tensor<64xf32>) -> tensor<64xi1> attributes {hlox.dispatch} {
  %e = tensor.empty() : tensor<64xi1>
  %r = linalg.map ins(%a, %b : tensor<64xf32>, tensor<64xf32>) outs(%e : tensor<64xi1>)
    (%x: f32, %y: f32, %o: i1) {
      %c = arith.cmpf olt, %x, %y : f32
      linalg.yield %c : i1
    }
  return %r : tensor<64xi1>
}

// Only dispatches are vectorized.
// CHECK-LABEL: func.func private @host(
// CHECK-NOT: vector.
// CHECK: linalg.map
func.func private @host(%a: tensor<64xf32>) -> tensor<64xf32> {
  %e = tensor.empty() : tensor<64xf32>
  %r = linalg.map { math.exp } ins(%a : tensor<64xf32>) outs(%e : tensor<64xf32>)
  return %r : tensor<64xf32>
}

// exp is a libm call per lane, around which the vector would be spilled:
// scalar. sqrt is one instruction: vectorized.
// CHECK-LABEL: func.func private @libm(
// CHECK-NOT: vector.
// CHECK: linalg.map
// CHECK-LABEL: func.func private @instruction(
// CHECK: math.sqrt %{{.+}} : vector<16xf32>
func.func private @libm(%a: tensor<64xf32>) -> tensor<64xf32> attributes {hlox.dispatch} {
  %e = tensor.empty() : tensor<64xf32>
  %r = linalg.map { math.exp } ins(%a : tensor<64xf32>) outs(%e : tensor<64xf32>)
  return %r : tensor<64xf32>
}
func.func private @instruction(%a: tensor<64xf32>) -> tensor<64xf32> attributes {hlox.dispatch} {
  %e = tensor.empty() : tensor<64xf32>
  %r = linalg.map { math.sqrt } ins(%a : tensor<64xf32>) outs(%e : tensor<64xf32>)
  return %r : tensor<64xf32>
}
