//===- KeepLoopsRolled.cpp - No LLVM unrolling for streaming kernels ------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Gives every loop of a kernel marked `hlox.keep_loops_rolled` LLVM's
// `llvm.loop.unroll.disable` (see the pass's description in Passes.td).
// A loop's back edge is a branch to a block that dominates the branch; the
// annotation goes on that branch, where LLVM reads a loop's metadata.
//
//===----------------------------------------------------------------------===//

#include "hlox/Target/CPU/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Dominance.h"

#define DEBUG_TYPE "hlox-cpu-keep-loops-rolled"

namespace hlox::cpu {
#define GEN_PASS_DEF_CPUKEEPLOOPSROLLED
#include "hlox/Target/CPU/Passes.h.inc"
} // namespace hlox::cpu

using namespace mlir;
using namespace hlox::cpu;

namespace {

class KeepLoopsRolledPass
    : public hlox::cpu::impl::CPUKeepLoopsRolledBase<KeepLoopsRolledPass> {
public:
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    auto unroll = LLVM::LoopUnrollAttr::get(
        context, /*disable=*/BoolAttr::get(context, true), /*count=*/{},
        /*runtimeDisable=*/{}, /*full=*/{}, /*followupUnrolled=*/{},
        /*followupRemainder=*/{}, /*followupAll=*/{});
    auto annotation = LLVM::LoopAnnotationAttr::get(
        context, /*disableNonforced=*/{}, /*vectorize=*/{}, /*interleave=*/{},
        unroll, /*unrollAndJam=*/{}, /*licm=*/{}, /*distribute=*/{},
        /*pipeline=*/{}, /*peeled=*/{}, /*unswitch=*/{}, /*mustProgress=*/{},
        /*isVectorized=*/{}, /*startLoc=*/{}, /*endLoc=*/{},
        /*parallelAccesses=*/{});
    for (auto function : getOperation().getOps<LLVM::LLVMFuncOp>()) {
      if (!function->hasAttr(kKeepLoopsRolledAttr) || function.isExternal())
        continue;
      DominanceInfo dominance(function);
      auto isBackEdge = [&](Operation *branch) {
        return llvm::any_of(branch->getSuccessors(), [&](Block *successor) {
          return dominance.dominates(successor, branch->getBlock());
        });
      };
      // A loop that already says what LLVM may do with it keeps that.
      function.walk([&](Operation *op) {
        if (auto br = dyn_cast<LLVM::BrOp>(op)) {
          if (!br.getLoopAnnotationAttr() && isBackEdge(br))
            br.setLoopAnnotationAttr(annotation);
        } else if (auto condBr = dyn_cast<LLVM::CondBrOp>(op)) {
          if (!condBr.getLoopAnnotationAttr() && isBackEdge(condBr))
            condBr.setLoopAnnotationAttr(annotation);
        }
      });
    }
  }
};

} // namespace
