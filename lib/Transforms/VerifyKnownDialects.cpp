//===- VerifyKnownDialects.cpp - Ops and types of dialects hlox knows -----===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Transforms/KnownDialects.h"
#include "hlox/Transforms/Passes.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/Support/FormatVariadic.h"

#define DEBUG_TYPE "hlox-verify-known-dialects"

namespace hlox {
#define GEN_PASS_DEF_HLOXVERIFYKNOWNDIALECTS
#include "hlox/Transforms/Passes.h.inc"
} // namespace hlox

using namespace mlir;

/// The opaque type inside `type` (itself, an element type, a function
/// input or result), or null.
static OpaqueType findOpaqueType(Type type) {
  OpaqueType found;
  type.walk([&](OpaqueType opaque) {
    if (!found)
      found = opaque;
  });
  return found;
}

LogicalResult hlox::verifyKnownDialects(Operation *root) {
  bool failed = false;
  auto reportType = [&](Operation *op, Type type, StringRef what) {
    OpaqueType opaque = findOpaqueType(type);
    if (!opaque)
      return;
    op->emitError() << what << " has type " << type << " of dialect '"
                    << opaque.getDialectNamespace().strref()
                    << "', which hlox does not know";
    failed = true;
  };
  root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (!op->isRegistered()) {
      op->emitError() << "'" << op->getName() << "' is an op of dialect '"
                      << op->getName().getDialectNamespace()
                      << "', which hlox does not know";
      failed = true;
      return WalkResult::skip();
    }
    if (auto function = dyn_cast<FunctionOpInterface>(op)) {
      // The signature speaks for the body's arguments.
      reportType(op, function.getFunctionType(), "the function");
      return WalkResult::advance();
    }
    for (OpResult result : op->getResults())
      reportType(op, result.getType(),
                 llvm::formatv("result {0}", result.getResultNumber()).str());
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument argument : block.getArguments())
          reportType(op, argument.getType(),
                     llvm::formatv("block argument {0}", argument.getArgNumber())
                         .str());
    return WalkResult::advance();
  });
  return mlir::failure(failed);
}

namespace {

class VerifyKnownDialectsPass final
    : public hlox::impl::HloxVerifyKnownDialectsBase<VerifyKnownDialectsPass> {
public:
  void runOnOperation() override {
    if (failed(hlox::verifyKnownDialects(getOperation())))
      signalPassFailure();
  }
};

} // namespace
