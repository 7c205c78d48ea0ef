//===- JIT.cpp - Kernels linked in process by LLVM's ORC ------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The kernels' object files are linked into one JITDylib that also defines
// every function kernels may call by name (the runtime's, compiler-rt's
// builtins, libm's), so that code for any CPU links. The runtime looks
// kernels up by their dispatch's entry point name through the
// KernelLibrary interface; each name maps to the entry point of the object
// that serves it.
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include "hlox/Target/CPU/Passes.h"
#include "hlox/runtime/Builtins.h"
#include "hlox/runtime/KernelObjects.h"

#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace mlir;
using namespace hlox;
using namespace hlox::cpu;

namespace {

class JitKernelLibrary final : public runtime::KernelLibrary {
public:
  JitKernelLibrary(std::unique_ptr<llvm::orc::LLJIT> jit,
                   llvm::StringMap<runtime::KernelFn> entries,
                   std::vector<KernelObject> objects)
      : jit(std::move(jit)), entries(std::move(entries)),
        objects(std::move(objects)) {}

  runtime::KernelFn lookup(const std::string &name) override {
    return entries.lookup(name);
  }
  const std::vector<KernelObject> *getObjects() const override {
    return &objects;
  }

private:
  std::unique_ptr<llvm::orc::LLJIT> jit;
  llvm::StringMap<runtime::KernelFn> entries;
  std::vector<KernelObject> objects;
};

class ObjectsOnly final : public runtime::KernelLibrary {
public:
  explicit ObjectsOnly(std::vector<KernelObject> objects)
      : objects(std::move(objects)) {}
  runtime::KernelFn lookup(const std::string &) override { return nullptr; }
  const std::vector<KernelObject> *getObjects() const override {
    return &objects;
  }

private:
  std::vector<KernelObject> objects;
};

} // namespace

std::shared_ptr<runtime::KernelLibrary>
hlox::cpu::keepKernelObjects(std::vector<KernelObject> objects) {
  return std::make_shared<ObjectsOnly>(std::move(objects));
}

FailureOr<std::shared_ptr<runtime::KernelLibrary>>
hlox::cpu::linkKernels(ModuleOp module, std::vector<KernelObject> objects) {
  auto jit = llvm::orc::LLJITBuilder().create();
  if (!jit)
    return module.emitError("cannot create the JIT: ")
           << llvm::toString(jit.takeError());
  llvm::orc::JITDylib &dylib = (*jit)->getMainJITDylib();
  llvm::orc::MangleAndInterner intern((*jit)->getExecutionSession(),
                                      (*jit)->getDataLayout());
  llvm::orc::SymbolMap symbols;
  for (auto [name, address] : runtime::getKernelSymbols())
    symbols[intern(name)] = {llvm::orc::ExecutorAddr::fromPtr(address),
                             llvm::JITSymbolFlags::Exported};
  if (llvm::Error error =
          dylib.define(llvm::orc::absoluteSymbols(std::move(symbols))))
    return module.emitError("cannot define the runtime's symbols: ")
           << llvm::toString(std::move(error));
  for (KernelObject &object : objects) {
    auto buffer =
        llvm::MemoryBuffer::getMemBufferCopy(object.bytes, object.symbol);
    if (llvm::Error error = (*jit)->addObjectFile(std::move(buffer)))
      return module.emitError("cannot load the object of kernel @")
             << object.names.front() << ": "
             << llvm::toString(std::move(error));
  }
  llvm::StringMap<runtime::KernelFn> entries;
  for (const KernelObject &object : objects) {
    auto address = (*jit)->lookup(object.symbol + kEntrySuffix.str());
    if (!address)
      return module.emitError("cannot link kernel @")
             << object.names.front() << ": "
             << llvm::toString(address.takeError());
    auto fn = address->toPtr<runtime::KernelFn>();
    for (const std::string &name : object.names)
      entries[name + kEntrySuffix.str()] = fn;
  }
  return std::shared_ptr<runtime::KernelLibrary>(
      std::make_shared<JitKernelLibrary>(std::move(*jit), std::move(entries),
                                         std::move(objects)));
}
