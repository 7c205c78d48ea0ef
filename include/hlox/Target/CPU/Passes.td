//===- Passes.td - CPU target passes -----------------------*- tablegen -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_TARGET_CPU_PASSES_TD
#define HLOX_TARGET_CPU_PASSES_TD

include "mlir/Pass/PassBase.td"

def CPUKernelABI : Pass<"hlox-cpu-kernel-abi", "::mlir::ModuleOp"> {
  let summary = "Gives dispatch functions the kernel calling convention";
  let description = [{
    Rewrites each `hlox.dispatch` function from tensors in and out to
    memrefs in destination-passing style: one memref per input, one per
    result, then the workgroup range `(begin, end)`. Inputs enter through
    `bufferization.to_tensor`; results are written with
    `bufferization.materialize_in_destination`. A dispatch with more than
    one workgroup computes only iterations `[begin, end)` of its root's
    workgroup loop (`getWorkgroupLoop`): the root is tiled through
    `TilingInterface` and its `tensor.empty`/`linalg.fill` destination is
    sliced with it. A pad root (`getRowPadDim`: its rows are those of the
    first dimension larger than 1) fills rows `[begin, end)` of the output
    and copies in the part of each source that falls in them (clamped to
    the rows each source covers, where it pads that dimension too).

    A matrix product's epilogue (`hlox.matmul_epilogue = r`, see
    hlox-fuse-matmul-epilogues) takes a tile of the product instead of
    the workgroup range: `(row_begin, row_end, col_begin, col_end)`. Its
    generic's first r loops (the product's rows) are collapsed into one
    and the rest into another (`linalg::collapseOpIterationDims`, for a
    product of more than two dimensions), the collapsed generic is tiled
    to those rows and columns, and the output is written through the same
    `tensor.collapse_shape`, a view once bufferized.

    A row group (`hlox.row_group = r`, see hlox-form-dispatches) becomes
    an `scf.for` over workgroups `[begin, end)`, each a row whose r indices
    are the workgroup index in row-major order: its body takes that row of
    each member in order (`getTiledImplementation` along the member's row
    loops, into a fresh tensor), each reading the rows the members before
    it computed in the same iteration, and writes the root's row into the
    outputs. The rows in between are small tensors that stay in cache (the
    pipeline hoists their buffers out of the loop).
  }];
  let dependentDialects = [
    "::mlir::affine::AffineDialect", "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::memref::MemRefDialect", "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def CPUVectorize : Pass<"hlox-cpu-vectorize", "::mlir::ModuleOp"> {
  let summary = "Tiles the kernels' linalg ops and vectorizes the tiles";
  let description = [{
    Runs on the kernels (after `hlox-cpu-kernel-abi`, still on tensors).
    An op qualifies when its operands are integers of whole bytes or
    f16/bf16/f32/f64 (memory holds an i1 or i4 per byte, a vector one per
    bit) and its body is arithmetic with vector instructions: no libm call
    (exp, log, ...: the vector would be spilled around one call per lane),
    no runtime call, no `tensor.extract`. Its vector loop is the innermost
    parallel loop that every operand reads as its last dimension or not at
    all (broadcast).

    An op without one whose loops are all parallel (a transpose, or an
    elementwise op on operands of different layouts) is vectorized as
    square tiles (16x16, 8x8 for 64-bit elements) of two loops: the one
    every output writes along its last dimension and one that an input
    reads along its last dimension. Adjacent loops that every operand reads
    together are collapsed first (NCHW to NHWC becomes [N, C, H x W] to
    [N, H x W, C]); both tile loops are peeled and only full tiles are
    vectorized (the partial ones stay scalar). Each input is read as rows
    along its own contiguous loop, and a `vector.transpose` (shuffles)
    turns those of the other layout. Output rows of at most 1024 elements
    take the tiles one block of output columns at a time (16 input rows
    streamed), longer ones one block of output rows at a time (measured).
    A reduction of contiguous rows stays scalar.

    The op is generalized and its loops interchanged: the vector loop
    comes last, tiled by one 64-byte register of the widest element type;
    every other loop is tiled by 1 and dropped (`linalg::dropUnitDims`),
    and the 1-d tile is vectorized with `linalg::vectorize`, masked where
    the loop's size is not a multiple of the tile (a static loop smaller
    than the tile is one unmasked vector).

    A contraction (a reduction with an input the vector loop does not
    index, which every vector of a tile reuses: a matrix product's lhs)
    keeps its reduction loops inside the vector loop, so that
    `loop-invariant-subset-hoisting` can keep the tile's accumulators in
    registers across the reduction. When it also has a row loop (a
    parallel loop the outputs and the reused input index: a matrix
    product's rows), it is first tiled by 6 rows x 4 registers and both
    tile loops are peeled: each full tile becomes 2-d vectors (a rhs
    vector serves 6 rows), the partial tiles are vectorized as above with
    1-d tiles of 8 registers. A reduction whose whole vector loop fits in
    half the accumulators or less (the partial results of
    `hlox-cpu-split-reductions`) takes as many rows of a parallel loop as
    fill the 8 accumulators the same way (2 rows of 4 registers): each row
    is a stream of memory, and streams read together keep more memory in
    flight.

    Only parallel loops move, so every output element accumulates its
    reduction loops in the order of the scalar code: vectorized results are
    bit-identical to the unvectorized ones and to the evaluator's.

    A parallel vector loop whose size is not a multiple of the vector is
    split row by row (static sizes: the multiple, then one shorter vector)
    or peeled
    (dynamic sizes: only the last tile is masked), so that the full tiles
    read and write without masks.

    A body with `math.exp` on f32 vectorizes only with `inline-f32-exp`
    (the pipeline runs `hlox-cpu-inline-exp` after this pass); the other
    math ops only where they are one instruction (sqrt, fma, rounding).

    ```mlir
    %r = linalg.generic {iterator_types = ["parallel", "parallel"]}
        ins(%a : tensor<4x100xf32>) outs(%e : tensor<4x100xf32>) {...}
    // becomes a loop over 4 rows around loops over (96 step 16) and
    // (4 step 4) of
    %v = vector.transfer_read ... : vector<16xf32>
    ```
  }];
  let options = [
    Option<"inlineF32Exp", "inline-f32-exp", "bool", /*default=*/"false",
           "f32 math.exp becomes arithmetic after this pass: vectorize "
           "bodies that hold it">,
  ];
  let dependentDialects = [
    "::mlir::scf::SCFDialect", "::mlir::vector::VectorDialect",
    "::mlir::affine::AffineDialect",
  ];
}

def CPUScratchToStack
    : Pass<"hlox-cpu-scratch-to-stack", "::mlir::func::FuncOp"> {
  let summary = "Allocates a kernel's small static buffers on its stack";
  let description = [{
    After bufferization and `buffer-loop-hoisting`, before the deallocation
    pipeline: each `memref.alloc` in a function's entry block with a static
    shape, an identity layout and integer or float elements of at most
    `max-bytes` becomes a `memref.alloca` with the same alignment, as long
    as the function's promoted buffers stay within `max-total-bytes`
    (kernels run on threads with the default 8 MiB stack), in functions
    without results (kernels: nothing they allocate outlives the call).
    Allocations inside loops or branches stay on the heap: on the stack
    they would grow it on every iteration. Upstream's
    `promote-buffers-to-stack` limits each buffer but not a function's
    sum, which a kernel with many row buffers could push past a thread's
    stack.

    A row group's rows and a padded pool's input tile are allocated once
    per kernel call. From the heap each is a malloc and a free per call,
    and a buffer of a size the allocator serves from whole pages (87 KB:
    a 3x113x64 f32 tile) came back on fresh pages while the threads were
    first running the kernel: 15 page faults per run over a convolution
    block's first runs. On the stack they cost nothing.

    ```mlir
    func.func @k(...) {
      %tile = memref.alloc() {alignment = 64 : i64} : memref<1x3x113x64xf32>
      // becomes
      %tile = memref.alloca() {alignment = 64 : i64} : memref<1x3x113x64xf32>
      scf.for ... { ... uses %tile ... }
    }
    ```
  }];
  let options = [
    Option<"maxBytes", "max-bytes", "uint64_t", /*default=*/"256 << 10",
           "The largest buffer, in bytes, put on the stack">,
    Option<"maxTotalBytes", "max-total-bytes", "uint64_t",
           /*default=*/"1 << 20",
           "The most bytes of buffers one function puts on the stack">,
  ];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def CPUPrefetchNextRow
    : Pass<"hlox-cpu-prefetch-next-row", "::mlir::ModuleOp"> {
  let summary = "Prefetches a row group's next row while its last loop over "
                "the row computes";
  let description = [{
    After bufferization, a loop over rows (a row group's workgroups) that
    views one row of a function argument (a subview of size 1 and a dynamic
    offset in the leading dimensions, the whole of the trailing ones) and
    reads that row in two or more loops gets, in the last of them, a
    `memref.prefetch` of each line it reads one row ahead (the same columns
    of the next row, clamped to the argument's last element). The first loop
    over a row reads it from memory and the later ones from cache; with the
    prefetch the next row arrives while the current one computes instead of
    when its first loop asks for it. A C model of the 4096x4096 softmax's
    loops went from 7.8 to 6.1 ms on one thread and from 3.9 to 3.3 ms on
    two with the prefetch in its exp loop (4.0 to 3.8 ms on two with it in
    the first loop instead).

    ```mlir
    scf.for %r = %begin to %end step %c1 {
      %row = memref.subview %x[%r, 0] [1, 4096] [1, 1] : ...
      scf.for %j = ... { ... vector.transfer_read %row... }   // max
      scf.for %j = ... {                                      // exp
        %v = memref.subview %row[0, %j] [1, 16] [1, 1] : ...
        // gets:
        //   %p = min(offset(%v) + 4096, 4096 * 4096 - 1)
        //   memref.prefetch %flat_x[%p], read, locality<3>, data
        %e = vector.transfer_read %v[%c0], ...
      }
    }
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect"];
}

def CPUStreamStores : Pass<"hlox-cpu-stream-stores", "::mlir::ModuleOp"> {
  let summary = "Stores whole lines of large results non-temporally";
  let description = [{
    After bufferization and the deallocation pipeline, each in-bounds,
    unmasked `vector.transfer_write` with a minor identity map whose rows
    are whole cache lines (64 bytes or a multiple), contiguous in its
    memref, into a function argument of at least `min-bytes` that the
    kernel never reads becomes one `vector.store` per row (a 1-d write is
    one row; a transposing tile's 16x16 f32 write is 16) that is
    non-temporal (`nontemporal = true`, `alignment = 64`) when the row's
    address is line-aligned and an ordinary store otherwise (checked per
    write: arena buffers are aligned, a caller's buffer may not be; the
    first row's check decides for all when the rows lie a static whole
    number of lines apart, else each row checks its own). The kernel then
    ends with a sequentially consistent `llvm.fence`: the non-temporal
    stores are not ordered with the ones after them.

    A result larger than the last-level cache is not in cache when the next
    kernel reads it anyway, and an ordinary store reads each line from
    memory before it writes it: a third of a softmax's traffic. A C model
    of the 4096x4096 softmax's loops: 6.1 to 5.6 ms on one thread, 3.2 to
    3.0 on two. Results smaller than `min-bytes` (32 MiB: a large
    server's last-level cache, or its share per core complex) keep
    ordinary stores, so that their consumers find them in cache.
  }];
  let options = [
    Option<"minBytes", "min-bytes", "uint64_t", /*default=*/"32 << 20",
           "The smallest result, in bytes, stored non-temporally">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::LLVM::LLVMDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::vector::VectorDialect"];
}

def CPUCopiesToLoops : Pass<"hlox-cpu-copies-to-loops", "::mlir::ModuleOp"> {
  let summary = "Rewrites memref.copy into loops";
  let description = [{
    Bufferization copies buffers with `memref.copy`, which the LLVM lowering
    turns into a call of a runtime library function for strided buffers.
    Rewritten as loops, copies are code like every other kernel op, and
    kernels need no runtime library.

    Where both buffers' rows (innermost dimension) are contiguous and the
    elements are whole bytes, the copy becomes loops over the outer
    dimensions around a row loop that moves a cache line (64 bytes) per
    step with `vector.load`/`vector.store`, and the row's remainder element
    by element: the pad of a pool's input (8x112x112x64 f32 into rows of
    114) no longer copies one scalar at a time. Other copies, and all of
    them with `vectorize=false`, become `linalg.copy` (scalar loops).

    ```mlir
    memref.copy %a, %b : memref<4x20xf32, strided<[24, 1]>> to memref<4x20xf32>
    // becomes
    scf.for %i = %c0 to %c4 step %c1 {
      scf.for %j = %c0 to %c16 step %c16 {
        %v = vector.load %a[%i, %j] : memref<4x20xf32, strided<[24, 1]>>, vector<16xf32>
        vector.store %v, %b[%i, %j] : memref<4x20xf32>, vector<16xf32>
      }
      scf.for %j = %c16 to %c20 step %c1 { (memref.load, memref.store) }
    }
    ```
  }];
  let options = [
    Option<"vectorize", "vectorize", "bool", /*default=*/"true",
           "Copy contiguous rows a cache line at a time">,
  ];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::vector::VectorDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect"];
}

def CPUInlineExp : Pass<"hlox-cpu-inline-exp", "::mlir::ModuleOp"> {
  let summary = "Computes f32 exp with f64 arithmetic instead of a libm call";
  let description = [{
    Rewrites `math.exp` on f32 (scalars and vectors) into arithmetic in f64:
    range reduction by ln 2, a degree-12 polynomial with FMAs, a scaling by
    2^k through the exponent bits, and one rounding to f32. A kernel holding
    it then vectorizes, and its scalar and vector forms agree bit for bit.
    The f64 value is within a few units of 2^-53 of exp(x), so the result
    is the evaluator's (exp in double, rounded once) but within that
    distance of an f32 rounding boundary, where they differ by one ULP. The
    CPU pipeline runs it under strict numerics on the kernels before
    vectorization (`CompileOptions::inlineExp`, on by default).

    With `f32-arithmetic` (what the pipeline runs outside strict
    numerics, after vectorization), the same steps run in f32 with a
    degree-7 polynomial (Cephes' expf) and a scaling in two steps that
    rounds subnormal results once: a third of the work, within the ULP
    bound that docs/numerics.md states. A vector then branches on its
    lanes: where all are at least -86.5 (none NaN) only the normal
    results' steps run (16 operations instead of 26), which give the same
    bits there. With the `nnan` flag, no NaN select is added.

    ```mlir
    %e = math.exp %x : vector<16xf32>
    // becomes arith.extf to vector<16xf64>, math.fma steps, arith.truncf
    ```
  }];
  let options = [
    Option<"f32Arithmetic", "f32-arithmetic", "bool", /*default=*/"false",
           "Compute in f32 (a few ULPs) instead of f64 rounded once">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::LLVM::LLVMDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::vector::VectorDialect"];
}

def CPUContractFloats : Pass<"hlox-cpu-contract-floats", "::mlir::ModuleOp"> {
  let summary = "Allows float multiplies and adds to fuse (FMA)";
  let description = [{
    Adds the `contract` fast-math flag to every `arith.mulf`, `arith.addf`
    and `arith.subf`, so that LLVM may fuse a multiply and the add of its
    product into one fused multiply-add, rounded once. Results then differ
    from the evaluator's (which rounds the product and the sum apart) by
    the rounding of the product, and vectorized kernels may differ from
    scalar ones. With `elementwise-only`, only the f32 ops in the bodies of
    linalg ops without reduction loops: reductions, contractions and f64
    keep the evaluator's rounding. The CPU pipeline runs it with
    `elementwise-only` first by default, on every op late (after the
    narrow floats are emulated) with `--fp-contract=all`, and not under
    strict numerics or `--fp-contract=off` (`CompileOptions::fpContract`).

    ```mlir
    %p = arith.mulf %a, %b : vector<16xf32>
    %s = arith.addf %acc, %p : vector<16xf32>
    // becomes
    %p = arith.mulf %a, %b fastmath<contract> : vector<16xf32>
    %s = arith.addf %acc, %p fastmath<contract> : vector<16xf32>
    ```
  }];
  let options = [
    Option<"elementwiseOnly", "elementwise-only", "bool", /*default=*/"false",
           "Only f32 ops in the bodies of linalg ops without reduction "
           "loops">,
  ];
}

def CPUEmulateNarrowFloats : Pass<"hlox-cpu-emulate-narrow-floats", "::mlir::ModuleOp"> {
  let summary = "Computes f16/bf16 arith and math ops in f32, rounding each";
  let description = [{
    Rewrites every `arith`/`math` op on f16 or bf16 values (scalars or
    vectors) into the same op on f32: its narrow operands are extended
    (exactly), its narrow results truncated (rounded to nearest even). Each
    op rounds its result to the narrow type, as StableHLO's semantics and
    the evaluator do; unlike upstream's `arith-emulate-unsupported-floats`
    and `math-extend-to-supported-types`, whose type conversion lets a
    chain of ops run in f32 and round once at its end. Ops that only move
    or convert values (`extf`, `truncf`, `constant`, `bitcast`, `select`)
    stay.

    ```mlir
    %p = arith.mulf %a, %b : f16
    %d = arith.subf %p, %a : f16
    // becomes
    %p32 = arith.mulf (extf %a), (extf %b) : f32
    %p = arith.truncf %p32 : f32 to f16
    %d32 = arith.subf (extf %p), (extf %a) : f32
    %d = arith.truncf %d32 : f32 to f16
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def CPUSplitReductions : Pass<"hlox-cpu-split-reductions", "::mlir::ModuleOp"> {
  let summary = "Splits row reductions into vector-wide partial sums";
  let description = [{
    A reduction along the contiguous dimension of its inputs (a row sum, a
    softmax's row max) cannot vectorize along a parallel loop: each output
    accumulates one element at a time, a chain of dependent operations.
    This pass splits such a float reduction of static size N, a multiple of
    `lanes` (one 512-bit register of the widest element: 16 for f32), with
    linalg's `splitReduction`: the input is read as [N / lanes, lanes], a
    first op accumulates `lanes` partial results (its lanes loop parallel
    and contiguous, which `hlox-cpu-vectorize` turns into one vector
    accumulator), elementwise ops halve the partial results in a tree (the
    lower half combined with the upper, down to one lane: vector ops where
    a reduction of the lanes would be a chain of scalar ones) and a last op
    combines that lane into the output. The order of the sum
    changes (reassociation, `docs/numerics.md`), so the CPU pipeline runs it
    unless `CompileOptions::strictNumerics` is set; it runs whether or not
    kernels are vectorized, so that both compute the same bits.

    ```mlir
    %r = linalg.reduce ins(%x : tensor<8x1024xf32>) outs(%init : tensor<8xf32>)
        dimensions = [1] (%a: f32, %b: f32) { arith.addf ... }
    // becomes a generic from tensor<8x64x16xf32> into tensor<8x16xf32>
    // (reduction over the 64, the 16 parallel), then a reduction of the
    // 16 partial sums into tensor<8xf32>
    ```
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect",
                           "::mlir::arith::ArithDialect"];
}

def CPUNarrowStreamingReductions
    : Pass<"hlox-cpu-narrow-streaming-reductions", "::mlir::ModuleOp"> {
  let summary = "Marks kernels that only stream memory through a reduction "
                "for 256-bit vectors";
  let description = [{
    A kernel whose work is a float reduction with a cheap combiner and
    nothing else (a row sum or row max: adds, max or min, conversions,
    compares and selects; no multiply, division or math function) is bound
    by memory, not by arithmetic. On AMD Zen 4 such a kernel streams
    memory 4-8% faster in 256-bit vectors than in 512-bit ones (the
    8192x8192 row sum, alternated in one process: 4.28 against 4.61 ms on
    2 threads, 8.44 against 9.14 on one; the same loop in C with AVX2
    loads matched PyTorch's AVX2 kernel), while kernels that compute (an
    exp, a tanh polynomial) lose 17-26% in 256-bit vectors. This pass
    marks each such dispatch function `hlox.prefer_vector_bits = 256`;
    `hlox-cpu-emit-entry-points` gives the kernel and its entry point
    LLVM's `prefer-vector-width` and `min-legal-vector-width` for it, so
    that LLVM splits the kernel's vectors into 256-bit registers. On a CPU
    without 512-bit vectors the mark changes nothing. It also marks the
    function `hlox.keep_loops_rolled`, for `hlox-cpu-keep-loops-rolled`:
    each step of such a kernel's loop already reads 1 KiB (the tile that
    `hlox-cpu-split-reductions` gives), and LLVM's unrolling of it by two
    made the row sum 15-30% slower. The pipeline runs it
    with `hlox-cpu-split-reductions`, outside strict numerics: LLVM may
    combine a split reduction's lanes in another order in narrower
    registers.

    ```mlir
    func.func @main_dispatch_0(...) attributes {hlox.dispatch} {
      %r = linalg.generic {iterator_types = ["parallel", "reduction", "parallel"]}
          ins(%x : tensor<8192x64x128xf32>) outs(%acc : tensor<8192x128xf32>) {
        ^bb0(%a: f32, %b: f32): %s = arith.addf %a, %b : f32 ...
      }
    // gets attributes {hlox.dispatch, hlox.keep_loops_rolled,
    //                  hlox.prefer_vector_bits = 256 : i64}
    ```
  }];
}

def CPUApproximateMath : Pass<"hlox-cpu-approximate-math", "::mlir::ModuleOp"> {
  let summary = "Computes f32 math functions with vector polynomials";
  let description = [{
    Rewrites f32 math ops (scalars and vectors) that libm would compute one
    element at a time into MLIR's polynomial and rational approximations,
    which vectorize: `math.tanh`, `math.erf`, `math.erfc`, `math.expm1`,
    `math.log1p`, `math.log` and `math.acos` (each function's error bound
    against the evaluator is in docs/numerics.md). MLIR's log
    approximation reads the exponent field, so the program's f32 logs first
    scale a positive subnormal argument by 2^24 and subtract 24 ln 2 from
    the result; the logs that expm1 and log1p expand into are never of a
    subnormal where the result is used. The `math.exp` ops of the
    expansions (tanh's with the `nnan` flag: it selects NaN itself) are
    left for `hlox-cpu-inline-exp`, which the pipeline runs after
    vectorization. The CPU pipeline runs this pass on the linalg bodies
    before `hlox-cpu-vectorize`, so that the vectorizer sees arithmetic
    (and f32 exps), unless `CompileOptions::strictNumerics` is set
    (`--strict-numerics`).

    ```mlir
    %y = math.tanh %x : vector<16xf32>
    // becomes a clamp, a rational function of x^2 with math.fma steps,
    // and a select of x itself for |x| < 0.0004
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::vector::VectorDialect"];
}

def CPUMathToLibm : Pass<"hlox-cpu-math-to-libm", "::mlir::ModuleOp"> {
  let summary = "Calls libm for the float math ops it has";
  let description = [{
    Rewrites float math ops that libm implements (`math.exp`, `math.tan`,
    `math.expm1`, `math.erf`, ...) into calls of libm (`expf`, `tan`, ...),
    which are accurate to about an ULP; `math.rsqrt` first becomes
    `1 / sqrt`. A vector op becomes one call per lane. Ops that an
    instruction computes exactly (sqrt, floor, ceil, trunc, round,
    roundeven, fma: `hasVectorInstruction`), scalar or vector, stay for
    `convert-math-to-llvm` to make LLVM intrinsics. Ops without a libm
    function (integer ops, `math.copysign`,
    `math.fma`, ...) stay for `convert-math-to-llvm`. Unlike upstream's
    `convert-math-to-libm`, an op it cannot convert is no error.

    ```mlir
    %y = math.expm1 %x : f32
    // becomes
    %y = func.call @expm1f(%x) : (f32) -> f32
    ```
  }];
  let dependentDialects = ["::mlir::func::FuncDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::vector::VectorDialect"];
}

def CPUSpecialToCalls : Pass<"hlox-cpu-special-to-calls", "::mlir::ModuleOp"> {
  let summary = "Resolves the special dialect's ops into calls of the runtime";
  let description = [{
    The CPU target's resolution of the ops that the target-neutral lowering
    leaves for each target. Special functions (`special.lgamma`,
    `special.erf_inv`, `special.bessel_i1e`, `special.zeta`,
    `special.polygamma`) call the runtime's `hlox_<name>`, which computes
    in f64 like the evaluator: the operands are extended to f64 and the
    result rounded once to the op's type (bf16 through f32).
    `special.digamma` is the runtime's steps as arithmetic
    (`hlox::buildDigamma`, shared with the CUDA target), in f64 the same
    way, without a call, and so are the complex inverse functions
    (`asin`, `acos`, `asinh`, `acosh`: `hlox::buildComplexInverse`, Hull,
    Fairgrieve and Tang's algorithm on the parts in f64, shared with the
    CUDA target). `special.decode_small_float` and `encode_small_float` are bit
    arithmetic on the format's layout (`hlox::buildDecodeSmallFloat`,
    `buildEncodeSmallFloat`), the evaluator's codes without a call. Each function is declared, once, in the op's module. The CPU
    kernel pipeline runs it first.

    ```mlir
    %y = special.lgamma %x : f32
    // becomes
    %d = arith.extf %x : f32 to f64
    %l = func.call @hlox_lgamma(%d) : (f64) -> f64
    %y = arith.truncf %l : f64 to f32
    ```
  }];
  let dependentDialects = ["::mlir::func::FuncDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::complex::ComplexDialect",
                           "::mlir::math::MathDialect"];
}

def CPUEmitEntryPoints : Pass<"hlox-cpu-emit-entry-points", "::mlir::ModuleOp"> {
  let summary = "Adds the runtime's entry point to each kernel";
  let description = [{
    For each kernel `@k` lowered to the LLVM dialect with bare-pointer
    memref arguments, adds `@k_entry(ptr %bindings, i64 %begin, i64 %end)`,
    the signature the runtime calls: it loads binding `i` from
    `%bindings[i]` and calls `@k`. A matrix product's epilogue
    (`hlox.matmul_epilogue`) takes a tile instead: `@k_entry(ptr
    %bindings, i64 %row_begin, i64 %row_end, i64 %col_begin, i64
    %col_end)`. A kernel marked `hlox.prefer_vector_bits = N`
    (`hlox-cpu-narrow-streaming-reductions`) and its entry point get the
    LLVM function attributes `prefer-vector-width = N` and
    `min-legal-vector-width = 0` (`passthrough`), so that LLVM compiles
    them for N-bit vector registers.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def CPUMoveNarrowVectorsAsIntegers
    : Pass<"hlox-cpu-move-narrow-vectors-as-integers", "::mlir::ModuleOp"> {
  let summary = "Moves f16/bf16 vectors through LLVM as vectors of i16";
  let description = [{
    Retypes the LLVM-dialect ops that only move the elements of f16 or bf16
    vectors to the same ops on vectors of i16: `load`, `store`,
    `intr.masked.load`, `intr.masked.store`, `insertelement`,
    `extractelement`, `shufflevector`, `select`, and vector-valued
    `mlir.constant`, `mlir.poison`, `mlir.undef` and `mlir.zero`. A
    narrow-float vector that such an op reads or produces for any other op
    goes through a `bitcast`; a bitcast of a bitcast back to the integer
    type reads the integers directly.

    Why: without native bf16 (x86 before AVX512-BF16) LLVM's x86 backend
    legalizes a bf16 vector by extending each lane to f32 and, where the
    bits are needed again, rounds each lane back with a call to
    `__truncsfbf2`. A broadcast of one bf16 value to 16 lanes that a loop
    reads cost 16 calls per iteration, a 16-lane masked load 16 more (both
    seen in MobileNetV2's batch norms on an AVX2-only CPU). The same
    data moved as i16 is the same instructions without the conversions;
    the arithmetic on narrow floats is already done in f32
    (`hlox-cpu-emulate-narrow-floats`, `arith-expand`).

    ```mlir
    %s = llvm.insertelement %x, %poison[%c0 : i32] : vector<16xbf16>
    // becomes
    %xi = llvm.bitcast %x : bf16 to i16
    %si = llvm.insertelement %xi, %poisoni[%c0 : i32] : vector<16xi16>
    %s = llvm.bitcast %si : vector<16xi16> to vector<16xbf16>
    ```
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def CPUKeepLoopsRolled : Pass<"hlox-cpu-keep-loops-rolled", "::mlir::ModuleOp"> {
  let summary = "Tells LLVM not to unroll the loops of marked kernels";
  let description = [{
    For each LLVM-dialect function marked `hlox.keep_loops_rolled`
    (`hlox-cpu-narrow-streaming-reductions` marks the kernels that only
    stream memory through a cheap reduction), sets
    `#llvm.loop_annotation<unroll = #llvm.loop_unroll<disable = true>>` on
    the back edge of every loop: a `llvm.br` or `llvm.cond_br` with a
    successor that dominates its block. A back edge that has an annotation
    keeps it. LLVM's -O3 then leaves those loops as MLIR tiled them.

    Why: MLIR already unrolled such a kernel's vector tile (a row sum reads
    1 KiB per step in four chains of adds), and LLVM's partial unrolling
    doubled the step. On AMD Zen 4 a stream read 2 KiB per step was
    measured 15-30% slower than the same loop at 1 KiB per step (the
    8192x8192 row sum on one thread, the kernel linked into a C harness
    and alternated with a plain AVX2 loop in one process: 17.9 ms unrolled,
    13.8-14.9 rolled, the plain loop 12.0-13.2).

    ```mlir
    llvm.func @k(...) attributes {hlox.keep_loops_rolled} {
      ...
      llvm.cond_br %more, ^body, ^exit
    ^body:
      ...
      llvm.br ^header(%next : i64)
      // becomes llvm.br ^header(%next : i64) {loop_annotation = #llvm.loop_annotation<unroll = <disable = true>>}
    ```
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

#endif // HLOX_TARGET_CPU_PASSES_TD
