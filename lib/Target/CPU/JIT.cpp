//===- JIT.cpp - Kernels compiled by LLVM's ORC JIT -----------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Translates the kernel module to LLVM IR, optimizes it at -O3 for the
// target CPU (the host's, with its real features, unless --target-cpu names
// another the host can run) and compiles it in process; the runtime looks
// kernels up by their entry point names through the KernelLibrary
// interface.
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include "hlox/Target/CPU/TargetMachine.h"
#include "hlox/runtime/Builtins.h"

#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "llvm/ADT/StringExtras.h"

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
hlox::cpu::jitCompile(ModuleOp module, const CompileOptions &compileOptions) {
  auto machine = createTargetMachine(compileOptions);
  if (!machine)
    return module.emitError("cannot target CPU '")
           << compileOptions.targetCpu << "': "
           << llvm::toString(machine.takeError());
  std::vector<std::string> missing = getFeaturesMissingOnHost(**machine);
  if (!missing.empty())
    return module.emitError("this host cannot run code for target CPU '")
           << compileOptions.targetCpu << "' (it lacks "
           << llvm::join(missing, ",")
           << "); hlox-compile --emit-object compiles for it without "
              "running";
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
  // Every function kernels may call by name (the runtime's, compiler-rt's
  // builtins, libm's), so that code for any CPU links.
  (*engine)->registerSymbols([](llvm::orc::MangleAndInterner interner) {
    llvm::orc::SymbolMap symbols;
    for (auto [name, address] : runtime::getKernelSymbols())
      symbols[interner(name)] = {llvm::orc::ExecutorAddr::fromPtr(address),
                                 llvm::JITSymbolFlags::Exported};
    return symbols;
  });
  return std::shared_ptr<runtime::KernelLibrary>(
      std::make_shared<JitKernelLibrary>(std::move(*engine)));
}
