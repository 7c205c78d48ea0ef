//===- ConvertPromotedReductions.cpp - Promoted reduction operands --------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// A reduction body may take a wider type than the values it reduces (the
// spec's is_promotable: f32 inputs summed in f64); its results then have
// the body's type. Converting the reduced operands to that type first
// gives the same values (the spec converts them before the body sees them)
// and an op whose types agree, which the evaluator and the lowering take
// as they are.
//
//===----------------------------------------------------------------------===//

#include "hlox/Transforms/Passes.h"

#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"

#include "mlir/IR/Builders.h"

#define DEBUG_TYPE "stablehlo-convert-promoted-reductions"

namespace hlox {
#define GEN_PASS_DEF_STABLEHLOCONVERTPROMOTEDREDUCTIONS
#include "hlox/Transforms/Passes.h.inc"
} // namespace hlox

using namespace mlir;
namespace shlo = hlox::stablehlo;

namespace {

/// Converts operand `index` of `op` to element type `element` where it
/// differs; quantized values stay (the quantized lowering reads them).
void convertOperand(OpBuilder &builder, Operation *op, unsigned index,
                    Type element) {
  Value value = op->getOperand(index);
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type || !element || type.getElementType() == element ||
      isa<quant::QuantizedType>(type.getElementType()) ||
      isa<quant::QuantizedType>(element))
    return;
  builder.setInsertionPoint(op);
  Value converted = shlo::ConvertOp::create(builder, op->getLoc(),
                                            type.clone(element), value);
  op->setOperand(index, converted);
}

/// Converts operands k and `second + k` of `op`, for k below `n`, to the
/// element type of argument k of `body`.
void convertPairs(OpBuilder &builder, Operation *op, unsigned n, Region &body,
                  unsigned second) {
  for (unsigned k = 0; k < n; ++k) {
    Type element = shlo::getPromotedElementType(body, k);
    convertOperand(builder, op, k, element);
    convertOperand(builder, op, second + k, element);
  }
}

class ConvertPromotedReductionsPass final
    : public hlox::impl::StablehloConvertPromotedReductionsBase<
          ConvertPromotedReductionsPass> {
public:
  void runOnOperation() override {
    OpBuilder builder(&getContext());
    getOperation()->walk([&](Operation *op) {
      if (isa<shlo::ReduceOp, shlo::ReduceWindowOp>(op)) {
        // inputs..., init_values..., as many of each.
        unsigned n = op->getNumOperands() / 2;
        convertPairs(builder, op, n, op->getRegion(0), n);
      } else if (auto scatter = dyn_cast<shlo::ScatterOp>(op)) {
        // inputs..., scatter_indices, updates...
        unsigned n = scatter.getInputs().size();
        convertPairs(builder, op, n, scatter.getUpdateComputation(), n + 1);
      } else if (auto select = dyn_cast<shlo::SelectAndScatterOp>(op)) {
        // operand, source and init_value share the element type; `select`
        // then takes the wider values and converts them back, exactly.
        Type element = shlo::getPromotedElementType(select.getScatter(), 0);
        Type original = shlo::getPromotedElementType(select.getSelect(), 0);
        if (!element || !original || element == original ||
            isa<quant::QuantizedType>(element) ||
            isa<quant::QuantizedType>(original))
          return;
        for (unsigned k = 0; k < 3; ++k)
          convertOperand(builder, op, k, element);
        Block &block = select.getSelect().front();
        builder.setInsertionPointToStart(&block);
        for (BlockArgument argument : block.getArguments()) {
          auto type = cast<RankedTensorType>(argument.getType());
          argument.setType(type.clone(element));
          Value narrow =
              shlo::ConvertOp::create(builder, op->getLoc(), type, argument);
          argument.replaceAllUsesExcept(narrow, narrow.getDefiningOp());
        }
      } else if (isa<shlo::AllReduceOp, shlo::ReduceScatterOp,
                     shlo::CollectiveReduceOp>(op)) {
        Type element = shlo::getPromotedElementType(op->getRegion(0), 0);
        unsigned data = op->getNumOperands();
        if (auto collective = dyn_cast<shlo::CollectiveReduceOp>(op);
            collective && collective.getHasDynamicRoot())
          --data;
        for (unsigned k = 0; k < data; ++k)
          convertOperand(builder, op, k, element);
      }
    });
  }
};

} // namespace
