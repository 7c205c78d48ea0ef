//===- NarrowStreamingReductions.cpp - 256-bit vectors for streams --------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Marks the dispatches that only stream memory through a cheap float
// reduction for 256-bit vectors and for loops that LLVM does not unroll
// (see the pass's description in Passes.td).
//
//===----------------------------------------------------------------------===//

#include "hlox/Target/CPU/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#define DEBUG_TYPE "hlox-cpu-narrow-streaming-reductions"

namespace hlox::cpu {
#define GEN_PASS_DEF_CPUNARROWSTREAMINGREDUCTIONS
#include "hlox/Target/CPU/Passes.h.inc"
} // namespace hlox::cpu

using namespace mlir;
using namespace hlox;
using hlox::cpu::kKeepLoopsRolledAttr;
using hlox::cpu::kPreferVectorBitsAttr;

namespace {

/// Whether `op`, inside a linalg op's body, costs about nothing next to
/// reading its operands from memory: adds, max and min, conversions,
/// compares, selects, constants.
bool isCheap(Operation *op) {
  return isa<linalg::YieldOp, arith::ConstantOp, arith::AddFOp, arith::SubFOp,
             arith::MaximumFOp, arith::MinimumFOp, arith::MaxNumFOp,
             arith::MinNumFOp, arith::ExtFOp, arith::TruncFOp, arith::CmpFOp,
             arith::SelectOp, arith::AddIOp, arith::SubIOp, arith::MaxSIOp,
             arith::MinSIOp, arith::MaxUIOp, arith::MinUIOp, arith::CmpIOp,
             arith::ExtSIOp, arith::ExtUIOp, arith::TruncIOp>(op);
}

/// Whether `function` does nothing but stream memory through at least one
/// float reduction: linalg ops (no contraction) whose bodies are cheap;
/// around them only what moves or views data and computes indices
/// (tensor, bufferization and affine ops, arith outside the bodies).
bool isStreamingReduction(func::FuncOp function) {
  bool floatReduction = false;
  WalkResult result = function.getBody().walk([&](Operation *op) {
    if (op->getParentOfType<linalg::LinalgOp>())
      return isCheap(op) ? WalkResult::advance() : WalkResult::interrupt();
    auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
    if (!linalgOp)
      return isa<func::ReturnOp>(op) ||
                     isa<tensor::TensorDialect,
                         bufferization::BufferizationDialect,
                         affine::AffineDialect, arith::ArithDialect>(
                         op->getDialect())
                 ? WalkResult::advance()
                 : WalkResult::interrupt();
    if (!isa<linalg::GenericOp, linalg::ReduceOp, linalg::FillOp,
             linalg::CopyOp, linalg::BroadcastOp, linalg::TransposeOp>(op) ||
        linalg::isaContractionOpInterface(linalgOp))
      return WalkResult::interrupt();
    if (linalgOp.getNumReductionLoops() > 0 &&
        llvm::any_of(linalgOp.getDpsInits(), [](Value init) {
          return isa<FloatType>(getElementTypeOrSelf(init.getType()));
        }))
      floatReduction = true;
    return WalkResult::advance();
  });
  return !result.wasInterrupted() && floatReduction;
}

class NarrowStreamingReductionsPass
    : public hlox::cpu::impl::CPUNarrowStreamingReductionsBase<
          NarrowStreamingReductionsPass> {
public:
  void runOnOperation() override {
    auto bits = IntegerAttr::get(IntegerType::get(&getContext(), 64), 256);
    for (auto function : getOperation().getOps<func::FuncOp>())
      if (function->hasAttr(kDispatchAttr) && isStreamingReduction(function)) {
        function->setAttr(kPreferVectorBitsAttr, bits);
        function->setAttr(kKeepLoopsRolledAttr, UnitAttr::get(&getContext()));
      }
  }
};

} // namespace
