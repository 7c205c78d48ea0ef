//===- CompileCache.cpp - One compiled program per argument signature -----===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Pipelines/CompileCache.h"

#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"
#include "hlox/Transforms/Specialize.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/Support/DebugLog.h"

#define DEBUG_TYPE "hlox-compile-cache"

using namespace mlir;
using namespace hlox;

CompileCache::CompileCache(ModuleOp module,
                           std::shared_ptr<const Target> target)
    : source(module.clone()), target(std::move(target)),
      entry(this->target->getOptions().entry) {
  if (auto function = source->lookupSymbol<func::FuncOp>(entry))
    polymorphic = hasDynamicShapes(function);
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
  auto function = module->lookupSymbol<func::FuncOp>(entry);
  if (!function)
    return module->emitError("no function @") << entry;
  if (function.getNumArguments() != types.size())
    return function.emitError("@")
           << entry << " takes " << function.getNumArguments()
           << " arguments, got " << types.size();
  if (polymorphic) {
    // Annotations and custom calls go before the entry's shapes are fixed,
    // so that refinement sees only StableHLO.
    if (failed(importProgram(*module)) ||
        failed(specializeEntry(*module, entry, types, values)))
      return failure();
  } else {
    for (auto [i, type] : llvm::enumerate(types)) {
      // A token argument passes as an empty tensor<0xi1>.
      Type declared = function.getArgumentTypes()[i];
      if (isa<stablehlo::TokenType>(declared) && type.getRank() == 1 &&
          type.getDimSize(0) == 0 && type.getElementType().isInteger(1))
        continue;
      if (declared != type)
        return function.emitError("argument ")
               << i << " of @" << entry << " has type "
               << function.getArgumentTypes()[i] << ", got " << type;
    }
  }
  FailureOr<std::unique_ptr<CompiledProgram>> compiled =
      compile(*module, *target);
  if (failed(compiled))
    return failure();
  const CompiledProgram *program = compiled->get();
  programs.emplace(std::move(key), std::move(*compiled));
  return program;
}
