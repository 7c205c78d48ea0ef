//===- CopiesToLoops.cpp - memref.copy to linalg.copy ---------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Target/CPU/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Builders.h"

#define DEBUG_TYPE "hlox-cpu-copies-to-loops"

namespace hlox::cpu {
#define GEN_PASS_DEF_CPUCOPIESTOLOOPS
#include "hlox/Target/CPU/Passes.h.inc"
} // namespace hlox::cpu

using namespace mlir;

namespace {

class CopiesToLoopsPass
    : public hlox::cpu::impl::CPUCopiesToLoopsBase<CopiesToLoopsPass> {
public:
  void runOnOperation() override {
    SmallVector<memref::CopyOp> copies;
    getOperation().walk([&](memref::CopyOp copy) { copies.push_back(copy); });
    OpBuilder builder(&getContext());
    for (memref::CopyOp copy : copies) {
      builder.setInsertionPoint(copy);
      linalg::CopyOp::create(builder, copy.getLoc(), copy.getSource(),
                             copy.getTarget());
      copy.erase();
    }
  }
};

} // namespace
