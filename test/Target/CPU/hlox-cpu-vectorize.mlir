// RUN: hlox-opt --hlox-cpu-vectorize %s | FileCheck %s
// RUN: hlox-opt --hlox-cpu-vectorize --canonicalize --cse --loop-invariant-subset-hoisting %s | FileCheck %s --check-prefix=HOIST

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>

// An elementwise op: a loop over the rows, one over the columns by 16 f32
// lanes, the broadcast row read like the other operand. 100 columns are
// 6 * 16 + 4: each row is split into its first 96 columns (full tiles, no
// masks) and its last 4 (one vector of 4, no mask either).
// CHECK-LABEL: func.func private @elementwise(
// CHECK: scf.for %{{.+}} = %{{.+}} to %c4 step %c1
// CHECK: tensor.extract_slice %{{.+}}[0, 0] [1, 96]
// CHECK: scf.for %{{.+}} = %{{.+}} to %c96 step %c16 iter_args
// CHECK: %[[A:.+]] = vector.transfer_read {{.*}} : tensor<16xf32>, vector<16xf32>
// CHECK: %[[B:.+]] = vector.transfer_read {{.*}} : tensor<16xf32>, vector<16xf32>
// CHECK: %[[S:.+]] = arith.addf %[[A]], %[[B]] : vector<16xf32>
// CHECK: vector.transfer_write %[[S]]
// CHECK: tensor.extract_slice %{{.+}}[0, 96] [1, 4]
// CHECK: %[[C:.+]] = vector.transfer_read {{.*}} : tensor<4xf32>, vector<4xf32>
// CHECK: %[[D:.+]] = vector.transfer_read {{.*}} : tensor<4xf32>, vector<4xf32>
// CHECK: arith.addf %[[C]], %[[D]] : vector<4xf32>
// CHECK-NOT: vector.mask
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

// A loop of dynamic size (a dispatch's share of the elements) is peeled:
// the full tiles up to the last multiple of 16 are not masked, the one
// partial tile after them is.
// CHECK-LABEL: func.func private @dynamic(
// CHECK: %[[SPLIT:.+]] = affine.apply
// CHECK: scf.for %{{.+}} = %{{.+}} to %[[SPLIT]] step %c16
// CHECK-NOT: vector.mask
// CHECK: %[[A:.+]] = vector.transfer_read {{.*}} : tensor<16xf32>, vector<16xf32>
// CHECK: %[[B:.+]] = vector.transfer_read {{.*}} : tensor<16xf32>, vector<16xf32>
// CHECK: arith.mulf %[[A]], %[[B]] : vector<16xf32>
// CHECK: scf.for %{{.+}} = %[[SPLIT]] to
// CHECK: %[[MASK:.+]] = vector.create_mask %{{.+}} : vector<16xi1>
// CHECK: vector.mask %[[MASK]] { vector.transfer_read
// CHECK: vector.mask %[[MASK]] { vector.transfer_write
// CHECK-NOT: linalg.generic
#id1 = affine_map<(d0) -> (d0)>
func.func private @dynamic(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> attributes {hlox.dispatch} {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#id1, #id1, #id1], iterator_types = ["parallel"]} ins(%a, %b : tensor<?xf32>, tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.mulf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// A contraction vectorizes along its output columns in tiles of 6 rows by
// 4 registers (6x32 f64), with the reduction loop k inside: each tile's
// accumulator is updated over k in order, so every output element sums as
// the scalar code does. The lhs column is broadcast along the columns, the
// rhs row along the rows. The fill is vectorized too (1-d).
// CHECK-LABEL: func.func private @matmul(
// CHECK: vector.transfer_write %{{.+}} : vector<8xf64>, tensor<8xf64>
// CHECK: scf.for %[[J:[a-z0-9_]+]] = %{{.+}} to %{{.+}} step %c32
// CHECK: scf.for %[[K:[a-z0-9_]+]] =
// CHECK: tensor.extract_slice %{{.+}}[0, %[[K]]] [6, 1]
// CHECK: tensor.extract_slice %{{.+}}[%[[K]], %[[J]]] [1, 32]
// CHECK: %[[A:.+]] = vector.transfer_read {{.*}} : tensor<6xf64>, vector<6x32xf64>
// CHECK: %[[B:.+]] = vector.transfer_read {{.*}} : tensor<32xf64>, vector<6x32xf64>
// CHECK: %[[C:.+]] = vector.transfer_read {{.*}} : tensor<6x32xf64>, vector<6x32xf64>
// CHECK: %[[P:.+]] = arith.mulf %[[A]], %[[B]] : vector<6x32xf64>
// CHECK: arith.addf %[[C]], %[[P]] : vector<6x32xf64>
// CHECK-NOT: linalg.matmul
// After loop-invariant-subset-hoisting, the accumulator is a loop-carried
// vector: the k loop neither loads nor stores it.
// HOIST-LABEL: func.func private @matmul(
// HOIST: %[[INIT:.+]] = vector.transfer_read {{.*}} : tensor<6x32xf64>, vector<6x32xf64>
// HOIST: scf.for {{.*}} iter_args({{.*}}%[[ACC:[a-z0-9_]+]] = %[[INIT]]) -> ({{.*}}vector<6x32xf64>)
// HOIST-NOT: vector.transfer_write
// HOIST: arith.addf %[[ACC]], %{{.+}} : vector<6x32xf64>
// HOIST: scf.yield {{.*}} : {{.*}}vector<6x32xf64>
// HOIST: vector.transfer_write
func.func private @matmul(%a: tensor<6x8xf64>, %b: tensor<8x64xf64>) -> tensor<6x64xf64> attributes {hlox.dispatch} {
  %z = arith.constant 0.0 : f64
  %e = tensor.empty() : tensor<6x64xf64>
  %f = linalg.fill ins(%z : f64) outs(%e : tensor<6x64xf64>) -> tensor<6x64xf64>
  %r = linalg.matmul ins(%a, %b : tensor<6x8xf64>, tensor<8x64xf64>) outs(%f : tensor<6x64xf64>) -> tensor<6x64xf64>
  return %r : tensor<6x64xf64>
}

// Rows that do not fill a tile: 8 = 6 + 2 static rows give a 6-row and a
// 2-row tile; a dynamic row count (a workgroup's range) gives full 6-row
// tiles and a remainder loop of 1-d tiles, one row of up to 8 registers.
// CHECK-LABEL: func.func private @matmul_rows(
// CHECK-DAG: vector<6x64xf32>
// CHECK-DAG: vector<2x64xf32>
// CHECK-LABEL: func.func private @matmul_dynamic(
// CHECK: arith.addf %{{.+}}, %{{.+}} : vector<6x64xf32>
// CHECK: arith.addf %{{.+}}, %{{.+}} : vector<64xf32>
func.func private @matmul_rows(%a: tensor<8x8xf32>, %b: tensor<8x64xf32>, %c: tensor<8x64xf32>) -> tensor<8x64xf32> attributes {hlox.dispatch} {
  %r = linalg.matmul ins(%a, %b : tensor<8x8xf32>, tensor<8x64xf32>) outs(%c : tensor<8x64xf32>) -> tensor<8x64xf32>
  return %r : tensor<8x64xf32>
}
func.func private @matmul_dynamic(%a: tensor<?x8xf32>, %b: tensor<8x64xf32>, %c: tensor<?x64xf32>) -> tensor<?x64xf32> attributes {hlox.dispatch} {
  %r = linalg.matmul ins(%a, %b : tensor<?x8xf32>, tensor<8x64xf32>) outs(%c : tensor<?x64xf32>) -> tensor<?x64xf32>
  return %r : tensor<?x64xf32>
}

// A transpose smaller than one square tile (16x16 for f32) stays scalar.
// CHECK-LABEL: func.func private @transpose(
// CHECK-NOT: vector.
// CHECK: linalg.transpose
func.func private @transpose(%a: tensor<4x8xf32>) -> tensor<8x4xf32> attributes {hlox.dispatch} {
  %e = tensor.empty() : tensor<8x4xf32>
  %r = linalg.transpose ins(%a : tensor<4x8xf32>) outs(%e : tensor<8x4xf32>) permutation = [1, 0]
  return %r : tensor<8x4xf32>
}

// A transpose of 40x36 into 36x40 f32: 16x16 tiles, each read as 16 rows
// of the input and transposed in registers; the output's 40 columns are
// short rows, so the column-block loop is the outer one. The partial
// tiles (8 columns, 4 rows) stay scalar.
// CHECK-LABEL: func.func private @transpose_tiles(
// CHECK: scf.for %[[COL:.+]] = %{{.+}} to %{{.+}} step %c16
// CHECK: scf.for %[[ROW:.+]] = %{{.+}} to %{{.+}} step %c16
// CHECK: %[[ROWS:.+]] = vector.transfer_read %{{.+}} : tensor<16x16xf32>, vector<16x16xf32>
// CHECK: %[[T:.+]] = vector.transpose %[[ROWS]], [1, 0] : vector<16x16xf32> to vector<16x16xf32>
// CHECK: vector.transfer_write %[[T]]
// CHECK: linalg.generic
func.func private @transpose_tiles(%a: tensor<40x36xf32>) -> tensor<36x40xf32> attributes {hlox.dispatch} {
  %e = tensor.empty() : tensor<36x40xf32>
  %r = linalg.transpose ins(%a : tensor<40x36xf32>) outs(%e : tensor<36x40xf32>) permutation = [1, 0]
  return %r : tensor<36x40xf32>
}

// NCHW to NHWC reads H and W as one loop of 4x8: a transpose of [2, 48, 32]
// into [2, 32, 48] in full tiles; an elementwise operand already in the
// output's layout is read as rows without a transpose.
// CHECK-LABEL: func.func private @nchw_to_nhwc(
// CHECK-DAG: tensor.collapse_shape %{{.+}} {{\[}}[0], [1], [2, 3]] : tensor<2x48x4x8xf32> into tensor<2x48x32xf32>
// CHECK-DAG: tensor.collapse_shape %{{.+}} {{\[}}[0], [1, 2], [3]] : tensor<2x4x8x48xf32> into tensor<2x32x48xf32>
// CHECK: %[[ROWS:.+]] = vector.transfer_read
// CHECK: %[[T:.+]] = vector.transpose %[[ROWS]], [1, 0]
// CHECK: %[[B:.+]] = vector.transfer_read
// CHECK-NOT: vector.transpose
// CHECK: arith.addf %[[T]], %[[B]] : vector<16x16xf32>
// CHECK-NOT: linalg.generic
// CHECK: tensor.expand_shape
#nchw = affine_map<(n, h, w, c) -> (n, c, h, w)>
#nhwc = affine_map<(n, h, w, c) -> (n, h, w, c)>
func.func private @nchw_to_nhwc(%a: tensor<2x48x4x8xf32>, %b: tensor<2x4x8x48xf32>) -> tensor<2x4x8x48xf32> attributes {hlox.dispatch} {
  %e = tensor.empty() : tensor<2x4x8x48xf32>
  %r = linalg.generic {indexing_maps = [#nchw, #nhwc, #nhwc], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%a, %b : tensor<2x48x4x8xf32>, tensor<2x4x8x48xf32>) outs(%e : tensor<2x4x8x48xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<2x4x8x48xf32>
  return %r : tensor<2x4x8x48xf32>
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

// Reducing columns vectorizes along the kept dimension; the reduction
// loop of one row per step becomes a plain add. 200 i8 lanes fit the
// accumulator registers: one vector accumulates inside the row loop.
// CHECK-LABEL: func.func private @columns(
// CHECK: scf.for {{.*}} step %c200
// CHECK: scf.for {{.*}} to %c8 step %c1
// CHECK: arith.addi %{{.+}}, %{{.+}} : vector<200xi8>
// CHECK-NOT: linalg.reduce
func.func private @columns(%a: tensor<8x200xi8>, %init: tensor<200xi8>) -> tensor<200xi8> attributes {hlox.dispatch} {
  %r = linalg.reduce { arith.addi } ins(%a : tensor<8x200xi8>) outs(%init : tensor<200xi8>) dimensions = [0]
  return %r : tensor<200xi8>
}

// Wider than the accumulators (8 registers): the row loop stays outside
// and each step adds one register of 64 i8 lanes; each row's 600 columns
// split into 9 such registers and a last vector of 24, none masked.
// CHECK-LABEL: func.func private @wide_columns(
// CHECK: scf.for {{.*}} to %c8 step %c1
// CHECK: scf.for {{.*}} to %c576 step %c64
// CHECK: arith.addi %{{.+}}, %{{.+}} : vector<64xi8>
// CHECK: tensor.extract_slice %{{.+}}[576] [24]
// CHECK: arith.addi %{{.+}}, %{{.+}} : vector<24xi8>
// CHECK-NOT: vector.mask
// CHECK-NOT: linalg.reduce
func.func private @wide_columns(%a: tensor<8x600xi8>, %init: tensor<600xi8>) -> tensor<600xi8> attributes {hlox.dispatch} {
  %r = linalg.reduce { arith.addi } ins(%a : tensor<8x600xi8>) outs(%init : tensor<600xi8>) dimensions = [0]
  return %r : tensor<600xi8>
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

// A loop without iterations is no vector loop (a tile of 0 lanes would
// mean "untiled"); the reduction over an empty dimension stays scalar.
// CHECK-LABEL: func.func private @empty(
// CHECK-NOT: vector.
// CHECK: linalg.reduce
func.func private @empty(%a: tensor<0x64xf32>, %init: tensor<0xf32>) -> tensor<0xf32> attributes {hlox.dispatch} {
  %r = linalg.reduce { arith.addf } ins(%a : tensor<0x64xf32>) outs(%init : tensor<0xf32>) dimensions = [1]
  return %r : tensor<0xf32>
}

// A split row sum's partial results (32 f64 lanes, four registers) fit
// the accumulators and stay in registers over the reduction; a widening
// sum takes its rows one at a time (a row read in long steps streams
// faster alone than four rows together).
// CHECK-LABEL: func.func private @partial_sums(
// CHECK-NOT: vector<4x32xf64>
// CHECK: arith.addf %{{.+}}, %{{.+}} : vector<32xf64>
// HOIST-LABEL: func.func private @partial_sums(
// HOIST: scf.for {{.*}} step %c1
// HOIST: %[[INIT:.+]] = vector.transfer_read {{.*}} : tensor<32xf64>, vector<32xf64>
// HOIST: scf.for {{.*}} iter_args({{.*}}%[[ACC:[a-z0-9_]+]] = %[[INIT]]) -> ({{.*}}vector<32xf64>)
// HOIST: vector.transfer_read {{.*}} vector<32xf32>
// HOIST: arith.addf {{.*}}, %[[ACC]] : vector<32xf64>
#psin = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#psout = affine_map<(d0, d1, d2) -> (d0, d2)>
func.func private @partial_sums(%x: tensor<8x4x32xf32>, %init: tensor<8x32xf64>) -> tensor<8x32xf64> attributes {hlox.dispatch} {
  %r = linalg.generic {indexing_maps = [#psin, #psout], iterator_types = ["parallel", "reduction", "parallel"]} ins(%x : tensor<8x4x32xf32>) outs(%init : tensor<8x32xf64>) {
  ^bb0(%a: f32, %acc: f64):
    %w = arith.extf %a : f32 to f64
    %s = arith.addf %w, %acc : f64
    linalg.yield %s : f64
  } -> tensor<8x32xf64>
  return %r : tensor<8x32xf64>
}

// An NHWC max pool (3x3, stride 2): the window operand (i1, never read)
// does not keep it scalar, and the loops its input reads through a window
// expression (2 * w + kw) are not row loops: its tiles are two images' 64
// channels, accumulated over the window loops.
#poolIn = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1 * 2 + d4, d2 * 2 + d5, d3)>
#poolWindow = affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>
#poolOut = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func private @nhwc_pool(
// CHECK: %[[IN:.+]] = vector.transfer_read %{{.+}} : tensor<2x64xf32>, vector<2x64xf32>
// CHECK: %[[ACC:.+]] = vector.transfer_read %{{.+}} : tensor<2x64xf32>, vector<2x64xf32>
// CHECK: arith.maximumf %[[ACC]], %[[IN]] : vector<2x64xf32>
// CHECK-NOT: linalg.generic
func.func private @nhwc_pool(%x: tensor<2x9x9x64xf32>) -> tensor<2x4x4x64xf32> attributes {hlox.dispatch} {
  %w = tensor.empty() : tensor<3x3xi1>
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<2x4x4x64xf32>
  %init = linalg.fill ins(%ninf : f32) outs(%e : tensor<2x4x4x64xf32>) -> tensor<2x4x4x64xf32>
  %r = linalg.generic {indexing_maps = [#poolIn, #poolWindow, #poolOut], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%x, %w : tensor<2x9x9x64xf32>, tensor<3x3xi1>) outs(%init : tensor<2x4x4x64xf32>) {
  ^bb0(%in: f32, %unused: i1, %out: f32):
    %m = arith.maximumf %out, %in : f32
    linalg.yield %m : f32
  } -> tensor<2x4x4x64xf32>
  return %r : tensor<2x4x4x64xf32>
}

// A per-channel parameter of shape Cx1x1 that an NHWC op reads by
// (d3, 0, 0) (an NCHW model's batch norm after the channels-last
// rewrite) is read through a view without its unit dimensions, so that the
// channel loop is every operand's last dimension and vectorizes.
// CHECK-LABEL: func.func private @unit_trailing_dims(
// CHECK: tensor.collapse_shape %{{.+}} {{\[\[}}0, 1, 2]] : tensor<64x1x1xf32> into tensor<64xf32>
// CHECK: vector.transfer_read {{.*}} : tensor<{{.*}}xf32>, vector<16xf32>
// CHECK: arith.mulf %{{.+}}, %{{.+}} : vector<16xf32>
// CHECK-NOT: linalg.generic
#nhwc4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#channel_11 = affine_map<(d0, d1, d2, d3) -> (d3, 0, 0)>
func.func private @unit_trailing_dims(%x: tensor<1x4x4x64xf32>, %s: tensor<64x1x1xf32>) -> tensor<1x4x4x64xf32> attributes {hlox.dispatch} {
  %e = tensor.empty() : tensor<1x4x4x64xf32>
  %r = linalg.generic {indexing_maps = [#nhwc4, #channel_11, #nhwc4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x, %s : tensor<1x4x4x64xf32>, tensor<64x1x1xf32>) outs(%e : tensor<1x4x4x64xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    linalg.yield %m : f32
  } -> tensor<1x4x4x64xf32>
  return %r : tensor<1x4x4x64xf32>
}

// An embedding lookup (a gather of whole rows): the row index is the same
// in every lane and the columns follow the vector loop, so each tile is a
// broadcast read of the index and a contiguous read of the table's row.
// CHECK-LABEL: func.func private @lookup(
// CHECK: scf.for %{{.+}} = %{{.+}} to %{{.+}} step %c16 iter_args
// CHECK: vector.transfer_read %{{.+}} : tensor<64x48xf32>, vector<16xf32>
// CHECK-NOT: vector.gather
// CHECK-NOT: linalg.generic
#out = affine_map<(d0, d1) -> (d0, d1)>
func.func private @lookup(%table: tensor<64x48xf32>, %ids: tensor<8x1xi32>) -> tensor<8x48xf32> attributes {hlox.dispatch} {
  %e = tensor.empty() : tensor<8x48xf32>
  %r = linalg.generic {indexing_maps = [#out], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<8x48xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c0 = arith.constant 0 : index
    %c63 = arith.constant 63 : index
    %id = tensor.extract %ids[%i, %c0] : tensor<8x1xi32>
    %row = arith.index_cast %id : i32 to index
    %lo = arith.maxsi %row, %c0 : index
    %hi = arith.minsi %lo, %c63 : index
    %v = tensor.extract %table[%hi, %j] : tensor<64x48xf32>
    linalg.yield %v : f32
  } -> tensor<8x48xf32>
  return %r : tensor<8x48xf32>
}

// A read whose column is data-dependent along the vector loop (a gather
// lane by lane) stays scalar.
// CHECK-LABEL: func.func private @scattered(
// CHECK: linalg.generic
// CHECK: tensor.extract
func.func private @scattered(%table: tensor<64x48xf32>, %cols: tensor<8x48xindex>) -> tensor<8x48xf32> attributes {hlox.dispatch} {
  %e = tensor.empty() : tensor<8x48xf32>
  %r = linalg.generic {indexing_maps = [#out, #out], iterator_types = ["parallel", "parallel"]} ins(%cols : tensor<8x48xindex>) outs(%e : tensor<8x48xf32>) {
  ^bb0(%c: index, %o: f32):
    %i = linalg.index 0 : index
    %v = tensor.extract %table[%i, %c] : tensor<64x48xf32>
    linalg.yield %v : f32
  } -> tensor<8x48xf32>
  return %r : tensor<8x48xf32>
}
