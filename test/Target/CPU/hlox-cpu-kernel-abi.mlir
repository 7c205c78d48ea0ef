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
