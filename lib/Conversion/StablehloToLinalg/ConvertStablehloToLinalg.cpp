//===- ConvertStablehloToLinalg.cpp - The StableHLO lowering pass ---------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "Lowerings.h"

#include "hlox/Conversion/Passes.h"
#include "hlox/Conversion/StablehloToLinalg/StablehloToLinalg.h"
#include "hlox/Dialect/CHLO/IR/ChloOps.h"
#include "hlox/Dialect/Check/IR/CheckOps.h"
#include "hlox/Dialect/Library/IR/LibraryOps.h"
#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Transforms/DialectConversion.h"

#define DEBUG_TYPE "convert-stablehlo-to-linalg"

namespace hlox {
#define GEN_PASS_DEF_CONVERTSTABLEHLOTOLINALG
#include "hlox/Conversion/Passes.h.inc"
} // namespace hlox

using namespace mlir;
using namespace hlox;
namespace shlo = hlox::stablehlo;

void hlox::populateStablehloToLinalgPatterns(RewritePatternSet &patterns,
                                             const TypeConverter &converter) {
  lowering::populatePointwisePatterns(patterns, converter);
  lowering::populateDataMovementPatterns(patterns, converter);
  lowering::populateReductionPatterns(patterns, converter);
  lowering::populateContractionPatterns(patterns, converter);
  lowering::populateGatherScatterPatterns(patterns, converter);
  lowering::populateControlFlowPatterns(patterns, converter);
  lowering::populateSortPatterns(patterns, converter);
  lowering::populateLinearAlgebraPatterns(patterns, converter);
  lowering::populateRandomPatterns(patterns, converter);
  lowering::populateCollectivePatterns(patterns, converter);
  lowering::populateBroadcastingPatterns(patterns, converter);
  lowering::populateNormalizationPatterns(patterns, converter);
  populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                 converter);
  populateCallOpTypeConversionPattern(patterns, converter);
  populateReturnOpTypeConversionPattern(patterns, converter);
}

void hlox::configureStablehloToLinalgTarget(ConversionTarget &target,
                                            const TypeConverter &converter) {
  target.addLegalDialect<arith::ArithDialect, complex::ComplexDialect,
                         linalg::LinalgDialect, math::MathDialect,
                         scf::SCFDialect, tensor::TensorDialect>();
  target.addIllegalDialect<shlo::StableHLODialect, chlo::CHLODialect>();
  target.addLegalDialect<check::CheckDialect, special::SpecialDialect>();
  // Library ops stay for the host program, which runs them as commands.
  target.addLegalDialect<library::LibraryDialect>();
  // Custom calls stay: the host runs them (checks, and the functions
  // registered as their targets). So does rng: its draws are sequential,
  // from the run's random engine.
  target.addLegalOp<shlo::CustomCallOp, shlo::RngOp>();
  target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp op) {
    return converter.isSignatureLegal(op.getFunctionType()) &&
           converter.isLegal(&op.getBody());
  });
  target.addDynamicallyLegalOp<func::CallOp, func::ReturnOp>(
      [&](Operation *op) { return converter.isLegal(op); });
  target.addLegalOp<UnrealizedConversionCastOp>();
}

namespace {

class ConvertStablehloToLinalgPass
    : public hlox::impl::ConvertStablehloToLinalgBase<
          ConvertStablehloToLinalgPass> {
public:
  void runOnOperation() override {
    StablehloTypeConverter converter;
    ConversionTarget target(getContext());
    configureStablehloToLinalgTarget(target, converter);
    RewritePatternSet patterns(&getContext());
    populateStablehloToLinalgPatterns(patterns, converter);
    // The driver's "failed to legalize operation" becomes a message that
    // says what happened in the user's words: the op has no lowering. An op
    // whose pattern already said why it cannot be lowered gets no second
    // message.
    llvm::DenseSet<Location> explained;
    ScopedDiagnosticHandler rename(&getContext(), [&](Diagnostic &diag) {
      if (diag.getSeverity() != DiagnosticSeverity::Error)
        return failure();
      std::string text = diag.str();
      StringRef message(text);
      if (!message.consume_front("failed to legalize operation '")) {
        explained.insert(diag.getLocation());
        return failure();
      }
      if (explained.contains(diag.getLocation()))
        return success();
      StringRef name = message.take_until([](char c) { return c == '\''; });
      emitError(diag.getLocation())
          << "cannot lower '" << name << "' to linalg";
      return success();
    });
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
