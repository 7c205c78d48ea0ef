//===- Passes.td - CPU target passes -----------------------*- tablegen -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_TARGET_CPU_PASSES_TD
#define HLOX_TARGET_CPU_PASSES_TD

include "mlir/Pass/PassBase.td"

def CPUFuseElementwise : Pass<"hlox-cpu-fuse-elementwise", "::mlir::ModuleOp"> {
  let summary = "Fuses elementwise linalg producers into their consumers";
  let description = [{
    Merges a `linalg.generic` that is elementwise (all loops parallel) into
    the generic that consumes it, when the consumer is its only user, so
    that a chain of elementwise StableHLO ops becomes one loop nest. Unlike
    upstream's `linalg-fuse-elementwise-ops`, it folds nothing: no linalg op
    on constants is computed at compile time.

    ```mlir
    %0 = linalg.generic {...} ins(%a, %b) outs(%e0) { addf }
    %1 = linalg.generic {...} ins(%0, %c) outs(%e1) { mulf }
    // becomes one generic whose body is addf then mulf
    ```
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}

def CPUFormDispatches : Pass<"hlox-cpu-form-dispatches", "::mlir::ModuleOp"> {
  let summary = "Splits the entry function into dispatches and host ops";
  let description = [{
    Outlines each compute op of the entry function (on linalg/tensor/scf
    ops, after `convert-stablehlo-to-linalg`) into a private function
    marked `hlox.dispatch`, together with the cheap producers it needs
    (scalar ops, `tensor.empty`, `linalg.fill`, splat constants), which are
    cloned into every dispatch that uses them. What stays in the entry
    function is the host program: arguments, constants, calls of the
    dispatches, `check` ops and the return.

    Each dispatch gets `hlox.workgroups`: the size of its first loop when the
    root is a linalg op whose first loop is parallel (the kernel then runs
    a range of that loop per call), else 1; and `hlox.work`: the scalar
    iterations of one workgroup.

    ```mlir
    func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
      %0 = linalg.generic ... ins(%a) outs(%e) -> tensor<4xf32>
      return %0 : tensor<4xf32>
    }
    // becomes
    func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
      %0 = call @main_dispatch_0(%a) : (tensor<4xf32>) -> tensor<4xf32>
      return %0 : tensor<4xf32>
    }
    func.func private @main_dispatch_0(%a: tensor<4xf32>) -> tensor<4xf32>
        attributes {hlox.dispatch, hlox.workgroups = 4 : i64, ...}
    ```
  }];
  let options = [
    Option<"entry", "entry", "std::string", /*default=*/"\"main\"",
           "The function to split">,
    Option<"opaqueConstants", "opaque-constants", "bool", /*default=*/"false",
           "Keep every constant a host buffer, splats included, so that no "
           "kernel computes on a value known at compile time">,
  ];
  let dependentDialects = ["::mlir::func::FuncDialect"];
}

def CPUKernelABI : Pass<"hlox-cpu-kernel-abi", "::mlir::ModuleOp"> {
  let summary = "Gives dispatch functions the kernel calling convention";
  let description = [{
    Rewrites each `hlox.dispatch` function from tensors in and out to
    memrefs in destination-passing style: one memref per input, one per
    result, then the workgroup range `(begin, end)`. Inputs enter through
    `bufferization.to_tensor`; results are written with
    `bufferization.materialize_in_destination`. A dispatch with more than
    one workgroup computes only rows `[begin, end)` of its root's first
    loop: the root is tiled through `TilingInterface` and its
    `tensor.empty`/`linalg.fill` destination is sliced with it.
  }];
  let dependentDialects = [
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::memref::MemRefDialect", "::mlir::tensor::TensorDialect",
  ];
}

def CPUVectorize : Pass<"hlox-cpu-vectorize", "::mlir::ModuleOp"> {
  let summary = "Tiles the kernels' linalg ops and vectorizes the tiles";
  let description = [{
    Runs on the kernels (after `hlox-cpu-kernel-abi`, still on tensors).
    For each linalg op whose element types are integers or f16/bf16/f32/f64
    and whose body holds only `arith`/`math` ops, it picks the vector
    dimension: the innermost parallel loop that every operand either reads
    contiguously (as its last dimension) or does not read at all
    (broadcast). The op is generalized, its loops are interchanged so that
    this loop is the innermost, and it is tiled by 1 on every loop but that
    one, which is tiled by one register's worth of elements (64 bytes of
    the widest element type, or the loop's static size if smaller). Each
    tile is vectorized with `linalg::vectorize`, masked where the loop's
    size is not a multiple of the tile.

    The interchange moves only a parallel loop, so every output element
    still accumulates its reduction loops in the order of the scalar code:
    vectorized results are bit-identical to the evaluator's. An op with no
    such dimension (a transpose, a reduction of contiguous rows, a gather)
    stays scalar, as does a tile whose body the vectorizer rejects.

    ```mlir
    %r = linalg.generic {iterator_types = ["parallel", "parallel"]}
        ins(%a : tensor<4x100xf32>) outs(%e : tensor<4x100xf32>) {...}
    // becomes loops over (4, 100 step 16) around
    %v = vector.mask %m { vector.transfer_read ... : vector<1x16xf32> }
    ```
  }];
  let dependentDialects = [
    "::mlir::scf::SCFDialect", "::mlir::vector::VectorDialect",
    "::mlir::affine::AffineDialect",
  ];
}

def CPUCopiesToLoops : Pass<"hlox-cpu-copies-to-loops", "::mlir::ModuleOp"> {
  let summary = "Rewrites memref.copy into linalg.copy";
  let description = [{
    Bufferization copies buffers with `memref.copy`, which the LLVM lowering
    turns into a call of a runtime library function for strided buffers.
    Rewritten as `linalg.copy`, copies become loops like every other kernel
    op, and kernels need no runtime library.

    ```mlir
    memref.copy %a, %b : memref<4xf32, strided<[2]>> to memref<4xf32>
    // becomes
    linalg.copy ins(%a : memref<4xf32, strided<[2]>>) outs(%b : memref<4xf32>)
    ```
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}

def CPUMathToLibm : Pass<"hlox-cpu-math-to-libm", "::mlir::ModuleOp"> {
  let summary = "Calls libm for the float math ops it has";
  let description = [{
    Rewrites float math ops that libm implements (`math.exp`, `math.tan`,
    `math.expm1`, `math.erf`, ...) into calls of libm (`expf`, `tan`, ...),
    which are accurate to about an ULP; `math.rsqrt` first becomes
    `1 / sqrt`. A vector op becomes one call per lane, except those an
    instruction computes exactly (sqrt, floor, ceil, trunc, round,
    roundeven, fma), which become LLVM intrinsics. Ops without a libm
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
                           "::mlir::vector::VectorDialect",
                           "::mlir::LLVM::LLVMDialect"];
}

def CPUEmitEntryPoints : Pass<"hlox-cpu-emit-entry-points", "::mlir::ModuleOp"> {
  let summary = "Adds the runtime's entry point to each kernel";
  let description = [{
    For each kernel `@k` lowered to the LLVM dialect with bare-pointer
    memref arguments, adds `@k_entry(ptr %bindings, i64 %begin, i64 %end)`,
    the signature the runtime calls: it loads binding `i` from
    `%bindings[i]` and calls `@k`.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

#endif // HLOX_TARGET_CPU_PASSES_TD
