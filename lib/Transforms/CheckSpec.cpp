//===- CheckSpec.cpp - Spec constraints the verifiers leave open ----------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// hlox's verifiers accept what upstream's do, so that every program upstream
// writes parses (and round-trips as VHLO); where upstream is looser than the
// spec, the spec's constraint is checked here, when a program is imported
// to run: an error at the op.
//
//===----------------------------------------------------------------------===//

#include "hlox/Transforms/Passes.h"

#include "hlox/Dialect/StableHLO/IR/ReplicaGroups.h"
#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"

#define DEBUG_TYPE "stablehlo-check-spec"

namespace hlox {
#define GEN_PASS_DEF_STABLEHLOCHECKSPEC
#include "hlox/Transforms/Passes.h.inc"
} // namespace hlox

using namespace mlir;
namespace shlo = hlox::stablehlo;

namespace {

/// rng_bit_generator (C2): a 1-d integer state of the size the algorithm
/// reads.
LogicalResult checkRngState(shlo::RngBitGeneratorOp op) {
  auto state = cast<RankedTensorType>(op.getInitialState().getType());
  if (state.getRank() != 1 || state.isDynamicDim(0) ||
      !isa<IntegerType>(state.getElementType()))
    return op.emitOpError("/*rng_bit_generator_c2*/ initial_state must be a "
                          "1-d tensor of integers of static size, got ")
           << state;
  int64_t size = state.getDimSize(0);
  switch (op.getRngAlgorithm()) {
  case shlo::RngAlgorithm::THREE_FRY:
    if (size != 2)
      return op.emitOpError("/*rng_bit_generator_c2*/ THREE_FRY needs a "
                            "state of 2 elements, got ")
             << size;
    break;
  case shlo::RngAlgorithm::PHILOX:
    if (size != 2 && size != 3)
      return op.emitOpError("/*rng_bit_generator_c2*/ PHILOX needs a state "
                            "of 2 or 3 elements, got ")
             << size;
    break;
  case shlo::RngAlgorithm::DEFAULT:
    break;
  }
  return success();
}

/// all_gather (C6): the gathered dimension is the operand's times the size
/// of the process groups, where that size is known without the grid.
LogicalResult checkAllGatherSize(shlo::AllGatherOp op) {
  int64_t parts =
      shlo::processGroupSize(op.getReplicaGroups(), op.getChannelHandleAttr(),
                             op.getUseGlobalDeviceIds());
  int64_t dim = op.getAllGatherDimAttr().getInt();
  if (ShapedType::isDynamic(parts))
    return success();
  for (auto [operand, result] : llvm::zip(op.getOperands(), op.getResults())) {
    auto type = cast<RankedTensorType>(operand.getType());
    auto resultType = cast<RankedTensorType>(result.getType());
    if (type.isDynamicDim(dim) || resultType.isDynamicDim(dim))
      continue;
    if (resultType.getDimSize(dim) != type.getDimSize(dim) * parts)
      return op.emitOpError("/*all_gather_c6*/ result dimension ")
             << dim << " must be " << type.getDimSize(dim) * parts
             << " (the operand's " << type.getDimSize(dim)
             << " times groups of " << parts << "), got "
             << resultType.getDimSize(dim);
  }
  return success();
}

/// custom_call: buffers (the spec's memrefs of CreateBuffer, Pin and Unpin)
/// and futures are StableHLO that hlox does not run.
LogicalResult checkCustomCallValues(shlo::CustomCallOp op) {
  for (TypeRange types : {TypeRange(op->getOperandTypes()),
                           TypeRange(op->getResultTypes())})
    for (Type type : types)
      if (isa<MemRefType, shlo::FutureType>(type))
        return op.emitOpError("custom_call @")
               << op.getCallTargetName() << " takes or returns " << type
               << ": hlox runs custom calls on tensors, tokens and tuples "
                  "only";
  return success();
}

class CheckSpecPass final
    : public hlox::impl::StablehloCheckSpecBase<CheckSpecPass> {
public:
  void runOnOperation() override {
    bool ok = true;
    getOperation()->walk([&](Operation *op) {
      LogicalResult result = success();
      if (auto rng = dyn_cast<shlo::RngBitGeneratorOp>(op))
        result = checkRngState(rng);
      else if (auto gather = dyn_cast<shlo::AllGatherOp>(op))
        result = checkAllGatherSize(gather);
      else if (auto call = dyn_cast<shlo::CustomCallOp>(op))
        result = checkCustomCallValues(call);
      ok &= succeeded(result);
    });
    if (!ok)
      signalPassFailure();
  }
};

} // namespace
