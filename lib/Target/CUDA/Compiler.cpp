//===- Compiler.cpp - Dispatches to PTX -----------------------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Target/CUDA/Compiler.h"

#include "hlox/HostProgram/Buffers.h"
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
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
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
    memref::registerMemRefPasses();
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
                                               const CompileOptions &options,
                                               bool recordLaunches) {
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
  // Bufferized with results as out-parameters; transposes of the innermost
  // dimension through shared-memory tiles (hlox-cuda-tiled-transposes), row
  // reductions to a block of threads per row (hlox-cuda-block-reductions),
  // the other linalg ops
  // to parallel loops, split into blocks of threads and mapped to the
  // grid; outlined into kernels; then what gpu-lower-to-nvvm-pipeline runs,
  // with the CUDA toolkit's libdevice linked (the math functions NVVM lowers to
  // calls) and kernels that take bare pointers.
  std::string libdevice = findLibdevice();
  return (llvm::Twine("canonicalize,"
                      "one-shot-bufferize{bufferize-function-boundaries "
                      "function-boundary-type-conversion=identity-layout-map},"
                      "buffer-results-to-out-params{hoist-static-allocs=true "
                      "modify-public-functions=true},canonicalize,"
                      "func.func(hlox-cuda-copies-to-linalg,hlox-cuda-parallel-"
                      "loops-outermost,hlox-cuda-tiled-transposes,"
                      "hlox-cuda-block-reductions{threads=") +
          llvm::Twine(
              std::max<int64_t>(32, options.threadsPerBlock / 32 * 32)) +
          "},convert-linalg-to-parallel-loops,fold-memref-alias-ops,"
          "hlox-cuda-scalar-kernels,hlox-cuda-sequential-kernels,"
          "hlox-cuda-tile-parallel-loops{threads=" +
          llvm::Twine(options.threadsPerBlock) +
          "},gpu-map-parallel-loops),convert-parallel-loops-to-gpu,"
          "lower-affine,canonicalize,func.func(hlox-cuda-sink-scalar-loads),"
          "gpu-launch-sink-index-computations,"
          "gpu-kernel-outlining,gpu.module(hlox-cuda-libdevice-calls)," +
          (recordLaunches ? "hlox-cuda-record-launches," : "") +
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

/// The launches hlox-cuda-record-launches wrote on `module`, with their
/// kernels' modules numbered by `moduleIndex`.
static FailureOr<runtime::GpuDispatch>
readLaunches(ModuleOp module, const llvm::StringMap<int64_t> &moduleIndex) {
  auto record = module->getAttrOfType<DictionaryAttr>("hlox.cuda.dispatch");
  if (!record)
    return failure();
  runtime::GpuDispatch dispatch;
  for (Attribute bytes : record.getAs<ArrayAttr>("temporaries"))
    dispatch.temporaryBytes.push_back(cast<IntegerAttr>(bytes).getInt());
  for (Attribute value : record.getAs<ArrayAttr>("constants")) {
    auto dense = dyn_cast<DenseElementsAttr>(value);
    Type element = dense ? dense.getElementType() : Type();
    if (!element || !(element.isIntOrFloat() || isa<ComplexType>(element)))
      return module.emitError("a kernel constant of an unsupported type: ")
             << value;
    dispatch.constants.push_back(getBufferBytes(dense));
  }
  for (Attribute entry : record.getAs<ArrayAttr>("launches")) {
    auto launchRecord = cast<DictionaryAttr>(entry);
    runtime::GpuLaunch launch;
    auto kernel = launchRecord.getAs<SymbolRefAttr>("kernel");
    auto found = moduleIndex.find(kernel.getRootReference().getValue());
    if (found == moduleIndex.end())
      return module.emitError("a launch of @")
             << kernel.getRootReference().getValue() << ", which gave no PTX";
    launch.module = found->second;
    launch.kernel = kernel.getLeafReference().getValue().str();
    auto grid = launchRecord.getAs<DenseI64ArrayAttr>("grid").asArrayRef();
    auto block = launchRecord.getAs<DenseI64ArrayAttr>("block").asArrayRef();
    for (int i = 0; i < 3; ++i) {
      launch.grid[i] = static_cast<uint32_t>(grid[i]);
      launch.block[i] = static_cast<uint32_t>(block[i]);
    }
    launch.sharedBytes = static_cast<uint32_t>(
        launchRecord.getAs<IntegerAttr>("shared").getInt());
    for (Attribute argumentAttr : launchRecord.getAs<ArrayAttr>("arguments")) {
      auto argumentRecord = cast<DictionaryAttr>(argumentAttr);
      NamedAttribute only = *argumentRecord.begin();
      runtime::GpuArgument argument;
      StringRef kind = only.getName().getValue();
      if (kind == "scalar") {
        argument.kind = runtime::GpuArgument::Kind::Scalar;
        APInt bits;
        if (auto integer = dyn_cast<IntegerAttr>(only.getValue()))
          bits = integer.getValue();
        else
          bits = cast<FloatAttr>(only.getValue()).getValue().bitcastToAPInt();
        unsigned numBytes = (bits.getBitWidth() + 7) / 8;
        if (isa<IndexType>(cast<TypedAttr>(only.getValue()).getType())) {
          bits = bits.sextOrTrunc(64);
          numBytes = 8;
        }
        bits = bits.zext(numBytes * 8);
        for (unsigned i = 0; i < numBytes; ++i)
          argument.bytes.push_back(
              static_cast<uint8_t>(bits.extractBitsAsZExtValue(8, 8 * i)));
      } else {
        argument.kind = kind == "binding" ? runtime::GpuArgument::Kind::Binding
                        : kind == "temporary"
                            ? runtime::GpuArgument::Kind::Temporary
                            : runtime::GpuArgument::Kind::Constant;
        argument.index = cast<IntegerAttr>(only.getValue()).getInt();
      }
      launch.arguments.push_back(std::move(argument));
    }
    dispatch.launches.push_back(std::move(launch));
  }
  return dispatch;
}

FailureOr<std::vector<cuda::KernelPtx>>
cuda::compileToPtx(ModuleOp module, const CompileOptions &options,
                   runtime::GpuKernels *gpuKernels) {
  registerCompilerPasses();
  MLIRContext *context = module.getContext();
  DialectRegistry registry;
  registerCompilerDialects(registry);
  context->appendDialectRegistry(registry);
  FailureOr<std::string> pipeline =
      getKernelPipeline(module, options, /*recordLaunches=*/gpuKernels);
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
    // The module index of each binary's name in `gpuKernels`.
    llvm::StringMap<int64_t> moduleIndex;
    kernelModule->walk([&](gpu::BinaryOp binary) {
      for (Attribute object : binary.getObjects())
        if (auto ptx = dyn_cast<gpu::ObjectAttr>(object)) {
          kernels.push_back({dispatch.getSymName().str(),
                             binary.getSymName().str(), ptx.getObject().str()});
          if (gpuKernels) {
            moduleIndex[binary.getSymName()] = gpuKernels->modules.size();
            gpuKernels->modules.push_back(ptx.getObject().str());
          }
          break;
        }
    });
    if (kernels.size() == before)
      return dispatch.emitError("dispatch @")
             << dispatch.getSymName() << " gave no GPU kernel";
    if (gpuKernels) {
      FailureOr<runtime::GpuDispatch> launches =
          readLaunches(*kernelModule, moduleIndex);
      if (failed(launches))
        return dispatch.emitError("dispatch @")
               << dispatch.getSymName()
               << " has no launches the runtime can replay";
      launches->name = (dispatch.getSymName() + kEntrySuffix).str();
      gpuKernels->dispatches.push_back(std::move(*launches));
    }
  }
  if (gpuKernels)
    gpuKernels->arch = options.arch;
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

bool cuda::validateWithPtxas(const std::vector<KernelPtx> &kernels,
                             const std::string &arch, std::string &error) {
  std::string ptxas = findPtxas();
  if (ptxas.empty())
    return true;
  for (const KernelPtx &kernel : kernels)
    if (!validateWithPtxas(ptxas, kernel, arch, error))
      return false;
  return true;
}
