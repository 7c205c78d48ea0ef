// RUN: hlox-opt --hlox-cpu-narrow-streaming-reductions %s | FileCheck %s

// A row sum, split into partial sums (the kernel's arguments as the kernel
// ABI gives them): memory streams through adds only.
// CHECK-LABEL: func.func @row_sum
// CHECK-SAME: hlox.keep_loops_rolled
// CHECK-SAME: hlox.prefer_vector_bits = 256 : i64
func.func @row_sum(%arg0: memref<64x256xf32>, %arg1: memref<64xf32>, %begin: index, %end: index) attributes {hlox.dispatch} {
  %cst = arith.constant 0.000000e+00 : f32
  %x = bufferization.to_tensor %arg0 restrict : memref<64x256xf32> to tensor<64x256xf32>
  %n = arith.subi %end, %begin : index
  %rows = tensor.extract_slice %x[%begin, 0] [%n, 256] [1, 1] : tensor<64x256xf32> to tensor<?x256xf32>
  %out = bufferization.to_tensor %arg1 restrict writable : memref<64xf32> to tensor<64xf32>
  %slice = tensor.extract_slice %out[%begin] [%n] [1] : tensor<64xf32> to tensor<?xf32>
  %init = linalg.fill ins(%cst : f32) outs(%slice : tensor<?xf32>) -> tensor<?xf32>
  %sum = linalg.reduce ins(%rows : tensor<?x256xf32>) outs(%init : tensor<?xf32>) dimensions = [1]
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  %done = tensor.insert_slice %sum into %out[%begin] [%n] [1] : tensor<?xf32> into tensor<64xf32>
  bufferization.materialize_in_destination %done in writable %arg1 : (tensor<64xf32>, memref<64xf32>) -> ()
  return
}

// A row max with a conversion and a select: still only moves and cheap
// compares.
// CHECK-LABEL: func.func @row_max
// CHECK-SAME: hlox.keep_loops_rolled
// CHECK-SAME: hlox.prefer_vector_bits = 256 : i64
func.func @row_max(%x: tensor<8x128xbf16>, %init: tensor<8xf32>) -> tensor<8xf32> attributes {hlox.dispatch} {
  %max = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<8x128xbf16>) outs(%init : tensor<8xf32>) {
  ^bb0(%in: bf16, %acc: f32):
    %e = arith.extf %in : bf16 to f32
    %gt = arith.cmpf ogt, %e, %acc : f32
    %m = arith.select %gt, %e, %acc : f32
    linalg.yield %m : f32
  } -> tensor<8xf32>
  return %max : tensor<8xf32>
}

// A softmax's exp computes: not marked.
// CHECK-LABEL: func.func @exp_sum
// CHECK-NOT: hlox.keep_loops_rolled
// CHECK-NOT: hlox.prefer_vector_bits
// CHECK: return
func.func @exp_sum(%x: tensor<8x128xf32>, %init: tensor<8xf32>) -> tensor<8xf32> attributes {hlox.dispatch} {
  %sum = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<8x128xf32>) outs(%init : tensor<8xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %e = math.exp %in : f32
    %s = arith.addf %e, %acc : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %sum : tensor<8xf32>
}

// A sum of squares multiplies: not marked.
// CHECK-LABEL: func.func @sum_of_squares
// CHECK-NOT: hlox.keep_loops_rolled
// CHECK-NOT: hlox.prefer_vector_bits
// CHECK: return
func.func @sum_of_squares(%x: tensor<8x128xf32>, %init: tensor<8xf32>) -> tensor<8xf32> attributes {hlox.dispatch} {
  %sum = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<8x128xf32>) outs(%init : tensor<8xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %q = arith.mulf %in, %in : f32
    %s = arith.addf %q, %acc : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %sum : tensor<8xf32>
}

// A matrix product is not a stream.
// CHECK-LABEL: func.func @matmul
// CHECK-NOT: hlox.keep_loops_rolled
// CHECK-NOT: hlox.prefer_vector_bits
// CHECK: return
func.func @matmul(%a: tensor<8x16xf32>, %b: tensor<16x4xf32>, %c: tensor<8x4xf32>) -> tensor<8x4xf32> attributes {hlox.dispatch} {
  %p = linalg.matmul ins(%a, %b : tensor<8x16xf32>, tensor<16x4xf32>) outs(%c : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %p : tensor<8x4xf32>
}

// Elementwise work without a reduction is left as it is, and so is an
// integer reduction and a function that is not a dispatch.
// CHECK-LABEL: func.func @copy
// CHECK-NOT: hlox.keep_loops_rolled
// CHECK-NOT: hlox.prefer_vector_bits
// CHECK: return
func.func @copy(%x: tensor<8x128xf32>, %init: tensor<8x128xf32>) -> tensor<8x128xf32> attributes {hlox.dispatch} {
  %c = linalg.copy ins(%x : tensor<8x128xf32>) outs(%init : tensor<8x128xf32>) -> tensor<8x128xf32>
  return %c : tensor<8x128xf32>
}
// CHECK-LABEL: func.func @int_sum
// CHECK-NOT: hlox.keep_loops_rolled
// CHECK-NOT: hlox.prefer_vector_bits
// CHECK: return
func.func @int_sum(%x: tensor<8x128xi32>, %init: tensor<8xi32>) -> tensor<8xi32> attributes {hlox.dispatch} {
  %sum = linalg.reduce ins(%x : tensor<8x128xi32>) outs(%init : tensor<8xi32>) dimensions = [1]
    (%a: i32, %b: i32) {
      %s = arith.addi %a, %b : i32
      linalg.yield %s : i32
    }
  return %sum : tensor<8xi32>
}
// CHECK-LABEL: func.func @not_a_dispatch
// CHECK-NOT: hlox.keep_loops_rolled
// CHECK-NOT: hlox.prefer_vector_bits
// CHECK: return
func.func @not_a_dispatch(%x: tensor<8x128xf32>, %init: tensor<8xf32>) -> tensor<8xf32> {
  %sum = linalg.reduce ins(%x : tensor<8x128xf32>) outs(%init : tensor<8xf32>) dimensions = [1]
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  return %sum : tensor<8xf32>
}
