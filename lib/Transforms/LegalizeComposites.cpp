//===- LegalizeComposites.cpp - Composites, native or inlined -------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Transforms/Passes.h"

#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringMap.h"

#define DEBUG_TYPE "stablehlo-legalize-composites"

namespace hlox {
#define GEN_PASS_DEF_STABLEHLOLEGALIZECOMPOSITES
#include "hlox/Transforms/Passes.h.inc"
} // namespace hlox

using namespace mlir;
namespace shlo = hlox::stablehlo;

namespace {

/// `composite` as a custom call of the handler of `target`.
void rewriteToCustomCall(shlo::CompositeOp composite, StringRef target,
                         OpBuilder &builder) {
  auto call = shlo::CustomCallOp::create(builder, composite.getLoc(),
                                         composite.getResultTypes(),
                                         composite.getInputs());
  call.setCallTargetName(target);
  call.setBackendConfigAttr(composite.getCompositeAttributes());
  call.setApiVersion(shlo::CustomCallApiVersion::API_VERSION_TYPED_FFI);
  call->setAttr("hlox.composite_version", composite.getVersionAttr());
  composite.replaceAllUsesWith(call.getResults());
  composite.erase();
}

/// `composite` as a call of its decomposition.
void rewriteToCall(shlo::CompositeOp composite, OpBuilder &builder) {
  auto call = func::CallOp::create(
      builder, composite.getLoc(), composite.getDecompositionAttr(),
      composite.getResultTypes(), composite.getInputs());
  composite.replaceAllUsesWith(call.getResults());
  composite.erase();
}

class LegalizeCompositesPass
    : public hlox::impl::StablehloLegalizeCompositesBase<
          LegalizeCompositesPass> {
public:
  using StablehloLegalizeCompositesBase::StablehloLegalizeCompositesBase;

  void runOnOperation() override {
    // KEY (NAME or NAME@VERSION) -> target.
    llvm::StringMap<std::string> targets;
    for (StringRef entry : native) {
      auto [key, target] = entry.split('=');
      targets[key] = (target.empty() ? key : target).str();
    }
    SmallVector<shlo::CompositeOp> composites;
    getOperation().walk(
        [&](shlo::CompositeOp op) { composites.push_back(op); });
    OpBuilder builder(&getContext());
    for (shlo::CompositeOp composite : composites) {
      builder.setInsertionPoint(composite);
      std::string versioned = (composite.getName() + "@" +
                               Twine(composite.getVersion()))
                                  .str();
      auto it = targets.find(versioned);
      if (it == targets.end())
        it = targets.find(composite.getName());
      if (it != targets.end())
        rewriteToCustomCall(composite, it->second, builder);
      else
        rewriteToCall(composite, builder);
    }
  }
};

} // namespace
