//===- Target.cpp - The CUDA target ---------------------------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Target/CUDA/Compiler.h"

#include "hlox/runtime/Executable.h"

#include <chrono>

using namespace mlir;
using namespace hlox;

namespace {

class CUDATarget final : public Target {
public:
  CUDATarget(const cuda::CompileOptions &options, bool validatePtx)
      : options(options), validatePtx(validatePtx) {
    // Large f32, bf16 and f16 matrix products run on the device's cuBLASLt (the
    // Matmul command, CudaDevice::launchMatmul) with the bias, residual and
    // ReLU after them as cuBLASLt's epilogue; convolutions on its cuDNN (the
    // Convolution command, CudaDevice::launchConvolution), NCHW or NHWC with
    // the kernel transposed to OHWI, unequal padding made equal on a padded
    // input, with a bias and an addend at most. No channels-last rewrite:
    // cuDNN takes either layout.
    this->options.cudnnConvolutionsOnly = true;
    this->options.libraryProductEpilogues = true;
    this->options.halfProducts = true;
    this->options.channelsLast = false;
    this->options.hloxMatmulKernel = false;
    this->options.fuseMatmulEpilogues = false;
    // A loop or branch over tensors inside a kernel would allocate its
    // tensors there: under `auto`, every one the host can run runs on the
    // host, its regions' dispatches kernels of their own.
    if (this->options.hostControlFlow == HostControlFlow::Auto)
      this->options.hostControlFlow = HostControlFlow::Always;
  }

  StringRef getName() const override { return "CUDA"; }
  StringRef getDeviceKind() const override { return "cuda"; }
  const hlox::CompileOptions &getOptions() const override { return options; }

  LogicalResult lowerToPhase(ModuleOp module, Phase last,
                             CompileStats *stats) const override {
    for (Phase phase : {Phase::Input, Phase::Stablehlo, Phase::Linalg}) {
      if (failed(runPhase(module, phase, options, stats)))
        return failure();
      if (phase == last)
        return success();
    }
    return module.emitError("the CUDA target lowers each dispatch to PTX "
                            "(hlox-compile --target=cuda), not to an LLVM "
                            "phase of the whole program");
  }

  LogicalResult prepareKernels(ModuleOp) const override {
    // compileToPtx bufferizes each dispatch with its results as
    // out-parameters: operands, then results, as the runtime binds them.
    return success();
  }

  FailureOr<std::shared_ptr<runtime::KernelLibrary>>
  compileKernels(ModuleOp module, CompileStats &stats) const override {
    auto start = std::chrono::steady_clock::now();
    runtime::GpuKernels kernels;
    FailureOr<std::vector<cuda::KernelPtx>> ptx =
        cuda::compileToPtx(module, options, &kernels);
    if (failed(ptx))
      return failure();
    std::string error;
    if (validatePtx && !cuda::validateWithPtxas(*ptx, options.arch, error))
      return module.emitError(error);
    stats.compiledKernels = static_cast<int64_t>(ptx->size());
    stats.phaseMilliseconds.emplace_back("ptx", millisecondsSince(start));
    return runtime::makeGpuKernelLibrary(std::move(kernels));
  }

private:
  cuda::CompileOptions options;
  bool validatePtx;
};

} // namespace

std::shared_ptr<const Target>
hlox::cuda::createTarget(const CompileOptions &options, bool validatePtx) {
  return std::make_shared<CUDATarget>(options, validatePtx);
}
