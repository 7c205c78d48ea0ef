//===- InitAll.cpp - Register hlox dialects and passes --------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/InitAll.h"

#include "hlox/Dialect/CHLO/IR/ChloOps.h"
#include "hlox/Dialect/Check/IR/CheckOps.h"
#include "hlox/Dialect/Interpreter/IR/InterpreterOps.h"
#include "hlox/Dialect/Library/IR/LibraryOps.h"
#include "hlox/Dialect/Sdy/IR/SdyOps.h"
#include "hlox/Dialect/Sdy/Transforms/Passes.h"
#include "hlox/Dialect/Special/IR/SpecialOps.h"
#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"
#include "hlox/Dialect/VHLO/IR/VhloOps.h"
#include "hlox/Dialect/VHLO/Serialization/Serialization.h"
#include "hlox/Dialect/VHLO/Transforms/Passes.h"
#include "hlox/Transforms/Passes.h"

#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Quant/IR/Quant.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Transforms/Passes.h"

void hlox::registerAllDialects(mlir::DialectRegistry &registry) {
  registry.insert<mlir::func::FuncDialect, mlir::quant::QuantDialect,
                  stablehlo::StableHLODialect, chlo::CHLODialect,
                  check::CheckDialect, interpreter::InterpreterDialect,
                  sdy::SdyDialect, special::SpecialDialect,
                  library::LibraryDialect, vhlo::VhloDialect>();
  mlir::func::registerInlinerExtension(registry);
}

void hlox::registerAllPasses() {
  mlir::registerCanonicalizerPass();
  mlir::registerCSEPass();
  mlir::registerInlinerPass();
  mlir::registerSymbolDCEPass();
  registerHloxPasses();
  sdy::registerSdyPasses();
  vhlo::registerVhloPasses();
  vhlo::registerSerializationPipelines();
}
