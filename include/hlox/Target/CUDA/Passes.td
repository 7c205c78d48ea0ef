//===- Passes.td - CUDA target passes ----------------------*- tablegen -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_TARGET_CUDA_PASSES_TD
#define HLOX_TARGET_CUDA_PASSES_TD

include "mlir/Pass/PassBase.td"

def CUDATileParallelLoops
    : Pass<"hlox-cuda-tile-parallel-loops", "::mlir::func::FuncOp"> {
  let summary = "Tiles outermost parallel loops into blocks of threads";
  let description = [{
    Splits each outermost `scf.parallel` (what
    `convert-linalg-to-parallel-loops` makes of a kernel's linalg ops) into
    an outer loop over blocks and an inner one over the threads of a block,
    which `gpu-map-parallel-loops` then maps to the grid and to the block.
    The threads take the innermost dimensions, where consecutive iterations
    touch consecutive elements of a row-major buffer (coalesced accesses):
    the innermost dimension takes the largest power of two up to
    `threads` that divides its static trip count, the next dimension the
    largest power of two that divides its own within what is left, and so
    on; the outer dimensions take one iteration per thread. Loops with a
    dynamic trip count are left whole (one thread per block).
  }];
  let options = [
    Option<"threads", "threads", "int64_t", /*default=*/"256",
           "The most threads of a block">,
  ];
  let dependentDialects = ["::mlir::scf::SCFDialect",
                           "::mlir::affine::AffineDialect"];
}

def CUDACopiesToLinalg
    : Pass<"hlox-cuda-copies-to-linalg", "::mlir::func::FuncOp"> {
  let summary = "Rewrites memref.copy as linalg.copy, for a GPU kernel";
  let description = [{
    Bufferization leaves some of a kernel's work as `memref.copy` (a
    transposed or strided view copied into a result, a constant copied out
    of its global), which the host would run: each becomes a `linalg.copy`
    of the same source and target, whose loops are parallel and map to the
    GPU like the kernel's other ops.
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}

def CUDAScalarKernels
    : Pass<"hlox-cuda-scalar-kernels", "::mlir::func::FuncOp"> {
  let summary = "Wraps a kernel's loop-free work in a one-thread loop";
  let description = [{
    A kernel whose ops have no loops (a 0-d result, such as a converted
    constant) leaves none for the GPU mapping after
    `convert-linalg-to-parallel-loops`: a function that writes memory and
    holds no `scf.parallel` has its body (but for its return) moved into a
    one-iteration `scf.parallel`, which becomes a kernel of one thread. A
    body that allocates memory is left as it is.
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect"];
}

#endif // HLOX_TARGET_CUDA_PASSES_TD
