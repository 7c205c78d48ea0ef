//===- Compiler.cpp - The CPU target --------------------------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "Internal.h"

using namespace mlir;
using namespace hlox;
using namespace hlox::cpu;

namespace {

class CPUTarget final : public Target {
public:
  explicit CPUTarget(const cpu::CompileOptions &options) : options(options) {}

  StringRef getName() const override { return "CPU"; }

  const hlox::CompileOptions &getOptions() const override { return options; }

  LogicalResult lowerToPhase(ModuleOp module, Phase last,
                             CompileStats *stats) const override {
    return cpu::lowerToPhase(module, last, options, stats);
  }

  LogicalResult prepareKernels(ModuleOp module) const override {
    return runKernelABI(module);
  }

  FailureOr<std::shared_ptr<runtime::KernelLibrary>>
  compileKernels(ModuleOp module, CompileStats &stats) const override {
    return cpu::compileKernels(module, options, stats);
  }

private:
  cpu::CompileOptions options;
};

} // namespace

std::shared_ptr<const Target>
hlox::cpu::createTarget(const CompileOptions &options) {
  return std::make_shared<CPUTarget>(options);
}

FailureOr<std::unique_ptr<CompiledProgram>>
hlox::cpu::compile(ModuleOp module, const CompileOptions &options) {
  return hlox::compile(module, *createTarget(options));
}
