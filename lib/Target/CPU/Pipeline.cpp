//===- Pipeline.cpp - The CPU target's llvm phase -------------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include "hlox/Dialect/Special/IR/SpecialOps.h"
#include "hlox/Pipelines/Pipelines.h"
#include "hlox/Target/CPU/Passes.h"
#include "hlox/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/FuncBufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Linalg/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Linalg/Transforms/TilingInterfaceImpl.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/AllocationOpInterfaceImpl.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/IR/TensorInferTypeOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/Transforms/SubsetInsertionOpInterfaceImpl.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Vector/Transforms/Passes.h"
#include "mlir/Dialect/Vector/Transforms/SubsetOpInterfaceImpl.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/StringSet.h"

#include <mutex>

using namespace mlir;
using namespace hlox;
using namespace hlox::cpu;

void hlox::cpu::registerCompilerDialects(DialectRegistry &registry) {
  registry.insert<arith::ArithDialect, bufferization::BufferizationDialect,
                  cf::ControlFlowDialect, complex::ComplexDialect,
                  func::FuncDialect, index::IndexDialect, LLVM::LLVMDialect,
                  linalg::LinalgDialect, math::MathDialect,
                  memref::MemRefDialect, scf::SCFDialect,
                  tensor::TensorDialect, ub::UBDialect,
                  vector::VectorDialect, special::SpecialDialect>();
  func::registerInlinerExtension(registry);
  registerKernelBufferization(registry);
  linalg::registerTilingInterfaceExternalModels(registry);
  memref::registerAllocationOpInterfaceExternalModels(registry);
  tensor::registerInferTypeOpInterfaceExternalModels(registry);
  tensor::registerSubsetOpInterfaceExternalModels(registry);
  vector::registerBufferizableOpInterfaceExternalModels(registry);
  vector::registerSubsetOpInterfaceExternalModels(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
}

void hlox::cpu::registerCompilerPasses() {
  static std::once_flag once;
  std::call_once(once, [] {
    registerPipelines();
    registerConversionPasses();
    registerLinalgPasses();
    arith::registerArithPasses();
    math::registerMathPasses();
    memref::registerMemRefPasses();
    bufferization::registerBufferizationPasses();
    bufferization::registerBufferizationPipelines();
    vector::registerVectorPasses();
    hlox::cpu::registerHloxCPUPasses();
    // The llvm phase by name, with the default options, for a module that
    // holds only dispatches (the host function calls them by their types
    // before the kernel ABI).
    PassPipelineRegistration<>(
        "hlox-phase-llvm",
        "The CPU target's llvm phase with the default options, on a module "
        "of dispatches",
        [](OpPassManager &pm) {
          std::string pipeline =
              cpu::getPhasePipeline(Phase::LLVM, CompileOptions());
          if (failed(parsePassPipeline(pipeline, pm)))
            llvm::report_fatal_error("bad llvm pipeline: " + Twine(pipeline));
        });
  });
}

std::string hlox::cpu::getPhasePipeline(Phase phase,
                                        const CompileOptions &options) {
  if (phase == Phase::LLVM)
    return "hlox-cpu-kernel-abi," + getKernelPipeline(options);
  return hlox::getPhasePipeline(phase, options);
}

std::string hlox::cpu::getKernelPipeline(const CompileOptions &options) {
  FpContract contract = options.getFpContract();
  // Exps inline in f64 before vectorization under strict numerics (the
  // vectorizer sizes its vectors by the f64 lanes), otherwise in f32 after
  // it, where a vector of them branches to the short form when every lane
  // allows it.
  bool f64ExpBefore = options.inlineExp && options.strictNumerics;
  bool f32ExpAfter = options.inlineExp && !options.strictNumerics;
  return std::string("hlox-cpu-special-to-calls,canonicalize,cse,") +
         // Before the math functions expand into arithmetic whose bounds
         // are measured unfused.
         (contract == FpContract::Elementwise
              ? "hlox-cpu-contract-floats{elementwise-only=true},"
              : "") +
         // The exps inline after the approximations, which leave those of
         // tanh, expm1 and erfc for it (strict numerics approximate
         // nothing).
         (options.strictNumerics ? "" : "hlox-cpu-approximate-math,") +
         (f64ExpBefore ? "hlox-cpu-inline-exp," : "") +
         (options.strictNumerics ? ""
                                 : "hlox-cpu-split-reductions,"
                                   "hlox-cpu-narrow-streaming-reductions,") +
         (!options.vectorize ? ""
          : f32ExpAfter
              ? "hlox-cpu-vectorize{inline-f32-exp=true},canonicalize,cse,"
              : "hlox-cpu-vectorize,canonicalize,cse,") +
         (f32ExpAfter ? "hlox-cpu-inline-exp{f32-arithmetic=true}," : "") +
         // Loop-invariant code motion while the tiles read tensors: a 0-d
         // operand's load (and its conversion) leaves the tile loops, which
         // LLVM cannot prove once the kernel stores through pointers.
         (options.vectorize ? "loop-invariant-code-motion,"
                              "loop-invariant-subset-hoisting,canonicalize,"
                            : "") +
         "eliminate-empty-tensors,"
         "empty-tensor-to-alloc-tensor,"
         "one-shot-bufferize{allow-return-allocs-from-loops=true "
         "unknown-type-conversion=identity-layout-map},"
         "func.func(lower-vector-mask),hlox-cpu-prefetch-next-row,"
         // A row group's rows allocate once per kernel call, not per row.
         "func.func(buffer-loop-hoisting,hlox-cpu-scratch-to-stack),"
         "buffer-deallocation-pipeline,convert-bufferization-to-memref,"
         // The deallocation of buffers that may alias (a branch that yields
         // a slice of an operand or a new buffer) calls a helper on
         // dynamically sized memrefs, which the bare-pointer calling
         // convention cannot pass: inlined into the kernel, and erased.
         "inline{default-pipeline=},"
         "hlox-cpu-stream-stores," +
         std::string(options.vectorize ? "hlox-cpu-copies-to-loops,"
                                       : "hlox-cpu-copies-to-loops{vectorize="
                                         "false},") +
         "convert-vector-to-scf{full-unroll=true},"
         "convert-linalg-to-loops,lower-affine,convert-scf-to-cf,"
         "convert-complex-to-standard,hlox-cpu-emulate-narrow-floats," +
         std::string(contract == FpContract::All ? "hlox-cpu-contract-floats,"
                                                 : "") +
         "hlox-cpu-math-to-libm,arith-expand{include-bf16=true},"
         "expand-strided-metadata,lower-affine,"
         // A transposing tile's 2-d vector.transpose as shuffles.
         "convert-vector-to-llvm{vector-transpose-lowering=shuffle1d},"
         "finalize-memref-to-llvm,"
         "convert-math-to-llvm,convert-complex-to-llvm,"
         "convert-arith-to-llvm,convert-index-to-llvm,convert-cf-to-llvm,"
         "convert-func-to-llvm{use-bare-ptr-memref-call-conv=true},"
         "convert-ub-to-llvm,reconcile-unrealized-casts,"
         "hlox-cpu-move-narrow-vectors-as-integers,"
         "hlox-cpu-keep-loops-rolled,hlox-cpu-emit-entry-points";
}

LogicalResult hlox::cpu::runKernelABI(ModuleOp module) {
  registerCompilerPasses();
  PassManager abi(module.getContext());
  // The host function still calls the dispatches by their old types until
  // it is dropped.
  abi.enableVerifier(false);
  std::string error;
  llvm::raw_string_ostream errorStream(error);
  if (failed(parsePassPipeline("hlox-cpu-kernel-abi", abi, errorStream)))
    return module.emitError("bad kernel ABI pipeline: ") << error;
  return abi.run(module);
}

void hlox::cpu::splitKernels(ModuleOp module) {
  SmallVector<func::FuncOp> declarations, kernels;
  for (auto function : module.getOps<func::FuncOp>())
    (function.isExternal() ? declarations : kernels).push_back(function);
  OpBuilder builder(module.getContext());
  builder.setInsertionPointToEnd(module.getBody());
  for (func::FuncOp kernel : kernels) {
    llvm::SmallDenseSet<StringAttr> callees;
    kernel.walk([&](func::CallOp call) {
      callees.insert(call.getCalleeAttr().getAttr());
    });
    auto nested = ModuleOp::create(builder, kernel.getLoc(),
                                   kernel.getSymName());
    OpBuilder inner = OpBuilder::atBlockEnd(nested.getBody());
    for (func::FuncOp declaration : declarations)
      if (callees.contains(declaration.getSymNameAttr()))
        inner.clone(*declaration);
    kernel->moveBefore(nested.getBody(), nested.getBody()->end());
  }
  for (func::FuncOp declaration : declarations)
    declaration.erase();
}

/// Whether `op` declares a function defined elsewhere.
static bool isDeclaration(Operation *op) {
  if (auto function = dyn_cast<LLVM::LLVMFuncOp>(op))
    return function.isExternal();
  if (auto function = dyn_cast<func::FuncOp>(op))
    return function.isExternal();
  return false;
}

void hlox::cpu::joinKernels(ModuleOp module) {
  llvm::StringSet<> names;
  for (auto nested :
       llvm::make_early_inc_range(module.getBody()->getOps<ModuleOp>())) {
    SymbolTable table(nested);
    for (Operation &op :
         llvm::make_early_inc_range(nested.getBody()->getOperations())) {
      auto symbol = dyn_cast<SymbolOpInterface>(op);
      if (symbol && !names.insert(symbol.getName()).second) {
        // Each kernel's module declares the C functions it calls: one
        // declaration stays. Private definitions of the same name (constant
        // globals) are renamed apart.
        if (isDeclaration(&op)) {
          op.erase();
          continue;
        }
        std::string name;
        for (int i = 1;; ++i) {
          name = (symbol.getName() + "_" + Twine(i)).str();
          if (!names.contains(name) && !table.lookup(name))
            break;
        }
        if (failed(table.rename(&op, name)))
          llvm::report_fatal_error("cannot rename a kernel symbol");
        names.insert(name);
      }
    }
    for (Operation &op :
         llvm::make_early_inc_range(nested.getBody()->getOperations()))
      op.moveBefore(module.getBody(), module.getBody()->end());
    nested.erase();
  }
}

LogicalResult hlox::cpu::lowerKernels(ModuleOp module,
                                      const CompileOptions &options) {
  registerCompilerPasses();
  PassManager pm(module.getContext());
  std::string error;
  llvm::raw_string_ostream errorStream(error);
  // One kernel per nested module: the pass manager lowers them in parallel.
  if (failed(parsePassPipeline(getKernelPipeline(options),
                               pm.nest<ModuleOp>(), errorStream)))
    return module.emitError("bad kernel pipeline: ") << error;
  if (options.configurePassManager)
    options.configurePassManager(pm);
  return pm.run(module);
}

LogicalResult hlox::cpu::runPhase(ModuleOp module, Phase phase,
                                  const CompileOptions &options,
                                  CompileStats *stats) {
  registerCompilerPasses();
  if (phase != Phase::LLVM) {
    // The library's sums are blocked and fused: strict numerics keep the
    // contractions in generated kernels.
    hlox::CompileOptions phaseOptions = options;
    phaseOptions.libraryCalls = options.libraryCalls && !options.strictNumerics;
    return hlox::runPhase(module, phase, phaseOptions, stats);
  }
  // The kernel ABI runs on the dispatches first; then the host function
  // goes, and each kernel is lowered in a module of its own.
  return runTimedPhase(module, phase, options, stats, [&] {
    if (failed(runKernelABI(module)))
      return failure();
    keepOnlyDispatches(module);
    splitKernels(module);
    if (failed(lowerKernels(module, options)))
      return failure();
    joinKernels(module);
    return success();
  });
}

LogicalResult hlox::cpu::lowerToPhase(ModuleOp module, Phase last,
                                      const CompileOptions &options,
                                      CompileStats *stats) {
  if (options.strictNumerics &&
      options.fpContract.value_or(FpContract::Off) != FpContract::Off)
    return module.emitError("strict numerics exclude FMA contraction: "
                            "--strict-numerics contradicts --fp-contract");
  for (Phase phase :
       {Phase::Input, Phase::Stablehlo, Phase::Linalg, Phase::LLVM}) {
    if (failed(runPhase(module, phase, options, stats)))
      return failure();
    if (phase == last)
      break;
  }
  return success();
}
