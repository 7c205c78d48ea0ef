//===- MoveNarrowVectorsAsIntegers.cpp - f16/bf16 data moves as i16 -------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Retypes the LLVM-dialect ops that only move the lanes of f16/bf16 vectors
// (loads, stores, masked loads and stores, element inserts and extracts,
// shuffles, selects, constants) to vectors of i16 of the same shape, with
// bitcasts where a narrow-float value meets any other op. See the pass's
// description in Passes.td for why.
//
// The ops are retyped in place, in the order of a walk of each function,
// which visits a block's definitions before their uses: an operand that a
// retyped op produced is the bitcast back to the narrow type of its integer
// result, and the op reads that integer result instead; so does an existing
// bitcast of the narrow value to the same integers (which is dropped).
// Bitcasts left without users are erased at the end.
//
//===----------------------------------------------------------------------===//

#include "hlox/Target/CPU/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/Support/DebugLog.h"

#define DEBUG_TYPE "hlox-cpu-move-narrow-vectors-as-integers"

namespace hlox::cpu {
#define GEN_PASS_DEF_CPUMOVENARROWVECTORSASINTEGERS
#include "hlox/Target/CPU/Passes.h.inc"
} // namespace hlox::cpu

using namespace mlir;

namespace {

bool isNarrowFloat(Type type) { return type.isF16() || type.isBF16(); }

bool isNarrowFloatVector(Type type) {
  auto vector = dyn_cast<VectorType>(type);
  return vector && isNarrowFloat(vector.getElementType());
}

/// `type` with i16 for its f16/bf16 element type (or for itself, a scalar).
Type asIntegers(Type type) {
  Type i16 = IntegerType::get(type.getContext(), 16);
  if (auto vector = dyn_cast<VectorType>(type))
    return vector.clone(i16);
  return i16;
}

/// True for the ops that move lanes without reading them as numbers.
bool onlyMovesLanes(Operation *op) {
  return isa<LLVM::LoadOp, LLVM::StoreOp, LLVM::MaskedLoadOp,
             LLVM::MaskedStoreOp, LLVM::InsertElementOp, LLVM::ExtractElementOp,
             LLVM::ShuffleVectorOp, LLVM::SelectOp, LLVM::ConstantOp,
             LLVM::PoisonOp, LLVM::UndefOp, LLVM::ZeroOp>(op);
}

/// True if `op` moves an f16/bf16 vector (reads or produces one).
bool movesNarrowVector(Operation *op) {
  return llvm::any_of(op->getOperandTypes(), isNarrowFloatVector) ||
         llvm::any_of(op->getResultTypes(), isNarrowFloatVector);
}

/// The operands and results of `op` to retype: every narrow-float vector,
/// and the scalar lane that an insertelement or extractelement of a
/// narrow-float vector moves.
bool retypesOperand(Operation *op, OpOperand &operand) {
  if (isNarrowFloatVector(operand.get().getType()))
    return true;
  auto insert = dyn_cast<LLVM::InsertElementOp>(op);
  return insert && operand.getOperandNumber() ==
                       insert.getValueMutable().getOperandNumber();
}

/// `value` (f16/bf16, a scalar or a vector) as i16: the integer value it was
/// bitcast from, or a new bitcast before `user`.
Value bitsOf(OpBuilder &builder, Operation *user, Value value) {
  Type type = asIntegers(value.getType());
  if (auto cast = value.getDefiningOp<LLVM::BitcastOp>())
    if (cast.getArg().getType() == type)
      return cast.getArg();
  builder.setInsertionPoint(user);
  return LLVM::BitcastOp::create(builder, user->getLoc(), type, value);
}

class MoveNarrowVectorsAsIntegersPass
    : public hlox::cpu::impl::CPUMoveNarrowVectorsAsIntegersBase<
          MoveNarrowVectorsAsIntegersPass> {
public:
  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation().walk([&](Operation *op) {
      if (onlyMovesLanes(op) && movesNarrowVector(op))
        ops.push_back(op);
    });
    OpBuilder builder(&getContext());
    SmallVector<LLVM::BitcastOp> casts;
    for (Operation *op : ops) {
      for (OpOperand &operand : op->getOpOperands())
        if (retypesOperand(op, operand))
          operand.set(bitsOf(builder, op, operand.get()));
      if (auto constant = dyn_cast<LLVM::ConstantOp>(op)) {
        auto value = dyn_cast<DenseElementsAttr>(constant.getValue());
        if (!value) {
          constant.emitError("cannot move a narrow-float vector constant "
                             "that is not dense elements as integers");
          return signalPassFailure();
        }
        constant.setValueAttr(value.bitcast(builder.getI16Type()));
      }
      builder.setInsertionPointAfter(op);
      for (Value result : op->getResults()) {
        Type narrow = result.getType();
        if (!isNarrowFloat(getElementTypeOrSelf(narrow)))
          continue;
        result.setType(asIntegers(narrow));
        auto cast =
            LLVM::BitcastOp::create(builder, op->getLoc(), narrow, result);
        result.replaceAllUsesExcept(cast.getResult(), cast);
        // A bitcast that turned the narrow floats into these integers
        // reads the integers.
        for (Operation *user : llvm::make_early_inc_range(cast->getUsers())) {
          auto back = dyn_cast<LLVM::BitcastOp>(user);
          if (back && back.getType() == result.getType()) {
            back.replaceAllUsesWith(result);
            back->erase();
          }
        }
        casts.push_back(cast);
      }
      LDBG() << "moved as integers: " << *op;
    }
    for (LLVM::BitcastOp cast : casts)
      if (cast->use_empty())
        cast->erase();
  }
};

} // namespace
