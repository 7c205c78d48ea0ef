//===- ContractFloats.cpp - Let LLVM fuse float multiply and add ----------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Target/CPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"

#define DEBUG_TYPE "hlox-cpu-contract-floats"

namespace hlox::cpu {
#define GEN_PASS_DEF_CPUCONTRACTFLOATS
#include "hlox/Target/CPU/Passes.h.inc"
} // namespace hlox::cpu

using namespace mlir;

namespace {

/// Adds `contract` to a float multiply, add or subtract.
void allowContraction(Operation *op) {
  if (!isa<arith::MulFOp, arith::AddFOp, arith::SubFOp>(op))
    return;
  auto fastMath = cast<arith::ArithFastMathInterface>(op);
  arith::FastMathFlags flags = fastMath.getFastMathFlagsAttr().getValue();
  op->setAttr(fastMath.getFastMathAttrName(),
              arith::FastMathFlagsAttr::get(
                  op->getContext(), flags | arith::FastMathFlags::contract));
}

class ContractFloatsPass
    : public hlox::cpu::impl::CPUContractFloatsBase<ContractFloatsPass> {
public:
  using Base::Base;

  void runOnOperation() override {
    if (!elementwiseOnly) {
      getOperation().walk(allowContraction);
      return;
    }
    // f64 computations keep the evaluator's rounding: programs compute in
    // f64 to compare with references, which round each operation.
    getOperation().walk([](linalg::LinalgOp op) {
      if (op.getNumReductionLoops() != 0)
        return;
      op.getBlock()->walk([](Operation *inner) {
        if (inner->getNumResults() == 1 &&
            getElementTypeOrSelf(inner->getResult(0).getType()).isF32())
          allowContraction(inner);
      });
    });
  }
};

} // namespace
