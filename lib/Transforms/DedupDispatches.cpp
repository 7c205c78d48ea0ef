//===- DedupDispatches.cpp - One function per distinct dispatch -----------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Dispatch functions that are equal up to their names merge into the first
// of them. Two functions are equal when they print alike (without
// locations) under one name: the signature, every attribute and the whole
// body, constants in full. One printing per dispatch and one walk to
// redirect references keep this linear in the size of the module.
//
//===----------------------------------------------------------------------===//

#include "hlox/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/AttrTypeSubElements.h"
#include "llvm/ADT/StringMap.h"

#define DEBUG_TYPE "hlox-dedup-dispatches"

namespace hlox {
#define GEN_PASS_DEF_HLOXDEDUPDISPATCHES
#include "hlox/Transforms/Passes.h.inc"
} // namespace hlox

using namespace mlir;

std::string hlox::printDispatch(func::FuncOp dispatch) {
  StringAttr name = dispatch.getSymNameAttr();
  dispatch.setSymName("dispatch");
  std::string text;
  llvm::raw_string_ostream os(text);
  dispatch->print(os, OpPrintingFlags().assumeVerified().useLocalScope());
  dispatch.setSymNameAttr(name);
  return text;
}

namespace {

class DedupDispatchesPass
    : public hlox::impl::HloxDedupDispatchesBase<DedupDispatchesPass> {
public:
  void runOnOperation() override {
    ModuleOp module = getOperation();
    llvm::StringMap<StringAttr> firstByBody;
    DenseMap<StringAttr, StringAttr> replacement;
    SmallVector<func::FuncOp> duplicates;
    for (auto function : module.getOps<func::FuncOp>()) {
      if (!function->hasAttr(hlox::kDispatchAttr) || function.isExternal())
        continue;
      auto [it, inserted] = firstByBody.try_emplace(hlox::printDispatch(function),
                                                    function.getSymNameAttr());
      if (inserted)
        continue;
      replacement[function.getSymNameAttr()] = it->second;
      duplicates.push_back(function);
    }
    if (duplicates.empty())
      return;
    AttrTypeReplacer replacer;
    replacer.addReplacement(
        [&](FlatSymbolRefAttr ref) -> std::optional<Attribute> {
          StringAttr to = replacement.lookup(ref.getAttr());
          if (!to)
            return std::nullopt;
          return FlatSymbolRefAttr::get(to);
        });
    // Dispatches live at the top of the module, so a reference to one is a
    // flat symbol reference.
    module.walk([&](Operation *op) {
      if (op != module.getOperation())
        replacer.replaceElementsIn(op, /*replaceAttrs=*/true,
                                   /*replaceLocs=*/false,
                                   /*replaceTypes=*/false);
    });
    for (func::FuncOp function : duplicates)
      function.erase();
  }
};

} // namespace
