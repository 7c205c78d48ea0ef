//===- hlox-translate.cpp - Portable artifacts in and out ----------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// hlox-translate --serialize --target=X.Y.Z IN -o OUT
//   writes a StableHLO program (text or bytecode) as a portable artifact:
//   MLIR bytecode of the vhlo dialect that StableHLO X.Y.Z reads ("current"
//   for the newest this build knows). An op that X.Y.Z cannot express is an
//   error naming it.
// hlox-translate --deserialize IN
//   reads a portable artifact of any version from 0.9.0 and prints it as
//   StableHLO text; --print-stablehlo-version first prints the version the
//   artifact was written for.
//
//===----------------------------------------------------------------------===//

#include "hlox/Dialect/VHLO/Serialization/Serialization.h"
#include "hlox/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace mlir;
namespace cl = llvm::cl;

static cl::opt<std::string> inputFilename(cl::Positional,
                                          cl::desc("<input file>"),
                                          cl::init("-"));
static cl::opt<std::string> outputFilename("o", cl::desc("Output file"),
                                           cl::value_desc("filename"),
                                           cl::init("-"));
static cl::opt<bool> serialize(
    "serialize", cl::desc("Write the program as a portable artifact"));
static cl::opt<bool> deserialize(
    "deserialize",
    cl::desc("Read a portable artifact and print it as StableHLO"));
static cl::opt<std::string> target(
    "target",
    cl::desc("StableHLO version to serialize for: X.Y.Z or 'current'"));
static cl::opt<bool> stripDebuginfo(
    "strip-debuginfo", cl::desc("Drop locations before serializing"));
static cl::opt<bool> printVersion(
    "print-stablehlo-version",
    cl::desc("With --deserialize: first print the StableHLO version the "
             "artifact was written for"));
static cl::opt<bool> verifyDiagnostics(
    "verify-diagnostics",
    cl::desc("Check the diagnostics against expected-* comments in the "
             "input"));

static LogicalResult translate(llvm::SourceMgr &sourceMgr,
                               MLIRContext &context, raw_ostream &os) {
  if (deserialize) {
    if (printVersion) {
      std::optional<hlox::vhlo::Version> version =
          hlox::vhlo::getPortableArtifactVersion(
              sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID())
                  ->getBuffer());
      if (version)
        os << "// Reading portable artifact with StableHLO version: "
           << version->str() << "\n";
      else
        os << "// Failed parsing StableHLO version from portable artifact\n";
    }
    OwningOpRef<ModuleOp> module =
        hlox::vhlo::readPortableArtifact(sourceMgr, &context);
    if (!module)
      return failure();
    module->print(os);
    os << "\n";
    return success();
  }
  OwningOpRef<ModuleOp> module = hlox::vhlo::parseSource(sourceMgr, &context);
  if (!module)
    return failure();
  if (stripDebuginfo) {
    PassManager pm(&context);
    pm.addPass(createStripDebugInfoPass());
    if (failed(pm.run(*module)))
      return failure();
  }
  return hlox::vhlo::serializePortableArtifact(*module, target, os);
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::ParseCommandLineOptions(argc, argv,
                              "hlox portable artifact translator\n");
  if (serialize == deserialize) {
    llvm::errs() << "error: give exactly one of --serialize, --deserialize\n";
    return 1;
  }
  if (serialize && target.empty()) {
    llvm::errs() << "error: --serialize needs --target=X.Y.Z or "
                    "--target=current\n";
    return 1;
  }

  DialectRegistry registry;
  hlox::registerAllDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();

  std::string error;
  auto file = openInputFile(inputFilename, &error);
  if (!file) {
    llvm::errs() << error << "\n";
    return 1;
  }
  auto output = openOutputFile(outputFilename, &error);
  if (!output) {
    llvm::errs() << error << "\n";
    return 1;
  }
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  if (verifyDiagnostics) {
    SourceMgrDiagnosticVerifierHandler handler(sourceMgr, &context);
    (void)translate(sourceMgr, context, output->os());
    if (failed(handler.verify()))
      return 1;
    output->keep();
    return 0;
  }
  SourceMgrDiagnosticHandler handler(sourceMgr, &context);
  if (failed(translate(sourceMgr, context, output->os())))
    return 1;
  output->keep();
  return 0;
}
