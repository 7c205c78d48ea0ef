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
    `1 / sqrt`. Ops without a libm function (integer ops, `math.copysign`,
    `math.fma`, ...) stay for `convert-math-to-llvm`. Unlike upstream's
    `convert-math-to-libm`, an op it cannot convert is no error.

    ```mlir
    %y = math.expm1 %x : f32
    // becomes
    %y = func.call @expm1f(%x) : (f32) -> f32
    ```
  }];
  let dependentDialects = ["::mlir::func::FuncDialect",
                           "::mlir::arith::ArithDialect"];
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
