//===- CompileCache.cpp - One compiled program per argument signature -----===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Target/CPU/CompileCache.h"

#include "hlox/Transforms/Specialize.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/Support/DebugLog.h"

#define DEBUG_TYPE "hlox-compile-cache"

using namespace mlir;
using namespace hlox;
using namespace hlox::cpu;

CompileCache::CompileCache(ModuleOp module, CompileOptions options)
    : source(module.clone()), options(std::move(options)) {
  if (auto entry = source->lookupSymbol<func::FuncOp>(this->options.entry))
    polymorphic = hasDynamicShapes(entry);
}

std::string CompileCache::signatureKey(ArrayRef<RankedTensorType> types,
                                       ArrayRef<Attribute> values) const {
  std::string key;
  llvm::raw_string_ostream os(key);
  for (auto [i, type] : llvm::enumerate(types)) {
    os << type;
    // Dimension-size arguments shape a polymorphic program.
    if (polymorphic && i < values.size() && values[i])
      os << "=" << values[i];
    os << ";";
  }
  return key;
}

FailureOr<const CompiledProgram *>
CompileCache::get(ArrayRef<RankedTensorType> types,
                  ArrayRef<Attribute> values) {
  std::string key = signatureKey(types, values);
  if (auto it = programs.find(key); it != programs.end()) {
    ++hits;
    LDBG() << "hit: " << key;
    return it->second.get();
  }
  LDBG() << "miss: " << key;
  OwningOpRef<ModuleOp> module = source->clone();
  auto entry = module->lookupSymbol<func::FuncOp>(options.entry);
  if (!entry)
    return module->emitError("no function @") << options.entry;
  if (entry.getNumArguments() != types.size())
    return entry.emitError("@")
           << options.entry << " takes " << entry.getNumArguments()
           << " arguments, got " << types.size();
  if (polymorphic) {
    // Annotations and custom calls go before the entry's shapes are fixed,
    // so that refinement sees only StableHLO.
    if (failed(importProgram(*module)) ||
        failed(specializeEntry(*module, options.entry, types, values)))
      return failure();
  } else {
    for (auto [i, type] : llvm::enumerate(types))
      if (entry.getArgumentTypes()[i] != type)
        return entry.emitError("argument ")
               << i << " of @" << options.entry << " has type "
               << entry.getArgumentTypes()[i] << ", got " << type;
  }
  FailureOr<std::unique_ptr<CompiledProgram>> compiled =
      compile(*module, options);
  if (failed(compiled))
    return failure();
  const CompiledProgram *program = compiled->get();
  programs.emplace(std::move(key), std::move(*compiled));
  return program;
}
