// iou_3d as a composite (examples/custom_ops/iou_3d/iou_3d_composite.py):
// its decomposition, compiled and interpreted, and the native handler it
// takes with the plugin loaded agree on Keras CV's vectors and the spec's
// edge cases (identical boxes, one inside another, touching faces,
// parallel edges, degenerate boxes, far apart).
// RUN: %python %hlox_src_root/examples/custom_ops/iou_3d/iou_3d_composite.py 2 2 --main > %t.keras.mlir
// RUN: %python %hlox_src_root/examples/custom_ops/iou_3d/iou_3d_composite.py 7 1 --main > %t.edges.mlir
// RUN: hlox-run --stats %t.keras.mlir --input=2x7xf32=0,0,0,2,2,2,0,1,1,1,2,2,2,2.35619449 --input=2x7xf32=1,1,1,2,2,2,0.78539816,1,1,1,2,2,2,0 --print-output 2>&1 | FileCheck %s --check-prefixes=KERAS,INLINE
// RUN: hlox-run --interpret %t.keras.mlir --input=2x7xf32=0,0,0,2,2,2,0,1,1,1,2,2,2,2.35619449 --input=2x7xf32=1,1,1,2,2,2,0.78539816,1,1,1,2,2,2,0 --print-output | FileCheck %s --check-prefix=KERAS
// RUN: hlox-run --stats --plugin=%custom_ops_plugin %t.keras.mlir --input=2x7xf32=0,0,0,2,2,2,0,1,1,1,2,2,2,2.35619449 --input=2x7xf32=1,1,1,2,2,2,0.78539816,1,1,1,2,2,2,0 --print-output 2>&1 | FileCheck %s --check-prefixes=KERAS,NATIVE
// RUN: hlox-run %t.edges.mlir --input=7x7xf32=0,0,0,1,1,1,0,0,0,0,0.5,0.5,0.5,0,1,0,0,1,1,1,0,0.5,0,0,1,1,1,0,0,0,0,0.0005,1,1,0,0,0,0,1,1,0,0,100,100,0,1,1,1,0.3 --input=1x7xf32=0,0,0,1,1,1,0 --print-output | FileCheck %s --check-prefix=EDGES
// RUN: hlox-run --interpret %t.edges.mlir --input=7x7xf32=0,0,0,1,1,1,0,0,0,0,0.5,0.5,0.5,0,1,0,0,1,1,1,0,0.5,0,0,1,1,1,0,0,0,0,0.0005,1,1,0,0,0,0,1,1,0,0,100,100,0,1,1,1,0.3 --input=1x7xf32=0,0,0,1,1,1,0 --print-output | FileCheck %s --check-prefix=EDGES
// RUN: hlox-run --plugin=%custom_ops_plugin %t.edges.mlir --input=7x7xf32=0,0,0,1,1,1,0,0,0,0,0.5,0.5,0.5,0,1,0,0,1,1,1,0,0.5,0,0,1,1,1,0,0,0,0,0.0005,1,1,0,0,0,0,1,1,0,0,100,100,0,1,1,1,0.3 --input=1x7xf32=0,0,0,1,1,1,0 --print-output | FileCheck %s --check-prefix=EDGES

// INLINE: composite iou_3d (version 1): inline, 1 op
// NATIVE: composite iou_3d (version 1): native (iou_3d), 1 op
// KERAS: result[0]: dense<{{\[}}[0.0666666{{[0-9]+}}, 0.0666666{{[0-9]+}}], [1.000000e+00, 0.70710{{[0-9]+}}]]> : tensor<2x2xf32>
// EDGES: result[0]: dense<{{\[}}[1.000000e+00], [1.250000e-01], [0.000000e+00], [0.333333{{[0-9]+}}], [0.000000e+00], [0.000000e+00], [0.000000e+00]]> : tensor<7x1xf32>

// This file only drives the generated programs.
func.func @unused() {
  func.return
}
