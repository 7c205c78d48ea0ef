//===- Compiler.cpp - Dispatches to PTX -----------------------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Target/CUDA/Compiler.h"

#include "hlox/Target/CUDA/Passes.h"
#include "hlox/Transforms/Dispatch.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVM/NVVM/Target.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/GPU/GPUToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Transforms/Passes.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <mutex>

using namespace mlir;
using namespace hlox;

const std::vector<std::pair<std::string, std::string>> &
cuda::getSupportedArchitectures() {
  // The PTX ISA version that first supports each architecture: NVPTX
  // stops with a fatal error on an older one.
  static const std::vector<std::pair<std::string, std::string>> kArchs = {
      {"sm_70", "+ptx60"}, {"sm_75", "+ptx63"}, {"sm_80", "+ptx70"},
      {"sm_86", "+ptx71"}, {"sm_89", "+ptx78"}, {"sm_90", "+ptx80"}};
  return kArchs;
}

void cuda::registerCompilerDialects(DialectRegistry &registry) {
  registry.insert<bufferization::BufferizationDialect, gpu::GPUDialect,
                  linalg::LinalgDialect, memref::MemRefDialect,
                  NVVM::NVVMDialect, tensor::TensorDialect>();
  registerKernelBufferization(registry);
  // The conversions to the LLVM and NVVM dialects, the NVVM target that
  // serializes gpu.modules, and the translations it runs.
  registerAllExtensions(registry);
  NVVM::registerNVVMTargetInterfaceExternalModels(registry);
  registerBuiltinDialectTranslation(registry);
  registerGPUDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerNVVMDialectTranslation(registry);
}

void cuda::registerCompilerPasses() {
  static std::once_flag once;
  std::call_once(once, [] {
    registerHloxCUDAPasses();
    mlir::registerConversionPasses();
    mlir::registerGPUPasses();
    mlir::registerLinalgPasses();
    mlir::registerTransformsPasses();
    bufferization::registerBufferizationPasses();
  });
}

/// The CUDA toolkit folders to look in: $CUDA_HOME, $CUDA_ROOT,
/// $CUDA_PATH, then /usr/local/cuda.
static SmallVector<std::string> getToolkitFolders() {
  SmallVector<std::string> folders;
  for (const char *variable : {"CUDA_HOME", "CUDA_ROOT", "CUDA_PATH"})
    if (const char *path = std::getenv(variable))
      folders.push_back(path);
  folders.push_back("/usr/local/cuda");
  return folders;
}

std::string cuda::findLibdevice() {
  for (const std::string &folder : getToolkitFolders()) {
    SmallString<128> path(folder);
    llvm::sys::path::append(path, "nvvm", "libdevice", "libdevice.10.bc");
    if (llvm::sys::fs::exists(path))
      return std::string(path);
  }
  return {};
}

FailureOr<std::string> cuda::getKernelPipeline(ModuleOp module,
                                               const CompileOptions &options) {
  const auto &archs = getSupportedArchitectures();
  auto found = llvm::find_if(
      archs, [&](const auto &entry) { return entry.first == options.arch; });
  if (found == archs.end()) {
    std::string names;
    for (const auto &[arch, ptx] : archs)
      names += (names.empty() ? "" : ", ") + arch;
    return module.emitError("the CUDA target compiles for ")
           << names << ", not '" << options.arch << "'";
  }
  if (options.threadsPerBlock < 1 || options.threadsPerBlock > 1024)
    return module.emitError("threads per block must be 1 to 1024, not ")
           << options.threadsPerBlock;
  // Bufferized with results as out-parameters; linalg to parallel loops,
  // split into blocks of threads and mapped to the grid; outlined into
  // kernels; then what gpu-lower-to-nvvm-pipeline runs, with the CUDA
  // toolkit's libdevice linked (the math functions NVVM lowers to calls)
  // and kernels that take bare pointers.
  std::string libdevice = findLibdevice();
  return (llvm::Twine("one-shot-bufferize{bufferize-function-boundaries "
                      "function-boundary-type-conversion=identity-layout-map},"
                      "buffer-results-to-out-params{hoist-static-allocs=true "
                      "modify-public-functions=true},canonicalize,"
                      "func.func(hlox-cuda-copies-to-linalg,"
                      "convert-linalg-to-parallel-loops,fold-memref-alias-ops,"
                      "hlox-cuda-scalar-kernels,"
                      "hlox-cuda-tile-parallel-loops{threads=") +
          llvm::Twine(options.threadsPerBlock) +
          "},gpu-map-parallel-loops),convert-parallel-loops-to-gpu,"
          "lower-affine,canonicalize,gpu-kernel-outlining,"
          "convert-nvgpu-to-nvvm,convert-vector-to-scf,convert-scf-to-cf,"
          "convert-nvvm-to-llvm,convert-func-to-llvm,expand-strided-metadata,"
          "nvvm-attach-target{chip=" +
          found->first + " features=" + found->second + " O=3" +
          (libdevice.empty() ? "" : " l=" + libdevice) +
          "},lower-affine,convert-arith-to-llvm,convert-index-to-llvm,"
          "canonicalize,cse,gpu.module(convert-complex-to-standard,"
          "convert-complex-to-llvm,convert-gpu-to-nvvm{"
          "use-bare-ptr-memref-call-conv=true},canonicalize,cse,"
          "reconcile-unrealized-casts),"
          "gpu-to-llvm{use-bare-pointers-for-kernels=true},"
          "gpu-module-to-binary{format=isa},convert-math-to-llvm,"
          "canonicalize,cse,reconcile-unrealized-casts")
      .str();
}

FailureOr<std::vector<cuda::KernelPtx>>
cuda::compileToPtx(ModuleOp module, const CompileOptions &options) {
  registerCompilerPasses();
  MLIRContext *context = module.getContext();
  DialectRegistry registry;
  registerCompilerDialects(registry);
  context->appendDialectRegistry(registry);
  FailureOr<std::string> pipeline = getKernelPipeline(module, options);
  if (failed(pipeline))
    return failure();
  std::vector<KernelPtx> kernels;
  for (auto dispatch : module.getOps<func::FuncOp>()) {
    if (!dispatch->hasAttr(kDispatchAttr) || dispatch.isExternal())
      continue;
    // The dispatch alone, public (its results become out-parameters).
    OwningOpRef<ModuleOp> kernelModule = ModuleOp::create(dispatch.getLoc());
    OpBuilder builder = OpBuilder::atBlockEnd(kernelModule->getBody());
    auto kernel = cast<func::FuncOp>(builder.clone(*dispatch));
    kernel.setPublic();
    for (NamedAttribute attr : llvm::to_vector(kernel->getDiscardableAttrs()))
      kernel->removeDiscardableAttr(attr.getName());
    PassManager pm(context);
    std::string error;
    llvm::raw_string_ostream errorStream(error);
    if (failed(parsePassPipeline(*pipeline, pm, errorStream)))
      return module.emitError("bad CUDA kernel pipeline: ") << error;
    if (options.configurePassManager)
      options.configurePassManager(pm);
    if (failed(pm.run(*kernelModule)))
      return dispatch.emitError("the CUDA target cannot lower dispatch @")
             << dispatch.getSymName() << " to a GPU kernel";
    size_t before = kernels.size();
    kernelModule->walk([&](gpu::BinaryOp binary) {
      for (Attribute object : binary.getObjects())
        if (auto ptx = dyn_cast<gpu::ObjectAttr>(object))
          kernels.push_back({dispatch.getSymName().str(),
                             binary.getSymName().str(), ptx.getObject().str()});
    });
    if (kernels.size() == before)
      return dispatch.emitError("dispatch @")
             << dispatch.getSymName() << " gave no GPU kernel";
  }
  return kernels;
}

std::string cuda::findPtxas() {
  if (const char *path = std::getenv("HLOX_PTXAS"))
    return path;
  for (const std::string &folder : getToolkitFolders()) {
    SmallString<128> path(folder);
    llvm::sys::path::append(path, "bin", "ptxas");
    if (llvm::sys::fs::can_execute(path))
      return std::string(path);
  }
  if (llvm::ErrorOr<std::string> onPath = llvm::sys::findProgramByName("ptxas"))
    return *onPath;
  return {};
}

bool cuda::validateWithPtxas(const std::string &ptxas, const KernelPtx &kernel,
                             const std::string &arch, std::string &error) {
  SmallString<128> input, output, messages;
  if (llvm::sys::fs::createTemporaryFile("hlox-" + kernel.name, "ptx", input) ||
      llvm::sys::fs::createTemporaryFile("hlox-" + kernel.name, "cubin",
                                         output) ||
      llvm::sys::fs::createTemporaryFile("hlox-ptxas", "txt", messages)) {
    error = "cannot create temporary files for ptxas";
    return false;
  }
  llvm::FileRemover removeInput(input), removeOutput(output),
      removeMessages(messages);
  {
    std::error_code code;
    llvm::raw_fd_ostream os(input, code);
    if (code) {
      error = "cannot write " + std::string(input) + ": " + code.message();
      return false;
    }
    os << kernel.ptx;
  }
  SmallVector<StringRef> args = {ptxas, "-arch", arch, input, "-o", output};
  std::optional<StringRef> redirects[] = {std::nullopt, messages.str(),
                                          messages.str()};
  std::string runError;
  int status = llvm::sys::ExecuteAndWait(ptxas, args, std::nullopt, redirects,
                                         /*SecondsToWait=*/60,
                                         /*MemoryLimit=*/0, &runError);
  if (status == 0)
    return true;
  auto text = llvm::MemoryBuffer::getFile(messages);
  error =
      "ptxas rejected the PTX of @" + kernel.name + " (exit " +
      std::to_string(status) + ")" + (runError.empty() ? "" : ": " + runError) +
      (text ? ": " + llvm::StringRef((*text)->getBuffer()).trim().str() : "");
  return false;
}
