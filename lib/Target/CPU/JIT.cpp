//===- JIT.cpp - Kernels compiled by LLVM's ORC JIT -----------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Translates the kernel module to LLVM IR, optimizes it at -O3 for the host
// CPU (its real features: the target machine comes from the host) and
// compiles it in process; the runtime looks kernels up by their entry point
// names through the KernelLibrary interface.
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include "hlox/runtime/SpecialFunctions.h"

#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/Support/TargetSelect.h"

#include <mutex>

using namespace mlir;
using namespace hlox;
using namespace hlox::cpu;

namespace {

class JitKernelLibrary final : public runtime::KernelLibrary {
public:
  explicit JitKernelLibrary(std::unique_ptr<ExecutionEngine> engine)
      : engine(std::move(engine)) {}

  runtime::KernelFn lookup(const std::string &name) override {
    llvm::Expected<void *> symbol = engine->lookup(name);
    if (!symbol) {
      llvm::consumeError(symbol.takeError());
      return nullptr;
    }
    return reinterpret_cast<runtime::KernelFn>(*symbol);
  }

private:
  std::unique_ptr<ExecutionEngine> engine;
};

} // namespace

FailureOr<std::shared_ptr<runtime::KernelLibrary>>
hlox::cpu::jitCompile(ModuleOp module) {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });
  auto builder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!builder)
    return module.emitError("cannot target the host CPU: ")
           << llvm::toString(builder.takeError());
  builder->setCodeGenOptLevel(llvm::CodeGenOptLevel::Aggressive);
  auto machine = builder->createTargetMachine();
  if (!machine)
    return module.emitError("cannot target the host CPU: ")
           << llvm::toString(machine.takeError());
  auto transformer =
      makeOptimizingTransformer(/*optLevel=*/3, /*sizeLevel=*/0, machine->get());
  ExecutionEngineOptions options;
  options.transformer = transformer;
  options.jitCodeGenOptLevel = llvm::CodeGenOptLevel::Aggressive;
  options.enableGDBNotificationListener = false;
  options.enablePerfNotificationListener = false;
  auto engine = ExecutionEngine::create(module, options, std::move(*machine));
  if (!engine)
    return module.emitError("JIT compilation failed: ")
           << llvm::toString(engine.takeError());
  // The runtime's special functions, which kernels call by name.
  (*engine)->registerSymbols([](llvm::orc::MangleAndInterner interner) {
    llvm::orc::SymbolMap symbols;
    for (auto [name, address] : runtime::getKernelFunctions())
      symbols[interner(name)] = {llvm::orc::ExecutorAddr::fromPtr(address),
                                 llvm::JITSymbolFlags::Exported};
    return symbols;
  });
  return std::shared_ptr<runtime::KernelLibrary>(
      std::make_shared<JitKernelLibrary>(std::move(*engine)));
}
