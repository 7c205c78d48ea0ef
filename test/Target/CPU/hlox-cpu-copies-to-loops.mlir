// RUN: hlox-opt --hlox-cpu-copies-to-loops %s | FileCheck %s

// CHECK-LABEL: func.func @copy
// CHECK: linalg.copy ins(%{{.+}} : memref<4xf32, strided<[2]>>) outs(%{{.+}} : memref<4xf32>)
// CHECK-NOT: memref.copy
func.func @copy(%a: memref<4xf32, strided<[2]>>, %b: memref<4xf32>) {
  memref.copy %a, %b : memref<4xf32, strided<[2]>> to memref<4xf32>
  return
}
