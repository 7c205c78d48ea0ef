//===- ContractFloats.cpp - Let LLVM fuse float multiply and add ----------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Target/CPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

#define DEBUG_TYPE "hlox-cpu-contract-floats"

namespace hlox::cpu {
#define GEN_PASS_DEF_CPUCONTRACTFLOATS
#include "hlox/Target/CPU/Passes.h.inc"
} // namespace hlox::cpu

using namespace mlir;

namespace {

class ContractFloatsPass
    : public hlox::cpu::impl::CPUContractFloatsBase<ContractFloatsPass> {
public:
  void runOnOperation() override {
    getOperation().walk([](Operation *op) {
      if (!isa<arith::MulFOp, arith::AddFOp, arith::SubFOp>(op))
        return;
      auto fastMath = cast<arith::ArithFastMathInterface>(op);
      arith::FastMathFlags flags = fastMath.getFastMathFlagsAttr().getValue();
      op->setAttr(fastMath.getFastMathAttrName(),
                  arith::FastMathFlagsAttr::get(
                      op->getContext(), flags | arith::FastMathFlags::contract));
    });
  }
};

} // namespace
