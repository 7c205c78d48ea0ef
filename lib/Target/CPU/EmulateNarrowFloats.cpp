//===- EmulateNarrowFloats.cpp - f16/bf16 arithmetic in f32, op by op -----===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Each arith or math op on f16/bf16 values (scalars or vectors) computes in
// f32 and rounds its result back: extf operands, the op, truncf results. Each
// op rounds, as StableHLO's semantics and the evaluator do; a chain of ops
// does not stay in f32.
//
// Ops whose f32 result is one of their (widened) operands or its sign
// changed (maximum, minimum, negation, absolute value, copysign) give a value
// the narrow type holds exactly. A bf16 one then narrows by dropping the low
// half of its bits instead of rounding (the upper half of an f32 is its
// bf16), and the ops that read it use the f32 value itself.
//
//===----------------------------------------------------------------------===//

#include "hlox/Target/CPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
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

/// True for the ops whose result, in f32 on widened operands, is exactly a
/// narrow float value: one of the operands, or one with its sign changed
/// (or a quiet NaN, which narrows to a NaN).
bool isExactInNarrow(Operation *op) {
  return isa<arith::MaximumFOp, arith::MinimumFOp, arith::MaxNumFOp,
             arith::MinNumFOp, arith::NegFOp, math::AbsFOp, math::CopySignOp>(
      op);
}

/// `wide`, an f32 value (or vector) that bf16 holds exactly, as bf16: the
/// upper 16 bits of each element.
Value narrowExactBF16(OpBuilder &builder, Location loc, Type narrowType,
                      Value wide) {
  auto withElement = [&](Type element) -> Type {
    if (auto vector = dyn_cast<VectorType>(narrowType))
      return vector.clone(element);
    return element;
  };
  Type i32 = withElement(builder.getI32Type());
  Type i16 = withElement(builder.getI16Type());
  Value bits = arith::BitcastOp::create(builder, loc, i32, wide);
  Value sixteen = createScalarOrSplatConstant(builder, loc, i32, 16);
  Value high = arith::ShRUIOp::create(builder, loc, bits, sixteen);
  Value half = arith::TruncIOp::create(builder, loc, i16, high);
  return arith::BitcastOp::create(builder, loc, narrowType, half);
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
    // The f32 value of each narrow result that narrowed exactly.
    DenseMap<Value, Value> wideOf;
    for (Operation *op : ops) {
      if (op->getNumRegions() != 0) {
        op->emitError("cannot emulate narrow floats in an op with regions");
        return signalPassFailure();
      }
      Location loc = op->getLoc();
      rewriter.setInsertionPoint(op);
      SmallVector<Value> operands;
      for (Value operand : op->getOperands()) {
        if (Value wide = wideOf.lookup(operand))
          operands.push_back(wide);
        else if (isNarrowFloat(operand.getType()))
          operands.push_back(arith::ExtFOp::create(
              rewriter, loc, widen(operand.getType()), operand));
        else
          operands.push_back(operand);
      }
      SmallVector<Type> resultTypes;
      for (Type type : op->getResultTypes())
        resultTypes.push_back(widen(type));
      OperationState state(loc, op->getName(), operands, resultTypes,
                           op->getAttrs());
      Operation *wide = rewriter.create(state);
      SmallVector<Value> results;
      for (auto [result, wideResult] :
           llvm::zip(op->getResults(), wide->getResults())) {
        Type type = result.getType();
        if (!isNarrowFloat(type)) {
          results.push_back(wideResult);
          continue;
        }
        if (isExactInNarrow(op) && getElementTypeOrSelf(type).isBF16()) {
          Value narrow = narrowExactBF16(rewriter, loc, type, wideResult);
          wideOf[narrow] = wideResult;
          results.push_back(narrow);
          continue;
        }
        results.push_back(
            arith::TruncFOp::create(rewriter, loc, type, wideResult));
      }
      LDBG() << "widened " << *wide;
      rewriter.replaceOp(op, results);
    }
  }
};

} // namespace
