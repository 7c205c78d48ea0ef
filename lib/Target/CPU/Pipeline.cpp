//===- Pipeline.cpp - The CPU compiler's phases ---------------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include "hlox/Conversion/Passes.h"
#include "hlox/Dialect/Sdy/Transforms/Passes.h"
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
#include "mlir/Support/FileUtilities.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ToolOutputFile.h"

#include <chrono>
#include <mutex>

using namespace mlir;
using namespace hlox;
using namespace hlox::cpu;

static constexpr Phase kPhases[] = {Phase::Input, Phase::Stablehlo,
                                    Phase::Linalg, Phase::LLVM};

std::optional<Phase> hlox::cpu::parsePhase(StringRef name) {
  return llvm::StringSwitch<std::optional<Phase>>(name)
      .Case("input", Phase::Input)
      .Case("stablehlo", Phase::Stablehlo)
      .Case("linalg", Phase::Linalg)
      .Case("llvm", Phase::LLVM)
      .Default(std::nullopt);
}

StringRef hlox::cpu::getPhaseName(Phase phase) {
  switch (phase) {
  case Phase::Input: return "input";
  case Phase::Stablehlo: return "stablehlo";
  case Phase::Linalg: return "linalg";
  case Phase::LLVM: return "llvm";
  }
  llvm_unreachable("phase");
}

void hlox::cpu::registerCompilerDialects(DialectRegistry &registry) {
  registry.insert<arith::ArithDialect, bufferization::BufferizationDialect,
                  cf::ControlFlowDialect, complex::ComplexDialect,
                  func::FuncDialect, index::IndexDialect, LLVM::LLVMDialect,
                  linalg::LinalgDialect, math::MathDialect,
                  memref::MemRefDialect, scf::SCFDialect,
                  tensor::TensorDialect, ub::UBDialect,
                  vector::VectorDialect>();
  func::registerInlinerExtension(registry);
  arith::registerBufferizableOpInterfaceExternalModels(registry);
  bufferization::func_ext::registerBufferizableOpInterfaceExternalModels(
      registry);
  linalg::registerBufferizableOpInterfaceExternalModels(registry);
  linalg::registerTilingInterfaceExternalModels(registry);
  memref::registerAllocationOpInterfaceExternalModels(registry);
  scf::registerBufferizableOpInterfaceExternalModels(registry);
  tensor::registerBufferizableOpInterfaceExternalModels(registry);
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
    registerTransformsPasses();
    registerConversionPasses();
    registerLinalgPasses();
    arith::registerArithPasses();
    math::registerMathPasses();
    memref::registerMemRefPasses();
    bufferization::registerBufferizationPasses();
    bufferization::registerBufferizationPipelines();
    vector::registerVectorPasses();
    hlox::registerHloxPasses();
    hlox::sdy::registerSdyPasses();
    hlox::registerHloxConversionPasses();
    hlox::cpu::registerHloxCPUPasses();
  });
}

llvm::StringRef hlox::cpu::getHostControlFlowName(HostControlFlow mode) {
  switch (mode) {
  case HostControlFlow::Auto:
    return "auto";
  case HostControlFlow::Always:
    return "always";
  case HostControlFlow::Never:
    return "never";
  }
  llvm_unreachable("unknown host control flow mode");
}

std::string hlox::cpu::getImportPipeline() {
  return "sdy-drop-shardings,stablehlo-legalize-upstream-ops,"
         "stablehlo-legalize-jax-custom-calls";
}

LogicalResult hlox::cpu::importProgram(ModuleOp module) {
  registerCompilerPasses();
  PassManager pm(module.getContext());
  std::string error;
  llvm::raw_string_ostream errorStream(error);
  if (failed(parsePassPipeline(getImportPipeline(), pm, errorStream)))
    return module.emitError("bad import pipeline: ") << error;
  return pm.run(module);
}

/// The textual pipeline of each phase (module-anchored, without the
/// builtin.module wrapper); `hlox-opt --pass-pipeline` replays them.
std::string hlox::cpu::getPhasePipeline(Phase phase,
                                        const CompileOptions &options) {
  switch (phase) {
  case Phase::Input:
    return getImportPipeline() +
           ",stablehlo-legalize-composite-to-call,inline,symbol-dce,"
           "stablehlo-flatten-tuples,stablehlo-lower-quantized,"
           "stablehlo-refine-shapes{fold-integers=false}";
  case Phase::Stablehlo:
    return "cse";
  case Phase::Linalg:
    return "convert-stablehlo-to-linalg,hlox-cpu-fuse-elementwise,cse,"
           "hlox-cpu-form-dispatches{entry=" +
           options.entry +
           " opaque-constants=" + (options.opaqueConstants ? "true" : "false") +
           " host-control-flow=" +
           getHostControlFlowName(options.hostControlFlow).str() + "}";
  case Phase::LLVM:
    return std::string("hlox-cpu-kernel-abi,canonicalize,cse,") +
           (options.inlineExp ? "hlox-cpu-inline-exp," : "") +
           (options.vectorize ? "hlox-cpu-vectorize,canonicalize,cse,"
                               "loop-invariant-subset-hoisting,"
                             : "") +
           "eliminate-empty-tensors,"
           "empty-tensor-to-alloc-tensor,"
           "one-shot-bufferize{allow-return-allocs-from-loops=true "
           "unknown-type-conversion=identity-layout-map},"
           "func.func(lower-vector-mask),"
           "buffer-deallocation-pipeline,convert-bufferization-to-memref,"
           "hlox-cpu-copies-to-loops,convert-vector-to-scf{full-unroll=true},"
           "convert-linalg-to-loops,lower-affine,convert-scf-to-cf,"
           "convert-complex-to-standard,hlox-cpu-emulate-narrow-floats," +
           std::string(options.fpContract ? "hlox-cpu-contract-floats," : "") +
           "hlox-cpu-math-to-libm,arith-expand{include-bf16=true},"
           "expand-strided-metadata,lower-affine,convert-vector-to-llvm,"
           "finalize-memref-to-llvm,"
           "convert-math-to-llvm,convert-complex-to-llvm,"
           "convert-arith-to-llvm,convert-index-to-llvm,convert-cf-to-llvm,"
           "convert-func-to-llvm{use-bare-ptr-memref-call-conv=true},"
           "convert-ub-to-llvm,reconcile-unrealized-casts,"
           "hlox-cpu-emit-entry-points";
  }
  llvm_unreachable("phase");
}

/// Erases every function of `module` but the dispatches and declarations
/// (libm functions the kernels call): what the llvm
/// phase compiles.
static void keepOnlyKernels(ModuleOp module) {
  for (Operation &op : llvm::make_early_inc_range(module.getOps()))
    if (auto function = dyn_cast<func::FuncOp>(op))
      if (!function->hasAttr(kDispatchAttr) && !function.isExternal())
        function.erase();
}

LogicalResult hlox::cpu::runPhase(ModuleOp module, Phase phase,
                                  const CompileOptions &options,
                                  CompileStats *stats,
                                  llvm::function_ref<LogicalResult(ModuleOp)>
                                      afterKernelABI) {
  int index = llvm::find(kPhases, phase) - std::begin(kPhases);
  registerCompilerPasses();
  PassManager pm(module.getContext());
  std::string error;
  llvm::raw_string_ostream errorStream(error);
  std::string pipeline = getPhasePipeline(phase, options);
  if (failed(parsePassPipeline(pipeline, pm, errorStream)))
    return module.emitError("bad ") << getPhaseName(phase)
                                    << " pipeline: " << error;
  auto start = std::chrono::steady_clock::now();
  if (phase == Phase::LLVM) {
    // The kernel ABI runs on the dispatches first; then the host function
    // goes, and the rest of the pipeline compiles the kernels alone.
    PassManager abi(module.getContext());
    // The host function still calls the dispatches by their old types until
    // it is dropped below.
    abi.enableVerifier(false);
    if (failed(parsePassPipeline("hlox-cpu-kernel-abi", abi, errorStream)) ||
        failed(abi.run(module)))
      return failure();
    if (afterKernelABI && failed(afterKernelABI(module)))
      return failure();
    keepOnlyKernels(module);
    pm.clear();
    if (failed(parsePassPipeline(StringRef(pipeline).drop_front(
                                     StringRef("hlox-cpu-kernel-abi,").size()),
                                 pm, errorStream)))
      return module.emitError("bad llvm pipeline: ") << error;
  }
  if (failed(pm.run(module)))
    return failure();
  double ms = std::chrono::duration<double, std::milli>(
                  std::chrono::steady_clock::now() - start)
                  .count();
  if (stats)
    stats->phaseMilliseconds.emplace_back(getPhaseName(phase).str(), ms);
  if (!options.dumpDir.empty()) {
    if (std::error_code ec = llvm::sys::fs::create_directories(options.dumpDir))
      return module.emitError("cannot create ") << options.dumpDir << ": "
                                                << ec.message();
    SmallString<128> path(options.dumpDir);
    llvm::sys::path::append(path, llvm::formatv("{0:2}-{1}.mlir", index,
                                                getPhaseName(phase))
                                      .str());
    std::string openError;
    auto file = openOutputFile(path, &openError);
    if (!file)
      return module.emitError("cannot write ") << path << ": " << openError;
    module.print(file->os());
    file->keep();
  }
  return success();
}

LogicalResult hlox::cpu::lowerToPhase(ModuleOp module, Phase last,
                                      const CompileOptions &options,
                                      CompileStats *stats) {
  for (Phase phase : kPhases) {
    if (failed(runPhase(module, phase, options, stats, {})))
      return failure();
    if (phase == last)
      break;
  }
  return success();
}
