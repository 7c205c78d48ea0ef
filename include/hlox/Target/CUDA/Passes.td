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
    A loop with static trip counts and no reductions first has its
    dimensions collapsed into one, row-major (the body recovers each index
    by division and remainder): consecutive threads then take consecutive
    elements of the innermost dimension, whatever the rank (coalesced
    accesses), no dimension past the third becomes a sequential loop and
    no block dimension but x is used (CUDA allows 64 threads along z). The
    collapsed loop takes blocks of `threads` iterations (the whole loop
    when it is shorter); the threads of the last block past the end are
    guarded by an `scf.if`.

    A loop with a dynamic trip count or a reduction keeps its dimensions:
    the innermost takes the largest power of two up to `threads` that
    divides its static trip count, the next dimension the largest power of
    two that divides its own within what is left, and so on, up to the
    first dynamic one.
  }];
  let options = [
    Option<"threads", "threads", "int64_t", /*default=*/"256",
           "The most threads of a block">,
  ];
  let dependentDialects = ["::mlir::scf::SCFDialect",
                           "::mlir::affine::AffineDialect"];
}

def CUDAParallelLoopsOutermost
    : Pass<"hlox-cuda-parallel-loops-outermost", "::mlir::func::FuncOp"> {
  let summary = "Orders each linalg op's loops parallel first";
  let description = [{
    `convert-linalg-to-parallel-loops` nests a linalg op's loops in the
    order of its iteration dimensions: a reduction over a leading dimension
    (a column sum, a cumulative op along axis 0) becomes an `scf.for` around
    the `scf.parallel`, which the GPU mapping leaves on the host, a kernel
    launch per iteration. This pass interchanges each linalg op whose
    reduction dimensions come before a parallel one (named ops generalized
    first) so that its parallel dimensions come first, in their order, then
    its reductions: one kernel whose threads each run the reduction. Legal
    for every linalg op: iterations of different parallel indices write
    different elements.
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}

def CUDATiledTransposes
    : Pass<"hlox-cuda-tiled-transposes", "::mlir::func::FuncOp"> {
  let summary = "Transposes through shared-memory tiles, coalesced both ways";
  let description = [{
    A transpose that moves the innermost dimension (the output's
    contiguous dimension is not the input's) mapped a thread per output
    element reads the input `4 x rows` bytes apart: no two threads of a warp
    share a memory transaction. This pass makes such an op a `gpu.launch`
    of 32 x 33 tiles in workgroup (shared) memory instead, as CUDA's
    transpose does: in each block of 32 x 8 threads, consecutive threads
    read consecutive input elements (a 32-element run along the input's
    innermost dimension, four rows per thread), the block waits at a
    barrier, and consecutive threads write consecutive output elements
    (along the output's innermost dimension), reading the tile down a
    column; the 33rd column keeps a column's 32 reads in 32 banks. Tiles
    past an edge are guarded; the dimensions other than the two are the
    blocks' outer index.

    The op qualifies when it is a linalg op on memrefs of static shape with
    only parallel loops, one input indexed by a permutation of them and one
    output indexed by the identity, whose innermost loop is not the input's
    innermost dimension, elements of integer or float types of 8 to 64
    bits, and a body that reads only the input's element (a transpose, with
    an elementwise op such as a conversion fused into it; no
    `linalg.index`). The body runs once per element as the tile is loaded.

    ```mlir
    linalg.transpose ins(%x : memref<1024x512xf32>)
        outs(%y : memref<512x1024xf32>) permutation = [1, 0]
    // becomes
    gpu.launch blocks(%b, ...) in (%g = %c512, ...)
        threads(%tx, %ty, %tz) in (%c32, %c8, %c1)
        workgroup(%tile : memref<32x33xf32, #gpu.address_space<workgroup>>) {
      // 4 x: %tile[%ty + 8k, %tx] = %x[row0 + %ty + 8k, col0 + %tx]
      gpu.barrier
      // 4 x: %y[col0 + %ty + 8k, row0 + %tx] = %tile[%tx, %ty + 8k]
    }
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::gpu::GPUDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect"];
}

def CUDABlockReductions
    : Pass<"hlox-cuda-block-reductions", "::mlir::func::FuncOp"> {
  let summary = "Reduces each row of a row reduction with a block of threads";
  let description = [{
    A linalg op whose last loop is its one reduction, over the innermost,
    contiguous dimension of every input that it indexes (a row sum, a row
    maximum, a softmax's or a layernorm's sums, with their elementwise
    prologue in the body), becomes a `gpu.launch` with a block of threads
    per row (per point of its parallel loops) instead of a thread per row
    walking the row alone, whose reads are `threads` x 4 bytes apart and
    never coalesce.

    In each block, thread `t` combines the row's elements `t`, `t + T`,
    `t + 2T`, ... (`T` threads: consecutive threads read consecutive
    elements) from the combiner's identity, through the body's ops; the
    32 lanes of each warp then combine their partial values with
    butterfly shuffles (`gpu.shuffle xor`), the first lane of each warp
    writes its value to workgroup (shared) memory, and after a barrier the
    first warp combines those and its first lane combines the result into
    the output element. `T` is the row length rounded up to 32, at most
    `threads`.

    The op qualifies when its static loop ranges have at least `min-length`
    reduction iterations, each output is indexed by all its parallel loops
    and not the reduction, is of f32 or a 32-bit integer, and its yielded
    value is a combiner of the output's value (used by nothing else) and a
    value computed from the inputs: `arith.addf`, `mulf`, `maximumf`,
    `minimumf`, `maxnumf`, `minnumf`, `addi`, `muli`, `andi`, `ori`,
    `xori`, `maxsi`, `minsi`, `maxui` or `minui`, each associative and
    commutative with a known identity. The sum is reassociated (a tree
    over the block), as every compiled reduction may be
    (`docs/numerics.md`). Other ops are left for the thread-per-element
    mapping.

    ```mlir
    linalg.generic {iterator_types = ["parallel", "reduction"], ...}
        ins(%x : memref<4096x4096xf32>) outs(%sum : memref<4096xf32>) {
    ^bb0(%in: f32, %acc: f32):
      %e = math.exp %in : f32
      %s = arith.addf %acc, %e : f32
      linalg.yield %s : f32
    }
    // becomes
    gpu.launch blocks(%row, %1, %2) in (%g0 = %c4096, ...)
        threads(%t, %4, %5) in (%b0 = %c256, ...)
        workgroup(%shared : memref<8xf32, #gpu.address_space<workgroup>>) {
      %partial = scf.for %i = %t to %c4096 step %c256
          iter_args(%p = %minus_zero) -> (f32) { ... math.exp, arith.addf ... }
      // shuffles, shared memory, barrier, shuffles; lane 0 of warp 0:
      // %sum[%row] = %sum[%row] + total
    }
    ```
  }];
  let options = [
    Option<"threads", "threads", "int64_t", /*default=*/"256",
           "The most threads of a block (a multiple of 32)">,
    Option<"minLength", "min-length", "int64_t", /*default=*/"64",
           "The fewest reduction iterations for which a row takes a block">,
  ];
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::affine::AffineDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::arith::ArithDialect"];
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

def CUDASequentialKernels
    : Pass<"hlox-cuda-sequential-kernels", "::mlir::func::FuncOp"> {
  let summary = "Runs a kernel's sequential loops on one GPU thread";
  let description = [{
    Work the GPU mapping cannot spread over threads stays on the host
    after `convert-linalg-to-parallel-loops`: a sequential loop (`scf.for`,
    `scf.while`: a scatter's updates in order, a sort), a branch (`scf.if`)
    or a single store, each at the top of the kernel's function. The host
    does not touch device memory, so each such op whose results nothing
    uses is moved into a one-iteration `scf.parallel` (a kernel of one
    thread), and the parallel loops inside it become nested `scf.for`s
    (one thread runs them in order). Slow, but where it was not a kernel at
    all before; a parallel mapping of such loops is left for later.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

def CUDASinkScalarLoads
    : Pass<"hlox-cuda-sink-scalar-loads", "::mlir::func::FuncOp"> {
  let summary = "Moves the host's scalar loads into the kernels that use them";
  let description = [{
    A kernel whose work depends on a value in a buffer (a slice at an offset
    read from an operand, a fill with a constant's element) has, after the
    GPU mapping, the load on the host: a `memref.load` in the function,
    outside any `gpu.launch`, whose result the launch takes. The host does
    not read device memory between launches, so each such load (at constant
    indices or at indices computed the same way: a scatter's update at an
    index it loads), and the side-effect-free ops between it and the
    launches, is cloned into every `gpu.launch` that uses it and erased
    when nothing else does. The clone must read what the host would have:
    nothing between the load and the launch writes the buffer, and the
    launch itself does not, unless one thread runs it (the clone then loads
    before the body's first write, as a scatter into its operand needs). A
    complex value (a complex reduction's initial value), which the
    outlining does not sink, moves into the launch the same way, load or
    not.

    ```mlir
    %i = memref.load %offset[] : memref<i64>
    gpu.launch ... { ... %j = arith.index_cast %i ... }
    // becomes
    gpu.launch ... { %i = memref.load %offset[] ... %j = arith.index_cast %i ... }
    ```
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::memref::MemRefDialect"];
}

def CUDARecordLaunches
    : Pass<"hlox-cuda-record-launches", "::mlir::ModuleOp"> {
  let summary = "Records each dispatch's kernel launches for the runtime";
  let description = [{
    After `gpu-kernel-outlining`, a dispatch's host function holds its
    kernels' launches, the buffers passed between them and the constants
    they read. The runtime replays the launches on the device's stream
    without running host code, so this pass writes them down as the
    module's `hlox.cuda.dispatch` attribute, which the rest of the lowering
    keeps: per launch the kernel (`@module::@kernel`), its grid and block
    sizes and dynamic shared memory, and per kernel argument one of
    `{binding = i}` (the dispatch's operand or result `i`, its function
    argument), `{temporary = i}` (a buffer the host function allocates,
    whose byte size is `temporaries[i]`), `{constant = i}` (a constant
    global, whose value is `constants[i]`) or `{scalar = value}`.

    Anything else the host function does (a loop around launches, a size
    computed at run time) cannot be replayed: the pass fails, with an error
    at the op. So does a launch beyond CUDA's limits (a grid's y or z
    above 65535, a block of more than 1024 threads or more than 64 along
    z), which would otherwise fail only on the GPU.
  }];
}

def CUDALibdeviceCalls
    : Pass<"hlox-cuda-libdevice-calls", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Computes what NVPTX lacks with libdevice's functions";
  let description = [{
    Resolves, in a kernel module, the ops NVPTX has no instruction for and
    the NVVM lowering does not take, with calls of the CUDA toolkit's
    libdevice (which the kernel pipeline links), each declared in the
    module once:

    - a scalar f32 or f64 `arith.remf`: `__nv_fmodf` or `__nv_fmod`, C's
      exact `fmod` (`convert-arith-to-llvm` would make it an `llvm.frem`,
      which the NVVM lowering refuses; narrow floats reach the target
      already widened by `convert-stablehlo-to-linalg`);
    - the `special` dialect's functions, in f64 and rounded once to the
      op's type (bf16 through f32), as the CPU target computes them:
      `lgamma` and `erf_inv` with `__nv_lgamma` and `__nv_erfinv`;
      `bessel_i1e` with `__nv_cyl_bessel_i1` below 500 and the runtime's
      asymptotic expansion above; `digamma` as the runtime's steps
      (reflection, the recurrence unrolled, the asymptotic series) in
      arithmetic and `math` ops; the complex `asin`, `acos`, `asinh` and
      `acosh` as the CPU's arithmetic on the parts in f64
      (`hlox::buildComplexInverse`: Hull, Fairgrieve and Tang's
      algorithm), and the small-float codecs as the CPU's bit arithmetic.

    Any other `special` op (`zeta`, `polygamma`) is an error at the op.

    ```mlir
    %r = arith.remf %x, %y : f32
    // becomes
    %r = llvm.call @__nv_fmodf(%x, %y) : (f32, f32) -> f32
    ```
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::complex::ComplexDialect",
                           "::mlir::math::MathDialect"];
}

#endif // HLOX_TARGET_CUDA_PASSES_TD
