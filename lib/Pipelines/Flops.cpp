//===- Flops.cpp - Floating-point work of a program -----------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Pipelines/Flops.h"

#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"

using namespace mlir;
using namespace hlox;

/// Elements of a static shaped type; 0 for a dynamic one.
static double getStaticNumElements(Type type) {
  auto shaped = cast<ShapedType>(type);
  return shaped.hasStaticShape() ? static_cast<double>(shaped.getNumElements())
                                 : 0.0;
}

/// The FLOPs of `function`'s own contractions and its callees', a callee
/// counted at each call.
static double countFlops(func::FuncOp function, ModuleOp module,
                         llvm::SmallPtrSetImpl<Operation *> &active) {
  if (!function || !active.insert(function).second)
    return 0; // Missing, or recursive.
  double flops = 0;
  function.walk([&](Operation *op) {
    if (auto dot = dyn_cast<stablehlo::DotGeneralOp>(op)) {
      auto lhs = cast<ShapedType>(dot.getLhs().getType());
      double contracted = 1;
      for (int64_t dim :
           dot.getDotDimensionNumbers().getLhsContractingDimensions())
        contracted *= lhs.isDynamicDim(dim) ? 0 : lhs.getDimSize(dim);
      flops += 2 * getStaticNumElements(dot.getType()) * contracted;
    } else if (auto dot = dyn_cast<stablehlo::DotOp>(op)) {
      auto lhs = cast<ShapedType>(dot.getLhs().getType());
      int64_t inner = lhs.getDimSize(lhs.getRank() - 1);
      flops += 2 * getStaticNumElements(dot.getType()) *
               (ShapedType::isDynamic(inner) ? 0 : inner);
    } else if (auto conv = dyn_cast<stablehlo::ConvolutionOp>(op)) {
      // Each output element sums the kernel's input features times its
      // window.
      auto kernel = cast<ShapedType>(conv.getRhs().getType());
      if (!kernel.hasStaticShape())
        return;
      auto numbers = conv.getDimensionNumbers();
      double window =
          kernel.getDimSize(numbers.getKernelInputFeatureDimension());
      for (int64_t dim : numbers.getKernelSpatialDimensions())
        window *= kernel.getDimSize(dim);
      flops += 2 * getStaticNumElements(conv.getType()) * window;
    } else if (auto call = dyn_cast<func::CallOp>(op)) {
      flops += countFlops(module.lookupSymbol<func::FuncOp>(call.getCallee()),
                          module, active);
    }
  });
  active.erase(function);
  return flops;
}

int64_t hlox::countContractionFlops(func::FuncOp function, ModuleOp module) {
  llvm::SmallPtrSet<Operation *, 8> active;
  return static_cast<int64_t>(countFlops(function, module, active));
}
