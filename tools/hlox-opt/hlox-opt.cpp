//===- hlox-opt.cpp - mlir-opt for hlox's dialects -------------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Parses, verifies, transforms and prints programs in the StableHLO, CHLO,
// check and interpreter dialects, with mlir-opt's flags
// (--split-input-file, --verify-diagnostics, --mlir-print-op-generic, ...),
// and every pass of the CPU compiler's phases.
//
// Attributes of dialects hlox does not know (on functions, arguments,
// results, ops) parse and print as they are; an op or a type of such a
// dialect is an error (hlox-verify-known-dialects runs first), unless
// --allow-unregistered-dialect is given.
//
//===----------------------------------------------------------------------===//

#include "Serve.h"
#include "hlox/InitAll.h"
#include "hlox/Support/LegacyText.h"
#include "hlox/Target/CPU/Compiler.h"
#include "hlox/Target/CUDA/Compiler.h"
#include "hlox/Transforms/Passes.h"

#include "mlir/Bytecode/BytecodeReader.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

static int optMain(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  mlir::DialectRegistry registry;
  hlox::registerAllDialects(registry);
  hlox::registerAllPasses();
  hlox::cpu::registerCompilerDialects(registry);
  hlox::cpu::registerCompilerPasses();
  hlox::cuda::registerCompilerDialects(registry);
  hlox::cuda::registerCompilerPasses();
  auto [inputFilename, outputFilename] = mlir::registerAndParseCLIOptions(
      argc, argv, "hlox optimizer driver\n", registry);
  mlir::MlirOptMainConfig config =
      mlir::MlirOptMainConfig::createFromCLOptions();
  if (config.shouldShowDialects() || config.shouldListPasses() ||
      config.shouldAllowUnregisteredDialects())
    return mlir::asMainReturnCode(mlir::MlirOptMain(
        argc, argv, inputFilename, outputFilename, registry));
  // Unknown dialects parse, so that their attributes survive; their ops and
  // types are rejected before any other pass.
  mlir::MlirOptMainConfig given = config;
  config.allowUnregisteredDialects(true);
  config.setPassPipelineSetupFn([given](mlir::PassManager &pm) {
    pm.addPass(hlox::createHloxVerifyKnownDialects());
    return given.setupPassPipeline(pm);
  });
  std::string error;
  auto file = mlir::openInputFile(inputFilename, &error);
  if (!file) {
    llvm::errs() << error << "\n";
    return 1;
  }
  // Text in forms that older MLIR wrote, in today's (same lines).
  if (std::optional<std::string> upgraded =
          mlir::isBytecode(*file) ? std::nullopt
                                  : hlox::upgradeLegacyText(file->getBuffer()))
    file = llvm::MemoryBuffer::getMemBufferCopy(*upgraded,
                                                file->getBufferIdentifier());
  auto output = mlir::openOutputFile(outputFilename, &error);
  if (!output) {
    llvm::errs() << error << "\n";
    return 1;
  }
  if (mlir::failed(mlir::MlirOptMain(output->os(), std::move(file), registry,
                                     config)))
    return 1;
  output->keep();
  return 0;
}

int main(int argc, char **argv) {
  if (hlox::tools::isServeRequest(argc, argv))
    return hlox::tools::serveRequests(argv[0], optMain);
  return optMain(argc, argv);
}
