// RUN: hlox-opt --hlox-cpu-kernel-abi %s | FileCheck %s

// A dispatch takes memrefs in and out and the workgroup range; with several
// workgroups it computes rows [begin, end) of its first parallel loop, straight into
// the output, the fill sliced with it.
// CHECK-LABEL: func.func @dispatch(
// CHECK-SAME: %[[IN:.+]]: memref<4x8xf32>, %[[OUT:.+]]: memref<4xf32>, %[[BEGIN:.+]]: index, %[[END:.+]]: index)
// CHECK: %[[X:.+]] = bufferization.to_tensor %[[IN]] restrict
// CHECK: %[[SIZE:.+]] = arith.subi %[[END]], %[[BEGIN]]
// CHECK: tensor.extract_slice %[[X]][%[[BEGIN]], 0] [%[[SIZE]], 8]
// CHECK: %[[D:.+]] = bufferization.to_tensor %[[OUT]] restrict writable
// CHECK: %[[TILE:.+]] = tensor.extract_slice %[[D]][%[[BEGIN]]] [%[[SIZE]]]
// CHECK: %[[F:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%[[TILE]] : tensor<?xf32>)
// CHECK: %[[R:.+]] = linalg.reduce {{.*}} outs(%[[F]] : tensor<?xf32>)
// CHECK: %[[I:.+]] = tensor.insert_slice %[[R]] into %[[D]][%[[BEGIN]]] [%[[SIZE]]]
// CHECK: bufferization.materialize_in_destination %[[I]] in restrict writable %[[OUT]]
func.func private @dispatch(%x: tensor<4x8xf32>) -> tensor<4xf32> attributes {hlox.dispatch, hlox.workgroups = 4 : i64, hlox.work = 8 : i64} {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = linalg.reduce { arith.addf } ins(%x : tensor<4x8xf32>) outs(%f : tensor<4xf32>) dimensions = [1]
  return %r : tensor<4xf32>
}

// A column reduction's first loop is the reduction: its workgroups split
// the second loop, the columns; every workgroup reads all rows of its
// columns.
// CHECK-LABEL: func.func @columns(
// CHECK-SAME: %[[IN:.+]]: memref<8x4xf32>, %[[OUT:.+]]: memref<4xf32>, %[[BEGIN:.+]]: index, %[[END:.+]]: index)
// CHECK: %[[X:.+]] = bufferization.to_tensor %[[IN]] restrict
// CHECK: %[[SIZE:.+]] = arith.subi %[[END]], %[[BEGIN]]
// CHECK: tensor.extract_slice %[[X]][0, %[[BEGIN]]] [8, %[[SIZE]]]
// CHECK: linalg.reduce {{.*}} dimensions = [0]
func.func private @columns(%x: tensor<8x4xf32>) -> tensor<4xf32> attributes {hlox.dispatch, hlox.workgroups = 4 : i64, hlox.work = 8 : i64} {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = linalg.reduce { arith.addf } ins(%x : tensor<8x4xf32>) outs(%f : tensor<4xf32>) dimensions = [0]
  return %r : tensor<4xf32>
}

// A row group computes its rows one at a time: each member takes one row
// (into a fresh tensor, its fill sliced to the row), reading the rows of
// the members before it, and the root writes its row into the output.
// CHECK-LABEL: func.func @row_group(
// CHECK-SAME: %[[IN:.+]]: memref<4x8xf32>, %[[OUT:.+]]: memref<4x8xf32>, %[[BEGIN:.+]]: index, %[[END:.+]]: index)
// CHECK: %[[X:.+]] = bufferization.to_tensor %[[IN]] restrict
// CHECK: %[[D:.+]] = bufferization.to_tensor %[[OUT]] restrict writable
// CHECK: %[[LOOP:.+]] = scf.for %[[ROW:.+]] = %[[BEGIN]] to %[[END]] step %{{.+}} iter_args(%[[ACC:.+]] = %[[D]])
// CHECK: %[[XROW:.+]] = tensor.extract_slice %[[X]][%[[ROW]], 0] [1, 8] [1, 1]
// CHECK: %[[E:.+]] = tensor.empty() : tensor<1xf32>
// CHECK: %[[F:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%[[E]] : tensor<1xf32>)
// CHECK: %[[SUM:.+]] = linalg.reduce {{.*}} ins(%[[XROW]] : tensor<1x8xf32>) outs(%[[F]] : tensor<1xf32>)
// CHECK: %[[XROW2:.+]] = tensor.extract_slice %[[X]][%[[ROW]], 0] [1, 8] [1, 1]
// CHECK: %[[YROW:.+]] = tensor.extract_slice %[[ACC]][%[[ROW]], 0] [1, 8] [1, 1]
// CHECK: %[[Y:.+]] = linalg.generic {{.*}} ins(%[[XROW2]], %[[SUM]] : tensor<1x8xf32>, tensor<1xf32>) outs(%[[YROW]] : tensor<1x8xf32>)
// CHECK: %[[I:.+]] = tensor.insert_slice %[[Y]] into %[[ACC]][%[[ROW]], 0] [1, 8] [1, 1]
// CHECK: scf.yield %[[I]]
// CHECK: bufferization.materialize_in_destination %[[LOOP]] in restrict writable %[[OUT]]
#rows = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func private @row_group(%x: tensor<4x8xf32>) -> tensor<4x8xf32> attributes {hlox.dispatch, hlox.row_group = 1 : i64, hlox.workgroups = 4 : i64, hlox.work = 16 : i64} {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %s = linalg.reduce { arith.addf } ins(%x : tensor<4x8xf32>) outs(%f : tensor<4xf32>) dimensions = [1]
  %e2 = tensor.empty() : tensor<4x8xf32>
  %y = linalg.generic {indexing_maps = [#rows, #row, #rows], iterator_types = ["parallel", "parallel"]} ins(%x, %s : tensor<4x8xf32>, tensor<4xf32>) outs(%e2 : tensor<4x8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.divf %a, %b : f32
    linalg.yield %d : f32
  } -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// With two row dimensions the workgroup index is the row in row-major
// order: its remainder by the second dimension's size and the quotient.
// CHECK-LABEL: func.func @row_group_2d(
// CHECK: scf.for %[[ROW:.+]] = %{{.+}} to %{{.+}} step
// CHECK: %[[C3:.+]] = arith.constant 3 : index
// CHECK: %[[J:.+]] = arith.remui %[[ROW]], %[[C3]]
// CHECK: %[[I:.+]] = arith.divui %[[ROW]], %[[C3]]
// CHECK: tensor.extract_slice %{{.+}}[%[[I]], %[[J]], 0] [1, 1, 8] [1, 1, 1]
// CHECK: linalg.reduce {{.*}} outs(%{{.+}} : tensor<1x1xf32>)
#rows3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#row3 = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func private @row_group_2d(%x: tensor<2x3x8xf32>) -> tensor<2x3x8xf32> attributes {hlox.dispatch, hlox.row_group = 2 : i64, hlox.workgroups = 6 : i64, hlox.work = 16 : i64} {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x3xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %s = linalg.reduce { arith.addf } ins(%x : tensor<2x3x8xf32>) outs(%f : tensor<2x3xf32>) dimensions = [2]
  %e2 = tensor.empty() : tensor<2x3x8xf32>
  %y = linalg.generic {indexing_maps = [#rows3, #row3, #rows3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x, %s : tensor<2x3x8xf32>, tensor<2x3xf32>) outs(%e2 : tensor<2x3x8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.divf %a, %b : f32
    linalg.yield %d : f32
  } -> tensor<2x3x8xf32>
  return %y : tensor<2x3x8xf32>
}

// A pad (an insert into a filled tensor, covering all of dimension 0)
// splits dimension 0: each workgroup fills its rows of the output around
// the source (a column before it and one after) and copies the same rows
// of the source into them.
// CHECK-LABEL: func.func @pad(
// CHECK-SAME: %[[IN:.+]]: memref<4x3xf32>, %[[OUT:.+]]: memref<4x5xf32>, %[[BEGIN:.+]]: index, %[[END:.+]]: index)
// CHECK: %[[X:.+]] = bufferization.to_tensor %[[IN]] restrict
// CHECK: %[[N:.+]] = arith.subi %[[END]], %[[BEGIN]]
// CHECK: %[[D:.+]] = bufferization.to_tensor %[[OUT]] restrict writable
// CHECK: %[[ROWS:.+]] = tensor.extract_slice %[[D]][%[[BEGIN]], 0] [%[[N]], 5] [1, 1]
// CHECK: %[[BEFORE:.+]] = tensor.extract_slice %[[ROWS]][0, 0] [%[[N]], 1] [1, 1]
// CHECK: %[[FB:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%[[BEFORE]] : tensor<?x1xf32>)
// CHECK: %[[T1:.+]] = tensor.insert_slice %[[FB]] into %[[ROWS]][0, 0] [%[[N]], 1] [1, 1]
// CHECK: %[[AFTER:.+]] = tensor.extract_slice %[[T1]][0, 4] [%[[N]], 1] [1, 1]
// CHECK: %[[FA:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%[[AFTER]] : tensor<?x1xf32>)
// CHECK: %[[F:.+]] = tensor.insert_slice %[[FA]] into %[[T1]][0, 4] [%[[N]], 1] [1, 1]
// CHECK-NOT: linalg.fill
// CHECK: %[[S:.+]] = tensor.extract_slice %[[X]][%[[BEGIN]], 0] [%[[N]], 3] [1, 1]
// CHECK: %[[P:.+]] = tensor.insert_slice %[[S]] into %[[F]][0, 1] [%[[N]], 3] [1, 1]
// CHECK: %[[R:.+]] = tensor.insert_slice %[[P]] into %[[D]][%[[BEGIN]], 0] [%[[N]], 5] [1, 1]
// CHECK: bufferization.materialize_in_destination %[[R]] in restrict writable %[[OUT]]
func.func private @pad(%x: tensor<4x3xf32>) -> tensor<4x5xf32> attributes {hlox.dispatch, hlox.workgroups = 4 : i64, hlox.work = 5 : i64} {
  %z = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<4x5xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<4x5xf32>) -> tensor<4x5xf32>
  %p = tensor.insert_slice %x into %f[0, 1] [4, 3] [1, 1] : tensor<4x3xf32> into tensor<4x5xf32>
  return %p : tensor<4x5xf32>
}

// Padding on one side of each padded dimension: one slab each, none for
// the sides without padding.
// CHECK-LABEL: func.func @pad_one_side(
// CHECK: %[[ROWS:.+]] = tensor.extract_slice %{{.+}}[%{{.+}}, 0, 0] [%[[N:.+]], 5, 3] [1, 1, 1]
// CHECK: tensor.extract_slice %[[ROWS]][0, 0, 0] [%[[N]], 2, 3] [1, 1, 1]
// CHECK: linalg.fill
// CHECK: tensor.extract_slice %{{.+}}[0, 0, 2] [%[[N]], 5, 1] [1, 1, 1]
// CHECK: linalg.fill
// CHECK-NOT: linalg.fill
// CHECK: tensor.insert_slice %{{.+}} into %{{.+}}[0, 2, 0] [%[[N]], 3, 2] [1, 1, 1]
func.func private @pad_one_side(%x: tensor<4x3x2xf32>) -> tensor<4x5x3xf32> attributes {hlox.dispatch, hlox.workgroups = 4 : i64, hlox.work = 15 : i64} {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x5x3xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<4x5x3xf32>) -> tensor<4x5x3xf32>
  %p = tensor.insert_slice %x into %f[0, 2, 0] [4, 3, 2] [1, 1, 1] : tensor<4x3x2xf32> into tensor<4x5x3xf32>
  return %p : tensor<4x5x3xf32>
}

// A row group whose window op reads a pad (a 1x3/2 max pool of 6x7 rows
// padded by one column on each side and one row on top): each row pads
// only the part of the source it reads. The pool's row of 4 outputs reads
// 3 rows of 9 padded columns: a fresh 1x3x9 tile whose first row is
// padding for row 0 only (dynamic slabs before and after the copied
// rows), whose first and last columns are padding (static slabs), and
// whose middle is the source's rows, copied in. The full pad is gone.
#poolIn = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1 * 2 + d3, d2 * 2 + d4)>
#poolWindow = affine_map<(d0, d1, d2, d3, d4) -> (d3, d4)>
#poolOut = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>
#poolId = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @row_group_pad(
// CHECK-SAME: %[[IN:[^:]+]]: memref<2x6x7xf32>
// CHECK: %[[X:.+]] = bufferization.to_tensor %[[IN]] restrict
// CHECK-NOT: tensor<2x7x9xf32>
// CHECK: scf.for
// CHECK: %[[E:.+]] = tensor.empty() : tensor<1x3x9xf32>
// CHECK: %[[TOP:.+]] = tensor.extract_slice %[[E]][0, 0, 0] [1, %{{.+}}, 9] [1, 1, 1]
// CHECK: linalg.fill ins(%{{.+}} : f32) outs(%[[TOP]] : tensor<1x?x9xf32>)
// CHECK: linalg.fill ins(%{{.+}} : f32) outs(%{{.+}} : tensor<1x?x9xf32>)
// CHECK: %[[LEFT:.+]] = tensor.extract_slice %{{.+}}[0, 0, 0] [1, 3, 1] [1, 1, 1]
// CHECK: linalg.fill ins(%{{.+}} : f32) outs(%[[LEFT]] : tensor<1x3x1xf32>)
// CHECK: %[[RIGHT:.+]] = tensor.extract_slice %{{.+}}[0, 0, 8] [1, 3, 1] [1, 1, 1]
// CHECK: linalg.fill ins(%{{.+}} : f32) outs(%[[RIGHT]] : tensor<1x3x1xf32>)
// CHECK: %[[S:.+]] = tensor.extract_slice %[[X]][%{{.+}}, %{{.+}}, 0] [1, %{{.+}}, 7] [1, 1, 1]
// CHECK: %[[TILE:.+]] = tensor.insert_slice %[[S]] into %{{.+}}[0, %{{.+}}, 1] [1, %{{.+}}, 7] [1, 1, 1]
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[TILE]], %{{.+}} : tensor<1x3x9xf32>, tensor<3x3xi1>)
// CHECK: linalg.generic
// CHECK-NOT: tensor<2x7x9xf32>
func.func private @row_group_pad(%x: tensor<2x6x7xf32>) -> tensor<2x3x4xf32> attributes {hlox.dispatch, hlox.row_group = 2 : i64, hlox.workgroups = 6 : i64, hlox.work = 24 : i64} {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %pe = tensor.empty() : tensor<2x7x9xf32>
  %pf = linalg.fill ins(%ninf : f32) outs(%pe : tensor<2x7x9xf32>) -> tensor<2x7x9xf32>
  %padded = tensor.insert_slice %x into %pf[0, 1, 1] [2, 6, 7] [1, 1, 1] : tensor<2x6x7xf32> into tensor<2x7x9xf32>
  %w = tensor.empty() : tensor<3x3xi1>
  %e = tensor.empty() : tensor<2x3x4xf32>
  %init = linalg.fill ins(%ninf : f32) outs(%e : tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %pool = linalg.generic {indexing_maps = [#poolIn, #poolWindow, #poolOut], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%padded, %w : tensor<2x7x9xf32>, tensor<3x3xi1>) outs(%init : tensor<2x3x4xf32>) {
  ^bb0(%in: f32, %unused: i1, %out: f32):
    %m = arith.maximumf %out, %in : f32
    linalg.yield %m : f32
  } -> tensor<2x3x4xf32>
  %e2 = tensor.empty() : tensor<2x3x4xf32>
  %relu = linalg.generic {indexing_maps = [#poolId, #poolId], iterator_types = ["parallel", "parallel", "parallel"]} ins(%pool : tensor<2x3x4xf32>) outs(%e2 : tensor<2x3x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.maximumf %in, %zero : f32
    linalg.yield %r : f32
  } -> tensor<2x3x4xf32>
  return %relu : tensor<2x3x4xf32>
}

// A concatenation along dimension 1 (a chain of inserts into a fresh
// tensor): each workgroup copies every operand's rows [begin, end) into
// its rows of the output, the chain's links in order.
// CHECK-LABEL: func.func @concat_rows(
// CHECK-SAME: %[[A:[^:]+]]: memref<4x3xf32>, %[[B:[^:]+]]: memref<4x2xf32>, %[[OUT:[^:]+]]: memref<4x5xf32>, %[[BEGIN:[^:]+]]: index, %[[END:[^:]+]]: index
// CHECK: %[[N:.+]] = arith.subi %[[END]], %[[BEGIN]]
// CHECK: %[[D:.+]] = bufferization.to_tensor %[[OUT]] restrict writable
// CHECK: %[[ROWS:.+]] = tensor.extract_slice %[[D]][%[[BEGIN]], 0] [%[[N]], 5] [1, 1]
// CHECK-NOT: linalg.fill
// CHECK: %[[SA:.+]] = tensor.extract_slice %{{.+}}[%[[BEGIN]], 0] [%[[N]], 3] [1, 1]
// CHECK: %[[T1:.+]] = tensor.insert_slice %[[SA]] into %[[ROWS]][0, 0] [%[[N]], 3] [1, 1]
// CHECK: %[[SB:.+]] = tensor.extract_slice %{{.+}}[%[[BEGIN]], 0] [%[[N]], 2] [1, 1]
// CHECK: %[[T2:.+]] = tensor.insert_slice %[[SB]] into %[[T1]][0, 3] [%[[N]], 2] [1, 1]
// CHECK: %[[R:.+]] = tensor.insert_slice %[[T2]] into %[[D]][%[[BEGIN]], 0] [%[[N]], 5] [1, 1]
// CHECK: bufferization.materialize_in_destination %[[R]] in restrict writable %[[OUT]]
func.func private @concat_rows(%a: tensor<4x3xf32>, %b: tensor<4x2xf32>) -> tensor<4x5xf32> attributes {hlox.dispatch, hlox.workgroups = 4 : i64, hlox.work = 5 : i64} {
  %e = tensor.empty() : tensor<4x5xf32>
  %0 = tensor.insert_slice %a into %e[0, 0] [4, 3] [1, 1] : tensor<4x3xf32> into tensor<4x5xf32>
  %1 = tensor.insert_slice %b into %0[0, 3] [4, 2] [1, 1] : tensor<4x2xf32> into tensor<4x5xf32>
  return %1 : tensor<4x5xf32>
}

// A pad whose dimension 0 is 1 splits the rows of dimension 1, which it
// pads too: each workgroup copies the source rows that fall in its rows
// (clamped to the source's [1, 4)), at their place in its tile, and fills
// the rest.
// CHECK-LABEL: func.func @pad_batch_of_one(
// CHECK-SAME: %[[IN:.+]]: memref<1x3x2xf32>, %[[OUT:.+]]: memref<1x5x4xf32>, %[[BEGIN:.+]]: index, %[[END:.+]]: index)
// CHECK: %[[ROWS:.+]] = tensor.extract_slice %{{.+}}[0, %[[BEGIN]], 0] [1, %[[N:.+]], 4] [1, 1, 1]
// CHECK-DAG: %[[C1:.+]] = arith.constant 1 : index
// CHECK-DAG: %[[C4:.+]] = arith.constant 4 : index
// CHECK: %[[LO:.+]] = arith.maxsi %[[BEGIN]], %[[C1]]
// CHECK: %[[FIRST:.+]] = arith.minsi %[[LO]], %[[C4]]
// CHECK: %[[HI:.+]] = arith.maxsi %[[END]], %[[C1]]
// CHECK: %[[LAST:.+]] = arith.minsi %[[HI]], %[[C4]]
// CHECK: linalg.fill
// CHECK: %[[S:.+]] = tensor.extract_slice %{{.+}}[0, %{{.+}}, 0] [1, %{{.+}}, 2] [1, 1, 1]
// CHECK: tensor.insert_slice %[[S]] into %{{.+}}[0, %{{.+}}, 1] [1, %{{.+}}, 2] [1, 1, 1]
func.func private @pad_batch_of_one(%x: tensor<1x3x2xf32>) -> tensor<1x5x4xf32> attributes {hlox.dispatch, hlox.workgroups = 5 : i64, hlox.work = 4 : i64} {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x5x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x5x4xf32>) -> tensor<1x5x4xf32>
  %p = tensor.insert_slice %x into %f[0, 1, 1] [1, 3, 2] [1, 1, 1] : tensor<1x3x2xf32> into tensor<1x5x4xf32>
  return %p : tensor<1x5x4xf32>
}

// A matrix product's epilogue computes the tile [r0, r1) x [c0, c1) of its
// rows by columns, straight into the output: a bias along the columns.
// CHECK-LABEL: func.func @epilogue(
// CHECK-SAME: %[[P:.+]]: memref<6x40xf32>, %[[B:.+]]: memref<40xf32>, %[[OUT:.+]]: memref<6x40xf32>, %[[R0:.+]]: index, %[[R1:.+]]: index, %[[C0:.+]]: index, %[[C1:.+]]: index)
// CHECK-DAG: %[[ROWS:.+]] = arith.subi %[[R1]], %[[R0]]
// CHECK-DAG: %[[COLS:.+]] = arith.subi %[[C1]], %[[C0]]
// CHECK-DAG: tensor.extract_slice %{{.+}}[%[[R0]], %[[C0]]] [%[[ROWS]], %[[COLS]]]
// CHECK-DAG: tensor.extract_slice %{{.+}}[%[[C0]]] [%[[COLS]]]
// CHECK: %[[D:.+]] = bufferization.to_tensor %[[OUT]] restrict writable
// CHECK: %[[TILE:.+]] = tensor.extract_slice %[[D]][%[[R0]], %[[C0]]] [%[[ROWS]], %[[COLS]]]
// CHECK: %[[G:.+]] = linalg.generic {{.*}} outs(%[[TILE]] : tensor<?x?xf32>)
// CHECK: %[[I:.+]] = tensor.insert_slice %[[G]] into %[[D]][%[[R0]], %[[C0]]] [%[[ROWS]], %[[COLS]]]
// CHECK: bufferization.materialize_in_destination %[[I]] in restrict writable %[[OUT]]
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
func.func private @epilogue(%p: tensor<6x40xf32>, %b: tensor<40xf32>) -> tensor<6x40xf32> attributes {hlox.dispatch, hlox.matmul_epilogue = 1 : i64} {
  %e = tensor.empty() : tensor<6x40xf32>
  %r = linalg.generic {indexing_maps = [#id2, #col, #id2], iterator_types = ["parallel", "parallel"]} ins(%p, %b : tensor<6x40xf32>, tensor<40xf32>) outs(%e : tensor<6x40xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<6x40xf32>
  return %r : tensor<6x40xf32>
}

// Rows of two dimensions (a [2, 3] batch of rows) are seen as one: the
// generic is collapsed to rows by columns before it is tiled, and the
// output collapsed with it.
// CHECK-LABEL: func.func @epilogue_rows(
// CHECK-SAME: %[[P:.+]]: memref<2x3x40xf32>, %[[OUT:.+]]: memref<2x3x40xf32>, %[[R0:.+]]: index, %[[R1:.+]]: index, %[[C0:.+]]: index, %[[C1:.+]]: index)
// CHECK: tensor.collapse_shape %{{.+}} {{\[\[}}0, 1], [2]] : tensor<2x3x40xf32> into tensor<6x40xf32>
// CHECK: %[[D:.+]] = bufferization.to_tensor %[[OUT]] restrict writable
// CHECK: %[[DM:.+]] = tensor.collapse_shape %[[D]] {{\[\[}}0, 1], [2]] : tensor<2x3x40xf32> into tensor<6x40xf32>
// CHECK: %[[TILE:.+]] = tensor.extract_slice %[[DM]][%[[R0]], %[[C0]]]
// CHECK: %[[G:.+]] = linalg.generic {{.*}} outs(%[[TILE]] : tensor<?x?xf32>)
// CHECK: %[[I:.+]] = tensor.insert_slice %[[G]] into %[[DM]][%[[R0]], %[[C0]]]
// CHECK: %[[X:.+]] = tensor.expand_shape %[[I]] {{\[\[}}0, 1], [2]]
// CHECK: bufferization.materialize_in_destination %[[X]] in restrict writable %[[OUT]]
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func private @epilogue_rows(%p: tensor<2x3x40xf32>) -> tensor<2x3x40xf32> attributes {hlox.dispatch, hlox.matmul_epilogue = 2 : i64} {
  %e = tensor.empty() : tensor<2x3x40xf32>
  %r = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%p : tensor<2x3x40xf32>) outs(%e : tensor<2x3x40xf32>) {
  ^bb0(%x: f32, %o: f32):
    %z = arith.constant 0.0 : f32
    %m = arith.maximumf %x, %z : f32
    linalg.yield %m : f32
  } -> tensor<2x3x40xf32>
  return %r : tensor<2x3x40xf32>
}
