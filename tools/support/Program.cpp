//===- Program.cpp - Picking and specializing the function to run --------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "Program.h"

#include "hlox/Dialect/VHLO/Serialization/Serialization.h"
#include "hlox/InitAll.h"
#include "hlox/Target/CPU/Compiler.h"
#include "hlox/Transforms/KnownDialects.h"

#include "mlir/Parser/Parser.h"

#include "mlir/IR/DialectRegistry.h"

using namespace mlir;
using namespace hlox;

std::unique_ptr<MLIRContext> hlox::tools::createToolContext() {
  DialectRegistry registry;
  registerAllDialects(registry);
  cpu::registerCompilerDialects(registry);
  auto context = std::make_unique<MLIRContext>(registry);
  context->loadAllAvailableDialects();
  context->allowUnregisteredDialects(true);
  context->printOpOnDiagnostic(false);
  return context;
}

OwningOpRef<ModuleOp> hlox::tools::parseProgram(llvm::SourceMgr &sourceMgr,
                                                MLIRContext *context) {
  // Text or bytecode; a portable artifact (VHLO) becomes StableHLO.
  OwningOpRef<ModuleOp> module =
      vhlo::readPortableArtifact(sourceMgr, context);
  if (module && failed(verifyKnownDialects(*module)))
    return {};
  return module;
}

func::FuncOp hlox::tools::pickFunction(ModuleOp module, StringRef name) {
  if (!name.empty())
    return module.lookupSymbol<func::FuncOp>(name);
  if (auto main = module.lookupSymbol<func::FuncOp>("main"))
    return main;
  auto functions = module.getOps<func::FuncOp>();
  if (llvm::hasSingleElement(functions))
    return *functions.begin();
  return {};
}

void hlox::tools::reportNoFunction(ModuleOp module, StringRef name) {
  if (!name.empty())
    module.emitError("no function named @") << name;
  else if (module.getOps<func::FuncOp>().empty())
    module.emitError("no function to run");
  else
    module.emitError("no @main and more than one function; pick one with "
                     "--function");
}

void hlox::tools::appendSignature(const eval::Tensor &argument,
                                  SmallVectorImpl<RankedTensorType> &types,
                                  SmallVectorImpl<Attribute> &values) {
  // Dimension arguments come first (JAX's convention); a 0-d integer after
  // an array argument is data.
  bool leading = llvm::all_of(values, [](Attribute v) { return bool(v); });
  types.push_back(argument.getType());
  values.push_back(leading && argument.getRank() == 0 &&
                           isa<IntegerType>(argument.getElementType())
                       ? Attribute(argument.toAttr())
                       : Attribute());
}
