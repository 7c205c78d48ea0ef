//===- EmulateNarrowFloats.cpp - f16/bf16 arithmetic in f32, op by op -----===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Each arith or math op on f16/bf16 values (scalars or vectors) computes in
// f32 and rounds its result back: extf operands, the op, truncf results. Each
// op rounds, as StableHLO's semantics and the evaluator do; a chain of ops
// does not stay in f32.
//
//===----------------------------------------------------------------------===//

#include "hlox/Target/CPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/Support/DebugLog.h"

#define DEBUG_TYPE "hlox-cpu-emulate-narrow-floats"

namespace hlox::cpu {
#define GEN_PASS_DEF_CPUEMULATENARROWFLOATS
#include "hlox/Target/CPU/Passes.h.inc"
} // namespace hlox::cpu

using namespace mlir;

namespace {

bool isNarrowFloat(Type type) {
  Type element = getElementTypeOrSelf(type);
  return element.isF16() || element.isBF16();
}

/// `type` with f32 for its narrow float element type.
Type widen(Type type) {
  if (!isNarrowFloat(type))
    return type;
  Type f32 = Float32Type::get(type.getContext());
  if (auto vector = dyn_cast<VectorType>(type))
    return vector.clone(f32);
  return f32;
}

/// True for the ops that compute on narrow floats, which LLVM would
/// otherwise compute in its own way: every arith and math op but those that
/// only move bits or convert between float widths (exactly, or with the
/// rounding they define).
bool computes(Operation *op) {
  if (!isa<arith::ArithDialect, math::MathDialect>(op->getDialect()))
    return false;
  if (isa<arith::ExtFOp, arith::TruncFOp, arith::ConstantOp, arith::BitcastOp,
          arith::SelectOp>(op))
    return false;
  return llvm::any_of(op->getOperandTypes(), isNarrowFloat) ||
         llvm::any_of(op->getResultTypes(), isNarrowFloat);
}

class EmulateNarrowFloatsPass
    : public hlox::cpu::impl::CPUEmulateNarrowFloatsBase<
          EmulateNarrowFloatsPass> {
public:
  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation().walk([&](Operation *op) {
      if (computes(op))
        ops.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (Operation *op : ops) {
      if (op->getNumRegions() != 0) {
        op->emitError("cannot emulate narrow floats in an op with regions");
        return signalPassFailure();
      }
      Location loc = op->getLoc();
      rewriter.setInsertionPoint(op);
      SmallVector<Value> operands;
      for (Value operand : op->getOperands())
        operands.push_back(
            isNarrowFloat(operand.getType())
                ? arith::ExtFOp::create(rewriter, loc, widen(operand.getType()),
                                        operand)
                      .getResult()
                : operand);
      SmallVector<Type> resultTypes;
      for (Type type : op->getResultTypes())
        resultTypes.push_back(widen(type));
      OperationState state(loc, op->getName(), operands, resultTypes,
                           op->getAttrs());
      Operation *wide = rewriter.create(state);
      SmallVector<Value> results;
      for (auto [result, wideResult] :
           llvm::zip(op->getResults(), wide->getResults()))
        results.push_back(
            isNarrowFloat(result.getType())
                ? arith::TruncFOp::create(rewriter, loc, result.getType(),
                                          wideResult)
                      .getResult()
                : wideResult);
      LDBG() << "widened " << *wide;
      rewriter.replaceOp(op, results);
    }
  }
};

} // namespace
